"""Every question of every game describes its input as fields, and its sample is answered."""

from __future__ import annotations

from typing import Any

import pytest

from adjudicator.asking import KINDS, describe_input
from adjudicator.errors import AdjudicationError
from adjudicator.game import Game
from adjudicator.games import all_games

QUESTIONS = [
    pytest.param(game, name, id=f"{game.slug}-{name}")
    for game in all_games()
    for name in game.questions()
]


def test_every_game_asks_something() -> None:
    assert all(game.questions() for game in all_games())


@pytest.mark.parametrize(("game", "name"), QUESTIONS)
def test_every_question_describes_its_input(game: Game[Any, Any], name: str) -> None:
    asks = game.questions()[name].asks
    assert asks is not None, f"{game.slug} {name} has no input description"
    for players in game.table_sizes():
        fields = asks.fields(players, game.options())
        assert fields or asks.players, "a question takes something, if only the table size"
        assert {f.kind for f in fields} <= KINDS
        assert all(d["label"] for d in describe_input(fields))


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.slug)
def test_every_question_has_a_label_in_a_players_words(game: Game[Any, Any]) -> None:
    titles = [q.title for q in game.questions().values()]
    assert all(t and t[0].isupper() and t.endswith("?") for t in titles), titles
    assert len(set(titles)) == len(titles), "two questions of one game read the same"


@pytest.mark.parametrize(("game", "name"), QUESTIONS)
def test_every_sample_is_answered_at_every_table_size(game: Game[Any, Any], name: str) -> None:
    asks = game.questions()[name].asks
    assert asks is not None
    for players in game.table_sizes():
        data = asks.example(players, game.options())
        keys = {f.key for f in asks.fields(players, game.options())}
        assert set(data) <= keys, "the sample gives only described fields"
        if asks.players:
            data["players"] = players
        answer = game.ask(name, data)
        assert isinstance(answer, dict)


@pytest.mark.parametrize(("game", "name"), QUESTIONS)
def test_what_a_question_requires_is_what_it_refuses_without(
    game: Game[Any, Any], name: str
) -> None:
    # The description says which fields are required (the API lists them for scripts): each
    # field left out of the sample is refused exactly when it is said to be required.
    asks = game.questions()[name].asks
    assert asks is not None
    for players in game.table_sizes():
        options = game.options()
        required = asks.required(players, options)
        in_ways = {k for w in asks.ways(players, options) for k in w.fields}
        sample = asks.example(players, options)
        assert required <= set(sample), "the sample gives every required field"
        for f in asks.fields(players, options):
            if f.key in in_ways:
                continue  # given way by way: the record's ways say which
            data = {k: v for k, v in sample.items() if k != f.key}
            if asks.players:
                data["players"] = players
            try:
                game.ask(name, data)
                refused = False
            except AdjudicationError:
                refused = True
            said = "required" if f.key in required else "optional"
            assert refused == (f.key in required), f"{f.key} at {players} is said {said}"


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.slug)
def test_every_recorded_deal_can_be_disputed_and_answered(game: Game[Any, Any]) -> None:
    # "Dispute this hand": any recorded deal of any game turns into a question its desk
    # answers, at every table size, from the record alone.
    options = game.options()
    for players in game.table_sizes():
        for number in (1, 2):
            record = game.sample_deal(players=players, options=options, number=number)
            disputed = game.dispute(record, number=number, players=players, options=options)
            assert disputed.question in game.questions()
            answer = game.ask(disputed.question, {**disputed.data, "players": players})
            assert answer, (game.slug, players, number)
