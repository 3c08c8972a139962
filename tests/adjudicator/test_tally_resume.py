"""A tally resumed from a tally of its first deals equals a tally from the start, in every game:
the app keeps a game's last tally and scores only the deals recorded since (issue 12)."""

from __future__ import annotations

from typing import Any
from unittest import mock

import pytest

from adjudicator.errors import GameOverError
from adjudicator.game import Game
from adjudicator.games import all_games


def _played(game: Game[Any, Any], players: int, options: Any, most: int = 8) -> list[Any]:
    """The game's sample deals in order, up to the deal that ends it (or ``most``)."""
    deals: list[Any] = []
    for number in range(1, most + 1):
        raw = game.sample_deal(players=players, options=options, number=number)
        deals.append(game.parse_deal(raw, players=players, options=options))
        if game.tally(deals, players=players, options=options).finished:
            break
    return deals


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.slug)
def test_a_tally_resumed_after_any_deal_equals_one_from_the_start(game: Game[Any, Any]) -> None:
    options = game.options()
    sizes = game.table_sizes()
    for players in sorted({min(sizes), max(sizes)}):
        deals = _played(game, players, options)
        whole = game.tally(deals, players=players, options=options)
        for upto in range(len(deals) + 1):
            known = game.tally(deals[:upto], players=players, options=options)
            resumed = game.tally(deals, players=players, options=options, known=known)
            assert resumed == whole, (game.slug, players, upto)
            # A tally resumed one deal at a time carries on the same way.
            step = known
            for more in range(upto + 1, len(deals) + 1):
                step = game.tally(deals[:more], players=players, options=options, known=step)
            assert step == whole


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.slug)
def test_a_resumed_tally_still_refuses_a_deal_after_the_end(game: Game[Any, Any]) -> None:
    options = game.options()
    players = min(game.table_sizes())
    deals = _played(game, players, options, most=14)
    ended = game.tally(deals, players=players, options=options)
    if not ended.finished:
        pytest.skip(f"{game.slug} has no end")
    with pytest.raises(GameOverError):
        game.tally([*deals, deals[-1]], players=players, options=options, known=ended)


def test_resuming_scores_only_the_new_deals() -> None:
    game = next(g for g in all_games() if g.slug == "rummy")
    options = game.options()
    deals = _played(game, 3, options, most=30)
    known = game.tally(deals[:-1], players=3, options=options)
    with mock.patch.object(game, "score", wraps=game.score) as score:
        game.tally(deals, players=3, options=options, known=known)
    assert [call.args[0] for call in score.call_args_list] == [deals[-1]]
