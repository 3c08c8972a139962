"""Knock Rummy's questions through the API: a hand settled from raw entries, shares in halves."""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from rest_framework.test import APIClient


def ask(client: APIClient, question: str, body: Any) -> Any:
    return client.post(
        reverse("api_adjudicate", args=["knock-rummy", question]), body, format="json"
    )


def test_an_undercut_shared_by_two_is_settled_in_halves(anonymous_api: APIClient) -> None:
    body = {
        "players": 4,
        "knocked": 3,
        "hands": [
            {"seat": 0, "count": 3},
            {"seat": 1, "cards": "AS 2S 3S 9H 9D 9C 3C"},
            {"seat": 2, "count": 12},
            {"seat": 3, "count": 8},
        ],
    }
    response = ask(anonymous_api, "settle", body)
    assert response.status_code == 200, response.content
    answer = response.json()
    assert answer["payments"] == [
        {"payer": 2, "payee": 0, "amount": 4.5},
        {"payer": 2, "payee": 1, "amount": 4.5},
        {"payer": 3, "payee": 0, "amount": 7.5},
        {"payer": 3, "payee": 1, "amount": 7.5},
    ]
    assert "Seat 4 pays seat 1 7½" in answer["payments_shown"]
    assert answer["summary"] == "Seat 4 knocked on 8 and was undercut by seats 1 and 2 on 3"


def test_a_hand_of_the_wrong_size_is_refused(anonymous_api: APIClient) -> None:
    body = {
        "players": 2,
        "knocked": 0,
        "hands": [{"seat": 0, "cards": "AS 2S 3S"}, {"seat": 1, "count": 4}],
    }
    response = ask(anonymous_api, "settle", body)
    assert response.status_code == 400
    assert (response.json()["code"], response.json()["field"]) == (
        "impossible_hand",
        "hands[0].cards",
    )


def test_deadwood_checks_a_claimed_count(anonymous_api: APIClient) -> None:
    response = ask(anonymous_api, "deadwood", {"cards": "5H 6H 7H 7S 7D 2C 2D", "claimed": 14})
    assert response.status_code == 200
    answer = response.json()
    assert (answer["count"], answer["claim_right"]) == (15, False)
    assert answer["explanation"][-1] == "the claimed 14 is too low: no melding leaves less than 15"
