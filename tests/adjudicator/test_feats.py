"""Game.feats: the figures of note a game gives each unit, for a player's record across games."""

from __future__ import annotations

from typing import Any

import pytest

from adjudicator.game import Feat
from adjudicator.games import all_games, get_game


def _played(slug: str, players: int, deals: int) -> Any:
    game = get_game(slug)
    options = game.options()
    played = []
    for number in range(1, deals + 1):
        raw = game.sample_deal(players=players, options=options, number=number)
        played.append(game.parse_deal(raw, players=players, options=options))
        try:
            tally = game.tally(played, players=players, options=options)
        except ValueError:
            played.pop()
            break
        if tally.finished:
            break
    return game, game.tally(played, players=players, options=options)


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.slug)
def test_every_game_gives_one_figure_per_unit(game: Any) -> None:
    players = game.table_sizes()[-1]
    definition, tally = _played(game.slug, players, 3)
    for feat in definition.feats(tally):
        assert isinstance(feat, Feat)
        assert len(feat.values) == len(tally.totals)
        assert feat.best in ("sum", "max")
        assert feat.label and feat.key


def test_by_default_a_game_counts_its_marks() -> None:
    game, tally = _played("bridge-rummy", 4, 3)
    (stars,) = game.feats(tally)
    assert (stars.key, stars.label, stars.best) == ("stars", "stars", "sum")
    assert stars.values == tally.marks["stars"]


def test_a_game_without_marks_has_no_feats_by_default() -> None:
    game, tally = _played("rummy", 3, 2)
    assert game.feats(tally) == ()


def test_brummy_keeps_each_players_best_grid_before_the_knock_bonus() -> None:
    game = get_game("brummy")
    options = game.options()
    raw = [
        {"knocked": 0, "grids": [{"seat": 0, "total": 30}, {"seat": 1, "total": 12}]},
        {"knocked": None, "grids": [{"seat": 0, "total": 18}, {"seat": 1, "total": 25}]},
    ]
    deals = [game.parse_deal(d, players=2, options=options) for d in raw]
    (best,) = game.feats(game.tally(deals, players=2, options=options))
    assert (best.key, best.values, best.best) == ("best_grid", (30, 25), "max")


def test_voormsi_counts_a_ladder_won_only_once_the_game_is_over() -> None:
    game, tally = _played("voormsi", 4, 40)
    assert tally.finished
    (ladders,) = game.feats(tally)
    assert ladders.key == "ladders_won"
    assert ladders.values == tuple(int(u in tally.winners) for u in range(2))
    going = game.tally([], players=4, options=game.options())
    assert game.feats(going)[0].values == (0, 0)
