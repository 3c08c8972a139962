"""Brag lines and grids: ``adjudicator.grids`` against rulings sections 1 and 2."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.cards import ALL_CARDS, Card, parse_cards
from adjudicator.errors import AdjudicationError
from adjudicator.grids.lines import (
    Grid,
    GridRules,
    line_points,
    score_grid,
    score_line,
)

DEFAULT = GridRules()
FACES = GridRules(face_extra=True)
CORNER = GridRules(round_the_corner=True)
NO_ACE_HIGH = GridRules(ace_high_runs=False)
BEST_SINGLE = GridRules(row_model="best_single")
TWO_PAIRS_2 = GridRules(two_pairs=2)


# Ruling 1a: one row per combination of the Brummy table, and per house option that changes one.
@pytest.mark.parametrize(
    ("cards", "rules", "combination", "points"),
    [
        pytest.param("7S 7H 7D", DEFAULT, "prial", 6, id="prial-6"),
        pytest.param("AH 2H 3H", DEFAULT, "running flush", 6, id="running-flush-ace-low-6"),
        pytest.param("QS AS KS", DEFAULT, "running flush", 6, id="running-flush-ace-high-6"),
        pytest.param("2C 7C JC", DEFAULT, "flush", 3, id="flush-3"),
        pytest.param("9S JH 10D", DEFAULT, "run", 3, id="run-in-any-order-3"),
        pytest.param("AS 2H 3D", DEFAULT, "run", 3, id="run-ace-low-3"),
        pytest.param("QS KH AD", DEFAULT, "run", 3, id="B-1-q-k-a-is-a-run"),
        pytest.param("7S 7H KD", DEFAULT, "pair", 2, id="pair-2"),
        pytest.param("2S 7H KD", DEFAULT, "nothing", 0, id="nothing-0"),
        pytest.param("KS AH 2D", DEFAULT, "nothing", 0, id="B-2-k-a-2-is-not-a-run"),
        pytest.param("KS AH 2D", CORNER, "run", 3, id="B-2-round-the-corner-k-a-2-run"),
        pytest.param("KH AH 2H", CORNER, "running flush", 6, id="B-2-round-the-corner-flush"),
        pytest.param("QS KH AD", NO_ACE_HIGH, "nothing", 0, id="B-1-no-ace-high-runs"),
        pytest.param("AS 2H 3D", NO_ACE_HIGH, "run", 3, id="B-1-no-ace-high-keeps-a-2-3"),
        pytest.param("KS 2H 5D", FACES, "nothing", 1, id="face-extra-k-2-5-scores-1"),
        pytest.param("KS 3H QD", FACES, "nothing", 2, id="face-extra-k-3-q-scores-2"),
        pytest.param("QS QH JD", FACES, "pair", 3, id="face-extra-q-q-j-scores-3"),
        pytest.param("AS 2H 9D", FACES, "nothing", 0, id="B-4-ace-is-not-a-face-card"),
        pytest.param("JC QC 2C", FACES, "flush", 3, id="face-extra-not-on-a-flush"),
        pytest.param("JS QH KD", FACES, "run", 3, id="face-extra-not-on-a-run"),
        pytest.param("KS KH KD", FACES, "prial", 6, id="face-extra-not-on-a-prial"),
        pytest.param("7H 7H 7S", DEFAULT, "identical cards", 0, id="double-pack-twins-zero-prial"),
        pytest.param("5H 5H 6H", DEFAULT, "identical cards", 0, id="double-pack-twins-zero-flush"),
        pytest.param("KH KH QS", FACES, "identical cards", 0, id="B-5-zeroed-line-no-face-extra"),
    ],
)
def test_a_three_card_line_scores_its_brag_combination(
    cards: str, rules: GridRules, combination: str, points: int
) -> None:
    line = score_line(parse_cards(cards), rules)
    assert (line.combination, line.points) == (combination, points)


# Ruling 2a: four-card rows, additive by default (M-1), two pairs 4 or 2 (M-3).
@pytest.mark.parametrize(
    ("cards", "rules", "combination", "points"),
    [
        pytest.param("5S 5H 5D 5C", DEFAULT, "four of a kind", 12, id="double-pair-royal-12"),
        pytest.param("5H 6H 7H 8H", DEFAULT, "four-card running flush", 12, id="4-running-flush"),
        pytest.param("JC QC AC KC", DEFAULT, "four-card running flush", 12, id="4-rf-ace-high"),
        pytest.param("5H 6S 7H 8D", DEFAULT, "four-card run", 4, id="four-card-run-4"),
        pytest.param("2H 5H 9H KH", DEFAULT, "four-card flush", 4, id="four-card-flush-4"),
        pytest.param("7S 7H 7D 2C", DEFAULT, "prial", 6, id="prial-in-a-row-6"),
        pytest.param("7S 7H 9D 9C", DEFAULT, "two pairs", 4, id="M-3-two-pairs-4"),
        pytest.param("7S 7H 9D 9C", TWO_PAIRS_2, "two pairs", 2, id="M-3-two-pairs-option-2"),
        pytest.param("7S 2H 9D 9C", DEFAULT, "pair", 2, id="pair-in-a-row-2"),
        pytest.param("5S 6S 8C 8S", DEFAULT, "pair and flush", 5, id="M-1-seed-middle-row-5"),
        pytest.param("5D 9C 7D 8D", DEFAULT, "flush and run", 6, id="M-1-seed-bottom-row-6"),
        pytest.param("5S 6H 7D 7C", DEFAULT, "pair and run", 5, id="pair-and-run-5"),
        pytest.param("2H 3H 4H 9H", DEFAULT, "four-card flush and run", 7, id="4-flush-3-run-7"),
        pytest.param("5H 6H 7H 8D", DEFAULT, "flush and four-card run", 7, id="3-flush-4-run-7"),
        pytest.param("2S 5H 9D KC", DEFAULT, "nothing", 0, id="nothing-in-a-row"),
        pytest.param("2S 5H 9D KC", FACES, "nothing", 1, id="face-extra-in-a-row"),
        pytest.param("KS KH 9D QC", FACES, "pair", 3, id="face-extra-pair-in-a-row"),
        pytest.param("JH QS KD AC", DEFAULT, "four-card run", 4, id="B-1-j-q-k-a-run"),
        pytest.param("JH QS KD AC", NO_ACE_HIGH, "run", 3, id="B-1-off-j-q-k-only"),
        pytest.param("KH AS 2D 3C", DEFAULT, "run", 3, id="B-2-k-a-2-3-only-a-2-3"),
        pytest.param("KH AS 2D 3C", CORNER, "four-card run", 4, id="B-2-corner-k-a-2-3"),
        pytest.param("7H 7H 8S 9D", DEFAULT, "identical cards", 0, id="double-pack-twins-row-0"),
        pytest.param("5S 6S 8C 8S", BEST_SINGLE, "flush", 3, id="M-1-best-single-middle-3"),
        pytest.param("5D 9C 7D 8D", BEST_SINGLE, "flush", 3, id="M-1-best-single-bottom-3"),
        pytest.param("2H 3H 4H 9H", BEST_SINGLE, "running flush", 6, id="best-single-3-rf-6"),
        pytest.param("5H 6H 7H 8H", BEST_SINGLE, "four-card running flush", 12, id="best-1-4rf"),
        pytest.param("5S 5H 5D 5C", BEST_SINGLE, "four of a kind", 12, id="best-single-4-kind"),
        pytest.param("7S 7H 9D 9C", BEST_SINGLE, "two pairs", 4, id="best-single-two-pairs-4"),
        pytest.param(
            "7S 7H 9D 9C",
            GridRules(row_model="best_single", two_pairs=2),
            "two pairs",
            2,
            id="best-single-two-pairs-2",
        ),
    ],
)
def test_a_four_card_row_scores_by_the_row_model(
    cards: str, rules: GridRules, combination: str, points: int
) -> None:
    line = score_line(parse_cards(cards), rules)
    assert (line.combination, line.points) == (combination, points)


@pytest.mark.parametrize(
    ("cards", "rules", "explained"),
    [
        pytest.param("KS 2H 5D", FACES, "line: KS 2H 5D — nothing 1 (+1 face card (K))", id="k"),
        pytest.param(
            "QS QH JD", FACES, "line: QS QH JD — pair 3 (pair 2, +1 face card (J))", id="q"
        ),
        pytest.param(
            "KS 3H QD", FACES, "line: KS 3H QD — nothing 2 (+2 face cards (K, Q))", id="k-q"
        ),
        pytest.param(
            "7H 7H 7S", DEFAULT, "line: 7H 7H 7S — two identical cards (7H 7H): scores 0", id="twin"
        ),
        pytest.param(
            "5S 6S 8C 8S",
            DEFAULT,
            "line: 5S 6S 8C 8S — pair and flush 5 (pair 2, flush 3)",
            id="row",
        ),
    ],
)
def test_a_line_explains_its_parts(cards: str, rules: GridRules, explained: str) -> None:
    assert score_line(parse_cards(cards), rules).explain() == explained


def test_a_line_of_two_cards_is_refused() -> None:
    with pytest.raises(AdjudicationError) as caught:
        score_line(parse_cards("5H 6H"))
    assert caught.value.code == "invalid_grid"


# Ruling M-2: a layout reproducing every line score the seed lists totals 39, not "42".
M2 = "5H 6H 7H 8H / 5S 6S 8C 8S / 5D 9C 7D 8D"


def test_m2_the_seeds_brummagem_example_totals_39() -> None:
    scored = score_grid(Grid.parse(M2, "3x4"))
    assert [line.points for line in scored.lines] == [12, 5, 6, 6, 2, 2, 6]
    assert scored.total == 39
    assert scored.explanation == (
        "row 1: 5H 6H 7H 8H — four-card running flush 12",
        "row 2: 5S 6S 8C 8S — pair and flush 5 (pair 2, flush 3)",
        "row 3: 5D 9C 7D 8D — flush and run 6 (flush 3, run 3)",
        "column 1: 5H 5S 5D — prial 6",
        "column 2: 6H 6S 9C — pair 2",
        "column 3: 7H 8C 7D — pair 2",
        "column 4: 8H 8S 8D — prial 6",
    )


def test_m1_best_single_scores_the_seeds_example_rows_3_and_3() -> None:
    scored = score_grid(Grid.parse(M2, "3x4"), BEST_SINGLE)
    assert [line.points for line in scored.lines] == [12, 3, 3, 6, 2, 2, 6]


# Ruling 1c: the seed's 23 (26 with the face-card extra) cannot be laid out with rows and columns
# in the order the text lists them. This layout was found by a search over single-pack layouts
# allowing any row order, any column order and either diagonal orientation (rulings 1c, B-7):
#   rows      running flush 10C 9C JC / run 10D QC JD / spade flush 2S 10S JS
#   columns   pair of 10s / nothing with one face (Q) / prial of Jacks
#   diagonals 10C QC JS run (↘) / JC QC 2S nothing with two faces (↙)
SECTION_1C = "10C 9C JC / 10D QC JD / 2S 10S JS"


def test_1c_the_seeds_brummy_example_scores_23() -> None:
    scored = score_grid(Grid.parse(SECTION_1C))
    assert [(line.combination, line.points) for line in scored.lines] == [
        ("running flush", 6),
        ("run", 3),
        ("flush", 3),
        ("pair", 2),
        ("nothing", 0),
        ("prial", 6),
        ("run", 3),
        ("nothing", 0),
    ]
    assert scored.total == 23


def test_1c_the_face_card_extra_adds_1_to_a_column_and_2_to_a_diagonal_for_26() -> None:
    plain = score_grid(Grid.parse(SECTION_1C))
    extra = score_grid(Grid.parse(SECTION_1C), FACES)
    gains = {
        line.key: line.points - base.points
        for line, base in zip(extra.lines, plain.lines, strict=True)
    }
    assert {key: gain for key, gain in gains.items() if gain} == {"col_2": 1, "diag_tr": 2}
    assert extra.total == 26


@pytest.mark.parametrize(
    ("text", "shape", "canonical"),
    [
        pytest.param(
            "5h 6h 7h 5s 6s 8s 5d 9c 7d", "3x3", "5H 6H 7H / 5S 6S 8S / 5D 9C 7D", id="3x3"
        ),
        pytest.param(
            "5H,6H,7H,8H / 5S 6S 8C 8S | 5D 9C 7D 8D",
            "3x4",
            "5H 6H 7H 8H / 5S 6S 8C 8S / 5D 9C 7D 8D",
            id="3x4-separators",
        ),
        pytest.param(
            "Th 10h 9s 2c 3c 4c 5d 6d 7d", "3x3", "10H 10H 9S / 2C 3C 4C / 5D 6D 7D", id="tens"
        ),
    ],
)
def test_a_grid_prints_canonically_and_reads_back(text: str, shape: str, canonical: str) -> None:
    grid = Grid.parse(text, shape)  # type: ignore[arg-type]
    assert str(grid) == canonical
    assert Grid.parse(str(grid), grid.shape) == grid
    assert Grid.parse(grid.text(), grid.shape) == grid


@pytest.mark.parametrize(
    ("text", "shape", "code"),
    [
        pytest.param("5H 6H 7H 8H", "3x3", "invalid_grid", id="too-few-cards"),
        pytest.param("5H 6H 7H 8H 5S 6S 8C 8S 5D 9C", "3x3", "invalid_grid", id="ten-cards"),
        pytest.param("5H 6H 7H 5S 6S 8S 5D 9C 7D", "3x4", "invalid_grid", id="nine-for-3x4"),
        pytest.param("5H 6H 7H 5S 6S 8S 5D 9C 7D", "4x4", "invalid_grid", id="unknown-shape"),
        pytest.param("5H 6H / 7H 5S 6S 8S / 5D 9C 7D", "3x3", "invalid_grid", id="short-row"),
        pytest.param("5H 6H 7H 5S 6S 8S 5D 9C JK", "3x3", "not_in_pack", id="joker"),
        pytest.param("5H 6H 7H 5S 6S 8S 5D 9C 11C", "3x3", "bad_card", id="not-a-card"),
    ],
)
def test_a_malformed_grid_is_refused(text: str, shape: str, code: str) -> None:
    with pytest.raises(AdjudicationError) as caught:
        Grid.parse(text, shape)  # type: ignore[arg-type]
    assert caught.value.code == code


def test_a_3x3_grid_has_eight_lines_and_a_3x4_grid_seven() -> None:
    assert len(Grid.parse(SECTION_1C).lines) == 8
    assert [key for key, _, _ in Grid.parse(M2, "3x4").lines] == [
        "row_1",
        "row_2",
        "row_3",
        "col_1",
        "col_2",
        "col_3",
        "col_4",
    ]


def test_a_grid_score_serialises_its_lines() -> None:
    data = score_grid(Grid.parse(M2, "3x4")).as_dict()
    assert data["score"] == 39
    assert data["rows"] == ["5H 6H 7H 8H", "5S 6S 8C 8S", "5D 9C 7D 8D"]
    assert data["lines"][1] == {
        "key": "row_2",
        "name": "row 2",
        "cards": "5S 6S 8C 8S",
        "combination": "pair and flush",
        "points": 5,
        "parts": ["pair 2", "flush 3"],
    }


RULES = st.builds(
    GridRules,
    face_extra=st.booleans(),
    ace_high_runs=st.booleans(),
    round_the_corner=st.booleans(),
    row_model=st.sampled_from(["additive", "best_single"]),
    two_pairs=st.sampled_from([4, 2]),
)


@settings(max_examples=200, deadline=None)
@given(
    cards=st.lists(st.sampled_from(ALL_CARDS), min_size=3, max_size=4),
    rules=RULES,
    data=st.data(),
)
def test_a_line_scores_the_same_in_any_order_and_never_above_the_cap(
    cards: list[Card], rules: GridRules, data: st.DataObject
) -> None:
    line = score_line(cards, rules)
    shuffled = data.draw(st.permutations(cards))
    assert score_line(shuffled, rules).points == line.points
    assert line_points(cards, rules) == line.points
    # The seed's maximum of 60 = 3 rows of 12 + 4 columns of 6 holds under every house rule.
    assert 0 <= line.points <= (6 if len(cards) == 3 else 12)


@pytest.mark.parametrize(
    "rules",
    [
        pytest.param({"row_model": "sum_of_subsets"}, id="unknown-row-model"),
        pytest.param({"two_pairs": 3}, id="two-pairs-neither-4-nor-2"),
    ],
)
def test_grid_rules_refuse_values_the_rulings_do_not_offer(rules: dict[str, object]) -> None:
    with pytest.raises(AdjudicationError) as caught:
        GridRules(**rules)  # type: ignore[arg-type]
    assert caught.value.code == "bad_option"
