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

A question that takes the table size says so (``players``): the page sends the size chosen as
``"players"``. A question that takes a whole deal (``settle``, ``hand``) describes its input as
the game's own record (:func:`deal_input`).

>>> from adjudicator.records import CardsField
>>> ask = Asks((CardsField("cards", "The cards", 13),), sample={"cards": "5H 6H 7H"})
>>> [f.kind for f in ask.fields(4, None)], ask.example(4, None)
(['cards'], {'cards': '5H 6H 7H'})
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from adjudicator.records import (
    CardsField,
    CountField,
    EventsField,
    FlagField,
    PerSeatField,
    PerSideField,
    SeatField,
    SideField,
    TricksField,
    Way,
)

if TYPE_CHECKING:
    from adjudicator.game import Game


@dataclass(frozen=True)
class MeldsField:
    """Several melds (or a lay-down's groups), each a string of cards."""

    key: str
    label: str
    most: int = 8
    help: str = ""
    kind: ClassVar[str] = "melds"


@dataclass(frozen=True)
class LayoffsField:
    """Cards laid off onto melds on the table: each ``{"cards": …, "onto": …}``."""

    key: str
    label: str
    most: int = 6
    help: str = ""
    kind: ClassVar[str] = "layoffs"


@dataclass(frozen=True)
class CountsField:
    """A list of whole numbers; ``per_seat``: one for each seat at the table, in order."""

    key: str
    label: str
    minimum: int = 0
    maximum: int = 100_000
    per_seat: bool = False
    help: str = ""
    kind: ClassVar[str] = "counts"


@dataclass(frozen=True)
class FlagsField:
    """A list of yes-or-no, one for each item of another list (``beside``)."""

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
    """One trick's plays in order: a seat and the card(s) it played."""

    key: str
    label: str
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

KINDS = frozenset(
    {
        "seat",
        "side",
        "flag",
        "count",
        "cards",
        "per_seat",
        "per_side",
        "events",
        "tricks",
        "melds",
        "layoffs",
        "counts",
        "flags",
        "rows",
        "plays",
    }
)
"""Every kind of input field a page must be able to offer."""

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
    ways_for: Callable[[int, Any], tuple[Way, ...]] | None = None

    def ways(self, players: int, options: Any) -> tuple[Way, ...]:
        """Alternative sets of fields, exactly one of which is given (a deal's ways)."""
        return self.ways_for(players, options) if self.ways_for else ()

    def fields(self, players: int, options: Any) -> Fields:
        """The fields of the form, for a table of ``players`` under ``options``."""
        return self.inputs(players, options) if callable(self.inputs) else self.inputs

    def example(self, players: int, options: Any) -> dict[str, Any]:
        """A sample input the question answers (without ``players`` or ``options``)."""
        found = self.sample(players, options) if callable(self.sample) else self.sample
        return dict(found)


def deal_input(
    game: Game[Any, Any], *extra: InputField, sample: Mapping[str, Any] | None = None
) -> Asks:
    """A question answered from a whole deal: its input is the game's deal record (the page
    offers the same fields as the deal form), with ``players``; ``extra`` fields come first.
    The sample is the game's first sample deal (plus ``sample``)."""

    def fields(players: int, options: Any) -> Fields:
        return (*extra, *game.record(options, players).fields)

    def example(players: int, options: Any) -> Mapping[str, Any]:
        return {**(sample or {}), **game.sample_deal(players=players, options=options, number=1)}

    def ways(players: int, options: Any) -> tuple[Way, ...]:
        return game.record(options, players).ways

    return Asks(fields, example, players=True, ways_for=ways)


def describe_input(fields: Fields) -> list[dict[str, Any]]:
    """The fields as JSON, for the API (the record's description, and the question's kinds)."""
    from adjudicator.records import _describe_field

    out = []
    for f in fields:
        if isinstance(f, MeldsField | LayoffsField | CountsField | FlagsField | RowsField):
            described = {"key": f.key, "kind": f.kind, "label": f.label, "help": f.help}
            described |= {
                k: v for k, v in vars(f).items() if k not in ("key", "label", "help", "kind")
            }
            out.append(described)
        elif isinstance(f, PlaysField):
            out.append({"key": f.key, "kind": f.kind, "label": f.label, "help": f.help})
        else:
            out.append(_describe_field(f))
    return out


__all__ = [
    "KINDS",
    "Asks",
    "CountsField",
    "FlagsField",
    "InputField",
    "LayoffsField",
    "MeldsField",
    "PlaysField",
    "RowsField",
    "deal_input",
    "describe_input",
]
