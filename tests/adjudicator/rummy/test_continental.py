"""Continental Rummy, rule by rule (ruling 4.3 and its ambiguities C-1 to C-5)."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.cards import continental_pack, parse_cards
from adjudicator.errors import (
    AdjudicationError,
    BadEntryError,
    InvalidMeldError,
    TooManyCopiesError,
)
from adjudicator.game import Open, Target
from adjudicator.games import get_game
from adjudicator.rummy.continental import (
    SAMPLE_HANDS,
    Continental,
    Options,
    judge_going_out,
    meld_style,
    packs_for,
)
from adjudicator.rummy.melding_rules import is_valid_meld, partition_melds
from adjudicator.said import Naming

GAME = Continental()
NAMES = Naming(("Ann", "Ben", "Cy", "Di"))

# Going-out hands of the two-pack game, one for each shape.
FIVE_THREES = "4H 5H 6H 9S 10S JS AD 2D 3D JC QC KC 7H 8H 9H"
FOURS = "2S 3S 4S 5S 8D 9D 10D JD 10H JH QH KH 6C JK 8C"
FIVE_FOUR = "9C 10C JC QC KC 3H 4H 5H 6H 7D 8D 9D 2S 3S 4S"
FIVE_FIVE_FIVE = "2S 3S 4S 5S 6S 8D 9D 10D JD QD 10H JH QH KH AH"


def deal(raw: dict[str, Any], players: int = 4, **options: Any) -> Any:
    return GAME.parse_deal(raw, players=players, options=GAME.options(options))


def score(raw: dict[str, Any], players: int = 4, **options: Any) -> Any:
    opts = GAME.options(options)
    parsed = GAME.parse_deal(raw, players=players, options=opts)
    return GAME.score(parsed, None, GAME.seating(players, opts), opts)


def test_the_game_is_listed() -> None:
    assert get_game("continental-rummy") is not None
    assert (GAME.min_players, GAME.max_players, GAME.settles, GAME.lower_is_better) == (
        2,
        12,
        True,
        False,
    )


# --- 4.3 packs -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "packs"),
    [(2, 2), (5, 2), (6, 3), (8, 3), (9, 4), (12, 4)],
)
def test_4_3_packs_and_jokers_grow_with_the_table(players: int, packs: int) -> None:
    assert packs_for(players) == packs
    pack = GAME.pack(GAME.options(), players)
    assert len(pack) == 53 * packs
    style = meld_style(GAME.options(), players)
    assert (style.packs, style.jokers) == (packs, packs)
    assert pack.copies == continental_pack(players).copies


def test_4_3_three_copies_of_a_card_need_six_players() -> None:
    hand = "4H 4H 4H 5H 5H 5H 6H 6H 6H 9S 10S JS JC QC KC"
    with pytest.raises(TooManyCopiesError):
        deal({"went_out": 0, "cards": hand}, players=5)
    assert deal({"went_out": 0, "cards": hand}, players=6).jokers == 0


def test_4_3_the_meld_style_is_derived_from_the_family_style() -> None:
    """The style is CONTINENTAL with the packs changed, not a copy of its logic."""
    from adjudicator.rummy.melding_rules import CONTINENTAL

    style = meld_style(Options(), 7)
    assert (style.name, style.sets, style.aces, style.min_run) == (
        CONTINENTAL.name,
        CONTINENTAL.sets,
        CONTINENTAL.aces,
        CONTINENTAL.min_run,
    )


# --- 4.3 going out ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "shape"),
    [
        pytest.param(FIVE_THREES, "3+3+3+3+3", id="five-threes"),
        pytest.param(FOURS, "4+4+4+3", id="three-fours-and-a-three"),
        pytest.param(FIVE_FOUR, "5+4+3+3", id="five-four-three-three"),
    ],
)
def test_4_3_going_out_in_each_shape(hand: str, shape: str) -> None:
    result = judge_going_out(parse_cards(hand), meld_style(Options(), 4), Options())
    assert result.valid
    assert result.shape == shape
    for meld in result.melds:
        assert is_valid_meld(meld.cards, meld_style(Options(), 4))


def test_4_3_a_long_sequence_is_cut_into_a_shape() -> None:
    """4H..9H is one run of six; cut in two it makes 3+3+3+3+3."""
    assert judge_going_out(parse_cards(FIVE_THREES), meld_style(Options(), 4), Options()).valid


def test_4_3_sets_are_worthless() -> None:
    hand = parse_cards("7S 7H 7D 4C 5C 6C 9S 10S JS AD 2D 3D JC QC KC")
    result = judge_going_out(hand, meld_style(Options(), 4), Options())
    assert not result.valid
    assert result.problems == ("3 cards fit in no sequence however the hand is split: 7S 7H 7D",)
    assert "sets (cards of one rank) are worthless in Continental (4.3)" in result.working


def test_4_3_two_sequences_may_share_a_suit() -> None:
    hand = "4D 5D 6D 4D 5D 6D 9S 10S JS AH 2H 3H JC QC KC"
    assert deal({"went_out": 1, "cards": hand}).melds


@pytest.mark.parametrize(
    ("run", "valid"),
    [
        pytest.param("AS 2S 3S", True, id="ace-low"),
        pytest.param("QS KS AS", True, id="ace-high"),
        pytest.param("KS AS 2S", False, id="not-round-the-corner"),
        pytest.param("5S JK 7S", True, id="joker-wild"),
        pytest.param("5S 6H 7S", False, id="one-suit"),
    ],
)
def test_4_3_sequences(run: str, valid: bool) -> None:
    answer = GAME.ask("meld", {"cards": run})
    assert answer["valid"] is valid
    assert bool(answer["problems"]) is not valid


def test_4_3_a_joker_is_read_as_the_card_it_stands_for() -> None:
    assert GAME.ask("meld", {"cards": "5S JK 7S"})["reading"] == "5S JK=6S 7S"


def test_c_1_five_five_five_is_not_a_shape_by_default() -> None:
    with pytest.raises(InvalidMeldError) as caught:
        deal({"went_out": 2, "cards": FIVE_FIVE_FIVE})
    assert caught.value.field == "cards"
    assert caught.value.seats == (2,)
    assert "5+5+5, which is not a going-out shape" in caught.value.message
    assert caught.value.message.startswith("Seat 3 cannot go out with")


def test_c_1_any_partition_lets_five_five_five_go_out() -> None:
    parsed = deal({"went_out": 2, "cards": FIVE_FIVE_FIVE}, any_partition=True)
    assert sorted(len(m.cards) for m in parsed.melds) == [5, 5, 5]
    result = score({"went_out": 2, "cards": FIVE_FIVE_FIVE}, any_partition=True)
    assert "as 5+5+5" in result.results[2].explanation[0]


def test_c_2_a_sequence_needs_a_natural_card_by_default() -> None:
    answer = GAME.ask("meld", {"cards": "JK JK JK", "players": 6})
    assert answer["valid"] is False
    assert answer["problems"] == ["a meld needs at least 1 natural card"]


def test_c_2_all_joker_sequences_as_a_house_rule() -> None:
    answer = GAME.ask(
        "meld", {"cards": "JK JK JK", "players": 6, "options": {"all_joker_sequences": True}}
    )
    assert answer["valid"] is True
    assert "house rule “All joker sequences”" in answer["explanation"][-1]
    hand = "JK JK JK 4H 5H 6H 9S 10S JS AD 2D 3D JC QC KC"
    assert deal({"went_out": 0, "cards": hand}, players=6, all_joker_sequences=True).jokers == 3


def test_c_4_the_winner_enters_the_15_melded_not_the_discard() -> None:
    with pytest.raises(InvalidMeldError) as caught:
        deal({"went_out": 0, "cards": FIVE_THREES.rsplit(" ", 1)[0]})
    assert "going out melds exactly 15 cards, not 14" in caught.value.message
    answer = GAME.ask("going-out", {"cards": FIVE_THREES + " KD"})
    assert "not 16 (the 16th card is the discard, C-4)" in answer["problems"][0]


def test_c_4_every_problem_is_listed_at_once() -> None:
    answer = GAME.ask(
        "going-out", {"melds": ["KS AS 2S", "5H 6H", "7D 8D 9D", "JC QC KC", "4S 5S 6S"]}
    )
    assert answer["goes_out"] is False
    assert answer["problems"] == [
        "meld 1 (KS AS 2S): KS AS 2S are not in sequence (the ace is high or low, not round "
        "the corner in Continental Rummy)",
        "meld 2 (5H 6H): a meld needs at least 3 cards",
        "going out melds exactly 15 cards, not 14",
    ]


def test_going_out_with_the_melds_says_when_another_arrangement_works() -> None:
    answer = GAME.ask(
        "going-out",
        {"melds": ["2S 3S 4S 5S 6S", "8D 9D 10D JD QD", "10H JH QH KH AH"]},
    )
    assert answer["problems"] == [
        "5+5+5 is not a going-out shape (3+3+3+3+3, 4+4+4+3 or 5+4+3+3, C-1)"
    ]
    answer = GAME.ask(
        "going-out", {"melds": ["2S 3S 4S 5S 6S 7S", "8D 9D 10D JD QD", "10H JH QH KH"]}
    )
    assert answer["goes_out"] is False
    assert answer["explanation"][-2].startswith("but the same cards do go out another way")


# C-1: a shape is the sizes of the melds, not the order a player happens to lay them in.
LEGAL_MELDS = [
    pytest.param(
        ["2S 3S 4S", "5H 6H 7H 8H", "9D 10D JD QD", "3C 4C 5C 6C"],
        "4+4+4+3",
        id="C-1-4443-ascending",
    ),
    pytest.param(
        ["5H 6H 7H 8H", "2S 3S 4S", "9D 10D JD QD", "3C 4C 5C 6C"],
        "4+4+4+3",
        id="C-1-4443-mixed",
    ),
    pytest.param(
        ["5H 6H 7H 8H", "9D 10D JD QD", "3C 4C 5C 6C", "2S 3S 4S"],
        "4+4+4+3",
        id="C-1-4443-descending",
    ),
    pytest.param(
        ["2S 3S 4S", "5H 6H 7H", "3C 4C 5C 6C", "9D 10D JD QD KD"],
        "5+4+3+3",
        id="C-1-5433-ascending",
    ),
    pytest.param(
        ["2S 3S 4S", "9D 10D JD QD KD", "5H 6H 7H", "3C 4C 5C 6C"],
        "5+4+3+3",
        id="C-1-5433-mixed",
    ),
    pytest.param(
        ["3C 4C 5C 6C", "2S 3S 4S", "5H JK 7H", "9D 10D JD QD KD"],
        "5+4+3+3",
        id="C-1-5433-mixed-with-a-joker",
    ),
    pytest.param(
        ["9D 10D JD QD KD", "3C 4C 5C 6C", "2S 3S 4S", "5H 6H 7H"],
        "5+4+3+3",
        id="C-1-5433-descending",
    ),
    pytest.param(
        ["2S 3S 4S", "5H 6H 7H", "9D 10D JD", "3C 4C 5C", "JC QC KC"],
        "3+3+3+3+3",
        id="C-1-33333",
    ),
]


@pytest.mark.parametrize(("melds", "shape"), LEGAL_MELDS)
def test_c_1_a_going_out_shape_is_accepted_in_any_order_of_melds(
    melds: list[str], shape: str
) -> None:
    answer = GAME.ask("going-out", {"melds": melds})
    assert answer["goes_out"] is True, answer["problems"]
    assert answer["problems"] == []
    assert answer["shape"] == shape
    assert answer["explanation"][-1] == f"goes out as {shape}"
    # A listed shape is the default rule, not the house rule's reach.
    assert not any("any_partition" in line for line in answer["explanation"])


ILLEGAL_SHAPES = [
    pytest.param(["2S 3S 4S 5S 6S", "8D 9D 10D JD QD", "10H JH QH KH AH"], "5+5+5", id="C-1-555"),
    pytest.param(
        ["2S 3S 4S", "5H 6H 7H", "9D 10D JD", "3C 4C 5C 6C 7C 8C"],
        "6+3+3+3",
        id="C-1-6333-ascending",
    ),
    pytest.param(
        ["3C 4C 5C 6C 7C 8C", "2S 3S 4S", "5H 6H 7H", "9D 10D JD"],
        "6+3+3+3",
        id="C-1-6333-descending",
    ),
    pytest.param(
        ["2S 3S 4S 5S", "9D 10D JD QD KD AD", "5H 6H 7H 8H 9H"],
        "6+5+4",
        id="C-1-654-mixed",
    ),
    pytest.param(
        ["2S 3S 4S", "5H 6H 7H", "3C 4C 5C 6C 7C 8C 9C 10C JC"],
        "9+3+3",
        id="C-1-933-ascending",
    ),
]


@pytest.mark.parametrize(("melds", "shape"), ILLEGAL_SHAPES)
def test_c_1_any_other_shape_is_refused_in_any_order_of_melds(melds: list[str], shape: str) -> None:
    answer = GAME.ask("going-out", {"melds": melds})
    assert answer["goes_out"] is False
    assert answer["problems"] == [
        f"{shape} is not a going-out shape (3+3+3+3+3, 4+4+4+3 or 5+4+3+3, C-1)"
    ]
    # Every meld is a good sequence: only the shape is wrong, and the house rule lets it go out.
    lenient = GAME.ask("going-out", {"melds": melds, "options": {"any_partition": True}})
    assert lenient["goes_out"] is True
    assert (
        "house rule “Any partition”: any split into sequences goes out (C-1)"
        in (lenient["explanation"])
    )


# --- 4.3 settlement and C-3 ------------------------------------------------------------------


def test_4_3_each_loser_pays_one_and_two_a_joker_the_seed_example() -> None:
    """4 players, 2 jokers: each loser pays 5 and the winner collects 15."""
    hand = "9C 10C JC QC KC 3H 4H 5H JK JK 7D 8D 2S 3S 4S"
    result = score({"went_out": 0, "cards": hand})
    assert [r.points for r in result.results] == [15, -5, -5, -5]
    assert [(p.payer, p.payee, p.amount) for p in result.payments] == [
        (1, 0, 5),
        (2, 0, 5),
        (3, 0, 5),
    ]
    paid = result.results[1].explanation[0]
    assert paid.named(NAMES) == (
        "pays Ann 5: 1 for the win + 2 each for 2 jokers in the going-out melds = 5 (4.3, C-3)"
    )
    assert result.results[0].explanation[1].startswith("collects 5 from each of the 3 others = 15")


def test_c_3_the_table_may_enter_just_the_jokers() -> None:
    result = score({"went_out": 3, "jokers": 2})
    assert [r.points for r in result.results] == [-5, -5, -5, 15]
    assert "as the table counted" in result.results[3].explanation[0]


def test_c_3_no_joker_pays_one() -> None:
    assert [r.points for r in score({"went_out": 1, "cards": FIVE_FOUR}).results] == [-1, 3, -1, -1]


def test_c_3_a_joker_count_beyond_the_pack_is_refused() -> None:
    with pytest.raises(BadEntryError) as caught:
        deal({"went_out": 0, "jokers": 3})
    assert caught.value.field == "jokers"
    assert deal({"went_out": 0, "jokers": 3}, players=6).jokers == 3


def test_record_is_one_way_or_the_other() -> None:
    with pytest.raises(BadEntryError):
        deal({"went_out": 0, "jokers": 1, "cards": FIVE_FOUR})
    with pytest.raises(BadEntryError):
        deal({"went_out": 0})


def test_two_players_one_pays_the_other() -> None:
    result = score({"went_out": 0, "jokers": 1}, players=2)
    assert [r.points for r in result.results] == [3, -3]
    assert "from the other player" in result.results[0].explanation[1]


# --- C-5 extras (house rules, off by default) -------------------------------------------------


def test_c_5_no_extras_by_default() -> None:
    assert [r.points for r in score({"went_out": 0, "cards": SAMPLE_HANDS[3]}).results] == [
        3,
        -1,
        -1,
        -1,
    ]


def test_c_5_jokerless_bonus() -> None:
    result = score({"went_out": 0, "cards": FIVE_FOUR}, jokerless_bonus=True)
    assert [r.points for r in result.results] == [33, -11, -11, -11]
    assert "house rule “Jokerless bonus”, C-5" in result.results[1].explanation[0]
    counted = score({"went_out": 0, "jokers": 0}, jokerless_bonus=True)
    assert counted.results[0].points == 33
    with_joker = score({"went_out": 0, "jokers": 1}, jokerless_bonus=True)
    assert with_joker.results[0].points == 9


def test_c_5_one_suit_bonus_from_the_cards() -> None:
    result = score({"went_out": 0, "cards": SAMPLE_HANDS[3]}, one_suit_bonus=True)
    assert [r.points for r in result.results] == [33, -11, -11, -11]
    assert "house rule “One suit bonus”, C-5" in result.results[2].explanation[0]
    both = score(
        {"went_out": 0, "cards": SAMPLE_HANDS[3]}, one_suit_bonus=True, jokerless_bonus=True
    )
    assert both.results[1].points == -21
    mixed = score({"went_out": 0, "cards": FIVE_FOUR}, one_suit_bonus=True)
    assert mixed.results[1].points == -1


def test_c_5_one_suit_bonus_when_only_the_jokers_are_counted() -> None:
    result = score({"went_out": 1, "jokers": 1, "one_suit": True}, one_suit_bonus=True)
    assert result.results[0].points == -13
    assert GAME.record(GAME.options({"one_suit_bonus": True}), 4).ways[1].fields == (
        "jokers",
        "one_suit",
    )
    # Without the house rule there is nothing to record about suits.
    with pytest.raises(BadEntryError):
        deal({"went_out": 1, "jokers": 1, "one_suit": True})


# --- P-3: how the game ends ------------------------------------------------------------------


def test_p_3_open_by_default() -> None:
    assert isinstance(GAME.end_rule(GAME.options(), 4), Open)
    deals = [deal({"went_out": 0, "jokers": 2}) for _ in range(20)]
    tally = GAME.tally(deals, players=4, options=GAME.options())
    assert not tally.finished
    assert tally.totals == (300, -100, -100, -100)
    assert [(p.payer, p.payee, p.amount) for p in tally.settlement] == [
        (1, 0, 100),
        (2, 0, 100),
        (3, 0, 100),
    ]


def test_p_3_a_target_ends_the_game() -> None:
    options = GAME.options({"target": 20})
    assert GAME.end_rule(options, 4) == Target(20)
    deals = [GAME.parse_deal({"went_out": 0, "jokers": 2}, players=4, options=options)] * 2
    tally = GAME.tally(deals, players=4, options=options)
    assert tally.finished and tally.winners == (0,)
    assert "house rule target: 20" in tally.notes


# --- Questions -------------------------------------------------------------------------------


def test_deadwood_counts_unmatched_cards_and_checks_a_claim() -> None:
    answer = GAME.ask("deadwood", {"cards": "4D 5D 6D 4D 5D 6D 9H KS 7S 7H 7C", "claimed": 3})
    assert answer["count"] == 5
    assert answer["claim_right"] is False
    assert answer["explanation"][-1] == "the claim of 3 is wrong: the best arrangement leaves 5"
    right = GAME.ask("deadwood", {"cards": FIVE_FOUR, "claimed": 0})
    assert (right["count"], right["claim_right"]) == (0, True)


def test_deadwood_refuses_more_than_sixteen_cards() -> None:
    with pytest.raises(BadEntryError) as caught:
        GAME.ask("deadwood", {"cards": FIVE_FOUR + " 2C 3C"})
    assert caught.value.field == "cards"


def test_settle_answers_from_raw_entries() -> None:
    answer = GAME.ask("settle", {"players": 4, "went_out": 2, "jokers": 1})
    assert answer["payments"] == [
        {"payer": 0, "payee": 2, "amount": 3},
        {"payer": 1, "payee": 2, "amount": 3},
        {"payer": 3, "payee": 2, "amount": 3},
    ]
    assert answer["explanation"]
    with pytest.raises(BadEntryError) as caught:
        GAME.ask("settle", {"went_out": 2, "jokers": 1})
    assert caught.value.field == "players"


def test_questions_default_to_a_two_pack_table() -> None:
    with pytest.raises(TooManyCopiesError):
        GAME.ask("deadwood", {"cards": "4H 4H 4H"})
    assert GAME.ask("deadwood", {"cards": "4H 4H 4H", "players": 6})["count"] == 3


# --- Properties ------------------------------------------------------------------------------


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(picks=st.lists(st.integers(0, 105), min_size=15, max_size=15, unique=True))
def test_going_out_exactly_when_a_shape_cuts_the_hand(picks: list[int]) -> None:
    pack = list(continental_pack(4))
    hand = [pack[i] for i in picks]
    style = meld_style(Options(), 4)
    result = judge_going_out(hand, style, Options())
    shapes = [(3, 3, 3, 3, 3), (4, 4, 4, 3), (5, 4, 3, 3)]
    assert result.valid == any(partition_melds(hand, style, s) is not None for s in shapes)
    assert result.valid != bool(result.problems)


def _runs_hand(data: st.DataObject) -> list[str]:
    """A hand of 15 built from runs, so that going out is common."""
    cards: list[str] = []
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    while len(cards) < 15:
        suit = data.draw(st.sampled_from("SHDC"))
        length = min(data.draw(st.integers(3, 6)), 15 - len(cards))
        start = data.draw(st.integers(0, 13 - length))
        cards += [ranks[start + i] + suit for i in range(length)]
    jokers = data.draw(st.integers(0, 2))
    for _ in range(jokers):
        cards[data.draw(st.integers(0, 14))] = "JK"
    return cards


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_hand_that_goes_out_settles_and_balances(data: st.DataObject) -> None:
    hand = " ".join(_runs_hand(data))
    raw = {"went_out": 0, "cards": hand}
    try:
        parsed = deal(raw)
    except AdjudicationError:
        return
    melded = [mc.card for m in parsed.melds for mc in m.cards]
    assert sorted(map(str, melded)) == sorted(hand.split())
    result = score(raw)
    assert sum(r.points for r in result.results) == 0
    assert result.results[0].points == 3 * (1 + 2 * hand.split().count("JK"))


@settings(max_examples=200, deadline=None)
@given(
    body=st.dictionaries(
        st.sampled_from(["cards", "melds", "claimed", "players", "went_out", "jokers", "one_suit"]),
        st.one_of(
            st.integers(-3, 20),
            st.booleans(),
            st.none(),
            st.sampled_from(["", "JK", "4C 5C 6C", FIVE_FOUR, "X", "JK=5C 6C 7C", "1S"]),
            st.lists(st.sampled_from(["4C 5C 6C", "JK", "ZZ", "QH KH AH"]), max_size=6),
        ),
    ),
    question=st.sampled_from(["meld", "deadwood", "going-out", "settle"]),
)
def test_questions_raise_only_adjudication_errors(body: dict[str, Any], question: str) -> None:
    with contextlib.suppress(AdjudicationError):
        GAME.ask(question, body)
