"""Every question's answer fits the JSON Schema built from its declared type.

The schema is :func:`adjudicator.answers.answer_schema`'s, built from the ``TypedDict`` each
answer function declares; an answer is checked as the API sends it
(:func:`adjudicator.answers.answer_json`). Every object in a schema forbids keys it does not
list, so a key the code returns but the type does not declare fails here, as does a declared
key the code leaves out, a ``null`` where none is declared, or a value of another kind.

The sample inputs reach one branch of each answer; the bodies below (refusals reported inside
an answer, absent winners, claims checked, melds refused) and hypothesis's damaged bodies from
the fuzz tests reach the others.
"""

import contextlib
import copy
import json
from functools import cache
from typing import Any, NotRequired, TypedDict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from adjudicator.answers import answer_json, answer_schema, answer_type, type_schema
from adjudicator.errors import AdjudicationError, BadEntryError
from adjudicator.game import Game
from adjudicator.games import GAMES, get_game
from tests.adjudicator.test_fuzz import FUZZ, derived_bodies, house_rules, mutated

BY_SIZE = [
    pytest.param(game, name, size, id=f"{game.slug}-{name}-{size}")
    for game in GAMES
    for name in game.questions()
    for size in game.table_sizes()
]
BY_QUESTION = [
    pytest.param(game, name, id=f"{game.slug}-{name}")
    for game in GAMES
    for name in game.questions()
]


@cache
def _validator(slug: str, question: str, options: str = "{}") -> Draft202012Validator:
    schema = answer_schema(get_game(slug), question, json.loads(options))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def check(game: Game[Any, Any], question: str, data: dict[str, Any]) -> dict[str, Any]:
    """Ask, and check the answer (as JSON) against the question's schema under the house
    rules the body gave."""
    answer = game.ask(question, copy.deepcopy(data))
    sent = json.loads(json.dumps(answer_json(answer)))
    options = json.dumps(data.get("options") or {}, sort_keys=True)
    errors = sorted(_validator(game.slug, question, options).iter_errors(sent), key=str)
    assert not errors, "\n".join(f"{list(e.absolute_path)}: {e.message}" for e in errors[:5])
    return answer


@pytest.mark.parametrize(("game", "name", "size"), BY_SIZE)
def test_the_sample_answer_fits_the_schema(game: Game[Any, Any], name: str, size: int) -> None:
    question = game.questions()[name]
    assert question.asks is not None
    options = game.options()
    data = dict(question.asks.example(size, options))
    if question.asks.players:
        data["players"] = size
    check(game, name, data)


SEVEN_LED = {"seat": 1, "cards": "7H"}
SEAT_2_AGAIN = {"seat": 1, "cards": "8H"}
NINE_AFTER_IT = {"seat": 2, "cards": "9H"}

# Bodies that reach what the samples do not: a refusal reported inside an answer, a null
# winner or an absent key, a claim checked, a meld refused, a hand not yet over.
BRANCHES: list[tuple[str, str, dict[str, Any]]] = [
    ("rummy", "meld", {"cards": "5H 6H 8H"}),
    ("rummy", "deadwood", {"cards": "5H 6H 7H KS 2C"}),
    ("rummy", "go-out", {"hand": "5H 6H 7H KS", "discard": "KS"}),
    ("rummy", "go-out", {"hand": "5H 6H 8H KS", "discard": "KS"}),
    ("boathouse-rummy", "go-out", {"hand": "5H 6H 7H KS"}),
    ("boathouse-rummy", "go-out", {"hand": "5H 6H 7H KS QD 2C"}),
    ("gamblers-rummy", "declare", {"hand": "5H 6H 7H KS", "discard": "KS"}),
    ("gamblers-rummy", "deadwood", {"cards": "5H 6H 7H KS 2C", "claimed": 3}),
    ("knock-rummy", "meld", {"cards": "5H 6H 8H"}),
    ("knock-rummy", "deadwood", {"cards": "5H 6H 7H KS 2C 3D 9C", "claimed": 99}),
    ("knock-rummy", "knock", {"cards": "5H 6H 7H KS KD KC 2C"}),
    ("continental-rummy", "meld", {"cards": "5H 6H 8H"}),
    ("continental-rummy", "deadwood", {"cards": "5H 6H 7H KS 2C", "claimed": 2}),
    ("crummy-rummy", "meld", {"cards": "5H 6H 8H"}),
    ("crummy-rummy", "deadwood", {"cards": "5H 6H 7H KS 2C", "claimed": 4}),
    ("bridge-rummy", "meld", {"cards": "5H 6H 8H"}),
    ("bridge-rummy", "deadwood", {"hand": "5H 6H 7H KS 2C", "claimed": 4}),
    ("bridge-rummy", "initial-meld", {"melds": ["5H 6H 7H"]}),
    ("bridge-rummy", "go-out", {"hand": "5H 6H 7H", "down": True}),
    ("brummy", "knock", {"scores": [23, 20, 23]}),
    ("brummy", "grid", {"cards": "10C 9C JC 10D QC JD 2S 10S JS"}),
    (
        "alkort",
        "exchange",
        {
            "players": 2,
            "dealer": 0,
            "hands": [
                {"seat": 0, "cards": "2S 3S 4S 6S 7S 8S 9S JS QS"},
                {"seat": 1, "cards": "2H 3H 4H 6H 7H 8H 9H JH QH"},
            ],
        },
    ),
    ("alkort", "trick", {"players": 2, "plays": [{"seat": 0, "cards": "7H"}]}),  # refused inside
    ("voormsi", "trick", {"players": 4, "plays": [{"seat": 1, "cards": "7H"}, SEAT_2_AGAIN]}),
    ("brus", "trick", {"players": 4, "plays": [{"seat": 1, "cards": "7H"}]}),  # no winner yet
    ("treikort", "trick", {"players": 3, "plays": [SEVEN_LED, NINE_AFTER_IT]}),  # a condition
    ("treikort", "pope", {"players": 3, "games": [[5, 4, 0]]}),  # nobody is Pope
    ("treikort", "tricks", {"players": 3, "tricks": [{"plays": [SEVEN_LED, SEAT_2_AGAIN]}]}),
    (
        "voormsi",
        "tricks",  # a complete trick whose play is refused: the refusal inside the answer
        {"players": 4, "tricks": [{"plays": [{"seat": 1, "cards": "7H"}, SEAT_2_AGAIN] * 2}]},
    ),
]


@pytest.mark.parametrize(
    ("slug", "name", "data"), [pytest.param(*case, id=f"{case[0]}-{case[1]}") for case in BRANCHES]
)
def test_other_branches_fit_the_schema(slug: str, name: str, data: dict[str, Any]) -> None:
    check(get_game(slug), name, data)  # a refusal fails the test too: each is answered


def test_a_refusal_inside_an_answer_fits_as_the_error_body() -> None:
    answer = check(
        get_game("treikort"),
        "tricks",
        {"players": 3, "tricks": [{"plays": [SEVEN_LED, SEAT_2_AGAIN]}]},
    )
    assert isinstance(answer["tricks"][0]["problem"], AdjudicationError)
    refused = {"players": 2, "plays": [{"seat": 0, "cards": "7H"}]}  # a 7 led too soon
    assert check(get_game("alkort"), "trick", refused)["problem"]["code"] == "seven_led_too_soon"


@pytest.mark.parametrize(("game", "name"), BY_QUESTION)
@settings(FUZZ, max_examples=60)
@given(data=st.data())
def test_any_answer_fits_the_schema(game: Game[Any, Any], name: str, data: st.DataObject) -> None:
    """Bodies known to be answered, damaged a little, under any house rules: whatever is
    answered (not refused) fits."""
    bodies = derived_bodies(game, name)
    players = data.draw(st.sampled_from(game.table_sizes()), label="players")
    body = data.draw(
        st.one_of(
            st.sampled_from(bodies),
            st.sampled_from(bodies).flatmap(lambda body: mutated(body, players, most=1)),
            st.tuples(st.sampled_from(bodies), house_rules(game)).map(
                lambda pair: {**pair[0], "options": pair[1]}
            ),
        ),
        label="body",
    )
    if not isinstance(body, dict) or not isinstance(body.get("options", {}), dict):
        return
    with contextlib.suppress(AdjudicationError):  # a refusal is the fuzz tests' to check
        check(game, name, body)


def _walk(schema: Any, path: str = "") -> list[tuple[str, Any]]:
    found = [(path, schema)]
    if isinstance(schema, dict):
        for key, value in schema.items():
            found += _walk(value, f"{path}/{key}")
    elif isinstance(schema, list):
        for index, value in enumerate(schema):
            found += _walk(value, f"{path}/{index}")
    return found


def _schemas_in(schema: Any, path: str = "") -> list[tuple[str, dict[str, Any]]]:
    """Every subschema (not the ``properties`` maps, not the ``enum`` values)."""
    if not isinstance(schema, dict):
        return []
    found = [(path, schema)]
    for key, value in schema.items():
        if key == "properties":
            for name, part in value.items():
                found += _schemas_in(part, f"{path}/properties/{name}")
        elif key in ("items", "not"):
            found += _schemas_in(value, f"{path}/{key}")
        elif key in ("anyOf", "oneOf", "allOf"):
            for index, part in enumerate(value):
                found += _schemas_in(part, f"{path}/{key}/{index}")
    return found


@pytest.mark.parametrize(("game", "name"), BY_QUESTION)
def test_every_part_of_an_answer_is_typed(game: Game[Any, Any], name: str) -> None:
    """No object without its keys, none open to others, no untyped value, no title (a client
    generator names classes after titles, and the same one would come back from other games),
    and null only where OpenAPI 3.0 can say it (``nullable``)."""
    schema = answer_schema(game, name)
    for path, part in _schemas_in(schema):
        assert part, f"an untyped value at {path or '/'}"
        assert "title" not in part, path
        kinds = part.get("type")
        if kinds == "object" or (isinstance(kinds, list) and "object" in kinds):
            assert part.get("properties"), f"an object without keys at {path}"
            assert part.get("additionalProperties") is False, path
        if path.endswith("/not"):
            continue  # a way's field given, not as null: in the deal echo only (see below)
        if kinds == "null" or (
            isinstance(kinds, list) and kinds[-1:] != ["null"] and "null" in kinds
        ):
            pytest.fail(f"a null OpenAPI 3.0 cannot say at {path}: {part}")
        if "type" not in part:
            # Only the deal echo's ways (which keys go together, given not as null) have no
            # type of their own; the API refers to its Deal<Game> component instead.
            allowed = {"anyOf", "oneOf", "required", "not", "description", "properties"}
            assert set(part) <= allowed, path


def test_the_schema_is_the_same_every_time() -> None:
    game = get_game("bridge-rummy")
    first = json.dumps(answer_schema(game, "settle"))
    assert json.dumps(answer_schema(game, "settle")) == first


def test_an_embedded_refusal_is_the_error_body() -> None:
    class Judged(TypedDict):
        problem: AdjudicationError | None

    schema = type_schema(Judged)["properties"]["problem"]
    body = answer_json(BadEntryError("Seat 2 played twice.", field="plays[1]").about(1))
    assert set(schema["properties"]) == set(body)
    assert schema["required"] == list(body)
    Draft202012Validator(schema).validate(body)
    Draft202012Validator(schema).validate(None)


def test_a_key_left_undeclared_fails() -> None:
    """Checks the check: a declaration missing one key the code returns is caught."""

    class Short(TypedDict):
        players: int

    answer = answer_json(get_game("rummy").ask("deal", {"players": 3}))
    errors = list(Draft202012Validator(type_schema(Short)).iter_errors(answer))
    assert errors and "Additional properties" in errors[0].message


def test_untyped_parts_are_refused() -> None:
    class Loose(TypedDict):
        detail: dict[str, Any]
        maybe: NotRequired[int]

    with pytest.raises(TypeError, match="not a declared answer type"):
        type_schema(Loose)


def test_every_question_declares_its_answer() -> None:
    for game in GAMES:
        for name, question in game.questions().items():
            assert answer_type(question) is not None, (game.slug, name)
