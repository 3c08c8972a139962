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
    target: int = option(201, "Points to reach.", minimum=1, maximum=10_000)
    model: Literal["additive", "best_single"] = option(
        "additive",
        "How rows score.",
        labels={"best_single": "Best part only", "additive": "Add the parts"},
    )
    ace: Literal[10, 1] = option(
        10, "What the ace counts.", labels={1: "Ace is 1", 10: "Ace is 10"}, rule="R-1"
    )


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
        OptionInfo("target", "int", 201, "Points to reach.", "", minimum=1, maximum=10_000),
        OptionInfo(
            "model",
            "choice",
            "additive",
            "How rows score.",
            "",
            ("additive", "best_single"),
            labels=("Add the parts", "Best part only"),
        ),
        OptionInfo(
            "ace",
            "choice",
            10,
            "What the ace counts.",
            "R-1",
            (10, 1),
            labels=("Ace is 10", "Ace is 1"),
        ),
    )


def test_a_choice_pairs_each_value_with_its_label_in_declaration_order() -> None:
    # The labels were declared in another order than the Literal; the Literal's order wins.
    model, ace = describe_options(Demo)[2:]
    assert model.labelled_choices() == (
        ("additive", "Add the parts"),
        ("best_single", "Best part only"),
    )
    assert ace.labelled_choices() == ((10, "Ace is 10"), (1, "Ace is 1"))


def test_only_a_choice_has_labels_and_only_a_number_has_bounds() -> None:
    face_extra, target = describe_options(Demo)[:2]
    assert (face_extra.choices, face_extra.labels, face_extra.labelled_choices()) == ((), (), ())
    assert (face_extra.minimum, face_extra.maximum) == (None, None)
    assert (target.labels, target.labelled_choices()) == ((), ())


@dataclass(frozen=True)
class Unlabelled:
    model: Literal["additive", "best_single"] = option("additive", "How rows score.")


@dataclass(frozen=True)
class LabelMissing:
    model: Literal["additive", "best_single"] = option(
        "additive", "How rows score.", labels={"additive": "Add the parts"}
    )


@dataclass(frozen=True)
class LabelLeftOver:
    ace: Literal[10, 1] = option(10, "Ace.", labels={10: "Ten", 1: "One", 11: "Eleven"})


@dataclass(frozen=True)
class LabelOfTheWrongType:
    ace: Literal[10, 1] = option(10, "Ace.", labels={10: "Ten", "1": "One"})


@dataclass(frozen=True)
class LabelledBool:
    face_extra: bool = option(False, "Faces.", labels={True: "Yes", False: "No"})


@dataclass(frozen=True)
class BoundedChoice:
    ace: Literal[10, 1] = option(10, "Ace.", labels={10: "Ten", 1: "One"}, maximum=10)


@dataclass(frozen=True)
class BoundedBool:
    face_extra: bool = option(False, "Faces.", minimum=0)


@dataclass(frozen=True)
class UpsideDown:
    target: int = option(5, "Target.", minimum=10, maximum=1)


@pytest.mark.parametrize(
    ("cls", "says"),
    [
        pytest.param(Unlabelled, "a choice needs labels", id="choice-without-labels"),
        pytest.param(LabelMissing, "labels are for", id="a-choice-unlabelled"),
        pytest.param(LabelLeftOver, "labels are for", id="a-label-for-no-choice"),
        pytest.param(LabelOfTheWrongType, "labels are for", id="a-label-for-a-string-1"),
        pytest.param(LabelledBool, "only a choice has labels", id="bool-with-labels"),
        pytest.param(BoundedChoice, "only a whole-number option", id="choice-with-a-bound"),
        pytest.param(BoundedBool, "only a whole-number option", id="bool-with-a-bound"),
        pytest.param(UpsideDown, "is above maximum", id="minimum-above-maximum"),
    ],
)
def test_a_misdeclared_house_rule_is_a_programming_error(cls: type[Any], says: str) -> None:
    with pytest.raises(TypeError, match=says):
        describe_options(cls)


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
        pytest.param(
            "target", 0, "target must be between 1 and 10,000, not 0", id="int-below-minimum"
        ),
        pytest.param(
            "target",
            10_001,
            "target must be between 1 and 10,000, not 10,001",
            id="int-above-maximum",
        ),
        pytest.param(
            "target",
            10**30,
            "target must be between 1 and 10,000, not a number 31 digits long",
            id="int-absurdly-large",
        ),
        pytest.param(
            "target",
            10**5000,
            "target must be between 1 and 10,000, not a number 5,001 digits long",
            id="int-longer-than-str-allows",
        ),
        pytest.param(
            "target",
            -(10**5000),
            "target must be between 1 and 10,000, not a negative number 5,001 digits long",
            id="int-absurdly-negative",
        ),
        pytest.param(
            "face_extra",
            10**5000,
            "face_extra must be true or false, not a number 5,001 digits long",
            id="bool-given-a-huge-int",
        ),
        pytest.param(
            "ace",
            10**5000,
            "ace must be one of 10, 1, not a number 5,001 digits long",
            id="choice-given-a-huge-int",
        ),
        pytest.param(
            "model",
            "x" * 5000,
            f"model must be one of 'additive', 'best_single', not '{'x' * 40}…'",
            id="choice-given-a-page-of-text",
        ),
        pytest.param(
            "target",
            [10**5000],
            "target must be a whole number, not a list",
            id="int-given-a-list",
        ),
        pytest.param(
            "face_extra",
            {"on": True},
            "face_extra must be true or false, not an object",
            id="bool-given-an-object",
        ),
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


@dataclass(frozen=True)
class OneSided:
    at_least: int = option(1, "No top.", minimum=1)
    at_most: int = option(1, "No bottom.", maximum=3)
    unbounded: int = option(1, "Anything.")


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        pytest.param("at_least", 0, "at_least must be at least 1, not 0", id="below-a-minimum"),
        pytest.param("at_most", 4, "at_most must be at most 3, not 4", id="above-a-maximum"),
    ],
)
def test_a_one_sided_range_says_its_one_side(key: str, value: int, message: str) -> None:
    with pytest.raises(BadOptionError) as caught:
        parse_options(OneSided, {key: value})
    assert (caught.value.field, str(caught.value)) == (f"options.{key}", f"{message}.")


def test_the_bounds_themselves_are_allowed() -> None:
    assert parse_options(Demo, {"target": 1}).target == 1
    assert parse_options(Demo, {"target": 10_000}).target == 10_000
    assert parse_options(OneSided, {"at_least": 10**5000, "at_most": -(10**5000)}) == OneSided(
        at_least=10**5000, at_most=-(10**5000)
    )
    assert parse_options(OneSided, {"unbounded": -5}).unbounded == -5


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
