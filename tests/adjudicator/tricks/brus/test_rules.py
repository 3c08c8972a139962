"""Brus tricks on their own: the 18 playable cards in order, the 14 unplayable ones, 7s laid by
the player on lead, the lead passed on, each card beating the highest so far or a pass, and
every refusal of a turn (6a, BR-1, BR-4)."""

from __future__ import annotations

import pytest

from adjudicator.cards import Card, parse_cards
from adjudicator.errors import AdjudicationError
from adjudicator.messages import Message
from adjudicator.said import Naming
from adjudicator.tricks.brus.rules import (
    PACK,
    PLAYABLE,
    SEVENS,
    TIERS,
    UNPLAYABLE,
    Table,
    beats,
    judge_trick,
    power,
)
from adjudicator.tricks.plays import Play, Trick

FOUR = Table(4)
NAMES = Naming(("Ann", "Ben", "Cy", "Di"), ((0, 2), (1, 3)))


def trick(text: str) -> Trick:
    """``"1:7H+AD 2: 3:9D"``: the page's notation, seats counted from 1, ``2:`` a pass."""
    plays = []
    for token in text.split():
        seat, _, cards = token.partition(":")
        plays.append(Play(int(seat) - 1, parse_cards(cards.replace("+", " "))))
    return Trick(tuple(plays))


def refusal(text: str, players: int = 4) -> AdjudicationError:
    with pytest.raises(AdjudicationError) as caught:
        judge_trick(trick(text), Table(players))
    return caught.value


# --- The pack ---------------------------------------------------------------------------------


def test_the_pack_is_36_cards_18_playable_14_unplayable_and_the_four_7s() -> None:
    assert len(PACK) == 36
    assert len(PLAYABLE) == 18 and len(UNPLAYABLE) == 14 and len(SEVENS) == 4
    assert sorted(map(str, (*PLAYABLE, *UNPLAYABLE, *SEVENS))) == sorted(map(str, PACK))
    assert not {c.rank.value for c in PACK if c.rank} & {"2", "3", "4", "5"}


def test_br_1_the_8h_is_unplayable_and_the_8s_is_dull() -> None:
    eight_h, eight_s = parse_cards("8H 8S")
    assert eight_h in UNPLAYABLE and eight_s not in UNPLAYABLE
    assert eight_s == PLAYABLE[1]


@pytest.mark.parametrize(
    ("players", "each", "fewest"),
    [
        pytest.param(4, 9, 5, id="BR-2-nine-each-at-four"),
        pytest.param(6, 6, 3, id="BR-2-six-each-at-six"),
    ],
)
def test_br_2_the_whole_pack_is_dealt(players: int, each: int, fewest: int) -> None:
    table = Table(players)
    assert table.hand_size * players == len(PACK)
    assert (table.hand_size, table.fewest_tricks) == (each, fewest)


# --- The ranking, tier by tier ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "cards"), [pytest.param(name, cards, id=f"6a-{name}") for name, cards in TIERS]
)
def test_each_tier_beats_every_lower_one_and_runs_clubs_spades_hearts_diamonds(
    name: str, cards: tuple[Card, ...]
) -> None:
    lower = PLAYABLE[PLAYABLE.index(cards[-1]) + 1 :]
    for card in cards:
        assert all(beats(card, other) for other in lower)
        assert not any(beats(other, card) for other in lower)
    suits = [c.suit.value for c in cards if c.suit]
    assert suits == sorted(suits, key="CSHD".index)
    assert [power(c) for c in cards] == sorted((power(c) for c in cards), reverse=True)


# 6a, as the rules text words it: after the four nines, "The Aces (each then ranked by suit;
# clubs, spades, hearts, diamonds)", then the Jack of spades. Written out here rather than read
# from PLAYABLE, so that a change to the engine's order cannot carry its test along with it.
ACES = [
    pytest.param("9D", "AC", id="6a-the-lowest-nine-beats-the-highest-ace"),
    pytest.param("AC", "AS", id="6a-the-ace-of-clubs-beats-the-ace-of-spades"),
    pytest.param("AS", "AH", id="6a-the-ace-of-spades-beats-the-ace-of-hearts"),
    pytest.param("AH", "AD", id="6a-the-ace-of-hearts-beats-the-ace-of-diamonds"),
    pytest.param("AD", "JS", id="6a-the-lowest-ace-beats-the-highest-jack"),
]


@pytest.mark.parametrize(("higher", "lower"), ACES)
def test_6a_the_aces_rank_below_the_nines_and_above_the_jacks_clubs_spades_hearts_diamonds(
    higher: str, lower: str
) -> None:
    assert beats(Card.parse(higher), Card.parse(lower))
    assert not beats(Card.parse(lower), Card.parse(higher))
    assert judge_trick(trick(f"1:{lower} 2:{higher} 3: 4:"), FOUR).winner == 1
    with pytest.raises(AdjudicationError) as caught:
        judge_trick(trick(f"1:{higher} 2:{lower}"), FOUR)
    assert caught.value.code == "illegal_play"


def test_6a_the_aces_are_the_8th_to_11th_of_the_18_playable_cards() -> None:
    """Rulings 6a's table: JC, 8S, KH, the four 9s, then AC, AS, AH, AD (8-11), each unique."""
    places = [len(PLAYABLE) + 1 - power(c) for c in parse_cards("AC AS AH AD")]
    assert places == [8, 9, 10, 11]


def test_the_tiers_are_the_whole_playable_order() -> None:
    assert tuple(c for _, cards in TIERS for c in cards) == PLAYABLE


@pytest.mark.parametrize(
    ("higher", "lower"),
    [
        pytest.param(PLAYABLE[i], PLAYABLE[i + 1], id=f"6a-{PLAYABLE[i]}-over-{PLAYABLE[i + 1]}")
        for i in range(17)
    ],
)
def test_each_card_is_beaten_only_by_the_cards_above_it(higher: Card, lower: Card) -> None:
    won = judge_trick(trick(f"1:{lower} 2:{higher} 3: 4:"), FOUR)
    assert won.winner == 1
    with pytest.raises(AdjudicationError) as caught:
        judge_trick(trick(f"1:{higher} 2:{lower}"), FOUR)
    assert caught.value.code == "illegal_play"


# --- Who wins ---------------------------------------------------------------------------------

WINS = [
    pytest.param("1:9C 2: 3: 4:", 4, 0, "nobody beat the 9C led (6a)", id="6a-a-lead-nobody-beats"),
    pytest.param(
        "1:6D 2:JD 3:AD 4:9D",
        4,
        3,
        "the 9D is the highest card played (6a)",
        id="6a-each-beats-the-last",
    ),
    pytest.param(
        "1:JC 2: 3: 4:", 4, 0, "nobody beat the JC (Spit) led (6a)", id="6a-spit-is-never-beaten"
    ),
    pytest.param(
        "1:KH 2:8S 3: 4:",
        4,
        1,
        "the 8S (Dull) is the highest card played (6a)",
        id="BR-1-dull-beats-brus",
    ),
    pytest.param(
        "1:9H 2:JC 3: 4:",
        4,
        1,
        "the JC (Spit) is the highest card played (6a)",
        id="6a-spit-beats-a-nine",
    ),
    pytest.param(
        "1:7H+7S+AD 2:9D 3: 4:",
        4,
        1,
        "the 9D is the highest card played (6a); seat 1 laid the 7H and 7S: 2 tricks of their own (BR-4)",
        id="BR-4-7s-laid-then-a-lead",
    ),
    pytest.param("1: 2:9C 3: 4:", 4, 1, "nobody beat the 9C led (6a)", id="6a-lead-passed-on"),
    pytest.param(
        "1:7C 2:AS 3:9H 4:",
        4,
        2,
        "the 9H is the highest card played (6a); seat 1 laid the 7C: a trick of its own (BR-4)",
        id="BR-8-7s-laid-with-nothing-to-lead",
    ),
    pytest.param("3: 4: 1:6S 2:", 4, 0, "nobody beat the 6S led (6a)", id="6a-lead-passed-twice"),
    pytest.param(
        "1:6C 2: 3:JS 4: 5:9S 6:",
        6,
        4,
        "the 9S is the highest card played (6a)",
        id="6a-six-players",
    ),
]


@pytest.mark.parametrize(("text", "players", "winner", "reason"), WINS)
def test_the_highest_card_played_wins(text: str, players: int, winner: int, reason: str) -> None:
    result = judge_trick(trick(text), Table(players))
    assert result.winner == winner
    assert str(result.reason) == reason
    assert trick(text).plays[result.play].seat == winner


def test_the_reason_keeps_its_seats_for_the_names() -> None:
    result = judge_trick(trick("1:7H+7S+AD 2:9D 3: 4:"), FOUR)
    assert isinstance(result.reason, Message)
    assert result.reason.named(NAMES).endswith(
        "Ann laid the 7H and 7S: 2 tricks of their own (BR-4)"
    )
    assert [str(step) for step in result.steps] == [
        "Seat 1 lays the 7H and 7S: 2 tricks of their own (BR-4)",
        "Seat 1 leads the AD",
        "Seat 2 beats it with the 9D",
        "Seat 3 passes",
        "Seat 4 passes",
    ]
    assert (result.lead, result.beaten, result.standing) == (0, 0, (0, 1, 1, 1))


def test_a_play_s_7s_count_as_laid_before_its_card_whatever_order_it_is_written() -> None:
    assert judge_trick(trick("1:AD+7H 2:9D 3: 4:"), FOUR).winner == 1


# --- Refusals ---------------------------------------------------------------------------------

REFUSALS = [
    pytest.param(
        "1:10H",
        "illegal_play",
        "plays[0].cards",
        (0,),
        "one of the 14 unplayable cards",
        id="6a-unplayable-ten",
    ),
    pytest.param(
        "1:9C 2:8H", "illegal_play", "plays[1].cards", (1,), "BR-1", id="BR-1-the-8h-is-unplayable"
    ),
    pytest.param(
        "1:KC", "illegal_play", "plays[0].cards", (0,), "Outcome card", id="6a-the-kc-stays-in-hand"
    ),
    pytest.param(
        "1:QS 2:", "illegal_play", "plays[0].cards", (0,), "never played", id="6a-unplayable-queen"
    ),
    pytest.param(
        "1:9C 2:AC",
        "illegal_play",
        "plays[1].cards",
        (1,),
        "does not beat the 9C",
        id="6a-must-beat-the-highest",
    ),
    pytest.param(
        "1:9C 2:JC 3:8S",
        "illegal_play",
        "plays[2].cards",
        (2,),
        "does not beat the JC (Spit)",
        id="6a-beat-the-highest-not-the-lead",
    ),
    pytest.param(
        "1:9C+AC",
        "illegal_play",
        "plays[0].cards",
        (0,),
        "one card a turn",
        id="6a-one-card-a-turn",
    ),
    pytest.param(
        "1:9C 2:7H",
        "illegal_play",
        "plays[1].cards",
        (1,),
        "only the player on lead lays 7s",
        id="BR-4-no-7s-after-the-lead",
    ),
    pytest.param(
        "1:9C 3:AC", "out_of_turn", "plays[1].seat", (2, 1), "seat 2's turn", id="6a-turns-go-left"
    ),
    pytest.param(
        "1:9C 2: 3: 4: 1:",
        "illegal_play",
        "plays[4].seat",
        (0,),
        "belongs to the next trick",
        id="6a-one-turn-each",
    ),
    pytest.param(
        "1:9C 2:9C",
        "already_played",
        "plays[1].cards",
        (1, 0),
        "played twice",
        id="6a-a-card-twice",
    ),
    pytest.param(
        "1:5H",
        "not_in_pack",
        "plays[0].cards",
        (0,),
        "not in the 36-card Brus pack",
        id="6a-no-fives",
    ),
    pytest.param("1: 2: 3: 4:", "illegal_play", "plays", (), "Nobody led", id="6a-nobody-led"),
]


@pytest.mark.parametrize(("text", "code", "field", "seats", "words"), REFUSALS)
def test_an_illegal_turn_is_refused_with_the_reason(
    text: str, code: str, field: str, seats: tuple[int, ...], words: str
) -> None:
    err = refusal(text)
    assert (err.code, err.field, err.seats) == (code, field, seats)
    assert words in str(err)


def test_a_refusal_names_the_players() -> None:
    err = refusal("1:9C 3:AC")
    assert err.named(NAMES) == (
        "It was Ben's turn to play or pass, not Cy's: the turn goes to the left, one each (6a)."
    )


def test_the_seat_on_lead_is_checked_when_known() -> None:
    with pytest.raises(AdjudicationError) as caught:
        judge_trick(trick("2:9C"), FOUR, on_lead=0)
    assert (caught.value.code, caught.value.field, caught.value.seats) == (
        "out_of_turn",
        "plays[0].seat",
        (1, 0),
    )
