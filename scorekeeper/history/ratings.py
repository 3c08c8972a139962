"""Players' ratings, read from the finished games a person can see, like every total.

Nothing here is stored: a rating is what :mod:`adjudicator.ratings` makes of the finished games
in the nights the reader can see, taken in the order they finished. A game finished when its
last counted deal was first recorded, or when the table ended it; an amend of an earlier deal
does not move it, a void or an undone end can. So an amend, a void, an undone end or an import
changes every rating after it, and the same ledger always gives the same ratings.

Every read is of one :class:`~scorekeeper.history.scope.Scope`: its nights, with each seat's
player read as the scope says (a merged player as the one they were merged into, on one's own
page every player who is them as one).

Reading is cheap however long the history: the finished games come from the kept replays in a
fixed number of queries (:func:`standings_for_games`), and each process keeps the last run of
ratings per scope, game and year, which :meth:`Run.following` rates again only from the first
game that changed. Who is read as whom (:meth:`Scope.signature`) is part of what names a kept
read, so a merge or its undo is never answered from a read made before it.
"""

from __future__ import annotations

import datetime
import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from django.db.models import Count, Max, QuerySet, Sum

from adjudicator.games import get_game
from adjudicator.ratings import PROVISIONAL_GAMES, Change, Finish, Rating, Run, finish
from scorekeeper.history.scope import Scope
from scorekeeper.models import Entry, Game, Player
from scorekeeper.standings.scoreboard import Standings, standings_for_games

# What each process keeps, per scope (its key), game (or across games, "") and year (or 0): the
# finished games as last read, named by the signature of their ledgers and by who was read as
# whom; and the run of ratings over them, named by who was read as whom.
_RUNS_KEPT = 500
_FINISHED_KEPT = 64
type _Kept = tuple[str, str, int]
type _Same = tuple[tuple[int, int], ...]
_runs: OrderedDict[_Kept, tuple[_Same, Run[int]]] = OrderedDict()
# the finished games as last read: what named them, the rated list, each rated game by id, and
# each game's ledger mark (so a changed ledger replays only its own games)
type _Marks = dict[int, tuple[int, int, str]]
_finished: OrderedDict[_Kept, tuple[tuple[Any, ...], list[Rated], dict[int, Rated], _Marks]] = (
    OrderedDict()
)
_runs_lock = threading.Lock()


def forget_runs() -> None:
    """Drop what is kept (the tests' fresh start; the figures never depend on it)."""
    with _runs_lock:
        _runs.clear()
        _finished.clear()


def _finished_at(standings: Standings) -> int | None:
    """The entry at which the game finished (ids grow with time), or ``None`` if it has not."""
    if not standings.finished:
        return None
    if standings.end is not None:
        return standings.end.pk
    counted = standings.counted
    if not counted:
        return None
    # A deal recorded while the game asked for confirmations held its end until it was
    # confirmed, or until the game stopped asking (scorekeeper.ledger.confirming).
    held = [
        h.confirmed.pk if h.confirmed is not None else standings.asking.released(h.current)
        for h in counted
        if standings.asking.at(h.current.pk)
    ]
    return max([h.key for h in counted] + [at for at in held if at is not None])


@dataclass(frozen=True)
class Rated:
    """A finished game as rated: the game, its standings, when it finished."""

    game: Game
    standings: Standings
    at: int
    finish: Finish[int]


def _ledgers(games: QuerySet[Game]) -> tuple[Any, ...]:
    """What names the ledgers of ``games``, in one query: entries are only ever added, so their
    number and newest id change with every record, amend, void, end or import, and the games
    holding them with every night that comes into or goes out of sight. Ids come again when a
    database is restored (or a test's is emptied): the greatest of the entries' hashes, which
    cover their content and time, tells two such ledgers apart. Whether a game asks for
    confirmations is in its ledger too (its sealed setup, its ``setting`` entries): a night's
    setting changes no finished game."""
    found = Entry.objects.filter(game__in=games).aggregate(
        entries=Count("id"),
        newest=Max("id"),
        games=Count("game", distinct=True),
        ids=Sum("game_id", distinct=True),
        hashes=Max("hash"),
    )
    return tuple(sorted(found.items()))


def rated_games(scope: Scope, *, slug: str = "", year: int | None = None) -> list[Rated]:
    """The finished games in the scope's nights (of one game, in one year, when given), in the
    order they finished, each seat's player read as the scope says. One query when nothing
    changed since this process last answered the same question; otherwise five, however many
    games, and only the games whose ledgers changed (or came into sight) are replayed: a club of
    five years (2,000 games, more than the replays kept) is not replayed whole for each new game."""
    games = Game.objects.filter(night__in=scope.nights)
    if slug:
        games = games.filter(slug=slug)
    if year:
        games = games.filter(night__date__year=year)
    key = (scope.key, slug, year or 0)
    signature = (_ledgers(games), scope.signature())
    with _runs_lock:
        kept = _finished.get(key)
    if kept is not None and kept[0] == signature:
        return kept[1]
    marks = _marks(games)
    before: dict[int, Rated | None] = {}
    if kept is not None and kept[0][1] == signature[1]:  # the same people: keep what is the same
        was = kept[3]
        before = {game: kept[2].get(game) for game, mark in marks.items() if was.get(game) == mark}
    found = _rated(list(games.select_related("night")), scope, before)
    with _runs_lock:
        _finished[key] = (signature, found, {r.game.pk: r for r in found}, marks)
        _finished.move_to_end(key)
        while len(_finished) > _FINISHED_KEPT:
            _finished.popitem(last=False)
    return found


def _marks(games: QuerySet[Game]) -> _Marks:
    """Each game's ledger, named in one query: its entries' number, newest id and greatest hash
    (entries are only ever added; see :func:`_ledgers`)."""
    rows = (
        Entry.objects.filter(game__in=games)
        .values("game")
        .annotate(entries=Count("id"), newest=Max("id"), hashes=Max("hash"))
        .values_list("game", "entries", "newest", "hashes")
    )
    return {game: (entries, newest, hashes) for game, entries, newest, hashes in rows}


def _rated(rows: list[Game], scope: Scope, before: Mapping[int, Rated | None]) -> list[Rated]:
    """The finished games of ``rows`` rated; ``before`` holds games whose ledgers have not
    changed since they were last read, as they were read (``None``: not finished then)."""
    found: list[Rated] = []
    fresh = [game for game in rows if game.pk not in before]
    standings = standings_for_games(fresh)
    for game in rows:
        if game.pk in before:
            kept = before[game.pk]
            if kept is not None:  # as read then, with the game (and its night) as read now
                found.append(replace(kept, game=game))
            continue
        replayed = standings[game.pk]
        at = None if replayed is None or replayed.problems else _finished_at(replayed)
        if replayed is None or at is None:
            continue
        players = [scope.one(seat.player_id) for seat in replayed.seats]
        try:
            rated = finish(game.pk, game.slug, replayed.tally, players)
        except ValueError:  # a player seated twice (or two read as one): no contest to rate
            continue
        found.append(Rated(game, replayed, at, rated))
    found.sort(key=lambda r: r.at)
    return found


def _run(scope: Scope, rated: Sequence[Rated], slug: str, year: int | None) -> Run[int]:
    key, same = (scope.key, slug, year or 0), scope.signature()
    with _runs_lock:
        kept = _runs.get(key)
    start = kept[1] if kept is not None and kept[0] == same else Run[int]()
    run = start.following(r.finish for r in rated)
    with _runs_lock:
        _runs[key] = (same, run)
        _runs.move_to_end(key)
        while len(_runs) > _RUNS_KEPT:
            _runs.popitem(last=False)
    return run


@dataclass(frozen=True)
class Standing:
    """One player's line on a leaderboard."""

    place: int
    player: Player
    rating: Rating
    won: int

    @property
    def played(self) -> int:
        """The finished games rated (``won`` of them in first place)."""
        return self.rating.games

    @property
    def provisional(self) -> bool:
        return self.rating.provisional

    @property
    def to_settle(self) -> int:
        """Finished games still to play before the rating settles (0 once it has)."""
        return max(0, PROVISIONAL_GAMES - self.rating.games)


@dataclass(frozen=True)
class Leaderboard:
    slug: str
    name: str
    year: int | None
    rows: tuple[Standing, ...]
    games: int

    @property
    def provisional_games(self) -> int:
        return PROVISIONAL_GAMES

    @property
    def all_provisional(self) -> bool:
        return bool(self.rows) and all(row.provisional for row in self.rows)


def leaderboard(scope: Scope, *, slug: str = "", year: int | None = None) -> Leaderboard:
    """The players of the scope's nights, by rating in one game (or across games), from the
    games finished in one year (or ever). Five queries, however many nights."""
    rated = rated_games(scope, slug=slug, year=year)
    run = _run(scope, rated, slug, year)
    won: dict[int, int] = {}
    for game in rated:
        for team, place in zip(game.finish.teams, game.finish.places, strict=True):
            for player in team:
                won[player] = won.get(player, 0) + (place == 1)
    players = Player.objects.in_bulk(list(run.ratings))
    ordered = sorted(
        run.ratings.items(),
        key=lambda item: (
            item[1].provisional,
            -item[1].shown,
            -item[1].games,
            players[item[0]].name.casefold(),
        ),
    )
    rows = tuple(
        Standing(place, players[pk], rating, won.get(pk, 0))
        for place, (pk, rating) in enumerate(ordered, start=1)
    )
    name = get_game(slug).name if slug else "All games"
    return Leaderboard(slug, name, year, rows, len(rated))


def years(scope: Scope) -> list[int]:
    """The years of the scope's nights, newest first (for the leaderboard's filter)."""
    return sorted({d.year for d in scope.nights.dates("date", "year")}, reverse=True)


@dataclass(frozen=True)
class Moved:
    """What one finished game did to one player's rating in that game."""

    name: str
    change: Change[int]

    @property
    def before(self) -> float:
        return self.change.before.shown

    @property
    def after(self) -> float:
        return self.change.after.shown

    @property
    def provisional(self) -> bool:
        return self.change.after.provisional


def game_changes(scope: Scope, game: Game) -> list[Moved]:
    """What a finished game did to each of its players' ratings in that game, in seat order
    (nothing for an unfinished game, or a game outside the scope)."""
    rated = rated_games(scope, slug=game.slug)
    run = _run(scope, rated, game.slug, None)
    for index, finished in enumerate(run.finishes):
        if finished.key == game.pk:
            changes = {change.player: change for change in run.changes[index]}
            seated = [scope.one(seat.player_id) for seat in rated[index].standings.seats]
            names = {p.pk: p.name for p in Player.objects.filter(pk__in=changes)}  # as now
            return [Moved(names[player], changes[player]) for player in seated]
    return []


@dataclass(frozen=True)
class Point:
    """A player's rating in one game after one of their finished games."""

    game: Game
    date: datetime.date
    at: int
    rating: Rating


@dataclass(frozen=True)
class GameRating:
    """A player's rating in one game, with how it got there."""

    slug: str
    name: str
    rating: Rating
    points: tuple[Point, ...]

    @property
    def to_settle(self) -> int:
        """Finished games of this game still to play before the rating settles (0 once it has)."""
        return max(0, PROVISIONAL_GAMES - self.rating.games)

    @property
    def provisional_games(self) -> int:
        return PROVISIONAL_GAMES


def player_ratings(scope: Scope, player: Player) -> list[GameRating]:
    """A player's rating in each game they finished (most played first), with its history:
    their games in the scope's nights, with every player read as them there."""
    me = scope.one(player.pk)
    rated = rated_games(scope)
    by_game: dict[str, list[Rated]] = {}
    for game in rated:
        by_game.setdefault(game.game.slug, []).append(game)
    result = []
    for slug, games in by_game.items():
        run = _run(scope, games, slug, None)
        points = tuple(
            Point(games[index].game, games[index].game.night.date, games[index].at, change.after)
            for index, changed in enumerate(run.changes)
            for change in changed
            if change.player == me
        )
        if points:
            rating = points[-1].rating
            result.append(GameRating(slug, get_game(slug).name, rating, points))
    result.sort(key=lambda g: (-g.rating.games, g.name))
    return result
