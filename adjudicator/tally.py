"""What a game's adjudication returns: per-deal results with their explanations, and totals.

These types are shared by every game so that the app can show any game's scoreboard, history
and "why" without knowing its rules.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypedDict

# Re-exported: every game writes its scores with these, as it always has, from here.
from adjudicator.points import Points as Points
from adjudicator.points import format_points as format_points
from adjudicator.points import whole as whole

if TYPE_CHECKING:
    from adjudicator.records import Seating


def points_json(points: Points) -> int | float:
    """Points in JSON: a whole number, or the nearest float to a shared fraction.

    >>> from fractions import Fraction
    >>> points_json(7), points_json(Fraction(7, 2)), points_json(Fraction(10, 3))
    (7, 3.5, 3.3333)
    """
    points = whole(points)
    return points if isinstance(points, int) else round(float(points), 4)


class PaymentJson(TypedDict):
    """One payment as JSON (:meth:`Payment.as_dict`)."""

    payer: int
    payee: int
    amount: int | float


class SeatResultJson[D](TypedDict):
    """One seat's result as JSON (:meth:`SeatResult.as_dict`); ``D`` is the shape of the
    game's ``detail`` (each game declares its own, where an answer shows it)."""

    seat: int
    points: int | float
    star: bool
    explanation: list[str]
    detail: D


@dataclass(frozen=True)
class Payment:
    """In a settlement game (:attr:`Game.settles`), one unit paying another."""

    payer: int
    payee: int
    amount: Points

    def as_dict(self) -> PaymentJson:
        return {"payer": self.payer, "payee": self.payee, "amount": points_json(self.amount)}


def settle_up(totals: Sequence[Points]) -> tuple[Payment, ...]:
    """Who pays whom to square net totals that sum to zero, in few payments.

    The largest debtor pays the largest creditor as much as either can, and so on (at most
    one payment fewer than the players).

    >>> [(p.payer, p.payee, p.amount) for p in settle_up((30, -10, -20, 0))]
    [(2, 0, 20), (1, 0, 10)]
    >>> settle_up((0, 0))
    ()
    """
    owed = {unit: total for unit, total in enumerate(totals) if total > 0}
    owing = {unit: -total for unit, total in enumerate(totals) if total < 0}
    payments: list[Payment] = []
    while owed and owing:
        payee = max(owed, key=lambda u: (owed[u], -u))
        payer = max(owing, key=lambda u: (owing[u], -u))
        amount = min(owed[payee], owing[payer])
        payments.append(Payment(payer, payee, whole(amount)))
        for book, unit in ((owed, payee), (owing, payer)):
            book[unit] -= amount
            if not book[unit]:
                del book[unit]
    return tuple(payments)


@dataclass(frozen=True)
class SeatResult:
    """What one seat scored in one deal, and the working that got there."""

    seat: int
    points: Points
    explanation: tuple[str, ...]
    star: bool = False
    detail: Mapping[str, Any] = field(default_factory=dict, compare=False)

    def as_dict(self) -> SeatResultJson[Any]:
        return {
            "seat": self.seat,
            "points": points_json(self.points),
            "star": self.star,
            "explanation": list(self.explanation),
            "detail": dict(self.detail),
        }


@dataclass(frozen=True)
class DealResult:
    """One deal: each seat's result and the running totals after it, and in a settlement game
    who paid whom."""

    number: int
    results: tuple[SeatResult, ...]
    totals: tuple[Points, ...]
    summary: str
    payments: tuple[Payment, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "summary": self.summary,
            "results": [r.as_dict() for r in self.results],
            "totals": [points_json(t) for t in self.totals],
            "payments": [p.as_dict() for p in self.payments],
        }


@dataclass(frozen=True)
class Resume:
    """The tally loop's position after its last deal: the state the game's ``score`` left
    (never changed in place: each deal returns a new one), and whether it had ended, won by
    whom (after any tie-break)."""

    state: Any
    finished: bool
    winners: tuple[int, ...]


@dataclass(frozen=True)
class Tally:
    """A whole game so far.

    Totals, winners and leaders count scoring units: seats, or sides in a partnership game
    (``seating`` says which). ``winners`` is empty until the game has finished; it holds several
    units on a shared win. ``leaders`` are the units currently best placed. ``status`` is one
    sentence for the table. ``marks`` counts what the game awards besides points (Bridge
    Rummy's stars), by mark. In a settlement game (``settles``) the totals are each unit's net,
    they sum to zero, and :attr:`settlement` says who pays whom to square them.
    """

    deals: tuple[DealResult, ...]
    totals: tuple[Points, ...]
    finished: bool
    winners: tuple[int, ...]
    leaders: tuple[int, ...]
    lower_is_better: bool
    status: str
    notes: tuple[str, ...] = ()
    marks: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    seating: Seating | None = None
    settles: bool = False
    # Where the tally loop stood after the last deal, so that the next deal can be scored
    # without scoring the earlier ones again (``Game.tally(..., known=...)``). Not part of
    # the result: two tallies of the same deals are equal however they were reached.
    resume: Resume | None = field(default=None, compare=False, repr=False)

    @property
    def settlement(self) -> tuple[Payment, ...]:
        """Who pays whom to square the totals so far (nothing, unless the game settles)."""
        return settle_up(self.totals) if self.settles else ()

    def as_dict(self) -> dict[str, Any]:
        return {
            "deals": [d.as_dict() for d in self.deals],
            "totals": [points_json(t) for t in self.totals],
            "settles": self.settles,
            "settlement": [p.as_dict() for p in self.settlement],
            "finished": self.finished,
            "winners": list(self.winners),
            "leaders": list(self.leaders),
            "lower_is_better": self.lower_is_better,
            "status": self.status,
            "notes": list(self.notes),
            "marks": {key: list(counts) for key, counts in self.marks.items()},
        }


def best_seats(totals: tuple[Points, ...], *, lower_is_better: bool) -> tuple[int, ...]:
    """The seats holding the best total (several on a tie).

    >>> best_seats((40, 200, 40), lower_is_better=True)
    (0, 2)
    """
    if not totals:
        return ()
    best = min(totals) if lower_is_better else max(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == best)
