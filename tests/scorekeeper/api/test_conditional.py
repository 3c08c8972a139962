"""Conditional requests (issue 28): an ETag on every JSON read and a 304 where the client holds
it; each deal of the standings with its id and revision; If-Match in place of the body's
revision on amend, void and confirm, a deal changed since being a 412."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from scorekeeper.games import confirmations
from scorekeeper.models import Game
from scorekeeper.nights.demo import SAMPLE_DEALS

pytestmark = pytest.mark.django_db


def standings(api: APIClient, game: Game, **headers: str) -> Any:
    return api.get(reverse("api_game_standings", args=[game.pk]), headers=headers)


def record(api: APIClient, game: Game, n: int) -> dict[str, Any]:
    answer = api.post(
        reverse("api_game_deals", args=[game.pk]), {"deal": SAMPLE_DEALS[n]}, format="json"
    )
    assert answer.status_code == 201, answer.content
    return dict(answer.json())


def test_a_read_the_client_holds_is_a_304_until_something_changes(
    api: APIClient, bridge_game: Game
) -> None:
    record(api, bridge_game, 0)
    first = standings(api, bridge_game)
    tag = first["ETag"]
    assert first.status_code == 200 and tag.startswith('W/"')
    held = standings(api, bridge_game, **{"If-None-Match": tag})
    assert held.status_code == 304 and held.content == b"" and held["ETag"] == tag
    assert standings(api, bridge_game, **{"If-None-Match": f'"other", {tag}'}).status_code == 304
    record(api, bridge_game, 1)
    changed = standings(api, bridge_game, **{"If-None-Match": tag})
    assert changed.status_code == 200 and changed["ETag"] != tag
    # The same answer said in another language is another answer.
    swedish = standings(api, bridge_game, **{"Accept-Language": "sv"})
    assert swedish["ETag"] != changed["ETag"]


@pytest.mark.parametrize("name", ["api_game", "api_night", "api_nights", "api_players"])
def test_the_games_nights_and_lists_are_tagged_too(
    api: APIClient, bridge_game: Game, name: str
) -> None:
    args = {"api_game": [bridge_game.pk], "api_night": [bridge_game.night.pk]}.get(name, [])
    url = reverse(name, args=args)
    tag = api.get(url)["ETag"]
    assert api.get(url, headers={"If-None-Match": tag}).status_code == 304


def test_each_deal_of_the_standings_carries_its_id_and_revision(
    api: APIClient, bridge_game: Game
) -> None:
    entry = record(api, bridge_game, 0)
    (deal,) = standings(api, bridge_game).json()["deals"]
    assert (deal["deal"], deal["revision"]) == (entry["id"], entry["id"])
    amended = api.post(
        reverse("api_deal_amend", args=[bridge_game.pk, deal["deal"]]),
        {"deal": SAMPLE_DEALS[1], "note": "recounted"},
        format="json",
        headers={"If-Match": f'"{deal["revision"]}"'},
    )
    assert amended.status_code == 201, amended.content
    (again,) = standings(api, bridge_game).json()["deals"]
    assert (again["deal"], again["revision"]) == (deal["deal"], amended.json()["id"])


def test_if_match_on_a_deal_changed_since_is_a_412_and_nothing_is_written(
    api: APIClient, bridge_game: Game
) -> None:
    entry = record(api, bridge_game, 0)
    url = reverse("api_deal_void", args=[bridge_game.pk, entry["id"]])
    amend = reverse("api_deal_amend", args=[bridge_game.pk, entry["id"]])
    body = {"deal": SAMPLE_DEALS[1], "revision": entry["id"]}
    assert api.post(amend, body, format="json").status_code == 201
    stale = api.post(url, {"note": "x"}, format="json", headers={"If-Match": f'"{entry["id"]}"'})
    assert stale.status_code == 412
    assert (stale.json()["code"], stale.json()["field"]) == ("precondition_failed", "If-Match")
    # The body's revision says the same as it always did.
    said = api.post(url, {"note": "x", "revision": entry["id"]}, format="json")
    assert said.status_code == 409 and said.json()["code"] == "conflict"
    assert bridge_game.entries.filter(kind="void").count() == 0


@pytest.mark.parametrize(
    ("header", "body", "field"),
    [
        ('"abc"', {}, "If-Match"),
        ("*", {}, "If-Match"),
        ('"1"', {"revision": 2}, "revision"),
    ],
)
def test_an_if_match_that_names_no_one_revision_is_refused(
    api: APIClient, bridge_game: Game, header: str, body: dict[str, Any], field: str
) -> None:
    entry = record(api, bridge_game, 0)
    url = reverse("api_deal_void", args=[bridge_game.pk, entry["id"]])
    refused = api.post(url, {"note": "", **body}, format="json", headers={"If-Match": header})
    assert refused.status_code == 400 and refused.json()["field"] == field


def test_a_confirmation_takes_its_revision_from_if_match(
    api: APIClient, alice: Any, bridge_game: Game
) -> None:
    confirmations.night_ask_confirmations(night=bridge_game.night, by=alice, on=True)
    answer = api.post(
        reverse("api_game_deals", args=[bridge_game.pk]),
        {"deal": SAMPLE_DEALS[0], "seat": 0},
        format="json",
    )
    assert answer.status_code == 201, answer.content
    (deal,) = standings(api, bridge_game).json()["deals"]
    seat = deal["confirmers"][0]
    confirmed = api.post(
        reverse("api_deal_confirm", args=[bridge_game.pk, deal["deal"]]),
        {"seat": seat},
        format="json",
        headers={"If-Match": f'W/"{deal["revision"]}"'},
    )
    assert confirmed.status_code == 201, confirmed.content
    assert standings(api, bridge_game).json()["unconfirmed"] == []
