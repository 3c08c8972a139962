"""Voormsi through the API: its dispute questions, its record, and a game in partnerships."""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from rest_framework.test import APIClient

from scorekeeper.models import Entry, Night
from tests.factories import PlayerFactory


def ask(client: APIClient, question: str, body: dict[str, Any]) -> Any:
    return client.post(reverse("api_adjudicate", args=["voormsi", question]), body)


def test_who_wins_this_trick_and_why(anonymous_api: APIClient) -> None:
    plays = [
        {"seat": 0, "cards": "9C"},
        {"seat": 1, "cards": "KH"},
        {"seat": 2, "cards": "JC"},
        {"seat": 3, "cards": "5D"},
    ]
    response = ask(anonymous_api, "trick", {"players": 4, "plays": plays})
    assert response.status_code == 200, response.content
    body = response.json()
    assert (body["winner"], body["side"], body["capture"]) == (2, 0, "jc")
    assert body["reason"] == "KH and JC are equal: the second played wins (7a)"


def test_a_hand_from_its_quick_summary(anonymous_api: APIClient) -> None:
    body = {"players": 4, "won": [7, 2], "first_five": 0, "captures": []}
    response = ask(anonymous_api, "hand", body)
    assert response.status_code == 200, response.content
    # 7 tricks: 1 + (7 - 5) = 3, and the first five: 4 (7a, V-1 literal).
    assert response.json()["points"] == [4, 0]


def test_the_ladder_bounces_back(anonymous_api: APIClient) -> None:
    response = ask(anonymous_api, "ladder", {"players": 4, "hands": [[7, 2], [4, 0]]})
    assert response.status_code == 200, response.content
    assert any("back to 7" in line for line in response.json()["explanation"])


def test_a_bad_question_body_is_a_400_with_the_field(anonymous_api: APIClient) -> None:
    response = ask(anonymous_api, "trick", {"players": 9, "plays": []})
    assert response.status_code == 400
    assert (response.json()["code"], response.json()["field"]) == ("bad_entry", "players")


def test_a_four_handed_game_seats_partners_crosswise(api: APIClient, night: Night) -> None:
    ids = [PlayerFactory(owner=night.owner, name=n).pk for n in ("Ann", "Ben", "Cy", "Di")]
    started = api.post(
        reverse("api_night_games", args=[night.pk]), {"game": "voormsi", "players": ids}
    )
    assert started.status_code == 201, started.content
    assert [seat["team"] for seat in started.json()["seats"]] == [0, 1, 0, 1]
    game = started.json()["id"]
    deal = {"won": [6, 3], "first_five": None, "captures": [{"event": "simple", "side": 1}]}
    recorded = api.post(reverse("api_game_deals", args=[game]), {"deal": deal})
    assert recorded.status_code == 201, recorded.content
    standings = api.get(reverse("api_game_standings", args=[game])).json()
    assert [(u["name"], u["seats"], u["total"]) for u in standings["units"]] == [
        ("Ann and Cy", [0, 2], 2),
        ("Ben and Di", [1, 3], 1),
    ]
    assert standings["end"] == {"kind": "exact_target", "points": 9}


def test_the_game_types_describe_each_tables_record(anonymous_api: APIClient) -> None:
    types = {g["slug"]: g for g in anonymous_api.get(reverse("api_game_types")).json()}
    voormsi = types["voormsi"]
    assert voormsi["family"] == "tricks"
    four = next(t for t in voormsi["tables"] if t["players"] == 4)
    assert four["sides"] == [[0, 2], [1, 3]]
    assert [w["key"] for w in four["record"]["ways"]] == ["tricks", "quick"]
    three = next(t for t in voormsi["tables"] if t["players"] == 3)
    assert "first_five" not in [f["key"] for f in three["record"]["fields"]]
    assert types["bridge-rummy"]["marks"][0]["key"] == "stars"


def test_the_tricks_so_far_report_an_illegal_play_as_json(anonymous_api: APIClient) -> None:
    """The page's trick entry asks this question; through the API an illegal play inside the
    answer is the usual error body, not a 500."""
    first = [{"seat": s, "cards": c} for s, c in enumerate(("9C", "AS", "KH", "6D"))]
    again = [{"seat": s, "cards": c} for s, c in ((2, "9C"), (3, "AD"), (0, "KS"), (1, "JC"))]
    response = ask(
        anonymous_api, "tricks", {"players": 4, "tricks": [{"plays": first}, {"plays": again}]}
    )
    assert response.status_code == 200, response.content
    second = response.json()["tricks"][1]
    assert second["problem"]["code"] in {"already_played", "too_many_copies", "illegal_play"}
    assert second["problem"]["message"]


def _voormsi_at_four(api: APIClient, night: Night) -> int:
    players = [PlayerFactory(owner=night.owner).pk for _ in range(4)]
    response = api.post(
        reverse("api_night_games", args=[night.pk]), {"game": "voormsi", "players": players}
    )
    assert response.status_code == 201, response.content
    return int(response.json()["id"])


def test_a_hand_with_the_other_ways_fields_as_null_is_recorded_its_own_way(
    api: APIClient, night: Night
) -> None:
    """A client typed from the schema sends another way's fields as null: left out, not mixed."""
    game = _voormsi_at_four(api, night)
    quick = {"won": [7, 2], "first_five": 0, "captures": [], "dealer": None, "tricks": None}
    response = api.post(reverse("api_game_deals", args=[game]), {"game": "voormsi", "deal": quick})
    assert response.status_code == 201, response.content
    assert response.json()["data"] == {
        "object": "DealVoormsiQuickFor4",
        "won": [7, 2],
        "first_five": 0,
        "captures": [],
    }
    both = {"won": [7, 2], "tricks": [{"plays": [{"seat": 0, "cards": "9C"}]}]}
    response = api.post(reverse("api_game_deals", args=[game]), {"game": "voormsi", "deal": both})
    assert response.status_code == 400, response.content
    assert response.json()["field"] == "deal"
    assert "one way" in response.json()["message"]


def test_a_deal_for_another_game_is_refused_naming_the_game(api: APIClient, night: Night) -> None:
    game = _voormsi_at_four(api, night)
    knock = {"knocked": 0, "hands": [{"seat": 1, "cards": "5H"}]}
    response = api.post(
        reverse("api_game_deals", args=[game]), {"game": "knock-rummy", "deal": knock}
    )
    assert response.status_code == 400, response.content
    body = response.json()
    assert (body["code"], body["field"]) == ("invalid", "game")
    assert body["message"].startswith(f"Game {game} is Voormsi (voormsi), not knock-rummy")
    assert not Entry.objects.filter(game_id=game).exists()
