"""What the rummy family's questions answer, where games answer alike: the shapes their answer
functions return, from which :mod:`adjudicator.answers` builds the published JSON Schema.

A game whose answer differs declares its own beside its answer function.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from adjudicator.records import DealData
from adjudicator.tally import PaymentJson, SeatResultJson


class MeldAnswer(TypedDict):
    """``meld`` in a settlement game: is this one meld, and every problem at once."""

    cards: str
    valid: bool
    kind: Literal["set", "run"] | None
    problems: list[str]
    explanation: list[str]


class DeadwoodAnswer(TypedDict):
    """``deadwood`` in a settlement game: the best melding and what is left unmatched; a count
    claimed is checked."""

    cards: str
    melds: list[str]
    unmatched: str
    count: int
    in_hand: int
    claimed: NotRequired[int]
    claim_right: NotRequired[bool]
    explanation: list[str]


class SettleAnswer[D](TypedDict):
    """``settle`` in a settlement game: the deal as read, who pays whom, and each seat's
    result, whose ``detail`` (``D``) each game declares."""

    deal: DealData
    summary: str
    payments: list[PaymentJson]
    results: list[SeatResultJson[D]]
    explanation: list[str]


class TurnAnswer(TypedDict):
    """A declaring turn judged (``go-out``, ``declare``): does it go out, is it legal."""

    goes_out: bool
    legal: bool
    left: str
    problems: list[str]
    explanation: list[str]


class HeldDetail(TypedDict):
    """A seat's ``detail`` where the losers' held count is kept (the winner has none)."""

    held: NotRequired[int]


__all__ = ["DeadwoodAnswer", "HeldDetail", "MeldAnswer", "SettleAnswer", "TurnAnswer"]
