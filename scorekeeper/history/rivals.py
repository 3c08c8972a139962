"""A player's rival, nemesis, best partner, winning streaks and records, from their finished games.

Everything here is read from the same finished games the ratings read (:func:`rated_games`:
the scope's nights, in the order the games finished, each seat read as the scope says), so the
figures agree with the leaderboard, follow every amend and void, and count a merged player's
games as the player they were merged into. Each figure keeps the games behind it, for the
page to link to. A player is *ahead* of another when they finished in a better place, by the
game's own tally (winners first, the rest by total, equal totals level).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from django.utils.translation import gettext

from adjudicator.tally import Points, format_points
from scorekeeper.history.feat_names import record_name
from scorekeeper.history.ratings import Rated, rated_games
from scorekeeper.history.scope import Scope
from scorekeeper.models import Game, Player

NEMESIS_MEETINGS = 5
"""Meetings needed before an opponent who often finishes ahead counts as a nemesis."""
PARTNER_GAMES = 3
"""Games together needed before a partner's win rate counts."""


@dataclass
class Meetings:
    """One opponent across the games both finished on different sides."""

    opponent: Player
    ahead: int = 0  # the player finished ahead
    behind: int = 0  # the opponent did
    level: int = 0
    games: list[Game] = field(default_factory=list)

    @property
    def met(self) -> int:
        return len(self.games)


@dataclass
class Partnership:
    """One partner across the games both played on the same side."""

    partner: Player
    won: int = 0
    games: list[Game] = field(default_factory=list)

    @property
    def rate(self) -> float:
        return self.won / len(self.games)

    @property
    def percent(self) -> int:
        return round(100 * self.rate)


@dataclass(frozen=True)
class Streak:
    """Games won in a row, in the order they finished."""

    games: tuple[Game, ...] = ()

    @property
    def length(self) -> int:
        return len(self.games)


@dataclass(frozen=True)
class Record:
    """A player's best in one game: a figure, what it is, and the game it came in."""

    label: str
    value: str
    game: Game


@dataclass(frozen=True)
class GameRecords:
    slug: str
    name: str
    records: tuple[Record, ...]


@dataclass(frozen=True)
class Rivals:
    """What a player's finished games say about them against the others at the table."""

    finished: int
    rival: Meetings | None
    nemesis: Meetings | None
    partner: Partnership | None
    current: Streak
    longest: Streak
    records: tuple[GameRecords, ...]

    @property
    def nemesis_meetings(self) -> int:
        return NEMESIS_MEETINGS

    @property
    def partner_games(self) -> int:
        return PARTNER_GAMES


def _ahead(mine: int, theirs: int) -> int:
    return (mine < theirs) - (mine > theirs)


def _margin(totals: Sequence[Points], unit: int, lower_is_better: bool) -> Points:
    """How far a winning unit finished clear of the best of the rest."""
    others = [t for u, t in enumerate(totals) if u != unit]
    if not others:
        return 0
    best = min(others) if lower_is_better else max(others)
    return best - totals[unit] if lower_is_better else totals[unit] - best


class _Book:
    """A game's records for one player, kept as the best so far with the game it came in."""

    def __init__(self) -> None:
        self.best: dict[str, tuple[Points, str, Game]] = {}

    def offer(
        self, key: str, label: str, value: Points, game: Game, *, lower: bool = False
    ) -> None:
        held = self.best.get(key)
        if held is None or (value < held[0] if lower else value > held[0]):
            self.best[key] = (value, label, game)

    def records(self) -> tuple[Record, ...]:
        return tuple(
            Record(label, format_points(value), game) for value, label, game in self.best.values()
        )


def rivals(scope: Scope, player: Player) -> Rivals:
    """The player's rival (the opponent met most), nemesis (the one most often ahead of them,
    after :data:`NEMESIS_MEETINGS` meetings), best partner (the best win rate together, after
    :data:`PARTNER_GAMES` games), winning streaks and records per game, over the finished games
    in the scope's nights. As many queries however many games."""
    me = scope.one(player.pk)
    finished = [game for game in rated_games(scope) if _in(game, me)]
    seated = {other for game in finished for team in game.finish.teams for other in team}
    people = Player.objects.in_bulk(seated)  # their names as they are now
    meetings: dict[int, Meetings] = {}
    partners: dict[int, Partnership] = {}
    books: dict[str, tuple[str, _Book]] = {}
    current: list[Game] = []
    longest: list[Game] = []
    for rated in finished:
        game, standings, result = rated.game, rated.standings, rated.finish
        unit = next(u for u, team in enumerate(result.teams) if me in team)
        place = result.places[unit]
        won = place == 1
        for other_unit, team in enumerate(result.teams):
            for other in team:
                if other == me:
                    continue
                if other_unit == unit:
                    together = partners.setdefault(other, Partnership(people[other]))
                    together.games.append(game)
                    together.won += won
                    continue
                met = meetings.setdefault(other, Meetings(people[other]))
                met.games.append(game)
                verdict = _ahead(place, result.places[other_unit])
                met.ahead += verdict > 0
                met.behind += verdict < 0
                met.level += verdict == 0
        current = [*current, game] if won else []
        if len(current) > len(longest):
            longest = current
        tally = standings.tally
        book = books.setdefault(game.slug, (standings.definition.name, _Book()))[1]
        lower = tally.lower_is_better
        # Translators: a player's record in a game: their best total in one game of it.
        book.offer("total", gettext("Best total"), tally.totals[unit], game, lower=lower)
        if won:
            margin = _margin(tally.totals, unit, lower)
            # Translators: a player's record in a game: the most they won one game of it by.
            book.offer("margin", gettext("Biggest win"), margin, game)
        for feat in standings.definition.feats(tally):
            if feat.values[unit] > 0:
                book.offer(feat.key, record_name(feat), feat.values[unit], game)
    rival = max(meetings.values(), key=lambda m: (m.met, m.ahead), default=None)
    nemeses = [m for m in meetings.values() if m.met >= NEMESIS_MEETINGS and m.behind > m.ahead]
    nemesis = max(nemeses, key=lambda m: (m.behind, m.behind / m.met), default=None)
    steady = [p for p in partners.values() if len(p.games) >= PARTNER_GAMES]
    partner = max(steady, key=lambda p: (p.rate, len(p.games)), default=None)
    records = tuple(
        GameRecords(slug, name, book.records())
        for slug, (name, book) in sorted(books.items(), key=lambda item: item[1][0])
    )
    return Rivals(
        len(finished),
        rival,
        nemesis,
        partner,
        Streak(tuple(current)),
        Streak(tuple(longest)),
        records,
    )


def _in(rated: Rated, player: int) -> bool:
    """Whether ``player`` (as the scope reads the seats) finished the game."""
    return any(player in team for team in rated.finish.teams)
