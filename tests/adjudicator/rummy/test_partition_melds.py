"""partition_melds: a hand cut into melds of exactly the sizes asked (Continental's shapes, 4.3)."""

from __future__ import annotations

import contextlib
import itertools
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.cards import Card, parse_cards
from adjudicator.errors import AdjudicationError, NotInPackError
from adjudicator.rummy.melding_rules import (
    CONTINENTAL,
    CRUMMY,
    RUMMY,
    MeldStyle,
    is_valid_meld,
    partition_melds,
)

STYLES = {"rummy": RUMMY, "continental": CONTINENTAL, "crummy": CRUMMY}


@pytest.mark.parametrize(
    ("game", "hand", "sizes", "found"),
    [
        pytest.param("continental", "4C 5C 6C 7C 9H 10H JH", (4, 3), True, id="two-runs"),
        pytest.param("continental", "4C 5C 6C 7C 8C 9C 10C", (4, 3), True, id="a-run-cut-in-two"),
        pytest.param(
            "continental", "AS 2S 3S 4S 5S 6S 7S 8S 9S", (3, 3, 3), True, id="a-run-cut-in-three"
        ),
        pytest.param("continental", "4C 5C 6C 7C 8C 9C", (6,), True, id="a-run-kept-whole"),
        pytest.param("continental", "4C 5C 6C 7C 8C 9H 10H", (4, 3), False, id="no-cut"),
        pytest.param("continental", "4C 5C 6C 7C 8C 9C", (4, 3), False, id="sizes-do-not-add-up"),
        pytest.param("continental", "4C 5C 6C 4C 5C 6C", (3, 3), True, id="two-packs-two-runs"),
        pytest.param("continental", "5D JK 7D QH KH AH", (3, 3), True, id="a-joker-in-a-gap"),
        pytest.param("continental", "7S 7H 7D 7C 8C 9C", (3, 3), False, id="no-sets"),
        pytest.param("rummy", "7S 7H 7D 7C 8C 9C", (3, 3), True, id="a-set-and-a-run"),
        pytest.param("rummy", "7S 7H 7D 7C 8C 9C", (4, 2), False, id="no-meld-of-two"),
        pytest.param("crummy", "3S 3S 3H 3H 3D JK", (6,), True, id="a-long-set-whole"),
        pytest.param("crummy", "3S 3S 3H 3H 3D JK", (3, 3), True, id="a-long-set-cut"),
    ],
)
def test_partition_melds_by_example(
    game: str, hand: str, sizes: tuple[int, ...], found: bool
) -> None:
    style = STYLES[game]
    melds = partition_melds(hand, style, sizes)
    assert (melds is not None) is found
    if melds is not None:
        _check(melds, parse_cards(hand), style, sizes)


def test_jokers_alone_make_the_last_meld_only_when_the_style_allows_it() -> None:
    """C-2: by default a sequence needs a natural card; the option lets jokers alone make one."""
    three_packs = replace(CONTINENTAL, packs=3, jokers=3)
    assert partition_melds("JK JK JK", three_packs, (3,)) is None
    alone = partition_melds("JK JK JK", replace(three_packs, min_naturals=0), (3,))
    assert alone is not None and [str(m) for m in alone] == ["JK JK JK"]
    # Naturals first, then the jokers left over make up the last meld.
    melds = partition_melds("JK JK JK 4C 5C 6C", replace(three_packs, min_naturals=0), (3, 3))
    assert melds is not None
    assert len(melds) == 2


def test_cards_outside_the_pack_are_refused() -> None:
    with pytest.raises(NotInPackError):
        partition_melds("4C 5C JK", RUMMY, (3,))


def _check(
    melds: tuple[object, ...], hand: tuple[Card, ...], style: MeldStyle, sizes: tuple[int, ...]
) -> None:
    from adjudicator.rummy.melds import Meld

    assert all(isinstance(m, Meld) for m in melds)
    typed = [m for m in melds if isinstance(m, Meld)]
    assert sorted(len(m.cards) for m in typed) == sorted(sizes)
    for meld in typed:
        assert is_valid_meld(meld.cards, style), str(meld)
    assert Counter(mc.card for m in typed for mc in m.cards) == Counter(hand)


# ---------------------------------------------------------------------------------------------
# Against a plain exhaustive search
# ---------------------------------------------------------------------------------------------


def _exhaustive(hand: list[Card], style: MeldStyle, sizes: list[int]) -> bool:
    """Is there a cut? The first card lies in a meld of one of the sizes left; try them all."""
    if not hand:
        return not sizes
    first, rest = hand[0], hand[1:]
    for size in set(sizes):
        for others in {tuple(sorted(c, key=str)) for c in itertools.combinations(rest, size - 1)}:
            if is_valid_meld([first, *others], style):
                left = list((Counter(rest) - Counter(others)).elements())
                smaller = list(sizes)
                smaller.remove(size)
                if _exhaustive(left, style, smaller):
                    return True
    return False


def _near_hands(style: MeldStyle, most: int) -> st.SearchStrategy[list[Card]]:
    """Hands from a few neighbouring ranks, so that cuts are common."""
    pack = [
        c
        for c in style.pack
        if c.is_joker or (c.rank is not None and c.rank.number in {1, 2, 3, 4, 5, 12, 13})
    ]
    return st.lists(st.sampled_from(range(len(pack))), min_size=3, max_size=most, unique=True).map(
        lambda picks: [pack[i] for i in picks]
    )


@pytest.mark.parametrize("game", list(STYLES))
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_partition_melds_agrees_with_an_exhaustive_search(game: str, data: st.DataObject) -> None:
    style = STYLES[game]
    hand = data.draw(_near_hands(style, 9))
    # Sizes that add up to the hand: a random composition into parts of 3 to 5.
    sizes: list[int] = []
    while sum(sizes) < len(hand):
        sizes.append(data.draw(st.integers(3, 5)))
    sizes[-1] -= sum(sizes) - len(hand)
    melds = partition_melds(hand, style, sizes)
    assert (melds is not None) == _exhaustive(hand, style, sizes)
    if melds is not None:
        _check(melds, tuple(hand), style, tuple(sizes))


@settings(max_examples=60, deadline=None)
@given(
    tokens=st.lists(st.sampled_from(["4C", "5C", "6C", "JK", "X", "1S", "JK=5C"]), max_size=9),
    sizes=st.lists(st.integers(-2, 9), max_size=4),
)
def test_only_adjudication_errors_escape(tokens: list[str], sizes: list[int]) -> None:
    with contextlib.suppress(AdjudicationError):
        partition_melds(" ".join(tokens), CONTINENTAL, sizes)
