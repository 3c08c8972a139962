"""/api/v1/schema/ and /api/v1/docs/: the OpenAPI description, readable without the internet."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
import yaml
from django.contrib.staticfiles import finders
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from drf_spectacular.validation import validate_schema


@pytest.fixture
def schema(client: Client, alice: Any) -> dict[str, Any]:
    client.force_login(alice)
    response = client.get(reverse("api_schema"), HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    body: dict[str, Any] = response.json()
    return body


def test_the_schema_is_valid_openapi(schema: dict[str, Any]) -> None:
    validate_schema(schema)  # against the OpenAPI JSON Schema that drf-spectacular ships
    assert schema["openapi"].startswith("3.")
    assert schema["info"]["title"] == "Scorekeeper API"


@pytest.mark.parametrize(
    ("path", "methods"),
    [
        pytest.param("/api/v1/players/", {"get", "post"}, id="players"),
        pytest.param("/api/v1/nights/", {"get", "post"}, id="nights"),
        pytest.param("/api/v1/nights/{id}/", {"get"}, id="night"),
        pytest.param("/api/v1/nights/{id}/recorders/", {"post"}, id="recorders"),
        pytest.param(
            "/api/v1/nights/{id}/recorders/{username}/", {"delete"}, id="remove-a-recorder"
        ),
        pytest.param("/api/v1/nights/{id}/games/", {"post"}, id="start-a-game"),
        pytest.param("/api/v1/games/{id}/", {"get"}, id="game"),
        pytest.param("/api/v1/games/{id}/deals/", {"get", "post"}, id="deals"),
        pytest.param("/api/v1/games/{id}/deals/{deal}/amend/", {"post"}, id="amend"),
        pytest.param("/api/v1/games/{id}/deals/{deal}/void/", {"post"}, id="void"),
        pytest.param("/api/v1/games/{id}/standings/", {"get"}, id="standings"),
        pytest.param("/api/v1/game-types/", {"get"}, id="game-types"),
        pytest.param("/api/v1/adjudicate/{game}/{question}/", {"post"}, id="adjudicate"),
        pytest.param("/api/v1/nights/{id}/export/", {"get"}, id="night-export"),
        pytest.param("/api/v1/export/", {"get"}, id="export"),
        pytest.param("/api/v1/import/", {"post"}, id="import"),
    ],
)
def test_every_endpoint_is_described(schema: dict[str, Any], path: str, methods: set[str]) -> None:
    assert set(schema["paths"][path]) == methods


def test_removing_a_recorder_is_described(schema: dict[str, Any]) -> None:
    delete = schema["paths"]["/api/v1/nights/{id}/recorders/{username}/"]["delete"]
    assert set(delete["responses"]) == {"204"}
    assert "requestBody" not in delete
    assert "owner" in delete["description"]
    params = {p["name"]: p["schema"]["type"] for p in delete["parameters"]}
    assert params == {"id": "integer", "username": "string"}


def test_ids_in_paths_are_integers(schema: dict[str, Any]) -> None:
    """<id:...> is our own converter: described as the integer it is, not a string pattern."""
    (deal,) = [
        p
        for p in schema["paths"]["/api/v1/games/{id}/deals/{deal}/void/"]["post"]["parameters"]
        if p["name"] == "deal"
    ]
    assert deal["schema"] == {
        "type": "integer",
        "format": "int64",
        "minimum": 0,
        "maximum": 2**63 - 1,
    }


def test_the_deal_body_is_described_with_its_token(schema: dict[str, Any]) -> None:
    deal_in = schema["components"]["schemas"]["DealRecordInRequest"]
    assert deal_in["required"] == ["deal"]
    assert deal_in["properties"]["token"]["format"] == "uuid"


def test_the_schema_builds_without_warnings() -> None:
    out = io.StringIO()
    call_command("spectacular", "--validate", "--fail-on-warn", stdout=out, stderr=out)


def test_the_schema_is_served_as_yaml_by_default(client: Client) -> None:
    response = client.get(reverse("api_schema"))
    assert response.status_code == 200
    assert "/api/v1/games/{id}/standings/" in yaml.safe_load(response.content)["paths"]


def test_the_docs_page_loads_swagger_from_our_own_static_files(client: Client) -> None:
    response = client.get(reverse("api_docs"))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/html")
    html = response.content.decode()
    assets = re.findall(r"""(?:src|href)=["']([^"']+)["']""", html)
    swagger = [a for a in assets if "swagger" in a]
    assert swagger, html
    assert all(a.startswith("/static/") for a in swagger), swagger
    assert not re.search(r"https?://", " ".join(assets)), assets
    assert "cdn" not in html.lower()
    for asset in swagger:  # and each is really there to be collected
        assert finders.find(asset.removeprefix("/static/")), asset
    # Swagger UI's start-up script is a URL of its own (no inline script: the CSP), naming the schema.
    assert reverse("api_docs") + "?script=" in html
    assert reverse("api_schema") in client.get(reverse("api_docs") + "?script=").content.decode()
