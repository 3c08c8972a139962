"""Treikort: the pack, who wins a trick (ruling 9a, T-1), and the plays a hand refuses."""

from __future__ import annotations

import itertools
import json

import pytest

from adjudicator.cards import TREIKORT, Card, parse_cards
from adjudicator.errors import AdjudicationError
from adjudicator.tricks.plays import Trick, parse_trick, parse_tricks
from adjudicator.tricks.treikort import Hand, check_hand, judge_trick
from adjudicator.tricks.treikort.sample import sample_hand


def trick(*cards: str, leader: int = 0) -> Trick:
    """Plays in turn round the table from ``leader``."""
    plays = [{"seat": (leader + i) % 3, "cards": c} for i, c in enumerate(cards)]
    return parse_trick({"plays": plays}, 3)


# Ruling 9a, written out here from the rulings (not read from the module), high to low.
TIERS = [
    ["QC"],
    ["2S"],
    ["KD"],
    ["2H"],
    ["4C"],
    ["8S"],
    ["9H"],
    ["9D"],
    ["AS", "AH", "AD", "AC"],
    ["JS", "JH", "JD", "JC"],
    ["6S", "6H", "6D", "6C"],
    ["8C", "8H", "8D"],
]
TIER = {card: number for number, tier in enumerate(TIERS, start=1) for card in tier}
SEVENS = ["7S", "7H", "7D", "7C"]


def test_the_pack_is_the_27_cards_of_9a_with_the_8d_for_each_of_diamonds() -> None:
    # T-1: the seed's "each of diamonds" is the 8D.
    expected = [card for tier in TIERS for card in tier] + SEVENS
    assert len(TREIKORT) == 27
    assert sorted(map(str, TREIKORT)) == sorted(expected)
    assert Card.parse("8D") in TREIKORT
    assert all(Card.parse(c) not in TREIKORT for c in ("KS", "QH", "2C", "10S", "5H", "3D"))


@pytest.mark.parametrize(
    ("higher", "lower"),
    [
        pytest.param(h, lo, id=f"9a-tier{TIER[h]}-{h}-over-tier{TIER[lo]}-{lo}")
        for upper, under in itertools.pairwise(TIERS)
        for h, lo in [(upper[-1], under[0])]
    ],
)
def test_each_tier_beats_the_next_led_or_following(higher: str, lower: str) -> None:
    # The third card, a 7 not led, never wins.
    assert judge_trick(trick(lower, higher, "7C")).play == 1
    assert judge_trick(trick(higher, lower, "7C")).play == 0


@pytest.mark.parametrize(
    "cards",
    [pytest.param(tier, id=f"9a-tier{TIER[tier[0]]}-equal") for tier in TIERS if len(tier) > 1],
)
def test_equal_cards_go_to_the_first_played(cards: list[str]) -> None:
    for first, second in itertools.permutations(cards, 2):
        low = "7H" if "7H" not in (first, second) else "7S"
        result = judge_trick(trick(first, second, low))
        assert (result.play, result.winner) == (0, 0)
        assert "only tied it, and the first played wins (9a)" in result.reason
        if "8C" in cards:
            continue  # nothing but a 7 ranks below the low 8s, and a led 7 wins
        # The first of two equal cards wins even when neither led.
        result = judge_trick(trick("8C", first, second))
        assert result.play == 1
        assert result.reason == (
            f"the {first} beats the 8C: the {second} after it only tied it, and the first played "
            "wins (9a)"
        )


@pytest.mark.parametrize(
    ("cards", "play", "reason"),
    [
        pytest.param(
            ("7H", "QC", "2S"),
            0,
            "a led 7 wins the trick, whatever else is played (9a)",
            id="9a-a-led-7-beats-the-QC",
        ),
        pytest.param(
            ("7H", "7S", "7C"),
            0,
            "a led 7 wins the trick, whatever else is played (9a)",
            id="9a-a-led-7-beats-later-7s",
        ),
        pytest.param(
            ("8C", "7S", "7H"),
            0,
            "the 8C led and nothing beat it: a 7 not led never wins (9a)",
            id="9a-7s-not-led-never-win-even-over-the-lowest",
        ),
        pytest.param(
            ("8C", "7S", "6D"),
            2,
            "the 6D beats the 8C (9a)",
            id="9a-a-7-not-led-is-passed-over",
        ),
        pytest.param(
            ("9D", "KD", "2S"),
            2,
            "the 2S beats the KD (9a)",
            id="9a-each-beats-the-one-before",
        ),
        pytest.param(
            ("QC", "2S", "7D"),
            0,
            "the QC led and nothing beat it (9a)",
            id="9a-the-QC-is-highest",
        ),
        pytest.param(
            ("8S", "AH", "AS"),
            0,
            "the 8S led and nothing beat it (9a)",
            id="9a-8S-above-the-Aces",
        ),
        pytest.param(
            ("6C", "AS", "AH"),
            1,
            "the AS beats the 6C: the AH after it only tied it, and the first played wins (9a)",
            id="9a-ties-to-the-first-played-after-a-take",
        ),
        pytest.param(
            ("JC", "JD", "JH"),
            0,
            "the JC led and nothing beat it: the JD and the JH only tied it, and the first "
            "played wins (9a)",
            id="9a-three-equal-Jacks",
        ),
    ],
)
def test_who_wins_and_why(cards: tuple[str, ...], play: int, reason: str) -> None:
    result = judge_trick(trick(*cards, leader=1))
    assert (result.play, result.winner, result.reason, result.rule) == (
        play,
        (1 + play) % 3,
        reason,
        "9a",
    )
    assert len(result.steps) == 3
    assert result.standing[-1] == play


def test_each_step_names_its_seat() -> None:
    result = judge_trick(trick("9D", "7S", "KD", leader=2))
    assert [str(step) for step in result.steps] == [
        "Seat 3 led the 9D",
        "Seat 1 played the 7S: a 7 not led never wins (9a)",
        "Seat 2 played the KD: it beats the 9D (9a)",
    ]


# --- A hand's plays refused ---------------------------------------------------------------------


def hand(tricks: list[list[str]], *, leader: int = 0, dealer: int | None = None) -> Hand:
    """A hand from its cards alone: seats in turn, each trick led by the last one's winner."""
    data = []
    for number, cards in enumerate(tricks):
        plays = [{"seat": (leader + i) % 3, "cards": c} for i, c in enumerate(cards)]
        data.append({"plays": plays})
        if number < len(tricks) - 1:
            leader = judge_trick(parse_trick({"plays": plays}, 3)).winner
    return Hand(parse_tricks(data, 3), dealer)


def raw_hand(tricks: list[list[tuple[int, str]]], dealer: int | None = None) -> Hand:
    data = [{"plays": [{"seat": s, "cards": c} for s, c in plays]} for plays in tricks]
    return Hand(parse_tricks(data, 3), dealer)


WON_ONE = [["AS", "8C", "8H"]]  # seat 1 leads and wins trick 1

ILLEGAL = [
    pytest.param(
        hand([["7H", "AS", "8C"]]),
        "illegal_play",
        "tricks[0].plays[0].cards",
        (0,),
        "Seat 1 may not lead the 7H: a 7 may be led only by a player who has already won a "
        "trick this hand (9a).",
        id="9a-no-7-led-before-winning-a-trick",
    ),
    pytest.param(
        raw_hand([[(0, "AS"), (1, "8C"), (2, "8H")], [(1, "7H")]]),
        "out_of_turn",
        "tricks[1].plays[0].seat",
        (1, 0),
        "Seat 2 led trick 2 out of turn: the winner of trick 1, seat 1, leads the next.",
        id="9a-the-winner-leads-the-next",
    ),
    pytest.param(
        raw_hand([[(1, "AS")]], dealer=1),
        "out_of_turn",
        "tricks[0].plays[0].seat",
        (1, 2),
        "Seat 2 led the first trick out of turn: the dealer was seat 2, so seat 3, at their left, "
        "leads.",
        id="9a-the-dealers-left-leads",
    ),
    pytest.param(
        raw_hand([[(0, "AS"), (2, "8C")]]),
        "out_of_turn",
        "tricks[0].plays[1].seat",
        (2, 1),
        "Seat 3 played out of turn: after seat 1 led, it was seat 2's turn.",
        id="9a-round-the-table",
    ),
    pytest.param(
        hand([*WON_ONE, ["AS", "6C", "6D"]]),
        "already_played",
        "tricks[1].plays[0].cards",
        (0,),
        "The AS was already played in trick 1, by seat 1: each card is played once a hand.",
        id="a-card-already-played",
    ),
    pytest.param(
        hand([["AS", "AS", "6D"]]),
        "already_played",
        "tricks[0].plays[1].cards",
        (1, 0),
        "The AS was already played earlier in this trick, by seat 1: each card is played once "
        "a hand.",
        id="a-card-twice-in-a-trick",
    ),
    pytest.param(
        hand([["AS", "KS", "6D"]]),
        "not_in_pack",
        "tricks[0].plays[1].cards",
        (1,),
        "KS is not in the 27-card Treikort pack.",
        id="9a-a-card-not-in-the-pack",
    ),
    pytest.param(
        hand([["AS", "", "6D"]]),
        "illegal_play",
        "tricks[0].plays[1].cards",
        (1,),
        "Seat 2 must play a card: Treikort has no passing.",
        id="no-passing",
    ),
    pytest.param(
        hand([["AS", "6C 6D", "6H"]]),
        "illegal_play",
        "tricks[0].plays[1].cards",
        (1,),
        "Seat 2 played 2 cards: each player plays one card to a trick.",
        id="one-card-a-play",
    ),
    pytest.param(
        hand([["AS", "6C", "6H", "6D"]]),
        "illegal_play",
        "tricks[0].plays[3]",
        (0,),
        "Trick 1 has 4 plays: each of the 3 players plays once.",
        id="a-play-too-many",
    ),
    pytest.param(
        hand([["AS", "6C"], ["8C", "8H", "8D"]]),
        "illegal_play",
        "tricks[0].plays",
        (2,),
        "Trick 1 has only 2 of its 3 plays, with seat 3 still to play.",
        id="a-trick-short-of-plays",
    ),
    pytest.param(
        Hand(
            parse_tricks(
                [{"plays": [{"seat": 0, "cards": "AS"}], "held": [{"seat": 1, "cards": "QC"}]}], 3
            )
        ),
        "bad_entry",
        "tricks[0].held",
        (1,),
        "Treikort has no compulsory play, so no card needs noting as held.",
        id="nothing-is-noted-as-held",
    ),
    pytest.param(
        hand(WON_ONE),
        "incomplete_hand",
        "tricks",
        (),
        "A hand is over once all 9 tricks are played; 1 is recorded. Record the rest, or record "
        "the hand quickly (tricks won by each player).",
        id="9a-a-hand-is-nine-tricks",
    ),
]


@pytest.mark.parametrize(("record", "code", "field", "seats", "message"), ILLEGAL)
def test_a_hand_refuses_illegal_plays(
    record: Hand, code: str, field: str, seats: tuple[int, ...], message: str
) -> None:
    with pytest.raises(AdjudicationError) as caught:
        check_hand(record)
    err = caught.value
    assert (err.code, err.field, err.seats, str(err.message)) == (code, field, seats, message)
    json.dumps(err.as_dict())


def test_a_7_may_be_led_once_the_leader_has_won_a_trick() -> None:
    # Seat 1 wins trick 1 with the AS, then leads the 7H, which wins over the QC.
    checked = check_hand(hand([*WON_ONE, ["7H", "QC", "2S"]]), complete=False)
    assert [r.winner for r in checked.results] == [0, 0]
    assert checked.won() == (2, 0, 0)


def test_an_unfinished_last_trick_is_judged_so_far_when_the_hand_may_be_unfinished() -> None:
    checked = check_hand(hand([*WON_ONE, ["6C", "JD"]]), complete=False)
    assert checked.results[-1].winner == 1
    assert checked.won() == (1, 0, 0)  # an unfinished trick is won by nobody yet
    assert not checked.complete


def test_a_whole_hand_played_by_the_rules_is_accepted() -> None:
    record = sample_hand(seed=11, dealer=1)
    checked = check_hand(Hand(parse_tricks(record["tricks"], 3), 1))
    assert checked.complete
    assert sum(checked.won()) == 9
    assert checked.hand.tricks[0].leader == 2  # the seat at the dealer's left


def test_sample_hands_deal_the_whole_pack_once() -> None:
    for seed in range(20):
        record = sample_hand(seed=seed)
        cards = [c for t in record["tricks"] for p in t["plays"] for c in parse_cards(p["cards"])]
        assert sorted(map(str, cards)) == sorted(map(str, TREIKORT))
