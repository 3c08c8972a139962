"""What a game's adjudication returns: per-deal results with their explanations, and totals.

These types are shared by every game so that the app can show any game's scoreboard, history
and "why" without knowing its rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from adjudicator.records import Seating


@dataclass(frozen=True)
class SeatResult:
    """What one seat scored in one deal, and the working that got there."""

    seat: int
    points: int
    explanation: tuple[str, ...]
    star: bool = False
    detail: dict[str, Any] = field(default_factory=dict, compare=False)

    def as_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "points": self.points,
            "star": self.star,
            "explanation": list(self.explanation),
            "detail": self.detail,
        }


@dataclass(frozen=True)
class DealResult:
    """One deal: each seat's result and the running totals after it."""

    number: int
    results: tuple[SeatResult, ...]
    totals: tuple[int, ...]
    summary: str

    def as_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "summary": self.summary,
            "results": [r.as_dict() for r in self.results],
            "totals": list(self.totals),
        }


@dataclass(frozen=True)
class Tally:
    """A whole game so far.

    Totals, winners and leaders count scoring units: seats, or sides in a partnership game
    (``seating`` says which). ``winners`` is empty until the game has finished; it holds several
    units on a shared win. ``leaders`` are the units currently best placed. ``status`` is one
    sentence for the table. ``marks`` counts what the game awards besides points (Bridge
    Rummy's stars), by mark.
    """

    deals: tuple[DealResult, ...]
    totals: tuple[int, ...]
    finished: bool
    winners: tuple[int, ...]
    leaders: tuple[int, ...]
    lower_is_better: bool
    status: str
    notes: tuple[str, ...] = ()
    marks: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    seating: Seating | None = None

    def as_dict(self) -> dict[str, Any]:
        return {
            "deals": [d.as_dict() for d in self.deals],
            "totals": list(self.totals),
            "finished": self.finished,
            "winners": list(self.winners),
            "leaders": list(self.leaders),
            "lower_is_better": self.lower_is_better,
            "status": self.status,
            "notes": list(self.notes),
            "marks": {key: list(counts) for key, counts in self.marks.items()},
        }


def best_seats(totals: tuple[int, ...], *, lower_is_better: bool) -> tuple[int, ...]:
    """The seats holding the best total (several on a tie).

    >>> best_seats((40, 200, 40), lower_is_better=True)
    (0, 2)
    """
    if not totals:
        return ()
    best = min(totals) if lower_is_better else max(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == best)
