"""A game's record of one deal, described as data.

Each game declares what the table writes down after a deal, field by field, the way house
rules are declared: who went out, a flag, a count or cards for each seat, a count for each
side, the tricks of a hand. From that one description come the JSON a deal is stored and sent
as, its parsing and structural checks (here), the API's schema and the page's form (in the
app). The game itself only adds what the description cannot say (its rules: "a player who went
down holds at most 100").

A field's JSON value, and what :func:`parse_record` makes of it:

==============  ===============================================  ===============================
kind            JSON                                             parsed
==============  ===============================================  ===============================
``seat``        ``2`` (or ``null`` when optional)                ``int`` or ``None``
``flag``        ``true``                                         ``bool``
``count``       ``36``                                           ``int``
``cards``       ``"AS 10H JK"``                                  ``tuple[Card, ...]``
``per_seat``    ``[{"seat": 1, "held": 36}, …]``                 ``{seat: SeatEntry}``
``per_side``    ``[5, 4]``                                       ``tuple[int, ...]``
``events``      ``[{"event": "simple", "side": 0}, …]``          ``tuple[(event, side), ...]``
``tricks``      ``[{"plays": [{"seat": 0, "cards": "7H"}, …]}]``  ``tuple[tuple[(seat, cards)]]``
==============  ===============================================  ===============================

>>> from adjudicator.cards import STANDARD
>>> record = Record((SeatField("went_out", "Who went out?"),
...                  PerSeatField("hands", "What each player held", skip="went_out",
...                               entries=(CountField("held", "Held count"),
...                                        FlagField("not_down", "Never went down")))))
>>> values = parse_record(record, {"went_out": 0, "hands": [{"seat": 1, "held": 36}]},
...                       Seating(2), STANDARD)
>>> values["hands"][1]
SeatEntry(key='held', value=36)
>>> format_record(record, values)
{'went_out': 0, 'hands': [{'seat': 1, 'held': 36}]}
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal, Protocol

from adjudicator.bounds import CARD_TEXT, cards_schema, check_bounds
from adjudicator.cards import Card, Pack, format_cards, parse_card_rows, parse_cards
from adjudicator.errors import AdjudicationError, BadEntryError, InvalidGridError
from adjudicator.messages import Message, Verbatim, joined, listed, msg, msg_n
from adjudicator.options import readable_number
from adjudicator.said import Ref, Said, seat, seats
from adjudicator.seats import read_seat

# No table writes down more than this for one seat; anything larger is a mistake, not a count.
# The rules' own limits (a Bridge Rummy hand holds at most 100) are the game's to check, with
# the rule that sets them in the sentence.
MOST_POINTS = 100_000
MOST_CARDS = 120

SOMEONE = Verbatim("{}")
"""The place a per-seat field's ``prompt`` or ``skipped`` message leaves for the seats it is
about, filled in when the record is read: ``msg("Say what {players} held", players=SOMEONE)``.
As text it is ``{}``, so the message's English is the old template ("Say what {} held")."""

type DealData = dict[str, Any]
"""A deal in its canonical JSON form (:func:`format_record`), as an answer echoes it: its
shape is the game's record (:func:`json_schema`), so an answer type names it, not its keys."""


@dataclass(frozen=True)
class SeatEntry:
    """One seat's entry in a per-seat field: which alternative was given, and its value.

    ``index`` is the entry's place in the JSON list, for pointing a refusal at it.
    """

    key: str
    value: Any
    index: int = field(default=0, compare=False, repr=False)


@dataclass(frozen=True)
class Seating:
    """Who plays: the seats in order, and the sides where partners play as one.

    Partners sit crosswise: at four seats, sides ``(0, 2)`` and ``(1, 3)``. Without sides,
    everyone plays alone, and each seat is its own scoring unit.

    >>> Seating(4, ((0, 2), (1, 3))).unit_of(3)
    1
    >>> Seating(3).units
    ((0,), (1,), (2,))
    """

    players: int
    sides: tuple[tuple[int, ...], ...] = ()

    @property
    def units(self) -> tuple[tuple[int, ...], ...]:
        """What scores: the sides, or each seat alone."""
        return self.sides or tuple((s,) for s in range(self.players))

    @property
    def partnerships(self) -> bool:
        return bool(self.sides)

    def unit_of(self, seat_index: int) -> int:
        for index, members in enumerate(self.units):
            if seat_index in members:
                return index
        raise ValueError(f"seat {seat_index} is not at this table")

    def as_dict(self) -> dict[str, Any]:
        return {"players": self.players, "sides": [list(side) for side in self.sides]}


def crosswise(players: int, sides: int = 2) -> Seating:
    """Partners sitting crosswise: every ``sides``-th seat plays together.

    >>> crosswise(6).sides
    ((0, 2, 4), (1, 3, 5))
    """
    return Seating(players, tuple(tuple(range(s, players, sides)) for s in range(sides)))


# ---------------------------------------------------------------------------------------------
# Fields
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SeatField:
    """One seat (who went out, who knocked); ``optional`` allows nobody (``null``).

    ``label``, ``none_label`` and ``help`` (here and in every field) may be messages
    (:func:`adjudicator.messages.msg`): a ``str`` in English, rendered in a language at the
    edge."""

    key: str
    label: str
    optional: bool = False
    none_label: str = msg("Nobody")
    help: str = ""
    kind: ClassVar[str] = "seat"


@dataclass(frozen=True)
class FlagField:
    """Yes or no. As an alternative of a per-seat entry, choosing it is the whole entry."""

    key: str
    label: str
    help: str = ""
    kind: ClassVar[str] = "flag"


@dataclass(frozen=True)
class CountField:
    """A whole number the table agrees on, from ``minimum`` to ``maximum``."""

    key: str
    label: str
    minimum: int = 0
    maximum: int = MOST_POINTS
    help: str = ""
    kind: ClassVar[str] = "count"


@dataclass(frozen=True)
class CardsField:
    """Cards, in our notation. ``widget``: the card picker, or a grid of ``shape``."""

    key: str
    label: str
    max_cards: int
    min_cards: int = 0
    widget: Literal["picker", "grid"] = "picker"
    shape: str | None = None
    help: str = ""
    kind: ClassVar[str] = "cards"


type Entry = CountField | CardsField | FlagField


@dataclass(frozen=True)
class PerSeatField:
    """One entry for each seat, given as exactly one of ``entries`` (a count, cards, a flag).

    ``skip`` names a seat field whose seat has no entry (the player who went out), and
    ``skipped`` says why. ``prompt`` says what to give, with ``{}`` for the seat. Either may be
    a message whose place for the seats holds :data:`SOMEONE` (its English is then the same
    ``{}`` template, which a page fills with a name): reading the record fills it in.
    """

    key: str
    label: str
    entries: tuple[Entry, ...]
    skip: str | None = None
    prompt: str = msg("Say what {players} had", players=SOMEONE)
    skipped: str = msg("{seat} has no entry here", seat=SOMEONE)
    help: str = ""
    kind: ClassVar[str] = "per_seat"

    def entry(self, key: str) -> Entry:
        return next(e for e in self.entries if e.key == key)


@dataclass(frozen=True)
class PerSideField:
    """A count for each scoring unit (each side, or each seat in a game without sides)."""

    key: str
    label: str
    entry: CountField
    help: str = ""
    kind: ClassVar[str] = "per_side"


@dataclass(frozen=True)
class EventsField:
    """Things that happened in a hand, each earned by a side (a capture, a bonus)."""

    key: str
    label: str
    events: tuple[tuple[str, str], ...]  # (value, label)
    most: int = 4
    """At most this many a hand: a bound on the input; the game checks its own rule (Voormsi's
    one capture a hand) with the rule in the sentence."""
    help: str = ""
    kind: ClassVar[str] = "events"


@dataclass(frozen=True)
class TricksField:
    """The tricks of a hand, each the plays in order: a seat and the card(s) it played.

    A trick may also note ``held``: cards a seat is known to have held, unplayed, during it
    (what a compulsory play needs to be checked).
    """

    key: str
    label: str
    max_tricks: int
    max_cards_per_play: int = 4
    plays_per_trick: int = 0  # 0: one play by each seat
    help: str = ""
    matched: bool = False
    """Whether each follower plays as many cards as were led (a lead of several cards)."""
    passes: bool = False
    """Whether a turn may be a pass: every seat has its turn in order, some with no card."""
    keeps_lead: tuple[str, ...] = ()
    """Cards the player on lead lays before leading, keeping the lead (Brus's 7s)."""
    never_played: tuple[str, ...] = ()
    """Cards of the pack never played to a trick (Brus's unplayable cards): no play holds them,
    so the trick pad leaves them out."""
    kind: ClassVar[str] = "tricks"


@dataclass(frozen=True)
class SideField:
    """One side (or, in a game without sides, one seat): who won the first five, who called."""

    key: str
    label: str
    optional: bool = False
    none_label: str = msg("Nobody")
    help: str = ""
    kind: ClassVar[str] = "side"


@dataclass(frozen=True)
class TrickRecord:
    """One trick as recorded: the plays in order, and any cards noted as held during it."""

    plays: tuple[tuple[int, tuple[Card, ...]], ...]
    held: tuple[tuple[int, tuple[Card, ...]], ...] = ()


@dataclass(frozen=True)
class Way:
    """One way of recording a deal (trick by trick, or quickly): a label and its fields.

    A record with several ways takes the fields of exactly one; the others are left out.
    """

    key: str
    label: str
    fields: tuple[str, ...]


type Field = (
    SeatField
    | SideField
    | FlagField
    | CountField
    | CardsField
    | PerSeatField
    | PerSideField
    | EventsField
    | TricksField
)


@dataclass(frozen=True)
class Record:
    """The fields of one deal's record, in the order a table fills them in.

    ``optional`` lists the fields that may be left out (a flag left out is false). ``ways``,
    when given, are alternative sets of fields, exactly one of which a deal fills in.
    """

    fields: tuple[Field, ...]
    optional: frozenset[str] = field(default_factory=frozenset)
    ways: tuple[Way, ...] = ()

    def way_of(self, data: Mapping[str, Any]) -> Way | None:
        """Which way a deal was recorded, from the fields it gives (``None`` without ways).

        A field given as null is not given: a client typed from the API's schema may send
        another way's fields as null rather than leave them out.
        """
        if not self.ways:
            return None
        given = [way for way in self.ways if any(data.get(k) is not None for k in way.fields)]
        if len(given) != 1:
            choices = listed(
                (
                    msg(
                        "{way} ({fields})",
                        # Mid-sentence: a label not yet a message is lowered, as it always was.
                        way=w.label if isinstance(w.label, Message) else Verbatim(w.label.lower()),
                        fields=Verbatim(", ".join(w.fields)),
                    )
                    for w in self.ways
                ),
                style="or",
            )
            raise BadEntryError(msg("Record the deal one way: {ways}.", ways=choices), field="deal")
        return given[0]

    def get(self, key: str) -> Field:
        return next(f for f in self.fields if f.key == key)


# ---------------------------------------------------------------------------------------------
# Parsing and formatting
# ---------------------------------------------------------------------------------------------


def parse_record(
    record: Record, data: object, seating: Seating, pack: Pack | None = None
) -> dict[str, Any]:
    """Check ``data`` against the description; return the parsed values (see the table above).

    Every refusal names its field path and the seats it concerns. Cards are checked against
    ``pack``, all of the record's cards together (two 5H in one deal of a single pack).
    """
    if not isinstance(data, Mapping):
        keys = Verbatim(", ".join(f.key for f in record.fields))
        raise BadEntryError(msg("A deal is an object with {keys}.", keys=keys), field="deal")
    # Nothing is parsed beyond what the rules allow: every list and string is held to the
    # bounds the schema publishes first (the cards against the pack come after, all together).
    check_bounds(json_schema(record, seating.players), data, count_cards=False)
    known = {f.key for f in record.fields}
    for key in data:
        if key not in known:
            refusal = BadEntryError(
                msg(
                    "{key} is not part of this game's deal; it has {keys}.",
                    key=Verbatim(repr(key)),
                    keys=Verbatim(", ".join(sorted(known))),
                ),
                field=str(key)[:40],
            )
            refusal.field = refusal.field or "deal"  # a key such as "" names no field
            raise refusal
    way = record.way_of(data)
    others = {k for w in record.ways if w is not way for k in w.fields}
    values: dict[str, Any] = {}
    for f in record.fields:
        if f.key in others:
            values[f.key] = None
            continue
        if f.key not in data:
            if isinstance(f, FlagField):
                values[f.key] = False
                continue
            if isinstance(f, SeatField | SideField) and f.optional:
                values[f.key] = None
                continue
            if f.key in record.optional:
                values[f.key] = None
                continue
            raise BadEntryError(
                msg("{key} is missing: {label}", key=Verbatim(f.key), label=_phrase(f.label)),
                field=f.key,
            )
        try:
            values[f.key] = _parse_field(f, data[f.key], seating, values)
        except AdjudicationError as err:
            raise err.at(f.key) from None
    if pack is not None:
        # Cards are checked together (two 5H in one deal of a single pack), and a refusal points
        # at the entry that went past what the pack holds.
        used: Counter[Card] = Counter()
        for path, who, cards in _cards_in(record, values):
            try:
                pack.check(cards, seen=used)
            except AdjudicationError as err:
                err.path, err.seats = path, who
                raise
        # Cards noted as held are played later, so not counted with the plays; but each note
        # must still name cards of this pack (no JK in a pack without jokers, no KH KH in one).
        for path, who, cards in _held_in(record, values):
            try:
                pack.check(cards)
            except AdjudicationError as err:
                err.path, err.seats = path, who
                raise
    return values


def format_record(record: Record, values: Mapping[str, Any]) -> dict[str, Any]:
    """The canonical JSON of parsed values: ``parse_record(format_record(v)) == v``."""
    out: dict[str, Any] = {}
    ways = {k for w in record.ways for k in w.fields}
    for f in record.fields:
        value = values.get(f.key)
        if value is None and (f.key in record.optional or f.key in ways):
            continue
        out[f.key] = _format_field(f, value)
    return out


def _cards_in(
    record: Record, values: Mapping[str, Any]
) -> list[tuple[tuple[str | int, ...], tuple[int, ...], tuple[Card, ...]]]:
    """Every group of cards in a record: (its field path, the seat that holds it, the cards)."""
    found: list[tuple[tuple[str | int, ...], tuple[int, ...], tuple[Card, ...]]] = []
    for f in record.fields:
        value = values.get(f.key)
        if value is None:
            continue
        if isinstance(f, CardsField):
            found.append(((f.key,), (), value))
        elif isinstance(f, PerSeatField):
            for who, entry in value.items():
                if isinstance(f.entry(entry.key), CardsField):
                    found.append(((f.key, entry.index, entry.key), (who,), entry.value))
        elif isinstance(f, TricksField):
            # Cards noted as held are played later in the hand: only the plays are counted.
            for number, trick in enumerate(value):
                for at, (who, cards) in enumerate(trick.plays):
                    found.append(((f.key, number, "plays", at, "cards"), (who,), cards))
    return found


def _held_in(
    record: Record, values: Mapping[str, Any]
) -> list[tuple[tuple[str | int, ...], tuple[int, ...], tuple[Card, ...]]]:
    """Every note of cards held during a trick: (its field path, the seat, the cards)."""
    return [
        ((f.key, number, "held", at, "cards"), (who,), cards)
        for f in record.fields
        if isinstance(f, TricksField) and values.get(f.key) is not None
        for number, trick in enumerate(values[f.key])
        for at, (who, cards) in enumerate(trick.held)
    ]


def _whole(value: object, what: str, *, least: int = 0, most: int = MOST_POINTS) -> int:
    key = Verbatim(what)
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadEntryError(msg("{key} must be a whole number.", key=key))
    if not least <= value <= most:
        shown = readable_number(value) if abs(value) < 10**15 else msg("a number far too large")
        raise BadEntryError(
            msg(
                "{key} must be from {least} to {most}, not {value}.",
                key=key,
                least=readable_number(least),
                most=readable_number(most),
                value=shown,
            )
        )
    return value


def _cards(value: object, f: CardsField, *, counted: bool = True) -> tuple[Card, ...]:
    """Cards in our notation; ``counted``: hold the field to its number of cards."""
    key = Verbatim(f.key)
    if not isinstance(value, str):
        raise BadEntryError(
            msg(
                "{key} must be a string of cards, such as {example}.",
                key=key,
                example=Verbatim("'AS 10H JK'"),
            )
        )
    most = f.max_cards if counted else MOST_CARDS
    if len(value) > CARD_TEXT * max(most, 1):
        raise BadEntryError(_at_most(key, most))
    cards = _grid_cards(value, f.shape) if f.shape else parse_cards(value)
    if not counted and len(cards) > most:
        raise BadEntryError(_at_most(key, most))
    if counted and not f.min_cards <= len(cards) <= f.max_cards:
        if f.min_cards == f.max_cards:
            said = msg_n(
                "{key} holds {count} card, not {given}.",
                "{key} holds {count} cards, not {given}.",
                f.max_cards,
                key=key,
                given=len(cards),
            )
        else:
            said = msg(
                "{key} holds {least} to {most} cards, not {given}.",
                key=key,
                least=f.min_cards,
                most=f.max_cards,
                given=len(cards),
            )
        raise BadEntryError(said, cards=cards)
    return cards


def _at_most(key: Verbatim, most: int) -> Message:
    return msg_n(
        "{key} holds at most {count} card.", "{key} holds at most {count} cards.", most, key=key
    )


def _phrase(text: str) -> Any:
    """A label in a sentence: a message as it is, plain text (a game's label not yet made a
    message) as a notation."""
    return text if isinstance(text, Message) else Verbatim(text)


def _grid_cards(text: str, shape: str) -> tuple[Card, ...]:
    """A grid's cards, row-major: written in one run, or row by row (``/`` or ``|`` between
    the rows, as a grid prints itself), each row then full.

    >>> len(_grid_cards("th 9c jc / 10d qc jd / 2s 10s js", "3x3"))
    9
    >>> _grid_cards("th 9c / jc 10d qc jd / 2s 10s js", "3x3")
    Traceback (most recent call last):
    ...
    adjudicator.errors.InvalidGridError: A 3x3 grid has 3 rows of 3 cards; got rows of 2, 4, 3.
    """
    rows = parse_card_rows(text)
    height, width = (int(n) for n in shape.split("x"))
    if len(rows) > 1 and (len(rows) != height or any(len(row) != width for row in rows)):
        raise InvalidGridError(
            msg(
                "A {shape} grid has {height} rows of {width} cards; got rows of {sizes}.",
                shape=Verbatim(shape),
                height=height,
                width=width,
                sizes=joined([len(row) for row in rows], ", "),
            )
        )
    return tuple(c for row in rows for c in row)


def _parse_field(f: Field, value: object, seating: Seating, values: Mapping[str, Any]) -> Any:
    if isinstance(f, SideField):
        if value is None and f.optional:
            return None
        units = len(seating.units)
        try:
            return _whole(value, f.key, least=0, most=units - 1)
        except AdjudicationError:
            raise BadEntryError(
                msg(
                    "{key} must be a side, from 0 to {last} (one for each side).",
                    key=Verbatim(f.key),
                    last=units - 1,
                )
            ) from None
    if isinstance(f, SeatField):
        if value is None and f.optional:
            return None
        try:
            return read_seat(value, seating.players, f.key)
        except AdjudicationError as err:
            err.path = ()  # the caller puts the field's key in front
            raise
    if isinstance(f, FlagField):
        if not isinstance(value, bool):
            raise BadEntryError(msg("{key} must be true or false.", key=Verbatim(f.key)))
        return value
    if isinstance(f, CountField):
        return _whole(value, f.key, least=f.minimum, most=f.maximum)
    if isinstance(f, CardsField):
        return _cards(value, f)
    if isinstance(f, PerSeatField):
        return _parse_per_seat(f, value, seating, values)
    if isinstance(f, PerSideField):
        units = len(seating.units)
        if not isinstance(value, list) or len(value) != units:
            raise BadEntryError(
                msg_n(
                    "{key} lists {count} number, one for each side.",
                    "{key} lists {count} numbers, one for each side.",
                    units,
                    key=Verbatim(f.key),
                )
            )
        counts = []
        for index, item in enumerate(value):
            try:
                counts.append(_whole(item, f.key, least=f.entry.minimum, most=f.entry.maximum))
            except AdjudicationError as err:
                raise err.at(f"[{index}]") from None
        return tuple(counts)
    if isinstance(f, EventsField):
        return _parse_events(f, value, seating)
    return _parse_tricks(f, value, seating)


def _parse_per_seat(
    f: PerSeatField, value: object, seating: Seating, values: Mapping[str, Any]
) -> dict[int, SeatEntry]:
    """Each seat's entry. The counts and cards of an entry are held to sanity limits only:
    how many a seat may hold is a rule, and the game says it with the rule that sets it."""
    if not isinstance(value, list):
        raise BadEntryError(
            msg(
                "{key} lists an entry for each seat: {example}.",
                key=Verbatim(f.key),
                example=Verbatim("{'seat': 0, ...}"),
            )
        )
    skipped = values.get(f.skip) if f.skip else None
    options = listed((Verbatim(e.key) for e in f.entries), style="or")
    entries: dict[int, SeatEntry] = {}
    for index, raw in enumerate(value):
        where = f"[{index}]"
        if not isinstance(raw, Mapping):
            raise BadEntryError(
                msg("Each entry is an object with a seat and {keys}.", keys=options), field=where
            )
        try:
            who = read_seat(raw.get("seat"), seating.players, "seat")
        except AdjudicationError as err:
            raise err.at(where) from None
        given = [e for e in f.entries if e.key in raw]
        extra = [k for k in raw if k != "seat" and k not in {e.key for e in f.entries}]
        if extra:
            raise BadEntryError(
                msg(
                    "{key} is not part of an entry; give {keys}.",
                    key=Verbatim(repr(extra[0])),
                    keys=options,
                ),
                field=f"{where}.{str(extra[0])[:40]}",
                seats=(who,),
            )
        if len(given) != 1:
            raise BadEntryError(
                msg("{seat}: give exactly one of {keys}.", seat=seat(who), keys=options),
                field=where,
                seats=(who,),
            )
        if who == skipped:
            raise BadEntryError(
                said_of(f.skipped, seat(who)),
                field=f"{where}.seat",
                seats=(who,),
            )
        if who in entries:
            raise BadEntryError(
                msg("{seat} is listed twice.", seat=seat(who)), field=f"{where}.seat", seats=(who,)
            )
        entry = given[0]
        raw_value = raw[entry.key]
        try:
            if isinstance(entry, FlagField):
                if raw_value is not True:
                    raise BadEntryError(
                        msg("{key} must be true when given.", key=Verbatim(entry.key))
                    )
                parsed: Any = True
            elif isinstance(entry, CountField):
                parsed = _whole(raw_value, entry.key, least=-MOST_POINTS)
            else:
                parsed = _cards(raw_value, entry, counted=False)
        except AdjudicationError as err:
            err.seats = err.seats or (who,)
            raise err.at(f"{where}.{entry.key}") from None
        entries[who] = SeatEntry(entry.key, parsed, index)
    missing = [s for s in range(seating.players) if s != skipped and s not in entries]
    if missing:
        raise BadEntryError(said_of(f.prompt, seats(missing)), seats=tuple(missing))
    return {s: entries[s] for s in sorted(entries)}


def said_of(template: str, who: Any) -> str:
    """A per-seat field's ``prompt`` or ``skipped`` said of ``who`` (seats, or a player's name
    as :class:`~adjudicator.messages.Verbatim`), as a sentence: a message with its
    :data:`SOMEONE` place filled; a plain ``{}`` template (a game's not yet made a message)
    with the seats put in, still naming them as data.

    >>> from adjudicator.messages import render
    >>> prompt = PerSeatField("hands", "Hands", ()).prompt
    >>> str(said_of(prompt, seats((1, 2)))), render(said_of(prompt, Verbatim("Ann")), "en")
    ('Say what seats 2 and 3 had.', 'Say what Ann had.')
    """
    if isinstance(template, Message):
        args = {name: who if value == SOMEONE else value for name, value in template.args.items()}
        filled = Message(template.id, args, plural=template.plural, count=template.counted)
        return msg("{sentence}.", sentence=filled)
    if isinstance(who, Ref):
        return Said(f"{template}.", (who,))
    return f"{template.replace('{}', str(getattr(who, 'text', who)))}."


def _parse_events(f: EventsField, value: object, seating: Seating) -> tuple[tuple[str, int], ...]:
    if not isinstance(value, list):
        raise BadEntryError(
            msg(
                "{key} lists events: {example}.",
                key=Verbatim(f.key),
                example=Verbatim("{'event': ..., 'side': 0}"),
            )
        )
    kinds = {v for v, _ in f.events}
    events = []
    for index, raw in enumerate(value):
        where = f"[{index}]"
        if not isinstance(raw, Mapping) or set(raw) != {"event", "side"}:
            raise BadEntryError(msg("Each event is an object with event and side."), field=where)
        if not isinstance(raw["event"], str) or raw["event"] not in kinds:
            raise BadEntryError(
                msg("event must be one of {events}.", events=Verbatim(", ".join(sorted(kinds)))),
                field=f"{where}.event",
            )
        try:
            side_index = _whole(raw["side"], "side", least=0, most=len(seating.units) - 1)
        except AdjudicationError as err:
            raise err.at(f"{where}.side") from None
        events.append((str(raw["event"]), side_index))
    return tuple(events)


def _parse_plays(
    raw: object, where: str, seating: Seating, most_cards: int
) -> tuple[tuple[int, tuple[Card, ...]], ...]:
    if not isinstance(raw, list):
        raise BadEntryError(
            msg("Give a list of {example}.", example=Verbatim("{seat, cards}")), field=where
        )
    plays = []
    for at, play in enumerate(raw):
        spot = f"{where}[{at}]"
        if not isinstance(play, Mapping) or set(play) != {"seat", "cards"}:
            raise BadEntryError(msg("Each play is an object with seat and cards."), field=spot)
        try:
            who = read_seat(play["seat"], seating.players, "seat")
        except AdjudicationError as err:
            raise err.at(spot) from None
        try:
            cards = _cards(play["cards"], CardsField("cards", "", most_cards))
        except AdjudicationError as err:
            err.seats = err.seats or (who,)
            raise err.at(f"{spot}.cards") from None
        plays.append((who, cards))
    return tuple(plays)


def _parse_tricks(f: TricksField, value: object, seating: Seating) -> tuple[TrickRecord, ...]:
    if not isinstance(value, list) or len(value) > f.max_tricks:
        raise BadEntryError(
            msg_n(
                "{key} lists at most {count} trick.",
                "{key} lists at most {count} tricks.",
                f.max_tricks,
                key=Verbatim(f.key),
            )
        )
    tricks = []
    for index, raw in enumerate(value):
        where = f"[{index}]"
        if not isinstance(raw, Mapping) or not set(raw) <= {"plays", "held"} or "plays" not in raw:
            raise BadEntryError(
                msg("Each trick is an object with its plays in order."), field=where
            )
        plays = _parse_plays(raw["plays"], f"{where}.plays", seating, f.max_cards_per_play)
        held = _parse_plays(raw.get("held", []), f"{where}.held", seating, MOST_CARDS)
        tricks.append(TrickRecord(plays, held))
    return tuple(tricks)


def _format_field(f: Field, value: Any) -> Any:
    if isinstance(f, CardsField):
        return format_cards(value)
    if isinstance(f, PerSeatField):
        out = []
        for who, entry in value.items():
            card_entry = isinstance(f.entry(entry.key), CardsField)
            out.append(
                {"seat": who, entry.key: format_cards(entry.value) if card_entry else entry.value}
            )
        return out
    if isinstance(f, PerSideField):
        return list(value)
    if isinstance(f, EventsField):
        return [{"event": event, "side": side_index} for event, side_index in value]
    if isinstance(f, TricksField):
        out = []
        for trick in value:
            shown: dict[str, Any] = {
                "plays": [{"seat": who, "cards": format_cards(cards)} for who, cards in trick.plays]
            }
            if trick.held:
                shown["held"] = [
                    {"seat": who, "cards": format_cards(cards)} for who, cards in trick.held
                ]
            out.append(shown)
        return out
    return value


def describe(record: Record) -> dict[str, Any]:
    """The description as JSON, for the API and the page's scripts."""
    return {
        "fields": [describe_field(f) for f in record.fields],
        "ways": [{"key": w.key, "label": w.label, "fields": list(w.fields)} for w in record.ways],
    }


class Described(Protocol):
    """What every field of the one vocabulary has, a deal record's or a question's
    (:mod:`adjudicator.asking` adds the kinds a dispute needs and a deal does not)."""

    @property
    def key(self) -> str: ...
    @property
    def label(self) -> str: ...
    @property
    def help(self) -> str: ...

    kind: ClassVar[str]


def describe_field(f: Described) -> dict[str, Any]:
    """A field as JSON: its key, kind, label and help, and what its kind adds. A kind this
    module does not parse (a question's) is described by its own attributes.

    >>> describe_field(CountField("held", "Held count", maximum=100))
    {'key': 'held', 'kind': 'count', 'label': 'Held count', 'help': '', 'minimum': 0, 'maximum': 100}
    """
    out: dict[str, Any] = {"key": f.key, "kind": f.kind, "label": f.label, "help": f.help}
    if isinstance(f, SeatField | SideField):
        out |= {"optional": f.optional, "none_label": f.none_label}
    elif isinstance(f, CountField):
        out |= {"minimum": f.minimum, "maximum": f.maximum}
    elif isinstance(f, CardsField):
        out |= {"min_cards": f.min_cards, "max_cards": f.max_cards, "widget": f.widget}
        out |= {"shape": f.shape}
    elif isinstance(f, PerSeatField):
        out |= {"skip": f.skip, "entries": [describe_field(e) for e in f.entries]}
    elif isinstance(f, PerSideField):
        out |= {"entry": describe_field(f.entry)}
    elif isinstance(f, EventsField):
        out |= {"events": [{"value": v, "label": label} for v, label in f.events]}
    elif isinstance(f, TricksField):
        out |= {
            "max_tricks": f.max_tricks,
            "max_cards_per_play": f.max_cards_per_play,
            "plays_per_trick": f.plays_per_trick,
            "matched": f.matched,
            "passes": f.passes,
            "keeps_lead": list(f.keeps_lead),
            "never_played": list(f.never_played),
        }
    elif not isinstance(f, FlagField):
        out |= {k: v for k, v in vars(f).items() if k not in out}
    return out


def openapi_schema(schema: Any) -> Any:
    """JSON Schema to OpenAPI 3.0, which has no ``null`` type: ``nullable`` instead.

    >>> openapi_schema({"type": ["integer", "null"], "minimum": 0})
    {'type': 'integer', 'minimum': 0, 'nullable': True}
    """
    if isinstance(schema, list):
        return [openapi_schema(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    out = {key: openapi_schema(value) for key, value in schema.items()}
    if out.get("required") == []:  # OpenAPI 3.0 wants a required list non-empty, or none
        del out["required"]
    kinds = out.get("type")
    if isinstance(kinds, list) and "null" in kinds:
        rest = [k for k in kinds if k != "null"]
        out["type"] = rest[0] if len(rest) == 1 else rest
        out["nullable"] = True
    return out


def json_schema(
    record: Record, seating_players: int, *, null_for_other_ways: bool = True
) -> dict[str, Any]:
    """A JSON Schema of the record (see :func:`openapi_schema` for the API's description).

    A way's field may be sent as null, meaning left out (see :meth:`Record.way_of`);
    ``null_for_other_ways=False`` gives each field its own values only, for a description
    that declares each way whole (the API's: scorekeeper/api/game_schemas.py).
    """
    in_ways = {k for w in record.ways for k in w.fields}
    props = {
        f.key: _or_null(_schema(f, seating_players))
        if null_for_other_ways and f.key in in_ways
        else _schema(f, seating_players)
        for f in record.fields
    }
    required = [f.key for f in record.fields if f.key not in in_ways and _required(record, f)]
    schema: dict[str, Any] = {
        "type": "object",
        "properties": props,
        "required": required,
        "additionalProperties": False,
    }
    if record.ways:
        # Exactly one way: some of its fields, every one it cannot do without, none of another's.
        schema["oneOf"] = [_way_schema(record, way) for way in record.ways]
    return schema


def field_schema(f: Field, seating_players: int) -> dict[str, Any]:
    """A JSON Schema of one field's value, at a table of ``seating_players``."""
    return _schema(f, seating_players)


def _required(record: Record, f: Field) -> bool:
    """Whether a deal must give ``f`` (a flag left out is false; a "nobody" seat is null)."""
    return (
        f.key not in record.optional
        and not isinstance(f, FlagField)
        and not (isinstance(f, SeatField | SideField) and f.optional)
    )


def _way_schema(record: Record, way: Way) -> dict[str, Any]:
    others = [k for w in record.ways if w is not way for k in w.fields if k not in way.fields]
    schema: dict[str, Any] = {
        "title": way.label,
        "anyOf": [_given(k) for k in way.fields],
        "required": [k for k in way.fields if _required(record, record.get(k))],
    }
    if others:
        schema["not"] = {"anyOf": [_given(k) for k in others]}
    return schema


def _or_null(schema: dict[str, Any]) -> dict[str, Any]:
    """``schema``, or null."""
    kinds = schema.get("type")
    if isinstance(kinds, str):
        return {**schema, "type": [kinds, "null"]}
    if isinstance(kinds, list) and "null" not in kinds:
        return {**schema, "type": [*kinds, "null"]}
    return schema


def _given(key: str) -> dict[str, Any]:
    """A field given, and not as null (null is how a typed client leaves another way's out)."""
    return {"required": [key], "properties": {key: {"not": {"type": "null"}}}}


def plays_schema(most: int, max_cards: int, players: int) -> dict[str, Any]:
    """A JSON Schema of one trick's plays: at most ``most``, each a seat and its cards."""
    play = {
        "type": "object",
        "properties": {
            "seat": {"type": "integer", "minimum": 0, "maximum": max(players - 1, 0)},
            "cards": cards_schema(max_cards),
        },
        "required": ["seat", "cards"],
        "additionalProperties": False,
    }
    return {"type": "array", "maxItems": most, "items": play}


def _entry_schema(e: Entry, players: int) -> dict[str, Any]:
    """One alternative of a per-seat entry. Its cards are held to the parser's sanity limit:
    how many a seat may hold is a rule, which the game refuses with the rule in the sentence."""
    if isinstance(e, FlagField):
        return {**_schema(e, players), "enum": [True]}  # given as true, or left out
    if isinstance(e, CardsField):
        return cards_schema(MOST_CARDS, f"{e.label}: cards such as 'AS 10H JK'.")
    return _schema(e, players)


def _schema(f: Field | Entry, players: int) -> dict[str, Any]:
    seat_schema = {"type": "integer", "minimum": 0, "maximum": max(players - 1, 0)}
    if isinstance(f, SeatField):
        if f.optional:
            return {**seat_schema, "type": ["integer", "null"], "description": f.label}
        return {**seat_schema, "description": f.label}
    if isinstance(f, SideField):
        side_schema = {"type": "integer", "minimum": 0, "description": f.label}
        return {**side_schema, "type": ["integer", "null"]} if f.optional else side_schema
    if isinstance(f, FlagField):
        return {"type": "boolean", "description": f.label}
    if isinstance(f, CountField):
        return {"type": "integer", "minimum": f.minimum, "maximum": f.maximum}
    if isinstance(f, CardsField):
        return cards_schema(f.max_cards, f"{f.label}: cards such as 'AS 10H JK'.")
    if isinstance(f, PerSeatField):
        variants = [
            {
                "type": "object",
                # A flag is given as true, or left out (the parser refuses false).
                "properties": {"seat": seat_schema, e.key: _entry_schema(e, players)},
                "required": ["seat", e.key],
                "additionalProperties": False,
            }
            for e in f.entries
        ]
        return {
            "type": "array",
            "maxItems": players,  # one entry a seat
            "items": {"oneOf": variants},
            "description": f.label,
        }
    if isinstance(f, PerSideField):
        return {
            "type": "array",
            "maxItems": players,  # one count a side, or a seat where everyone plays alone
            "items": _schema(f.entry, players),
            "description": f.label,
        }
    if isinstance(f, EventsField):
        return {
            "type": "array",
            "maxItems": f.most,
            "items": {
                "type": "object",
                "properties": {
                    "event": {"type": "string", "enum": [v for v, _ in f.events]},
                    "side": {"type": "integer", "minimum": 0},
                },
                "required": ["event", "side"],
                "additionalProperties": False,
            },
        }
    # Twice the plays a trick takes: the bound of the input; a trick of the wrong size is the
    # game's to refuse, with its rule in the sentence.
    per_trick = 2 * max(f.plays_per_trick, players)
    return {
        "type": "array",
        "maxItems": f.max_tricks,
        "items": {
            "type": "object",
            "properties": {
                "plays": plays_schema(per_trick, f.max_cards_per_play, players),
                # A note of cards held is at most a hand: held to the parser's sanity limit.
                "held": plays_schema(per_trick, MOST_CARDS, players),
            },
            "required": ["plays"],
            "additionalProperties": False,
        },
    }


__all__ = [
    "SOMEONE",
    "CardsField",
    "CountField",
    "DealData",
    "Described",
    "EventsField",
    "FlagField",
    "PerSeatField",
    "PerSideField",
    "Record",
    "SeatEntry",
    "SeatField",
    "Seating",
    "SideField",
    "TrickRecord",
    "TricksField",
    "Way",
    "crosswise",
    "describe",
    "describe_field",
    "field_schema",
    "format_record",
    "json_schema",
    "openapi_schema",
    "parse_record",
    "plays_schema",
    "said_of",
]
