"""One meld engine for the rummy family (issue 9): styles as data, meld checks, best melding."""

from __future__ import annotations

import contextlib
import itertools
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.cards import ALL_CARDS, JOKER, Card, parse_cards
from adjudicator.errors import AdjudicationError, InvalidMeldError, NotInPackError
from adjudicator.rummy.melding_rules import (
    BOATHOUSE,
    CONTINENTAL,
    CRUMMY,
    RUMMY,
    MeldStyle,
    best_melding,
    boathouse_value,
    continental_value,
    crummy_value,
    is_valid_meld,
    meld_problems,
    rummy_value,
    validate_meld,
)

STYLES = {"rummy": RUMMY, "boathouse": BOATHOUSE, "continental": CONTINENTAL, "crummy": CRUMMY}
VALUES = {
    "rummy": rummy_value,
    "boathouse": boathouse_value,
    "continental": continental_value,
    "crummy": crummy_value,
}


@pytest.mark.parametrize(
    ("game", "cards", "valid"),
    [
        pytest.param("rummy", "QS KS AS", False, id="4.1-q-k-a-not-a-sequence"),
        pytest.param("rummy", "AS 2S 3S", True, id="4.1-ace-low"),
        pytest.param("rummy", "KS AS 2S", False, id="4.1-no-round-the-corner"),
        pytest.param("rummy", "7S 7H 7D 7C", True, id="4.1-set-of-four"),
        pytest.param("rummy", "7S 7H", False, id="4.1-pair-is-no-set"),
        pytest.param("rummy", "7S 7H JK", False, id="4.1-no-jokers"),
        pytest.param("boathouse", "KS AS 2S", True, id="4.2-k-a-2-round-the-corner"),
        pytest.param("boathouse", "QH KH AH 2H 3H", True, id="4.2-q-k-a-2-3"),
        pytest.param("boathouse", "QS KS AS", True, id="4.2-ace-high"),
        pytest.param("continental", "7S 7H 7D", False, id="4.3-sets-worthless"),
        pytest.param("continental", "QD KD AD", True, id="4.3-ace-high"),
        pytest.param("continental", "KD AD 2D", False, id="4.3-not-round-the-corner"),
        pytest.param("continental", "5D JK 7D", True, id="4.3-joker-in-a-gap"),
        pytest.param("continental", "JK JK JK", False, id="4.3-C-2-one-natural"),
        pytest.param("crummy", "3S 3S 3H", True, id="5a-set-suits-repeat"),
        pytest.param("crummy", "3S 3S 3H 3H 3D JK", True, id="5a-set-of-three-or-more"),
        pytest.param("crummy", "9D 10D JD", False, id="5a-run-of-three-too-short"),
        pytest.param("crummy", "9D 10D JD QD", True, id="5a-run-of-four"),
        pytest.param("crummy", "9D JK JD QD", True, id="5a-joker-in-a-run"),
        pytest.param("crummy", "5S JK JK", True, id="5a-joker-set"),
        pytest.param("crummy", "QD KD AD 2D", False, id="5a-CR-6-no-corner"),
        pytest.param("crummy", "3S 3S 3S", False, id="5a-two-packs-only"),
    ],
)
def test_is_valid_meld_by_ruling(game: str, cards: str, valid: bool) -> None:
    assert is_valid_meld(cards, STYLES[game]) is valid
    assert (meld_problems(cards, STYLES[game]) == []) is valid


def test_meld_problems_lists_every_problem_at_once() -> None:
    problems = meld_problems("7S 7S JK", RUMMY)
    assert problems == [
        "there are no jokers in Rummy",
        "7S is held 2 times, but Rummy is played with one pack",
        "a set needs every suit different (7S 7S)",
    ]


def test_validate_meld_raises_invalid_meld_error_with_problems() -> None:
    with pytest.raises(InvalidMeldError) as caught:
        validate_meld("QS KS AS", RUMMY)
    assert caught.value.code == "invalid_meld"
    assert caught.value.problems == ("QS KS AS are not in sequence (the ace is low in Rummy)",)
    validate_meld("JK=5C 6C 7C 8C", CRUMMY)


def test_designated_joker_must_fit() -> None:
    assert is_valid_meld("JK=5C 6C 7C", CONTINENTAL)
    assert not is_valid_meld("JK=9C 6C 7C", CONTINENTAL)


@pytest.mark.parametrize(
    ("game", "hand", "count", "left"),
    [
        pytest.param("rummy", "QS KS AS 5H", 26, "QS KS AS 5H", id="4.1-q-k-a-all-unmatched"),
        pytest.param("boathouse", "KS AS 2S 5H", 5, "5H", id="4.2-k-a-2-melded"),
        pytest.param("boathouse", "AH 4C", 15, "AH 4C", id="4.2-ace-counts-11"),
        pytest.param("crummy", "3S 3S 3H 9C", 9, "9C", id="5a-repeated-suit-set"),
        pytest.param("crummy", "AD JK", 30, "AD JK", id="5a-ace-and-joker-15"),
        pytest.param("rummy", "5S 5H 5D 6S 7S", 10, "5H 5D", id="4-set-or-run-whichever-is-lower"),
        pytest.param(
            "rummy", "4S 5S 6S 7S 7H 7D", 0, "", id="4-run-of-four-gives-a-card-to-the-set"
        ),
        pytest.param(
            "crummy", "5S 6S 7S KH KD JK", 18, "5S 6S 7S", id="5a-joker-goes-where-it-saves-most"
        ),
        pytest.param(
            "continental", "4D 5D 6D 4D 5D 6D 9H KS", 2, "9H KS", id="4.3-two-packs-two-runs"
        ),
    ],
)
def test_best_melding_by_ruling(game: str, hand: str, count: int, left: str) -> None:
    result = best_melding(hand, STYLES[game], VALUES[game])
    assert result.count == count
    assert Counter(result.leftover) == Counter(parse_cards(left))


def test_best_melding_refuses_cards_outside_the_pack() -> None:
    with pytest.raises(NotInPackError):
        best_melding("5S 6S JK", RUMMY, rummy_value)
    with pytest.raises(AdjudicationError):
        best_melding("5S 5S", RUMMY, rummy_value)


# ---------------------------------------------------------------------------------------------
# Properties against a plain exhaustive search
# ---------------------------------------------------------------------------------------------


def _exhaustive(hand: list[Card], style: MeldStyle, value: object) -> int:
    """Try every way of cutting the hand into melds and leftovers (fine for 9 cards)."""
    assert callable(value)
    if not hand:
        return 0
    first, rest = hand[0], hand[1:]
    best: int = value(first) + _exhaustive(rest, style, value)
    for size in range(2, len(hand) + 1):
        for others in {tuple(sorted(c, key=str)) for c in itertools.combinations(rest, size - 1)}:
            if is_valid_meld([first, *others], style):
                left = list((Counter(rest) - Counter(others)).elements())
                best = min(best, _exhaustive(left, style, value))
    return best


def _hands(style: MeldStyle, most: int) -> st.SearchStrategy[list[Card]]:
    pack = list(style.pack)
    return st.lists(st.sampled_from(range(len(pack))), max_size=most, unique=True).map(
        lambda picks: [pack[i] for i in picks]
    )


def _near_hands(style: MeldStyle, most: int) -> st.SearchStrategy[list[Card]]:
    """Hands from a few neighbouring ranks, so that melds are common."""
    pack = [
        c
        for c in style.pack
        if c.is_joker or (c.rank is not None and c.rank.number in {1, 2, 3, 4, 12, 13})
    ]
    return st.lists(st.sampled_from(range(len(pack))), max_size=most, unique=True).map(
        lambda picks: [pack[i] for i in picks]
    )


@pytest.mark.parametrize("game", list(STYLES))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_best_melding_matches_exhaustive_search(game: str, data: st.DataObject) -> None:
    style, value = STYLES[game], VALUES[game]
    hand = data.draw(st.one_of(_hands(style, 9), _near_hands(style, 9)))
    result = best_melding(hand, style, value)
    assert result.count == _exhaustive(hand, style, value)
    # The melds are valid, disjoint, and with the leftover use exactly the hand's cards.
    for meld in result.melds:
        assert is_valid_meld(meld.cards, style), str(meld)
    used = Counter(mc.card for meld in result.melds for mc in meld.cards)
    assert used + Counter(result.leftover) == Counter(hand)
    assert result.count == sum(value(c) for c in result.leftover)


@pytest.mark.parametrize("game", list(STYLES))
@settings(max_examples=60, deadline=None)
@given(
    tokens=st.lists(st.sampled_from([*map(str, ALL_CARDS), "JK", "X", "1S", "JK=5C"]), max_size=12)
)
def test_only_adjudication_errors_escape(game: str, tokens: list[str]) -> None:
    text = " ".join(tokens)
    with contextlib.suppress(AdjudicationError):
        best_melding(text, STYLES[game], VALUES[game])
    with contextlib.suppress(AdjudicationError):
        meld_problems(text, STYLES[game])
        validate_meld(text, STYLES[game])


def test_a_joker_counts_as_a_joker_in_crummy() -> None:
    assert best_melding([JOKER], CRUMMY, crummy_value).count == 15
