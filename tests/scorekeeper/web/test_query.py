"""A NUL character in any query parameter is a 400 that names it, as in a body, never a 500.

PostgreSQL refuses NUL in text (``GET /api/v1/profiles/?game=%00`` was a 500 there); SQLite
stores it. The routes below are those that read a parameter, on both kinds of answer: the API's
error body and a page's sentence.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.models import Night
from tests.factories import played_night


@pytest.fixture
def owner(client: Client, alice: Any, bob: Any) -> tuple[Client, Night]:
    night = played_night(alice, recorder=bob)
    client.force_login(alice)
    return client, night


def api_routes(night: Night) -> list[tuple[str, str]]:
    return [
        (reverse("api_profiles"), "game"),
        (reverse("api_export"), "format"),
        (reverse("api_night_export", args=[night.pk]), "format"),
        (reverse("api_nights"), "anything"),  # one it does not read: refused all the same
    ]


def page_routes(night: Night) -> list[tuple[str, str]]:
    game = night.games.order_by("pk").first()
    assert game is not None
    player = night.players.order_by("pk").first()
    assert player is not None
    return [
        (reverse("history"), "player"),
        (reverse("history"), "game"),
        (reverse("player_detail", args=[player.pk]), "vs"),
        (reverse("export_all"), "format"),
        (reverse("game_create", args=[night.pk]), "like"),
        (reverse("game_create", args=[night.pk]), "game"),
        (reverse("grid_score", args=[game.pk]) + "?seat=0", "cards_0"),
        (reverse("trick_verdicts", args=[game.pk]), "tricks_0"),
        (reverse("game_scoreboard", args=[game.pk]), "since"),
        (reverse("game_scoreboard", args=[game.pk]), "key"),
        (reverse("desk"), "options"),
        (reverse("profile_create"), "game"),
    ]


def with_param(url: str, name: str, value: str) -> str:
    return url + ("&" if "?" in url else "?") + f"{name}={value}"


@pytest.mark.parametrize("value", ["%00", "a%00b", "ok&x=%00"], ids=["nul", "inside", "another"])
def test_the_api_refuses_a_nul_in_a_query_parameter(
    owner: tuple[Client, Night], value: str
) -> None:
    client, night = owner
    for url, name in api_routes(night):
        response = client.get(with_param(url, name, value))
        assert response.status_code == 400, (url, response.content)
        body = json.loads(response.content)
        field = "x" if value.startswith("ok") else name
        assert body["code"] == "invalid"
        assert body["field"] == field
        assert body["message"] == f"{field}: Null characters are not allowed."


def test_pages_refuse_a_nul_in_a_query_parameter(owner: tuple[Client, Night]) -> None:
    client, night = owner
    for url, name in page_routes(night):
        response = client.get(with_param(url, name, "%00"))
        assert response.status_code == 400, (url, response.status_code)
        assert f"{name}: Null characters are not allowed." in response.content.decode()


def test_a_nul_in_a_parameters_name_is_refused_too(owner: tuple[Client, Night]) -> None:
    client, _ = owner
    response = client.get(reverse("api_profiles") + "?ga%00me=x")
    assert response.status_code == 400
    assert json.loads(response.content)["field"] == "ga\x00me"


def test_parameters_without_nul_pass(owner: tuple[Client, Night]) -> None:
    client, _ = owner
    assert client.get(reverse("api_profiles") + "?game=bridge-rummy").status_code == 200
    assert client.get(reverse("history") + "?player=Mary").status_code == 200
