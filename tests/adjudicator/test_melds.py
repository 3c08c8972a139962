"""Rummy melds: sets, runs, and jokers that stand for a stated card, read by the one engine.

The meld values live in ``rummy/melds.py``; reading them (which meld, each joker's card) is
``rummy/melding_rules.py``. DEFAULT is Bridge Rummy's style: sets of 3-4 all different suits,
runs of 3+, the ace low or high, two packs and two jokers.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from adjudicator.cards import parse_cards
from adjudicator.errors import BadCardError, InvalidMeldError
from adjudicator.rummy.melding_rules import (
    ASK_JOKER,
    BRIDGE_RUMMY,
    Aces,
    MeldStyle,
    is_valid_meld,
    meld_problems,
    read_meld,
)
from adjudicator.rummy.melds import MeldCard, MeldKind, format_meld, parse_meld_cards

DEFAULT = BRIDGE_RUMMY
CORNER = replace(BRIDGE_RUMMY, aces=Aces.ROUND_THE_CORNER)
ACE_LOW_ONLY = replace(BRIDGE_RUMMY, aces=Aces.LOW)
NOT_IN_SEQUENCE = (
    "{} are not in sequence (the ace is high or low, not round the corner in Bridge Rummy)"
)


# ---------------------------------------------------------------------------------------------
# Reading meld cards
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("token", "written"),
    [
        pytest.param("5c", "5C", id="natural"),
        pytest.param("jk", "JK", id="joker-undesignated"),
        pytest.param("JK=5C", "JK=5C", id="joker-equals"),
        pytest.param("jk:5c", "JK=5C", id="joker-colon"),
        pytest.param("jk(5c)", "JK=5C", id="joker-brackets"),
        pytest.param("joker=th", "JK=10H", id="joker-word-and-T"),
    ],
)
def test_meld_card_notation(token: str, written: str) -> None:
    assert str(MeldCard.parse(token)) == written


@pytest.mark.parametrize(
    "token",
    [
        pytest.param("5C=6C", id="natural-standing-for-another"),
        pytest.param("JK=JK", id="joker-standing-for-a-joker"),
    ],
)
def test_only_a_joker_can_stand_for_a_card(token: str) -> None:
    with pytest.raises(BadCardError, match="only a joker can stand for another card") as caught:
        MeldCard.parse(token)
    assert caught.value.cards == (token,)


def test_a_bad_designation_is_a_bad_card() -> None:
    with pytest.raises(BadCardError) as caught:
        parse_meld_cards("4C JK=5X 6C")
    assert caught.value.code == "bad_card"
    assert caught.value.cards == ("5X",)


def test_effective_card_is_what_the_joker_stands_for() -> None:
    natural, designated, loose = parse_meld_cards("4C JK=5C JK")
    assert natural.effective == natural.card
    assert designated.effective == parse_cards("5C")[0]
    assert loose.effective is None
    assert (natural.is_joker, designated.is_joker, loose.is_joker) == (False, True, True)


# ---------------------------------------------------------------------------------------------
# Legal melds
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "kind", "settled"),
    [
        pytest.param("KS KH KD", MeldKind.SET, "KS KH KD", id="set-of-three"),
        pytest.param("7S 7H 7D 7C", MeldKind.SET, "7S 7H 7D 7C", id="set-of-four"),
        pytest.param("4C 5C 6C", MeldKind.RUN, "4C 5C 6C", id="run-of-three"),
        pytest.param("6C 4C 5C", MeldKind.RUN, "4C 5C 6C", id="run-put-in-order"),
        pytest.param("AS 2S 3S", MeldKind.RUN, "AS 2S 3S", id="ace-low"),
        pytest.param("QS KS AS", MeldKind.RUN, "QS KS AS", id="ace-high"),
        pytest.param(
            "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH",
            MeldKind.RUN,
            "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH",
            id="run-of-thirteen",
        ),
        pytest.param("KS KH JK", MeldKind.SET, "KS KH JK=KD", id="set-joker-takes-a-free-suit"),
        pytest.param("KS JK JK", MeldKind.SET, "KS JK=KH JK=KD", id="set-two-jokers"),
        pytest.param("KS KH JK=KC", MeldKind.SET, "KS KH JK=KC", id="set-joker-designated"),
        pytest.param("4C JK 6C", MeldKind.RUN, "4C JK=5C 6C", id="run-joker-fills-the-gap"),
        pytest.param("4C JK=5C 6C", MeldKind.RUN, "4C JK=5C 6C", id="run-joker-designated"),
        pytest.param("4C 5C JK=6C", MeldKind.RUN, "4C 5C JK=6C", id="run-joker-at-the-end"),
        pytest.param("JK=3C 4C 5C", MeldKind.RUN, "JK=3C 4C 5C", id="run-joker-at-the-start"),
        pytest.param("AS 2S 3S JK", MeldKind.RUN, "AS 2S 3S JK=4S", id="nothing-below-the-ace"),
        pytest.param("QS KS AS JK", MeldKind.RUN, "JK=JS QS KS AS", id="nothing-above-the-ace"),
        pytest.param("JK KS AS", MeldKind.RUN, "JK=QS KS AS", id="joker-below-king-ace"),
        pytest.param("4C JK JK 7C", MeldKind.RUN, "4C JK=5C JK=6C 7C", id="two-jokers-two-gaps"),
    ],
)
def test_legal_meld(cards: str, kind: MeldKind, settled: str) -> None:
    meld = read_meld(cards, DEFAULT)
    assert meld.kind is kind
    assert str(meld) == settled
    assert meld_problems(cards, DEFAULT) == []
    assert is_valid_meld(cards, DEFAULT)


def test_read_meld_takes_parsed_cards_too() -> None:
    cards = parse_meld_cards("4c jk 6c")
    assert str(read_meld(cards, DEFAULT)) == "4C JK=5C 6C"
    assert format_meld(cards) == "4C JK 6C"


@pytest.mark.parametrize(
    ("cards", "ace_low"),
    [
        pytest.param("AS 2S 3S", True, id="A-2-3"),
        pytest.param("AS 2S 3S 4S", True, id="A-2-3-4"),
        pytest.param("JK=AS 2S 3S", True, id="joker-as-low-ace"),
        pytest.param("QS KS AS", False, id="Q-K-A"),
        pytest.param("2S 3S 4S", False, id="no-ace"),
        pytest.param("AS AH AD", False, id="set-of-aces"),
    ],
)
def test_ace_low_marks_a_run_using_the_ace_below_the_two(cards: str, ace_low: bool) -> None:
    assert read_meld(cards, DEFAULT).ace_low is ace_low


def test_naturals_and_jokers_of_a_meld() -> None:
    meld = read_meld("4C JK 6C", DEFAULT)
    assert [str(c) for c in meld.naturals] == ["4C", "6C"]
    assert [str(j) for j in meld.jokers] == ["JK=5C"]


# ---------------------------------------------------------------------------------------------
# Illegal melds, every problem at once
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "problems"),
    [
        pytest.param(
            "KS KS KH", ["a set needs every suit different (KS KS)"], id="set-duplicate-suit"
        ),
        pytest.param(
            "KS KH JK=KS",
            ["a set needs every suit different (KS KS)"],
            id="set-joker-designated-a-suit-already-there",
        ),
        pytest.param(
            "KS KH KD KC KS",
            ["a set has 3 to 4 cards, not 5", "a set needs every suit different (KS KS)"],
            id="set-of-five",
        ),
        pytest.param(
            "KS KH KD KC JK", ["a set has 3 to 4 cards, not 5"], id="set-of-four-plus-joker"
        ),
        pytest.param("KS KS", ["a meld needs at least 3 cards"], id="two-cards-same-suit"),
        pytest.param("KS AS 2S", [NOT_IN_SEQUENCE.format("KS AS 2S")], id="K-A-2"),
        pytest.param("QS KS AS 2S", [NOT_IN_SEQUENCE.format("QS KS AS 2S")], id="no-2-on-Q-K-A"),
        pytest.param("4C 5C 7C", [NOT_IN_SEQUENCE.format("4C 5C 7C")], id="run-with-a-gap"),
        pytest.param(
            "4C JK=9C 6C", [NOT_IN_SEQUENCE.format("4C 9C 6C")], id="joker-designated-out-of-line"
        ),
        pytest.param(
            "4C 4C 5C 6C", ["a run cannot hold the same card twice (4C)"], id="run-repeats-a-card"
        ),
        pytest.param(
            "4C JK=4C 6C", ["a run cannot hold the same card twice (4C)"], id="joker-repeats-a-card"
        ),
        pytest.param(
            "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS",
            ["a run cannot hold the same card twice (AS)"],
            id="ace-both-ends",
        ),
        pytest.param(
            "4C 5C 6H",
            ["the cards are neither one rank (a set) nor one suit (a run): 4C 5C 6H"],
            id="neither-set-nor-run",
        ),
        pytest.param("4C 5C", ["a meld needs at least 3 cards"], id="run-of-two"),
        pytest.param(
            "JK JK JK",
            ["Bridge Rummy has only 2 jokers, not 3", "a meld needs at least 1 natural card"],
            id="jokers-only",
        ),
        pytest.param(
            "",
            ["a meld needs at least 3 cards", "a meld needs at least 1 natural card"],
            id="empty",
        ),
    ],
)
def test_illegal_meld_lists_every_problem(cards: str, problems: list[str]) -> None:
    assert meld_problems(cards, DEFAULT) == problems
    assert not is_valid_meld(cards, DEFAULT)
    with pytest.raises(InvalidMeldError) as caught:
        read_meld(cards, DEFAULT)
    err = caught.value
    assert err.code == "invalid_meld"
    assert list(err.problems) == problems
    assert err.cards == tuple(str(mc) for mc in parse_meld_cards(cards))


def test_invalid_meld_message_quotes_the_cards_and_every_problem() -> None:
    with pytest.raises(InvalidMeldError) as caught:
        read_meld("ks ks kh kd kc", DEFAULT)
    assert str(caught.value) == (
        "KS KS KH KD KC is not a meld in Bridge Rummy: a set has 3 to 4 cards, not 5; a set "
        "needs every suit different (KS KS)."
    )


# ---------------------------------------------------------------------------------------------
# Jokers without a designation
# ---------------------------------------------------------------------------------------------

ASK = ASK_JOKER
FOUR_JOKERS = replace(BRIDGE_RUMMY, jokers=4)


@pytest.mark.parametrize(
    ("cards", "rules"),
    [
        pytest.param("4C 5C JK", DEFAULT, id="below-or-above"),
        pytest.param("2S 3S JK", DEFAULT, id="ace-or-four"),
        pytest.param("QS KS JK", DEFAULT, id="jack-or-ace"),
        pytest.param("JK 10S JS QS KS", DEFAULT, id="nine-or-ace"),
        pytest.param("4C JK=5C JK", DEFAULT, id="designated-and-loose-joker"),
        pytest.param("4C JK JK 7C JK", FOUR_JOKERS, id="three-jokers-two-gaps"),
        pytest.param("QS KS AS JK", CORNER, id="round-the-corner-jack-or-two"),
        pytest.param("KS AS JK", CORNER, id="round-the-corner-queen-or-two"),
    ],
)
def test_an_ambiguous_joker_asks_for_a_designation(cards: str, rules: MeldStyle) -> None:
    # meld_problems only asks whether some reading fits; reading the meld needs just one.
    assert meld_problems(cards, rules) == []
    with pytest.raises(InvalidMeldError) as caught:
        read_meld(cards, rules)
    assert list(caught.value.problems) == [ASK]


@pytest.mark.parametrize(
    ("cards", "settled"),
    [
        pytest.param("4C 5C JK=6C", "4C 5C JK=6C", id="above"),
        pytest.param("4C 5C JK=3C", "JK=3C 4C 5C", id="below"),
        pytest.param("QS KS JK=AS", "QS KS JK=AS", id="ace-high"),
    ],
)
def test_a_designation_settles_the_reading(cards: str, settled: str) -> None:
    assert str(read_meld(cards, DEFAULT)) == settled


def test_a_run_with_the_ace_high_only_has_one_reading_when_aces_are_low_only() -> None:
    assert str(read_meld("QS KS JK", ACE_LOW_ONLY)) == "JK=JS QS KS"


# ---------------------------------------------------------------------------------------------
# Variants
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "settled"),
    [
        pytest.param("KS AS 2S", "KS AS 2S", id="K-A-2"),
        pytest.param("2S QS KS AS", "QS KS AS 2S", id="Q-K-A-2"),
        pytest.param("KS JK 2S", "KS JK=AS 2S", id="joker-as-the-corner-ace"),
        pytest.param("QS KS AS", "QS KS AS", id="plain-ace-high-still-fine"),
    ],
)
def test_round_the_corner_allows_k_a_2(cards: str, settled: str) -> None:
    assert str(read_meld(cards, CORNER)) == settled


def test_q_k_a_is_not_a_run_when_the_ace_is_low_only() -> None:
    assert meld_problems("QS KS AS", ACE_LOW_ONLY) == [
        "QS KS AS are not in sequence (the ace is low in Bridge Rummy)"
    ]
    assert is_valid_meld("AS 2S 3S", ACE_LOW_ONLY)


@pytest.mark.parametrize(
    ("cards", "problems"),
    [
        pytest.param("KS KH JK", [], id="two-naturals-enough"),
        pytest.param("KS JK JK", ["a meld needs at least 2 natural cards"], id="set-one-natural"),
        pytest.param(
            "4C JK=5C JK=6C", ["a meld needs at least 2 natural cards"], id="run-one-natural"
        ),
    ],
)
def test_min_naturals(cards: str, problems: list[str]) -> None:
    assert meld_problems(cards, replace(BRIDGE_RUMMY, min_naturals=2)) == problems


def test_one_natural_card_with_jokers_is_a_meld_by_default() -> None:
    assert is_valid_meld("KS JK JK", DEFAULT)


def test_one_natural_card_with_loose_jokers_reads_as_a_set() -> None:
    # A run needs its jokers designated (JK=5C) to be read as one.
    assert str(read_meld("4C JK JK", DEFAULT)) == "4C JK=4S JK=4H"
    assert str(read_meld("4C JK=5C JK=6C", DEFAULT)) == "4C JK=5C JK=6C"


@pytest.mark.parametrize(
    ("rules", "cards", "valid"),
    [
        pytest.param(replace(DEFAULT, min_run=4), "4C 5C 6C", False, id="min-run-4-rejects-three"),
        pytest.param(replace(DEFAULT, min_run=4), "4C 5C 6C 7C", True, id="min-run-4-accepts-four"),
        pytest.param(replace(DEFAULT, set_suits_repeat=True), "KS KS KH", True, id="repeat-suits"),
        pytest.param(
            replace(DEFAULT, max_set=8), "KS KH KD KC KS", False, id="distinct-suits-still"
        ),
        pytest.param(
            replace(DEFAULT, max_set=8, set_suits_repeat=True),
            "KS KH KD KC KS",
            True,
            id="big-sets",
        ),
    ],
)
def test_meld_style_variants(rules: MeldStyle, cards: str, valid: bool) -> None:
    assert is_valid_meld(cards, rules) is valid
    if valid:
        assert str(read_meld(cards, rules))
