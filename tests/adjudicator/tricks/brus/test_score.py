"""What a Brus hand scores (6a, BR-6, BR-7): six tricks 1, Jan 2, five tricks and the KC 1 when
the hand is played out, else nothing; from a quick summary or from the tricks, the same; and
the summaries that cannot have happened."""

from __future__ import annotations

import pytest

from adjudicator.errors import AdjudicationError
from adjudicator.said import Naming
from adjudicator.tricks.brus.hand import Hand
from adjudicator.tricks.brus.rules import Table
from adjudicator.tricks.brus.score import QuickHand, score_hand, summarize
from adjudicator.tricks.plays import parse_tricks
from tests.adjudicator.tricks.brus.test_hand import BOTH_ON_FIVE, JAN, PLAYED_OUT, record

NAMES = Naming(("Ann", "Ben", "Cy", "Di"), ((0, 2), (1, 3)))

SCORES = [
    pytest.param(4, (6, 0), None, (2, 0), "jan", "Jan, the first six tricks: +2 (6a)", id="6a-jan"),
    pytest.param(4, (6, 3), None, (1, 0), "six", "6 tricks: the hand, +1 (6a)", id="6a-six-tricks"),
    pytest.param(
        4,
        (2, 6),
        0,
        (0, 1),
        "six",
        "2 tricks: nothing, the other side won six (6a)",
        id="6a-six-the-kc-no-matter",
    ),
    pytest.param(
        4,
        (5, 4),
        0,
        (1, 0),
        "kc",
        "5 tricks and the KC, with no side on six: the hand, +1 (6a)",
        id="6a-five-and-the-kc",
    ),
    pytest.param(
        4,
        (5, 4),
        1,
        (0, 0),
        "none",
        "5 tricks, but side 2 held the KC: nothing (6a, BR-6)",
        id="6a-five-without-the-kc",
    ),
    pytest.param(
        4,
        (5, 5),
        1,
        (0, 1),
        "kc",
        "5 tricks, but side 2 held the KC: nothing (6a, BR-6)",
        id="BR-6-both-on-five-the-kc-decides",
    ),
    pytest.param(
        4,
        (4, 4),
        None,
        (0, 0),
        "none",
        "4 tricks: nothing, no side won six (6a)",
        id="6a-nobody-on-five-or-six",
    ),
    pytest.param(
        4,
        (3, 4),
        1,
        (0, 0),
        "none",
        "3 tricks: nothing, no side won six (6a)",
        id="6a-the-kc-alone-wins-nothing",
    ),
    pytest.param(
        6,
        (0, 6),
        None,
        (0, 2),
        "jan",
        "0 tricks: nothing, the other side won six (6a)",
        id="BR-7-six-players-jan",
    ),
    pytest.param(
        6,
        (2, 5),
        1,
        (0, 1),
        "kc",
        "2 tricks: nothing, no side won six (6a)",
        id="BR-7-six-players-five-and-the-kc",
    ),
]


@pytest.mark.parametrize(("players", "won", "kc", "points", "outcome", "first_line"), SCORES)
def test_a_hand_scores(
    players: int,
    won: tuple[int, int],
    kc: int | None,
    points: tuple[int, int],
    outcome: str,
    first_line: str,
) -> None:
    score = score_hand(QuickHand(won, kc), Table(players))
    assert score.points == points
    assert score.outcome == outcome
    assert score.explanation(0) == (first_line,)
    assert score.winner == (None if not any(points) else points.index(max(points)))


def test_the_summary_names_the_side_that_won() -> None:
    jan = score_hand(QuickHand((6, 0)), Table(4))
    assert jan.summary.named(NAMES) == "Jan! Ann and Cy's side took the first six tricks: 2 points."
    five = score_hand(QuickHand((4, 5), kc=1), Table(4))
    assert five.summary.named(NAMES) == (
        "Played out, 4 to 5: Ben and Di's side won the hand with five tricks and the KC."
    )
    none = score_hand(QuickHand((5, 4), kc=1), Table(4))
    assert (
        str(none.summary)
        == "Played out, 5 to 4: nobody won the hand (the KC was with the other side)."
    )


REFUSED = [
    pytest.param(
        4,
        (6, 6),
        None,
        "impossible_hand",
        "won",
        "ends at the first six",
        id="6a-only-one-side-wins-six",
    ),
    pytest.param(
        4,
        (2, 2),
        None,
        "impossible_hand",
        "won",
        "at least 5 tricks at 4 players",
        id="6a-18-cards-take-5-tricks-at-four",
    ),
    pytest.param(
        6,
        (1, 1),
        None,
        "impossible_hand",
        "won",
        "at least 3 tricks at 6 players",
        id="6a-18-cards-take-3-tricks-at-six",
    ),
    pytest.param(
        4,
        (5, 4),
        None,
        "bad_entry",
        "kc",
        "Which side held the KC? Side 1 has five",
        id="6a-the-kc-decides-five",
    ),
    pytest.param(
        4,
        (5, 5),
        None,
        "bad_entry",
        "kc",
        "Both sides have five",
        id="BR-6-the-kc-decides-two-fives",
    ),
    pytest.param(4, (7, 0), None, "bad_entry", "won", "0 to 6", id="6a-no-seventh-trick"),
]


@pytest.mark.parametrize(("players", "won", "kc", "code", "field", "words"), REFUSED)
def test_a_summary_that_cannot_have_happened_is_refused(
    players: int, won: tuple[int, int], kc: int | None, code: str, field: str, words: str
) -> None:
    with pytest.raises(AdjudicationError) as caught:
        score_hand(QuickHand(won, kc), Table(players))
    assert (caught.value.code, caught.value.field) == (code, field)
    assert words in str(caught.value)


def test_six_players_may_play_out_in_three_tricks() -> None:
    assert score_hand(QuickHand((2, 1)), Table(6)).points == (0, 0)


@pytest.mark.parametrize(
    ("tricks", "kc", "points"),
    [
        pytest.param(JAN, None, (2, 0), id="6a-jan-by-tricks"),
        pytest.param(PLAYED_OUT, None, (0, 0), id="BR-8-played-out-nobody-on-five"),
        pytest.param(BOTH_ON_FIVE, 0, (1, 0), id="BR-6-both-on-five-side-1-holds-the-kc"),
        pytest.param(BOTH_ON_FIVE, 1, (0, 1), id="BR-6-both-on-five-side-2-holds-the-kc"),
    ],
)
def test_a_hand_scores_the_same_by_its_tricks_and_by_its_summary(
    tricks: list[list[str]], kc: int | None, points: tuple[int, int]
) -> None:
    data = record(4, tricks)
    hand = Hand(parse_tricks(data["tricks"], 4), kc=kc)
    by_tricks = score_hand(hand, Table(4))
    summary = summarize(hand, Table(4))
    assert by_tricks.points == score_hand(summary, Table(4)).points == points
    assert by_tricks.lines == score_hand(summary, Table(4)).lines


def test_a_hand_by_tricks_played_out_on_five_needs_the_kc() -> None:
    hand = Hand(parse_tricks(record(4, BOTH_ON_FIVE)["tricks"], 4))
    with pytest.raises(AdjudicationError) as caught:
        score_hand(hand, Table(4))
    assert (caught.value.code, caught.value.field) == ("bad_entry", "kc")
