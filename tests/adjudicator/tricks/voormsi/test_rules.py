"""Voormsi: who wins a trick (ruling 7a, V-2, V-3, V-5, V-6, V-13, V-15, V-16), and which
tricks are refused on their own."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from adjudicator.cards import VOORMSI, Card, parse_cards
from adjudicator.errors import AdjudicationError
from adjudicator.options import describe_options, parse_options
from adjudicator.tricks.plays import Trick, parse_trick
from adjudicator.tricks.voormsi import Options, Table, trick_winner


def trick(*plays: str, seats: tuple[int, ...] | None = None) -> Trick:
    """Plays in order, seats 0, 1, 2, 3 round the table unless given."""
    order = seats or tuple(i % 4 for i in range(len(plays)))
    return parse_trick(
        {"plays": [{"seat": s, "cards": c} for s, c in zip(order, plays, strict=True)]}, 4
    )


# Ruling 7a, written out here from the rulings (not read from the module), high to low. Tier 1
# (KH = JC) is tested on its own below.
TIERS = [
    ["8S"],
    ["9C", "9S", "9H", "9D"],
    ["AC", "AS", "AH", "AD"],
    ["JS", "JH", "JD"],
    ["6C", "6S", "6H", "6D"],
    ["5C", "5S", "5H", "5D"],
    ["8C", "8H", "8D"],
    ["QC", "QS", "QH", "QD"],
    ["KC", "KS"],
]
RANKED = [card for tier in TIERS for card in tier]
TIER = {card: number for number, tier in enumerate(TIERS, start=2) for card in tier}


def test_the_pack_is_36_cards_with_the_3d_for_the_kd() -> None:
    # 7a: A K Q J 9 8 7 6 5 in each suit, KD replaced by 3D.
    expected = parse_cards(
        " ".join(f"{r}{s}" for s in "SHDC" for r in ["A", "K", "Q", "J", "9", "8", "7", "6", "5"])
    )
    cards = set(VOORMSI)
    assert len(VOORMSI) == 36
    assert cards == (set(expected) - {Card.parse("KD")}) | {Card.parse("3D")}


@pytest.mark.parametrize(
    ("higher", "lower"),
    [
        pytest.param(h, lo, id=f"7a-tier{TIER[h]}-{h}-over-{lo}")
        for h, lo in itertools.pairwise(RANKED)
    ]
    + [pytest.param(top, "8S", id=f"7a-tier1-{top}-over-8S") for top in ("KH", "JC")],
)
def test_each_card_beats_the_next_in_the_ranking_led_or_following(higher: str, lower: str) -> None:
    # A card of a lower tier (or lower within its tier) is beaten, whether it leads or follows.
    assert trick_winner(trick(lower, higher)).winner == 1
    assert trick_winner(trick(higher, lower)).winner == 0


@pytest.mark.parametrize(
    ("plays", "winner", "reason"),
    [
        pytest.param(
            ("KH", "8S", "JC", "9C"),
            2,
            "KH and JC are equal: the second played wins (7a)",
            id="7a-tier1-jc-second",
        ),
        pytest.param(
            ("JC", "5D", "KH", "9C"),
            2,
            "KH and JC are equal: the second played wins (7a)",
            id="7a-tier1-kh-second",
        ),
        pytest.param(
            ("9D", "7C", "5D", "6D"), 0, "nothing beat the lead (7a)", id="7a-seven-not-led"
        ),
        pytest.param(
            ("7D", "AC", "8S", "KH"),
            0,
            "nothing beat the led 7: only a higher 7, the KC, the 3D or the KS by its rule can (7a)",
            id="7a-led-seven-holds",
        ),
        pytest.param(
            ("7H", "7D", "7C", "7S"),
            2,
            "a higher 7 beats a led 7 (7C, 7S, 7H, 7D) (7a)",
            id="7a-higher-seven",
        ),
        pytest.param(("7C", "KC", "JC", "8S"), 1, "the KC beats a led 7 (7a)", id="7a-kc-led-7"),
        pytest.param(
            ("7C", "KC", "7S", "KH"), 1, "the KC beats a led 7 (7a)", id="7a-kc-holds-7-led"
        ),
        pytest.param(
            ("7C", "5D", "3D", "KC"), 2, "the 3D wins when it is not led (7a)", id="7a-3d-led-7"
        ),
        pytest.param(
            ("9C", "KH", "3D", "JC"),
            2,
            "the 3D wins when it is not led (7a)",
            id="7a-3d-not-led-wins",
        ),
        pytest.param(
            ("3D", "9C", "8S", "5D"),
            2,
            "8S ranks above 9C (7a)",
            id="V-3-3d-led-next-card-leads",
        ),
        pytest.param(
            ("3D", "QH", "7C", "5D"),
            3,
            "5D ranks above QH (7a)",
            id="V-3-7-not-next-after-3d",
        ),
        pytest.param(
            ("3D", "AD", "QD", "QC"),
            1,
            "the 3D never wins when led; AD, played next, counted as the lead and nothing beat "
            "it (V-3)",
            id="V-3-next-card-holds",
        ),
        pytest.param(
            ("3D", "7H", "7D", "7S"),
            3,
            "a higher 7 beats a led 7 (7C, 7S, 7H, 7D) (7a)",
            id="V-3-every-follower-a-seven",
        ),
        pytest.param(
            ("3D", "7H", "AC", "KC"), 3, "the KC beats a led 7 (7a)", id="V-3-seven-after-3d"
        ),
        pytest.param(
            ("5D", "KC", "KS", "QD"), 0, "nothing beat the lead (7a)", id="7a-5d-over-q-k"
        ),
        pytest.param(("QD", "KC", "KS", "8D"), 3, "8D ranks above QD (7a)", id="7a-kings-lowest"),
        pytest.param(("KS", "KC", "8D", "5H"), 3, "5H ranks above 8D (7a)", id="7a-ks-led"),
    ],
)
def test_special_cards(plays: tuple[str, ...], winner: int, reason: str) -> None:
    result = trick_winner(trick(*plays), players=4)
    assert (result.winner, result.reason) == (winner, reason)


# The KS after a led 7, under each reading of V-2 (seed, Parlett, after any 7: V-15).
@pytest.mark.parametrize(
    ("plays", "ks_rule", "winner"),
    [
        pytest.param(("7H", "KS", "KC", "8S"), "seed", 1, id="V-2-seed-ks-next-after-7"),
        pytest.param(("7H", "5D", "KS", "8S"), "seed", 0, id="V-2-seed-ks-not-next"),
        pytest.param(("7H", "KC", "KS", "8S"), "seed", 1, id="V-13-seed-kc-then-ks"),
        pytest.param(("7H", "KS", "7C", "3D"), "seed", 3, id="V-2-seed-only-3d-beats-ks"),
        pytest.param(("7H", "KS", "KC", "8S"), "parlett", 2, id="V-2-parlett-ks-not-over-7"),
        pytest.param(("7H", "KC", "KS", "8S"), "parlett", 2, id="V-13-parlett-ks-over-kc"),
        pytest.param(("7H", "KS", "5D", "8S"), "parlett", 0, id="V-2-parlett-ks-powerless"),
        pytest.param(("7D", "7C", "KS", "8S"), "after_any_seven", 2, id="V-15-ks-after-any-7"),
        pytest.param(("7D", "7C", "KS", "8S"), "seed", 1, id="V-15-seed-only-after-led-7"),
        pytest.param(("7D", "KC", "7C", "KS"), "after_any_seven", 3, id="V-15-ks-over-kc"),
        pytest.param(("7D", "KS", "7C", "5D"), "after_any_seven", 1, id="V-15-ks-after-led-7"),
        pytest.param(("7D", "KS", "7C", "3D"), "after_any_seven", 3, id="V-15-3d-takes-it"),
        pytest.param(("7D", "5D", "7C", "KS"), "after_any_seven", 3, id="V-15-ks-after-follower-7"),
        pytest.param(("9C", "KS", "5D", "KC"), "seed", 0, id="V-2-ks-plain-in-a-non-7-trick"),
    ],
)
def test_the_ks_after_a_seven(plays: tuple[str, ...], ks_rule: str, winner: int) -> None:
    result = trick_winner(trick(*plays), parse_options(Options, {"ks_rule": ks_rule}))
    assert result.winner == winner


def test_a_ks_that_took_a_seven_led_trick_locks_it() -> None:
    result = trick_winner(trick("7H", "KS", "KC", "8S"))
    assert result.locked_by == Card.parse("KS")
    assert result.steps[2] == (
        "seat 3: KC cannot take it: only the 3D beats the KS that took a 7-led trick (V-2)"
    )


def test_the_3d_locks_a_trick_it_takes() -> None:
    result = trick_winner(trick("9C", "3D", "KH", "JC"))
    assert (result.winner, result.locked_by, result.beaten) == (1, Card.parse("3D"), 0)
    assert result.steps == (
        "seat 1: 9C led",
        "seat 2: 3D takes the trick: the 3D wins when it is not led (7a)",
        "seat 3: KH cannot take it: nothing beats the 3D once it is not led (7a)",
        "seat 4: JC cannot take it: nothing beats the 3D once it is not led (7a)",
    )


def test_a_led_3d_hands_the_lead_on() -> None:
    result = trick_winner(trick("3D", "9C", "5D", "QH"))
    assert (result.lead, result.play, result.beaten, result.locked_by) == (1, 1, None, None)
    assert result.standing == (0, 1, 1, 1)


# Several cards led (7a multi-card leads, V-5, V-16).
@pytest.mark.parametrize(
    ("plays", "multi_beat", "winner"),
    [
        pytest.param(("9C 9S", "6C 6S", "AC AS", "8S KH"), "matching", 3, id="V-5-matching"),
        pytest.param(("9D 9C", "8S 9S", "5D 5H", "QC QS"), "matching", 1, id="V-5-match-crosswise"),
        pytest.param(
            ("9D 9C", "8S 9S", "5D 5H", "QC QS"),
            "each_beats_highest",
            0,
            id="V-5-each_beats_highest-9S-not-over-9C",
        ),
        pytest.param(
            ("9D 9C", "8S JC", "5D 5H", "QC QS"),
            "each_beats_highest",
            1,
            id="V-5-each_beats_highest-both-over-9C",
        ),
        pytest.param(("AD AH", "8S 7C", "5D 5H", "QC QS"), "matching", 0, id="7a-seven-in-a-group"),
        pytest.param(("AD AH", "3D 5C", "KH JC", "QC QS"), "matching", 2, id="V-5-3d-not-enough"),
        pytest.param(("AD AH", "3D AS", "KH JC", "8S 9C"), "matching", 1, id="V-5-3d-locks-group"),
        pytest.param(("7D 7H", "7S KC", "AC AS", "QC QS"), "matching", 1, id="V-16-sevens-group"),
        pytest.param(("7D 7H", "7S 9C", "AC AS", "QC QS"), "matching", 0, id="V-16-9C-not-over-7"),
        pytest.param(
            ("KH KS", "JC KC", "QD QH", "8D 8C"), "matching", 1, id="7a-kings-led-jc-second"
        ),
    ],
)
def test_several_cards_led(plays: tuple[str, ...], multi_beat: str, winner: int) -> None:
    options = parse_options(Options, {"multi_beat": multi_beat})
    assert trick_winner(trick(*plays), options, players=4).winner == winner


def test_a_multi_card_takeover_says_which_card_beat_which() -> None:
    result = trick_winner(trick("9D 9C", "8S 9S", "5D 5H", "QC QS"))
    assert result.reason == (
        "each card beats a different card of the winning play: 8S over 9C, 9S over 9D (V-5)"
    )


def test_two_players_each_play_twice_and_the_highest_card_wins() -> None:
    two = parse_trick(
        {
            "plays": [
                {"seat": 1, "cards": "9D"},
                {"seat": 0, "cards": "AC"},
                {"seat": 1, "cards": "8S"},
                {"seat": 0, "cards": "5D"},
            ]
        },
        2,
    )
    assert trick_winner(two, players=2).winner == 1


@pytest.mark.parametrize(
    ("plays", "seats", "players", "code", "field", "culprits"),
    [
        pytest.param(
            ("9C", "2C", "5D", "6D"), None, 4, "not_in_pack", "plays[1].cards", (1,), id="2C"
        ),
        pytest.param(
            ("9C", "KD", "5D", "6D"), None, 4, "not_in_pack", "plays[1].cards", (1,), id="KD"
        ),
        pytest.param(
            ("9C", "5D", "9C", "6D"),
            None,
            4,
            "already_played",
            "plays[2].cards",
            (2, 0),
            id="same-card-twice",
        ),
        pytest.param(
            ("9C 8C", "5D 6D", "AH AS", "QC QS"),
            None,
            4,
            "illegal_play",
            "plays[0].cards",
            (0,),
            id="7a-mixed-lead",
        ),
        pytest.param(
            ("3D KS", "5D 6D", "AH AS", "QC QS"),
            None,
            4,
            "illegal_play",
            "plays[0].cards",
            (0,),
            id="V-6-3d-is-no-king",
        ),
        pytest.param(
            ("9C 9S", "5D", "AH AS", "QC QS"),
            None,
            4,
            "illegal_play",
            "plays[1].cards",
            (1,),
            id="7a-too-few-after-a-double",
        ),
        pytest.param(
            ("9C", "5D 6D", "AH", "QC"),
            None,
            4,
            "illegal_play",
            "plays[1].cards",
            (1,),
            id="7a-too-many",
        ),
        pytest.param(
            ("9C", "", "AH", "QC"), None, 4, "illegal_play", "plays[1].cards", (1,), id="no-pass"
        ),
        pytest.param(
            ("9C", "5D", "AH", "QC"),
            (0, 2, 1, 3),
            4,
            "out_of_turn",
            "plays[1].seat",
            (2, 1),
            id="out-of-turn",
        ),
        pytest.param(
            ("9C", "5D", "AH"), None, 4, "illegal_play", "plays", (3,), id="a-seat-left-out"
        ),
        pytest.param(
            ("9C", "5D", "AH", "QC"),
            (0, 1, 2, 0),
            3,
            "illegal_play",
            "plays",
            (),
            id="three-players-three-plays",
        ),
        pytest.param(
            ("9C", "5D", "AH", "QC"),
            (0, 1, 1, 0),
            2,
            "out_of_turn",
            "plays[2].seat",
            (1, 0),
            id="two-players-take-turns",
        ),
    ],
)
def test_a_trick_is_refused_with_its_field_and_seats(
    plays: tuple[str, ...],
    seats: tuple[int, ...] | None,
    players: int,
    code: str,
    field: str,
    culprits: tuple[int, ...],
) -> None:
    order = seats or tuple(i % players for i in range(len(plays)))
    raw = {"plays": [{"seat": s, "cards": c} for s, c in zip(order, plays, strict=True)]}
    with pytest.raises(AdjudicationError) as caught:
        trick_winner(parse_trick(raw, players), players=players)
    err = caught.value
    assert (err.code, err.field, err.seats) == (code, field, culprits)
    assert err.message.endswith(".")


def test_the_refusal_sentences_say_what_to_do() -> None:
    with pytest.raises(AdjudicationError) as caught:
        trick_winner(trick("9C 8C", "5D 6D", "AH AS", "QC QS"))
    assert caught.value.message == (
        "Seat 1 led 9C 8C: several cards led must all be of one rank, such as 9C 9S (7a)."
    )
    with pytest.raises(AdjudicationError) as caught:
        trick_winner(trick("9C", "5D", "AH", "QC", seats=(0, 2, 1, 3)), players=4)
    assert caught.value.message == (
        "Seat 3 played out of turn: after seat 1 led, it was seat 2's turn."
    )


# Section 10: every house option, with its ruling, its default and labels for its choices.
@pytest.mark.parametrize(
    ("name", "default", "rule", "choices"),
    [
        pytest.param(
            "trick_reading", "literal", "V-1", ("literal", "majority", "over_six"), id="V-1"
        ),
        pytest.param("ks_rule", "seed", "V-2", ("seed", "parlett", "after_any_seven"), id="V-2"),
        pytest.param("forced_play", "seed", "V-4", ("seed", "parlett"), id="V-4"),
        pytest.param("multi_beat", "matching", "V-5", ("matching", "each_beats_highest"), id="V-5"),
        pytest.param("all_nine_keeps_captures", False, "V-8", (), id="V-8"),
        pytest.param("whole_pack", False, "V-12", (), id="V-12"),
    ],
)
def test_every_house_option(name: str, default: Any, rule: str, choices: tuple[str, ...]) -> None:
    info = {i.name: i for i in describe_options(Options)}[name]
    assert (info.default, info.rule, info.choices) == (default, rule, choices)
    assert all(info.labels) and info.doc
    for choice in choices:
        assert getattr(parse_options(Options, {name: choice}), name) == choice


def test_no_other_house_options() -> None:
    assert len(describe_options(Options)) == 6
    with pytest.raises(AdjudicationError) as caught:
        parse_options(Options, {"target": 11})
    assert caught.value.code == "unknown_option"


# Variants (7a): the table follows from the number of players.
@pytest.mark.parametrize(
    ("players", "sides", "target", "tricks", "plays", "first_five", "dealt"),
    [
        pytest.param(4, ((0, 2), (1, 3)), 9, 9, 4, True, 4, id="4-partnerships"),
        pytest.param(3, ((0,), (1,), (2,)), 12, 12, 3, False, 4, id="3-each-alone"),
        pytest.param(2, ((0,), (1,)), 9, 9, 4, True, 4, id="2-each-plays-twice"),
    ],
)
def test_each_variant(
    players: int,
    sides: tuple[tuple[int, ...], ...],
    target: int,
    tricks: int,
    plays: int,
    first_five: bool,
    dealt: int,
) -> None:
    table = Table.for_players(players)
    assert (table.sides, table.target, table.tricks, table.plays_per_trick) == (
        sides,
        target,
        tricks,
        plays,
    )
    assert (table.first_five_bonus, table.hand_size) == (first_five, dealt)


@pytest.mark.parametrize(("players", "dealt"), [(4, 9), (3, 12), (2, 18)])
def test_the_whole_pack_dealt(players: int, dealt: int) -> None:
    # V-12 and V-20: "deal the whole pack": 9 each at four, 12 at three, 18 at two.
    assert Table.for_players(players, Options(whole_pack=True)).hand_size == dealt


@pytest.mark.parametrize("players", [1, 5, True])
def test_voormsi_is_for_two_to_four(players: int) -> None:
    with pytest.raises(AdjudicationError) as caught:
        Table.for_players(players)
    assert (caught.value.code, caught.value.field) == ("bad_entry", "seats")
