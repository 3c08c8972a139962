"""The schema's examples (scorekeeper/api/examples.py): one on every request body and every
success answer, each valid against its own schema, and the key operations' the shape of a
real answer."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from openapi_schema_validator import OAS30StrictValidator
from rest_framework.test import APIClient

from scorekeeper.api import examples
from scorekeeper.models import Game, Night
from tests.factories import GameFactory

REF = "#/components/schemas/"


def media_types(openapi: dict[str, Any]) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """Each request body and each 2xx JSON answer: (operationId, "request" or the code, its
    media type object)."""
    for operations in openapi["paths"].values():
        for operation in operations.values():
            body = operation.get("requestBody", {}).get("content", {})
            if "application/json" in body:
                yield operation["operationId"], "request", body["application/json"]
            for code, answer in operation["responses"].items():
                media = answer.get("content", {}).get("application/json")
                if code.startswith("2") and media is not None:
                    yield operation["operationId"], code, media


def example_of(openapi: dict[str, Any], media: dict[str, Any]) -> Any:
    """The media type's example (its first of `examples`), or its schema's (following a
    reference)."""
    assert not ("example" in media and "examples" in media)  # OpenAPI allows one of them
    if "examples" in media:
        return next(iter(media["examples"].values()))["value"]
    if "example" in media:
        return media["example"]
    schema = media["schema"]
    while "example" not in schema and "$ref" in schema:
        schema = openapi["components"]["schemas"][schema["$ref"].removeprefix(REF)]
    return schema.get("example")


def test_every_body_and_success_answer_has_an_example(openapi: dict[str, Any]) -> None:
    found = list(media_types(openapi))
    missing = [(op, where) for op, where, media in found if example_of(openapi, media) is None]
    assert len(found) > 100
    assert missing == []


def test_every_example_is_valid_against_its_schema(openapi: dict[str, Any]) -> None:
    wrong = []
    for op, where, media in media_types(openapi):
        example = example_of(openapi, media)
        document = {**media["schema"], "components": openapi["components"]}
        errors = list(OAS30StrictValidator(document).iter_errors(example))
        if errors:
            wrong.append((op, where, errors[0].message[:200]))
    assert wrong == []


def test_a_wrong_example_is_caught(openapi: dict[str, Any]) -> None:
    """The check above can fail: a player without its id is refused."""
    media = {"schema": {"$ref": REF + "PlayerOut"}}
    document = {**media["schema"], "components": openapi["components"]}
    assert list(OAS30StrictValidator(document).iter_errors({"id": "one", "name": "Mary"}))


def test_every_example_names_an_operation_of_the_schema(openapi: dict[str, Any]) -> None:
    operations = {op for op, _, _ in media_types(openapi)}
    assert set(examples.REQUESTS) <= operations
    assert set(examples.RESPONSES) <= operations


# The key operations, played for real: the example has the keys the API answers, all the way
# down (a list's first item, a union's own member).


def keys(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: keys(item) for key, item in value.items()}
    if isinstance(value, list):
        return [keys(value[0])] if value else []
    return type(value).__name__ if value is None or isinstance(value, bool) else "value"


def same_keys(example: Any, real: Any) -> None:
    """The same keys at every level; where one side has a null or an empty list and the
    other a value, only the keys above them count."""

    def strip(value: Any, other: Any) -> Any:
        if isinstance(value, dict) and isinstance(other, dict):
            assert value.keys() == other.keys(), (sorted(value), sorted(other))
            for key in value:
                strip(value[key], other[key])
        elif isinstance(value, list) and isinstance(other, list) and value and other:
            strip(value[0], other[0])

    strip(example, real)


@pytest.fixture
def knock(night: Night) -> Game:
    return GameFactory(
        night=night, slug="knock-rummy", players=["Mary", "Tom", "Dick"],
        options={"penalty_on_tie": True},
    )  # fmt: skip


@pytest.mark.django_db
def test_a_recorded_deal_is_answered_as_its_example(api: APIClient, bridge_game: Game) -> None:
    sent = examples.REQUESTS["record_deal"]
    answer = api.post(f"/api/v1/games/{bridge_game.pk}/deals/", sent, format="json")
    assert answer.status_code == 201, answer.content
    same_keys(examples.RESPONSES["record_deal"], answer.json())
    assert answer.json()["data"] == examples.RESPONSES["record_deal"]["data"]


@pytest.mark.django_db
def test_the_ledger_and_standings_are_answered_as_their_examples(
    api: APIClient, knock: Game
) -> None:
    deal = {"knocked": 0, "hands": [{"seat": 0, "count": 3}, {"seat": 1, "count": 12},
                                    {"seat": 2, "count": 30}]}  # fmt: skip
    assert (
        api.post(f"/api/v1/games/{knock.pk}/deals/", {"deal": deal}, format="json").status_code
        == 201
    )
    ledger = api.get(f"/api/v1/games/{knock.pk}/deals/").json()
    # The example is a Bridge Rummy deal's entry: the same keys; its data is its game's.
    example_entry = examples.RESPONSES["list_ledger"][0]
    same_keys({**example_entry, "data": None}, {**ledger[0], "data": None})
    standings = api.get(f"/api/v1/games/{knock.pk}/standings/").json()
    same_keys(examples.RESPONSES["get_standings"], standings)
    ids = {"game", "deal", "revision"}  # the database's, not the example's

    def without_ids(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: without_ids(v) for k, v in value.items() if k not in ids}
        if isinstance(value, list):
            return [without_ids(v) for v in value]
        return value

    assert without_ids(standings) == without_ids(examples.RESPONSES["get_standings"])


@pytest.mark.django_db
def test_a_ruling_is_answered_as_its_example(api: APIClient, night: Night) -> None:
    answer = api.post(
        f"/api/v1/nights/{night.pk}/rulings/", examples.REQUESTS["save_ruling"], format="json"
    )
    assert answer.status_code == 201, answer.content
    real = answer.json()
    same_keys(examples.RESPONSES["save_ruling"], real)
    ignore = {"id", "saved_at", "saved_by"}
    assert {k: v for k, v in real.items() if k not in ignore} == {
        k: v for k, v in examples.RESPONSES["save_ruling"].items() if k not in ignore
    }
