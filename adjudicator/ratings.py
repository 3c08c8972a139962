"""Ratings from finished games: each player's skill, learnt from the places they finished in.

The model is openskill's Plackett-Luce (Weng and Lin's Bayesian approximation, the open
successor of TrueSkill). A rating is a belief about a player's skill: ``mu`` the best guess,
``sigma`` how unsure it is. What the table sees is the *conservative* figure, ``mu - 3 sigma``,
which a player earns by playing as much as by winning: a new player starts at 0 (25 less
three times 25/3) and is shown as provisional until :data:`PROVISIONAL_GAMES` games have
narrowed the doubt.

A game rates its scoring units, not its seats: the partners of a partnership game (Voormsi at
four, Brus, Alkort at four) are one team and rise or fall together; in a game played alone each
seat is a team of one. Each unit's *place* comes from the game's own tally (:func:`places`): the
winners share first place, and every other unit is placed by its total (its net, in a
settlement game), the game's better direction first, equal totals sharing a place.

A run of ratings is the fold of :func:`rate` over finished games in the order they finished.
:class:`Run` keeps the figures after each game, so that when an earlier game changes (an amend,
a void, an undone end, an import) only the games from that one on are rated again, and the
result is exactly what rating every game from scratch gives.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

from openskill.models import PlackettLuce

from .records import Seating
from .tally import Tally

MU: Final = 25.0
"""A new player's best guess of skill: openskill's default."""
SIGMA: Final = MU / 3
"""A new player's doubt: openskill's default."""
PROVISIONAL_GAMES: Final = 5
"""Until a player has finished this many rated games, their rating is shown as provisional."""

_MODEL: Final = PlackettLuce(mu=MU, sigma=SIGMA)


@dataclass(frozen=True)
class Rating:
    """One player's rating after some games.

    >>> Rating().shown, Rating().provisional
    (0.0, True)
    >>> Rating(mu=30.0, sigma=2.0, games=9).shown
    24.0
    """

    mu: float = MU
    sigma: float = SIGMA
    games: int = 0

    @property
    def shown(self) -> float:
        """The conservative figure the table sees: ``mu - 3 sigma``, to one decimal."""
        return round(self.mu - 3 * self.sigma, 1)

    @property
    def provisional(self) -> bool:
        """Too few games yet for the figure to mean much."""
        return self.games < PROVISIONAL_GAMES


NEW: Final = Rating()


@dataclass(frozen=True)
class Finish[P: Hashable]:
    """One finished game, as the ratings see it.

    ``key`` names the game for whoever keeps the run (the app's game id); ``game`` is its slug;
    ``teams`` holds the players of each scoring unit (a side, or one seat) in the game's unit
    order, and ``places`` each unit's finishing place (1 is first; equal places are a tie).
    """

    key: Hashable
    game: str
    teams: tuple[tuple[P, ...], ...]
    places: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(self.teams) != len(self.places) or len(self.teams) < 2:
            raise ValueError("a rated game has two or more units, each with its place")
        players = [player for team in self.teams for player in team]
        if len(set(players)) != len(players) or not all(self.teams):
            raise ValueError("each player sits in one unit, and each unit has a player")


def places(tally: Tally) -> tuple[int, ...]:
    """Each scoring unit's finishing place in a finished game.

    The winners (the tally's, after the game's own tie-break) share first place; the others
    follow by total, better first, one place per unit ahead (equal totals share a place).

    >>> from adjudicator.tally import Tally
    >>> def done(totals, winners, lower=False):
    ...     return Tally((), totals, True, winners, winners, lower, "")
    >>> places(done((120, 80, 80, 30), (0,)))
    (1, 2, 2, 4)
    >>> places(done((40, 200, 40), (0, 2), lower=True))  # a shared win; penalty points
    (1, 3, 1)
    >>> places(done((50, 50, 10), (1,)))  # a tie for the lead broken by the game's rule
    (2, 1, 3)
    """
    if not tally.finished:
        raise ValueError("only a finished game is rated")
    sign = 1 if tally.lower_is_better else -1
    winners = set(tally.winners)
    result = []
    for unit, total in enumerate(tally.totals):
        if unit in winners:
            result.append(1)
            continue
        ahead = sum(
            1
            for other, theirs in enumerate(tally.totals)
            if other != unit and (other in winners or sign * theirs < sign * total)
        )
        result.append(ahead + 1)
    return tuple(result)


def finish[P: Hashable](key: Hashable, game: str, tally: Tally, players: Sequence[P]) -> Finish[P]:
    """A finished game's teams and places, from its tally and the player in each seat.

    >>> from adjudicator.records import Seating
    >>> from adjudicator.tally import Tally
    >>> sides = Seating(4, ((0, 2), (1, 3)))
    >>> tally = Tally((), (7, 11), True, (1,), (1,), False, "", seating=sides)
    >>> finish(12, "voormsi", tally, ["Ann", "Bob", "Cat", "Dan"])
    Finish(key=12, game='voormsi', teams=(('Ann', 'Cat'), ('Bob', 'Dan')), places=(2, 1))
    """
    seating = tally.seating or Seating(len(players))
    teams = tuple(tuple(players[seat] for seat in unit) for unit in seating.units)
    return Finish(key, game, teams, places(tally))


@dataclass(frozen=True)
class Change[P: Hashable]:
    """What one game did to one player's rating."""

    player: P
    before: Rating
    after: Rating

    @property
    def moved(self) -> float:
        """The change in the shown figure (rounded as it is shown)."""
        return round(self.after.shown - self.before.shown, 1)


def rate[P: Hashable](
    ratings: Mapping[P, Rating], game: Finish[P]
) -> tuple[dict[P, Rating], tuple[Change[P], ...]]:
    """The ratings after one more finished game, and what it changed for each of its players.

    >>> ann_first = Finish(1, "brummy", (("Ann",), ("Bob",)), (1, 2))
    >>> after, changes = rate({}, ann_first)
    >>> [(c.player, c.before.shown, c.after.shown) for c in changes]
    [('Ann', 0.0, 3.4), ('Bob', 0.0, -1.8)]
    >>> after["Ann"].games
    1
    """
    before = [[ratings.get(player, NEW) for player in team] for team in game.teams]
    teams = [[_MODEL.rating(mu=r.mu, sigma=r.sigma) for r in team] for team in before]
    rated = _MODEL.rate(teams, ranks=[float(place) for place in game.places])
    after = dict(ratings)
    changes = []
    for players, olds, news in zip(game.teams, before, rated, strict=True):
        for player, old, new in zip(players, olds, news, strict=True):
            now = Rating(mu=new.mu, sigma=new.sigma, games=old.games + 1)
            after[player] = now
            changes.append(Change(player, old, now))
    return after, tuple(changes)


@dataclass(frozen=True)
class Run[P: Hashable]:
    """Ratings through finished games in the order they finished, kept after each game.

    Build one with :meth:`of`; when the list of finished games changes, :meth:`following`
    rates again only from the first game that differs.

    >>> a = Finish(1, "rummy", (("Ann",), ("Bob",)), (1, 2))
    >>> b = Finish(2, "rummy", (("Bob",), ("Cat",)), (1, 2))
    >>> run = Run.of([a, b])
    >>> run.ratings["Bob"].games, run.rated
    (2, 2)
    >>> amended = run.following([a, Finish(2, "rummy", (("Bob",), ("Cat",)), (2, 1))])
    >>> amended.rated  # the first game was kept, only the second rated again
    1
    >>> amended == Run.of(amended.finishes)
    True
    """

    finishes: tuple[Finish[P], ...] = ()
    after: tuple[Mapping[P, Rating], ...] = ()
    changes: tuple[tuple[Change[P], ...], ...] = ()
    rated: int = field(default=0, compare=False)
    """How many games the last step rated (not part of the result)."""

    @classmethod
    def of(cls, finishes: Iterable[Finish[P]]) -> Run[P]:
        return cls().following(finishes)

    @property
    def ratings(self) -> Mapping[P, Rating]:
        """Everyone's rating after the last game."""
        return self.after[-1] if self.after else {}

    def following(self, finishes: Iterable[Finish[P]]) -> Run[P]:
        """The run over ``finishes``, reusing every game up to the first that differs."""
        games = tuple(finishes)
        same = 0
        for kept, game in zip(self.finishes, games, strict=False):
            if kept != game:
                break
            same += 1
        after = list(self.after[:same])
        changes = list(self.changes[:same])
        ratings: Mapping[P, Rating] = after[-1] if after else {}
        for game in games[same:]:
            ratings, changed = rate(ratings, game)
            after.append(ratings)
            changes.append(changed)
        return Run(games, tuple(after), tuple(changes), rated=len(games) - same)

    def history(self, player: P) -> tuple[tuple[Finish[P], Change[P]], ...]:
        """Each game the player finished, with what it did to their rating, in order."""
        return tuple(
            (game, change)
            for game, changed in zip(self.finishes, self.changes, strict=True)
            for change in changed
            if change.player == player
        )
