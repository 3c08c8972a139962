"""How much searching one answer may do, counted in steps of the search rather than in seconds.

An exact search (the best melding of a rummy hand) can grow exponentially with the cards:
within any bound a hand could sensibly be given, some hands take seconds. So every search
draws its steps from a :class:`Budget`: :meth:`adjudicator.game.Game.ask` gives each question
:data:`QUESTION_STEPS`, shared by every search the answer makes, and a search outside any
question (a deal being scored) has a budget of its own of the same size. A search that runs
out says what it proved, or refuses (:class:`~adjudicator.errors.SearchTooLongError`).

Steps, not seconds: the same input gets the same answer on every machine, under any load, and
at every replay of a ledger.

>>> with budget(10) as spent:
...     spend(4)
...     spent.left
6
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

QUESTION_STEPS = 250_000
"""The steps one answer may search (or one search outside a question): 25 to 35 ms of one
core's time, measured on the costliest bodies ``bench/adjudication_worst.py`` finds, on the
shared 2-core machine under load. Real hands take far fewer: a Crummy Rummy loser's 20 cards
a few thousand, a Boathouse loser's 30 about 10,000."""


@dataclass
class Budget:
    """Steps allowed and steps spent."""

    limit: int
    spent: int = 0

    @property
    def left(self) -> int:
        return max(self.limit - self.spent, 0)

    @property
    def overspent(self) -> bool:
        return self.spent > self.limit


_ACTIVE: ContextVar[Budget | None] = ContextVar("adjudicator_budget", default=None)


@contextmanager
def budget(limit: int = QUESTION_STEPS) -> Iterator[Budget]:
    """Run the searches inside on one budget of ``limit`` steps; on leaving, charge what they
    spent to the enclosing budget, if any (an import that asks many questions counts them all)."""
    outer = _ACTIVE.get()
    inner = Budget(limit)
    token = _ACTIVE.set(inner)
    try:
        yield inner
    finally:
        _ACTIVE.reset(token)
        if outer is not None:
            outer.spent += inner.spent


def active() -> Budget:
    """The budget a search draws on: the enclosing one, or else a fresh one of its own."""
    return _ACTIVE.get() or Budget(QUESTION_STEPS)


def spend(steps: int) -> None:
    """Charge ``steps`` to the enclosing budget (nothing to charge outside one)."""
    found = _ACTIVE.get()
    if found is not None:
        found.spent += steps


__all__ = ["QUESTION_STEPS", "Budget", "active", "budget", "spend"]
