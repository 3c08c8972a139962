"""A Brus hand by its tricks: who opens each trick, 7s laid as tricks in order, the end at a
side's sixth trick or the last playable card, what a pass proves a seat did not hold, cards
noted as held, and every refusal with its field and seats (6a, BR-3, BR-4, BR-5, BR-8)."""

from __future__ import annotations

from typing import Any

import pytest

from adjudicator.cards import parse_cards
from adjudicator.errors import AdjudicationError
from adjudicator.said import Naming
from adjudicator.tricks.brus.hand import CheckedHand, Hand, check_hand, check_over
from adjudicator.tricks.brus.rules import Options, Table, play_out
from adjudicator.tricks.plays import Play, parse_tricks

NAMES = Naming(("Ann", "Ben", "Cy", "Di"), ((0, 2), (1, 3)))
SEED = Options()
MUST_BEAT = Options(must_beat=True)


def record(
    players: int,
    tricks: list[list[str]],
    *,
    leader: int = 0,
    held: dict[int, list[tuple[int, str]]] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """A hand's JSON record from its turns alone: each trick's turns in order from the seat on
    lead (``""`` a pass), the seats filled in, each trick opened by the winner of the one
    before (the first by ``leader``). ``held`` notes cards by trick index: ``{2: [(1, "AC")]}``.
    """
    table = Table(players)
    data: list[dict[str, Any]] = []
    for number, cards in enumerate(tricks):
        plays = [
            {"seat": (leader + step) % players, "cards": text} for step, text in enumerate(cards)
        ]
        entry: dict[str, Any] = {"plays": plays}
        if held and number in held:
            entry["held"] = [{"seat": s, "cards": c} for s, c in held[number]]
        data.append(entry)
        try:
            state = play_out([Play(p["seat"], parse_cards(p["cards"])) for p in plays], table)
        except AdjudicationError:
            continue  # an illegal trick, for a refusal: the next one opens as written
        if state.highest is not None:
            leader = state.plays[state.highest].seat
    return {"tricks": data, **extra}


def hand(data: dict[str, Any], players: int = 4) -> Hand:
    return Hand(parse_tricks(data["tricks"], players), data.get("dealer"), data.get("kc"))


def checked(data: dict[str, Any], players: int = 4, options: Options = SEED) -> CheckedHand:
    return check_hand(hand(data, players), Table(players), options)


def _check(data: dict[str, Any], players: int, options: Options, over: bool) -> None:
    result = checked(data, players, options)
    if over:
        check_over(result)


def refusal(
    data: dict[str, Any], players: int = 4, options: Options = SEED, *, over: bool = True
) -> AdjudicationError:
    with pytest.raises(AdjudicationError) as caught:
        _check(data, players, options, over)
    return caught.value


# Hands used below (seats in JSON, 0 to 3; sides 0 = seats 0 and 2, 1 = seats 1 and 3).
# Every playable card played in five tricks, side 1 three tricks to side 0's two.
PLAYED_OUT = [
    ["6D", "6H", "6S", "6C"],  # seat 3 wins
    ["JD", "JH", "JS", "AD"],  # seats 3, 0, 1, 2: seat 2 wins
    ["AH", "AS", "AC", "9D"],  # seat 1 wins
    ["9H", "9S", "9C", "KH"],  # seat 0 wins
    ["8S", "JC"],  # seat 1 wins with the last playable card: nobody else has a turn to take
]
# Both sides on five when the playable cards run out (BR-6).
BOTH_ON_FIVE = [
    ["6D", "6H", "6S", "6C"],  # seat 3
    ["7C 7S JD", "JH", "JS", "AD"],  # seat 3 lays two 7s; seat 2 wins
    ["7H 7D AH", "AS", "AC", "9D"],  # seat 2 lays two 7s; seat 1 wins
    ["9H", "9S", "9C", ""],  # seat 3 wins
    ["KH", "8S", "", ""],  # seat 0 wins
    ["JC", "", "", ""],  # seat 0 wins: the last playable card
]
# Jan: seat 0 lays all four 7s and takes two tricks, six before side 1 has one.
JAN = [["7C 7S 7H 7D JC", "", "", ""], ["8S", "", "", ""]]


# --- Tricks in order, 7s as tricks of their own --------------------------------------------------


def test_a_7_laid_is_a_trick_for_its_side_counted_before_the_card_trick() -> None:
    result = checked(record(4, [["7H 7S AD", "9D", "", ""]]))
    assert result.won() == (2, 1)
    assert [(u.side, u.seat, str(u.seven)) for u in result.units] == [
        (0, 0, "7H"),
        (0, 0, "7S"),
        (1, 1, "None"),
    ]
    assert not result.over


def test_jan_is_the_first_six_tricks_7s_included() -> None:
    result = checked(record(4, JAN))
    assert (result.won(), result.ended, result.jan) == ((6, 0), "six", 0)


def test_br_5_a_7_laid_by_the_other_side_first_breaks_jan() -> None:
    # Seat 1 lays the 7C on lead before seat 2 takes the first card trick.
    tricks = [["7C 6D", "JC", "", ""], ["8S", "", "", ""], ["KH", "", "", ""]]
    tricks += [["9C", "", "", ""], ["9S", "", "", ""], ["9H", "", "", ""]]
    result = checked(record(4, tricks, leader=1))
    assert result.won() == (6, 1)
    assert (result.ended, result.jan) == ("six", None)


def test_br_5_a_7_can_be_the_sixth_trick_and_the_hand_ends_there() -> None:
    tricks = [["JC", "", "", ""], ["8S", "", "", ""], ["KH", "", "", ""]]
    tricks += [["9C", "", "", ""], ["9S", "", "", ""], ["7C"]]
    result = checked(record(4, tricks))
    check_over(result)
    assert (result.won(), result.ended, result.ended_at, result.jan) == ((6, 0), "six", 5, 0)
    last = result.results[-1]
    assert last is not None and last.winner == 0 and last.rule == "BR-4"


def test_br_8_the_hand_is_over_when_the_last_playable_card_is_played() -> None:
    result = checked(record(4, PLAYED_OUT))
    check_over(result)
    assert (result.won(), result.ended, result.left) == ((2, 3), "played_out", ())


def test_br_8_the_last_trick_may_list_the_passes_after_the_last_card_or_not() -> None:
    with_passes = [*PLAYED_OUT[:-1], ["8S", "JC", "", ""]]
    assert checked(record(4, with_passes)).won() == checked(record(4, PLAYED_OUT)).won()


def test_the_dealer_s_left_opens_the_first_trick() -> None:
    assert checked(record(4, JAN, leader=2, dealer=1)).won() == (6, 0)
    err = refusal(record(4, JAN, leader=0, dealer=1), over=False)
    assert (err.code, err.field, err.seats) == ("out_of_turn", "tricks[0].plays[0].seat", (0, 2))
    assert err.named(NAMES) == (
        "Cy is on lead here, not Ann: Ben dealt, so the player at their left opens the first "
        "trick (6a)."
    )


def test_the_winner_opens_the_next_trick() -> None:
    data = record(4, [["9C", "JC", "", ""]])
    data["tricks"].append({"plays": [{"seat": 2, "cards": "6D"}]})
    err = refusal(data, over=False)
    assert (err.code, err.field, err.seats) == ("out_of_turn", "tricks[1].plays[0].seat", (2, 1))
    assert "won trick 1, so opens trick 2" in str(err)


def test_a_player_with_nothing_to_lead_passes_the_lead_left() -> None:
    result = checked(record(4, [["9C", "JC", "", ""], ["", "6D", "", ""]]))
    assert [r.winner for r in result.results if r is not None] == [1, 2]


# --- Refusals across the hand -------------------------------------------------------------------


def test_a_card_already_played_is_refused_with_where_it_went() -> None:
    err = refusal(record(4, [["9C", "JC", "", ""], ["9C"]], leader=0), over=False)
    assert (err.code, err.field, err.seats) == (
        "already_played",
        "tricks[1].plays[0].cards",
        (1, 0),
    )
    assert err.named(NAMES) == "The 9C was already played, in trick 1 by Ann."


def test_an_unplayable_card_is_refused_in_a_hand_too() -> None:
    err = refusal(record(4, [["9C", "", "QH"]]), over=False)
    assert (err.code, err.field, err.seats) == ("illegal_play", "tricks[0].plays[2].cards", (2,))


def test_a_trick_short_of_turns_before_the_next_is_refused() -> None:
    data = record(4, [["9C", "JC"], ["6D", "", "", ""]])
    err = refusal(data, over=False)
    assert (err.code, err.field, err.seats) == ("impossible_hand", "tricks[0].plays", (2, 3))
    assert err.named(NAMES) == (
        "Trick 1 is missing the turn of Cy and Di: every player plays or passes in turn (6a), a "
        "pass written with no cards."
    )


def test_nobody_leading_while_playable_cards_are_left_is_refused() -> None:
    err = refusal(record(4, [["", "", "", ""]]), over=False)
    assert (err.code, err.field) == ("impossible_hand", "tricks[0]")
    assert "18 playable cards are still in hand" in str(err)


def test_a_trick_after_a_side_s_sixth_is_refused() -> None:
    err = refusal(record(4, [*JAN, ["9C", "", "", ""]]))
    assert (err.code, err.field) == ("impossible_hand", "tricks[2]")
    assert (
        err.named(NAMES)
        == "The hand was over in trick 2: Ann and Cy's side had won six tricks (6a)."
    )


def test_a_trick_after_the_last_playable_card_is_refused() -> None:
    data = record(4, PLAYED_OUT)
    data["tricks"].append({"plays": [{"seat": 1, "cards": "7C"}]})
    err = refusal(data)
    assert (err.code, err.field) == ("impossible_hand", "tricks[5]")
    assert "7s still in hand count for nothing (BR-8)" in str(err)


def test_br_5_nothing_follows_the_7_that_is_the_sixth_trick() -> None:
    tricks = [["JC", "", "", ""], ["8S", "", "", ""], ["KH", "", "", ""]]
    tricks += [["9C", "", "", ""], ["9S", "", "", ""], ["7C 7S"]]
    err = refusal(record(4, tricks))
    assert (err.code, err.field, err.seats, err.cards) == (
        "impossible_hand",
        "tricks[5].plays[0].cards",
        (0,),
        ("7S",),
    )
    moved = [*tricks[:-1], ["7C", ""]]
    err = refusal(record(4, moved))
    assert (err.code, err.field) == ("impossible_hand", "tricks[5].plays[1].seat")


def test_a_hand_not_over_is_refused_as_incomplete() -> None:
    err = refusal(record(4, PLAYED_OUT[:3]))
    assert (err.code, err.field) == ("incomplete_hand", "tricks")
    assert "6 playable cards are still in hand (JC 8S KH 9C 9S 9H)" in str(err)


def test_a_last_trick_still_being_played_is_refused_as_incomplete() -> None:
    err = refusal(record(4, [["9C", "JC"]]))
    assert (err.code, err.field, err.seats) == ("incomplete_hand", "tricks[0].plays", (2,))


def test_a_trick_with_no_turns_is_refused() -> None:
    err = refusal({"tricks": [{"plays": []}]}, over=False)
    assert (err.code, err.field) == ("bad_entry", "tricks[0].plays")


# --- What a pass proves -----------------------------------------------------------------------


def test_a_seat_that_passed_the_lead_cannot_play_a_card_later() -> None:
    # Seat 0 wins trick 1, passes the lead in trick 2, then plays the 8S in trick 3.
    data = record(4, [["JC", "", "", ""], ["", "9C", "", ""], ["AD", "", "", "8S"]])
    err = refusal(data, over=False)
    assert (err.code, err.field, err.seats) == ("illegal_play", "tricks[2].plays[3].cards", (0,))
    assert err.named(NAMES) == (
        "Ann had nothing to lead in trick 2 (the lead passed on), so held no playable card from "
        "then on, yet plays the 8S (Dull) here (6a)."
    )


@pytest.mark.parametrize(
    ("options", "refused"),
    [
        pytest.param(SEED, False, id="BR-3-seed-may-pass-holding-a-higher-card"),
        pytest.param(MUST_BEAT, True, id="BR-3-must-beat-a-later-card-proves-the-pass-illegal"),
    ],
)
def test_br_3_a_pass_over_a_card_then_a_higher_card_later(options: Options, refused: bool) -> None:
    # Seat 1 passes over the AD in trick 1, then beats the AH with the 9C in trick 2.
    data = record(4, [["AD", "", "9D", ""], ["AH", "", "", "9C"]])
    if not refused:
        assert checked(data, options=options).won() == (1, 1)
        return
    err = refusal(data, options=options, over=False)
    assert (err.code, err.field, err.seats) == ("compulsory_play", "tricks[1].plays[3].cards", (1,))
    assert err.named(NAMES) == (
        "Ben passed over the AD in trick 1 while holding the 9C (played here): under the house "
        "rule Must beat, a player who can beat must (BR-3)."
    )


def test_br_3_must_beat_a_lower_card_later_is_no_proof() -> None:
    data = record(4, [["9D", "", "", ""], ["AH", "", "", ""], ["6D", "JD", "", ""]])
    assert checked(data, options=MUST_BEAT).won() == (2, 1)


# --- Cards noted as held -------------------------------------------------------------------------


def test_br_3_must_beat_a_card_noted_held_refuses_the_pass_in_that_trick() -> None:
    data = record(4, [["9D", "", "", ""]], held={0: [(1, "9C")]})
    err = refusal(data, options=MUST_BEAT, over=False)
    assert (err.code, err.field, err.seats) == ("compulsory_play", "tricks[0].held[0].cards", (1,))
    assert checked(data).won() == (1, 0)  # without the house rule, a pass is free


def test_a_card_noted_held_earlier_refuses_a_later_lead_pass() -> None:
    data = record(4, [["9C", "JC", "", ""], ["", "6D", "", ""]], held={0: [(1, "AC")]})
    err = refusal(data, over=False)
    assert (err.code, err.field, err.seats) == ("illegal_play", "tricks[1].plays[0].cards", (1,))
    assert "recorded holding the AC (trick 1)" in str(err)


def test_a_card_noted_held_after_a_lead_pass_is_refused() -> None:
    data = record(4, [["9C", "JC", "", ""], ["", "6D", "", ""]], held={1: [(1, "AC")]})
    err = refusal(data, over=False)
    assert (err.code, err.field, err.seats) == ("illegal_play", "tricks[1].held[0].cards", (1,))


def test_a_card_noted_held_after_it_was_played_is_refused() -> None:
    data = record(4, [["9C", "JC", "", ""], ["6D", "", "", ""]], held={1: [(3, "9C")]})
    err = refusal(data, over=False)
    assert (err.code, err.field, err.seats) == (
        "impossible_hand",
        "tricks[1].held[0].cards",
        (3, 0),
    )


def test_a_card_noted_held_by_one_seat_cannot_be_played_by_another() -> None:
    data = record(4, [["9D", "", "", ""], ["6D", "9C", "", ""]], held={0: [(2, "9C")]})
    err = refusal(data, over=False)
    assert (err.code, err.field, err.seats) == (
        "impossible_hand",
        "tricks[1].plays[1].cards",
        (1, 2),
    )


def test_a_card_noted_held_by_two_seats_is_refused() -> None:
    data = record(4, [["9D", "", "", ""]], held={0: [(1, "KC"), (2, "KC")]})
    err = refusal(data, over=False)
    assert (err.code, err.field, err.seats) == (
        "impossible_hand",
        "tricks[0].held[1].cards",
        (2, 1),
    )


def test_the_kc_noted_held_must_agree_with_the_kc_side() -> None:
    data = record(4, [["9D", "", "", ""]], held={0: [(1, "KC")]}, kc=0)
    err = refusal(data, over=False)
    assert (err.code, err.field, err.seats) == ("impossible_hand", "tricks[0].held[0].cards", (1,))


def test_the_kc_noted_held_names_its_side() -> None:
    data = record(4, PLAYED_OUT, held={2: [(3, "KC")]})
    assert checked(data).kc == 1


def test_a_card_noted_held_that_the_seat_plays_later_is_fine() -> None:
    data = record(4, [["9D", "", "", ""], ["6D", "", "AS", ""]], held={0: [(2, "AS")]})
    assert checked(data).won() == (2, 0)


def test_a_7_noted_held_by_one_seat_cannot_be_laid_by_another() -> None:
    data = record(4, [["9D", "", "", ""], ["7H 6D", "", "", ""]], held={0: [(3, "7H")]})
    err = refusal(data, over=False)
    assert (err.code, err.field, err.seats) == (
        "impossible_hand",
        "tricks[1].plays[0].cards",
        (0, 3),
    )
    assert err.named(NAMES) == "Di is recorded holding the 7H in trick 1, so Ann cannot play it."
