"""/api/v1/nights/: alice's game nights, and who may record in them."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from scorekeeper.models import Game, Night
from scorekeeper.nights.demo import SAMPLE_DEALS
from tests.factories import NightFactory

LIST = reverse("api_nights")


def detail(night: Night) -> str:
    return reverse("api_night", args=[night.pk])


def recorders(night: Night) -> str:
    return reverse("api_night_recorders", args=[night.pk])


def refused(response: Any, *, code: str, field: str | None, status: int = 400) -> str:
    """Check the one error shape of the API and return its sentence."""
    assert response.status_code == status, response.content
    body = response.json()
    assert (body["code"], body["field"]) == (code, field)
    assert isinstance(body["message"], str) and len(body["message"].split()) >= 3
    return str(body["message"])


def as_user(user: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


# /api/v1/nights/ --------------------------------------------------------------------------------


def test_alice_lists_her_nights_newest_first(api: APIClient, night: Night, alice: Any) -> None:
    older = NightFactory(owner=alice, date=datetime.date(2020, 1, 1), place="")
    response = api.get(LIST)
    assert response.status_code == 200
    assert [n["id"] for n in response.json()] == [night.pk, older.pk]
    assert response.json()[1] == {
        "id": older.pk,
        "date": "2020-01-01",
        "place": "",
        "notes": "",
        "owner": "alice",
        "club": None,
    }


def test_bob_lists_the_night_he_records_in(night: Night, bob: Any) -> None:
    assert [n["id"] for n in as_user(bob).get(LIST).json()] == [night.pk]


def test_carol_lists_no_nights(night: Night, carol: Any) -> None:
    assert as_user(carol).get(LIST).json() == []


def test_alice_starts_a_night(api: APIClient, alice: Any) -> None:
    response = api.post(LIST, {"date": "2025-12-24", "place": "The pub"})
    assert response.status_code == 201
    night = Night.objects.get()
    assert response.json() == {
        "id": night.pk,
        "date": "2025-12-24",
        "place": "The pub",
        "notes": "",
        "confirmations": False,
        "owner": "alice",
        "recorders": [],
        "games": [],
        "club": None,
    }
    assert night.owner == alice


@pytest.mark.parametrize(
    ("body", "field"),
    [
        pytest.param({}, "date", id="no-date"),
        pytest.param({"date": "24/12/2025"}, "date", id="date-in-another-format"),
        pytest.param({"date": "2025-02-30"}, "date", id="no-such-day"),
        pytest.param({"date": 20251224}, "date", id="date-a-number"),
        pytest.param({"date": "2025-12-24", "place": "x" * 101}, "place", id="place-too-long"),
        pytest.param({"date": "2025-12-24", "notes": ["a", "b"]}, "notes", id="notes-a-list"),
    ],
)
def test_it_refuses_a_bad_night(api: APIClient, body: dict[str, Any], field: str) -> None:
    refused(api.post(LIST, body), code="invalid", field=field)
    assert not Night.objects.exists()


def test_it_refuses_a_body_that_is_not_an_object(api: APIClient) -> None:
    refused(api.post(LIST, ["2025-12-24"]), code="invalid", field=None)


def test_it_refuses_malformed_json(api: APIClient) -> None:
    response = api.post(LIST, data="date=2025-12-24", content_type="application/json")
    refused(response, code="parse_error", field=None)


def test_it_refuses_a_body_that_is_not_json(api: APIClient) -> None:
    response = api.post(LIST, data="<night/>", content_type="application/xml")
    refused(response, code="unsupported_media_type", field=None, status=415)


def test_nobody_signed_out_sees_nights(anonymous_api: APIClient, night: Night) -> None:
    for response in (anonymous_api.get(LIST), anonymous_api.get(detail(night))):
        assert response.status_code == 401
        assert response.json()["code"] == "not_authenticated"


# /api/v1/nights/<id>/ ---------------------------------------------------------------------------


def test_alice_reads_her_night_with_its_games(api: APIClient, bridge_game: Game) -> None:
    night = bridge_game.night
    body = api.get(detail(night)).json()
    assert (body["owner"], body["recorders"]) == ("alice", ["bob"])
    (game,) = body["games"]
    assert (game["id"], game["game"], game["name"]) == (
        bridge_game.pk,
        "bridge-rummy",
        "Bridge Rummy",
    )
    assert [s["player"]["name"] for s in game["seats"]] == ["Mary", "Tom", "Dick", "Alice"]
    assert [s["seat"] for s in game["seats"]] == [0, 1, 2, 3]


def test_bob_reads_the_night(night: Night, bob: Any) -> None:
    assert as_user(bob).get(detail(night)).status_code == 200


def test_carol_gets_404_for_alices_night(night: Night, carol: Any) -> None:
    refused(as_user(carol).get(detail(night)), code="not_found", field=None, status=404)


def test_a_night_that_does_not_exist_is_404(api: APIClient) -> None:
    refused(api.get(reverse("api_night", args=[999])), code="not_found", field=None, status=404)


def test_nights_cannot_be_deleted(api: APIClient, night: Night) -> None:
    refused(api.delete(detail(night)), code="method_not_allowed", field=None, status=405)
    assert Night.objects.filter(pk=night.pk).exists()


# /api/v1/nights/<id>/recorders/ -----------------------------------------------------------------


def test_alice_lets_carol_record(api: APIClient, night: Night, carol: Any) -> None:
    response = api.post(recorders(night), {"username": "Carol"})
    assert response.status_code == 201
    assert response.json()["recorders"] == ["bob", "carol"]
    assert as_user(carol).get(detail(night)).status_code == 200


def test_bob_cannot_add_recorders(night: Night, bob: Any, carol: Any) -> None:
    response = as_user(bob).post(recorders(night), {"username": "carol"})
    message = refused(response, code="permission_denied", field=None, status=403)
    assert message == "Only the night's owner may add people who record."
    assert not night.recorders.filter(pk=carol.pk).exists()


def test_carol_cannot_add_herself_to_alices_night(night: Night, carol: Any) -> None:
    response = as_user(carol).post(recorders(night), {"username": "carol"})
    refused(response, code="not_found", field=None, status=404)
    assert not night.recorders.filter(pk=carol.pk).exists()


@pytest.mark.parametrize(
    ("body", "says"),
    [
        pytest.param({"username": "dave"}, "There is no account called 'dave'.", id="no-account"),
        pytest.param({"username": "alice"}, "The owner can already record.", id="the-owner"),
        pytest.param({}, "username: This field is required.", id="missing"),
        pytest.param({"username": ""}, "username: This field may not be blank.", id="blank"),
    ],
)
def test_it_refuses_a_recorder(
    api: APIClient, night: Night, body: dict[str, Any], says: str
) -> None:
    assert refused(api.post(recorders(night), body), code="invalid", field="username") == says


# /api/v1/nights/<id>/recorders/<username>/ ------------------------------------------------------


def recorder(night: Night, username: str) -> str:
    return reverse("api_night_recorder", args=[night.pk, username])


def test_alice_stops_bob_recording(api: APIClient, night: Night, bob: Any) -> None:
    response = api.delete(recorder(night, "bob"))
    assert response.status_code == 204, response.content
    assert response.content == b""
    assert not night.recorders.filter(pk=bob.pk).exists()
    refused(as_user(bob).get(detail(night)), code="not_found", field=None, status=404)


def test_the_name_is_matched_in_any_case(api: APIClient, night: Night) -> None:
    assert api.delete(recorder(night, "BOB")).status_code == 204
    assert not night.recorders.exists()


def test_what_bob_recorded_stays_in_the_ledger(api: APIClient, bridge_game: Game, bob: Any) -> None:
    deals = reverse("api_game_deals", args=[bridge_game.pk])
    assert as_user(bob).post(deals, {"deal": SAMPLE_DEALS[0]}).status_code == 201
    assert api.delete(recorder(bridge_game.night, "bob")).status_code == 204
    assert [e["recorded_by"] for e in api.get(deals).json()] == ["bob"]


def test_bob_cannot_remove_recorders(night: Night, bob: Any, carol: Any) -> None:
    night.recorders.add(carol)
    response = as_user(bob).delete(recorder(night, "carol"))
    message = refused(response, code="permission_denied", field=None, status=403)
    assert message == "Only the night's owner may remove people who record."
    assert night.recorders.filter(pk=carol.pk).exists()


def test_carol_gets_404_removing_from_alices_night(night: Night, bob: Any, carol: Any) -> None:
    response = as_user(carol).delete(recorder(night, "bob"))
    refused(response, code="not_found", field=None, status=404)
    assert night.recorders.filter(pk=bob.pk).exists()


def test_nobody_signed_out_removes_recorders(
    anonymous_api: APIClient, night: Night, bob: Any
) -> None:
    response = anonymous_api.delete(recorder(night, "bob"))
    refused(response, code="not_authenticated", field=None, status=401)
    assert night.recorders.filter(pk=bob.pk).exists()


@pytest.mark.parametrize(
    ("username", "says"),
    [
        pytest.param("carol", "'carol' does not record in this night.", id="not-a-recorder"),
        pytest.param("dave", "'dave' does not record in this night.", id="no-account"),
        pytest.param("alice", "'alice' does not record in this night.", id="the-owner"),
    ],
)
def test_it_refuses_someone_who_does_not_record(
    api: APIClient, night: Night, carol: Any, username: str, says: str
) -> None:
    response = api.delete(recorder(night, username))
    assert refused(response, code="invalid", field="username") == says
    assert list(night.recorders.values_list("username", flat=True)) == ["bob"]


@pytest.mark.parametrize(
    ("username", "says"),
    [
        pytest.param("b\x00b", "username: Null characters are not allowed.", id="a-nul"),
        pytest.param(
            "b" * 151,
            "username: Ensure this field has no more than 150 characters.",
            id="longer-than-any-username",
        ),
    ],
)
def test_it_refuses_a_name_no_account_can_have(
    api: APIClient, night: Night, username: str, says: str
) -> None:
    """Checked before any query: PostgreSQL cannot take a NUL in one (it was a 500)."""
    response = api.delete(recorder(night, username))
    assert refused(response, code="invalid", field="username") == says
    assert night.recorders.exists()


def test_recorders_are_removed_only_by_delete(api: APIClient, night: Night) -> None:
    for response in (api.get(recorder(night, "bob")), api.post(recorder(night, "bob"))):
        refused(response, code="method_not_allowed", field=None, status=405)
    assert night.recorders.exists()


# PATCH /api/v1/nights/{id}/: how the night keeps score, from now on (issue 26) ------------------


def _knock_rummy_to_its_end(api: APIClient, night: Night) -> Game:
    """Knock Rummy for Ann and Ben through the API: two hands, then the table ends it."""
    from adjudicator.games import get_game
    from tests.factories import PlayerFactory

    ids = [PlayerFactory(owner=night.owner, name=name).pk for name in ("Ann", "Ben")]
    started = api.post(
        reverse("api_night_games", args=[night.pk]), {"game": "knock-rummy", "players": ids}
    )
    game = Game.objects.get(pk=started.json()["id"])
    definition = get_game("knock-rummy")
    options = definition.options(game.options)
    for number in (1, 2):
        deal = definition.sample_deal(players=2, options=options, number=number)
        recorded = api.post(reverse("api_game_deals", args=[game.pk]), {"deal": deal})
        assert recorded.status_code == 201, recorded.content
    assert api.post(reverse("api_game_end", args=[game.pk])).status_code == 200
    return game


def test_turning_confirmations_on_after_a_game_ended_leaves_it_over(
    api: APIClient, night: Night, alice: Any, openapi: dict[str, Any]
) -> None:
    """Issue 26, item 1: an ended Knock Rummy game then read "Game over: Ben wins, up 36. The
    game ends once the other side confirms hands 1, 2."."""
    from tests.scorekeeper.test_conformance import check_against_schema

    game = _knock_rummy_to_its_end(api, night)
    standings = reverse("api_game_standings", args=[game.pk])
    before = api.get(standings).json()
    assert before["status"].startswith("Game over") and before["unconfirmed"] == []

    answer = api.patch(detail(night), {"confirmations": True}, format="json")
    assert answer.status_code == 200, answer.content
    assert answer.json()["confirmations"] is True
    check_against_schema(openapi, "/api/v1/nights/{id}/", "patch", 200, answer.json())
    after = api.get(standings).json()
    assert after == {**before, "asks_confirmation": True}
    assert "confirms" not in after["status"] and after["finished"]
    ledger = api.get(reverse("api_game_deals", args=[game.pk])).json()
    check_against_schema(openapi, "/api/v1/games/{id}/deals/", "get", 200, ledger)
    assert ledger[-1]["kind"] == "setting" and ledger[-1]["data"] == {"confirmations": True}
    assert ledger[-1]["recorded_by"] == "alice" and ledger[-1]["seat"] is None

    # Set again: nothing is written. Off again: the game reads as it did before.
    assert api.patch(detail(night), {"confirmations": True}, format="json").status_code == 200
    assert len(api.get(reverse("api_game_deals", args=[game.pk])).json()) == len(ledger)
    api.patch(detail(night), {"confirmations": False}, format="json")
    assert api.get(standings).json() == before


def test_a_hand_recorded_after_it_waits_and_needs_its_recorder(
    api: APIClient, bridge_game: Game
) -> None:
    deals = reverse("api_game_deals", args=[bridge_game.pk])
    first = api.post(deals, {"deal": SAMPLE_DEALS[0]}, format="json").json()
    api.patch(detail(bridge_game.night), {"confirmations": True}, format="json")
    missing = api.post(deals, {"deal": SAMPLE_DEALS[1]}, format="json")
    refused(missing, code="invalid", field="seat")
    second = api.post(deals, {"deal": SAMPLE_DEALS[1], "seat": 0}, format="json")
    assert second.status_code == 201, second.content
    body = api.get(reverse("api_game_standings", args=[bridge_game.pk])).json()
    assert body["asks_confirmation"] is True and body["unconfirmed"] == [2]
    assert [d["confirmers"] for d in body["deals"]] == [[], [1, 2, 3]]
    confirm = reverse("api_deal_confirm", args=[bridge_game.pk, first["deal"]])
    before = api.post(confirm, {"seat": 1, "revision": first["id"]}, format="json")
    refused(before, code="invalid", field="deal")


def test_only_the_owner_patches_and_a_refusal_writes_nothing(
    bridge_game: Game, bob: Any, carol: Any
) -> None:
    from scorekeeper.games import services as game_services

    game_services.deal_record(game=bridge_game, by=bob, data=SAMPLE_DEALS[0])
    answer = as_user(bob).patch(detail(bridge_game.night), {"confirmations": True}, format="json")
    assert answer.status_code == 403
    assert (
        as_user(carol).patch(detail(bridge_game.night), {"confirmations": True}).status_code == 404
    )
    bridge_game.night.refresh_from_db()
    assert not bridge_game.night.confirmations
    assert list(bridge_game.entries.values_list("kind", flat=True)) == ["record"]


def test_the_schema_says_what_the_setting_changes_before_it_is_sent(
    openapi: dict[str, Any],
) -> None:
    field = openapi["components"]["schemas"]["PatchedNightSettingsInRequest"]["properties"][
        "confirmations"
    ]
    assert "a game already over stays over" in field["description"]
    assert "deals already recorded count as they are" in field["description"]
    patch = openapi["paths"]["/api/v1/nights/{id}/"]["patch"]
    assert "deals recorded before count as they are" in patch["description"]
