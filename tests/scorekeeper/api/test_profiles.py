"""/api/v1/profiles/ and /api/v1/profiles/<id>/: house-rule profiles, and starting a game from
one (/api/v1/nights/<id>/games/ with ``profile``)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from drf_spectacular.validation import validate_schema
from rest_framework.test import APIClient

from scorekeeper.models import Game, HouseRuleProfile, Night, Player
from tests.factories import HouseRuleProfileFactory, PlayerFactory

NANNI = {"penalty_on_tie": True, "tied_winners": "each_full"}
LIST = "/api/v1/profiles/"


def one(profile: HouseRuleProfile | int) -> str:
    return f"/api/v1/profiles/{profile if isinstance(profile, int) else profile.pk}/"


def refused(response: Any, *, code: str, field: str | None, status: int = 400) -> str:
    assert response.status_code == status, response.content
    body = response.json()
    assert (body["code"], body["field"]) == (code, field)
    assert isinstance(body["message"], str) and len(body["message"].split()) >= 3
    return str(body["message"])


def as_user(user: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.fixture
def nanni(alice: Any) -> HouseRuleProfile:
    return HouseRuleProfileFactory(owner=alice, name="Nanni's rules", options=NANNI)


@pytest.fixture
def players(alice: Any) -> list[Player]:
    return [PlayerFactory(owner=alice, name=name) for name in ("Ann", "Ben", "Cy")]


def test_create_and_read(api: APIClient) -> None:
    response = api.post(
        LIST, {"game": "knock-rummy", "name": "Nanni's rules", "options": NANNI}, format="json"
    )
    assert response.status_code == 201, response.content
    body = response.json()
    assert (body["game"], body["game_name"], body["name"]) == (
        "knock-rummy",
        "Knock Rummy",
        "Nanni's rules",
    )
    assert body["options"] == {
        "game": "knock-rummy",  # what tells one game's house rules from another's
        "penalty_on_tie": True,
        "tied_winners": "each_full",
        "bonus_to_any_zero_winner": False,
        "target": 0,
    }
    assert [(d["name"], d["rule"], d["default"], d["value"]) for d in body["differences"]] == [
        ("penalty_on_tie", "K-1", False, True),
        ("tied_winners", "K-2", "share", "each_full"),
    ]
    assert body["differences"][1]["value_shown"] == "Each tied winner collects in full"
    assert api.get(one(body["id"])).json() == body
    assert [p["id"] for p in api.get(LIST).json()] == [body["id"]]


def test_the_list_filters_by_game(api: APIClient, alice: Any, nanni: HouseRuleProfile) -> None:
    HouseRuleProfileFactory(owner=alice, slug="rummy", name="Plain")
    assert [p["name"] for p in api.get(LIST, {"game": "knock-rummy"}).json()] == ["Nanni's rules"]
    assert len(api.get(LIST).json()) == 2


@pytest.mark.parametrize(
    ("body", "field"),
    [
        pytest.param({"game": "snap", "name": "N"}, "game", id="unknown-game"),
        pytest.param({"game": "knock-rummy"}, "name", id="no-name"),
        pytest.param({"game": "knock-rummy", "name": "   "}, "name", id="blank-name"),
        pytest.param({"game": "knock-rummy", "name": "x" * 61}, "name", id="long-name"),
        pytest.param({"game": "knock-rummy", "name": "a\x00b"}, "name", id="nul"),
        pytest.param(
            {"game": "knock-rummy", "name": "N", "options": {"colour": 1}},
            "options.colour",
            id="unknown-rule",
        ),
        pytest.param(
            {"game": "knock-rummy", "name": "N", "options": {"target": 10**30}},
            "options.target",
            id="huge-target",
        ),
        pytest.param(
            {"game": "knock-rummy", "name": "N", "options": {"penalty_on_tie": "yes"}},
            "options.penalty_on_tie",
            id="not-a-bool",
        ),
        pytest.param({"game": "knock-rummy", "name": "N", "options": [1]}, "options", id="list"),
    ],
)
def test_bad_input_is_a_400_naming_the_field(
    api: APIClient, body: dict[str, Any], field: str
) -> None:
    response = api.post(LIST, body, format="json")
    assert response.status_code == 400, response.content
    assert response.json()["field"] == field
    assert not HouseRuleProfile.objects.exists()


def test_a_name_taken_is_a_400(api: APIClient, nanni: HouseRuleProfile) -> None:
    response = api.post(LIST, {"game": "knock-rummy", "name": "NANNI'S RULES"}, format="json")
    assert "already have house rules" in refused(response, code="invalid", field="name")


def test_rename_change_and_delete(api: APIClient, nanni: HouseRuleProfile) -> None:
    response = api.patch(one(nanni), {"name": "Nanni's old rules"}, format="json")
    assert response.status_code == 200
    assert response.json()["options"]["penalty_on_tie"] is True  # options untouched
    response = api.patch(one(nanni), {"options": {"target": 50}}, format="json")
    body = response.json()
    assert (body["name"], body["options"]["target"], body["options"]["penalty_on_tie"]) == (
        "Nanni's old rules",
        50,
        False,
    )
    assert [d["name"] for d in body["differences"]] == ["target"]
    refused(
        api.patch(one(nanni), {"options": {"target": -1}}, format="json"),
        code="bad_option",
        field="options.target",
    )
    assert api.delete(one(nanni)).status_code == 204
    assert api.get(one(nanni)).status_code == 404


def test_an_empty_name_is_refused(api: APIClient, nanni: HouseRuleProfile) -> None:
    message = refused(api.patch(one(nanni), {"name": ""}, format="json"), code="invalid",
                      field="name")  # fmt: skip
    assert message == "name: This field may not be blank."
    nanni.refresh_from_db()
    assert nanni.name == "Nanni's rules"


@pytest.mark.parametrize("form", ["multipart", "urlencoded"])
def test_a_form_body_is_refused_with_the_json_error_body(
    api: APIClient, nanni: HouseRuleProfile, form: str
) -> None:
    """The API takes JSON only (the pages have their own forms): a form body is a 415, and
    nothing renamed. (A multipart form once arrived at a generated client's every field twice.)"""
    if form == "multipart":
        response = api.patch(one(nanni), {"name": "Nanni's old rules"}, format="multipart")
    else:
        response = api.patch(
            one(nanni), "name=Nanni%27s+old+rules", content_type="application/x-www-form-urlencoded"
        )
    assert response.status_code == 415, response.content
    assert response["Content-Type"] == "application/problem+json"
    assert response.json()["code"] == "unsupported_media_type"
    nanni.refresh_from_db()
    assert nanni.name == "Nanni's rules"


def test_only_the_owner_sees_a_profile(carol: Any, bob: Any, nanni: HouseRuleProfile) -> None:
    for user in (carol, bob):
        client = as_user(user)
        assert client.get(LIST).json() == []
        assert client.get(one(nanni)).status_code == 404
        assert client.patch(one(nanni), {"name": "Mine"}, format="json").status_code == 404
        assert client.delete(one(nanni)).status_code == 404
    nanni.refresh_from_db()
    assert nanni.name == "Nanni's rules"


def test_signing_in_is_required(anonymous_api: APIClient, nanni: HouseRuleProfile) -> None:
    assert anonymous_api.get(LIST).status_code in (401, 403)
    assert anonymous_api.get(one(nanni)).status_code in (401, 403)


def test_a_huge_id_is_a_404(api: APIClient) -> None:
    assert api.get("/api/v1/profiles/99999999999999999999/").status_code == 404


# Starting a game from a profile -----------------------------------------------------------------


def start(night: Night) -> str:
    return reverse("api_night_games", args=[night.pk])


def test_a_game_starts_with_a_profiles_rules(
    api: APIClient, night: Night, nanni: HouseRuleProfile, players: list[Player]
) -> None:
    body = {"game": "knock-rummy", "players": [p.pk for p in players], "profile": nanni.pk}
    response = api.post(start(night), body, format="json")
    assert response.status_code == 201, response.content
    game = Game.objects.get(pk=response.json()["id"])
    assert game.options == nanni.options
    # The game keeps its own copy: changing the profile later leaves it be.
    api.patch(one(nanni), {"options": {}}, format="json")
    game.refresh_from_db()
    assert game.options["tied_winners"] == "each_full"


def test_options_and_a_profile_both_given_is_a_400(
    api: APIClient, night: Night, nanni: HouseRuleProfile, players: list[Player]
) -> None:
    body = {
        "game": "knock-rummy",
        "players": [p.pk for p in players],
        "profile": nanni.pk,
        "options": {},
    }
    message = refused(api.post(start(night), body, format="json"), code="invalid", field="profile")
    assert "not both" in message
    assert not Game.objects.exists()


@pytest.mark.parametrize(
    ("who", "game", "message"),
    [
        pytest.param("bob", "knock-rummy", "no house-rule profile with id", id="not-yours"),
        pytest.param("alice", "rummy", "for Knock Rummy, not for Rummy", id="another-game"),
    ],
)
def test_a_profile_that_does_not_fit_is_a_400(
    request: pytest.FixtureRequest,
    night: Night,
    nanni: HouseRuleProfile,
    players: list[Player],
    who: str,
    game: str,
    message: str,
) -> None:
    client = as_user(request.getfixturevalue(who))  # bob records in alice's night
    body = {"game": game, "players": [p.pk for p in players], "profile": nanni.pk}
    assert message in refused(
        client.post(start(night), body, format="json"), code="invalid", field="profile"
    )
    assert not Game.objects.exists()


def test_a_profile_id_out_of_range_is_a_400(
    api: APIClient, night: Night, players: list[Player]
) -> None:
    body = {"game": "knock-rummy", "players": [p.pk for p in players], "profile": 2**70}
    refused(api.post(start(night), body, format="json"), code="invalid", field="profile")


# The schema ------------------------------------------------------------------------------------


@pytest.fixture
def schema(client: Client, alice: Any) -> dict[str, Any]:
    client.force_login(alice)
    response = client.get(reverse("api_schema"), HTTP_ACCEPT="application/vnd.oai.openapi+json")
    body: dict[str, Any] = response.json()
    return body


def test_the_schema_describes_profiles(schema: dict[str, Any]) -> None:
    validate_schema(schema)
    assert set(schema["paths"]["/api/v1/profiles/"]) == {"get", "post"}
    assert set(schema["paths"]["/api/v1/profiles/{id}/"]) == {"get", "patch", "delete"}
    out = schema["components"]["schemas"]["ProfileOut"]["properties"]
    assert {"id", "game", "name", "options", "differences"} <= set(out)
    differences = out["differences"]
    assert differences["type"] == "array"
    assert differences["items"]["$ref"].endswith("/DifferenceOut")


def test_the_schema_says_a_game_may_start_from_a_profile(schema: dict[str, Any]) -> None:
    game_in = schema["components"]["schemas"]["StartGameKnockRummyRequest"]["properties"]
    assert {"profile", "options"} <= set(game_in)
    assert game_in["profile"]["type"] == "integer"
    assert game_in["options"] == {"$ref": "#/components/schemas/OptionsKnockRummyRequest"}


def test_the_schemas_example_profile_is_one_the_api_saves(alice: Any) -> None:
    # The example is read from the games' descriptions, not written for one game by hand.
    schema = as_user(alice).get("/api/v1/schema/", {"format": "json"}).json()
    body = schema["paths"][LIST]["post"]["requestBody"]["content"]["application/json"]
    example = next(iter(body["examples"].values()))["value"]
    response = as_user(alice).post(LIST, example, format="json")
    assert response.status_code == 201, response.content
    assert example["options"]  # a rule changed from the published one
    assert example["options"].items() <= response.json()["options"].items()
