"""The components the games describe (scorekeeper/api/game_schemas.py) say what the engine does."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from adjudicator.games import all_games
from adjudicator.records import json_schema
from scorekeeper.api.game_schemas import camel, option_variants

GAMES = [pytest.param(game, id=game.slug) for game in all_games()]


def _shape(game: Any, options: Any, players: int) -> str:
    return repr(json_schema(game.record(options, players), players))


@pytest.mark.parametrize("game", GAMES)
def test_every_house_rule_gives_a_deal_shape_the_schema_publishes(game: Any) -> None:
    """The deal variants are made from the defaults and each yes-or-no or choice rule changed
    alone; a whole-number rule at either end of its range must change no shape (else the
    schema would refuse deals the game takes)."""
    published = {
        _shape(game, options, players)
        for _, options in option_variants(game)
        for players in game.table_sizes()
    }
    default = game.options()
    for info in game.describe_options():
        values = (
            [info.minimum, info.maximum]
            if info.kind == "int"
            else list(info.choices) or [True, False]
        )
        for value in values:
            if value is None:
                continue
            options = dataclasses.replace(default, **{info.name: value})
            for players in game.table_sizes():
                assert _shape(game, options, players) in published, (info.name, value, players)


@pytest.mark.parametrize("game", [g for g in GAMES if g.values[0].record(
    g.values[0].options(), g.values[0].max_players).ways])  # fmt: skip
def test_another_ways_fields_sent_as_null_are_left_out(game: Any) -> None:
    """What the schema declares of another way's field (null only) the engine takes as not
    given, at every table size and for each way the sample deals use."""
    options = game.options()
    for players in game.table_sizes():
        record = game.record(options, players)
        seen = set()
        for number in range(1, 9):
            deal = game.sample_deal(players=players, options=options, number=number)
            way = record.way_of(deal)
            assert way is not None
            seen.add(way.key)
            others = {k for w in record.ways if w is not way for k in w.fields} - set(way.fields)
            with_nulls = {**deal, **dict.fromkeys(others)}
            assert game.parse_deal(with_nulls, players=players, options=options) == (
                game.parse_deal(deal, players=players, options=options)
            )
        assert seen, players


def test_component_names_come_from_the_games_own_words() -> None:
    assert camel("bridge-rummy") == "BridgeRummy"
    assert camel("lowest_count_wins_on_refusal") == "LowestCountWinsOnRefusal"
