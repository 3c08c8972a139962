"""Every member of the schema's unions, read by the generated Python client as the member it is.

openapi-python-client reads a union by trying its members in turn and keeping the first that
fits; before the unions named their members (``object``, ``game``), a Voormsi deal's figures came
back as Bridge Rummy's and lost their tricks. Here one sample of every deal shape, question body,
answer, game's house rules and game's figures (tests/clients/samples.py) goes through the union
a client meets it in, and must come back as its own class with the same ``to_dict()``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

import pytest
from rest_framework.test import APIClient

from clients import generate
from tests.clients import samples
from tests.clients.conftest import Generated


def model(name: str) -> Any:
    """The generated class of the component ``name``."""
    models = importlib.import_module(f"{generate.PACKAGE}.models")
    return getattr(models, name)


def read_back(
    make: Callable[[dict[str, Any]], dict[str, Any]], holder: str, field: str
) -> Callable[[dict[str, Any]], tuple[str, dict[str, Any]]]:
    """Put a sample where a client meets it (``make``: in ``field`` of a ``holder``), read the
    holder with its generated class, and give the class the sample came back as and its dict."""
    cls = model(holder)

    def read(sample: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        body = make(sample)
        parsed = cls.from_dict(body)
        assert parsed.to_dict() == body, holder
        inner = getattr(parsed, field)
        return type(inner).__name__, inner.to_dict()

    return read


def check(samples_by_name: dict[str, dict[str, Any]], read: Any) -> None:
    wrong = []
    for name, sample in sorted(samples_by_name.items()):
        came, as_dict = read(sample)
        if came != name or as_dict != sample:
            lost = sorted(sample.keys() - as_dict.keys())
            wrong.append(f"{name} came back as {came}" + (f", without {lost}" if lost else ""))
    assert not wrong, f"{len(wrong)} of {len(samples_by_name)} misread:\n" + "\n".join(wrong)


ENTRY = {
    "id": 7,
    "deal": 7,
    "note": "",
    "supersedes": None,
    "recorded_by": "ann",
    "recorded_as": "",
    "recorded_at": "2026-11-29T20:00:00+00:00",
    "seat": None,
    "settles": None,
}


def test_every_deal_shape_reads_as_itself_in_a_ledger(python_client: Generated) -> None:
    assert samples.deals().keys() == samples.deal_shapes()  # every shape has its sample
    read = read_back(lambda deal: {**ENTRY, "kind": "record", "data": deal}, "DealEntryOut", "data")
    check(samples.deals(), read)


def test_a_ledger_entry_reads_as_its_kind(python_client: Generated) -> None:
    deal = next(iter(samples.deals().values()))
    bodies = {
        "DealEntryOut": {**ENTRY, "kind": "amend", "data": deal},
        "SettingEntryOut": {**ENTRY, "kind": "setting", "data": {"confirmations": True}},
        "MarkEntryOut": {**ENTRY, "kind": "void", "data": {}},
    }
    for name, body in bodies.items():
        parsed = _parse_entry(body)
        assert type(parsed).__name__ == name
        assert parsed.to_dict() == body


def _parse_entry(body: dict[str, Any]) -> Any:
    """An entry as a generated operation reads it: the first member of ``EntryOut`` that
    takes it."""
    models = importlib.import_module(f"{generate.PACKAGE}.models")
    for name in ("DealEntryOut", "DisputeEntryOut", "SettingEntryOut", "MarkEntryOut"):
        try:
            return getattr(models, name).from_dict(body)
        except (KeyError, ValueError, TypeError, AttributeError):
            continue
    raise AssertionError(f"no member takes {body}")


@pytest.mark.django_db
def test_every_answer_reads_as_itself_in_a_dispute(python_client: Generated) -> None:
    answers = samples.answers(APIClient())
    assert answers.keys() == samples.answer_names()
    asked = next(iter(samples.asks().values()))
    dispute = {"question": "deal", "input": asked, "summary": "As recorded."}
    read = read_back(lambda answer: {**dispute, "answer": answer}, "DisputeData", "answer")
    check(answers, read)


@pytest.mark.django_db
def test_every_question_body_reads_as_itself_in_a_dispute(python_client: Generated) -> None:
    assert samples.asks().keys() == samples.ask_shapes()
    answer = next(iter(samples.answers(APIClient()).values()))
    dispute = {"question": "deal", "answer": answer, "summary": "As recorded."}
    read = read_back(lambda asked: {**dispute, "input": asked}, "DisputeData", "input_")
    check(samples.asks(), read)


def test_every_games_house_rules_read_as_theirs(python_client: Generated) -> None:
    game = {"id": 1, "night": 1, "game": "x", "name": "x", "seats": []}
    game["created_at"] = ENTRY["recorded_at"]
    read = read_back(lambda options: {**game, "options": options}, "GameOut", "options")
    check(samples.options(), read)


def test_every_games_figures_read_as_theirs(python_client: Generated) -> None:
    unit = {"unit": 0, "name": "Ann", "points": 3, "star": False, "explanation": [], "said": []}
    read = read_back(lambda detail: {**unit, "detail": detail}, "UnitResultOut", "detail")
    check(samples.details(), read)
