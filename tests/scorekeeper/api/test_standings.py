"""/api/v1/games/<id>/standings/: the running tally, replayed from the ledger on every read."""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from rest_framework.test import APIClient

from scorekeeper.models import Game
from scorekeeper.nights.demo import SAMPLE_DEALS, SAMPLE_PLAYERS, SAMPLE_TOTALS
from tests.factories import GameFactory

# Stars after each deal of the Sample Score Card: Mary went out in 1, 3, 5; Tom in 2, 6; Dick in 4.
SAMPLE_STARS = (
    (1, 0, 0, 0),
    (1, 1, 0, 0),
    (2, 1, 0, 0),
    (2, 1, 1, 0),
    (3, 1, 1, 0),
    (3, 2, 1, 0),
)
DEAL_7 = {
    "went_out": 0,
    "hands": [{"seat": 1, "held": 20}, {"seat": 2, "held": 30}, {"seat": 3, "not_down": True}],
}


def as_user(user: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def standings(client: APIClient, game: Game) -> dict[str, Any]:
    response = client.get(reverse("api_game_standings", args=[game.pk]))
    assert response.status_code == 200, response.content
    body: dict[str, Any] = response.json()
    return body


def stars_of(unit: dict[str, Any]) -> int:
    return next((int(m["count"]) for m in unit["marks"] if m["key"] == "stars"), 0)


def record(client: APIClient, game: Game, deal: dict[str, Any]) -> int:
    response = client.post(reverse("api_game_deals", args=[game.pk]), {"deal": deal})
    assert response.status_code == 201, response.content
    return int(response.json()["id"])


def test_a_game_with_no_deals(api: APIClient, bridge_game: Game) -> None:
    body = standings(api, bridge_game)
    assert body == {
        "game": bridge_game.pk,
        "status": "No deals yet; 7 to play, lowest total wins.",
        "finished": False,
        "ended": False,
        "can_end": False,
        "asks_confirmation": False,
        "unconfirmed": [],
        "lower_is_better": True,
        "end": {"kind": "fixed_deals", "deals": 7},
        "winners": [],
        "leaders": ["Mary", "Tom", "Dick", "Alice"],
        "units": [
            {
                "unit": i,
                "name": name,
                "seats": [i],
                "total": 0,
                "marks": [],
                "leader": True,
                "winner": False,
            }
            for i, name in enumerate(SAMPLE_PLAYERS)
        ],
        "settles": False,
        "settlement": [],
        "deals": [],
        "next_number": 1,
        # Bridge Rummy goes counter-clockwise: the player at the dealer's right plays first.
        "next_turn": {
            "number": 1,
            "dealer": "Mary",
            "leader": "Alice",
            "dealer_seat": 0,
            "leader_seat": 3,
            "recorded": False,
            "text": "Deal 1: Mary deals, Alice plays first",
        },
        "problems": [],
        "notes": [],
    }


def test_the_sample_score_card_gives_the_printed_totals_after_every_deal(
    api: APIClient, bridge_game: Game
) -> None:
    for number, (deal, printed, stars) in enumerate(
        zip(SAMPLE_DEALS, SAMPLE_TOTALS, SAMPLE_STARS, strict=True), start=1
    ):
        record(api, bridge_game, deal)
        body = standings(api, bridge_game)
        assert tuple(s["total"] for s in body["units"]) == printed, f"after deal {number}"
        assert tuple(stars_of(s) for s in body["units"]) == stars, f"after deal {number}"
        assert tuple(body["deals"][-1]["totals"]) == printed
        assert len(body["deals"]) == number
    assert [s["name"] for s in body["units"]] == list(SAMPLE_PLAYERS)
    assert body["status"] == "After deal 6 of 7: Mary lowest on 160."
    assert (body["leaders"], body["winners"], body["finished"]) == (["Mary"], [], False)


def test_each_deal_is_explained_by_name(api: APIClient, bridge_game: Game) -> None:
    first = record(api, bridge_game, SAMPLE_DEALS[0])
    (deal,) = standings(api, bridge_game)["deals"]
    assert (deal["deal"], deal["number"], deal["summary"]) == (first, 1, "Mary went out")
    mary, tom, dick, alice = deal["results"]
    assert (mary["name"], mary["points"], mary["star"]) == ("Mary", -20, True)
    assert (tom["name"], tom["points"]) == ("Tom", 40)
    assert tom["explanation"] == ["held 36 → 40: 6 or more rounds up"]
    assert (dick["points"], alice["points"]) == (0, 100)
    assert alice["explanation"] == ["never went down: 100"]


def test_the_hand_rummy_deal_doubles_before_rounding(api: APIClient, bridge_game: Game) -> None:
    for deal in SAMPLE_DEALS[:3]:
        record(api, bridge_game, deal)
    third = standings(api, bridge_game)["deals"][2]
    assert third["summary"] == "Mary hand rummy"
    assert [r["points"] for r in third["results"]] == [-40, 120, 200, 50]


def test_the_seventh_deal_ends_the_game(api: APIClient, bridge_game: Game) -> None:
    for deal in (*SAMPLE_DEALS, DEAL_7):
        record(api, bridge_game, deal)
    body = standings(api, bridge_game)
    # the card's deal 7 cannot be reproduced; Mary's fourth star earns -100.
    assert [s["total"] for s in body["units"]] == [40, 200, 280, 520]
    assert [stars_of(s) for s in body["units"]] == [4, 2, 1, 0]
    assert (body["finished"], body["winners"]) == (True, ["Mary"])
    assert body["status"] == "Game over: Mary wins on 40."


def test_a_voided_deal_leaves_the_standings(api: APIClient, bridge_game: Game) -> None:
    first = record(api, bridge_game, SAMPLE_DEALS[0])
    second = record(api, bridge_game, SAMPLE_DEALS[1])
    api.post(reverse("api_deal_void", args=[bridge_game.pk, first]), {"revision": first})
    body = standings(api, bridge_game)
    # Deals keep the numbers the table gave them: the second deal is still deal 2.
    assert [(d["deal"], d["number"]) for d in body["deals"]] == [(second, 2)]
    assert [s["total"] for s in body["units"]] == [100, -20, 50, 20]


def test_house_rules_are_noted(api: APIClient, night: Any) -> None:
    game = GameFactory(night=night, options={"ace_low_value": 1, "tie_break": "most_stars"})
    assert standings(api, game)["notes"] == [
        "house rule ace_low_value: Ace counts 1 (A-2-3 is 6)",
        "house rule tie_break: Most stars wins",
    ]


def test_bob_reads_the_standings(bridge_game: Game, bob: Any) -> None:
    assert standings(as_user(bob), bridge_game)["game"] == bridge_game.pk


def test_carol_gets_404_for_the_standings(bridge_game: Game, carol: Any) -> None:
    response = as_user(carol).get(reverse("api_game_standings", args=[bridge_game.pk]))
    assert (response.status_code, response.json()["code"]) == (404, "not_found")


def test_nobody_signed_out_reads_the_standings(anonymous_api: APIClient, bridge_game: Game) -> None:
    response = anonymous_api.get(reverse("api_game_standings", args=[bridge_game.pk]))
    assert response.status_code == 401
    assert response.json()["code"] == "not_authenticated"
