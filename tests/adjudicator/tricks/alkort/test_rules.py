"""Alkort's ranking and who wins a trick (8a, A-1, A-2), one row per tier, special card and
house rule; and what a trick on its own may not be."""

from __future__ import annotations

import pytest

from adjudicator.cards import parse_cards
from adjudicator.errors import AdjudicationError
from adjudicator.tricks.alkort.rules import (
    LOWEST,
    PACK,
    RUBBISH,
    SEVENS,
    TIERS,
    Options,
    Table,
    check_lead,
    check_trick,
    judge_trick,
    power,
)
from adjudicator.tricks.plays import Play, Trick

DEFAULT = Options()
TWO_BEATS_THREE = Options(two_beats_three=True)


def trick(*cards: str, leader: int = 0, players: int = 4) -> Trick:
    """One card a seat, in turn from ``leader``."""
    order = Table(players).play_order(leader)
    return Trick(tuple(Play(s, parse_cards(c)) for s, c in zip(order, cards, strict=False)))


def winner(*cards: str, options: Options = DEFAULT, players: int = 4) -> int:
    """The index of the winning play (the leader is seat 0, so it is also the seat)."""
    return judge_trick(trick(*cards, players=players), options).play


def test_the_tables_cover_the_44_card_pack_once() -> None:
    cards = [c for tier in TIERS for c in tier] + list(RUBBISH) + list(LOWEST) + list(SEVENS)
    assert len(cards) == len(set(cards)) == len(PACK) == 44
    assert not {c for c in cards if c.rank.value in ("10", "5")}


# --- One row per tier: the higher beats the lower whichever is led ------------------------------

TIER_ROWS = [
    pytest.param("KD", "2H", id="8a-tier-1-KD-over-2H"),
    pytest.param("2H", "4C", id="8a-tier-2-2H-over-4C"),
    pytest.param("4C", "8S", id="8a-tier-3-4C-over-8S"),
    pytest.param("8S", "9H", id="8a-tier-4-8S-over-9H"),
    pytest.param("9H", "9D", id="8a-tier-5-9H-over-9D"),
    pytest.param("9D", "AC", id="8a-tier-6-9D-over-the-Aces"),
    pytest.param("AS", "JD", id="8a-tier-7-Aces-over-Jacks"),
    pytest.param("JH", "6C", id="8a-tier-8-Jacks-over-6s"),
    pytest.param("6D", "8H", id="8a-tier-9-6s-over-low-8s"),
    pytest.param("8C", "9S", id="8a-tier-10-low-8s-over-rubbish"),
    pytest.param("8D", "KS", id="8a-tier-10-low-8s-over-the-lowest-rubbish"),
]


@pytest.mark.parametrize(("high", "low"), TIER_ROWS)
def test_a_higher_tier_beats_a_lower_one_led_or_following(high: str, low: str) -> None:
    # The two other cards are rubbish that cannot take anything here.
    assert winner(low, "4S", high, "4H") == 2
    assert winner(high, "4S", low, "4H") == 0


@pytest.mark.parametrize("tier", ["AC AS AH AD", "JC JS JH JD", "6C 6S 6H 6D", "8C 8H 8D"])
def test_equal_cards_go_to_the_first_played(tier: str) -> None:
    first, second, *_ = tier.split()
    assert winner("9C", first, second, "4D") == 1
    assert winner("9C", second, first, "4D") == 1
    assert "first played wins" in judge_trick(trick("9C", first, second, "4D")).reason


def test_the_power_of_each_kind_of_card() -> None:
    assert [power(c) for c in parse_cards("KD 8C 9S KS QH")] == [10, 1, 0, -1, -1]
    assert power(parse_cards("7C")[0]) is None


# --- Special cards -----------------------------------------------------------------------------

SPECIAL_ROWS = [
    # (cards in play order from seat 0, winning play, options, the rule the reason cites)
    pytest.param(("7H", "KD", "2H", "4C"), 0, DEFAULT, "8a", id="8a-a-led-7-beats-even-the-KD"),
    pytest.param(("3C", "7H", "4S", "9S"), 0, DEFAULT, "8a", id="8a-a-7-following-never-wins"),
    pytest.param(("9C", "7S", "6H", "4D"), 2, DEFAULT, "8a", id="8a-a-7-following-beats-nothing"),
    pytest.param(("KD", "2C", "3C", "7D"), 0, DEFAULT, "8a", id="A-1-a-led-KD-is-not-taken-by-a-2"),
    pytest.param(
        ("KH", "4S", "2D", "2C"), 2, DEFAULT, "A-1", id="A-1-a-led-KH-falls-to-the-first-2"
    ),
    pytest.param(("KC", "2S", "QS", "3D"), 1, DEFAULT, "A-1", id="A-1-a-led-KC-falls-to-a-2"),
    pytest.param(("KS", "3C", "9C", "4H"), 0, DEFAULT, "8a", id="A-1-a-3-does-not-take-a-led-King"),
    pytest.param(
        ("KS", "2C", "2H", "3D"), 2, DEFAULT, "8a", id="8a-the-2H-is-of-value-over-a-King"
    ),
    pytest.param(("KH", "2S", "6C", "3D"), 2, DEFAULT, "8a", id="8a-a-card-of-value-beats-the-2"),
    pytest.param(("QD", "9S", "3H", "2C"), 2, DEFAULT, "A-2", id="A-2-a-led-Queen-first-2-or-3"),
    pytest.param(("QD", "2C", "3H", "9S"), 1, DEFAULT, "A-2", id="A-2-a-2-first-takes-the-Queen"),
    pytest.param(("QC", "4H", "3S", "9C"), 2, DEFAULT, "A-2", id="A-2-a-3-alone-takes-the-Queen"),
    pytest.param(
        ("QD", "9S", "3H", "2C"), 3, TWO_BEATS_THREE, "A-2", id="A-2-house-two-beats-three"
    ),
    pytest.param(
        ("QC", "4H", "3S", "9C"), 2, TWO_BEATS_THREE, "A-2", id="A-2-house-a-3-alone-still-takes"
    ),
    pytest.param(("QH", "4S", "9C", "KS"), 0, DEFAULT, "8a", id="8a-a-led-Queen-keeps-rubbish"),
    pytest.param(("QH", "3C", "8D", "2S"), 2, DEFAULT, "8a", id="8a-value-beats-the-3-on-a-Queen"),
    pytest.param(("QS", "3C", "7H", "2S"), 1, DEFAULT, "A-2", id="A-2-a-7-does-not-spoil-the-3"),
    pytest.param(("2C", "3D", "9S", "QH"), 0, DEFAULT, "8a", id="8a-a-led-2-keeps-a-rubbish-trick"),
    pytest.param(("4D", "KH", "QC", "7C"), 0, DEFAULT, "8a", id="8a-rubbish-goes-to-the-leader"),
]


@pytest.mark.parametrize(("cards", "play", "options", "rule"), SPECIAL_ROWS)
def test_special_cards(cards: tuple[str, ...], play: int, options: Options, rule: str) -> None:
    result = judge_trick(trick(*cards), options)
    assert result.play == play
    assert result.winner == play  # seat 0 leads, so seats follow the plays
    assert result.rule == rule
    assert f"({rule}" in result.reason or f", {rule})" in result.reason


def test_a_led_7_reason_says_nothing_beats_it() -> None:
    assert judge_trick(trick("7H", "KD", "2H", "4C")).reason == (
        "the 7H was led: a led 7 wins, and nothing beats it (8a)"
    )


def test_the_house_rule_is_named_in_the_reason() -> None:
    reason = judge_trick(trick("QD", "9S", "3H", "2C"), TWO_BEATS_THREE).reason
    assert "house rule Two beats three" in reason


@pytest.mark.parametrize(
    ("cards", "play"),
    [
        pytest.param(("9D", "9H"), 1, id="8a-two-players-the-higher-tier-wins"),
        pytest.param(("KS", "2D"), 1, id="A-1-two-players-a-2-takes-the-King"),
        pytest.param(("QS", "4C"), 1, id="8a-two-players-value-over-a-Queen"),
        pytest.param(("9S", "QD"), 0, id="8a-two-players-rubbish-to-the-leader"),
    ],
)
def test_two_players_play_one_card_each(cards: tuple[str, ...], play: int) -> None:
    assert winner(*cards, players=2) == play


def test_standing_and_steps_follow_the_trick_card_by_card() -> None:
    result = judge_trick(trick("QH", "3C", "2S", "6D"), TWO_BEATS_THREE)
    assert result.standing == (0, 1, 2, 3)
    assert result.beaten == 2
    assert [str(s) for s in result.steps] == [
        "Seat 1 led the QH",
        "Seat 2 played the 3C: it takes the trick",
        "Seat 3 played the 2S: it takes the trick",
        "Seat 4 played the 6D: it takes the trick",
    ]
    assert judge_trick(trick("AS", "4D", "9C", "KS")).beaten is None


# --- What a trick on its own may not be ------------------------------------------------------

REFUSALS = [
    pytest.param([(0, "9C 9S")], "illegal_play", "plays[0].cards", (0,), id="8a-one-card-a-play"),
    pytest.param([(0, "")], "illegal_play", "plays[0].cards", (0,), id="8a-no-passing"),
    pytest.param([(0, "AS"), (1, "10H")], "not_in_pack", "plays[1].cards", (1,), id="8a-no-10s"),
    pytest.param([(0, "AS"), (1, "5C")], "not_in_pack", "plays[1].cards", (1,), id="8a-no-5s"),
    pytest.param(
        [(0, "AS"), (1, "9C"), (2, "AS")],
        "already_played",
        "plays[2].cards",
        (2, 0),
        id="8a-one-card-twice-in-a-trick",
    ),
    pytest.param(
        [(0, "AS"), (2, "9C")], "out_of_turn", "plays[1].seat", (2, 1), id="8a-out-of-turn"
    ),
    pytest.param(
        [(0, "AS"), (1, "9C"), (2, "3D"), (3, "QC"), (0, "4H")],
        "illegal_play",
        "plays[4]",
        (0,),
        id="8a-four-cards-a-trick",
    ),
]


@pytest.mark.parametrize(("plays", "code", "field", "seats"), REFUSALS)
def test_a_trick_on_its_own_is_refused(
    plays: list[tuple[int, str]], code: str, field: str, seats: tuple[int, ...]
) -> None:
    with pytest.raises(AdjudicationError) as caught:
        check_trick(Trick(tuple(Play(s, parse_cards(c)) for s, c in plays)), Table(4))
    assert (caught.value.code, caught.value.field, caught.value.seats) == (code, field, seats)


def test_a_7_may_be_led_only_by_a_player_who_has_won_a_trick() -> None:
    seven = trick("7D", "AS", leader=1)
    with pytest.raises(AdjudicationError) as caught:
        check_lead(seven, 0)
    assert (caught.value.code, caught.value.field, caught.value.seats) == (
        "seven_led_too_soon",
        "plays[0].cards",
        (1,),
    )
    assert "Seat 2 led the 7D without having won a trick this hand" in caught.value.message
    check_lead(seven, 1)  # one trick won is enough
    check_lead(trick("AS", "7D"), 0)  # a 7 that follows is no lead
