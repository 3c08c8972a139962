"""Reads for looking back: past nights and their games, a night's recap, a player's record
across games, and two players head to head.

Every page here shows many games at once, so the games, their seats and their ledgers are
loaded in a fixed number of queries (:func:`standings_for_games`) and replayed in memory: the
number of queries does not grow with the number of nights. Nothing here knows a game's name:
what a game counts as a feat comes from the engine (``Game.feats``).

A player's record and two players head to head read one
:class:`~scorekeeper.history.scope.Scope`: its nights, with every seat read as the scope says
(a merged player's games are the games of the player they were merged into).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.db.models import Count, Q, QuerySet

from adjudicator.games import all_games
from adjudicator.tally import Points, format_points
from scorekeeper.clubs import identity
from scorekeeper.history.feat_names import feat_name
from scorekeeper.history.scope import Scope
from scorekeeper.languages.speaking import names_said
from scorekeeper.models import Game, Night, Player, Ruling, Seat
from scorekeeper.standings.in_words import standing_text, won_text
from scorekeeper.standings.scoreboard import Standings, standings_for_games

# History: nights by date ------------------------------------------------------------------------


@dataclass(frozen=True)
class PastGame:
    """One game as the history tells it: who won (or leads), and how often the table corrected
    itself (deals amended, deals voided)."""

    game: Game
    standings: Standings | None
    amended: int = 0
    voided: int = 0

    @property
    def name(self) -> str:
        return self.game.name

    @property
    def finished(self) -> bool:
        return self.standings is not None and self.standings.finished

    @property
    def deals(self) -> int:
        return 0 if self.standings is None else len(self.standings.tally.deals)

    @property
    def winners_text(self) -> str:
        return "" if self.standings is None else names_said(self.standings.winner_names)

    @property
    def won_text(self) -> str:
        """ "Mary won"; in a settlement game "Tom won, up 37½"."""
        if self.standings is None or not self.standings.tally.winners:
            return ""
        tally = self.standings.tally
        total = tally.totals[tally.winners[0]]
        return won_text(
            self.standings.winner_names, total, settles=tally.settles, sides=self.standings.in_sides
        )

    @property
    def leaders_text(self) -> str:
        """ "Mary leads on 48"; in a settlement game "Tom is up 37½"."""
        if self.standings is None or not self.deals:
            return ""
        tally = self.standings.tally
        total = tally.totals[tally.leaders[0]]
        return standing_text(
            self.standings.leader_names,
            total,
            settles=tally.settles,
            sides=self.standings.in_sides,
        )

    @property
    def players(self) -> list[str]:
        return [] if self.standings is None else list(self.standings.names)


@dataclass(frozen=True)
class PastNight:
    night: Night
    games: tuple[PastGame, ...]
    rulings: int = 0  # rulings saved to the night from the dispute desk

    @property
    def players(self) -> list[str]:
        """Everyone who sat at a game of the night, in the order they first sat down."""
        seen: dict[str, None] = {}
        for game in self.games:
            for name in game.players:
                seen.setdefault(name, None)
        return list(seen)

    @property
    def amended(self) -> int:
        return sum(g.amended for g in self.games)

    @property
    def voided(self) -> int:
        return sum(g.voided for g in self.games)


def _past_game(game: Game, standings: Standings | None) -> PastGame:
    if standings is None:
        return PastGame(game, None)
    amended = sum(1 for h in standings.history if h.amended)
    voided = sum(1 for h in standings.history if h.voided)
    return PastGame(game, standings, amended, voided)


def past_nights(nights: Iterable[Night]) -> list[PastNight]:
    """Each night with its games replayed, in a fixed number of queries."""
    nights = list(nights)
    games = list(
        Game.objects.filter(night__in=[n.pk for n in nights])
        .select_related("night")
        .order_by("night", "number")
    )
    standings = standings_for_games(games)
    by_night: dict[int, list[PastGame]] = defaultdict(list)
    for game in games:
        by_night[game.night_id].append(_past_game(game, standings[game.pk]))
    rulings = dict(
        Ruling.objects.filter(night__in=[n.pk for n in nights])
        .values("night")
        .annotate(n=Count("id"))
        .values_list("night", "n")
    )
    return [
        PastNight(night, tuple(by_night[night.pk]), rulings.get(night.pk, 0)) for night in nights
    ]


def search_nights(scope: Scope, *, player: str = "", game: str = "") -> QuerySet[Night]:
    """The scope's nights, newest first, narrowed to those where a player whose name contains
    ``player`` sat down (or one read as them), and to those with a game of the slug ``game``."""
    nights = scope.nights
    player = " ".join(player.split())
    if player:
        named = Q(games__seats__player__name__icontains=player) | Q(players__name__icontains=player)
        merged = _merged_into_named(scope, player)
        if merged:
            named |= Q(games__seats__player__in=merged)
        nights = nights.filter(named)
    if game:
        nights = nights.filter(games__slug=game)
    return nights.distinct()


def _merged_into_named(scope: Scope, name: str) -> list[int]:
    """The players read as someone whose name contains ``name``: their seats are that
    player's. No query when nobody is read as anyone else."""
    if not scope.same:
        return []
    targets = set(scope.same.values())
    named = set(
        Player.objects.filter(pk__in=targets, name__icontains=name).values_list("pk", flat=True)
    )
    return sorted(merged for merged, into in scope.same.items() if into in named)


def game_choices() -> list[tuple[str, str]]:
    """Every game the engine knows, for the search form: (slug, name)."""
    return [(g.slug, g.name) for g in all_games()]


# A player's record ------------------------------------------------------------------------------


def visible_players(scope: Scope) -> QuerySet[Player]:
    """Players one may look up in the scope: for a person, their own roster and their clubs',
    and anyone seated in a night they can see; never a player merged into another."""
    return scope.players


def _player_games(scope: Scope, players: list[int]) -> list[Game]:
    """The scope's games in which every one of ``players`` (or a player read as them) sat,
    oldest first."""
    games = Game.objects.filter(night__in=scope.nights)
    for player in players:
        them = identity.all_as(scope.same, player)
        games = games.filter(pk__in=Seat.objects.filter(player__in=them).values("game"))
    return list(games.select_related("night").order_by("night__date", "night_id", "number"))


def _unit_of(standings: Standings, scope: Scope, player: int) -> int | None:
    for seat in standings.seats:
        if scope.one(seat.player_id) == player:
            return standings.seating.unit_of(seat.position)
    return None


@dataclass
class FeatTotal:
    """A feat added up over games: ``sum`` adds, ``max`` keeps the best."""

    key: str
    label: str
    best: str
    value: Points = 0

    def add(self, value: Points) -> None:
        self.value = self.value + value if self.best == "sum" else max(self.value, value)

    @property
    def text(self) -> str:
        return format_points(self.value)


@dataclass
class GameRecord:
    """A player's record in one kind of game."""

    slug: str
    name: str
    lower_is_better: bool
    played: int = 0
    finished: int = 0
    won: int = 0
    totals: list[Points] = field(default_factory=list)
    feats: dict[str, FeatTotal] = field(default_factory=dict)

    @property
    def average(self) -> str:
        if not self.totals:
            return "\N{EN DASH}"
        mean = sum(self.totals) / len(self.totals)
        return f"{mean:.1f}".removesuffix(".0")

    @property
    def best(self) -> str:
        if not self.totals:
            return "\N{EN DASH}"
        return format_points(min(self.totals) if self.lower_is_better else max(self.totals))

    @property
    def feat_list(self) -> list[FeatTotal]:
        return list(self.feats.values())


@dataclass(frozen=True)
class PlayerRecord:
    player: Player
    games: tuple[GameRecord, ...]
    feats: tuple[FeatTotal, ...]

    @property
    def played(self) -> int:
        return sum(g.played for g in self.games)

    @property
    def won(self) -> int:
        return sum(g.won for g in self.games)


def _add_feat(book: dict[str, FeatTotal], key: str, label: str, best: str, value: Points) -> None:
    if key not in book:
        book[key] = FeatTotal(key, label, best)
    book[key].add(value)


def player_record(scope: Scope, player: Player) -> PlayerRecord:
    """Games played and won per game, average and best totals, and each game's feats, over the
    scope's games (a player read as ``player`` there plays as them)."""
    me = scope.one(player.pk)
    games = _player_games(scope, [me])
    standings = standings_for_games(games)
    records: dict[str, GameRecord] = {}
    overall: dict[str, FeatTotal] = {}
    for game in games:
        found = standings[game.pk]
        if found is None or not found.tally.deals:  # a game nobody played a deal of
            continue
        unit = _unit_of(found, scope, me)
        if unit is None:  # pragma: no cover - the games were chosen by the player's seat
            continue
        tally = found.tally
        record = records.setdefault(
            game.slug, GameRecord(game.slug, game.name, tally.lower_is_better)
        )
        record.played += 1
        record.totals.append(tally.totals[unit])
        if found.finished:
            record.finished += 1
            record.won += unit in tally.winners
        for feat in found.definition.feats(tally):
            if unit < len(feat.values):
                value = feat.values[unit]
                name = feat_name(feat)  # in the language spoken
                _add_feat(record.feats, feat.key, name, feat.best, value)
                _add_feat(overall, feat.key, name, feat.best, value)
    ordered = sorted(records.values(), key=lambda r: (-r.played, r.name))
    return PlayerRecord(player, tuple(ordered), tuple(overall.values()))


# Head to head -----------------------------------------------------------------------------------


@dataclass
class Rivalry:
    """Two players in one kind of game: games both played, and of those finished, how often
    each finished ahead of the other (``level`` when tied or on the same side)."""

    slug: str
    name: str
    played: int = 0
    first_ahead: int = 0
    second_ahead: int = 0
    level: int = 0


@dataclass(frozen=True)
class HeadToHead:
    first: Player
    second: Player
    games: tuple[Rivalry, ...]

    @property
    def played(self) -> int:
        return sum(r.played for r in self.games)

    @property
    def first_ahead(self) -> int:
        return sum(r.first_ahead for r in self.games)

    @property
    def second_ahead(self) -> int:
        return sum(r.second_ahead for r in self.games)


def _ahead(a: Points, b: Points, lower_is_better: bool) -> int:
    """1 when ``a`` is the better total, -1 when ``b`` is, 0 when level."""
    if a == b:
        return 0
    return 1 if (a < b) == lower_is_better else -1


def head_to_head(scope: Scope, first: Player, second: Player) -> HeadToHead:
    """Two players in the scope's games where both sat: per game, games both played, and of
    those finished, how often each finished ahead."""
    one, other = scope.one(first.pk), scope.one(second.pk)
    games = _player_games(scope, [one, other])
    standings = standings_for_games(games)
    rivalries: dict[str, Rivalry] = {}
    for game in games:
        found = standings[game.pk]
        if found is None or not found.tally.deals:  # a game nobody played a deal of
            continue
        rivalry = rivalries.setdefault(game.slug, Rivalry(game.slug, game.name))
        rivalry.played += 1
        if not found.finished:
            continue
        a, b = _unit_of(found, scope, one), _unit_of(found, scope, other)
        if a is None or b is None:  # pragma: no cover - both were seated
            continue
        totals = found.tally.totals
        verdict = 0 if a == b else _ahead(totals[a], totals[b], found.tally.lower_is_better)
        if verdict > 0:
            rivalry.first_ahead += 1
        elif verdict < 0:
            rivalry.second_ahead += 1
        else:
            rivalry.level += 1
    ordered = sorted(rivalries.values(), key=lambda r: (-r.played, r.name))
    return HeadToHead(first, second, tuple(ordered))


def recap(night: Night) -> PastNight:
    """One night for its printable recap: its games replayed, each with every deal."""
    return past_nights([night])[0]


__all__ = [
    "HeadToHead",
    "PastGame",
    "PastNight",
    "PlayerRecord",
    "head_to_head",
    "past_nights",
    "player_record",
    "recap",
    "search_nights",
    "standings_for_games",
    "visible_players",
]
