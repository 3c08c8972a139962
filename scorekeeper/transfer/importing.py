"""Import a JSON export (:mod:`scorekeeper.transfer.exporting`): its nights become the importing user's.

Three steps, and only the last touches the database:

1. the file is checked against the published schema (:mod:`scorekeeper.transfer.export_format`): the
   first value that does not fit is refused with its path;
2. each game's ledger is replayed in memory, once: every entry's links, every record read by the
   game's rules, and the deals that count at the end tallied in one pass. A file whose ledger
   does not replay is refused, with the entry where and why;
3. the nights, players, games and entries are written in one short transaction (all or
   nothing). On SQLite that transaction holds the one write lock, so it does no more than the
   inserts: an import of thousands of deals keeps a table recording a hand waiting a moment,
   not past its timeout.

The import's cost is linear in its size: a record is parsed once, a game tallied once (the
services' own checks, run per entry, would replay the whole game at every entry).

What step 2 checks is what the services guarantee of a ledger that a table writes: an amend or
a void supersedes its deal's latest revision; nothing is recorded, amended or voided while the
table's end of the game stands; a game is ended by its table only if it has no end of its own
and some deal counts; a deal is confirmed only while its game asks for it, once per revision,
by a player of another side than its recorder; a dispute is settled once; each game begun
asks for confirmations at its end as its night does (``setting`` entries say where it
changed); and the deals that count replay whole. The services also refuse, at each
step, a change that leaves a later deal uncountable for a moment; an import checks the ledger
as the file leaves it.
"""

from __future__ import annotations

import datetime
import logging
import uuid
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext

from adjudicator.budget import QUESTION_STEPS, Budget, budget
from adjudicator.errors import AdjudicationError
from adjudicator.game import Game as GameDefinition
from adjudicator.games import get_game
from adjudicator.said import Naming
from scorekeeper.desk import asking
from scorekeeper.exceptions import ServiceError
from scorekeeper.games import services as game_services
from scorekeeper.languages.speaking import say
from scorekeeper.ledger import confirming
from scorekeeper.models import Club, Entry, Game, ImportedToken, Night, Player
from scorekeeper.nights import services as night_services
from scorekeeper.transfer import export_format

logger = logging.getLogger(__name__)

# Concurrent imports of one file race for its tokens (PostgreSQL; SQLite serializes writers):
# the loser's transaction is rolled back and written again with the tokens taken meanwhile
# replaced, as an import made after the other would. A third try covers three at once.
WRITE_TRIES = 3


class ImportRefused(ServiceError):
    """A file that cannot be imported as it stands (its shape, or a ledger that won't replay)."""

    code = "import_refused"


@dataclass(frozen=True)
class _Row:
    """One ledger entry of the file, checked: links are indexes into its game's rows."""

    where: str
    kind: str
    deal: int | None
    supersedes: int | None
    data: dict[str, Any]
    note: str
    token: uuid.UUID | None
    recorded_at: datetime.datetime | None
    recorded_as: str
    seat: int | None = None
    settles: int | None = None


@dataclass(frozen=True)
class GamePlan:
    """One game of a file, checked and replayed: its seats' names, its ledger's rows."""

    where: str
    slug: str
    options: dict[str, Any]
    players: tuple[str, ...]  # in seat order
    rows: tuple[_Row, ...]
    number: int | None = None  # the game's number in its night, as the file gives it
    by_n: tuple[tuple[int, int], ...] = ()  # the file's n → row
    confirmations: bool = False  # whether it asked for confirmations from its first entry


# Who sits in a seat of a game of the file, where the caller knows better than the name:
# (the game, its seat's position, the name the file gives) -> the player, or None to read the
# name on the roster.
type SeatedAs = Callable[[GamePlan, int, str], Player | None]


RULINGS_STEPS = 10 * QUESTION_STEPS
"""The steps all of one file's rulings may search, asked again (adjudicator.budget): ten
questions at the end of their budget. A real ruling takes a few hundred steps; a file of the
most costly bodies a question takes is refused rather than left to hold a worker."""


@dataclass(frozen=True)
class _RulingPlan:
    """A ruling of the file, asked again here: its answer is this site's, not the file's."""

    asked: asking.Asked
    players: int | None
    note: str
    saved_as: str
    saved_at: datetime.datetime | None
    dispute: tuple[int, int] | None = None  # (game number, entry n) of the hand it was asked of


@dataclass(frozen=True)
class NightPlan:
    """One night of a file, checked: what :func:`write_night` writes."""

    where: str
    date: datetime.date
    place: str
    notes: str
    table: tuple[tuple[str, str], ...]  # (where, name)
    games: tuple[GamePlan, ...]
    rulings: tuple[_RulingPlan, ...] = ()
    confirmations: bool = False


@dataclass(frozen=True)
class Imported:
    """What an import did: the file's nights in its order, and those of them that were already
    here (nothing of theirs written again)."""

    nights: list[Night]
    already_here: frozenset[int] = frozenset()

    @property
    def written(self) -> list[Night]:
        return [night for night in self.nights if night.pk not in self.already_here]


def import_nights(*, owner: User, document: Any) -> list[Night]:
    """The file's nights as :func:`import_file` leaves them (those already here included)."""
    return import_file(owner=owner, document=document).nights


def import_file(*, owner: User, document: Any) -> Imported:
    """Create the file's nights for ``owner``: checked and replayed first, then written in one
    transaction. All or nothing.

    A night already here is not written again: a file night whose every entry (by its token)
    is held by one night ``owner`` owns or records in is that night, as it is (an export
    imported back, or a file imported twice), so an import never doubles a night, its ratings
    or its records. A file night that holds more than the night here does is refused (which
    entries would be new is not the import's to say). Players are matched by name among the
    owner's players, or made. Kinds, supersedes, notes and tokens are kept (a token another
    person's night holds gets a new one: a copy); the entries are recorded by the importing
    owner, at the times the file gives, with the recorder the file names."""
    plan = check_document(document)
    tokens = [row.token for n in plan for g in n.games for row in g.rows if row.token]
    taken = taken_tokens(tokens)
    for attempt in range(1, WRITE_TRIES + 1):
        try:
            with transaction.atomic():
                here = _already_here(owner, plan)
                fresh = TokenGiver(taken)
                nights = [
                    here[k] if k in here else write_night(owner, night, fresh)
                    for k, night in enumerate(plan)
                ]
                return Imported(nights, frozenset(night.pk for night in here.values()))
        except IntegrityError:
            before, taken = taken, taken_tokens(tokens)
            if attempt == WRITE_TRIES or taken == before:  # not a token taken meanwhile
                raise
    raise AssertionError("unreachable")  # pragma: no cover


def _already_here(owner: User, plan: list[NightPlan]) -> dict[int, Night]:
    """The file's nights (by their place in the file) that a night of ``owner``'s table holds
    already, entry for entry; :class:`ImportRefused` for one that holds part of it.

    Read inside the import's transaction: on PostgreSQL the owner's row is locked first, so two
    imports of one file by one person run one after the other, the second finding the first's
    nights."""
    get_user_model().objects.select_for_update().filter(pk=owner.pk).exists()
    mine = Night.objects.filter(Q(owner=owner) | Q(recorders=owner))
    found: dict[int, Night] = {}
    for k, night in enumerate(plan):
        tokens = {row.token for game in night.games for row in game.rows if row.token}
        if not tokens:
            continue
        # An entry holds the file's token itself, or holds another and was imported from it.
        held = Entry.objects.filter(
            Q(token__in=tokens) | Q(imported_as__token__in=tokens), game__night__in=mine
        )
        homes = set(held.values_list("game__night", flat=True).distinct())
        if not homes:
            continue
        count = held.count()
        if len(homes) == 1 and count == len(tokens):
            found[k] = Night.objects.get(pk=homes.pop())
            continue
        raise ImportRefused(
            gettext(
                "The file's %(where)s is already here in part (%(held)d of its %(entries)d "
                "entries): import a night once, or remove the night here first to import the "
                "file's copy."
            )
            % {"where": night.where, "held": count, "entries": len(tokens)},
            field=night.where,
        )
    return found


# Step 1 and 2: the file, checked without the database -------------------------------------------


def check_document(document: Any) -> list[NightPlan]:
    """The file as checked nights, games and ledgers; :class:`ImportRefused` at the first
    thing that is wrong. Reads nothing from the database."""
    if isinstance(document, dict):
        # Said plainly: the two mistakes most files make (another program's JSON, a newer file).
        if document.get("format") != export_format.FORMAT:
            raise ImportRefused(
                f"This is not a Scorekeeper export (its format should be "
                f"{export_format.FORMAT!r}).",
                field="format",
            )
        if document.get("version") != export_format.VERSION:
            raise ImportRefused(
                f"This export is version {document.get('version')!r}; this site reads version "
                f"{export_format.VERSION}.",
                field="version",
            )
    problem = export_format.first_problem(document)
    if problem is not None:
        raise ImportRefused(f"The file's {problem.path} {problem.message}.", field=problem.path)
    document = export_format.plain(document)
    searched = Budget(RULINGS_STEPS)  # what the file's rulings have searched, all together
    return [
        _check_night(data, f"nights[{i}]", searched) for i, data in enumerate(document["nights"])
    ]


def _refuse(where: str, message: str) -> ImportRefused:
    return ImportRefused(message, field=where)


def _name(value: str, where: str) -> str:
    name = " ".join(value.split())
    if not name:
        raise _refuse(where, f"The file's {where} should be a name, not blank.")
    return name


def _check_night(data: Mapping[str, Any], where: str, searched: Budget) -> NightPlan:
    try:
        date = datetime.date.fromisoformat(data["date"])
    except ValueError:  # pragma: no cover - the schema's format check came first
        raise _refuse(f"{where}.date", f"The file's {where}.date is not a date.") from None
    table: list[tuple[str, str]] = []
    seated: set[str] = set()
    for k, raw in enumerate(data.get("table", ())):
        name = _name(raw, f"{where}.table[{k}]")
        if name.casefold() not in seated:  # a name twice at one table: seated once
            seated.add(name.casefold())
            table.append((f"{where}.table[{k}]", name))
    games = data.get("games", [])
    asks = bool(data.get("confirmations", False))
    numbers: set[int] = set()
    for j, game in enumerate(games):
        if game["number"] in numbers:
            here = f"{where}.games[{j}].number"
            raise _refuse(here, f"The file's {here} is the number of another game of its night.")
        numbers.add(game["number"])
    # Started in the order the night numbered them.
    ordered = sorted(range(len(games)), key=lambda j: games[j]["number"])
    return NightPlan(
        where=where,
        date=date,
        place=data.get("place", ""),
        notes=data.get("notes", ""),
        table=tuple(table),
        confirmations=asks,
        games=tuple(_check_game(games[j], f"{where}.games[{j}]", asks) for j in ordered),
        rulings=tuple(
            _check_ruling(ruling, f"{where}.rulings[{k}]", searched)
            for k, ruling in enumerate(data.get("rulings", ()))
        ),
    )


def _check_ruling(data: Mapping[str, Any], where: str, searched: Budget) -> _RulingPlan:
    """Ask the ruling's question again, as the desk would before saving it: a question this
    site does not ask, or an input or reading it refuses, refuses the file. Each question
    searches within its own budget, as on the desk; all the file's rulings together within
    ``searched`` (one import must not hold a worker for the sum of 200 questions' worst)."""
    try:
        with budget() as used:  # counts what the question spends of its own budget
            asked = asking.ask(
                slug=data["game"],
                question=data["question"],
                data=data["input"],
                players=data.get("players"),
                options=data.get("options") or {},
                readings=False,
            )
    except AdjudicationError as err:
        raise _refuse(where, f"The file's {where} cannot be asked here: {err.message}") from None
    searched.spent += used.spent
    if searched.overspent:
        raise _refuse(
            where,
            f"The file's rulings need more searching than one import does "
            f"({RULINGS_STEPS:,} steps in all, reached at {where}): import them in two files.",
        )
    if asked.error is not None:
        raise _refuse(where, f"The file's {where} is refused here: {asked.error.message}")
    dispute = data.get("dispute")
    return _RulingPlan(
        asked=asked,
        players=data.get("players"),
        note=data.get("note", ""),
        saved_as=(data.get("saved_by") or "").strip(),
        saved_at=_when(data.get("saved_at")),
        dispute=(dispute["game"], dispute["n"]) if dispute else None,
    )


def _check_game(data: Mapping[str, Any], where: str, night_asks: bool) -> GamePlan:
    """One game of the file, its ledger replayed; ``night_asks``: its night's confirmations
    setting, which a game begun ends its ledger asking as (a game that does not say how it
    began asked as its night does: a file written before games kept it)."""
    slug = data["slug"]
    try:
        definition = get_game(slug)
    except AdjudicationError:
        raise _refuse(
            f"{where}.slug", f"This site does not know the game {slug!r} ({where})."
        ) from None
    for k, seat in enumerate(data["seats"]):
        if seat["position"] >= len(data["seats"]):
            # The entries name seats by position (a deal's seats, its recorder, a confirmer):
            # seats numbered 0 to n-1 again with a gap closed would move every score after it.
            here = f"{where}.seats[{k}].position"
            raise _refuse(
                here,
                f"The file's {here} is {seat['position']}, but the {len(data['seats'])} seats "
                f"of game {data['number']} ({definition.name}) are numbered 0 to "
                f"{len(data['seats']) - 1}, each once: its deals name the seats by those "
                "numbers.",
            )
    # Each below the count of seats and none twice: the seats are 0 to n-1, as they are here.
    seats = sorted(enumerate(data["seats"]), key=lambda pair: pair[1]["position"])
    names: list[str] = []
    for at, (k, seat) in enumerate(seats):
        here = f"{where}.seats[{k}]"
        if at and seat["position"] == seats[at - 1][1]["position"]:
            raise _refuse(f"{here}.position", f"The file's {here}.position is another seat's.")
        name = _name(seat["player"], f"{here}.player")
        if name.casefold() in (n.casefold() for n in names):
            raise _refuse(
                f"{here}.player",
                f"The file's {here}.player is seated already: a player takes one seat.",
            )
        names.append(name)
    options_data = data.get("options", {})
    try:
        options = definition.options(options_data)
    except AdjudicationError as err:
        raise _refuse(f"{where}.options", f"At {where}.options: {err.message}") from None
    try:
        definition.check_players(len(names))
    except AdjudicationError as err:
        raise _refuse(f"{where}.seats", f"At {where}.seats: {err.message}") from None
    seating = definition.seating(len(names), options)
    began = bool(data.get("confirmations", night_asks))
    ledger = _Ledger(definition, options, len(names), Naming(tuple(names), seating.sides), began)
    for k, entry in enumerate(data.get("entries", ())):
        ledger.add(entry, f"{where}.entries[{k}]")
    ledger.replay()
    if ledger.rows and ledger.asks != night_asks:
        # The app changes a night's setting in every game begun, in one transaction.
        said = "asks" if ledger.asks else "does not ask"
        raise _refuse(
            f"{where}.entries",
            f"The file's {where} {said} for confirmations at the end of its ledger, but its "
            "night's confirmations say otherwise: a night's games keep its setting.",
        )
    return GamePlan(
        where,
        slug,
        dict(options_data),
        tuple(names),
        tuple(ledger.rows),
        number=data.get("number"),
        by_n=tuple(ledger.by_n.items()),
        confirmations=began,
    )


@dataclass
class _Ledger:
    """One game's ledger as the file gives it, entry by entry, as the services would keep it."""

    definition: GameDefinition[Any, Any]
    options: Any
    players: int
    naming: Naming
    asks: bool = False  # whether the game asks for confirmations here (from its start, then
    # as each setting entry says), and the row of the setting it asks by (-1: its start)
    since: int = -1
    rows: list[_Row] = field(default_factory=list)
    by_n: dict[int, int] = field(default_factory=dict)  # the file's n → row
    latest: dict[int, int] = field(default_factory=dict)  # a deal's (or end's) first row → latest
    deals: list[int] = field(default_factory=list)  # each deal's first row, in recorded order
    parsed: dict[int, Any] = field(default_factory=dict)  # row → the deal its record reads as
    ends: set[int] = field(default_factory=set)  # rows of the table's ends
    ended: int | None = None  # the end that stands
    counting: int = 0  # deals whose latest revision is not a void
    confirmed: set[int] = field(default_factory=set)  # revisions (rows) confirmed
    settled: set[int] = field(default_factory=set)  # disputes (rows) an amend settled

    def _said(self, where: str, message: str, *, at: str | None = None) -> ImportRefused:
        return _refuse(at or where, f"The ledger does not replay at {where}: {message}")

    def _link(self, value: Any, where: str) -> int:
        if value is None or value not in self.by_n:
            raise _refuse(where, f"The file's {where} names no earlier entry of its game.")
        return self.by_n[value]

    def add(self, entry: Mapping[str, Any], where: str) -> None:
        n, kind = entry["n"], entry["kind"]
        if n in self.by_n:
            raise _refuse(
                f"{where}.n", f"The file's {where}.n should be a number used once in its game."
            )
        word = self.definition.deal_word
        deal = supersedes = settles = None
        seat = entry.get("seat")
        if seat is not None and seat >= self.players:
            raise _refuse(f"{where}.seat", f"The file's {where}.seat is no seat of its game.")
        if kind in Entry.REMARKS:
            self._remark(entry, where)
            return
        if kind == Entry.Kind.SETTING:
            self._setting(entry, where)
            return
        if entry.get("settles") is not None:
            settles = self._link(entry["settles"], f"{where}.settles")
        if kind in (Entry.Kind.AMEND, Entry.Kind.VOID):
            deal = self._link(entry.get("deal"), f"{where}.deal")
            supersedes = self._link(entry.get("supersedes"), f"{where}.supersedes")
            if deal not in self.latest:
                raise _refuse(
                    f"{where}.deal", f"The file's {where}.deal names no {word}'s first entry."
                )
            if self.latest[deal] != supersedes:
                latest_n = next(k for k, row in self.by_n.items() if row == self.latest[deal])
                raise self._said(
                    where,
                    f"its supersedes ({where}.supersedes) names entry {entry['supersedes']}, "
                    f"but the latest revision of its {word} is entry {latest_n}.",
                    at=f"{where}.supersedes",
                )
        if kind == Entry.Kind.AMEND and deal in self.ends:
            raise self._said(where, "the table's end of a game cannot be amended.")
        if settles is not None and (
            kind != Entry.Kind.AMEND
            or self.rows[settles].kind != Entry.Kind.DISPUTE
            or self.rows[settles].deal != deal
            or settles in self.settled
        ):
            raise self._said(
                where,
                f"only an amend settles a dispute, once, and only one about its own {word}.",
                at=f"{where}.settles",
            )
        undoing_end = kind == Entry.Kind.VOID and deal in self.ends
        if kind == Entry.Kind.END:
            if not self.definition.open_ended(self.options, self.players):
                raise self._said(
                    where, f"{self.definition.name} ends by its own rule; the table cannot end it."
                )
            if self.ended is not None:
                raise self._said(where, "the table had already ended this game.")
            if not self.counting:
                raise self._said(where, f"no {word}s count yet: there is nothing to end.")
        elif self.ended is not None and not undoing_end:
            raise self._said(
                where,
                f"the table had ended this game, so it takes no more {word}s before "
                "the end is undone.",
            )
        elif undoing_end and self.ended != deal:
            raise self._said(where, "that end of the game had already been undone.")
        elif kind == Entry.Kind.VOID and self.rows[supersedes or 0].kind == Entry.Kind.VOID:
            raise self._said(where, f"that {word} is already voided.")
        record: dict[str, Any] = {}
        if kind in (Entry.Kind.RECORD, Entry.Kind.AMEND):
            if "data" not in entry:
                raise _refuse(
                    f"{where}.data", f"The file's {where}.data is missing: a {word}'s record."
                )
            record = self._read(entry["data"], where)
        row = self._append(
            entry,
            where,
            deal=deal,
            supersedes=supersedes,
            data=record,
            seat=seat,
            settles=settles,
        )
        if settles is not None:
            self.settled.add(settles)
        if kind == Entry.Kind.RECORD:
            self.latest[row] = row
            self.deals.append(row)
            self.counting += 1
        elif kind == Entry.Kind.END:
            self.latest[row] = row
            self.ends.add(row)
            self.ended = row
        elif undoing_end:
            self.latest[deal or 0] = row
            self.ended = None
        else:
            was_void = self.rows[supersedes or 0].kind == Entry.Kind.VOID
            self.latest[deal or 0] = row
            self.counting += (kind == Entry.Kind.AMEND and was_void) - (kind == Entry.Kind.VOID)

    def _remark(self, entry: Mapping[str, Any], where: str) -> None:
        """A confirmation or a dispute: about a deal that stands, changing no score. A
        confirmation is by a player of another side than the deal's recorder, once."""
        word = self.definition.deal_word
        deal = self._link(entry.get("deal"), f"{where}.deal")
        if deal not in self.latest or deal in self.ends:
            raise _refuse(
                f"{where}.deal", f"The file's {where}.deal names no {word}'s first entry."
            )
        if entry.get("supersedes") is not None or entry.get("settles") is not None:
            raise _refuse(
                where, f"The file's {where} is said about a {word}: it supersedes nothing."
            )
        latest = self.rows[self.latest[deal]]
        if latest.kind == Entry.Kind.VOID:
            raise self._said(where, f"that {word} is voided.")
        seat = entry.get("seat")
        if entry["kind"] == Entry.Kind.CONFIRM:
            if not self.asks or self.latest[deal] <= self.since:
                raise self._said(
                    where,
                    f"that {word} was not waiting for a confirmation: the game did not ask for "
                    "one when it was recorded, or no longer does.",
                )
            # A revision of no known recorder (kept before a hand had to say who records it)
            # is refused a new confirmation by the app, but one it already holds counts as the
            # ledger reads it, so its export imports again: any seat may have given it.
            seating = self.definition.seating(self.players, self.options)
            may = (
                range(self.players)
                if latest.seat is None
                else confirming.who_may_confirm(seating, latest.seat)
            )
            if seat is None or seat not in may:
                raise self._said(
                    where,
                    f"a {word} is confirmed by a player of another side than its recorder.",
                    at=f"{where}.seat",
                )
            if self.latest[deal] in self.confirmed:
                raise self._said(where, f"that {word} was already confirmed as it stands.")
            self.confirmed.add(self.latest[deal])
        self._append(entry, where, deal=deal, data=dict(entry.get("data") or {}), seat=seat)

    def _setting(self, entry: Mapping[str, Any], where: str) -> None:
        """The night's owner changing how the game keeps score from here: whether it asks for
        confirmations. About no deal, by no seat; a change, not the setting it already has."""
        if any(entry.get(link) is not None for link in ("deal", "supersedes", "settles", "seat")):
            raise _refuse(
                where, f"The file's {where} is a setting of its game: it names no entry or seat."
            )
        data = entry.get("data")
        if not (
            isinstance(data, dict)
            and set(data) == {"confirmations"}
            and isinstance(data["confirmations"], bool)
        ):
            raise _refuse(
                f"{where}.data",
                f"The file's {where}.data should be a setting: "
                '{"confirmations": true} or {"confirmations": false}.',
            )
        if data["confirmations"] == self.asks:
            said = "asked" if self.asks else "did not ask"
            raise self._said(where, f"the game {said} for confirmations already.")
        self.since = self._append(entry, where, deal=None, data=dict(data), seat=None)
        self.asks = data["confirmations"]

    def _append(
        self,
        entry: Mapping[str, Any],
        where: str,
        *,
        deal: int | None,
        data: dict[str, Any],
        seat: int | None,
        supersedes: int | None = None,
        settles: int | None = None,
    ) -> int:
        """Keep a checked entry of the file as the game's next row, under its ``n``; its row."""
        kind = entry["kind"]
        row = len(self.rows)
        self.rows.append(
            _Row(
                where=where,
                kind=kind,
                deal=deal,
                supersedes=supersedes,
                data=data,
                note=(entry.get("note") or "").strip() if kind != Entry.Kind.RECORD else "",
                token=uuid.UUID(entry["token"]) if entry.get("token") else None,
                recorded_at=_when(entry.get("recorded_at")),
                recorded_as=(entry.get("recorded_by") or "").strip(),
                seat=seat,
                settles=settles,
            )
        )
        self.by_n[entry["n"]] = row
        return row

    def _read(self, data: Mapping[str, Any], where: str) -> dict[str, Any]:
        """The record as the game reads it (stored in its canonical form, as the services do)."""
        definition, options, players = self.definition, self.options, self.players
        try:
            deal = definition.parse_deal(data, players=players, options=options)
        except AdjudicationError as err:
            raise self._said(where, say(err.message, self.naming), at=f"{where}.data") from None
        except Exception:  # a record no game reads, however it is made: refused, and logged
            logger.exception("an imported record could not be parsed")
            raise self._said(where, "its record cannot be read.", at=f"{where}.data") from None
        self.parsed[len(self.rows)] = deal
        canonical: dict[str, Any] = definition.deal_as_data(deal, players=players, options=options)
        return canonical

    def replay(self) -> None:
        """Tally the deals that count, once; if they do not replay, name the first that cannot
        follow the ones before it, with the game's reason."""
        current = [self.latest[d] for d in self.deals]
        current = [row for row in current if self.rows[row].kind != Entry.Kind.VOID]
        deals = [self.parsed[row] for row in current]
        tally = self.definition.tally
        try:
            tally(deals, players=self.players, options=self.options)
            return
        except AdjudicationError as err:
            failure = err
        # Only for a file that is refused: deal by deal, each resuming the tally before it.
        known, failing = None, current[-1]
        for upto, row in enumerate(current, start=1):
            try:
                known = tally(deals[:upto], players=self.players, options=self.options, known=known)
            except AdjudicationError as err:
                failure, failing = err, row
                break
        failure.path = ()  # about the deal as a whole, not one of its fields
        raise self._said(self.rows[failing].where, say(failure.message, self.naming))


def _when(value: str | None) -> datetime.datetime | None:
    if value is None:
        return None
    parsed = datetime.datetime.fromisoformat(value)  # the schema bounds it (an offset, a year)
    return parsed if parsed.tzinfo else timezone.make_aware(parsed)


# Step 3: the write ------------------------------------------------------------------------------


def taken_tokens(tokens: list[uuid.UUID]) -> set[uuid.UUID]:
    """Which of the tokens the site already holds (a file imported before, or from here)."""
    found: set[uuid.UUID] = set()
    for start in range(0, len(tokens), 500):
        chunk = tokens[start : start + 500]
        found.update(Entry.objects.filter(token__in=chunk).values_list("token", flat=True))
    return found


class TokenGiver:
    """The file's token for an entry, or a new one where it is in use (here, or earlier in the
    same file)."""

    def __init__(self, taken: Iterable[uuid.UUID]) -> None:
        self.used = set(taken)

    def __call__(self, token: uuid.UUID | None) -> uuid.UUID:
        given = token if token is not None and token not in self.used else uuid.uuid4()
        self.used.add(given)
        return given


def _refusing(action: Callable[[], Any], where: str) -> Any:
    """Run a service; say where in the file a refusal comes from."""
    try:
        return action()
    except (AdjudicationError, ServiceError, PermissionDenied) as err:
        message = getattr(err, "message", None) or str(err)
        raise ImportRefused(f"At {where}: {message}", field=where) from None


def write_night(
    owner: User,
    plan: NightPlan,
    token: TokenGiver,
    *,
    club: Club | None = None,
    seated: SeatedAs | None = None,
) -> Night:
    """Write one checked night of a file for ``owner`` (inside the caller's transaction): its
    table, its games and their ledgers, its rulings. A club's night (``club``) seats the club's
    roster; ``seated`` names the player of a seat where the file's name alone does not say
    which (a club's two players of one name, one merged into the other)."""
    night = night_services.night_create(
        owner=owner,
        date=plan.date,
        place=plan.place,
        notes=plan.notes,
        confirmations=plan.confirmations,
        club=club,
    )
    disputes: dict[tuple[int, int], int] = {}  # (game number, the file's n) → a dispute's id
    for where, name in plan.table:
        _refusing(partial(night_services.night_player_add, night=night, by=owner, name=name), where)
    for game_plan in plan.games:
        seats = f"{game_plan.where}.seats"
        players = [
            (seated(game_plan, position, name) if seated is not None else None)
            or _refusing(
                partial(night_services.owners_player, owner=owner, name=name, club=club), seats
            )
            for position, name in enumerate(game_plan.players)
        ]
        start = partial(
            game_services.game_start,
            night=night,
            by=owner,
            slug=game_plan.slug,
            players=players,
            options=game_plan.options,
        )
        game = _refusing(start, game_plan.where)
        if game_plan.number is not None and game.number != game_plan.number:
            # The night's numbers as the file gives them (a game removed leaves its number
            # unused); started in that order, so each is above the ones before. Not started
            # yet: its row may still change.
            Game.objects.filter(pk=game.pk).update(number=game_plan.number)
            game.number = game_plan.number
        # The game is new and not yet committed: no other writer can see it, so its whole
        # chain is linked here and inserted at once, without its row lock.
        ids = Entry.next_ids(len(game_plan.rows))
        tokens = [token(row.token) for row in game_plan.rows]
        Entry.insert_ledger(
            confirmations=game_plan.confirmations,
            entries=[
                Entry(
                    id=ids[k],
                    game=game,
                    kind=row.kind,
                    deal_id=None if row.deal is None else ids[row.deal],
                    supersedes_id=None if row.supersedes is None else ids[row.supersedes],
                    settles_id=None if row.settles is None else ids[row.settles],
                    seat=row.seat,
                    data=row.data,
                    note=row.note[:200],
                    token=tokens[k],
                    recorded_by=owner,
                    recorded_as="" if row.recorded_as == owner.username else row.recorded_as,
                    recorded_at=row.recorded_at or timezone.now(),
                )
                for k, row in enumerate(game_plan.rows)
            ],
        )
        # Where the file's token was another person's: kept, so this file is known again.
        ImportedToken.objects.bulk_create(
            ImportedToken(entry_id=ids[k], token=row.token)
            for k, row in enumerate(game_plan.rows)
            if row.token is not None and row.token != tokens[k]
        )
        if game_plan.number is not None:
            disputes |= {
                (game_plan.number, n): ids[row]
                for n, row in game_plan.by_n
                if game_plan.rows[row].kind == Entry.Kind.DISPUTE
            }
    for k, ruling in enumerate(plan.rulings):
        dispute = None
        if ruling.dispute is not None:
            dispute = disputes.get(ruling.dispute)
            if dispute is None:
                where = f"{plan.where}.rulings[{k}].dispute"
                raise _refuse(where, f"The file's {where} names no dispute of its night's games.")
        saved = asking.ruling_of(
            ruling.asked,
            night=night,
            players=ruling.players,
            note=ruling.note,
            by=owner,
            saved_as="" if ruling.saved_as == owner.username else ruling.saved_as,
            saved_at=ruling.saved_at or timezone.now(),
        )
        saved.dispute_id = dispute
        saved.save()
    return night
