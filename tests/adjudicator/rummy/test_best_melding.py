"""One meld engine for the rummy family (issue 9): styles as data, meld checks, best melding."""

from __future__ import annotations

import contextlib
import itertools
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.budget import budget
from adjudicator.cards import ALL_CARDS, JOKER, Card, parse_cards
from adjudicator.errors import (
    AdjudicationError,
    InvalidMeldError,
    NotInPackError,
    SearchTooLongError,
)
from adjudicator.rummy.melding_rules import (
    BOATHOUSE,
    CONTINENTAL,
    CRUMMY,
    RUMMY,
    STATE_STEPS,
    WAY_STEPS,
    MeldStyle,
    best_melding,
    boathouse_value,
    continental_value,
    crummy_value,
    is_valid_meld,
    meld_problems,
    partition_melds,
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


# ---------------------------------------------------------------------------------------------
# The search's budget (issue 26): steps, not seconds
# ---------------------------------------------------------------------------------------------

# 49 cards no search finishes within an answer's budget (found by bench/adjudication_worst.py).
COSTLY = parse_cards(
    "KH 7D 3S 4D 2S JK 7S 10C 2H 7S 10S AS AC JH KC AD QS 7H 6H 7H 8C 2C 2D QD 8H 5D 2S JK 5S "
    "6D 9S 6S 9D 10D 10H JK KH 5D 8C 4H 2D 2H 4S 9H 6H KS AD 8S JC"
)


@pytest.mark.parametrize("steps", [1, 50, 2_000, 20_000])
def test_a_search_out_of_steps_gives_the_best_melding_it_found_and_no_more(steps: int) -> None:
    with budget(steps) as spent:
        result = best_melding(COSTLY, CRUMMY, crummy_value, exact=False)
    # Past the budget by the one step that found it gone (a state's or a way's), no more.
    assert steps < spent.spent <= steps + max(STATE_STEPS, WAY_STEPS)
    assert not result.proven
    # Whatever it found is a melding of exactly these cards, counted right.
    for meld in result.melds:
        assert is_valid_meld(meld.cards, CRUMMY), str(meld)
    used = Counter(mc.card for meld in result.melds for mc in meld.cards)
    assert used + Counter(result.leftover) == Counter(COSTLY)
    assert result.count == sum(crummy_value(c) for c in result.leftover)


def test_the_best_melding_found_improves_with_more_steps_and_stops_at_the_exact_one() -> None:
    counts = []
    for steps in (2_000, 20_000, 200_000):
        with budget(steps):
            counts.append(best_melding(COSTLY, CRUMMY, crummy_value, exact=False).count)
    assert counts == sorted(counts, reverse=True)
    exact = best_melding(COSTLY, CRUMMY, crummy_value, exact=False)  # a fresh budget: too few
    with budget(10**9):
        found = best_melding(COSTLY, CRUMMY, crummy_value)
    assert found.proven and found.count <= exact.count


def test_an_exact_search_out_of_steps_refuses_rather_than_guess() -> None:
    with budget(5_000), pytest.raises(SearchTooLongError) as refused:
        best_melding(COSTLY, CRUMMY, crummy_value)
    assert "49 cards can be melded in too many ways" in refused.value.message
    assert refused.value.code == "search_too_long"


def test_finding_the_melds_a_hand_can_make_is_paid_for_in_steps_too() -> None:
    # Before the search proper, every way of making a run or a set from 100 cards is tried:
    # that is counted as well, so a tiny budget stops even there, with every card left over.
    hundred = [c for c in CRUMMY.pack if not c.is_joker][:96] + [JOKER] * 4
    with budget(10) as spent:
        result = best_melding(hundred, CRUMMY, crummy_value, exact=False)
    assert 10 < spent.spent <= 10 + WAY_STEPS
    assert result.melds == () and Counter(result.leftover) == Counter(hundred)


def test_a_partition_search_out_of_steps_refuses() -> None:
    hand = parse_cards("2S 3S 4S 5S 8D 9D 10D JD 10H JH QH KH 6C JK 8C")
    assert partition_melds(hand, CONTINENTAL, (4, 4, 4, 3)) is not None
    with budget(10), pytest.raises(SearchTooLongError):
        partition_melds(hand, CONTINENTAL, (4, 4, 4, 3))


def test_a_melding_that_leaves_nothing_ends_the_search_so_the_issues_hand_takes_few_steps() -> None:
    # Issue 26's hand took 1.8 s; 135,039 steps when every way is tried after one left nothing.
    hand = parse_cards(
        "4S 5C 6D 7H 5C 6H 7D 6S 5D 5H 5H 9D 6C 9S 9H 7D 7C 4C JK 7S 4D 4D 9C 6H JK JK"
    )
    with budget(10**9) as spent:
        result = best_melding(hand, CRUMMY, crummy_value)
    assert result.proven and result.count == 0
    assert spent.spent < 20_000


def test_the_search_places_cards_by_rank_so_a_long_hand_takes_few_steps() -> None:
    # A Boathouse loser may hold 42 cards (4.2). These 36, shuffled, take 791,137 steps when
    # the lowest card is taken by suit first: every run punches holes through the multisets.
    hand = parse_cards(
        "10D 9S 6H AD 10S 9D 8S JD 7H KC QS 7S QD 6C KS JH 2C 5S 4S AH 6D 9H 5H 7D QH JS 2H JC "
        "KH 3C 9C 7C 6S 8H 3S 5D"
    )
    with budget(10**9) as spent:
        result = best_melding(hand, BOATHOUSE, boathouse_value)
    assert result.proven
    assert spent.spent < 40_000
