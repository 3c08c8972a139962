"""A game's standings: its ledger replayed into totals and every deal's history, kept
between reads in each process."""

from __future__ import annotations

import dataclasses
from collections import OrderedDict, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db.models import F

from adjudicator.errors import AdjudicationError
from adjudicator.game import Game as GameDefinition
from adjudicator.game import Mark
from adjudicator.records import Seating
from adjudicator.said import Naming, and_list, named
from adjudicator.tally import DealResult, Payment, Points, Tally, format_points
from scorekeeper.ledger import confirming
from scorekeeper.ledger.reading import (
    _pk,
    counted_deals,
    current_end,
    deal_numbers,
    deal_remarks,
    deal_revisions,
    game_definition,
    naming,
)
from scorekeeper.ledger.replaying import LedgerProblem, Replay, _tally, parse_row, replay
from scorekeeper.models import Entry, Game, Seat


@dataclass(frozen=True)
class DealHistory:
    """One deal as kept in the ledger: its current entry and every revision before it.

    ``number`` is the number the table speaks of: deals are numbered in the order they were
    first recorded, and a voided deal keeps its number (the next deal does not take it); in a
    game whose rules read the number, its place among the deals that count
    (:func:`~scorekeeper.ledger.reading.deal_numbers`).
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
    # What the ledger says about the deal besides its revisions (confirmations, disputes), and
    # the confirmation of the deal as it stands, if any.
    remarks: tuple[Entry, ...] = ()
    confirmed: Entry | None = None
    # Who may confirm the deal as it stands (seat, name): the other side of its recorder; none
    # unless it is asked to be confirmed.
    confirmers: tuple[tuple[int, str], ...] = ()
    # The other side is asked to confirm the deal as it stands: it was recorded (or amended)
    # while the game asks for confirmations as it does now (scorekeeper.ledger.confirming).
    asked: bool = False

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
    def waiting(self) -> bool:
        """The deal waits for the other side: asked to be confirmed, and not yet."""
        return self.asked and self.confirmed is None

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
    def confirmed_by(self) -> str | None:
        """The name of the player who confirmed the deal as it stands."""
        if self.confirmed is None or self.confirmed.seat is None:
            return None
        names = self.naming.names or ()
        seat = self.confirmed.seat
        return names[seat] if seat < len(names) else None

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
    # Every end, undoing of one and change of setting, in the ledger's order.
    table_entries: tuple[Entry, ...] = ()
    # Whether the game asks for confirmations, along its ledger (scorekeeper.ledger.confirming).
    asking: confirming.Asking = confirming.NEVER

    @property
    def asks_confirmation(self) -> bool:
        """The game has the other side confirm each deal recorded from now on."""
        return self.asking.now

    @property
    def unconfirmed(self) -> list[DealHistory]:
        """The deals that wait for the other side's confirmation: recorded while the game asks
        as it does now, and not voided (none while it does not ask)."""
        return [h for h in self.history if h.waiting]

    @property
    def finished(self) -> bool:
        """The game is over: its tally says so, and every deal is confirmed where the night
        asks for it (the game's end waits for the last confirmation)."""
        return self.tally.finished and not self.unconfirmed

    @property
    def unconfirmed_said(self) -> str:
        """The deals that wait, for a sentence: "hand 3", "hands 1, 2" ("" when none)."""
        numbers = [str(h.number) for h in self.unconfirmed]
        if not numbers:
            return ""
        return f"{self.deal_word}{'s' if len(numbers) > 1 else ''} {', '.join(numbers)}"

    @property
    def waiting_text(self) -> str | None:
        """What the game's end waits for, said for the table, while it waits."""
        if not self.tally.finished or not self.unconfirmed:
            return None
        return f"The game ends once the other side confirms {self.unconfirmed_said}."

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
        """The tally's status, with the players' names (and, while the game's end waits for
        the other side's confirmations, which deals it waits for)."""
        said = named(self.tally.status, self.naming)
        waiting = self.waiting_text
        return f"{said} {waiting}" if waiting else said

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
    unstarted = False if entries else game.night.confirmations
    return standings_from(game, seats, entries, asks_confirmation=unstarted)


def standings_for_games(games: Iterable[Game]) -> dict[int, Standings | None]:
    """Each game's standings, by game id, in two queries whatever the number of games: one for
    the seats, one for the ledgers (then :func:`standings_from`, which keeps its replays).

    ``None`` for a game the engine no longer knows (its ledger cannot be replayed)."""
    games = list(games)
    ids = [game.pk for game in games]
    if not ids:
        return {}
    seats: dict[int, list[Seat]] = defaultdict(list)
    asks: dict[int, bool] = {}
    for seat in (
        Seat.objects.filter(game__in=ids)
        .select_related("player")
        .annotate(asks=F("game__night__confirmations"))  # each game's night, in the same query
        .order_by("position")
    ):
        seats[seat.game_id].append(seat)
        asks[seat.game_id] = seat.asks
    entries: dict[int, list[Entry]] = defaultdict(list)
    for entry in Entry.objects.filter(game__in=ids).select_related("recorded_by").order_by("id"):
        entries[entry.game_id].append(entry)
    found: dict[int, Standings | None] = {}
    for game in games:
        try:
            found[game.pk] = standings_from(
                game,
                tuple(seats[game.pk]),
                entries[game.pk],
                asks_confirmation=asks.get(game.pk, False),
            )
        except AdjudicationError:
            found[game.pk] = None
    return found


def standings_from(
    game: Game, seats: tuple[Seat, ...], entries: list[Entry], *, asks_confirmation: bool = False
) -> Standings:
    """:func:`game_standings` from a game's seats (in order) and ledger (by id) already loaded,
    so that a page of many games loads them in a few queries (see ``scorekeeper.history``).
    ``asks_confirmation``: the game's night's setting, which a game with no entry yet will
    start with; a game with entries asks as its own ledger says."""
    if entries and not game.setup:
        game.refresh_from_db(fields=["setup"])  # sealed at its first entry, after it was read
    asking = confirming.asking_of(game.setup, entries, unstarted=asks_confirmation)
    definition = game_definition(game)
    options = definition.options(game.options)
    seating = definition.seating(len(seats), options)
    names = naming(seats, seating)
    revisions, ends = deal_revisions(entries)
    remarks = deal_remarks(entries)
    end = current_end(ends)
    numbers = deal_numbers(revisions, by_play=definition.numbered_by_play)
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
                remarks=tuple(remarks.get(key, ())),
                confirmed=confirming.confirmation(revs[-1], remarks.get(key, ())),
                confirmers=tuple(
                    (seat, seats[seat].player.name)
                    for seat in confirming.who_may_confirm(seating, revs[-1].seat)
                    if seat < len(seats) and asking.waits(revs[-1])
                ),
                asked=asking.waits(revs[-1]),
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
        table_entries=tuple(
            sorted(
                [
                    *(e for revs in ends.values() for e in revs),
                    *(e for e in entries if e.kind == Entry.Kind.SETTING),
                ],
                key=_pk,
            )
        ),
        last_entry_id=entries[-1].pk if entries else 0,
        problems=replayed.problems,
        next_number=(counted_deals(revisions) if definition.numbered_by_play else len(revisions))
        + 1,
        dealt=tuple(definition.dealt_by(deal) for _, deal in replayed.deals),
        asking=asking,
    )
