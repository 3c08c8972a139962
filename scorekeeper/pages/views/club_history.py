"""A stopgap: the club pages' history read over a scope (``scorekeeper.history.scope``) while
``scorekeeper.history``'s functions still take the reader (a user) first.

Once they take a ``Scope`` first, each function here calls them straight through; then this
module goes, and the views call ``scorekeeper.history`` themselves.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from adjudicator.games import get_game
from adjudicator.ratings import Run
from scorekeeper.access.roles import User
from scorekeeper.history import ratings, records, rivals
from scorekeeper.history.scope import Scope
from scorekeeper.models import Club, Game, Player, Season


def _scoped(function: Callable[..., Any]) -> bool:
    return next(iter(inspect.signature(function).parameters)) == "scope"


def leaderboard(scope: Scope, user: User, *, slug: str = "") -> ratings.Leaderboard:
    """The scope's players by rating (across games, or in one)."""
    if _scoped(ratings.leaderboard):
        return ratings.leaderboard(scope, slug=slug)  # type: ignore[arg-type]
    games = Game.objects.filter(night__in=scope.nights)
    if slug:
        games = games.filter(slug=slug)
    rated = ratings._rated(list(games.select_related("night")))
    run = Run[int]().following(r.finish for r in rated)
    won: dict[int, int] = {}
    for game in rated:
        for team, place in zip(game.finish.teams, game.finish.places, strict=True):
            for player in team:
                won[player] = won.get(player, 0) + (place == 1)
    players = Player.objects.in_bulk(list(run.ratings))
    ordered = sorted(
        run.ratings.items(),
        key=lambda item: (item[1].provisional, -item[1].shown, -item[1].games),
    )
    rows = tuple(
        ratings.Standing(place, players[pk], rating, won.get(pk, 0))
        for place, (pk, rating) in enumerate(ordered, start=1)
    )
    name = get_game(slug).name if slug else "All games"
    return ratings.Leaderboard(slug, name, None, rows, len(rated))


def season_table(club: Club, season: Season, scope: Scope, user: User) -> ratings.Leaderboard:
    """A season's table: the history's own, when it has one, else its leaderboard."""
    try:
        from scorekeeper.history import seasons  # type: ignore[attr-defined]
    except ImportError:
        return leaderboard(scope, user)
    return seasons.season_table(club, season)  # type: ignore[no-any-return]


def player_ratings(scope: Scope, user: User, player: Player) -> list[ratings.GameRating]:
    if _scoped(ratings.player_ratings):
        return ratings.player_ratings(scope, player)  # type: ignore[arg-type]
    return ratings.player_ratings(user, player)


def player_rivals(scope: Scope, user: User, player: Player) -> rivals.Rivals:
    if _scoped(rivals.rivals):
        return rivals.rivals(scope, player)  # type: ignore[arg-type]
    return rivals.rivals(user, player)


def player_record(scope: Scope, user: User, player: Player) -> records.PlayerRecord:
    if _scoped(records.player_record):
        return records.player_record(scope, player)  # type: ignore[arg-type]
    return records.player_record(user, player)
