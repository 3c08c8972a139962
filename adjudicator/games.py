"""Every game Scorekeeper knows, in one explicit list, found by slug: ``get_game("brummy")``.

A game joins by being added to :data:`GAMES`, nothing else: no registration by import, so what
the engine knows can be read here. Each game keeps the contract of :class:`adjudicator.game.Game`.
"""

from __future__ import annotations

from typing import Any

from adjudicator.errors import UnknownGameError
from adjudicator.game import Game
from adjudicator.grids.brummy import Brummagem, Brummy
from adjudicator.messages import Verbatim, joined, msg
from adjudicator.rummy.boathouse import BoathouseRummy
from adjudicator.rummy.bridge_rummy import BridgeRummy
from adjudicator.rummy.continental import Continental
from adjudicator.rummy.crummy_rummy import CrummyRummy
from adjudicator.rummy.gamblers import Gamblers
from adjudicator.rummy.knock_rummy import KnockRummy
from adjudicator.rummy.rummy import Rummy
from adjudicator.tricks.alkort import Alkort
from adjudicator.tricks.brus import Brus
from adjudicator.tricks.treikort import Treikort
from adjudicator.tricks.voormsi import Voormsi

GAMES: tuple[Game[Any, Any], ...] = (
    BridgeRummy(),
    Brummy(),
    Brummagem(),
    Voormsi(),
    Brus(),
    Alkort(),
    Treikort(),
    Rummy(),
    BoathouseRummy(),
    Gamblers(),
    KnockRummy(),
    Continental(),
    CrummyRummy(),
)

_BY_SLUG: dict[str, Game[Any, Any]] = {game.slug: game for game in GAMES}
if len(_BY_SLUG) != len(GAMES):  # pragma: no cover - a programming error, caught at import
    raise ValueError("two games share a slug")


# The most seats any game has: the bound of a seat number anywhere a game is not yet known.
MAX_TABLE = max(game.max_players for game in GAMES)


def all_games() -> tuple[Game[Any, Any], ...]:
    return GAMES


def get_game(slug: str) -> Game[Any, Any]:
    """The game with this slug.

    >>> get_game("bridge-rummy").name
    'Bridge Rummy'
    """
    try:
        return _BY_SLUG[slug]
    except KeyError:
        raise UnknownGameError(
            msg(
                "There is no game {slug}; known games: {games}.",
                slug=Verbatim(repr(str(slug)[:40])),
                games=joined([Verbatim(known) for known in sorted(_BY_SLUG)], ", "),
            ),
            field="game",
        ) from None
