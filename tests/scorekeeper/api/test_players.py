"""/api/v1/players/: the players in the signed-in account's list."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from scorekeeper.models import Player
from tests.factories import PlayerFactory

URL = reverse("api_players")


def refused(response: Any, *, code: str, field: str | None, status: int = 400) -> str:
    """Check the one error shape of the API and return its sentence."""
    assert response.status_code == status, response.content
    body = response.json()
    assert (body["code"], body["field"]) == (code, field)
    assert isinstance(body["message"], str) and len(body["message"].split()) >= 3
    return str(body["message"])


def test_it_lists_alices_players_by_name(api: APIClient, alice: Any, carol: Any) -> None:
    tom = PlayerFactory(owner=alice, name="Tom")
    mary = PlayerFactory(owner=alice, name="Mary")
    PlayerFactory(owner=carol, name="Zed")
    response = api.get(URL)
    assert response.status_code == 200
    assert response.json() == [{"id": mary.pk, "name": "Mary"}, {"id": tom.pk, "name": "Tom"}]


def test_it_adds_a_player(api: APIClient, alice: Any) -> None:
    response = api.post(URL, {"name": " Mary  Ann "})
    assert response.status_code == 201
    player = Player.objects.get(owner=alice)
    assert response.json() == {"id": player.pk, "name": "Mary Ann"}


def test_it_refuses_a_name_already_taken(api: APIClient, alice: Any) -> None:
    PlayerFactory(owner=alice, name="Mary")
    message = refused(api.post(URL, {"name": "MARY"}), code="invalid", field="name")
    assert message == "You already have a player called MARY."
    assert Player.objects.count() == 1


@pytest.mark.parametrize(
    "body",
    [
        pytest.param({}, id="missing"),
        pytest.param({"name": ""}, id="empty"),
        pytest.param({"name": "   "}, id="only-spaces"),
        pytest.param({"name": ["Mary"]}, id="a-list"),
        pytest.param({"name": {"first": "Mary"}}, id="an-object"),
        pytest.param({"name": "x" * 41}, id="too-long"),
    ],
)
def test_it_refuses_a_bad_name(api: APIClient, body: dict[str, Any]) -> None:
    refused(api.post(URL, body), code="invalid", field="name")
    assert not Player.objects.exists()


def test_it_refuses_malformed_json(api: APIClient) -> None:
    response = api.post(URL, data='{"name": "Mary"', content_type="application/json")
    refused(response, code="parse_error", field=None)


def test_nobody_signed_out_sees_or_adds_players(anonymous_api: APIClient, alice: Any) -> None:
    PlayerFactory(owner=alice, name="Mary")
    for response in (anonymous_api.get(URL), anonymous_api.post(URL, {"name": "Tom"})):
        assert response.status_code == 401
        assert response.json()["code"] == "not_authenticated"
    assert Player.objects.count() == 1
