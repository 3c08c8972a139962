"""Who pays whom at the end of a settlement game (``settle_up``), in the order its docstring
gives: the largest debtor pays the largest creditor as much as either can, and so on."""

from __future__ import annotations

from fractions import Fraction

import pytest

from adjudicator.tally import Points, settle_up

ORDER = [
    pytest.param((30, -10, -20, 0), [(2, 0, 20), (1, 0, 10)], id="the-largest-debtor-pays-first"),
    pytest.param((-30, 10, 20), [(0, 2, 20), (0, 1, 10)], id="the-largest-creditor-is-paid-first"),
    pytest.param(
        (25, 15, -5, -35),
        [(3, 0, 25), (3, 1, 10), (2, 1, 5)],
        id="as-much-as-either-can-then-the-next-largest",
    ),
    pytest.param(
        (-5, 40, -25, -10, 0),
        [(2, 1, 25), (3, 1, 10), (0, 1, 5)],
        id="one-creditor-paid-by-each-debtor-largest-first",
    ),
    # Equal amounts go to the lower seat first, so the list reads the same every time.
    pytest.param((10, 10, -10, -10), [(2, 0, 10), (3, 1, 10)], id="ties-the-lower-seat-first"),
    pytest.param(
        (Fraction(10, 3), Fraction(-5, 3), Fraction(-5, 3)),
        [(1, 0, Fraction(5, 3)), (2, 0, Fraction(5, 3))],
        id="shared-fractions-as-gamblers-G-2",
    ),
    pytest.param((0, 0, 0), [], id="all-square-nobody-pays"),
]


@pytest.mark.parametrize(("totals", "payments"), ORDER)
def test_the_largest_debtor_pays_the_largest_creditor_and_so_on(
    totals: tuple[Points, ...], payments: list[tuple[int, int, Points]]
) -> None:
    made = settle_up(totals)
    assert [(p.payer, p.payee, p.amount) for p in made] == payments
    # Each payment squares at least one player, so there is at most one fewer than players.
    assert len(made) <= max(len(totals) - 1, 0)
