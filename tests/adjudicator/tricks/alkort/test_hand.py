"""An Alkort hand: its plays checked in order, when it is over, and what it scores from its
tricks and from its quick summary (8a, A-5, A-6)."""

from __future__ import annotations

from typing import Any

import pytest

from adjudicator.cards import parse_cards
from adjudicator.errors import AdjudicationError
from adjudicator.tricks.alkort.hand import (
    Hand,
    Progress,
    QuickHand,
    check_hand,
    check_over,
    check_quick,
    score_hand,
    summarize,
)
from adjudicator.tricks.alkort.rules import DEFAULTS, Options, Table, judge_trick
from adjudicator.tricks.plays import Play, Trick


def record(
    players: int, tricks: list[list[str]], *, leader: int = 0, options: Options = DEFAULTS
) -> list[dict[str, Any]]:
    """A hand's tricks as JSON from the cards alone: each trick's seats in turn from its
    leader, the first led by ``leader``, each later one by the winner of the one before."""
    table = Table(players)
    out: list[dict[str, Any]] = []
    for cards in tricks:
        plays = [
            {"seat": s, "cards": c} for s, c in zip(table.play_order(leader), cards, strict=False)
        ]
        out.append({"plays": plays})
        if len(plays) == players:
            played = Trick(tuple(Play(p["seat"], parse_cards(p["cards"])) for p in plays))
            leader = judge_trick(played, options).winner
    return out


def hand(
    players: int, tricks: list[list[str]], *, leader: int = 0, dealer: int | None = None
) -> Hand:
    data = record(players, tricks, leader=leader)
    return Hand(
        tuple(
            Trick(tuple(Play(p["seat"], parse_cards(p["cards"])) for p in t["plays"])) for t in data
        ),
        dealer,
    )


# Seat 0 (seats 0 and 2, side 0) wins the first seven tricks: a múk after five, a stroke of 7.
# The 7s are led by a player who has won a trick. Trick 8 the other side wins, or (STROKE_9)
# side 0 wins the last two too.
RUN = [
    ["AS", "9C", "3D", "QC"],
    ["JH", "2C", "4S", "3H"],
    ["6D", "4D", "2S", "KC"],
    ["8C", "QD", "9S", "KH"],
    ["7H", "QS", "3C", "4H"],
    ["7S", "2D", "KS", "3S"],
    ["AD", "QH", "9H", "6C"],  # seat 2's 9H takes it: the streak is the side's
]
MUK = [*RUN[:5], ["3S", "6H", "KS", "2D"]]  # seat 1's 6H breaks it at trick 6
STROKE_7 = [*RUN, ["8D", "KD", "JC", "4C"]]  # seat 2 leads; seat 3's KD breaks it
STROKE_9 = [*RUN, ["KD", "4C", "8D", "JC"], ["7C", "2H", "8H", "JS"]]
# Seat 1 takes trick 1; then seats 0 and 2 win five: a plain win, 5 to 1.
PLAIN = [
    ["9C", "AS", "3D", "QC"],
    ["4S", "JH", "2C", "3H"],
    ["6D", "4D", "2S", "KC"],
    ["8C", "QD", "9S", "KH"],
    ["7H", "QS", "3C", "4H"],
    ["7S", "2D", "KS", "3S"],
]


@pytest.mark.parametrize(
    ("tricks", "won", "first_five", "points"),
    [
        pytest.param(PLAIN, (5, 1), None, (1, 0), id="8a-five-tricks-win-1"),
        pytest.param(MUK, (5, 1), 0, (5, 0), id="8a-the-first-five-in-a-row-a-muk-5"),
        pytest.param(STROKE_7, (7, 1), 0, (7, 0), id="A-5-a-stroke-of-7-scores-7-not-12"),
        pytest.param(STROKE_9, (9, 0), 0, (9, 0), id="8a-all-nine-a-stroke-of-9"),
    ],
)
def test_a_hand_scores_from_its_tricks(
    tricks: list[list[str]], won: tuple[int, int], first_five: int | None, points: tuple[int, int]
) -> None:
    table = Table(4)
    checked = check_over(check_hand(hand(4, tricks), table))
    assert checked.won() == won
    assert summarize(checked) == QuickHand(won, first_five)
    assert score_hand(hand(4, tricks), table).points == points
    assert score_hand(QuickHand(won, first_five), table).points == points


def test_a_muk_is_worked_in_words() -> None:
    score = score_hand(QuickHand((5, 1), 0), Table(4))
    assert score.explanation(0) == ("won the first 5 tricks in a row, a múk: 5 (8a)",)
    assert score.explanation(1) == ("1 trick: nothing (8a)",)
    assert score.streak == 5
    stroke = score_hand(QuickHand((1, 8), 1), Table(2))
    assert stroke.explanation(1) == ("won the first 8 tricks in a row, a stroke of 8: 8 (8a, A-5)",)
    assert stroke.points == (0, 8)
    plain = score_hand(QuickHand((3, 5)), Table(4))
    assert plain.explanation(1) == ("won five tricks to 3: 1 (8a)",)
    assert (plain.points, plain.streak, plain.winner) == ((0, 1), 0, 1)


# 8a: a múk is winning "the first five tricks" before the other side wins any; four in a row
# is not one. Side 0 wins the tricks marked 0, in order.
MUK_THRESHOLD = [
    pytest.param([0, 0, 0, 0], False, False, id="8a-four-in-a-row-is-not-a-muk"),
    pytest.param([0, 0, 0, 0, 1], False, False, id="8a-four-then-a-trick-lost-is-no-muk"),
    pytest.param([0, 0, 0, 0, 1, 0], False, True, id="8a-five-after-four-and-a-loss-ends-it"),
    pytest.param([0, 0, 0, 0, 0], True, False, id="A-5-five-in-a-row-a-muk-plays-on"),
    pytest.param([0, 0, 0, 0, 0, 1], True, True, id="A-5-a-muk-ends-at-the-first-trick-lost"),
    pytest.param([1, 0, 0, 0, 0, 0], False, True, id="8a-five-after-losing-the-first-ends-it"),
]


@pytest.mark.parametrize(("winners", "muk", "over"), MUK_THRESHOLD)
def test_8a_a_muk_is_the_first_five_tricks_in_a_row_and_not_four(
    winners: list[int], muk: bool, over: bool
) -> None:
    progress = Progress.of(winners, 2)
    assert progress.muk is muk
    assert progress.over is over


# Side 0 wins the first four tricks, loses the fifth (seat 1's JD over the 6C) and wins the
# sixth (seat 2's 9H): five tricks to one, one short of a múk.
FOUR_THEN_LOST = [*RUN[:4], ["6C", "JD", "3S", "2D"], ["QH", "9H", "3C", "4H"]]


@pytest.mark.parametrize(
    ("tricks", "first_five", "points", "working"),
    [
        pytest.param(
            FOUR_THEN_LOST,
            None,
            (1, 0),
            "won five tricks to 1: 1 (8a)",
            id="8a-one-short-of-a-muk-scores-1",
        ),
        pytest.param(
            MUK,
            0,
            (5, 0),
            "won the first 5 tricks in a row, a múk: 5 (8a)",
            id="8a-a-muk-at-five-scores-5",
        ),
    ],
)
def test_8a_the_muk_threshold_in_a_hand_played_out(
    tricks: list[list[str]], first_five: int | None, points: tuple[int, int], working: str
) -> None:
    table = Table(4)
    checked = check_over(check_hand(hand(4, tricks), table))
    assert summarize(checked) == QuickHand((5, 1), first_five)
    score = score_hand(hand(4, tricks), table)
    assert score.points == points
    assert score.explanation(0) == (working,)


@pytest.mark.parametrize("streak", [5, 6, 7, 8])
def test_a_streak_broken_after_five_scores_its_length(streak: int) -> None:
    assert score_hand(QuickHand((1, streak), 1), Table(4)).points == (0, streak)


def test_the_two_player_game_scores_each_player() -> None:
    tricks = [["AS", "9C"], ["JH", "2C"], ["6D", "4D"], ["8C", "QD"], ["7H", "QS"], ["3S", "6H"]]
    table = Table(2)
    checked = check_over(check_hand(hand(2, tricks), table))
    assert checked.won() == (5, 1)
    assert score_hand(hand(2, tricks), table).points == (5, 0)


# --- When the hand is over --------------------------------------------------------------------


def test_a_trick_after_a_side_wins_five_is_refused() -> None:
    with pytest.raises(AdjudicationError) as caught:
        check_hand(hand(4, [*PLAIN, ["KD", "2H", "JD", "JC"]]), Table(4))
    err = caught.value
    assert (err.code, err.field) == ("impossible_hand", "tricks[6]")
    assert str(err) == (
        "The hand was over after trick 6: Side 1 had won five tricks (8a). No trick follows."
    )


def test_a_trick_after_the_streak_broke_is_refused() -> None:
    with pytest.raises(AdjudicationError) as caught:
        check_hand(hand(4, [*MUK, ["KD", "2H", "JD", "JC"]], leader=0), Table(4))
    assert (caught.value.code, caught.value.field) == ("impossible_hand", "tricks[6]")
    assert "play stops at the first trick lost after a múk (A-5)" in caught.value.message


@pytest.mark.parametrize(
    ("tricks", "message"),
    [
        pytest.param(PLAIN[:5], "the tricks stand 4 to 1", id="8a-play-goes-on-until-five"),
        pytest.param(
            RUN[:6],
            "Side 1 won the first 6 tricks in a row: after a múk play goes on",
            id="A-5-play-goes-on-while-the-streak-lasts",
        ),
    ],
)
def test_a_hand_that_is_not_over_is_refused(tricks: list[list[str]], message: str) -> None:
    checked = check_hand(hand(4, tricks), Table(4))
    with pytest.raises(AdjudicationError) as caught:
        check_over(checked)
    assert (caught.value.code, caught.value.field) == ("incomplete_hand", "tricks")
    assert message in caught.value.message


def test_an_unfinished_trick_is_refused_unless_it_is_the_last_one_entered() -> None:
    tricks = [*PLAIN[:2], ["6D", "4D"], PLAIN[3]]
    with pytest.raises(AdjudicationError) as caught:
        check_hand(hand(4, tricks), Table(4))
    err = caught.value
    assert (err.code, err.field, err.seats) == ("incomplete_hand", "tricks[2]", (0, 1))
    assert str(err) == "Trick 3 is not finished: Seats 1 and 2 still to play."
    partial = check_hand(hand(4, [*PLAIN[:3], ["8C", "QD"]]), Table(4), unfinished=True)
    assert len(partial.results) == 3  # the unfinished trick is checked, not judged


# --- Plays refused in a hand ----------------------------------------------------------------


def test_the_winner_leads_the_next_trick() -> None:
    tricks = record(4, PLAIN[:2])
    tricks[1]["plays"] = [{**p, "seat": (p["seat"] + 1) % 4} for p in tricks[1]["plays"]]
    played = Hand(
        tuple(
            Trick(tuple(Play(p["seat"], parse_cards(p["cards"])) for p in t["plays"]))
            for t in tricks
        )
    )
    with pytest.raises(AdjudicationError) as caught:
        check_hand(played, Table(4))
    err = caught.value
    assert (err.code, err.field, err.seats) == ("out_of_turn", "tricks[1].plays[0].seat", (2, 1))
    assert (
        str(err)
        == "Seat 3 led trick 2 out of turn: the winner of the last trick, seat 2, leads the next."
    )


def test_the_dealers_left_leads_the_first_trick() -> None:
    with pytest.raises(AdjudicationError) as caught:
        check_hand(hand(4, PLAIN, dealer=0), Table(4))
    err = caught.value
    assert (err.code, err.field, err.seats) == ("out_of_turn", "tricks[0].plays[0].seat", (0, 1))
    assert str(err) == (
        "Seat 1 led the first trick out of turn: Seat 1 dealt, so seat 2, at their left, leads "
        "(A-6)."
    )
    check_hand(hand(4, PLAIN, dealer=3), Table(4))


def test_a_card_already_played_is_refused_with_the_trick_it_was_in() -> None:
    tricks = [PLAIN[0], ["4S", "JH", "2C", "AS"]]
    with pytest.raises(AdjudicationError) as caught:
        check_hand(hand(4, tricks), Table(4))
    err = caught.value
    assert (err.code, err.field, err.seats) == (
        "already_played",
        "tricks[1].plays[3].cards",
        (0, 1),
    )
    assert str(err) == (
        "The AS was already played in trick 1, by seat 2: each card is played once a hand."
    )


def test_a_7_led_at_the_first_trick_is_refused() -> None:
    with pytest.raises(AdjudicationError) as caught:
        check_hand(hand(4, [["7H", "AS", "3D", "QC"]], leader=2), Table(4))
    err = caught.value
    assert (err.code, err.field, err.seats) == (
        "seven_led_too_soon",
        "tricks[0].plays[0].cards",
        (2,),
    )


# --- The quick summary ------------------------------------------------------------------------

QUICK_REFUSALS = [
    pytest.param((4, 3), None, "incomplete_hand", "won", id="8a-nobody-has-five"),
    pytest.param((6, 4), None, "impossible_hand", "won", id="8a-nine-tricks-a-hand"),
    pytest.param((6, 2), None, "impossible_hand", "won", id="8a-play-stops-at-five"),
    pytest.param((5, 0), None, "impossible_hand", "first_five", id="8a-five-to-none-is-a-muk"),
    pytest.param((5, 2), 0, "impossible_hand", "won", id="A-5-play-stops-at-the-first-lost"),
    pytest.param((6, 0), 0, "incomplete_hand", "won", id="A-5-the-streak-goes-on"),
    pytest.param((5, 3), 1, "impossible_hand", "first_five", id="8a-the-muk-side-won"),
]


@pytest.mark.parametrize(("won", "first_five", "code", "field"), QUICK_REFUSALS)
def test_a_summary_that_cannot_end_a_hand_is_refused(
    won: tuple[int, int], first_five: int | None, code: str, field: str
) -> None:
    with pytest.raises(AdjudicationError) as caught:
        check_quick(QuickHand(won, first_five), Table(4))
    assert (caught.value.code, caught.value.field) == (code, field)
    assert caught.value.message.endswith(".")


def test_a_summary_refusal_names_the_side() -> None:
    with pytest.raises(AdjudicationError) as caught:
        check_quick(QuickHand((5, 0)), Table(2))
    assert str(caught.value) == (
        "5 tricks to none means seat 1 won the first five in a row (a múk): say so under the "
        "first five."
    )
