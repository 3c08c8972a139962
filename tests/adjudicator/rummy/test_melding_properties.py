"""The one meld engine, checked against a plain search written here (hypothesis).

For every :class:`MeldStyle` in ``adjudicator/rummy/melding_rules.py`` (found by looking, so a
style added later is covered), with its value function, over random hands from its pack of 0 to
16 cards (repeated cards and jokers where the pack has them):

* ``best_melding`` gives melds that are each a meld under ``meld_problems``, that with the
  leftover use exactly the hand's cards, and a count that is the sum of the leftover's values;
* its count is never above the count of any melding found by the search here, which works
  differently from the engine: it lists melds by trying sub-multisets of each rank and each suit
  (plus jokers) against ``meld_problems``, then packs disjoint melds, branch and bound, meld by
  meld. For hands of up to 9 cards the packing is exhaustive and must give the same minimum;
  for bigger hands it is exhaustive when small enough, and otherwise random greedy packings
  and an exhaustive re-melding of the leftover with each of the engine's melds must not beat it.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections import Counter
from collections.abc import Callable, Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.cards import JOKER, Card, Suit, parse_cards
from adjudicator.errors import NotInPackError
from adjudicator.rummy import melding_rules
from adjudicator.rummy.melding_rules import (
    CRUMMY,
    CardValue,
    Melding,
    MeldStyle,
    best_melding,
    crummy_value,
    meld_problems,
)

# ---------------------------------------------------------------------------------------------
# Every style in the engine, with its value function
# ---------------------------------------------------------------------------------------------


def _fallback_value(c: Card) -> int:
    """For a style with no ``<style>_value`` of its own: pips, courts 10, the joker 20."""
    return 20 if c.rank is None else min(c.rank.number, 10)


def _engine_styles() -> list[tuple[str, MeldStyle, CardValue]]:
    found: list[tuple[str, MeldStyle, CardValue]] = []
    for name, thing in vars(melding_rules).items():
        if isinstance(thing, MeldStyle):
            value = getattr(melding_rules, f"{name.lower()}_value", None)
            found.append((name, thing, value if callable(value) else _fallback_value))
    return found


STYLES = _engine_styles()
# A style whose jokers may meld with no natural card (Continental's C-2 option): the engine then
# melds leftover jokers on their own.
VARIANTS = [
    (f"{name}-all-jokers", dataclasses.replace(style, min_naturals=0), value)
    for name, style, value in STYLES
    if style.jokers
]
ALL = STYLES + VARIANTS
IDS = [name for name, _, _ in ALL]


def test_the_engine_styles_are_all_here() -> None:
    names = {name for name, _, _ in STYLES}
    assert {"RUMMY", "BOATHOUSE", "CONTINENTAL", "CRUMMY"} <= names


# ---------------------------------------------------------------------------------------------
# Hands
# ---------------------------------------------------------------------------------------------


def _pick(pool: Sequence[Card], most: int, least: int = 0) -> st.SearchStrategy[list[Card]]:
    """Cards from ``pool`` (a list that repeats a card as often as the pack holds it)."""
    top = min(most, len(pool))
    return st.lists(
        st.sampled_from(range(len(pool))), min_size=min(least, top), max_size=top, unique=True
    ).map(lambda picks: [pool[i] for i in picks])


def hands(style: MeldStyle, most: int = 16) -> st.SearchStrategy[list[Card]]:
    """A hand from the style's pack: from the whole pack, or from a few suits and neighbouring
    ranks (so melds are common), or (with two packs and jokers) 14 cards and two jokers."""
    pack = list(style.pack)

    @st.composite
    def near(draw: st.DrawFn) -> list[Card]:
        suits = draw(st.sets(st.sampled_from(list(Suit)), min_size=1, max_size=4))
        low = draw(st.integers(1, 13))
        span = draw(st.integers(3, 7))
        numbers = {(low + i - 1) % 13 + 1 for i in range(span)}
        pool = [
            c
            for c in pack
            if c.is_joker or (c.suit in suits and c.rank is not None and c.rank.number in numbers)
        ]
        return draw(_pick(pool, most))

    @st.composite
    def two_jokers(draw: st.DrawFn) -> list[Card]:
        naturals = [c for c in pack if not c.is_joker]
        return [*draw(_pick(naturals, most - 2, most - 2)), JOKER, JOKER]

    options = [_pick(pack, most), near()]
    if style.jokers >= 2 and style.packs >= 2 and most >= 16:
        options.append(two_jokers())
    return st.one_of(options)


# ---------------------------------------------------------------------------------------------
# The independent search
# ---------------------------------------------------------------------------------------------

type Group = tuple[Card, ...]  # a meld as a sorted multiset of the hand's cards


def _key(c: Card) -> tuple[int, int]:
    if c.rank is None or c.suit is None:
        return (99, 99)
    return (list(Suit).index(c.suit), c.rank.number)


def _sub_multisets(cards: Sequence[Card], most: int) -> list[Group]:
    counts = Counter(cards)
    picks: list[list[Card]] = [[]]
    for c in sorted(counts, key=_key):
        picks = [p + [c] * k for p in picks for k in range(counts[c] + 1) if len(p) + k <= most]
    return [tuple(p) for p in picks]


def all_melds(hand: Sequence[Card], style: MeldStyle, most: int = 16) -> list[Group]:
    """Every meld of at most ``most`` cards the hand holds: each sub-multiset of one rank or one
    suit, with 0 or more of the hand's jokers, that ``meld_problems`` accepts."""
    naturals = [c for c in hand if not c.is_joker]
    jokers = len(hand) - len(naturals)
    groups: list[list[Card]] = [[]]  # the empty group: jokers alone
    groups += [[c for c in naturals if c.rank == rank] for rank in {c.rank for c in naturals}]
    groups += [[c for c in naturals if c.suit == suit] for suit in {c.suit for c in naturals}]
    found: set[Group] = set()
    for group in groups:
        for chosen in _sub_multisets(group, most):
            for j in range(jokers + 1):
                size = len(chosen) + j
                if size < 3 or size > most:
                    continue
                cards = (*chosen, *[JOKER] * j)
                if cards not in found and not meld_problems(cards, style):
                    found.add(cards)
    return sorted(found, key=lambda m: [_key(c) for c in m])


class Budget(Exception):
    """The exhaustive packing took more steps than allowed."""


def exhaustive_count(
    hand: Sequence[Card], melds: Sequence[Group], value: CardValue, budget: int | None = None
) -> int:
    """The lowest count over every packing of disjoint melds, branch and bound meld by meld.

    Each meld is taken (as often as it fits) or not, in turn: no memo and no lowest-card rule,
    unlike the engine.
    """
    total = sum(value(c) for c in hand)
    counts = Counter(hand)
    worth = [sum(value(c) for c in m) for m in melds]
    need = [Counter(m) for m in melds]
    order = sorted(range(len(melds)), key=lambda i: -worth[i])
    best_saved = 0
    steps = 0

    def fits(i: int, left: Counter[Card]) -> bool:
        return all(left[c] >= n for c, n in need[i].items())

    def go(at: int, left: Counter[Card], saved: int) -> None:
        nonlocal best_saved, steps
        steps += 1
        if budget is not None and steps > budget:
            raise Budget
        best_saved = max(best_saved, saved)
        rest = [order[k] for k in range(at, len(order)) if fits(order[k], left)]
        if not rest:
            return
        # Bound: at best every remaining card in some remaining meld is melded.
        coverable = set().union(*(need[i] for i in rest))
        if saved + sum(value(c) * left[c] for c in coverable) <= best_saved:
            return
        first = order.index(rest[0])
        # Take the meld (and stay on it: a hand from two packs may hold it twice), or pass it.
        go(first, left - need[rest[0]], saved + worth[rest[0]])
        if len(rest) > 1:
            go(first + 1, left, saved)

    go(0, counts, 0)
    return total - best_saved


def greedy_counts(
    hand: Sequence[Card], melds: Sequence[Group], value: CardValue, rng: random.Random, tries: int
) -> list[int]:
    """Counts of random greedy packings: melds taken in a random order whenever they fit."""
    total = sum(value(c) for c in hand)
    counts = []
    for _ in range(tries):
        left = Counter(hand)
        saved = 0
        for meld in rng.sample(list(melds), len(melds)):
            need = Counter(meld)
            if all(left[c] >= n for c, n in need.items()):
                left -= need
                saved += sum(value(c) for c in meld)
        counts.append(total - saved)
    return counts


# ---------------------------------------------------------------------------------------------
# The properties
# ---------------------------------------------------------------------------------------------


def check_well_formed(hand: Sequence[Card], style: MeldStyle, value: CardValue) -> Melding:
    """(a): valid, disjoint melds from the hand; leftover + melds == hand; the count adds up."""
    result = best_melding(hand, style, value)
    for meld in result.melds:
        assert meld_problems(meld.cards, style) == [], str(meld)
        assert meld_problems([mc.card for mc in meld.cards], style) == [], str(meld)
    used = Counter(mc.card for meld in result.melds for mc in meld.cards)
    assert used + Counter(result.leftover) == Counter(hand)
    assert result.count == sum(value(c) for c in result.leftover)
    return result


@pytest.mark.parametrize(("name", "style", "value"), ALL, ids=IDS)
@settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(data=st.data())
def test_small_hands_match_an_exhaustive_search(
    name: str, style: MeldStyle, value: CardValue, data: st.DataObject
) -> None:
    hand = data.draw(hands(style, most=9), label="hand")
    count = check_well_formed(hand, style, value).count
    assert count == exhaustive_count(hand, all_melds(hand, style), value), hand


@pytest.mark.parametrize(("name", "style", "value"), ALL, ids=IDS)
@settings(
    max_examples=40,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(data=st.data())
def test_big_hands_are_never_beaten_by_a_simple_search(
    name: str, style: MeldStyle, value: CardValue, data: st.DataObject
) -> None:
    hand = data.draw(hands(style, most=16), label="hand")
    result = check_well_formed(hand, style, value)
    count = result.count
    melds = all_melds(hand, style, most=8)
    for other in greedy_counts(hand, melds, value, random.Random(len(hand)), tries=20):
        assert count <= other, hand
    try:
        exact = exhaustive_count(hand, melds, value, budget=20_000)
    except Budget:
        pass
    else:
        assert count <= exact, hand
        if len(melds) == len(all_melds(hand, style)):  # every meld was listed: exact minimum
            assert count == exact, hand
    # Re-meld the leftover with each of the engine's melds (and with each pair): no better.
    kept = [tuple(mc.card for mc in meld.cards) for meld in result.melds]
    for size in (1, 2):
        for picked in itertools.combinations(range(len(kept)), size):
            sub = [*result.leftover, *(c for i in picked for c in kept[i])]
            if len(sub) > 10:
                continue
            assert count <= exhaustive_count(sub, all_melds(sub, style), value), hand


@pytest.mark.parametrize(("name", "style", "value"), ALL, ids=IDS)
@settings(max_examples=25, deadline=None, derandomize=True, database=None)
@given(data=st.data())
def test_the_count_is_the_same_in_any_order(
    name: str, style: MeldStyle, value: CardValue, data: st.DataObject
) -> None:
    hand = data.draw(hands(style, most=12), label="hand")
    again = data.draw(st.permutations(hand), label="shuffled")
    assert best_melding(hand, style, value).count == best_melding(again, style, value).count


def test_the_empty_hand_counts_nothing() -> None:
    for _, style, value in ALL:
        result = best_melding([], style, value)
        assert (result.melds, result.leftover, result.count) == ((), (), 0)


def test_jokers_meld_alone_only_when_no_natural_card_is_needed() -> None:
    hand = parse_cards("JK JK JK")
    assert best_melding(hand, CRUMMY, crummy_value).count == 45
    loose = dataclasses.replace(CRUMMY, min_naturals=0)
    assert best_melding(hand, loose, crummy_value).count == 0


def test_a_style_without_jokers_refuses_one() -> None:
    no_jokers = [(s, v) for _, s, v in STYLES if not s.jokers]
    for style, value in no_jokers:
        with pytest.raises(NotInPackError):
            best_melding([JOKER, Card.parse("5C")], style, value)


# A value function of our own checks the engine is exact for any non-negative values, not just
# the rules' (a cheap joker, a dear deuce).
def _odd_value(c: Card) -> int:
    return 1 if c.rank is None else (c.rank.number * 7) % 11


@pytest.mark.parametrize(("name", "style", "value"), ALL, ids=IDS)
@settings(max_examples=30, deadline=None, derandomize=True, database=None)
@given(data=st.data())
def test_odd_values_match_an_exhaustive_search(
    name: str, style: MeldStyle, value: Callable[[Card], int], data: st.DataObject
) -> None:
    hand = data.draw(hands(style, most=9), label="hand")
    count = check_well_formed(hand, style, _odd_value).count
    assert count == exhaustive_count(hand, all_melds(hand, style), _odd_value), hand
