"""/api/v1/nights/<id>/games/, /api/v1/games/<id>/ and /api/v1/game-types/: starting games."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from scorekeeper.games import services as game_services
from scorekeeper.models import Game, Night, Player
from scorekeeper.nights.demo import SAMPLE_DEALS
from tests.factories import PlayerFactory

NAMES = ("Mary", "Tom", "Dick", "Alice")
LEAVE_OUT = object()  # in a table of bodies: drop this key
ONE = object()  # in a table of bodies: seat only Mary


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


def start(night: Night) -> str:
    return reverse("api_night_games", args=[night.pk])


@pytest.fixture
def players(alice: Any) -> list[Player]:
    return [PlayerFactory(owner=alice, name=name) for name in NAMES]


@pytest.fixture
def ids(players: list[Player]) -> list[int]:
    return [p.pk for p in players]


# Starting a game --------------------------------------------------------------------------------


def test_alice_starts_bridge_rummy_with_a_house_rule(
    api: APIClient, night: Night, ids: list[int]
) -> None:
    body = {"game": "bridge-rummy", "players": ids, "options": {"ace_low_value": 1}}
    response = api.post(start(night), body)
    assert response.status_code == 201
    game = Game.objects.get()
    data = response.json()
    assert (data["id"], data["night"], data["game"], data["name"]) == (
        game.pk,
        night.pk,
        "bridge-rummy",
        "Bridge Rummy",
    )
    assert data["options"]["ace_low_value"] == 1
    assert data["options"]["tie_break"] == "none"
    assert [(s["seat"], s["player"]["name"]) for s in data["seats"]] == list(enumerate(NAMES))


def test_bob_starts_a_game_in_alices_night(night: Night, bob: Any, ids: list[int]) -> None:
    response = as_user(bob).post(start(night), {"game": "bridge-rummy", "players": ids[:2]})
    assert response.status_code == 201
    assert Game.objects.get().created_by == bob


def test_carol_gets_404_starting_a_game_in_alices_night(
    night: Night, carol: Any, ids: list[int]
) -> None:
    response = as_user(carol).post(start(night), {"game": "bridge-rummy", "players": ids})
    refused(response, code="not_found", field=None, status=404)
    assert not Game.objects.exists()


@pytest.mark.parametrize(
    ("body", "code", "field"),
    [
        pytest.param({"game": LEAVE_OUT}, "invalid", "game", id="no-game"),
        pytest.param({"game": "canasta"}, "invalid", "game", id="unknown-game"),
        pytest.param({"game": 7}, "invalid", "game", id="game-a-number"),
        pytest.param({"players": LEAVE_OUT}, "invalid", "players", id="no-players"),
        pytest.param({"players": []}, "invalid", "players", id="no-one-seated"),
        pytest.param({"players": "Mary, Tom"}, "invalid", "players", id="players-a-string"),
        pytest.param({"players": ["Mary", "Tom"]}, "invalid", "players[0]", id="players-by-name"),
        pytest.param({"players": [999, 998]}, "invalid", "players", id="unknown-player-ids"),
        pytest.param({"players": [2**63]}, "invalid", "players[0]", id="id-of-2-to-the-63"),
        pytest.param({"players": [1, 10**30]}, "invalid", "players[1]", id="id-of-31-digits"),
        pytest.param({"players": [0]}, "invalid", "players[0]", id="id-zero"),
        pytest.param({"players": [-(2**63) - 1]}, "invalid", "players[0]", id="id-very-negative"),
        pytest.param({"players": ["9" * 5000]}, "invalid", "players[0]", id="id-of-5000-digits"),
        pytest.param({"players": ONE}, "bad_entry", "players", id="one-player"),
        pytest.param({"options": ["ace_low_value"]}, "invalid", "options", id="options-a-list"),
        pytest.param(
            {"options": {"jokers": 4}}, "unknown_option", "options.jokers", id="unknown-option"
        ),
        pytest.param(
            {"options": {"ace_low_value": "1"}},
            "bad_option",
            "options.ace_low_value",
            id="option-a-string-for-a-number",
        ),
        pytest.param(
            {"options": {"round_then_double": 1}},
            "bad_option",
            "options.round_then_double",
            id="option-a-number-for-a-bool",
        ),
        pytest.param(
            {"options": {"min_naturals_per_meld": 0}},
            "bad_option",
            "options.min_naturals_per_meld",
            id="option-below-its-minimum",
        ),
    ],
)
def test_it_refuses_a_game_it_cannot_start(
    api: APIClient, night: Night, ids: list[int], body: dict[str, Any], code: str, field: str
) -> None:
    full = {"game": "bridge-rummy", "players": ids, **body}
    full = {key: value for key, value in full.items() if value is not LEAVE_OUT}
    if full.get("players") is ONE:
        full["players"] = ids[:1]
    refused(api.post(start(night), full), code=code, field=field)
    assert not Game.objects.exists()


def test_it_refuses_malformed_json(api: APIClient, night: Night) -> None:
    response = api.post(
        start(night), data='{"game": "bridge-rummy",', content_type="application/json"
    )
    refused(response, code="parse_error", field=None)
    assert not Game.objects.exists()


def test_it_refuses_a_player_in_two_seats(api: APIClient, night: Night, ids: list[int]) -> None:
    response = api.post(start(night), {"game": "bridge-rummy", "players": [ids[0], ids[1], ids[0]]})
    assert refused(response, code="invalid", field="players") == "A player can take only one seat."


def test_it_refuses_carols_players_at_alices_table(
    api: APIClient, night: Night, carol: Any, ids: list[int]
) -> None:
    zed = PlayerFactory(owner=carol, name="Zed")
    response = api.post(start(night), {"game": "bridge-rummy", "players": [*ids[:2], zed.pk]})
    message = refused(response, code="invalid", field="players")
    assert message == f"No player with id {zed.pk} can join this night."


def test_it_refuses_six_at_a_bridge_rummy_table(api: APIClient, night: Night, alice: Any) -> None:
    six = [PlayerFactory(owner=alice).pk for _ in range(6)]
    response = api.post(start(night), {"game": "bridge-rummy", "players": six})
    message = refused(response, code="bad_entry", field="players")
    assert message == "Bridge Rummy is for 2 to 5 players, not 6."


# Reading a game ---------------------------------------------------------------------------------


def test_bob_reads_a_game(bridge_game: Game, bob: Any) -> None:
    response = as_user(bob).get(reverse("api_game", args=[bridge_game.pk]))
    assert response.status_code == 200
    assert response.json()["id"] == bridge_game.pk
    assert [s["player"]["name"] for s in response.json()["seats"]] == list(NAMES)


def test_carol_gets_404_for_alices_game(bridge_game: Game, carol: Any) -> None:
    response = as_user(carol).get(reverse("api_game", args=[bridge_game.pk]))
    refused(response, code="not_found", field=None, status=404)


def test_nobody_signed_out_reads_a_game(anonymous_api: APIClient, bridge_game: Game) -> None:
    response = anonymous_api.get(reverse("api_game", args=[bridge_game.pk]))
    assert response.status_code == 401
    assert response.json()["code"] == "not_authenticated"


# The games the engine knows ---------------------------------------------------------------------


def test_anyone_lists_the_game_types(anonymous_api: APIClient) -> None:
    response = anonymous_api.get(reverse("api_game_types"))
    assert response.status_code == 200
    bridge = next(g for g in response.json() if g["slug"] == "bridge-rummy")
    assert (bridge["name"], bridge["min_players"], bridge["max_players"]) == ("Bridge Rummy", 2, 5)
    assert bridge["lower_is_better"] is True
    options = {o["name"]: o for o in bridge["options"]}
    assert options["ace_low_value"]["choices"] == [10, 1]
    assert options["ace_low_value"]["rule"] == "R-1"
    assert options["tie_break"]["labels"] == ["Shared win", "Most stars wins"]
    assert (
        options["min_naturals_per_meld"]["minimum"],
        options["min_naturals_per_meld"]["maximum"],
    ) == (1, 3)
    assert set(bridge["questions"]) == {
        "meld",
        "initial-meld",
        "settle",
        "deadwood",
        "take-discard",
        "claim-joker",
        "joker-into-run",
        "go-out",
        "deal",
    }


def test_the_game_types_list_what_each_question_takes(anonymous_api: APIClient) -> None:
    # Enough for a script to build a desk form and ask: the fields, which are required, a sample.
    body = anonymous_api.get(reverse("api_game_types")).json()
    knock = next(g for g in body if g["slug"] == "knock-rummy")
    asked = {q["name"]: q for q in knock["question_inputs"]}
    assert list(asked) == list(knock["questions"])
    deadwood = asked["deadwood"]
    assert deadwood["summary"] == knock["questions"]["deadwood"]
    assert deadwood["takes_players"] is False
    table = deadwood["tables"][0]
    assert [(f["key"], f["kind"], f["required"]) for f in table["fields"]] == [
        ("cards", "cards", True),
        ("claimed", "count", False),
    ]
    settle = next(t for t in asked["settle"]["tables"] if t["players"] == 3)
    hands = next(f for f in settle["fields"] if f["key"] == "hands")
    assert hands["kind"] == "per_seat" and hands["required"] is True
    assert [e["key"] for e in hands["entries"]] == ["cards", "count"]
    gamblers = next(g for g in body if g["slug"] == "gamblers-rummy")
    ways = next(q for q in gamblers["question_inputs"] if q["name"] == "settle")["tables"][0]
    assert ways["ways"] and not any(
        f["required"] for f in ways["fields"] if any(f["key"] in w["fields"] for w in ways["ways"])
    )
    # The example answers when sent back as described.
    example = {**settle["example"], "players": 3}
    answered = anonymous_api.post(
        reverse("api_adjudicate", args=["knock-rummy", "settle"]), example, format="json"
    )
    assert answered.status_code == 200, answered.json()


def test_a_game_with_nothing_recorded_is_deleted(api: APIClient, bridge_game: Game) -> None:
    url = reverse("api_game", args=[bridge_game.pk])
    assert api.delete(url).status_code == 204
    assert api.get(url).status_code == 404


def test_a_game_with_deals_is_not_deleted(api: APIClient, bridge_game: Game, alice: Any) -> None:
    game_services.deal_record(game=bridge_game, by=alice, data=SAMPLE_DEALS[0])
    response = api.delete(reverse("api_game", args=[bridge_game.pk]))
    refused(response, code="game_has_entries", field=None, status=409)
    assert Game.objects.filter(pk=bridge_game.pk).exists()


def test_a_watcher_cannot_delete_a_game(bridge_game: Game, carol: Any) -> None:
    response = as_user(carol).delete(reverse("api_game", args=[bridge_game.pk]))
    assert response.status_code == 404
    assert Game.objects.filter(pk=bridge_game.pk).exists()
