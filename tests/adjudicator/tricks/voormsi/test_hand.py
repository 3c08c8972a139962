"""Voormsi: a hand's plays checked trick by trick (turn order, cards played once, the
compulsory play, what a seat held), and its capture events read from the tricks."""

from __future__ import annotations

from typing import Any

import pytest

from adjudicator.errors import AdjudicationError
from adjudicator.tricks.voormsi import (
    DEFAULTS,
    Hand,
    Options,
    Table,
    check_hand,
    parse_hand,
    score_hand,
)
from tests.adjudicator.tricks.voormsi.simulate import record

WHOLE = Options(whole_pack=True)


def checked(
    players: int, tricks: list[list[str]], options: Options = DEFAULTS, **extra: Any
) -> Hand:
    """Read and check a hand that may still be in play."""
    hand = parse_hand(
        record(players, tricks, options=options, **extra), players, options, over=False
    )
    assert isinstance(hand, Hand)
    return hand


def refusal(
    players: int,
    tricks: list[list[str]] | dict[str, Any],
    options: Options = DEFAULTS,
    **extra: Any,
) -> AdjudicationError:
    data = tricks if isinstance(tricks, dict) else record(players, tricks, options=options, **extra)
    with pytest.raises(AdjudicationError) as caught:
        parse_hand(data, players, options, over=False)
    return caught.value


def lines(
    players: int, tricks: list[list[str]], options: Options = DEFAULTS, **extra: Any
) -> list[tuple[int, int, str]]:
    hand = parse_hand(record(players, tricks, options=options, **extra), players, options)
    score = score_hand(hand, Table.for_players(players, options), options)
    return [(line.side, line.points, line.text) for line in score.lines if line.event]


# --- Turn order ------------------------------------------------------------------------------


def test_the_winner_of_a_trick_leads_the_next() -> None:
    data = record(4, [["9C", "5D", "8S", "6D"]])  # seat 3 wins with the 8S
    data["tricks"].append(
        {
            "plays": [
                {"seat": s, "cards": c} for s, c in [(0, "AC"), (1, "AS"), (2, "AH"), (3, "AD")]
            ]
        }
    )
    err = refusal(4, data)
    assert (err.code, err.field, err.seats) == ("out_of_turn", "tricks[1].plays[0].seat", (0, 2))
    assert err.message == (
        "Seat 1 led trick 2 out of turn: the winner of the last trick leads the next, seat 3."
    )


def test_the_seat_at_the_dealers_left_leads_the_first_trick() -> None:
    err = refusal(4, [["9C", "5D", "8S", "6D"]], leader=1, dealer=3)
    assert (err.code, err.field, err.seats) == ("out_of_turn", "tricks[0].plays[0].seat", (1, 0))
    assert "seat 4 dealt, so the seat at their left leads" in err.message
    assert checked(4, [["9C", "5D", "8S", "6D"]], leader=0, dealer=3).dealer == 3


def test_in_a_trick_the_plays_go_round_the_table() -> None:
    data = {
        "tricks": [
            {
                "plays": [
                    {"seat": s, "cards": c} for s, c in [(1, "9C"), (3, "5D"), (2, "8S"), (0, "6D")]
                ]
            }
        ]
    }
    err = refusal(4, data)
    assert (err.code, err.field, err.seats) == ("out_of_turn", "tricks[0].plays[1].seat", (3, 2))


def test_two_players_lead_and_follow_twice() -> None:
    hand = checked(2, [["9C", "5D", "8S", "6D"], ["AC", "AS", "AH", "AD"]])
    assert [t.leader for t in hand.tricks] == [0, 0]
    assert [p.seat for p in hand.tricks[0].plays] == [0, 1, 0, 1]


# --- Cards played once; hands that run short ---------------------------------------------------


def test_a_card_is_played_once_a_hand() -> None:
    err = refusal(4, [["9C", "5D", "8S", "6D"], ["AC", "AS", "5D", "AD"]])
    assert (err.code, err.field, err.seats) == (
        "already_played",
        "tricks[1].plays[2].cards",
        (0, 1),
    )
    assert err.message == (
        "5D was already played in trick 1, by seat 2: each card is played once a hand."
    )
    assert err.cards == ("5D",)


def test_a_card_outside_the_voormsi_pack() -> None:
    plays = [{"seat": s, "cards": c} for s, c in enumerate(["9C", "5D", "10H", "6D"])]
    err = refusal(4, {"tricks": [{"plays": plays}]})
    assert (err.code, err.field, err.seats) == ("not_in_pack", "tricks[0].plays[2].cards", (2,))
    assert err.message == "10H is not in the 36-card Voormsi pack."


def test_nobody_leads_more_cards_than_they_hold() -> None:
    # Four each and a stock of 20: five single tricks empty it; a triple leaves one card each.
    tricks = [
        ["9H", "8C", "8H", "8D"],
        ["9D", "QD", "5D", "6D"],
        ["AD", "JS", "JH", "JD"],
        ["8S", "7C", "7S", "7H"],
        ["KC", "KS", "7D", "3D"],
        ["AC AS AH", "6C 6S 6H", "5C 5S 5H", "QC QS QH"],
        # Only 9C 9S KH JC are left, one card each: AC AS and QD 5D are never reached.
        ["9C 9S", "KH JC", "AC AS", "QD 5D"],
    ]
    data = record(4, tricks)
    leader = data["tricks"][6]["plays"][0]["seat"]
    err = refusal(4, data)
    assert (err.code, err.field, err.seats) == (
        "illegal_play",
        "tricks[6].plays[0].cards",
        (leader,),
    )
    assert err.message == (
        f"Each player holds only 1 card at trick 7 (the stock is used up), so seat {leader + 1} "
        "cannot lead 2."
    )


# --- The compulsory play (V-4) -------------------------------------------------------------


def test_holding_the_kh_you_must_play_it_onto_an_opponents_winning_jc() -> None:
    # Whole pack dealt: the KH seat 2 plays in trick 2 was in their hand at trick 1.
    tricks = [["JC", "5D", "6D", "8D"], ["9D", "KH", "5C", "6C"]]
    err = refusal(4, tricks, WHOLE)
    assert (err.code, err.field, err.seats, err.cards) == (
        "compulsory_play",
        "tricks[0].plays[1].cards",
        (1,),
        ("KH",),
    )
    assert err.message == (
        "Seat 2 had to play the KH to trick 1: seat 1 was winning it with the JC, and you must "
        "play the KH onto an opponent's winning JC (V-4). They held it: seat 2 plays it in "
        "trick 2, and nobody draws."
    )


def test_with_a_stock_a_later_kh_may_have_been_drawn() -> None:
    tricks = [["JC", "5D", "6D", "8D"], ["9D", "KH", "5C", "6C"]]
    assert len(checked(4, tricks).tricks) == 2


def test_a_held_note_proves_the_kh_was_in_hand() -> None:
    data = record(4, [["JC", "5D", "6D", "8D"]])
    data["tricks"][0]["held"] = [{"seat": 1, "cards": "KH"}]
    err = refusal(4, data)
    assert (err.code, err.field, err.seats) == ("compulsory_play", "tricks[0].plays[1].cards", (1,))
    assert err.message.endswith("They held it: seat 2 is recorded holding it at trick 1.")


def test_once_the_stock_is_empty_a_later_play_proves_the_card_was_held() -> None:
    singles = [
        ["9H", "8C", "8H", "8D"],
        ["9D", "QD", "5D", "6D"],
        ["AD", "JS", "JH", "JD"],
        ["8S", "7C", "7S", "7H"],
        ["AC", "KS", "7D", "QC"],
    ]
    # Trick 6 starts with the stock empty: the seat after the JC plays the KH only in trick 7.
    hand = record(4, singles)
    leader = hand["tricks"][-1]["plays"][0]["seat"]  # AC led and won
    data = record(4, [*singles, ["JC", "5C", "6C", "5S"], ["9C", "KH", "6S", "QS"]], leader=0)
    assert data["tricks"][5]["plays"][0]["seat"] == leader
    err = refusal(4, data)
    assert (err.code, err.field) == ("compulsory_play", "tricks[5].plays[1].cards")
    assert err.message.endswith("plays it in trick 7, and nobody draws from trick 6 on.")


def test_the_jc_players_partner_need_not_play_the_kh() -> None:
    assert checked(4, [["JC", "5D", "6D", "8D"], ["9D", "5C", "KH", "6C"]], WHOLE)


def test_no_obligation_once_the_jc_is_beaten() -> None:
    # The 3D took the JC's trick: the KH need not come.
    assert checked(4, [["JC", "3D", "6D", "8D"], ["9D", "5C", "6C", "KH"]], WHOLE)


def test_at_two_players_the_kh_may_come_with_the_second_play() -> None:
    assert checked(2, [["JC", "5D", "6D", "KH"]], WHOLE)
    err = refusal(2, [["JC", "5D", "6D", "6C"], ["9D", "KH", "5C", "8D"]], WHOLE)
    assert (err.code, err.field, err.seats) == ("compulsory_play", "tricks[0].plays[1].cards", (1,))


def test_parlett_the_jc_must_come_onto_an_opponents_winning_kh() -> None:
    parlett = Options(whole_pack=True, forced_play="parlett")
    tricks = [["KH", "5D", "6D", "8D"], ["9D", "JC", "5C", "6C"]]
    assert checked(4, tricks, WHOLE)  # the seed's rule says nothing here
    err = refusal(4, tricks, parlett)
    assert (err.code, err.field, err.seats, err.cards) == (
        "compulsory_play",
        "tricks[0].plays[1].cards",
        (1,),
        ("JC",),
    )
    # Issue 27: the house rule by its label on the house-rules page, not its key.
    assert (
        '(house rule "Holding the JC, play it onto an opponent\'s winning KH (Parlett)") (V-4)'
        in err.message
    )


# --- What the record says a seat held -------------------------------------------------------


@pytest.mark.parametrize(
    ("held", "seat", "message"),
    [
        pytest.param(
            [{"seat": 1, "cards": "9C"}], 1, "it was played in trick 1", id="played-already"
        ),
        pytest.param(
            [{"seat": 1, "cards": "AS"}],
            1,
            "seat 1 plays it in trick 2",
            id="someone-else-plays-it",
        ),
        pytest.param(
            [{"seat": 0, "cards": "AS"}],
            0,
            "it is played to this trick (held lists only cards kept in hand)",
            id="played-to-this-trick",
        ),
    ],
)
def test_a_held_note_the_record_contradicts(
    held: list[dict[str, Any]], seat: int, message: str
) -> None:
    data = record(4, [["9C", "5D", "8S", "6D"], ["AC", "AS", "AH", "AD"]], leader=1)
    data["tricks"][1]["held"] = held
    err = refusal(4, data)
    assert (err.code, err.field, err.seats) == (
        "impossible_hand",
        "tricks[1].held[0].cards",
        (seat,),
    )
    assert err.message.endswith(f"{message}.")


def test_two_seats_cannot_hold_the_same_card() -> None:
    data = record(4, [["9C", "5D", "8S", "6D"], ["AC", "AS", "AH", "AD"]], leader=1)
    data["tricks"][0]["held"] = [{"seat": 0, "cards": "KH"}]
    data["tricks"][1]["held"] = [{"seat": 2, "cards": "KH"}]
    err = refusal(4, data)
    assert (err.code, err.field) == ("impossible_hand", "tricks[0].held[0].cards")
    assert err.message.endswith("seat 3 is recorded holding it at trick 2.")


def test_a_seat_holds_at_most_four_cards_with_a_stock() -> None:
    data = record(4, [["9C", "5D", "8S", "6D"]])
    data["tricks"][0]["held"] = [{"seat": 0, "cards": "KH JC 3D 9D"}]
    err = refusal(4, data)
    assert (err.code, err.field, err.seats) == ("impossible_hand", "tricks[0].held[0].cards", (0,))


def test_held_notes_for_one_seat_add_up() -> None:
    data = record(4, [["9C", "5D", "8S", "6D"]])
    data["tricks"][0]["held"] = [{"seat": 0, "cards": "KH JC"}, {"seat": 0, "cards": "3D 9D"}]
    err = refusal(4, data)
    assert (err.code, err.field, err.seats) == ("impossible_hand", "tricks[0].held[1].cards", (0,))
    assert err.message == (
        "Seat 1 holds 4 cards at trick 1 and plays 1, so cannot also have held 4 more."
    )


def test_held_cards_must_be_in_the_pack() -> None:
    data = record(4, [["9C", "5D", "8S", "6D"]])
    data["tricks"][0]["held"] = [{"seat": 3, "cards": "2H"}]
    err = refusal(4, data)
    assert (err.code, err.field, err.seats) == ("not_in_pack", "tricks[0].held[0].cards", (3,))


# --- Capture events from the tricks (7a, V-14, V-16, V-20) ------------------------------------
# Each hand is stopped by a call from the side that lost the last trick, so it scores.


@pytest.mark.parametrize(
    ("players", "tricks", "options", "call", "events"),
    [
        pytest.param(
            4,
            [["9C", "5D", "KH", "6D"]],
            Options(),
            1,
            [(0, 1, "simple capture in trick 1: seat 3 won it with the KH: +1 (7a)")],
            id="7a-simple-capture",
        ),
        pytest.param(
            4,
            [["9C", "5D", "6D", "KH"]],
            Options(),
            0,
            [
                (
                    1,
                    0,
                    "simple capture in trick 1: seat 4 won it with the KH, but the KH was the last card played: no point (7a)",
                )
            ],
            id="7a-simple-i-kh-last",
        ),
        pytest.param(
            4,
            [["9C", "JC", "5D", "6D"], ["8D", "KH", "5C", "6C"]],
            Options(),
            1,
            [
                (
                    0,
                    0,
                    "simple capture in trick 2: seat 3 won it with the KH, but the JC was played in trick 1: no point (7a)",
                )
            ],
            id="7a-simple-ii-jc-before",
        ),
        pytest.param(
            4,
            [["9C", "5D", "KH", "6D"], ["JC", "5C", "6C", "8D"]],
            WHOLE,
            1,
            [
                (
                    0,
                    0,
                    "simple capture in trick 1: seat 3 won it with the KH, but they held the JC too (seat 3 plays it in trick 2, and nobody draws): no point (7a)",
                )
            ],
            id="7a-simple-iii-jc-in-hand",
        ),
        pytest.param(
            4,
            [["9C", "5D", "KH", "6D"], ["JC", "5C", "6C", "8D"]],
            Options(),
            1,
            [
                (
                    0,
                    1,
                    "simple capture in trick 1: seat 3 won it with the KH: +1 (seat 3 plays the JC in trick 2 but may have drawn it since; if they held it here, record it under held and the point goes) (7a)",
                )
            ],
            id="7a-simple-iii-unproven-with-a-stock",
        ),
        pytest.param(
            4,
            [["JC", "KH", "5D", "6D"]],
            Options(),
            0,
            [(1, 1, "simple capture in trick 1: seat 2 won it with the KH: +1 (V-14)")],
            id="V-14-kh-over-jc-in-the-same-trick",
        ),
        pytest.param(
            4,
            [["KH", "JC", "5D", "6D"]],
            Options(),
            0,
            [(1, 2, "JC capture in trick 1: seat 2's JC took seat 1's winning KH: +2 (7a)")],
            id="7a-jc-capture",
        ),
        pytest.param(
            4,
            [["KH", "3D", "5D", "6D"]],
            Options(),
            0,
            [(1, 1, "3D capture in trick 1: seat 2's 3D took the winning KH: +1 (7a)")],
            id="7a-3d-capture",
        ),
        pytest.param(
            4,
            [["JC", "KH", "3D", "6D"]],
            Options(),
            1,
            [(0, 1, "3D capture in trick 1: seat 3's 3D took the winning KH: +1 (7a)")],
            id="7a-3d-capture-kh-over-jc",
        ),
        pytest.param(
            4,
            [["KH", "JC", "3D", "6D"]],
            Options(),
            1,
            [
                (
                    0,
                    2,
                    "3D double capture in trick 1: seat 3's 3D took the winning JC after the KH was played: +2 (7a)",
                )
            ],
            id="7a-3d-double-capture",
        ),
        pytest.param(
            4,
            [["6C 6S", "KH 9C", "5D 5H", "QC QS"]],
            Options(),
            0,
            [(1, 1, "simple capture in trick 1: seat 2 won it with the KH: +1 (V-16)")],
            id="V-16-simple-capture-in-a-double",
        ),
        pytest.param(
            4,
            [["6C 6S", "KH 9C", "JC 8S", "QC QS"]],
            Options(),
            1,
            [(0, 2, "JC capture in trick 1: seat 3's JC took seat 2's winning KH: +2 (V-16)")],
            id="V-16-jc-capture-in-a-double",
        ),
        pytest.param(
            4,
            [["6C 6S", "5D 5H", "QC QS", "KH 9C"]],
            Options(),
            0,
            [
                (
                    1,
                    0,
                    "simple capture in trick 1: seat 4 won it with the KH, but the KH's play was the last card played: no point (V-16)",
                )
            ],
            id="V-16-kh-group-last",
        ),
        pytest.param(
            2,
            [["KH", "5D", "JC", "6D"], ["9C", "AS", "8S", "AD"]],
            WHOLE,
            1,
            [],
            id="V-20-own-jc-over-own-kh",
        ),
        pytest.param(
            2,
            [["JC", "5D", "KH", "6D"]],
            WHOLE,
            1,
            [
                (
                    0,
                    0,
                    "simple capture in trick 1: seat 1 won it with the KH, but they held the JC too (seat 1 plays it to this trick): no point (V-20)",
                )
            ],
            id="V-20-kh-and-jc-one-player",
        ),
        pytest.param(
            3,
            [["KH", "JC", "5D"]],
            Options(),
            0,
            [(1, 2, "JC capture in trick 1: seat 2's JC took seat 1's winning KH: +2 (7a)")],
            id="3-players-jc-capture",
        ),
    ],
)
def test_capture_events(
    players: int,
    tricks: list[list[str]],
    options: Options,
    call: int,
    events: list[tuple[int, int, str]],
) -> None:
    assert lines(players, tricks, options, call=call) == events


def test_a_partner_capture_ends_the_game() -> None:
    hand = parse_hand(record(4, [["KH", "5D", "JC", "6D"]]), 4)
    score = score_hand(hand, Table(4))
    assert (score.points, score.partner_capture) == ((0, 0), 0)
    assert score.explanation(0) == (
        "partner capture in trick 1: seat 3's JC took their partner seat 1's winning KH: "
        "seats 1 and 3 go back to 0 and the game ends, seats 2 and 4 winning",
    )


def test_no_trick_follows_a_partner_capture() -> None:
    err = refusal(4, [["KH", "5D", "JC", "6D"], ["9C", "5C", "6C", "8D"]], leader=0)
    assert (err.code, err.field) == ("impossible_hand", "tricks[1]")


def test_nothing_but_a_called_or_finished_hand_scores() -> None:
    with pytest.raises(AdjudicationError) as caught:
        parse_hand(record(4, [["9C", "5D", "8S", "6D"]]), 4)
    assert (caught.value.code, caught.value.field) == ("incomplete_hand", "tricks")
    assert caught.value.message == (
        "This hand has 1 of its 9 tricks: record the rest, or the call that stopped it."
    )
    assert check_hand(checked(4, [["9C", "5D", "8S", "6D"]]), Table(4)).complete is False


@pytest.mark.parametrize(
    ("tricks", "call", "message"),
    [
        pytest.param(
            [["9C", "5D", "8S", "6D"]],
            0,
            "Seats 1 and 3 won the last trick: a side may call only straight after losing a "
            "trick (V-10).",
            id="V-10-caller-won-the-last-trick",
        ),
        pytest.param(
            [["KH", "5D", "JC", "6D"]],
            1,
            "The game ended in trick 1 with a partner capture: nobody can call after it.",
            id="no-call-after-a-partner-capture",
        ),
        pytest.param(
            [],
            0,
            "A call stops a hand in the middle, not before the first trick (V-10).",
            id="V-10-no-trick",
        ),
    ],
)
def test_a_call_is_refused(tricks: list[list[str]], call: int, message: str) -> None:
    with pytest.raises(AdjudicationError) as caught:
        parse_hand(record(4, tricks, call=call), 4)
    err = caught.value
    assert (err.code, err.field, err.message) == ("illegal_call", "call", message)
    assert err.seats == Table(4).sides[call]
