"""A game's standings: its ledger replayed into totals and every deal's history, kept
between reads in each process."""

from __future__ import annotations

import bisect
import dataclasses
from collections import OrderedDict, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from django.contrib.auth.models import User
from django.db.models import Count, F, Window
from django.utils.translation import gettext, ngettext

from adjudicator.errors import AdjudicationError
from adjudicator.game import Game as GameDefinition
from adjudicator.game import Mark
from adjudicator.records import Seating
from adjudicator.said import Naming
from adjudicator.tally import DealResult, Payment, Points, Tally, format_points
from scorekeeper.languages.speaking import names_said, say
from scorekeeper.ledger import confirming, replaying
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
from scorekeeper.ledger.replaying import (
    LedgerProblem,
    Replay,
    _tally,
    parse_row,
    replay,
    replay_from,
)
from scorekeeper.models import Entry, Game, Seat

# Whose turn the next deal is, a whole sentence for each game's word for a deal and what its
# first player does (``Game.deal_word``, ``Game.lead_word``: "leads" in the trick games).
TURNS: dict[tuple[str, str], Callable[[], str]] = {
    ("deal", "plays first"): lambda: gettext(
        "Deal %(number)s: %(dealer)s deals, %(leader)s plays first"
    ),
    ("deal", "leads"): lambda: gettext("Deal %(number)s: %(dealer)s deals, %(leader)s leads"),
    ("hand", "plays first"): lambda: gettext(
        "Hand %(number)s: %(dealer)s deals, %(leader)s plays first"
    ),
    ("hand", "leads"): lambda: gettext("Hand %(number)s: %(dealer)s deals, %(leader)s leads"),
    ("round", "plays first"): lambda: gettext(
        "Round %(number)s: %(dealer)s deals, %(leader)s plays first"
    ),
    ("round", "leads"): lambda: gettext("Round %(number)s: %(dealer)s deals, %(leader)s leads"),
}


def _waiting(word: str, count: int) -> str:
    """What the game's end waits for, with ``%(numbers)s`` for the deals' numbers."""
    if word == "hand":
        return ngettext(
            "The game ends once the other side confirms hand %(numbers)s.",
            "The game ends once the other side confirms hands %(numbers)s.",
            count,
        )
    if word == "round":
        return ngettext(
            "The game ends once the other side confirms round %(numbers)s.",
            "The game ends once the other side confirms rounds %(numbers)s.",
            count,
        )
    return ngettext(
        "The game ends once the other side confirms deal %(numbers)s.",
        "The game ends once the other side confirms deals %(numbers)s.",
        count,
    )


def _mark_label(key: str, symbol: str, count: int) -> str:
    """What a row of marks beside a name says aloud: "2 stars"."""
    if key == "stars":
        return ngettext("%(count)s star", "%(count)s stars", count) % {"count": count}
    if key == "pope":
        return ngettext(
            "%(count)s hand played as Pope", "%(count)s hands played as Pope", count
        ) % {"count": count}
    return f"{count} {symbol}"  # a mark of a game added later, until it has its words


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
    # What a replaced record scored (see ``earlier``), asked only of the deals a page shows.
    scored_as: Callable[[Entry], tuple[Points, ...] | None] | None = field(
        default=None, compare=False, repr=False
    )

    @cached_property
    def earlier(self) -> tuple[tuple[Entry, tuple[Points, ...] | None], ...]:
        """Each revision a later one replaced, with what each unit scored under it."""
        return tuple(
            (
                rev,
                None
                if rev.kind == Entry.Kind.VOID or self.scored_as is None
                else self.scored_as(rev),
            )
            for rev in self.revisions[:-1]
        )

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
                "explanation": [say(line, self.naming) for line in r.explanation],
                "explanation_messages": r.explanation,
            }
            for r in self.result.results
        ]

    @property
    def summary(self) -> str:
        return say(self.result.summary, self.naming) if self.result else ""

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
    def waiting_text(self) -> str | None:
        """What the game's end waits for, said for the table, while it waits."""
        if not self.tally.finished or not self.unconfirmed:
            return None
        numbers = [str(h.number) for h in self.unconfirmed]
        return _waiting(self.deal_word, len(numbers)) % {"numbers": ", ".join(numbers)}

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
        return tuple(names_said([self.names[s] for s in members]) for members in self.seating.units)

    def name_status(self) -> str:
        """The tally's status, with the players' names (and, while the game's end waits for
        the other side's confirmations, which deals it waits for)."""
        said = say(self.tally.status, self.naming)
        waiting = self.waiting_text
        return f"{said} {waiting}" if waiting else said

    @property
    def notes(self) -> list[str]:
        return [say(note, self.naming) for note in self.tally.notes]

    @property
    def marks(self) -> tuple[Mark, ...]:
        """What the game awards besides points, with what each means (for the legend)."""
        return self.definition.marks

    @property
    def legend(self) -> list[dict[str, str]]:
        """The marks' legend: each mark's symbol and what it means, said."""
        return [
            {"key": mark.key, "symbol": mark.symbol, "meaning": say(mark.meaning, self.naming)}
            for mark in self.definition.marks
        ]

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
        note = self.definition.next_deal_note(len(self.tally.deals), self.options, len(self.seats))
        return None if note is None else say(note, self.naming)

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
        said = TURNS.get((self.deal_word, turn.lead_word), TURNS["deal", "plays first"])
        return {
            "number": self.next_number,
            "dealer": dealer,
            "leader": leader,
            "dealer_seat": turn.dealer,
            "leader_seat": turn.leader,
            "recorded": turn.recorded,
            "text": said() % {"number": self.next_number, "dealer": dealer, "leader": leader},
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
                        "label": _mark_label(mark.key, mark.symbol, tally.marks[mark.key][i]),
                        "meaning": say(mark.meaning, self.naming),
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
        "text": gettext("%(payer)s pays %(payee)s %(amount)s")
        % {"payer": units[payment.payer], "payee": units[payment.payee], "amount": amount},
    }


@dataclass(frozen=True)
class _Earlier:
    """What a replaced record of a deal scored among the other deals: each unit's points
    (``None`` when it cannot be scored among them), and the tally that said so, carried on
    when deals are recorded after it (a later deal may not follow it: the game ended)."""

    points: tuple[Points, ...] | None
    place: int = 0  # where the record stands among the deals counted
    swap: bool = True  # it replaces the deal counted there (False: it comes in before it)
    deal: Any = None
    tally: Tally | None = None

    def deals(self, counted: tuple[tuple[int, Any], ...]) -> list[Any]:
        """The deals counted, with this record in its place."""
        rest = counted[self.place + self.swap :]
        return [*(d for _, d in counted[: self.place]), self.deal, *(d for _, d in rest)]


def _points_under(
    definition: GameDefinition[Any, Any],
    options: Any,
    players: int,
    replayed: Replay,
    key: int,
    data: Any,
) -> _Earlier:
    """Each unit's points for deal ``key`` had its record been ``data``, the others as they are:
    scored from the replay's checkpoint before that deal (so from that deal on, not the whole
    game), and on to the last deal, which must still follow it."""
    deal, error = parse_row(definition, options, players, data)
    if error is not None:
        return _Earlier(None)
    counted = replayed.deals
    place = bisect.bisect_left([k for k, _ in counted], key)
    under = _Earlier(None, place, place < len(counted) and counted[place][0] == key, deal)
    tally, _ = _tally(
        definition, under.deals(counted), players, options, replayed.tally_before(place)
    )
    if tally is None:
        return under
    points: list[Points] = [0] * len(tally.totals)
    for unit_result in tally.deals[place].results:
        points[unit_result.seat] = unit_result.points
    return dataclasses.replace(under, points=tuple(points), tally=tally)


def _carried(
    definition: GameDefinition[Any, Any],
    options: Any,
    players: int,
    earlier: dict[int, _Earlier],
    replayed: Replay,
) -> dict[int, _Earlier]:
    """The replaced records' points, carried on to a replay of the same deals and more: each
    record's tally goes on with the deals added alone (one that cannot follow makes it
    ``None``, as a replay from scratch would)."""
    carried = {}
    for pk, under in earlier.items():
        if under.tally is not None:
            tally, _ = _tally(
                definition, under.deals(replayed.deals), players, options, under.tally
            )
            points = under.points if tally is not None else None
            under = dataclasses.replace(under, tally=tally, points=points)
        carried[pk] = under
    return carried


# Standings kept between reads ------------------------------------------------------------------
#
# Every phone at a table polls the board; replaying a long game's ledger for each of them is the
# expensive part of a read. So each process keeps the replay of the ledgers it has read, keyed by
# the game, its rules and table (names included: they are in the problems' sentences) and the
# ledger's *marker*: its newest entry's id and hash, and its number of entries. The ledger is
# append-only and hash-chained (each entry's hash covers its content and the hash before it), so
# a marker names exactly one ledger: a kept replay is never stale, in any process (nor after a
# database is restored and ids come again), and a process that has not seen a marker replays
# it itself. Only the newest replay of each game is kept. When the ledger has changed since (a
# deal recorded, amended or voided, here or in another process), the deals in front that are the
# same (by deal and hash) are not scored again: the engine resumes from the kept replay's
# checkpoint before the first deal that differs, so a recorded deal costs one deal, and an amend
# or a void of deal k the deals from k on.

type _Table = tuple[Any, ...]


@dataclass(frozen=True)
class _Kept:
    marker: tuple[int, int, str]
    current: tuple[tuple[int, str], ...]  # (deal key, entry hash) of the deals replayed
    replayed: Replay
    earlier: dict[int, _Earlier]  # by entry id: a replaced record's points, once asked


_KEPT: OrderedDict[_Table, _Kept] = OrderedDict()
_KEPT_GAMES = 2_000  # about the replays of a club's fifty tables, forty times over


def _keep(table: _Table, kept: _Kept) -> None:
    _KEPT[table] = kept
    _KEPT.move_to_end(table)
    while len(_KEPT) > _KEPT_GAMES:
        _KEPT.popitem(last=False)


def forget_kept() -> None:
    """Drop the replays and rows kept in this process (tests that empty the database call it)."""
    _KEPT.clear()
    _ROWS.clear()


def _table(game: Game, definition: GameDefinition[Any, Any], options: Any, names: Naming) -> _Table:
    return (game.pk, definition.slug, repr(options), names.names, names.sides)


def _marker(entries: list[Entry]) -> tuple[int, int, str]:
    return (entries[-1].pk, len(entries), entries[-1].hash) if entries else (0, 0, "")


def _same_in_front(kept: tuple[tuple[int, str], ...], rows: list[tuple[int, int, Any]]) -> int:
    """How many deals in front of ``rows`` are the kept replay's, by deal and entry hash."""
    same = 0
    for (key, hash_), (row_key, _, row) in zip(kept, rows, strict=False):
        if key != row_key or not isinstance(row, Entry) or row.hash != hash_:
            break
        same += 1
    return same


def replay_of(
    game: Game,
    definition: GameDefinition[Any, Any],
    options: Any,
    names: Naming,
    rows: list[tuple[int, int, Any]],
) -> Replay:
    """The replay of ``rows`` (deal key, number, ledger row or a deal being checked), resumed
    from this process's kept replay of the game where their deals in front are the same."""
    players = len(names.names or ())
    kept = _KEPT.get(_table(game, definition, options, names))
    if kept is not None:
        same = _same_in_front(kept.current, rows)
        rest = [(key, row) for key, _, row in rows[same:]]
        resumed = replay_from(definition, options, players, kept.replayed, same, rest)
        if resumed is not None:
            return resumed
    return replay(definition, options, players, rows, names)


def _kept_from(
    table: _Table,
    definition: GameDefinition[Any, Any],
    options: Any,
    players: int,
    marker: tuple[int, int, str],
    current: tuple[tuple[int, str], ...],
    replayed: Replay,
) -> _Kept:
    """A replay to keep under ``marker``, with what the replay kept before it for the same game
    knew of replaced records, when it holds the same deals and more (nothing else scores)."""
    before = _KEPT.get(table)
    earlier: dict[int, _Earlier] = {}
    if before is not None and before.current == current:
        earlier = before.earlier  # the same deals (a confirmation, a dispute, an end since)
    elif (
        before is not None
        and before.earlier
        and not before.replayed.problems
        and not replayed.problems
        and current[: len(before.current)] == before.current
    ):
        earlier = _carried(definition, options, players, before.earlier, replayed)
    return _Kept(marker, current, replayed, earlier)


# Checking a change against the kept replay, in a service that holds the game's row lock --------


@dataclass(frozen=True)
class Checked:
    """The replay of a game's ledger with a change a service is about to write (a deal
    recorded, amended or voided): kept under the ledger's new marker once it is written, so
    the board shown next scores nothing. ``WRITING`` stands for what is not known before the
    entry is written: a new deal's key (:data:`replaying.NEW_DEAL`) and the entry's hash."""

    table: _Table
    entries: int  # in the ledger before the change
    current: tuple[tuple[int, str], ...]
    replayed: Replay
    definition: GameDefinition[Any, Any]
    options: Any
    players: int


WRITING = ""


def checked(
    game: Game,
    definition: GameDefinition[Any, Any],
    options: Any,
    names: Naming,
    entries: int,
    rows: list[tuple[int, int, Any]],
    replayed: Replay,
) -> Checked:
    """What a service checked a change with: ``rows`` after the change (a row not yet written
    is a deal being checked), ``entries`` the ledger's length before it."""
    current = tuple((key, row.hash if isinstance(row, Entry) else WRITING) for key, _, row in rows)
    table = _table(game, definition, options, names)
    players = len(names.names or ())
    return Checked(table, entries, current, replayed, definition, options, players)


def ledger_marker(game: Game) -> tuple[int, int, str]:
    """The ledger's marker (newest entry id, number of entries, newest hash), in one query.
    Read under the game's row lock, it is the ledger the write follows."""
    row = (
        Entry.objects.filter(game=game)
        .annotate(entries=Window(Count("id")))
        .order_by("-id")
        .values_list("id", "entries", "hash")
        .first()
    )
    return (row[0], row[1], row[2]) if row is not None else (0, 0, "")


def _caught_up(
    game: Game,
    table: _Table,
    definition: GameDefinition[Any, Any],
    options: Any,
    players: int,
) -> _Kept | None:
    """The kept replay of the game's ledger as it stands (under the game's row lock): the one
    kept when its marker is the ledger's; when another process has since recorded deals, or
    said something of one (a confirmation, a dispute), or ended the game, that one carried on
    with the entries written since, read alone. ``None`` for anything else (nothing kept, a
    deal changed in front): the caller reads the ledger whole."""
    marker = ledger_marker(game)
    kept = _KEPT.get(table)
    if kept is None or kept.marker == marker:
        return kept
    if kept.replayed.problems or not kept.marker[0] < marker[0]:
        return None
    rows = list(game.entries.filter(id__gt=kept.marker[0]).order_by("id"))
    chained = [kept.marker[2], *(row.hash for row in rows)]
    if (
        len(rows) != marker[1] - kept.marker[1]
        or rows[-1].hash != marker[2]
        or any(row.prev_hash != chained[i] for i, row in enumerate(rows))
    ):
        return None  # not the kept ledger and more (a database restored, say)
    deals = {key for key, _ in kept.current}
    added = []
    for row in rows:
        if row.kind == Entry.Kind.RECORD:
            added.append(row)
        elif row.kind == Entry.Kind.AMEND or (row.kind == Entry.Kind.VOID and row.deal_id in deals):
            return None  # a deal changed (or one voided came back): read the ledger whole
        # Anything else changes no deal that counts: a remark (a confirmation, a dispute), the
        # table's end of the game, its undoing (a void of an end).
    replayed = replay_from(
        definition,
        options,
        players,
        kept.replayed,
        len(kept.current),
        [(row.pk, row) for row in added],
    )
    if replayed is None:
        return None
    current = (*kept.current, *((row.pk, row.hash) for row in added))
    caught = _kept_from(table, definition, options, players, marker, current, replayed)
    _keep(table, caught)
    return caught


def following(
    game: Game,
    definition: GameDefinition[Any, Any],
    options: Any,
    names: Naming,
    deal: Any,
) -> Checked | None:
    """A new ``deal`` scored after the kept replay of the ledger as it stands, the engine
    resuming that replay's tally: without reading the ledger, or only the entries another
    process wrote since. ``None`` when nothing fit is kept, or the engine refuses the deal:
    the caller then reads the ledger whole and replays it, which also words the refusal."""
    table = _table(game, definition, options, names)
    players = len(names.names or ())
    kept = _caught_up(game, table, definition, options, players)
    if kept is None:
        return None
    new = replaying.NEW_DEAL
    replayed = replay_from(
        definition,
        options,
        players,
        kept.replayed,
        len(kept.current),
        [(new, replaying.Parsed(deal))],
    )
    if replayed is None:
        return None
    current = (*kept.current, (new, WRITING))
    return Checked(table, kept.marker[1], current, replayed, definition, options, players)


def keep_written(change: Checked, entry: Entry) -> None:
    """Keep the replay ``change`` was checked with, now that ``entry`` wrote it.

    Kept at once, not at commit: a write rolled back leaves a replay under a marker (an id and
    a hash) that no ledger will ever have, which no read finds, and whose deals in front are
    resumed only where they are the ledger's own."""
    new = replaying.NEW_DEAL
    key = entry.deal_key
    current = tuple(
        (key if k == new else k, entry.hash if h == WRITING else h) for k, h in change.current
    )
    replayed = change.replayed
    if new in replayed.results:
        replayed = dataclasses.replace(
            replayed,
            results={key if k == new else k: r for k, r in replayed.results.items()},
            deals=tuple((key if k == new else k, d) for k, d in replayed.deals),
        )
    marker = (entry.pk, change.entries + 1, entry.hash)
    kept = _kept_from(
        change.table, change.definition, change.options, change.players, marker, current, replayed
    )
    _keep(change.table, kept)


# A game's ledger rows kept between reads ---------------------------------------------------------
#
# Once nothing is scored again, reading a long game's ledger back is most of a read's work (a
# 1,500-hand game: 1,500 rows made into entries). The rows never change (the ledger is
# append-only), so each process keeps the rows it read last of each game, under their marker: a
# read then asks for the marker, and for the rows written since only (chained on to the newest
# kept by their hashes, as many as the marker counts: otherwise the whole ledger again). The
# recorders' names are read afresh every time (one query for the few of them).

_ROWS: OrderedDict[int, tuple[tuple[int, int, str], tuple[Entry, ...]]] = OrderedDict()
_ROWS_KEPT = 20_000  # entries in all (a kilobyte or two each), the least recently read dropped


def _rows_since(
    game: Game, kept: tuple[tuple[int, int, str], tuple[Entry, ...]], marker: tuple[int, int, str]
) -> list[Entry] | None:
    """The kept rows and those written since, or ``None`` when the ledger is not the kept one
    and more (a database restored behind this process, say)."""
    (newest, count, hash_), rows = kept
    if not 0 < newest < marker[0]:
        return None
    since = list(game.entries.filter(id__gt=newest).order_by("id"))
    chained = [hash_, *(row.hash for row in since)]
    if len(since) < marker[1] - count or any(
        row.prev_hash != chained[i] for i, row in enumerate(since)
    ):
        return None
    return [*rows, *since]


def ledger_rows(game: Game) -> list[Entry]:
    """The game's ledger, every entry by id, with who recorded each (see above)."""
    marker = ledger_marker(game)
    kept = _ROWS.get(game.pk)
    rows = None
    if kept is not None:
        rows = list(kept[1]) if kept[0] == marker else _rows_since(game, kept, marker)
    if rows is None:
        rows = list(game.entries.order_by("id"))
    users = User.objects.in_bulk({row.recorded_by_id for row in rows})
    for row in rows:
        Entry.recorded_by.field.set_cached_value(row, users[row.recorded_by_id])
    _ROWS[game.pk] = (_marker(rows), tuple(rows))
    _ROWS.move_to_end(game.pk)
    while len(_ROWS) > 1 and sum(len(r) for _, r in _ROWS.values()) > _ROWS_KEPT:
        _ROWS.popitem(last=False)
    return rows


def game_standings(game: Game) -> Standings:
    """Replay the ledger through the adjudicator. Never raises on what the ledger holds."""
    seats = tuple(game.seats.select_related("player").order_by("position"))
    entries = ledger_rows(game)
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
    kept = _KEPT.get(table)
    if kept is None or kept.marker != marker:
        replayed = replay_of(game, definition, options, names, current)
        deals = tuple((key, row.hash) for key, _, row in current)
        kept = _kept_from(table, definition, options, len(seats), marker, deals, replayed)
    replayed = kept.replayed
    tally = replayed.tally
    if end is not None and definition.open_ended(options, len(seats)) and tally.deals:
        tally = definition.stop(tally, players=len(seats), options=options)
    else:
        end = None  # an end the replay cannot honour (every deal voided since) ends nothing
    units = tuple(
        names_said([seat.player.name for seat in seats if seat.position in members])
        for members in seating.units
    )
    problems = {problem.key: problem for problem in replayed.problems}
    earlier = kept.earlier

    def scored_as(rev: Entry) -> tuple[Points, ...] | None:
        # A revision is shown struck through beside what replaced it: scored when a page
        # shows its deal, and kept with the replay.
        if rev.pk not in earlier:
            earlier[rev.pk] = _points_under(
                definition, options, len(seats), replayed, rev.deal_key, rev
            )
        return earlier[rev.pk].points

    history = []
    for key, revs in revisions.items():
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
                scored_as=scored_as,
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
