"""The shared settlement of the rummy family, and properties over random input (hypothesis).

Random raw deals and question bodies are answered or refused with an AdjudicationError, never
anything else; an accepted deal balances; the unmatched count the settlement charges is never
above a melding found by a simple independent search.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.cards import ALL_CARDS, Card, format_cards
from adjudicator.errors import AdjudicationError
from adjudicator.game import Game
from adjudicator.rummy.boathouse import BoathouseRummy
from adjudicator.rummy.gamblers import Gamblers
from adjudicator.rummy.melding_rules import is_valid_meld
from adjudicator.rummy.rummy import Rummy
from adjudicator.rummy.settlement import (
    BOATHOUSE_UNMATCHED,
    RUMMY_HELD,
    RUMMY_UNMATCHED,
    Counting,
    Hand,
    Ledger,
    Valued,
    losers_pay,
    lowest_collects,
    value_hand,
)

GAMES: list[Game[Any, Any]] = [Rummy(), BoathouseRummy(), Gamblers()]


def outcome(run: Callable[[], Any]) -> Any:
    """What ``run`` returns, or the AdjudicationError it raises (anything else fails the test)."""
    try:
        return run()
    except AdjudicationError as err:
        return err


# ---------------------------------------------------------------------------------------------
# The shared pieces
# ---------------------------------------------------------------------------------------------


def test_a_ledger_explains_each_payment_to_both_sides_and_balances() -> None:
    ledger = Ledger(3)
    losers_pay(ledger, 2, [Valued(0, 7, "7 in hand"), Valued(1, 0, "nothing")], times=2)
    assert ledger.nets() == [-14, 0, 14]
    assert len(ledger.payments) == 1  # nothing is recorded for 0
    results = ledger.results()
    assert results[1].explanation == ("Seat 2 neither pays nor collects",)
    assert results[0].explanation == ("Seat 1 pays seat 3 14: 7 in hand",)
    assert results[2].explanation == ("Seat 3 collects 14 from seat 1: 7 in hand",)


def test_lowest_collects_shares_exactly_between_tied_lowest() -> None:
    ledger = Ledger(3)
    winners = lowest_collects(
        ledger, [Valued(0, 1, ""), Valued(1, 1, ""), Valued(2, 2, "")], rule="K-2"
    )
    assert winners == (0, 1)
    assert ledger.nets() == [Fraction(1, 2), Fraction(1, 2), -1]


def test_value_hand_counts_in_hand_or_unmatched() -> None:
    hand = Hand(0, cards=(Card.parse("AS"), Card.parse("2S"), Card.parse("3S"), Card.parse("AH")))
    assert value_hand(hand, RUMMY_HELD).points == 7
    assert value_hand(hand, RUMMY_UNMATCHED).points == 1
    assert value_hand(hand, BOATHOUSE_UNMATCHED).points == 11


# ---------------------------------------------------------------------------------------------
# The unmatched count against an independent search
# ---------------------------------------------------------------------------------------------


def simple_best(cards: tuple[Card, ...], counting: Counting) -> int:
    """The lowest count left by any disjoint melds: every subset of 3-5 cards tried as a meld."""
    melds = [
        frozenset(group)
        for size in (3, 4, 5)
        for group in itertools.combinations(range(len(cards)), size)
        if is_valid_meld([cards[i] for i in group], counting.style)
    ]
    best = sum(counting.value(c) for c in cards)

    def search(start: int, used: frozenset[int]) -> None:
        nonlocal best
        left = sum(counting.value(c) for i, c in enumerate(cards) if i not in used)
        best = min(best, left)
        for k in range(start, len(melds)):
            if not melds[k] & used:
                search(k + 1, used | melds[k])

    search(0, frozenset())
    return best


hands = st.lists(st.sampled_from(ALL_CARDS), min_size=1, max_size=9, unique=True)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands, st.sampled_from([BOATHOUSE_UNMATCHED, RUMMY_UNMATCHED]))
def test_the_count_charged_is_never_above_a_simple_search(
    cards: list[Card], counting: Counting
) -> None:
    charged = value_hand(Hand(0, cards=tuple(cards)), counting).points
    # No run in one pack's 9 cards is longer than 5 that the simple search would miss: any
    # longer run splits into runs of 3-5 covering the same cards.
    assert charged <= simple_best(tuple(cards), counting)
    assert charged == simple_best(tuple(cards), counting)


# ---------------------------------------------------------------------------------------------
# Random raw input: answered or refused, never anything else
# ---------------------------------------------------------------------------------------------

card_text = st.lists(st.sampled_from([*map(str, ALL_CARDS), "JK", "ZZ", "10X"]), max_size=12).map(
    " ".join
)
values = st.one_of(
    st.integers(min_value=-5, max_value=500),
    card_text,
    st.booleans(),
    st.none(),
    st.lists(st.integers(min_value=0, max_value=3), max_size=2),
)
entries = st.lists(
    st.dictionaries(
        st.sampled_from(["seat", "cards", "held", "unmatched", "other"]), values, max_size=3
    ),
    max_size=7,
)
raw_deals = st.fixed_dictionaries(
    {},
    optional={
        "went_out": st.one_of(
            st.integers(min_value=-1, max_value=6), st.none(), st.text(max_size=2)
        ),
        "refused": st.one_of(st.integers(min_value=-1, max_value=6), st.none()),
        "rummy": st.one_of(st.booleans(), st.integers()),
        "hands": st.one_of(entries, st.text(max_size=3)),
    },
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(GAMES),
    st.integers(min_value=2, max_value=6),
    raw_deals,
    st.booleans(),
)
def test_random_raw_deals_are_scored_or_refused_cleanly(
    game: Game[Any, Any], players: int, raw: dict[str, Any], flip: bool
) -> None:
    players = 4 if isinstance(game, Gamblers) else players
    names = [info.name for info in game.describe_options() if info.kind == "bool"]
    options = game.options({name: flip for name in names})
    deal = outcome(lambda: game.parse_deal(raw, players=players, options=options))
    if isinstance(deal, AdjudicationError):
        assert deal.code != AdjudicationError.code
        return
    result = game.tally([deal], players=players, options=options)
    assert sum(result.totals) == 0


@st.composite
def shaped_deals(draw: Any) -> tuple[Game[Any, Any], int, dict[str, Any], Any]:
    """Deals of the right shape: a winner and random hands of random sizes from one pack."""
    game = draw(st.sampled_from(GAMES))
    players = 4 if isinstance(game, Gamblers) else draw(st.integers(min_value=2, max_value=6))
    option = draw(st.booleans())
    names = [info.name for info in game.describe_options() if info.kind == "bool"]
    options = game.options({name: option for name in names})
    pack = list(ALL_CARDS)
    pack = draw(st.permutations(pack))
    refused = isinstance(game, Gamblers) and draw(st.booleans())
    winner = draw(st.integers(min_value=0, max_value=players - 1))
    hands = []
    for who in range(players):
        if who == winner and not refused:
            continue
        size = draw(st.integers(min_value=0, max_value=11))
        cards, pack = pack[:size], pack[size:]
        count_key = "unmatched" if isinstance(game, BoathouseRummy) or refused else "held"
        if draw(st.booleans()):
            hands.append({"seat": who, "cards": format_cards(cards)})
        else:
            hands.append({"seat": who, count_key: draw(st.integers(min_value=-1, max_value=80))})
    raw: dict[str, Any] = {"refused": winner} if refused else {"went_out": winner}
    if not refused or option:
        raw["hands"] = hands
    return game, players, raw, options


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(shaped_deals())
def test_shaped_deals_balance_or_are_refused_with_a_field(
    case: tuple[Game[Any, Any], int, dict[str, Any], Any],
) -> None:
    game, players, raw, options = case
    deal = outcome(lambda: game.parse_deal(raw, players=players, options=options))
    if isinstance(deal, AdjudicationError):
        assert deal.code != AdjudicationError.code
        assert deal.field
        return
    result = game.tally([deal], players=players, options=options)
    assert sum(result.totals) == 0
    for r in result.deals[0].results:
        assert r.explanation


bodies = st.dictionaries(
    st.sampled_from(
        [
            "cards",
            "claimed",
            "hand",
            "melds",
            "layoffs",
            "discard",
            "taken",
            "declared_before",
            "players",
            "went_out",
            "hands",
            "refused",
            "options",
        ]
    ),
    st.one_of(
        values,
        st.lists(card_text, max_size=3),
        st.lists(st.fixed_dictionaries({"cards": card_text, "onto": card_text}), max_size=2),
        st.dictionaries(st.text(max_size=4), st.booleans(), max_size=1),
    ),
    max_size=6,
)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(GAMES), st.data(), bodies)
def test_random_question_bodies_are_answered_or_refused_cleanly(
    game: Game[Any, Any], data: Any, body: dict[str, Any]
) -> None:
    name = data.draw(st.sampled_from(sorted(game.questions())))
    answer = outcome(lambda: game.ask(name, body))
    if isinstance(answer, AdjudicationError):
        assert answer.code != AdjudicationError.code
        assert answer.field, (name, body, answer)
        return
    assert "explanation" in answer


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_every_question_is_answered_for_a_good_body(game: Game[Any, Any]) -> None:
    assert game.ask("meld", {"cards": "5H 6H 7H"})["valid"]
    assert game.ask("deadwood", {"cards": "5H 6H 7H KS"})["count"] == 10
