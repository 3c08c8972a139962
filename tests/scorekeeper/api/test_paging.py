"""Lists a page at a time (issue 28): ?limit= and ?cursor=, the next page in a Link header,
the body the list it always was; a page asked later starts after its cursor's item whatever
was added before it; a limit or cursor that is not one is a 400 naming it."""

from __future__ import annotations

import datetime
import re
from typing import Any

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from scorekeeper.api import paging
from scorekeeper.models import Player
from scorekeeper.nights.demo import SAMPLE_DEALS
from tests.factories import NightFactory

pytestmark = pytest.mark.django_db


def walk(api: APIClient, url: str, limit: int) -> list[list[Any]]:
    """Every page of a list, following its Link headers."""
    pages = []
    answer = api.get(url, {"limit": limit})
    while True:
        assert answer.status_code == 200, answer.content
        pages.append(answer.json())
        link = answer.headers.get("Link")
        if link is None:
            return pages
        found = re.fullmatch(r'<([^>]+)>; rel="next"', link)
        assert found is not None, link
        answer = api.get(found.group(1))


def test_the_nights_come_a_page_at_a_time_newest_first(api: APIClient, alice: Any) -> None:
    for day in range(7):
        NightFactory(
            owner=alice, date=datetime.date(2026, 11, 1) + datetime.timedelta(days=day % 3)
        )
    whole = api.get(reverse("api_nights")).json()
    assert "Link" not in api.get(reverse("api_nights")).headers  # all on the first page
    pages = walk(api, reverse("api_nights"), 3)
    assert [len(p) for p in pages] == [3, 3, 1]
    assert [n["id"] for p in pages for n in p] == [n["id"] for n in whole]


def test_a_page_asked_later_starts_after_its_cursors_item(api: APIClient, alice: Any) -> None:
    for name in ("Ann", "Ben", "Cy", "Di"):
        Player.objects.create(owner=alice, name=name)
    first = api.get(reverse("api_players"), {"limit": 2})
    assert [p["name"] for p in first.json()] == ["Ann", "Ben"]
    Player.objects.create(owner=alice, name="Al")  # added before the cursor meanwhile
    later = api.get(re.search(r"<([^>]+)>", first["Link"]).group(1))  # type: ignore[union-attr]
    assert [p["name"] for p in later.json()] == ["Cy", "Di"]


def test_the_ledger_rulings_profiles_and_tokens_page_too(api: APIClient, bridge_game: Any) -> None:
    for deal in SAMPLE_DEALS[:3]:
        api.post(reverse("api_game_deals", args=[bridge_game.pk]), {"deal": deal}, format="json")
    pages = walk(api, reverse("api_game_deals", args=[bridge_game.pk]), 2)
    assert [len(p) for p in pages] == [2, 1]
    ids = [e["id"] for p in pages for e in p]
    assert ids == sorted(ids)
    for name in ("api_profiles", "api_tokens"):
        assert api.get(reverse(name), {"limit": 1}).status_code == 200
    rulings = reverse("api_night_rulings", args=[bridge_game.night.pk])
    assert api.get(rulings, {"limit": 1}).json() == []


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ({"limit": "0"}, "limit"),
        ({"limit": str(paging.MOST + 1)}, "limit"),
        ({"limit": "ten"}, "limit"),
        ({"cursor": "not a cursor"}, "cursor"),
        ({"cursor": paging._encoded(["x"])}, "cursor"),  # one value where two belong
        ({"cursor": paging._encoded(["nope", "nope"])}, "cursor"),  # words for a date and an id
        ({"cursor": paging._encoded(["2026-11-01", "x"])}, "cursor"),  # a word for an id
    ],
)
def test_a_limit_or_cursor_that_is_not_one_is_refused(
    api: APIClient, alice: Any, query: dict[str, str], field: str
) -> None:
    answer = api.get(reverse("api_nights"), query)
    assert answer.status_code == 400, answer.content
    assert answer.json()["field"] == field


def test_the_schema_says_which_lists_page(api: APIClient) -> None:
    schema = api.get(reverse("api_schema"), {"format": "json"}).json()
    paged = {
        op["operationId"]
        for ops in schema["paths"].values()
        for op in ops.values()
        if any(p["name"] == "cursor" for p in op.get("parameters", []))
    }
    assert paged == {
        "list_players",
        "list_nights",
        "list_ledger",
        "list_rulings",
        "list_profiles",
        "list_tokens",
        "list_clubs",
        "list_club_members",
        "list_club_players",
        "list_merges",
    }
