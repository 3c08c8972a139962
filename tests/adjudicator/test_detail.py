"""Every game's ``detail`` is what its declaration says (issue 19: every API field typed).

Each game's sample deals go through the game's own tally (the loop the app's ledger replays a
game's deals through): at every table size under the default house rules, and at the largest
table under each house rule changed alone (fewer deals: Brummagem's sample grids are searched
for, at about a fifth of a second each). Every unit's ``detail``, as JSON, must then match the
schema :func:`adjudicator.details.detail_schema` writes from the game's ``detail_type``. Every way of
recording a deal is met at each table size, and every key a declaration names is met in some
game that declares it, so a declaration says neither less nor more than the games give.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any, NotRequired, TypedDict

import pytest
from jsonschema import Draft202012Validator

from adjudicator.details import detail_schema, detail_type_schema
from adjudicator.errors import GameOverError
from adjudicator.game import Game
from adjudicator.games import GAMES
from adjudicator.tally import Points, Tally

BY_GAME = [pytest.param(game, id=game.slug) for game in GAMES]
DEALS = 8
"""Sample deals played at each table size under the default house rules (fewer if it ends)."""
CHANGED_DEALS = 3
"""Sample deals played at the largest table under each house rule changed alone."""


@dataclass(frozen=True)
class Played:
    """One game played from its sample deals at one table size, under some house rules."""

    players: int
    options: dict[str, Any]
    ways: frozenset[str]
    tally: Tally

    @property
    def details(self) -> Iterator[Any]:
        for dealt in self.tally.deals:
            for result in dealt.results:
                # As the API sends it: through JSON, with nothing to make a stray value JSON.
                yield json.loads(json.dumps(result.as_dict()["detail"]))


def house_rules(game: Game[Any, Any]) -> list[dict[str, Any]]:
    """The defaults, then each yes/no or choice house rule changed alone to each other value."""
    rules: list[dict[str, Any]] = [{}]
    for info in game.describe_options():
        if info.kind == "bool":
            rules.append({info.name: not info.default})
        elif info.kind == "choice":
            rules.extend({info.name: value} for value in info.choices if value != info.default)
    return rules


def play(game: Game[Any, Any], players: int, rules: dict[str, Any], deals: int) -> Played:
    """The sample deals 1, 2, … in order through the game's tally, until it ends."""
    options = game.options(rules)
    record = game.record(options, players)
    tally = game.tally([], players=players, options=options)
    played: list[Any] = []
    ways: set[str] = set()
    for number in range(1, deals + 1):
        raw = game.sample_deal(players=players, options=options, number=number)
        deal = game.parse_deal(raw, players=players, options=options)
        try:
            tally = game.tally([*played, deal], players=players, options=options, known=tally)
        except GameOverError:
            break
        played.append(deal)
        way = record.way_of(raw)
        if way is not None:
            ways.add(way.key)
    return Played(players, rules, frozenset(ways), tally)


@cache
def plays(game: Game[Any, Any]) -> tuple[Played, ...]:
    largest = game.table_sizes()[-1]
    return (
        *(play(game, players, {}, DEALS) for players in game.table_sizes()),
        *(play(game, largest, rules, CHANGED_DEALS) for rules in house_rules(game)[1:]),
    )


@pytest.mark.parametrize("game", BY_GAME)
def test_each_game_declares_a_valid_schema_for_its_detail(game: Game[Any, Any]) -> None:
    schema = detail_schema(game)
    Draft202012Validator.check_schema(schema)
    assert schema["type"] == "object"
    assert schema["additionalProperties"] is False


@pytest.mark.parametrize("game", BY_GAME)
def test_every_detail_a_game_gives_matches_its_schema(game: Game[Any, Any]) -> None:
    validator = Draft202012Validator(detail_schema(game))
    checked = 0
    for played in plays(game):
        assert played.tally.deals, f"no sample deal scored at {played.players}"
        for detail in played.details:
            errors = [
                f"{'/'.join(map(str, e.absolute_path)) or '(detail)'}: {e.message}"
                for e in validator.iter_errors(detail)
            ]
            assert not errors, (played.players, played.options, detail, errors)
            checked += 1
    assert checked >= len(game.table_sizes()) * 2


@pytest.mark.parametrize("game", BY_GAME)
def test_every_way_of_recording_is_played_at_every_table_size(game: Game[Any, Any]) -> None:
    for played in plays(game):
        if played.options:
            continue
        record = game.record(game.options({}), played.players)
        assert played.ways == {way.key for way in record.ways}, played.players


def test_every_key_a_declaration_names_is_given_by_some_game() -> None:
    """A key no game ever gives is a promise the API cannot keep (a shared declaration, such
    as the settlement games', is covered by its games together)."""
    declared: dict[Any, set[str]] = {}
    given: dict[Any, set[str]] = {}
    for game in GAMES:
        declared.setdefault(game.detail_type, set()).update(detail_schema(game)["properties"])
        met = given.setdefault(game.detail_type, set())
        for played in plays(game):
            for detail in played.details:
                met.update(detail)
    for shape, keys in declared.items():
        assert keys == given[shape], f"{shape.__module__}.{shape.__qualname__}"


# The converter ------------------------------------------------------------------------------


class _Line(TypedDict):
    side: int
    text: str


class _Hand(TypedDict):
    count: int
    cards: NotRequired[str]
    knocker: int | None
    lines: list[_Line]


def test_a_detail_that_breaks_its_declaration_is_refused() -> None:
    validator = Draft202012Validator(detail_type_schema(_Hand))
    good = {"count": 3, "knocker": None, "lines": [{"side": 0, "text": "3 tricks"}]}
    assert validator.is_valid(good)
    assert validator.is_valid({**good, "cards": "AS KS", "knocker": 1})
    for bad in (
        {**good, "extra": 1},  # a key not declared
        {"count": 3, "lines": []},  # a required key left out, even one that may be null
        {**good, "count": 3.5},  # a fraction of points where an int is declared
        {**good, "cards": None},  # NotRequired is not nullable
        {**good, "lines": [{"side": 0}]},  # a nested object's required key
        {**good, "lines": [{"side": 0, "text": "x", "rule": "1a"}]},  # and its extra key
    ):
        assert not validator.is_valid(bad), bad


@pytest.mark.parametrize(
    "declared",
    [
        pytest.param(dict[str, int], id="a-bare-dict"),
        pytest.param(Any, id="any"),
        pytest.param(object, id="object"),
        pytest.param(tuple[int, str], id="a-fixed-tuple"),
    ],
)
def test_an_untyped_declaration_is_refused(declared: Any) -> None:
    with pytest.raises(TypeError):
        detail_type_schema(declared)


class _Shared(TypedDict):
    share: Points


def test_points_that_may_be_fractions_are_refused_in_a_detail() -> None:
    with pytest.raises(TypeError, match="points_json"):
        detail_type_schema(_Shared)
