"""The best-grid helper: exact optima, proved against slower searches that share none of its tricks."""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from itertools import combinations, permutations

import numpy as np
import numpy.typing as npt
import pytest

from adjudicator.cards import DOUBLE, STANDARD, Card, parse_cards
from adjudicator.errors import AdjudicationError
from adjudicator.grids.best import best_grid, left_on_table
from adjudicator.grids.lines import LINES_3X3, Grid, GridRules, Shape, score_grid, score_line

DEFAULT = GridRules()


def _dense_scores(hand: tuple[Card, ...], rules: GridRules, size: int) -> npt.NDArray[np.int16]:
    """Every ordered ``size``-tuple of hand positions -> the points of those cards as a line."""
    n = len(hand)
    table = np.zeros((n,) * size, dtype=np.int16)
    for subset in combinations(range(n), size):
        points = score_line([hand[i] for i in subset], rules).points
        for ordering in permutations(subset):
            table[ordering] = points
    return table


@cache
def _all_orders_of_nine() -> npt.NDArray[np.uint8]:
    return np.array(list(permutations(range(9))), dtype=np.uint8)


def exhaustive_3x3(hand: tuple[Card, ...], rules: GridRules) -> int:
    """The best total over all 9! = 362,880 layouts: no symmetry assumed."""
    layouts = _all_orders_of_nine()
    table = _dense_scores(hand, rules, 3)
    totals = np.zeros(len(layouts), dtype=np.int16)
    for _, _, (a, b, c) in LINES_3X3:
        totals += table[layouts[:, a], layouts[:, b], layouts[:, c]]
    return int(totals.max())


def exhaustive_3x4(hand: tuple[Card, ...], rules: GridRules) -> int:
    """Every split into three rows (unordered: swapping rows keeps the lines), then all 24 x 24
    orders of rows 2 and 3 under row 1 (reordering columns keeps the lines): 3.3 million grids."""
    triples = _dense_scores(hand, rules, 3)
    quads: dict[tuple[int, ...], int] = {
        q: score_line([hand[i] for i in q], rules).points for q in combinations(range(12), 4)
    }
    orders = np.array(list(permutations(range(4))), dtype=np.intp)
    best = 0
    for first in combinations(range(12), 4):
        if first[0] != 0:
            break
        others = [i for i in range(12) if i not in first]
        for second in combinations(others, 4):
            if second[0] != others[0]:
                break
            third = tuple(i for i in others if i not in second)
            rows = quads[first] + quads[second] + quads[third]
            middle = np.array(second)[orders]  # (24, 4)
            bottom = np.array(third)[orders]
            columns = sum(
                triples[first[j], middle[:, None, j], bottom[None, :, j]] for j in range(4)
            )
            best = max(best, rows + int(np.max(columns)))
    return best


def random_hand(seed: int, size: int, double: bool = False) -> tuple[Card, ...]:
    pack = list(DOUBLE if double else STANDARD)
    return tuple(random.Random(seed).sample(pack, size))


@pytest.mark.parametrize(
    ("hand", "rules"),
    [
        pytest.param(random_hand(1, 9), DEFAULT, id="random-default"),
        pytest.param(random_hand(2, 9), GridRules(face_extra=True), id="random-face-extra"),
        pytest.param(
            parse_cards("7H 7H 7S 8H 8H 9H 9D 10H JH"), DEFAULT, id="double-pack-identical-cards"
        ),
        pytest.param(
            parse_cards("KS AH 2D QS KH 3C AS 2S 9D"),
            GridRules(round_the_corner=True),
            id="round-the-corner",
        ),
        pytest.param(
            parse_cards("QS KH AD QH KS AC 2D 3H JC"),
            GridRules(ace_high_runs=False),
            id="no-ace-high-runs",
        ),
        pytest.param(parse_cards("10C 9C JC 10D QC JD 2S 10S JS"), DEFAULT, id="section-1c-hand"),
    ],
)
def test_the_best_3x3_grid_matches_a_search_of_all_9_factorial_layouts(
    hand: tuple[Card, ...], rules: GridRules
) -> None:
    found = best_grid(hand, "3x3", rules)
    assert found.total == exhaustive_3x3(hand, rules)
    assert score_grid(found.grid, rules).total == found.total


@pytest.mark.parametrize(
    ("hand", "rules"),
    [
        pytest.param(random_hand(3, 12), DEFAULT, id="random-default"),
        pytest.param(
            random_hand(4, 12, double=True),
            GridRules(row_model="best_single", face_extra=True),
            id="double-pack-best-single-face-extra",
        ),
        pytest.param(
            parse_cards("7S 7H 9D 9C 7D 9S 8H 8S 10C JC QC 8C"),
            GridRules(two_pairs=2),
            id="structured-two-pairs-2",
        ),
    ],
)
def test_the_best_3x4_grid_matches_an_independent_exhaustive_search(
    hand: tuple[Card, ...], rules: GridRules
) -> None:
    found = best_grid(hand, "3x4", rules)
    assert found.total == exhaustive_3x4(hand, rules)
    assert score_grid(found.grid, rules).total == found.total


@pytest.mark.parametrize(
    ("hand", "shape", "total"),
    [
        # The seed: "three double pair royals and four running flushes, or three running
        # flushes and four prials" make the highest possible 60.
        pytest.param("5S 6S 7S 5H 6H 7H 5D 6D 7D 5C 6C 7C", "3x4", 60, id="60-four-of-a-kinds"),
        pytest.param("AS 2S 3S 4S AH 2H 3H 4H AD 2D 3D 4D", "3x4", 60, id="60-running-flushes"),
        # Three running flushes crossed by three prials, with runs on both diagonals: 42.
        pytest.param("AS 2S 3S AH 2H 3H AD 2D 3D", "3x3", 42, id="42-prials-and-flushes"),
        # Ruling M-2's layout scores 39; its cards can make 40.
        pytest.param("5H 6H 7H 8H 5S 6S 8C 8S 5D 9C 7D 8D", "3x4", 40, id="m2-cards-make-40"),
    ],
)
def test_known_hands_reach_their_known_best(hand: str, shape: Shape, total: int) -> None:
    assert best_grid(hand, shape).total == total


@pytest.mark.parametrize("shape", ["3x3", "3x4"])
def test_the_best_grid_uses_exactly_the_cards_given_whatever_their_order(shape: Shape) -> None:
    hand = random_hand(5, 9 if shape == "3x3" else 12)
    found = best_grid(hand, shape)
    assert Counter(found.grid.cards) == Counter(hand)
    shuffled = list(hand)
    random.Random(6).shuffle(shuffled)
    assert best_grid(shuffled, shape).grid == found.grid


@pytest.mark.parametrize(
    ("grid", "shape", "left"),
    [
        pytest.param("5H 6H 7H 8H / 5S 6S 8C 8S / 5D 9C 7D 8D", "3x4", 1, id="m2-leaves-1"),
        pytest.param("5H 8H 7H 6H / 5D 8D 9C 7D / 5S 8C 8S 6S", "3x4", 0, id="best-leaves-0"),
        pytest.param("JS JH JD / 10S 10C QS / KD 9S 8H", "3x3", 13, id="careless-leaves-13"),
    ],
)
def test_left_on_table_is_the_gap_to_the_best_grid(grid: str, shape: Shape, left: int) -> None:
    assert left_on_table(Grid.parse(grid, shape)) == left


def test_house_rules_change_the_best_grid() -> None:
    hand = parse_cards("KS QH 2D KD QS 3C 4H 9S 7C")
    assert best_grid(hand, "3x3", GridRules(face_extra=True)).total > best_grid(hand).total


@pytest.mark.parametrize(
    ("cards", "shape"),
    [
        pytest.param("5H 6H 7H", "3x3", id="three-cards"),
        pytest.param("5H 6H 7H 5S 6S 8S 5D 9C 7D", "3x4", id="nine-for-3x4"),
        pytest.param("5H 6H 7H 5S 6S 8S 5D 9C 7D", "4x4", id="unknown-shape"),
    ],
)
def test_a_wrong_hand_is_refused(cards: str, shape: Shape) -> None:
    with pytest.raises(AdjudicationError) as caught:
        best_grid(cards, shape)
    assert caught.value.code == "invalid_grid"
