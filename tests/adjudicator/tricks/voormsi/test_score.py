"""Voormsi: what a hand scores (trick points V-1, the first five, captures, all nine V-8/V-18),
quick summaries checked for possibility, the ladder (bounce, V-9, calls V-10/V-19, the partner
capture), and the JSON record of a hand."""

from __future__ import annotations

from typing import Any

import pytest

from adjudicator.errors import AdjudicationError
from adjudicator.options import parse_options
from adjudicator.tricks.voormsi import (
    Capture,
    Hand,
    HandScore,
    Ladder,
    Options,
    QuickHand,
    Table,
    climb,
    hand_as_data,
    ladder_after,
    parse_hand,
    score_hand,
    trick_points,
)
from tests.adjudicator.tricks.voormsi.simulate import record


def quick(players: int, data: dict[str, Any], options: dict[str, Any] | None = None) -> HandScore:
    opts = parse_options(Options, options or {})
    hand = parse_hand({"quick": data}, players, opts)
    return score_hand(hand, Table.for_players(players, opts), opts)


# V-1: trick points under each reading.
@pytest.mark.parametrize(
    ("reading", "tricks", "points"),
    [
        pytest.param("literal", 4, 0, id="V-1-literal-4"),
        pytest.param("literal", 5, 0, id="V-1-literal-5-is-not-more-than-five"),
        pytest.param("literal", 6, 2, id="V-1-literal-6"),
        pytest.param("literal", 8, 4, id="V-1-literal-8"),
        pytest.param("majority", 4, 0, id="V-1-majority-4"),
        pytest.param("majority", 5, 1, id="V-1-majority-5"),
        pytest.param("majority", 7, 3, id="V-1-majority-7"),
        pytest.param("over_six", 5, 0, id="V-1-over_six-5"),
        pytest.param("over_six", 6, 1, id="V-1-over_six-6"),
        pytest.param("over_six", 8, 3, id="V-1-over_six-8"),
    ],
)
def test_trick_points(reading: str, tricks: int, points: int) -> None:
    assert trick_points(tricks, reading) == points
    score = quick(4, {"tricks": [tricks, 9 - tricks]}, {"trick_reading": reading})
    assert score.points[0] == points


def test_each_line_cites_its_rule() -> None:
    score = quick(4, {"tricks": [6, 3], "captures": [{"event": "3d", "side": 1}]})
    assert score.explanation(0) == ("6 tricks: more than five score 1 + (6 - 5) = 2 (V-1)",)
    assert score.explanation(1) == ("3 tricks: no trick points (V-1)", "3D capture: +1 (7a)")
    over = quick(4, {"tricks": [6, 3]}, {"trick_reading": "over_six"})
    assert over.explanation(0) == (
        # Issue 27: a house rule is named as the house-rules page names it, not by its key.
        "6 tricks: six or more score 1 + (6 - 6) = 1 "
        '(V-1, house rule "Six or more tricks: 6 score 1, 7 score 2")',
    )


@pytest.mark.parametrize(
    ("event", "points"),
    [
        pytest.param("simple", 1, id="7a-simple-capture"),
        pytest.param("jc", 2, id="7a-jc-capture"),
        pytest.param("3d", 1, id="7a-3d-capture"),
        pytest.param("3d_double", 2, id="7a-3d-double-capture"),
    ],
)
def test_capture_points(event: str, points: int) -> None:
    score = quick(4, {"tricks": [4, 5], "captures": [{"event": event, "side": 0}]})
    assert score.points == (points, 0)


def test_the_first_five_tricks_score_one() -> None:
    assert quick(4, {"tricks": [6, 3], "first_five": 0}).points == (3, 0)
    assert quick(2, {"tricks": [5, 4], "first_five": 0}).points == (1, 0)


def test_first_five_counts_trick_units() -> None:
    # V-7: a double and a triple make the first five; then the other side wins one.
    hand = parse_hand(
        record(
            4,
            [
                ["9C 9S", "5D 5H", "QC QS", "6C 6S"],
                ["AC AS AH", "8C 8H 8D", "QD QH 5C", "JS JH JD"],
                ["6D", "8S", "5S", "KC"],
            ],
            call=0,
        ),
        4,
    )
    assert isinstance(hand, Hand)
    score = score_hand(hand, Table(4))
    assert score.first_five == 0
    assert "won the first five tricks in a row (tricks 1 to 2): +1 (7a)" in score.explanation(0)
    assert score.tricks == (5, 1)


# V-11: three players score each for themselves, twelve tricks, no first-five bonus.
def test_three_players_each_score_their_own_tricks() -> None:
    score = quick(3, {"tricks": [6, 6, 0]})
    assert score.points == (2, 2, 0)


def test_three_players_have_no_first_five_bonus() -> None:
    with pytest.raises(AdjudicationError) as caught:
        quick(3, {"tricks": [7, 5, 0], "first_five": 0})
    assert (caught.value.code, caught.value.field, caught.value.seats) == (
        "impossible_hand",
        "quick.first_five",
        (0,),
    )


# V-8 and V-18: one side takes every trick.
@pytest.mark.parametrize(
    ("players", "tricks", "keep", "points"),
    [
        pytest.param(4, [9, 0], False, (0, 0), id="V-8-all-nine-nothing"),
        pytest.param(4, [9, 0], True, (2, 0), id="V-18-all-nine-captures-kept"),
        pytest.param(3, [12, 0, 0], False, (0, 0, 0), id="V-11-all-twelve-nothing"),
        pytest.param(3, [12, 0, 0], True, (2, 0, 0), id="V-18-all-twelve-captures-kept"),
    ],
)
def test_all_the_tricks_to_one_side(
    players: int, tricks: list[int], keep: bool, points: tuple[int, ...]
) -> None:
    data: dict[str, Any] = {"tricks": tricks, "captures": [{"event": "jc", "side": 0}]}
    if players == 4:
        data["first_five"] = 0
    score = quick(players, data, {"all_nine_keeps_captures": keep})
    assert (score.points, score.all_tricks) == (points, 0)
    last = score.explanation(0)[-1]
    assert last.endswith("(V-8)")


def test_a_partner_capture_scores_nothing_and_ends_the_game() -> None:
    score = quick(
        4, {"tricks": [3, 2], "first_five": None, "captures": [{"event": "partner", "side": 1}]}
    )
    assert (score.points, score.partner_capture) == ((0, 0), 1)
    ladder = ladder_after(Ladder(4, (8, 7)), score)
    assert (ladder.points, ladder.winners, ladder.ended_by) == ((8, 0), (0,), "partner_capture")
    assert ladder.status() == "Seats 1 and 3 win: the other side's partner capture."


def test_a_partner_capture_still_ends_the_game_when_one_side_took_every_trick() -> None:
    score = quick(
        4, {"tricks": [9, 0], "first_five": 0, "captures": [{"event": "partner", "side": 0}]}
    )
    assert score.partner_capture == 0


# Quick summaries that cannot have happened.
@pytest.mark.parametrize(
    ("players", "data", "code", "field", "seats"),
    [
        pytest.param(
            4, {"tricks": [5, 3]}, "impossible_hand", "quick.tricks", (), id="tricks-short"
        ),
        pytest.param(
            4, {"tricks": [6, 4]}, "impossible_hand", "quick.tricks", (), id="tricks-over"
        ),
        pytest.param(
            4, {"tricks": [10, 0]}, "impossible_hand", "quick.tricks", (), id="more-than-nine"
        ),
        pytest.param(4, {"tricks": [9]}, "bad_entry", "quick.tricks", (), id="one-side-missing"),
        pytest.param(4, {"tricks": [9, -0.5]}, "bad_entry", "quick.tricks", (), id="not-whole"),
        pytest.param(
            4,
            {"tricks": [4, 5], "first_five": 0},
            "impossible_hand",
            "quick.first_five",
            (0, 2),
            id="first-five-needs-five",
        ),
        pytest.param(
            4,
            {"tricks": [9, 0]},
            "impossible_hand",
            "quick.first_five",
            (0, 2),
            id="all-nine-won-the-first-five",
        ),
        pytest.param(
            4,
            {
                "tricks": [6, 3],
                "captures": [{"event": "simple", "side": 0}, {"event": "jc", "side": 1}],
            },
            "impossible_hand",
            "quick.captures",
            (),
            id="one-kh-one-capture",
        ),
        pytest.param(
            3,
            {"tricks": [6, 6, 0], "captures": [{"event": "partner", "side": 1}]},
            "impossible_hand",
            "quick.captures[0].event",
            (1,),
            id="V-20-partner-needs-partners",
        ),
        pytest.param(
            2,
            {"tricks": [3, 2], "captures": [{"event": "partner", "side": 0}]},
            "impossible_hand",
            "quick.captures[0].event",
            (0,),
            id="V-20-no-partner-at-two",
        ),
        pytest.param(
            4,
            {"tricks": [9, 0], "first_five": 0, "captures": [{"event": "3d", "side": 1}]},
            "impossible_hand",
            "quick.captures[0].side",
            (1, 3),
            id="capture-needs-a-trick",
        ),
        pytest.param(
            4,
            {"tricks": [6, 3], "captures": [{"event": "7c", "side": 1}]},
            "bad_entry",
            "quick.captures[0].event",
            (),
            id="no-such-event",
        ),
        pytest.param(
            4,
            {"tricks": [6, 3], "captures": [{"event": "jc"}]},
            "bad_entry",
            "quick.captures[0]",
            (),
            id="capture-without-side",
        ),
        pytest.param(
            4,
            {"tricks": [6, 3], "captures": [{"event": "jc", "side": 2}]},
            "bad_entry",
            "quick.captures[0].side",
            (),
            id="no-side-2-at-four",
        ),
        pytest.param(
            4,
            {"tricks": [4, 0], "call": 0},
            "illegal_call",
            "quick.call",
            (0, 2),
            id="V-10-call-before-losing",
        ),
        pytest.param(
            4,
            {"tricks": [6, 3], "call": 1},
            "illegal_call",
            "quick.call",
            (1, 3),
            id="V-10-call-after-the-end",
        ),
        pytest.param(
            4,
            {"tricks": [2, 3], "call": 0, "captures": [{"event": "partner", "side": 1}]},
            "impossible_hand",
            "quick.call",
            (0, 2),
            id="no-call-after-partner-capture",
        ),
        pytest.param(
            4, {"tricks": [6, 3], "extra": 1}, "bad_entry", "quick.extra", (), id="unknown-key"
        ),
    ],
)
def test_an_impossible_summary_is_refused(
    players: int, data: dict[str, Any], code: str, field: str, seats: tuple[int, ...]
) -> None:
    with pytest.raises(AdjudicationError) as caught:
        quick(players, data)
    err = caught.value
    assert (err.code, err.field, err.seats) == (code, field, seats)


def test_a_quick_summary_scored_directly_is_checked_too() -> None:
    with pytest.raises(AdjudicationError) as caught:
        score_hand(QuickHand((6, 3), captures=(Capture("simple", 0), Capture("jc", 1))), Table(4))
    assert (caught.value.code, caught.value.field) == ("impossible_hand", "quick.captures")


# The ladder (7a): exactly the target, bounce back, floor at 0 (V-9).
@pytest.mark.parametrize(
    ("before", "earned", "target", "after"),
    [
        pytest.param(3, 4, 9, 7, id="7a-climb"),
        pytest.param(7, 2, 9, 9, id="7a-exactly-9"),
        pytest.param(7, 4, 9, 7, id="7a-bounce-7+4"),
        pytest.param(8, 5, 9, 5, id="7a-bounce-8+5"),
        pytest.param(10, 2, 12, 12, id="7a-three-players-12"),
        pytest.param(10, 4, 12, 10, id="7a-three-players-bounce"),
        pytest.param(8, 20, 9, 0, id="V-9-floor"),
    ],
)
def test_climb(before: int, earned: int, target: int, after: int) -> None:
    assert climb(before, earned, target)[0] == after


def bare(*points: int, **extra: Any) -> HandScore:
    return HandScore(points=points, tricks=(0,) * len(points), lines=(), **extra)


def test_the_first_side_exactly_on_target_wins() -> None:
    ladder = ladder_after(Ladder(4, (7, 5)), bare(4, 2))
    assert (ladder.points, ladder.winners) == ((7, 7), ())
    assert ladder.explanation == (
        "seats 1 and 3: 7 + 4 = 11, 2 over 9: back to 7 (7a)",
        "seats 2 and 4: 5 + 2 = 7",
    )
    won = ladder_after(ladder, bare(0, 2))
    assert (won.winners, won.ended_by, won.finished) == ((1,), "target", True)
    assert won.status() == "Seats 2 and 4 win: exactly 9."


def test_two_sides_landing_on_target_in_one_hand_share_the_win() -> None:
    ladder = ladder_after(Ladder(3, (10, 11, 4)), bare(2, 1, 0))
    assert ladder.winners == (0, 1)
    # Issue 27: the winners said as one list ("seat 1 and seat 2" before).
    assert ladder.status() == "Seats 1 and 2 share the win: exactly 12."


def test_no_hand_after_the_game_is_over() -> None:
    won = ladder_after(Ladder(2, (7, 0)), bare(2, 0))
    with pytest.raises(AdjudicationError) as caught:
        ladder_after(won, bare(0, 1))
    assert caught.value.code == "game_over"


# V-10, V-19: a call must make exactly the target with the points earned so far.
def test_a_call_that_makes_exactly_the_target_wins() -> None:
    hand = parse_hand(record(4, [["9C", "5D", "KH", "6D"], ["8D", "AC", "6C", "5C"]], call=0), 4)
    score = score_hand(hand, Table(4))
    assert (score.points, score.call, score.complete) == ((1, 0), 0, False)
    ladder = ladder_after(Ladder(4, (8, 3)), score)
    assert (ladder.points, ladder.winners, ladder.ended_by) == ((9, 3), (0,), "call")
    assert ladder.status() == "Seats 1 and 3 win: exactly 9, on a call."


@pytest.mark.parametrize(
    ("before", "message"),
    [
        pytest.param(
            7,
            "Seats 1 and 3 called the hand over, but 7 + 1 = 8, not exactly 9: a call must make "
            "exactly 9 (V-19).",
            id="V-19-call-short",
        ),
        pytest.param(
            9 - 0,
            "Seats 1 and 3 called the hand over, but 9 + 1 = 10, not exactly 9: a call must make "
            "exactly 9 (V-19).",
            id="V-19-call-over",
        ),
    ],
)
def test_any_other_call_is_refused(before: int, message: str) -> None:
    score = quick(4, {"tricks": [1, 1], "captures": [{"event": "simple", "side": 0}], "call": 0})
    with pytest.raises(AdjudicationError) as caught:
        ladder_after(Ladder(4, (before, 0)), score)
    err = caught.value
    assert (err.code, err.field, err.seats, err.message) == (
        "illegal_call",
        "call",
        (0, 2),
        message,
    )


def test_a_call_counts_the_first_five_once_complete() -> None:
    score = quick(4, {"tricks": [6, 1], "first_five": 0, "call": 0})
    assert score.points == (3, 0)
    assert score.explanation(0)[0] == (
        "seats 1 and 3 called the hand over after losing a trick: the points earned so far count"
    )


# The JSON record of a hand.
def test_a_hand_by_tricks_round_trips() -> None:
    data = record(4, [["9C", "5D", "KH", "6D"], ["8D", "AC", "6C", "5C"]], call=0, dealer=3)
    data["tricks"][1]["held"] = [{"seat": 0, "cards": "JC"}]
    hand = parse_hand(data, 4)
    assert hand_as_data(hand) == data
    assert parse_hand(hand_as_data(hand), 4) == hand


def test_a_quick_summary_is_written_with_every_key() -> None:
    hand = parse_hand({"quick": {"tricks": [6, 3]}}, 4)
    assert hand_as_data(hand) == {
        "quick": {"tricks": [6, 3], "first_five": None, "captures": [], "call": None}
    }


@pytest.mark.parametrize(
    ("data", "field"),
    [
        pytest.param([], "hand", id="not-an-object"),
        pytest.param({}, "hand", id="neither"),
        pytest.param({"tricks": [], "quick": {}}, "hand", id="both"),
        pytest.param({"tricks": [], "winner": 0}, "winner", id="unknown-key"),
        pytest.param({"tricks": [], "call": 2}, "call", id="no-side-2"),
        pytest.param({"tricks": [], "call": 1.0}, "call", id="side-not-whole"),
        pytest.param({"tricks": [], "dealer": 4}, "dealer", id="no-dealer-seat-5"),
        pytest.param({"quick": []}, "quick", id="quick-not-an-object"),
    ],
)
def test_a_malformed_record_names_its_field(data: Any, field: str) -> None:
    with pytest.raises(AdjudicationError) as caught:
        parse_hand(data, 4)
    assert (caught.value.code, caught.value.field) == ("bad_entry", field)
