"""Reads: who may see what, and the standings computed from the ledger.

Nothing here writes. Standings are never stored: each read replays the current record of every
deal through the adjudicator, so a correction anywhere in the ledger shows everywhere at once.
"""

from __future__ import annotations

import dataclasses
import logging
from collections import OrderedDict, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.contrib.auth.models import User as AuthUser
from django.db import connection
from django.db.models import Q, QuerySet

from adjudicator.cards import Card
from adjudicator.errors import AdjudicationError, GameOverError, InvalidGridError
from adjudicator.game import Game as GameDefinition
from adjudicator.game import Mark, NightGame
from adjudicator.games import get_game
from adjudicator.grids.best import BestGrid, best_grid
from adjudicator.grids.lines import LINES, SIZES, Grid, GridRules, LineScore, Shape, score_line
from adjudicator.records import CardsField, Seating
from adjudicator.said import Naming, and_list, named
from adjudicator.tally import DealResult, Payment, Points, Tally, format_points
from scorekeeper.models import Entry, Game, Night, NightPlayer, NightViewer, Player, Seat

type User = AuthUser | AnonymousUser

logger = logging.getLogger(__name__)


def naming(seats: tuple[Seat, ...] | list[Seat], seating: Seating | None = None) -> Naming:
    """How the engine's sentences call this table's seats and sides: by the players' names.

    Sides are the teams the seats were given when the game started (``Seat.team``); a game
    whose seats carry no team falls back on the seating the engine describes.
    """
    names = tuple(seat.player.name for seat in seats)
    teams: dict[int, list[int]] = defaultdict(list)
    for seat in seats:
        if seat.team is not None:
            teams[seat.team].append(seat.position)
    if teams:
        return Naming(names, tuple(tuple(teams[t]) for t in sorted(teams)))
    return Naming(names, seating.sides if seating is not None else ())


def nights_for_user(user: User) -> QuerySet[Night]:
    """Nights the user owns, records in or watches (joined by its link), newest first."""
    if not user.is_authenticated:
        return Night.objects.none()
    watching = NightViewer.objects.filter(user=user).values("night")
    return (
        Night.objects.filter(Q(owner=user) | Q(recorders=user) | Q(pk__in=watching))
        .distinct()
        .select_related("owner")
        .order_by("-date", "-id")
    )


def with_games(nights: QuerySet[Night]) -> QuerySet[Night]:
    """``nights`` with their recorders, games, seats and players loaded in four more queries
    however many games (for the API's night, which lists them all)."""
    return nights.prefetch_related("recorders", "games__seats__player")


def games_for_user(user: User) -> QuerySet[Game]:
    """Games in the nights the user owns, records in or watches."""
    return Game.objects.filter(night__in=nights_for_user(user)).select_related("night")


def can_record(user: User, night: Night) -> bool:
    if not user.is_authenticated:
        return False
    return night.owner_id == user.pk or night.recorders.filter(pk=user.pk).exists()


def players_for_user(user: User) -> QuerySet[Player]:
    if not user.is_authenticated:
        return Player.objects.none()
    return Player.objects.filter(owner=user)


def players_for_night(night: Night) -> QuerySet[Player]:
    """Who can sit at a game of this night: the owner's players and anyone already seated."""
    return Player.objects.filter(Q(owner=night.owner_id) | Q(seats__game__night=night)).distinct()


def table_for_night(night: Night) -> list[Player]:
    """The players at a night's table, in the order they sat down."""
    return [
        row.player
        for row in NightPlayer.objects.filter(night=night).select_related("player").order_by("id")
    ]


def games_for_night(night: Night) -> QuerySet[Game]:
    return night.games.prefetch_related("seats__player")


def game_definition(game: Game) -> GameDefinition[Any, Any]:
    return get_game(game.slug)


def _pk(entry: Entry) -> int:
    return entry.pk or 0


def current_entries(game: Game) -> list[Entry]:
    """The latest revision of every deal that has not been voided, in the order first recorded."""
    revisions, _ = deal_revisions(list(game.entries.all().order_by("id")))
    return [revs[-1] for revs in revisions.values() if revs[-1].kind != Entry.Kind.VOID]


def latest_revision(game: Game, deal_key: int) -> Entry | None:
    """A deal's latest entry (None if ``deal_key`` is no deal of the game: an end is none)."""
    if not game.entries.filter(pk=deal_key, kind=Entry.Kind.RECORD).exists():
        return None
    return (
        game.entries.filter(Q(pk=deal_key, deal__isnull=True) | Q(deal_id=deal_key))
        .order_by("-id")
        .first()
    )


def is_ended(game: Game) -> bool:
    """Whether the table's end of the game stands (an ``end`` entry no void took back): two
    small queries, no replay (the services ask it before every change to a deal)."""
    ends = list(game.entries.filter(kind=Entry.Kind.END).values_list("pk", flat=True))
    if not ends:
        return False
    undone = set(game.entries.filter(deal_id__in=ends).values_list("deal_id", flat=True))
    return any(pk not in undone for pk in ends)


def next_deal_number(game: Game) -> int:
    """The number the next recorded deal will carry: voided deals keep their numbers."""
    return game.entries.filter(kind=Entry.Kind.RECORD).count() + 1


# Replaying the ledger ---------------------------------------------------------------------------


@dataclass(frozen=True)
class LedgerProblem:
    """A deal the adjudicator cannot count, said for the table, with what would fix it."""

    key: int
    number: int
    message: str
    fix: str


@dataclass(frozen=True)
class Replay:
    """The deals that count, their tally, and the deals that could not be counted, and why.

    A ledger always replays to something: a deal whose record cannot be read, or that cannot
    follow the deals before it (a deal after the game ended), is left out and named as a
    problem, so a read never fails on a ledger however it came to be.
    """

    tally: Tally
    results: dict[int, DealResult]
    problems: tuple[LedgerProblem, ...]
    deals: tuple[tuple[int, Any], ...]  # (deal key, parsed deal) of the deals counted


def _error_text(err: Exception, names: Naming) -> str:
    if isinstance(err, AdjudicationError):
        return err.named(names)
    return str(err) or type(err).__name__


def _parse(
    definition: GameDefinition[Any, Any], data: Any, players: int, options: Any
) -> tuple[Any, Exception | None]:
    try:
        return definition.parse_deal(data, players=players, options=options), None
    except Exception as err:  # a read never fails: an unreadable row is reported, not raised
        if not isinstance(err, AdjudicationError):
            logger.exception("ledger row could not be parsed")
        return None, err


def _tally(
    definition: GameDefinition[Any, Any],
    deals: list[Any],
    players: int,
    options: Any,
    known: Tally | None = None,
) -> tuple[Tally | None, Exception | None]:
    try:
        return definition.tally(deals, players=players, options=options, known=known), None
    except Exception as err:  # see _parse
        if not isinstance(err, AdjudicationError):
            logger.exception("ledger could not be tallied")
        return None, err


def _why_not_counted(err: Exception, names: Naming) -> str:
    # The engine counts the deals it was given; the table numbers every deal ever recorded, so
    # "deal 7" in the engine's words may be the table's deal 8: say it without numbers.
    if isinstance(err, GameOverError):
        return "the game was already over before it"
    return _error_text(err, names)


# Ledger rows never change, so a row parsed once stays parsed: recording deal N parses deal N
# once, not the whole game again at every step. Keyed by the row's id and time (ids are reused
# when a test database is emptied), the game's rules and its table size.
_PARSED: OrderedDict[tuple[Any, ...], tuple[Any, Exception | None]] = OrderedDict()
_PARSED_KEPT = 50_000


@dataclass(frozen=True)
class Parsed:
    """A deal already parsed (the one a service is checking), for :func:`replay`."""

    deal: Any


def parse_row(
    definition: GameDefinition[Any, Any], options: Any, players: int, row: Entry | Any
) -> tuple[Any, Exception | None]:
    """A deal of the ledger (an :class:`Entry`) or a raw record, parsed; a row only once."""
    if isinstance(row, Parsed):
        return row.deal, None
    if not isinstance(row, Entry):
        return _parse(definition, row, players, options)
    key = (definition.slug, repr(options), players, row.pk, row.recorded_at)
    found = _PARSED.get(key)
    if found is not None:
        _PARSED.move_to_end(key)
        return found
    found = _parse(definition, row.data, players, options)
    remember_parsed(definition, options, players, row, found)
    return found


def remember_parsed(
    definition: GameDefinition[Any, Any],
    options: Any,
    players: int,
    row: Entry,
    parsed: tuple[Any, Exception | None],
) -> None:
    """Keep a row's parse (a service that just wrote the row has already parsed it)."""
    _PARSED[(definition.slug, repr(options), players, row.pk, row.recorded_at)] = parsed
    while len(_PARSED) > _PARSED_KEPT:
        _PARSED.popitem(last=False)


def replay(
    definition: GameDefinition[Any, Any],
    options: Any,
    players: int,
    current: list[tuple[int, int, Any]],
    names: Naming,
) -> Replay:
    """Tally ``current`` (deal key, deal number, ledger row or raw record), leaving out what
    cannot count. The rows are parsed once per process (see :func:`parse_row`)."""
    problems: list[LedgerProblem] = []
    parsed: list[tuple[int, int, Any]] = []
    for key, number, row in current:
        deal, error = parse_row(definition, options, players, row)
        if error is None:
            parsed.append((key, number, deal))
        else:
            problems.append(
                LedgerProblem(
                    key,
                    number,
                    f"Deal {number}'s record cannot be read: {_error_text(error, names)}",
                    f"Amend deal {number} to enter it again, or void it.",
                )
            )
    tally, failure = _tally(definition, [deal for _, _, deal in parsed], players, options)
    accepted = parsed
    if tally is None:
        # Keep every deal that can follow the ones kept so far; name the others. This costs a
        # tally per deal, but only on a ledger that does not replay, which no write leaves.
        accepted = []
        for key, number, deal in parsed:
            trial = [d for _, _, d in accepted] + [deal]
            _, failure = _tally(definition, trial, players, options)
            if failure is None:
                accepted.append((key, number, deal))
            else:
                problems.append(
                    LedgerProblem(
                        key,
                        number,
                        f"Deal {number} cannot be counted: {_why_not_counted(failure, names)}.",
                        f"Void deal {number}, or amend it or an earlier deal.",
                    )
                )
        tally, failure = _tally(definition, [d for _, _, d in accepted], players, options)
        if tally is None:  # pragma: no cover - every prefix kept above tallied
            raise RuntimeError(str(failure))
    problems.sort(key=lambda p: p.number)
    results = {key: result for (key, _, _), result in zip(accepted, tally.deals, strict=True)}
    return Replay(tally, results, tuple(problems), tuple((k, d) for k, _, d in accepted))


@dataclass(frozen=True)
class DealHistory:
    """One deal as kept in the ledger: its current entry and every revision before it.

    ``number`` is the number the table speaks of: deals are numbered in the order they were
    first recorded, and a voided deal keeps its number (the next deal does not take it).
    ``earlier`` gives, for each revision that a later one replaced, what each scoring unit
    scored under it (``None`` where that record cannot be scored among the other deals).
    """

    key: int
    number: int
    current: Entry
    revisions: tuple[Entry, ...]
    result: DealResult | None
    naming: Naming
    units: tuple[str, ...]
    problem: LedgerProblem | None = None
    earlier: tuple[tuple[Entry, tuple[Points, ...] | None], ...] = ()

    @property
    def named_results(self) -> list[dict[str, Any]]:
        """Each unit's result, its name and its working with the players' names in."""
        if self.result is None:
            return []
        return [
            {
                **r.as_dict(),
                "points": r.points,
                "name": self.units[r.seat],
                "explanation": [named(line, self.naming) for line in r.explanation],
            }
            for r in self.result.results
        ]

    @property
    def summary(self) -> str:
        return named(self.result.summary, self.naming) if self.result else ""

    @property
    def payments(self) -> list[dict[str, Any]]:
        """In a settlement game, who paid whom in this deal, with the players' names."""
        if self.result is None:
            return []
        return [_named_payment(p, self.units) for p in self.result.payments]

    @property
    def voided(self) -> bool:
        return self.current.kind == Entry.Kind.VOID

    @property
    def amended(self) -> bool:
        """Corrected at least once (a deal that was only voided is not amended)."""
        return any(entry.kind == Entry.Kind.AMEND for entry in self.revisions)

    @property
    def was(self) -> tuple[Points, ...] | None:
        """What each unit scored before the latest change (struck through beside the new)."""
        for _, points in reversed(self.earlier):
            if points is not None:
                return points
        return None

    @property
    def seat_lines(self) -> list[dict[str, Any]]:
        """Per unit: name, points now (None when voided) and points before the last change."""
        now = {r.seat: r.points for r in self.result.results} if self.result else {}
        was = self.was
        return [
            {
                "name": name,
                "points": now.get(unit),
                "was": was[unit] if was is not None and was[unit] != now.get(unit) else None,
            }
            for unit, name in enumerate(self.units)
        ]


@dataclass(frozen=True)
class Standings:
    """A game as its ledger replays: the tally, every deal's history, and any problems.

    Totals and results are per scoring unit: each seat, or each side in a partnership game.
    """

    game: Game
    definition: GameDefinition[Any, Any]
    options: Any
    seats: tuple[Seat, ...]
    seating: Seating
    tally: Tally
    history: tuple[DealHistory, ...]
    last_entry_id: int
    problems: tuple[LedgerProblem, ...] = ()
    next_number: int = 1
    dealt: tuple[int | None, ...] = ()  # the dealer each counted deal's record names, if any
    end: Entry | None = None  # the table's "we stop here" in an open game, while it stands
    table_entries: tuple[Entry, ...] = ()  # every end and undoing of one, in the ledger's order

    @property
    def open_ended(self) -> bool:
        """The game has no end of its own: the table says when it stops (settlement games)."""
        return self.definition.open_ended(self.options, len(self.seats))

    @property
    def ended(self) -> bool:
        """The table ended this open game: it takes no more deals until the end is undone."""
        return self.end is not None

    @property
    def can_end(self) -> bool:
        return self.open_ended and not self.ended and bool(self.tally.deals)

    @property
    def names(self) -> tuple[str, ...]:
        """The players, seat 1 first."""
        return tuple(seat.player.name for seat in self.seats)

    @property
    def naming(self) -> Naming:
        return Naming(self.names, self.seating.sides)

    @property
    def in_sides(self) -> bool:
        """Whether the tally's columns are sides of several players (a partnership game)."""
        return any(len(members) > 1 for members in self.seating.units)

    @property
    def units(self) -> tuple[str, ...]:
        """What the tally's columns are called: a player, or the players of a side."""
        return tuple(and_list([self.names[s] for s in members]) for members in self.seating.units)

    def name_status(self) -> str:
        """The tally's status, with the players' names."""
        return named(self.tally.status, self.naming)

    @property
    def notes(self) -> list[str]:
        return [named(note, self.naming) for note in self.tally.notes]

    @property
    def marks(self) -> tuple[Mark, ...]:
        """What the game awards besides points, with what each means (for the legend)."""
        return self.definition.marks

    @property
    def counted(self) -> list[DealHistory]:
        """The deals that count, in order, each with its result and the totals after it."""
        return [h for h in self.history if h.result is not None]

    @property
    def latest(self) -> DealHistory | None:
        """The deal recorded last (for telling a second phone what it missed)."""
        return self.history[-1] if self.history else None

    @property
    def deal_word(self) -> str:
        """What the table calls a deal in this game ("deal", "hand", "round")."""
        return self.definition.deal_word

    @property
    def next_note(self) -> str | None:
        """What the next deal asks of the table (Crummy Rummy's contract), while it goes on."""
        if self.tally.finished:
            return None
        return self.definition.next_deal_note(len(self.tally.deals), self.options, len(self.seats))

    @property
    def next_turn(self) -> dict[str, Any] | None:
        """Whose deal the next one is and who plays first, named, while the game goes on:
        ``{"number": 4, "dealer": "Tom", "leader": "Dick", "text": "Deal 4: Tom deals, Dick
        leads"}``. The rotation counts the deals that count (a voided deal was not played)."""
        if self.tally.finished or not self.seats:
            return None
        turn = self.definition.turn(
            len(self.tally.deals) + 1, self.seating, self.options, dealt=self.dealt
        )
        dealer, leader = self.names[turn.dealer], self.names[turn.leader]
        word = self.deal_word.capitalize()
        return {
            "number": self.next_number,
            "dealer": dealer,
            "leader": leader,
            "dealer_seat": turn.dealer,
            "leader_seat": turn.leader,
            "recorded": turn.recorded,
            "text": f"{word} {self.next_number}: {dealer} deals, {leader} {turn.lead_word}",
        }

    @property
    def settles(self) -> bool:
        """Whether points are money changing hands (the totals are each player's net)."""
        return self.tally.settles

    @property
    def settlement(self) -> list[dict[str, Any]]:
        """Who pays whom to square the totals so far (settlement games; empty otherwise)."""
        return [_named_payment(p, self.units) for p in self.tally.settlement]

    @property
    def winner_names(self) -> list[str]:
        return [self.units[i] for i in self.tally.winners]

    @property
    def leader_names(self) -> list[str]:
        return [self.units[i] for i in self.tally.leaders]

    @property
    def end_rule(self) -> dict[str, Any]:
        """How the game ends, as data: its kind, and the deals or points it takes."""
        rule = self.definition.end_rule(self.options, len(self.seats))
        return {"kind": rule.kind, **dataclasses.asdict(rule)}

    @property
    def rows(self) -> list[dict[str, Any]]:
        """Per scoring unit: name, total, marks earned, and whether it leads or has won."""
        tally = self.tally
        return [
            {
                "unit": i,
                "name": name,
                "seats": list(self.seating.units[i]),
                "total": tally.totals[i],
                "marks": [
                    {
                        "key": mark.key,
                        "count": tally.marks[mark.key][i],
                        "text": mark.symbol * tally.marks[mark.key][i],
                        "meaning": mark.meaning,
                    }
                    for mark in self.definition.marks
                    if tally.marks[mark.key][i]
                ],
                "leader": i in tally.leaders,
                "winner": i in tally.winners,
            }
            for i, name in enumerate(self.units)
        ]


def _named_payment(payment: Payment, units: tuple[str, ...]) -> dict[str, Any]:
    amount = format_points(payment.amount)
    return {
        "payer": units[payment.payer],
        "payee": units[payment.payee],
        "amount": payment.amount,
        "text": f"{units[payment.payer]} pays {units[payment.payee]} {amount}",
    }


def _points_under(
    definition: GameDefinition[Any, Any],
    options: Any,
    players: int,
    counted: tuple[tuple[int, Any], ...],
    key: int,
    data: Any,
) -> tuple[Points, ...] | None:
    """Each seat's points for deal ``key`` had its record been ``data``, the others as they are."""
    deal, error = parse_row(definition, options, players, data)
    if error is not None:
        return None
    deals = sorted([(k, d) for k, d in counted if k != key] + [(key, deal)], key=lambda p: p[0])
    tally, _ = _tally(definition, [d for _, d in deals], players, options)
    if tally is None:
        return None
    result = tally.deals[[k for k, _ in deals].index(key)]
    points: list[Points] = [0] * len(tally.totals)
    for unit_result in result.results:
        points[unit_result.seat] = unit_result.points
    return tuple(points)


def deal_revisions(
    entries: list[Entry],
) -> tuple[dict[int, list[Entry]], dict[int, list[Entry]]]:
    """A game's ledger (by id) as each deal's revisions, in the order first recorded, and
    apart from them the table's ends of the game, each with the void that took it back, if
    any."""
    revisions: dict[int, list[Entry]] = defaultdict(list)
    ends: dict[int, list[Entry]] = defaultdict(list)
    for entry in entries:
        first = revisions if entry.deal_key not in ends and entry.kind != Entry.Kind.END else ends
        first[entry.deal_key].append(entry)
    return revisions, ends


def current_end(ends: dict[int, list[Entry]]) -> Entry | None:
    """The table's end of the game that stands (not voided since), if any."""
    standing = [revs[-1] for revs in ends.values() if revs[-1].kind == Entry.Kind.END]
    return standing[-1] if standing else None


# Standings kept between reads ------------------------------------------------------------------
#
# Every phone at a table polls the board; replaying a long game's ledger for each of them is the
# expensive part of a read. So each process keeps the replay of the ledgers it has read, keyed by
# the game, its rules and table (names included: they are in the problems' sentences) and the
# ledger's *marker*: its newest entry's id and hash, and its number of entries. The ledger is
# append-only and hash-chained (each entry's hash covers its content and the hash before it), so
# a marker names exactly one ledger: a kept replay is never stale, in any process (nor after a
# database is restored and ids come again), and a process that has not seen a marker replays
# it itself. When the ledger has only grown by recorded deals
# since the replay a process kept last for that game (the same entries, by hash, in front), the engine
# resumes that tally and scores the new deals alone; an amend or a void replays the whole game.

type _Table = tuple[Any, ...]


@dataclass(frozen=True)
class _Kept:
    marker: tuple[int, int, str]
    current: tuple[tuple[int, str], ...]  # (deal key, entry hash) of the deals replayed
    replayed: Replay
    earlier: dict[int, tuple[Points, ...] | None]  # by entry id: a replaced record's points


_KEPT: OrderedDict[tuple[_Table, tuple[int, int, str]], _Kept] = OrderedDict()
_LATEST: OrderedDict[_Table, _Kept] = OrderedDict()
_KEPT_GAMES = 2_000  # about the replays of a club's fifty tables, forty times over


def _keep(table: _Table, kept: _Kept) -> None:
    _KEPT[(table, kept.marker)] = kept
    _LATEST[table] = kept
    _LATEST.move_to_end(table)
    while len(_KEPT) > _KEPT_GAMES:
        _KEPT.popitem(last=False)
    while len(_LATEST) > _KEPT_GAMES:
        _LATEST.popitem(last=False)


def forget_kept() -> None:
    """Drop the replays kept in this process (tests that empty the database call it)."""
    _KEPT.clear()
    _LATEST.clear()


def _resumed(
    definition: GameDefinition[Any, Any],
    options: Any,
    players: int,
    current: list[tuple[int, int, Entry]],
    before: _Kept | None,
) -> Replay | None:
    """The replay of ``current`` from a kept replay of its first deals, scoring only the deals
    after them; ``None`` when that cannot be done (no such replay, a problem, a changed deal)."""
    if before is None or before.replayed.problems:
        return None
    known = len(before.current)
    if tuple((key, row.hash) for key, _, row in current[:known]) != before.current:
        return None
    deals = [deal for _, deal in before.replayed.deals]
    added: list[tuple[int, Any]] = []
    for key, _, row in current[known:]:
        deal, error = parse_row(definition, options, players, row)
        if error is not None:
            return None
        added.append((key, deal))
    tally, _ = _tally(
        definition, deals + [d for _, d in added], players, options, before.replayed.tally
    )
    if tally is None:
        return None
    counted = (*before.replayed.deals, *added)
    results = {key: result for (key, _), result in zip(counted, tally.deals, strict=True)}
    return Replay(tally, results, (), counted)


def _table(game: Game, definition: GameDefinition[Any, Any], options: Any, names: Naming) -> _Table:
    return (game.pk, definition.slug, repr(options), names.names, names.sides)


def _marker(entries: list[Entry]) -> tuple[int, int, str]:
    return (entries[-1].pk, len(entries), entries[-1].hash) if entries else (0, 0, "")


def follows_kept(
    game: Game,
    definition: GameDefinition[Any, Any],
    options: Any,
    names: Naming,
    entries: list[Entry],
    deal: Any,
) -> bool:
    """Whether ``deal`` can follow every deal of the ledger ``entries`` (the game's, by id),
    found from the replay of that ledger this process keeps: the engine resumes the kept tally
    and scores ``deal`` alone. ``False`` when no such replay is kept, when it had problems, or
    when the engine refuses the deal: the caller then replays the game to say why."""
    kept = _KEPT.get((_table(game, definition, options, names), _marker(entries)))
    if kept is None or kept.replayed.problems:
        return False
    deals = [*(d for _, d in kept.replayed.deals), deal]
    players = len(names.names or ())
    tally, _ = _tally(definition, deals, players, options, kept.replayed.tally)
    return tally is not None


def game_standings(game: Game) -> Standings:
    """Replay the ledger through the adjudicator. Never raises on what the ledger holds."""
    seats = tuple(game.seats.select_related("player").order_by("position"))
    entries = list(game.entries.select_related("recorded_by").order_by("id"))
    return standings_from(game, seats, entries)


def standings_for_games(games: Iterable[Game]) -> dict[int, Standings | None]:
    """Each game's standings, by game id, in two queries whatever the number of games: one for
    the seats, one for the ledgers (then :func:`standings_from`, which keeps its replays).

    ``None`` for a game the engine no longer knows (its ledger cannot be replayed)."""
    games = list(games)
    ids = [game.pk for game in games]
    if not ids:
        return {}
    seats: dict[int, list[Seat]] = defaultdict(list)
    for seat in Seat.objects.filter(game__in=ids).select_related("player").order_by("position"):
        seats[seat.game_id].append(seat)
    entries: dict[int, list[Entry]] = defaultdict(list)
    for entry in Entry.objects.filter(game__in=ids).select_related("recorded_by").order_by("id"):
        entries[entry.game_id].append(entry)
    found: dict[int, Standings | None] = {}
    for game in games:
        try:
            found[game.pk] = standings_from(game, tuple(seats[game.pk]), entries[game.pk])
        except AdjudicationError:
            found[game.pk] = None
    return found


def standings_from(game: Game, seats: tuple[Seat, ...], entries: list[Entry]) -> Standings:
    """:func:`game_standings` from a game's seats (in order) and ledger (by id) already loaded,
    so that a page of many games loads them in a few queries (see ``scorekeeper.history``)."""
    definition = game_definition(game)
    options = definition.options(game.options)
    seating = definition.seating(len(seats), options)
    names = naming(seats, seating)
    revisions, ends = deal_revisions(entries)
    end = current_end(ends)
    numbers = {key: number for number, key in enumerate(revisions, start=1)}
    current = [
        (key, numbers[key], revs[-1])
        for key, revs in revisions.items()
        if revs[-1].kind != Entry.Kind.VOID
    ]
    table, marker = _table(game, definition, options, names), _marker(entries)
    kept = _KEPT.get((table, marker))
    if kept is None:
        replayed = _resumed(definition, options, len(seats), current, _LATEST.get(table)) or replay(
            definition, options, len(seats), current, names
        )
        kept = _Kept(marker, tuple((key, row.hash) for key, _, row in current), replayed, {})
    else:
        _KEPT.move_to_end((table, marker))
    replayed = kept.replayed
    tally = replayed.tally
    if end is not None and definition.open_ended(options, len(seats)) and tally.deals:
        tally = definition.stop(tally, players=len(seats), options=options)
    else:
        end = None  # an end the replay cannot honour (every deal voided since) ends nothing
    units = tuple(
        and_list([seat.player.name for seat in seats if seat.position in members])
        for members in seating.units
    )
    problems = {problem.key: problem for problem in replayed.problems}
    history = []
    for key, revs in revisions.items():
        # A revision is shown struck through beside what replaced it: score each such record.
        for rev in revs[:-1]:
            if rev.kind != Entry.Kind.VOID and rev.pk not in kept.earlier:
                kept.earlier[rev.pk] = _points_under(
                    definition, options, len(seats), replayed.deals, key, rev
                )
        earlier = tuple((rev, kept.earlier.get(rev.pk)) for rev in revs[:-1])
        history.append(
            DealHistory(
                key=key,
                number=numbers[key],
                current=revs[-1],
                revisions=tuple(revs),
                result=replayed.results.get(key),
                naming=names,
                units=units,
                problem=problems.get(key),
                earlier=earlier,
            )
        )
    _keep(table, kept)
    return Standings(
        game=game,
        definition=definition,
        options=options,
        seats=seats,
        seating=seating,
        tally=tally,
        history=tuple(history),
        end=end,
        table_entries=tuple(sorted((e for revs in ends.values() for e in revs), key=_pk)),
        last_entry_id=entries[-1].pk if entries else 0,
        problems=replayed.problems,
        next_number=len(revisions) + 1,
        dealt=tuple(definition.dealt_by(deal) for _, deal in replayed.deals),
    )


def board_signature(game: Game) -> tuple[Any, ...]:
    """What a game's scoreboard shows besides the viewer's role, in one query: the game's rules,
    its seats (players' names included, so a rename shows) and its ledger's newest entry, id
    and hash. The ledger is append-only and hash-chained, so that entry names the whole ledger
    (every deal, amend, void and end). The first item is the change marker (0 when empty).

    Recorders' usernames are not in it: the app has no way to change one (only the admin)."""
    with connection.cursor() as cursor:
        cursor.execute(_board_sql(with_access=False), [game.pk, game.pk])
        rows = cursor.fetchall()
    return _signature(rows, 0) if rows else (0, "", game.slug, game.number, "", ())


@dataclass(frozen=True)
class BoardAccess:
    """A signed-in person's right to a game's scoreboard: whether they record, and what the
    board shows (:func:`board_signature`)."""

    can_record: bool
    signature: tuple[Any, ...]


def board_access(user_id: int, game_id: int) -> BoardAccess | None:
    """:func:`games_for_user`'s access check, :func:`can_record` and :func:`board_signature`
    in one query, for the scoreboard every phone asks for after each deal. ``None`` when the
    user is not active or the game is not in a night they own, record in or watch (as
    :func:`games_for_user`). Asked by user id: the poll's fast path knows only that."""
    with connection.cursor() as cursor:
        cursor.execute(_board_sql(with_access=True), [user_id, user_id, user_id, game_id, game_id])
        rows = cursor.fetchall()
    if not rows or not rows[0][3]:
        return None
    owner, recorder, viewer = rows[0][0] == user_id, bool(rows[0][1]), bool(rows[0][2])
    if not (owner or recorder or viewer):
        return None
    return BoardAccess(can_record=owner or recorder, signature=_signature(rows, 4))


def _signature(rows: list[tuple[Any, ...]], skip: int) -> tuple[Any, ...]:
    first = rows[0][skip:]
    newest_id, newest_hash, slug, number, options = first[:5]
    seats = tuple(tuple(row[skip + 5 :]) for row in rows if row[skip + 5] is not None)
    return (int(newest_id or 0), newest_hash or "", slug, number, repr(options), seats)


@cache
def _board_sql(*, with_access: bool) -> str:
    """The board's query, written once as SQL: building and compiling it as querysets took
    several times longer than running it (as ``scorekeeper.live.marker`` found). One row per
    seat (one row with empty seat columns for a game without seats)."""
    q = connection.ops.quote_name
    entry, seat, player, game, night = (m._meta for m in (Entry, Seat, Player, Game, Night))
    recorders = Night.recorders.through._meta
    viewer = NightViewer._meta

    def col(meta: Any, name: str) -> str:
        return q(str(meta.get_field(name).column))

    newest = (
        f"SELECT {col(entry, 'id')} AS newest_id, {col(entry, 'hash')} AS newest_hash"
        f" FROM {q(entry.db_table)} WHERE {col(entry, 'game')} = %s"
        f" ORDER BY {col(entry, 'id')} DESC LIMIT 1"
    )
    access = ""
    if with_access:
        is_recorder = (
            f"SELECT 1 FROM {q(recorders.db_table)} r WHERE r.{col(recorders, 'night')}"
            f" = g.{col(game, 'night')} AND r.{col(recorders, 'user')} = %s"
        )
        is_viewer = (
            f"SELECT 1 FROM {q(viewer.db_table)} v WHERE v.{col(viewer, 'night')}"
            f" = g.{col(game, 'night')} AND v.{col(viewer, 'user')} = %s"
        )
        users = AuthUser._meta
        is_active = (
            f"SELECT 1 FROM {q(users.db_table)} u WHERE u.{col(users, 'id')} = %s"
            f" AND u.{col(users, 'is_active')}"
        )
        access = (
            f"n.{col(night, 'owner')}, EXISTS({is_recorder}), EXISTS({is_viewer}),"
            f" EXISTS({is_active}), "
        )
    return (
        f"SELECT {access}e.newest_id, e.newest_hash, g.{col(game, 'slug')},"
        f" g.{col(game, 'number')}, g.{col(game, 'options')},"
        f" s.{col(seat, 'position')}, s.{col(seat, 'team')}, s.{col(seat, 'player')},"
        f" p.{col(player, 'name')}"
        f" FROM {q(game.db_table)} g"
        f" JOIN {q(night.db_table)} n ON n.{col(night, 'id')} = g.{col(game, 'night')}"
        f" LEFT JOIN ({newest}) e ON 1 = 1"
        f" LEFT JOIN {q(seat.db_table)} s ON s.{col(seat, 'game')} = g.{col(game, 'id')}"
        f" LEFT JOIN {q(player.db_table)} p ON p.{col(player, 'id')} = s.{col(seat, 'player')}"
        f" WHERE g.{col(game, 'id')} = %s ORDER BY s.{col(seat, 'position')}"
    )


def last_entry_id(game: Game) -> int:
    """A cheap change marker for pollers: the newest ledger entry's id (0 when empty)."""
    return game.entries.order_by("-id").values_list("id", flat=True).first() or 0


# Brummy and Brummagem grids, scored as they fill ---------------------------------------------

EMPTY_CELL = "-"


def grid_shape(game: Game) -> Shape | None:
    """The shape of the grid a game's record holds (the grid family's widget), if any."""
    definition = game_definition(game)
    options = definition.options(game.options)
    record = definition.record(options, max(game.seats.count(), definition.min_players))
    for f in record.fields:
        for item in (f, *getattr(f, "entries", ())):
            if isinstance(item, CardsField) and item.widget == "grid" and item.shape:
                shape: Shape = item.shape  # type: ignore[assignment]
                return shape
    return None


@dataclass(frozen=True)
class LinePreview:
    name: str
    cells: tuple[Card | None, ...]
    score: LineScore | None  # None until every cell of the line is filled


@dataclass(frozen=True)
class GridPreview:
    """A grid being entered: the lines complete so far scored, and the best arrangement."""

    shape: Shape
    cells: tuple[Card | None, ...]
    lines: tuple[LinePreview, ...]
    error: str | None = None
    best: BestGrid | None = None

    @property
    def complete(self) -> bool:
        return self.error is None and all(c is not None for c in self.cells)

    @property
    def total(self) -> int:
        return sum(line.score.points for line in self.lines if line.score is not None)

    @property
    def grid(self) -> Grid | None:
        cards = tuple(c for c in self.cells if c is not None)
        return Grid(self.shape, cards) if self.complete else None

    @property
    def left_on_table(self) -> int | None:
        return None if self.best is None else self.best.total - self.total


def grid_preview(game: Game, text: str, *, best: bool = False) -> GridPreview:
    """Score the lines of a partly filled grid (``-`` marks an empty cell, row-major).

    Only for a game whose record holds a grid (see :func:`grid_shape`)."""
    shape = grid_shape(game)
    assert shape is not None, "a grid preview of a game without grids"
    definition = game_definition(game)
    options = definition.options(game.options)
    rules = options.grid_rules()
    size = SIZES[shape]
    empty: tuple[Card | None, ...] = (None,) * size
    try:
        tokens = text.split() if text else []
        if len(tokens) > size:
            raise InvalidGridError(f"A {shape} grid holds {size} cards, not {len(tokens)}.")
        cells = tuple(None if t == EMPTY_CELL else Card.parse(t) for t in tokens)
        cells += (None,) * (size - len(cells))
        definition.pack(options, game.seats.count()).check(c for c in cells if c is not None)
    except AdjudicationError as err:
        return GridPreview(shape, empty, _line_previews(shape, empty, rules), err.message)
    preview = GridPreview(shape, cells, _line_previews(shape, cells, rules))
    if best and preview.grid is not None:
        found = best_grid(preview.grid.cards, shape, rules)
        return GridPreview(shape, cells, preview.lines, best=found)
    return preview


def _line_previews(
    shape: Shape, cells: tuple[Card | None, ...], rules: GridRules
) -> tuple[LinePreview, ...]:
    previews = []
    for key, name, where in LINES[shape]:
        line = tuple(cells[i] for i in where)
        complete = tuple(c for c in line if c is not None)
        score = (
            score_line(complete, rules, key=key, name=name) if len(complete) == len(line) else None
        )
        previews.append(LinePreview(name, line, score))
    return tuple(previews)


# Nights list and seating ----------------------------------------------------------------------


def standing_text(
    names: Sequence[str], total: Points | None, *, settles: bool, sides: bool = False
) -> str:
    """Who stands best, as history says it: "Tom leads on 20" in a game of totals; in a
    settlement game, where totals are each player's net, "Tom is up 37½" (or, everyone on 0,
    "everyone is square"). ``sides``: each name is a side of several players ("Bob and Di"),
    so the verb is plural even for one of them ("Bob and Di lead on 7")."""
    if not names:
        return ""
    plural = sides or len(names) > 1
    if settles:
        if total is None or total <= 0:
            return "everyone is square"
        return f"{and_list(names)} {'are' if plural else 'is'} up {format_points(total)}"
    verb = "lead" if plural else "leads"
    if total is None:
        return f"{and_list(names)} {verb}"
    return f"{and_list(names)} {verb} on {format_points(total)}"


def won_text(names: Sequence[str], total: Points | None, *, settles: bool) -> str:
    """Who won, as history says it: "Mary won"; in a settlement game "Tom won, up 37½"."""
    if not names:
        return ""
    if settles and total is not None and total > 0:
        return f"{and_list(names)} won, up {format_points(total)}"
    return f"{and_list(names)} won"


@dataclass(frozen=True)
class GameSummary:
    """One game as the nights list tells it: who won, or who leads while it is still going."""

    game: Game
    deals: int
    finished: bool
    winners: tuple[str, ...]
    leaders: tuple[str, ...]
    leading_total: Points | None  # the winners' total once finished, else the leaders'
    unreadable: bool = False  # the ledger no longer replays (an unknown game, say)
    settles: bool = False  # totals are each player's net (the game's contract says so)
    sides: bool = False  # each name is a side of several players ("Bob and Di")

    @property
    def winners_text(self) -> str:
        return and_list(self.winners) if self.winners else ""

    @property
    def won_text(self) -> str:
        return won_text(self.winners, self.leading_total, settles=self.settles)

    @property
    def leaders_text(self) -> str:
        return standing_text(
            self.leaders, self.leading_total, settles=self.settles, sides=self.sides
        )


@dataclass(frozen=True)
class NightSummary:
    night: Night
    games: tuple[GameSummary, ...]


def game_summary(game: Game) -> GameSummary:
    """Replay one game's ledger and say how it stands."""
    return _summary(game, standings_for_games([game])[game.pk])


def _summary(game: Game, standings: Standings | None) -> GameSummary:
    if standings is None:
        return GameSummary(game, 0, False, (), (), None, unreadable=True)
    tally, names = standings.tally, standings.units
    said = {"settles": standings.settles, "sides": standings.in_sides}
    if tally.finished:
        winners = tuple(names[i] for i in tally.winners)
        won = tally.totals[tally.winners[0]] if tally.winners else None
        return GameSummary(game, len(tally.deals), True, winners, (), won, **said)
    if not tally.deals:  # before the first deal everyone "leads" on 0: say nothing
        return GameSummary(game, 0, False, (), (), None, **said)
    leaders = tuple(names[i] for i in tally.leaders)
    total = tally.totals[tally.leaders[0]] if tally.leaders else None
    return GameSummary(game, len(tally.deals), False, (), leaders, total, **said)


def night_summaries(nights: QuerySet[Night] | list[Night]) -> list[NightSummary]:
    """Each night with its games in order, each game's winners or leaders (for the nights list),
    in three queries whatever the number of nights and games (see :func:`standings_for_games`)."""
    nights = list(nights)
    games: dict[int, list[Game]] = defaultdict(list)
    loaded = list(Game.objects.filter(night__in=[n.pk for n in nights]).order_by("night", "number"))
    for game in loaded:
        games[game.night_id].append(game)
    standings = standings_for_games(loaded)
    return [
        NightSummary(night, tuple(_summary(g, standings[g.pk]) for g in games[night.pk]))
        for night in nights
    ]


def last_game(night: Night) -> Game | None:
    """The night's most recent game."""
    return night.games.order_by("-number").first()


def seated_players(game: Game) -> list[Player]:
    """A game's players, seat 1 first."""
    return [seat.player for seat in game.seats.select_related("player").order_by("position")]


def players_off_table(night: Night) -> QuerySet[Player]:
    """The owner's players who have not sat down at this night's table, by name."""
    return Player.objects.filter(owner=night.owner_id).exclude(
        pk__in=NightPlayer.objects.filter(night=night).values("player")
    )


# The trick family's widget: each trick judged as it is entered ---------------------------------


def trick_verdicts(
    game: Game, tricks: list[list[dict[str, Any]]], dealer: int | None
) -> dict[str, Any] | None:
    """Each trick entered so far judged by the game (its ``tricks`` question): the winner and
    the reason, or the first illegal play and why, with the players' names. ``tricks`` are the
    plays of each trick as the API takes them (``{"seat": 0, "cards": "7H"}``), read from the
    page's text by the page (:func:`scorekeeper.deal_forms.plays_from_text`); an empty one was
    not entered."""
    filled = [plays for plays in tricks if plays]
    if not filled:
        return None
    definition = game_definition(game)
    options = definition.options(game.options)
    seats = tuple(game.seats.select_related("player").order_by("position"))
    seating = definition.seating(len(seats), options)
    names = naming(seats, seating)
    units = [and_list([seats[s].player.name for s in members]) for members in seating.units]
    body: dict[str, Any] = {
        "players": len(seats),
        "tricks": [{"plays": plays} for plays in filled],
    }
    if dealer is not None:
        body["dealer"] = dealer
    try:
        answer = definition.ask("tricks", body | {"options": game.options})
    except AdjudicationError as err:
        return {"tricks": [{"number": 1, "problem": err.named(names)}], "won": [], "current": 0}
    verdicts = []
    for verdict in answer["tricks"]:
        problem = verdict.get("problem")
        verdicts.append(
            {
                "number": verdict["number"],
                "complete": verdict["complete"],
                "problem": problem.named(names) if problem is not None else None,
                "winner": names.seat(verdict["winner"]) if "winner" in verdict else None,
                "winner_seat": verdict.get("winner"),
                "reason": named(verdict.get("reason", ""), names),
            }
        )
    current = next(
        (v["number"] - 1 for v in verdicts if not v["complete"] or v["problem"]), len(verdicts)
    )
    won = [{"name": units[u], "count": c} for u, c in enumerate(answer["won"])]
    return {"tricks": verdicts, "won": won, "current": current}


# What a game says across the games of a night (Treikort's Pope) ----------------------------------


def across_night(night: Night) -> list[dict[str, Any]]:
    """Each kind of game played in the night, with what it says across its games there: the
    engine reads the games' tallies in order, the players known by their place in the night."""
    games = list(Game.objects.filter(night=night).order_by("number"))
    standings = standings_for_games(games)  # a fixed number of queries, however many games
    people: list[Player] = []
    place: dict[int, int] = {}
    by_slug: dict[str, list[NightGame]] = defaultdict(list)
    for game in games:
        found = standings[game.pk]
        if found is None:  # a game the engine no longer knows says nothing across the night
            continue
        for seat in found.seats:
            if seat.player_id not in place:
                place[seat.player_id] = len(people)
                people.append(seat.player)
        by_slug[game.slug].append(
            NightGame(
                tuple(place[seat.player_id] for seat in found.seats), found.tally, found.options
            )
        )
    names = Naming(tuple(person.name for person in people))
    said = []
    for slug, played in by_slug.items():
        try:
            definition = get_game(slug)
        except AdjudicationError:
            continue
        lines = [named(line, names) for line in definition.across_night(played)]
        if lines:
            said.append({"game": definition.name, "lines": lines})
    return said
