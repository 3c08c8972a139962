"""Every game, fuzzed: bad input is refused with an AdjudicationError, never a crash (hypothesis).

For each game in :data:`adjudicator.games.GAMES` (the tuple itself, so a game added later is
covered with no change here) and each of its table sizes:

* random raw deals (JSON-like values, and the game's own ``sample_deal`` mutated: keys dropped,
  wrong types, huge or negative numbers, junk card strings, lists where objects belong, seats out
  of range, cards repeated) go through ``parse_deal``; a deal that parses round-trips through
  ``deal_as_data`` and tallies, alone and after a sample deal;
* random bodies, and mutations of bodies we know to be valid, go to every question;
* random house rules go to ``options``.

Nothing but :class:`AdjudicationError` may escape, and each refusal names the field it is about.
The runs are derandomized, so CI sees the same examples every time.
"""

from __future__ import annotations

import copy
import json
import math
import os
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.cards import ALL_CARDS
from adjudicator.errors import AdjudicationError
from adjudicator.game import Game
from adjudicator.games import GAMES
from adjudicator.options import OptionInfo

# CI sees the same examples every run. ``FUZZ_HUNT=5000`` runs that many fresh random examples a
# test instead, to look for new crashes (then add each as a regression test in its game's file).
HUNT = int(os.environ.get("FUZZ_HUNT", "0"))
FUZZ = settings(
    max_examples=HUNT or 150,
    deadline=None,
    derandomize=not HUNT,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

BY_GAME = [pytest.param(game, id=game.slug) for game in GAMES]
BY_QUESTION = [
    pytest.param(game, name, id=f"{game.slug}-{name}")
    for game in GAMES
    for name in game.questions()
]

# ---------------------------------------------------------------------------------------------
# Raw values
# ---------------------------------------------------------------------------------------------

CARD_WORDS = [str(c) for c in ALL_CARDS] + ["JK"]
JUNK_WORDS = [
    "",
    " ",
    "ZZ",
    "11H",
    "1S",
    "0C",
    "AX",
    "10",
    "JK=5C",
    "JK=JK",
    "5C=JK",
    "JK(9D)",
    "as",
    "10♥",
    "K♠",
    "AS,KS",
    "AS;;KS",
    "\x00",
    "ÅS",
    "JK=",
    "=5C",
    "AS " * 60,
]
HUGE = [10**20, -(10**20), 2**63, -(2**63) - 1, 10**5000, -(10**5000)]
ODD_NUMBERS = [-1, -2, 0, 1, 2, 99, 100, 101, 120, 121, 100_000, 100_001, *HUGE]
ODD_FLOATS = [0.0, -0.0, 1.5, -1.5, math.nan, math.inf, -math.inf, 1e308, 2.0]


def one_of_these(values: list[Any]) -> st.SearchStrategy[Any]:
    """Like ``sampled_from``, but the strategy never shows its values (``repr`` of a
    5,000-digit int fails)."""
    return st.integers(0, len(values) - 1).map(lambda i: values[i])


@cache
def card_text() -> st.SearchStrategy[str]:
    """A string of card words, junk words, repeats."""
    return st.lists(st.sampled_from(CARD_WORDS + JUNK_WORDS), max_size=14).map(" ".join)


@cache
def scalars() -> st.SearchStrategy[Any]:
    return st.one_of(
        st.none(),
        st.booleans(),
        st.integers(min_value=-5, max_value=12),
        one_of_these(ODD_NUMBERS),
        st.integers(),
        st.sampled_from(ODD_FLOATS),
        st.floats(),
        st.text(max_size=8),
        card_text(),
    )


KEYS = [
    "seat",
    "cards",
    "held",
    "count",
    "hands",
    "tricks",
    "plays",
    "players",
    "options",
    "went_out",
    "knocked",
    "dealer",
    "grids",
    "melds",
    "layoffs",
    "onto",
    "scores",
    "games",
    "won",
    "first_five",
    "captures",
    "event",
    "side",
    "call",
    "hand_size",
    "other_hand_sizes",
    "hand_rummy",
    "claimed",
]


@cache
def json_values(leaves: int = 12) -> st.SearchStrategy[Any]:
    return st.recursive(
        scalars(),
        lambda inner: st.one_of(
            st.lists(inner, max_size=5),
            st.dictionaries(
                st.one_of(st.sampled_from(KEYS), st.text(max_size=5)), inner, max_size=5
            ),
        ),
        max_leaves=leaves,
    )


@cache
def json_objects() -> st.SearchStrategy[dict[str, Any]]:
    return st.dictionaries(st.sampled_from(KEYS), json_values(8), max_size=6)


# ---------------------------------------------------------------------------------------------
# Mutations of valid data
# ---------------------------------------------------------------------------------------------

type Path = tuple[str | int, ...]


def paths(value: Any, here: Path = ()) -> list[Path]:
    """Every place in a JSON value, the whole included."""
    found = [here]
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths(item, (*here, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += paths(item, (*here, index))
    return found


def _get(value: Any, path: Path) -> Any:
    for step in path:
        value = value[step]
    return value


def _repeat_a_card(text: Any) -> Any:
    if isinstance(text, str) and text.split():
        return f"{text} {text.split()[0]}"
    return text


def _swap_type(node: Any) -> Any:
    if isinstance(node, dict):
        return list(node.values())
    if isinstance(node, list):
        return {str(i): item for i, item in enumerate(node)}
    if isinstance(node, bool):
        return int(node)
    if isinstance(node, int):
        return str(node) if node.bit_length() < 1000 else "9" * 5000  # str() refuses 4,300 digits
    if isinstance(node, str):
        return node.split()
    return node


@cache
def mutations(players: int) -> dict[str, st.SearchStrategy[Callable[[Any], Any]]]:
    """Each kind of damage, as a strategy of functions from the old node to the new one."""
    seats = [-1, players, players + 1, 2**31, -(10**20), True, 1.5, "1", None]
    return {
        "replace": json_values(6).map(lambda new: lambda old: new),
        "seat": one_of_these(seats).map(lambda new: lambda old: new),
        "number": one_of_these(ODD_NUMBERS + ODD_FLOATS).map(lambda new: lambda old: new),
        "cards": card_text().map(lambda new: lambda old: new),
        "repeat-card": st.just(_repeat_a_card),
        "wrap-in-list": st.just(lambda old: [old]),
        "wrap-in-object": st.sampled_from(KEYS).map(lambda key: lambda old: {key: old}),
        "swap-type": st.just(_swap_type),
        "double-list": st.just(lambda old: old + old if isinstance(old, list) else old),
        "empty": st.sampled_from(["list", "object", "text", "zero"]).map(
            lambda kind: lambda old: {"list": [], "object": {}, "text": "", "zero": 0}[kind]
        ),
    }


@st.composite
def mutated(draw: st.DrawFn, valid: Any, players: int, most: int = 3) -> Any:
    """``valid`` with one to ``most`` places damaged, or a key dropped or added."""
    value = copy.deepcopy(valid)
    kinds = mutations(players)
    for _ in range(draw(st.integers(1, most))):
        where = draw(st.sampled_from(paths(value)))
        kind = draw(st.sampled_from([*kinds, "drop", "add-key"]))
        if kind == "drop":
            if not where:
                continue
            parent = _get(value, where[:-1])
            del parent[where[-1]]
            continue
        node = _get(value, where)
        if kind == "add-key":
            if isinstance(node, dict):
                node[draw(st.sampled_from(KEYS))] = draw(json_values(4))
            continue
        # A fresh copy: a later mutation must not change a value the strategy hands out again.
        new = copy.deepcopy(draw(kinds[kind])(node))
        if not where:
            value = new
        else:
            _get(value, where[:-1])[where[-1]] = new
    return value


# ---------------------------------------------------------------------------------------------
# The game's own data
# ---------------------------------------------------------------------------------------------


@cache
def _sample_json(game: Game[Any, Any], players: int, number: int) -> str:
    return json.dumps(game.sample_deal(players=players, options=game.options(), number=number))


def sample(game: Game[Any, Any], players: int, number: int = 1) -> dict[str, Any]:
    result: dict[str, Any] = json.loads(_sample_json(game, players, number))
    return result


def valid_option_values(info: OptionInfo) -> list[Any]:
    if info.kind == "bool":
        return [True, False]
    if info.kind == "choice":
        return list(info.choices)
    low = info.minimum if info.minimum is not None else info.default - 5
    high = info.maximum if info.maximum is not None else info.default + 5
    return sorted({low, high, info.default})


@cache
def house_rules(game: Game[Any, Any]) -> st.SearchStrategy[dict[str, Any]]:
    """A legal set of house rules: some of the game's options, each with an allowed value."""
    infos = game.describe_options()
    if not infos:
        return st.just({})
    return st.fixed_dictionaries(
        {}, optional={info.name: st.sampled_from(valid_option_values(info)) for info in infos}
    )


@cache
def bad_house_rules(game: Game[Any, Any]) -> st.SearchStrategy[Any]:
    names = [info.name for info in game.describe_options()] or ["x"]
    return st.one_of(
        json_values(6),
        st.dictionaries(
            st.one_of(st.sampled_from(names), st.text(max_size=4)), json_values(3), max_size=4
        ),
        house_rules(game).flatmap(lambda ok: mutated(ok, players=4, most=2)),
    )


# Bodies we know each question answers (from the games' own tests), to damage. A question
# without one here is fed the game's sample deal and its parts.
KNOWN_BODIES: dict[tuple[str, str], list[dict[str, Any]]] = {
    ("bridge-rummy", "meld"): [
        {"cards": "4c jk 6c", "other_hand_sizes": [3]},
        {"cards": "AS 2S 3S", "options": {"ace_low_value": 1}},
    ],
    ("bridge-rummy", "initial-meld"): [
        {
            "melds": ["KS KH KD", "4C 5C 6C"],
            "layoffs": [{"cards": "7C", "onto": "4C 5C 6C"}],
            "hand_size": 8,
        }
    ],
    ("bridge-rummy", "deal"): [
        {
            "players": 2,
            "went_out": 0,
            "hand_rummy": True,
            "hands": [{"seat": 1, "cards": "ks 3h"}],
            "options": {"round_then_double": True},
        }
    ],
    ("brummy", "knock"): [{"scores": [23, 20, 23], "knocked": 0}],
    ("brummagem", "knock"): [{"scores": [23, 20, 23], "knocked": 0}],
    ("brummy", "grid"): [{"cards": "10C 9C JC 10D QC JD 2S 10S JS"}],
    ("brummy", "best-grid"): [{"cards": "10C 9C JC 10D QC JD 2S 10S JS"}],
    ("voormsi", "hand"): [
        {"players": 4, "won": [7, 2], "first_five": 0, "captures": [{"event": "jc", "side": 1}]}
    ],
    ("voormsi", "ladder"): [
        {"players": 4, "hands": [[7, 2], [4, 0], [2, 3]]},
        {"players": 4, "hands": [[7, 2], {"points": [2, 1], "call": 0}]},
        {"players": 4, "hands": [[2, 7], {"partner_capture": 1}]},
    ],
    ("brus", "hand"): [{"players": 4, "won": [7, 1], "first_five": 0}],
    ("treikort", "pope"): [
        {"players": 3, "games": [[5, 4, 0], [6, 2, 1], [3, 3, 3], [4, 4, 1]]},
        {"games": [[9, 0, 0], [9, 0, 0]], "options": {"pope": False}},
    ],
    ("alkort", "exchange"): [{"players": 2, "cards": "2S 3S 4S 6S 7S 8S 9S JS QS"}],
}


@cache
def derived_bodies(game: Game[Any, Any], name: str) -> list[dict[str, Any]]:
    """Bodies built from the game's sample deals: the whole deal, each string of cards, the
    first trick's plays, with ``players`` set."""
    bodies = list(KNOWN_BODIES.get((game.slug, name), []))
    for players in game.table_sizes():
        deal = sample(game, players)
        bodies.append({**deal, "players": players})
        for path in paths(deal):
            node = _get(deal, path)
            if isinstance(node, str) and node.strip():
                bodies.append({"cards": node, "players": players})
                bodies.append({"cards": node, "claimed": 0})  # a rummy count to check
        tricks = deal.get("tricks")
        if isinstance(tricks, list) and tricks and isinstance(tricks[0], dict):
            bodies.append({"players": players, **tricks[0]})
    return bodies


# ---------------------------------------------------------------------------------------------
# The properties
# ---------------------------------------------------------------------------------------------


def as_json(answer: Any) -> str:
    """An answer as the API sends it: a refusal inside it (an illegal play a ``tricks`` answer
    reports rather than raises) becomes its error body."""

    def refusal(value: Any) -> Any:
        if isinstance(value, AdjudicationError):
            check_refusal(value)
            return value.as_dict()
        raise TypeError(f"{type(value).__name__} in an answer is not JSON")

    return json.dumps(answer, default=refusal)


def check_refusal(err: AdjudicationError, under: str = "") -> None:
    """A refusal a player can act on: a specific code, the field it is about (under ``under``),
    and as JSON for the API."""
    assert err.code != AdjudicationError.code, f"a bare AdjudicationError: {err}"
    assert err.field is not None, f"no field named: {err}"
    assert err.field.startswith(under), err.field
    assert str(err).strip()
    json.dumps(err.as_dict())


def raw_deals(game: Game[Any, Any], players: int) -> st.SearchStrategy[Any]:
    own = [sample(game, players, number) for number in (1, 2)]
    return st.one_of(
        json_objects(),
        json_values(10),
        st.sampled_from(own).flatmap(lambda deal: mutated(deal, players)),
        st.sampled_from(own).flatmap(lambda deal: mutated(deal, players, most=1)),
    )


@pytest.mark.parametrize("game", BY_GAME)
@FUZZ
@given(data=st.data())
def test_a_raw_deal_parses_or_is_refused_and_a_parsed_deal_round_trips(
    game: Game[Any, Any], data: st.DataObject
) -> None:
    players = data.draw(st.sampled_from(game.table_sizes()), label="players")
    options = game.options(data.draw(house_rules(game), label="options"))
    raw = data.draw(raw_deals(game, players), label="raw")
    try:
        deal = game.parse_deal(raw, players=players, options=options)
    except AdjudicationError as err:
        check_refusal(err)
        return
    again = game.deal_as_data(deal, players=players, options=options)
    json.dumps(again)
    assert game.parse_deal(again, players=players, options=options) == deal
    try:
        game.tally([deal], players=players, options=options).as_dict()
    except AdjudicationError as err:
        check_refusal(err)
    try:
        first = game.parse_deal(sample(game, players), players=players, options=options)
    except AdjudicationError:
        return  # the sample was made under the default rules; these may refuse it
    try:
        json.dumps(game.tally([first, deal], players=players, options=options).as_dict())
    except AdjudicationError as err:
        check_refusal(err)


@pytest.mark.parametrize(("game", "name"), BY_QUESTION)
@FUZZ
@given(data=st.data())
def test_a_question_answers_or_refuses_any_body(
    game: Game[Any, Any], name: str, data: st.DataObject
) -> None:
    bodies = derived_bodies(game, name)
    players = data.draw(st.sampled_from(game.table_sizes()), label="players")
    body = data.draw(
        st.one_of(
            json_objects(),
            json_values(8),
            st.sampled_from(bodies),
            st.sampled_from(bodies).flatmap(lambda body: mutated(body, players)),
            st.sampled_from(bodies).flatmap(lambda body: mutated(body, players, most=1)),
            st.tuples(st.sampled_from(bodies), bad_house_rules(game)).map(
                lambda pair: {**pair[0], "options": pair[1]}
            ),
        ),
        label="body",
    )
    try:
        answer = game.ask(name, copy.deepcopy(body))
    except AdjudicationError as err:
        check_refusal(err)
    else:
        assert isinstance(answer, dict)
        as_json(answer)


@pytest.mark.parametrize("game", BY_GAME)
@FUZZ
@given(data=st.data())
def test_house_rules_are_read_or_refused(game: Game[Any, Any], data: st.DataObject) -> None:
    raw = data.draw(st.one_of(house_rules(game), bad_house_rules(game)), label="options")
    try:
        options = game.options(raw)
    except AdjudicationError as err:
        check_refusal(err, under="options")
        return
    for players in game.table_sizes():
        game.pack(options, players)
        game.record(options, players)
        game.end_rule(options, players)
        game.notes(options, players)
        game.seating(players, options)
