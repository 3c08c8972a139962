"""House rules: a frozen dataclass per game, read from JSON with every key and type checked."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Literal

import pytest

from adjudicator.errors import BadOptionError, UnknownOptionError
from adjudicator.options import (
    OptionInfo,
    changed_options,
    describe_options,
    option,
    options_as_dict,
    parse_options,
)


@dataclass(frozen=True)
class Demo:
    face_extra: bool = option(False, "Unmatched court cards score one each.", rule="B-4")
    target: int = option(201, "Points to reach.", minimum=1)
    model: Literal["additive", "best_single"] = option("additive", "How rows score.")
    ace: Literal[10, 1] = option(10, "What the ace counts.", rule="R-1")


def test_no_data_gives_the_defaults() -> None:
    assert parse_options(Demo, None) == Demo()
    assert parse_options(Demo, {}) == Demo()


def test_given_values_replace_the_defaults() -> None:
    parsed = parse_options(Demo, {"face_extra": True, "target": 150, "model": "best_single"})
    assert parsed == Demo(face_extra=True, target=150, model="best_single")


def test_options_are_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        Demo().target = 5  # type: ignore[misc]


@pytest.mark.parametrize(
    "options",
    [
        pytest.param(Demo(), id="defaults"),
        pytest.param(Demo(face_extra=True, target=1, model="best_single", ace=1), id="changed"),
    ],
)
def test_options_round_trip_through_json(options: Demo) -> None:
    data = options_as_dict(options)
    assert data == {
        "face_extra": options.face_extra,
        "target": options.target,
        "model": options.model,
        "ace": options.ace,
    }
    assert parse_options(Demo, data) == options


def test_changed_options_lists_only_what_differs_from_the_defaults() -> None:
    assert changed_options(Demo()) == {}
    assert changed_options(Demo(target=150, ace=1)) == {"target": 150, "ace": 1}


def test_describe_options_in_declaration_order() -> None:
    assert describe_options(Demo) == (
        OptionInfo("face_extra", "bool", False, "Unmatched court cards score one each.", "B-4"),
        OptionInfo("target", "int", 201, "Points to reach.", "", minimum=1),
        OptionInfo(
            "model", "choice", "additive", "How rows score.", "", ("additive", "best_single")
        ),
        OptionInfo("ace", "choice", 10, "What the ace counts.", "R-1", (10, 1)),
    )


def test_an_unknown_key_is_rejected_and_named() -> None:
    with pytest.raises(UnknownOptionError) as caught:
        parse_options(Demo, {"target": 150, "colour": "red"})
    err = caught.value
    assert err.code == "unknown_option"
    assert err.field == "options.colour"
    assert str(err) == (
        "'colour' is not a house rule of this game; known: face_extra, target, model, ace."
    )


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        pytest.param("face_extra", 1, "face_extra must be true or false, not 1", id="bool-given-1"),
        pytest.param(
            "face_extra",
            "true",
            "face_extra must be true or false, not 'true'",
            id="bool-given-str",
        ),
        pytest.param(
            "face_extra", None, "face_extra must be true or false, not None", id="bool-given-null"
        ),
        pytest.param(
            "target", True, "target must be a whole number, not True", id="int-given-bool"
        ),
        pytest.param(
            "target", 150.0, "target must be a whole number, not 150.0", id="int-given-float"
        ),
        pytest.param(
            "target", "150", "target must be a whole number, not '150'", id="int-given-str"
        ),
        pytest.param("target", 0, "target must be at least 1, not 0", id="int-below-minimum"),
        pytest.param(
            "model",
            "best",
            "model must be one of 'additive', 'best_single', not 'best'",
            id="choice-not-listed",
        ),
        pytest.param("ace", 5, "ace must be one of 10, 1, not 5", id="number-choice-not-listed"),
        pytest.param("ace", True, "ace must be one of 10, 1, not True", id="choice-given-bool"),
        pytest.param("ace", 1.0, "ace must be one of 10, 1, not 1.0", id="choice-given-float"),
        pytest.param("ace", "10", "ace must be one of 10, 1, not '10'", id="choice-given-str"),
    ],
)
def test_an_ill_typed_value_is_rejected_and_named(key: str, value: Any, message: str) -> None:
    with pytest.raises(BadOptionError) as caught:
        parse_options(Demo, {key: value})
    err = caught.value
    assert err.code == "bad_option"
    assert err.field == f"options.{key}"
    assert str(err) == f"{message}."


@pytest.mark.parametrize(
    "data",
    [
        pytest.param(["target"], id="list"),
        pytest.param("target=150", id="string"),
        pytest.param(150, id="number"),
    ],
)
def test_options_must_be_an_object(data: Any) -> None:
    with pytest.raises(BadOptionError) as caught:
        parse_options(Demo, data)
    assert caught.value.field == "options"
