"""The best grid a hand can make, found exactly, and what a submitted grid left on the table.

>>> best = best_grid("5H 6H 7H 8H 5S 6S 8C 8S 5D 9C 7D 8D", "3x4")
>>> best.total
40
>>> str(best.grid)
'5H 8H 7H 6H / 5D 8D 9C 7D / 5S 8C 8S 6S'

The seed's own Brummagem example (ruling M-2) scores 39, one short of what its cards allow:

>>> left_on_table(Grid.parse("5H 6H 7H 8H / 5S 6S 8C 8S / 5D 9C 7D 8D", "3x4"))
1

How it stays exact and fast (ruling 1a asks for far better than a naive 9! search):

* A line scores its *set* of cards, so each hand first scores every triple of its cards once
  (and, in Brummagem, every quadruple for the rows), then sums table look-ups.
* Brummy: the 8 symmetries of the square (rotations and reflections) map the 8 lines onto
  themselves, so only one layout per symmetry class is scored: of the four corner cards the one
  first in the (sorted) hand sits top left, and the top edge card comes before the left edge
  card. That leaves 9!/8 = 45,360 layouts, all scored at once with numpy.
* Brummagem: permuting rows (3!) or columns (4!) keeps the 7 lines, so the search runs over the
  5,775 ways to split the hand into three unordered rows. For each split the best columns are a
  small 3-dimensional assignment (one card from each row per column), solved by meeting in the
  middle: choose which two cards of rows 2 and 3 go to columns 1-2 (6 x 6 ways) and take the best
  of the 4 pairings on each side, instead of trying all 24 x 24 orders of rows 2 and 3. Every
  split is scored this way at once with numpy: a few milliseconds, so no bound is needed and the
  worst hand costs the same as the typical one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, permutations

import numpy as np
import numpy.typing as npt

from adjudicator.cards import Card, parse_cards, sort_cards
from adjudicator.errors import InvalidGridError
from adjudicator.grids.lines import (
    LINES_3X3,
    SHAPES,
    Grid,
    GridRules,
    GridScore,
    GridScoreData,
    RulesLike,
    Shape,
    as_rules,
    line_points,
    not_a_shape,
    score_grid,
)

IntArray = npt.NDArray[np.intp]
SmallArray = npt.NDArray[np.int8]


@dataclass(frozen=True)
class BestGrid:
    """The highest-scoring arrangement of a hand under the house rules, with its score."""

    grid: Grid
    score: GridScore

    @property
    def total(self) -> int:
        """The best grid's score."""
        return self.score.total

    def as_dict(self) -> GridScoreData:
        """The JSON form: the grid row-major and by rows, its score, lines and explanation."""
        return self.score.as_dict()


def best_grid(
    cards: Sequence[Card] | str, shape: Shape = "3x3", options: RulesLike = None
) -> BestGrid:
    """The optimal grid for these cards (ties broken the same way whatever order they come in).

    >>> best = best_grid("JS JH JD 10S 10C QS KD 9S 8H")
    >>> best.total
    24
    >>> str(best.grid)
    '10S 9S JS / 8H JD KD / JH 10C QS'
    """
    rules = as_rules(options)
    hand = parse_cards(cards) if isinstance(cards, str) else tuple(cards)
    if shape not in SHAPES:
        raise InvalidGridError(not_a_shape(shape))
    Grid(shape, hand)  # validates the count and rejects jokers, with the grid's own messages
    ordered = tuple(sort_cards(hand))
    if shape == "3x3":
        grid = Grid(shape, tuple(ordered[i] for i in _best_3x3(ordered, rules)))
    else:
        grid = Grid(shape, _tidy_3x4(_best_3x4(ordered, rules), ordered, rules))
    return BestGrid(grid, score_grid(grid, rules))


def left_on_table(grid: Grid, options: RulesLike = None) -> int:
    """How many points the best grid of the same cards scores above this one (0 if optimal).

    >>> left_on_table(Grid.parse("JS JH JD / 10S 10C QS / KD 9S 8H"))
    13
    """
    return best_grid(grid.cards, grid.shape, options).total - score_grid(grid, options).total


def prepare() -> None:
    """Build the search tables now (about 0.1 s, once per process) instead of on the first call.

    >>> prepare()
    """
    _layouts_3x3()
    _splits_3x4()


def _triple_scores(cards: Sequence[Card], rules: GridRules) -> SmallArray:
    """Points of every 3-card subset, in :func:`itertools.combinations` order."""
    return np.array([line_points(trio, rules) for trio in combinations(cards, 3)], dtype=np.int8)


def _quad_scores(cards: Sequence[Card], rules: GridRules) -> SmallArray:
    """Points of every 4-card subset (a Brummagem row), in combinations order."""
    return np.array([line_points(quad, rules) for quad in combinations(cards, 4)], dtype=np.int8)


# --- Brummy, 3x3 --------------------------------------------------------------------------------

_CORNERS = (0, 2, 6, 8)
_EDGES = (1, 3, 5, 7)


@cache
def _layouts_3x3() -> tuple[npt.NDArray[np.uint8], IntArray]:
    """One layout per symmetry class (45,360), and each layout's 8 lines as triple numbers."""
    layouts: list[list[int]] = []
    for corners in combinations(range(9), 4):
        rest = [i for i in range(9) if i not in corners]
        # Rotations and reflections can bring the smallest corner card to the top left ...
        for others in permutations(corners[1:]):
            for centre in rest:
                edge_cards = [i for i in rest if i != centre]
                for edges in permutations(edge_cards):
                    # ... and the one reflection that keeps it there swaps the top and left edges.
                    if edges[0] > edges[1]:
                        continue
                    layout = [0] * 9
                    layout[4] = centre
                    for pos, card in zip(_CORNERS, (corners[0], *others), strict=True):
                        layout[pos] = card
                    for pos, card in zip(_EDGES, edges, strict=True):
                        layout[pos] = card
                    layouts.append(layout)
    grid = np.array(layouts, dtype=np.uint8)
    index = _combination_index(9, 3)
    lines = np.stack([index[grid[:, a], grid[:, b], grid[:, c]] for _, _, (a, b, c) in LINES_3X3])
    return grid, lines


def _best_3x3(hand: tuple[Card, ...], rules: GridRules) -> tuple[int, ...]:
    layouts, lines = _layouts_3x3()
    scores = _triple_scores(hand, rules)
    totals = scores[lines].sum(axis=0)
    return tuple(int(i) for i in layouts[int(np.argmax(totals))])


# --- Brummagem, 3x4 -----------------------------------------------------------------------------


@dataclass(frozen=True)
class _Splits:
    """Every split of 12 card numbers into three unordered rows of four, and look-up indexes."""

    rows: npt.NDArray[np.uint8]  # (5775, 3, 4): the card numbers of rows 1-3, each sorted
    row_quads: IntArray  # (5775, 3): each row's quadruple number
    columns: IntArray  # (5775, 64): triple number of (row 1 card j, row 2 card i, row 3 card k)
    left: IntArray  # (36, 4, 2): for columns 1-2, each choice of row-2 and row-3 pairs
    right: IntArray  # (36, 4, 2): the same for columns 3-4, with the complementary pairs


@cache
def _splits_3x4() -> _Splits:
    rows: list[tuple[tuple[int, ...], ...]] = []
    for first_rest in combinations(range(1, 12), 3):
        first = (0, *first_rest)
        remaining = [i for i in range(12) if i not in first]
        for second_rest in combinations(remaining[1:], 3):
            second = (remaining[0], *second_rest)
            third = tuple(i for i in remaining if i not in second)
            rows.append((first, second, third))
    split = np.array(rows, dtype=np.uint8)
    quads = _combination_index(12, 4)
    row_quads = np.stack([quads[tuple(split[:, r, k] for k in range(4))] for r in range(3)], 1)
    triples = _combination_index(12, 3)
    columns = np.stack(
        [
            triples[split[:, 0, j], split[:, 1, i], split[:, 2, k]]
            for j in range(4)
            for i in range(4)
            for k in range(4)
        ],
        axis=1,
    )
    left: list[list[list[int]]] = []
    right: list[list[list[int]]] = []
    for middle in combinations(range(4), 2):
        middle_rest = tuple(i for i in range(4) if i not in middle)
        for bottom in combinations(range(4), 2):
            bottom_rest = tuple(k for k in range(4) if k not in bottom)
            left.append(_pairings((0, 1), middle, bottom))
            right.append(_pairings((2, 3), middle_rest, bottom_rest))
    return _Splits(split, row_quads, columns, np.array(left), np.array(right))


def _pairings(
    top: tuple[int, int], middle: tuple[int, ...], bottom: tuple[int, ...]
) -> list[list[int]]:
    """The 4 ways to make two columns from two top, two middle and two bottom cards."""
    ways = []
    for i in permutations(middle):
        for k in permutations(bottom):
            ways.append([top[n] * 16 + i[n] * 4 + k[n] for n in range(2)])
    return ways


def _best_3x4(hand: tuple[Card, ...], rules: GridRules) -> tuple[tuple[int, ...], ...]:
    """The best grid as three rows of card numbers (columns aligned)."""
    splits = _splits_3x4()
    row_totals = _quad_scores(hand, rules)[splits.row_quads].sum(axis=1)
    weights = _triple_scores(hand, rules)[splits.columns]  # (5775, 64)
    totals = row_totals + _best_columns(weights, splits)
    # np.argmax takes the first of equal totals: the same grid whatever order the cards came in.
    winner = int(np.argmax(totals))
    return _columns_for(splits.rows[winner], weights[winner])


def _best_columns(weights: SmallArray, splits: _Splits) -> SmallArray:
    """For each split, the most its columns can score (meet in the middle, see the module doc)."""
    left = weights[:, splits.left]  # (n, 36, 4, 2)
    right = weights[:, splits.right]
    best_left = (left[..., 0] + left[..., 1]).max(axis=2)
    best_right = (right[..., 0] + right[..., 1]).max(axis=2)
    result: SmallArray = (best_left + best_right).max(axis=1)
    return result


def _columns_for(rows: npt.NDArray[np.uint8], weights: SmallArray) -> tuple[tuple[int, ...], ...]:
    """Order rows 2 and 3 so that the columns score the most (576 ways, for one split)."""
    cube = weights.reshape(4, 4, 4)
    best_score = -1
    best: tuple[tuple[int, ...], tuple[int, ...]] = ((0, 1, 2, 3), (0, 1, 2, 3))
    for middle in permutations(range(4)):
        for bottom in permutations(range(4)):
            score = sum(int(cube[j, middle[j], bottom[j]]) for j in range(4))
            if score > best_score:
                best_score, best = score, (middle, bottom)
    middle, bottom = best
    return (
        tuple(int(c) for c in rows[0]),
        tuple(int(rows[1][i]) for i in middle),
        tuple(int(rows[2][k]) for k in bottom),
    )


def _tidy_3x4(
    rows: tuple[tuple[int, ...], ...], hand: tuple[Card, ...], rules: GridRules
) -> tuple[Card, ...]:
    """Rows, then columns, from highest-scoring to lowest: the same lines, easier to read."""
    cards = [[hand[i] for i in row] for row in rows]
    cards.sort(key=lambda row: -line_points(row, rules))
    column_order = sorted(range(4), key=lambda j: -line_points([row[j] for row in cards], rules))
    return tuple(row[j] for row in cards for j in column_order)


# --- shared -------------------------------------------------------------------------------------


def _combination_index(n: int, k: int) -> IntArray:
    """A dense ``n**k`` table: any ordering of a k-subset of ``range(n)`` -> its combination number."""
    table = np.full((n,) * k, -1, dtype=np.intp)
    for number, subset in enumerate(combinations(range(n), k)):
        for ordering in permutations(subset):
            table[ordering] = number
    return table
