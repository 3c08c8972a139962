"""What a question takes, described as data, so that a page can offer a form for any question.

A question's input is a JSON object, like a deal's record; its fields reuse the record's kinds
(:mod:`adjudicator.records`: cards, a grid, a count, a seat, a flag, per-seat entries, tricks)
and add the few a dispute needs that a deal does not:

============  ===============================================  ================================
kind          JSON                                             what the table gives
============  ===============================================  ================================
``melds``     ``["7H 8H 9H", "KS KH KD"]``                     several melds (or groups)
``layoffs``   ``[{"cards": "10H", "onto": "7H 8H 9H"}]``       cards laid off onto a meld
``counts``    ``[23, 20, 23]``                                 a list of whole numbers
``flags``     ``[true, false]``                                a list of yes or no
``rows``      ``[[5, 4, 0], [6, 2, 1]]``                       hands, each a few whole numbers
``plays``     ``[{"seat": 0, "cards": "7H"}, …]``              one trick's plays in order
============  ===============================================  ================================

A field's ``label`` and ``help``, and a way's label, may be messages
(:func:`adjudicator.messages.msg`): a ``str`` in English, rendered in the player's language at
the edge.

A question that takes the table size says so (``players``): the page sends the size chosen as
``"players"``. A question that takes a whole deal (``settle``, ``hand``) describes its input as
the game's own record (:func:`deal_input`).

>>> from adjudicator.records import CardsField
>>> ask = Asks((CardsField("cards", "The cards", 13),), sample={"cards": "5H 6H 7H"})
>>> [f.kind for f in ask.fields(4, None)], ask.example(4, None)
(['cards'], {'cards': '5H 6H 7H'})
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, is_dataclass
from typing import Any, ClassVar, Literal, Protocol, get_args

from adjudicator.bounds import cards_schema
from adjudicator.options import describe_options
from adjudicator.records import (
    CardsField,
    CountField,
    EventsField,
    FlagField,
    PerSeatField,
    PerSideField,
    Record,
    SeatField,
    SideField,
    TricksField,
    Way,
    describe_field,
    field_schema,
    json_schema,
    plays_schema,
)

MOST_IN_MELD = 14
"""The most cards one meld holds in any of our rummies: a run from ace to ace."""


@dataclass(frozen=True)
class MeldsField:
    """Several melds (or a lay-down's groups), at most ``most``, each a string of cards."""

    key: str
    label: str
    most: int = 8
    max_cards: int = MOST_IN_MELD
    help: str = ""
    kind: ClassVar[str] = "melds"


@dataclass(frozen=True)
class LayoffsField:
    """Cards laid off onto melds on the table: each ``{"cards": …, "onto": …}``, at most
    ``most``; each side at most a meld's cards."""

    key: str
    label: str
    most: int = 6
    max_cards: int = MOST_IN_MELD
    help: str = ""
    kind: ClassVar[str] = "layoffs"


@dataclass(frozen=True)
class CountsField:
    """A list of whole numbers, about the seats at the table (at most one a seat);
    ``per_seat``: one for each seat, in order."""

    key: str
    label: str
    minimum: int = 0
    maximum: int = 100_000
    per_seat: bool = False
    help: str = ""
    kind: ClassVar[str] = "counts"


@dataclass(frozen=True)
class FlagsField:
    """A list of yes-or-no, one for each item of another list (``beside``), which is about the
    seats at the table (at most one a seat)."""

    key: str
    label: str
    beside: str = ""
    help: str = ""
    kind: ClassVar[str] = "flags"


@dataclass(frozen=True)
class RowsField:
    """Hands in order, each a whole number for each seat (``"seats"``) or side (``"sides"``)."""

    key: str
    label: str
    width: Literal["seats", "sides"] = "seats"
    minimum: int = 0
    maximum: int = 100_000
    most: int = 40
    help: str = ""
    kind: ClassVar[str] = "rows"


@dataclass(frozen=True)
class PlaysField:
    """One trick's plays in order: a seat and the card(s) it played; at most ``most`` plays
    (0: one a seat), each of at most ``max_cards`` cards."""

    key: str
    label: str
    most: int = 0
    max_cards: int = 4
    help: str = ""
    kind: ClassVar[str] = "plays"


type InputField = (
    SeatField
    | SideField
    | FlagField
    | CountField
    | CardsField
    | PerSeatField
    | PerSideField
    | EventsField
    | TricksField
    | MeldsField
    | LayoffsField
    | CountsField
    | FlagsField
    | RowsField
    | PlaysField
)

KINDS = frozenset(kind.kind for kind in get_args(InputField.__value__))
"""Every kind of input field a page must be able to offer: the record's and the question's."""

type Fields = tuple[InputField, ...]
type FieldsFor = Callable[[int, Any], Fields]
type SampleFor = Callable[[int, Any], Mapping[str, Any]]


@dataclass(frozen=True)
class Asks:
    """What one question takes: its fields (or how to make them from the table size and house
    options), whether it takes the table size, and a sample input it answers.

    ``fields`` and ``sample`` may be functions of ``(players, options)``: a settle question
    takes the game's deal record, which depends on both.
    """

    inputs: Fields | FieldsFor
    sample: Mapping[str, Any] | SampleFor = field(default_factory=dict)
    players: bool = False
    players_default: int | None = None
    """Where a question that takes the table size may be asked without it: the size it is
    then asked at (a game of one table size; Continental's questions, at a two-pack table)."""
    ways_for: Callable[[int, Any], tuple[Way, ...]] | None = None
    optional: frozenset[str] = frozenset()
    """Fields the question answers without (a flag, an optional seat and a way's fields are
    never required, so need not be named here)."""
    required_for: Callable[[int, Any], frozenset[str]] | None = None
    way_required_for: Callable[[Way, int, Any], frozenset[str]] | None = None
    """The fields a way cannot do without (by default those not optional, as outside a way)."""
    whole_deal: bool = False
    """The input is a whole deal's record (:func:`deal_input`): a recorded deal is disputed
    under this question (:meth:`adjudicator.game.Game.dispute`)."""
    deal_number: str = ""
    """The extra field, if any, that takes the deal's number in the game (Crummy Rummy's
    ``round``: deal N is round N), filled in when a recorded deal is disputed."""

    def ways(self, players: int, options: Any) -> tuple[Way, ...]:
        """Alternative sets of fields, exactly one of which is given (a deal's ways)."""
        return self.ways_for(players, options) if self.ways_for else ()

    def way_required(self, way: Way, players: int, options: Any) -> frozenset[str]:
        """The fields of ``way`` that an input given that way cannot leave out."""
        if self.way_required_for is not None:
            return self.way_required_for(way, players, options)
        return frozenset(
            f.key
            for f in self.fields(players, options)
            if f.key in way.fields and f.key not in self.optional and not _never_required(f)
        )

    def fields(self, players: int, options: Any) -> Fields:
        """The fields of the form, for a table of ``players`` under ``options``."""
        return self.inputs(players, options) if callable(self.inputs) else self.inputs

    def required(self, players: int, options: Any) -> frozenset[str]:
        """The fields the question cannot be answered without (the fields of a way are given
        way by way, so are not among them)."""
        if self.required_for is not None:
            return self.required_for(players, options)
        in_ways = {k for w in self.ways(players, options) for k in w.fields}
        return frozenset(
            f.key
            for f in self.fields(players, options)
            if f.key not in self.optional and f.key not in in_ways and not _never_required(f)
        )

    def example(self, players: int, options: Any) -> dict[str, Any]:
        """A sample input the question answers (without ``players`` or ``options``)."""
        found = self.sample(players, options) if callable(self.sample) else self.sample
        return dict(found)


CLAIM = frozenset({"claimed"})
"""A count claimed is optional: without one, the count is given, not checked."""


def _never_required(f: InputField) -> bool:
    """A yes-or-no left out is no; an optional seat left out is nobody."""
    return isinstance(f, FlagField | FlagsField) or (
        isinstance(f, SeatField | SideField) and f.optional
    )


class DealShaped(Protocol):
    """What :func:`deal_input` reads of a game: its deal record and a sample deal. Every
    :class:`adjudicator.game.Game` is one; saying only this keeps this module below the game's
    contract, which describes its questions with it."""

    def record(self, options: Any, players: int, /) -> Record: ...

    def sample_deal(self, *, players: int, options: Any, number: int) -> Mapping[str, Any]: ...


def deal_input(
    game: DealShaped,
    *extra: InputField,
    sample: Mapping[str, Any] | None = None,
    optional: frozenset[str] = frozenset(),
    deal_number: str = "",
    players_default: int | None = None,
) -> Asks:
    """A question answered from a whole deal: its input is the game's deal record (the page
    offers the same fields as the deal form), with ``players``; ``extra`` fields come first.
    The sample is the game's first sample deal (plus ``sample``). What is required is what the
    record requires (:func:`adjudicator.records.json_schema`), and the ``extra`` fields not in
    ``optional``. ``deal_number`` names the extra field that takes the deal's number, if one
    does (a recorded deal disputed fills it in); ``players_default``, the table size it is
    asked at when left out (a game of one size)."""

    def fields(players: int, options: Any) -> Fields:
        return (*extra, *game.record(options, players).fields)

    def example(players: int, options: Any) -> Mapping[str, Any]:
        return {**(sample or {}), **game.sample_deal(players=players, options=options, number=1)}

    def ways(players: int, options: Any) -> tuple[Way, ...]:
        return game.record(options, players).ways

    def required(players: int, options: Any) -> frozenset[str]:
        schema = json_schema(game.record(options, players), players)
        mine = {f.key for f in extra if f.key not in optional and not _never_required(f)}
        return frozenset(schema["required"]) | mine

    def way_required(way: Way, players: int, options: Any) -> frozenset[str]:
        record = game.record(options, players)
        member = json_schema(record, players)["oneOf"][record.ways.index(way)]
        return frozenset(member["required"])

    return Asks(
        fields,
        example,
        players=True,
        ways_for=ways,
        required_for=required,
        way_required_for=way_required,
        whole_deal=True,
        deal_number=deal_number,
        players_default=players_default,
    )


def describe_input(fields: Fields) -> list[dict[str, Any]]:
    """The fields as JSON, for the API: one description for the record's kinds and the
    question's (:func:`adjudicator.records.describe_field`)."""
    return [describe_field(f) for f in fields]


def describe_asks(asks: Asks, players: int, options: Any) -> dict[str, Any]:
    """What a question takes at a table of ``players``, as JSON for the API: its fields (each
    saying whether it is required), its ways (exactly one given), and a sample it answers.

    >>> ask = Asks((CardsField("cards", "The hand", 10), CountField("claimed", "Claimed")),
    ...            {"cards": "5H 6H 7H"}, optional=CLAIM)
    >>> [(f["key"], f["required"]) for f in describe_asks(ask, 2, None)["fields"]]
    [('cards', True), ('claimed', False)]
    """
    required = asks.required(players, options)
    fields = asks.fields(players, options)
    return {
        "players": players,
        "fields": [
            {**d, "required": f.key in required}
            for f, d in zip(fields, describe_input(fields), strict=True)
        ],
        "ways": [
            {"key": w.key, "label": w.label, "fields": list(w.fields)}
            for w in asks.ways(players, options)
        ],
        "example": asks.example(players, options),
    }


def input_keys(asks: Asks, sizes: Sequence[int], options: Any) -> frozenset[str]:
    """Every top-level key the question takes at any of the table ``sizes``: its fields,
    ``options``, and ``players`` (required by a question that takes the table size; a hand
    question of a rummy may take it too, to hold the hand to the size dealt)."""
    keys = {f.key for players in sizes for f in asks.fields(players, options)}
    return frozenset(keys | {"options", "players"})


def input_schema(asks: Asks, players: int, options: Any) -> dict[str, Any]:
    """A JSON Schema of the question's input at a table of ``players``: its fields, the
    ``options``, and ``players`` where the question takes the table size; no other key.

    >>> ask = Asks((CardsField("cards", "The hand", 10),), {"cards": "5H 6H 7H"})
    >>> schema = input_schema(ask, 2, None)
    >>> sorted(schema["properties"]), schema["required"], schema["additionalProperties"]
    (['cards', 'options', 'players'], ['cards'], False)
    """
    fields = asks.fields(players, options)
    props = {f.key: _input_field_schema(f, players) for f in fields}
    props["options"] = options_schema(options)
    required = [f.key for f in fields if f.key in asks.required(players, options)]
    if asks.players:
        props["players"] = {"type": "integer", "enum": [players], "description": "Table size."}
        if asks.players_default is None:
            required.append("players")
        else:
            props["players"]["description"] = f"Table size (left out: {asks.players_default})."
    else:
        props["players"] = {
            "type": ["integer", "null"],
            "minimum": 1,
            "description": "The table size, where the answer depends on it (optional).",
        }
    schema: dict[str, Any] = {
        "type": "object",
        "properties": props,
        "required": required,
        "additionalProperties": False,
    }
    ways = asks.ways(players, options)
    if ways:
        # Exactly one way: some of its fields, none of another's.
        schema["oneOf"] = [
            _way_schema(way, ways, asks.way_required(way, players, options)) for way in ways
        ]
    return schema


def _way_schema(way: Way, ways: tuple[Way, ...], required: frozenset[str]) -> dict[str, Any]:
    others = [k for w in ways if w is not way for k in w.fields if k not in way.fields]
    schema: dict[str, Any] = {
        "title": way.label,
        "anyOf": [{"required": [k]} for k in way.fields],
        "required": [k for k in way.fields if k in required],
    }
    if others:
        schema["not"] = {"anyOf": [{"required": [k]} for k in others]}
    return schema


def options_schema(options: Any) -> dict[str, Any]:
    """The house rules a question takes, each with its values (no key the game lacks)."""
    schema: dict[str, Any] = {"type": "object", "description": "House rules for this question."}
    if not is_dataclass(options):
        return schema
    props: dict[str, Any] = {}
    for info in describe_options(type(options)):
        if info.kind == "bool":
            props[info.name] = {"type": "boolean"}
        elif info.kind == "choice":
            props[info.name] = {"enum": list(info.choices)}
        else:
            bounds = {"minimum": info.minimum, "maximum": info.maximum}
            props[info.name] = {
                "type": "integer",
                **{k: v for k, v in bounds.items() if v is not None},
            }
        props[info.name]["description"] = info.doc
    return {**schema, "properties": props, "additionalProperties": False}


def _input_field_schema(f: InputField, players: int) -> dict[str, Any]:
    """A field's JSON Schema: a record's kind as the record describes it, or a question's.
    Every list and string is bounded by what the rules allow (:mod:`adjudicator.bounds`)."""
    if isinstance(f, MeldsField):
        return {
            "type": "array",
            "maxItems": f.most,
            "items": cards_schema(f.max_cards, "Cards such as '7H 8H 9H'."),
            "description": f.label,
        }
    if isinstance(f, LayoffsField):
        cards = cards_schema(f.max_cards, "Cards such as '7H 8H 9H'.")
        layoff = {
            "type": "object",
            "properties": {"cards": cards, "onto": cards},
            "required": ["cards", "onto"],
            "additionalProperties": False,
        }
        return {"type": "array", "maxItems": f.most, "items": layoff, "description": f.label}
    if isinstance(f, CountsField):
        count = {"type": "integer", "minimum": f.minimum, "maximum": f.maximum}
        return {"type": "array", "maxItems": players, "items": count, "description": f.label}
    if isinstance(f, FlagsField):
        flag = {"type": "boolean"}
        return {"type": "array", "maxItems": players, "items": flag, "description": f.label}
    if isinstance(f, RowsField):
        row = {
            "type": "array",
            "maxItems": players,  # a number a seat, or a side
            "items": {"type": "integer", "minimum": f.minimum, "maximum": f.maximum},
        }
        return {"type": "array", "maxItems": f.most, "items": row, "description": f.label}
    if isinstance(f, PlaysField):
        return {**plays_schema(f.most or players, f.max_cards, players), "description": f.label}
    return field_schema(f, players)


__all__ = [
    "CLAIM",
    "KINDS",
    "MOST_IN_MELD",
    "Asks",
    "CountsField",
    "DealShaped",
    "FlagsField",
    "InputField",
    "LayoffsField",
    "MeldsField",
    "PlaysField",
    "RowsField",
    "deal_input",
    "describe_asks",
    "describe_input",
    "input_keys",
    "input_schema",
    "options_schema",
]
