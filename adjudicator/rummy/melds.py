"""Rummy melds: sets (one rank) and runs (one suit, in sequence), with jokers that stand for a card.

A joker in a meld is written ``JK=5C`` ("the joker stands for the five of clubs"). Where only one
reading exists the designation may be left out: ``4C JK 6C`` can only mean ``JK=5C``.

>>> meld = read_meld("4c jk 6c", MeldRules())
>>> meld.kind, str(meld)
(<MeldKind.RUN: 'run'>, '4C JK=5C 6C')
>>> meld_problems("KS KS KH", MeldRules())
['a set needs every suit different, but S appears twice (KS KS)']
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from adjudicator.cards import JOKER, Card, Rank, Suit, card, format_cards
from adjudicator.errors import BadCardError, InvalidMeldError

_SEPARATORS = re.compile(r"[\s,;]+")
_DESIGNATION = re.compile(r"^(.+?)(?:=|:|\()(.+?)\)?$")


@dataclass(frozen=True, slots=True)
class MeldCard:
    """A card as laid in a meld: a natural card, or a joker with the card it stands for."""

    card: Card
    stands_for: Card | None = None

    @classmethod
    def parse(cls, token: str) -> MeldCard:
        """``5C``, ``JK`` or ``JK=5C`` (also ``JK:5C`` and ``JK(5C)``).

        >>> MeldCard.parse("jk(5c)")
        MeldCard('JK=5C')
        """
        match = _DESIGNATION.match(token.strip())
        if match is None:
            return cls(Card.parse(token))
        played, meant = Card.parse(match.group(1)), Card.parse(match.group(2))
        if not played.is_joker or meant.is_joker:
            raise BadCardError(
                f"{token!r}: only a joker can stand for another card, as in JK=5C.",
                cards=[token],
            )
        return cls(played, meant)

    @property
    def effective(self) -> Card | None:
        """The card this counts as: itself, or what the joker stands for (None if unsaid)."""
        return self.stands_for if self.card.is_joker else self.card

    @property
    def is_joker(self) -> bool:
        return self.card.is_joker

    def __str__(self) -> str:
        if self.stands_for is not None:
            return f"JK={self.stands_for}"
        return str(self.card)

    def __repr__(self) -> str:
        return f"MeldCard({str(self)!r})"


def parse_meld_cards(text: str | Iterable[str]) -> tuple[MeldCard, ...]:
    """Read the cards of one meld, joker designations included."""
    tokens = _SEPARATORS.split(text.strip()) if isinstance(text, str) else list(text)
    return tuple(MeldCard.parse(token) for token in tokens if token.strip())


class MeldKind(StrEnum):
    SET = "set"
    RUN = "run"


@dataclass(frozen=True)
class MeldRules:
    """What a game allows in a meld. Joker permissions beyond these belong to the game."""

    min_set: int = 3
    max_set: int = 4
    set_suits_distinct: bool = True
    min_run: int = 3
    ace_high: bool = True
    round_the_corner: bool = False
    min_naturals: int = 1


@dataclass(frozen=True)
class Meld:
    """A legal meld with every joker's meaning settled, in sequence order for runs."""

    kind: MeldKind
    cards: tuple[MeldCard, ...]

    @property
    def naturals(self) -> tuple[Card, ...]:
        return tuple(mc.card for mc in self.cards if not mc.is_joker)

    @property
    def jokers(self) -> tuple[MeldCard, ...]:
        return tuple(mc for mc in self.cards if mc.is_joker)

    @property
    def ace_low(self) -> bool:
        """True for a run that uses the ace below the two (A-2-3)."""
        ranks = [mc.effective.rank for mc in self.cards if mc.effective is not None]
        return self.kind is MeldKind.RUN and Rank.ACE in ranks and Rank.TWO in ranks

    def __str__(self) -> str:
        return " ".join(str(mc) for mc in self.cards)


def meld_problems(text: str | Sequence[MeldCard], rules: MeldRules) -> list[str]:
    """Every reason these cards are not a meld (empty when they are one)."""
    return _read(_as_cards(text), rules)[1]


def is_valid_meld(text: str | Sequence[MeldCard], rules: MeldRules) -> bool:
    return not meld_problems(text, rules)


def read_meld(text: str | Sequence[MeldCard], rules: MeldRules) -> Meld:
    """The meld these cards make, or :class:`InvalidMeldError` listing every problem."""
    cards = _as_cards(text)
    meld, problems = _read(cards, rules)
    if meld is None or problems:
        raise InvalidMeldError(
            f"{format_meld(cards)} is not a meld: {'; '.join(problems)}.",
            cards=[str(mc) for mc in cards],
            problems=problems,
        )
    return meld


def format_meld(cards: Iterable[MeldCard]) -> str:
    return " ".join(str(mc) for mc in cards)


def _as_cards(text: str | Sequence[MeldCard]) -> tuple[MeldCard, ...]:
    return parse_meld_cards(text) if isinstance(text, str) else tuple(text)


def _read(cards: tuple[MeldCard, ...], rules: MeldRules) -> tuple[Meld | None, list[str]]:
    problems: list[str] = []
    naturals = [mc.card for mc in cards if not mc.is_joker]
    if len(cards) < min(rules.min_set, rules.min_run):
        problems.append(f"a meld needs at least {min(rules.min_set, rules.min_run)} cards")
    if len(naturals) < rules.min_naturals:
        needed = rules.min_naturals
        problems.append(f"a meld needs at least {needed} natural card{'s' * (needed != 1)}")
    if not cards:
        return None, problems

    effective = [mc.effective for mc in cards]
    ranks = {c.rank for c in effective if c is not None}
    suits = {c.suit for c in effective if c is not None}
    if len(ranks) <= 1:
        meld, set_problems = _read_set(cards, rules)
        return meld, problems + set_problems
    if len(suits) == 1:
        meld, run_problems = _read_run(cards, rules)
        return meld, problems + run_problems
    problems.append(
        "the cards are neither one rank (a set) nor one suit (a run): "
        + format_cards(c for c in effective if c is not None)
    )
    return None, problems


def _read_set(cards: tuple[MeldCard, ...], rules: MeldRules) -> tuple[Meld | None, list[str]]:
    problems = []
    if not rules.min_set <= len(cards) <= rules.max_set:
        problems.append(
            f"a set has {rules.min_set} to {rules.max_set} cards, not {len(cards)}"
            + (" (meld six of a rank as two sets)" if len(cards) > rules.max_set else "")
        )
    effective = [mc.effective for mc in cards if mc.effective is not None]
    if not effective:
        return None, [*problems, "a set needs at least one natural card to fix its rank"]
    rank = effective[0].rank
    assert rank is not None
    if rules.set_suits_distinct:
        counts = Counter(c.suit for c in effective)
        for suit, count in counts.items():
            if count > 1:
                dupes = format_cards(c for c in effective if c.suit == suit)
                problems.append(
                    f"a set needs every suit different, but {suit} appears twice ({dupes})"
                )
    # An undesignated joker in a set takes a suit the set lacks; which one does not change its value.
    used = {c.suit for c in effective}
    free = [s for s in Suit if s not in used]
    settled = []
    for mc in cards:
        if mc.is_joker and mc.stands_for is None:
            suit = free.pop(0) if free else Suit.SPADES
            settled.append(MeldCard(JOKER, card(rank, suit)))
        else:
            settled.append(mc)
    return Meld(MeldKind.SET, tuple(settled)), problems


def _read_run(cards: tuple[MeldCard, ...], rules: MeldRules) -> tuple[Meld | None, list[str]]:
    problems = []
    if len(cards) < rules.min_run:
        problems.append(f"a run needs at least {rules.min_run} cards")
    # Each placed card with the card it counts as (jokers without a designation are loose).
    known = {}
    loose = []
    duplicated: list[Card] = []
    for mc in cards:
        meant = mc.effective
        if meant is None or meant.rank is None:
            loose.append(mc)
            continue
        if meant.rank.number in known:
            duplicated.append(meant)
        known[meant.rank.number] = mc
    suit = next(mc.effective.suit for mc in known.values() if mc.effective is not None)
    assert suit is not None
    if duplicated:
        return None, [
            *problems,
            f"a run cannot hold the same card twice ({format_cards(duplicated)})",
        ]
    numbers = list(known)

    positions = _run_positions(numbers, len(loose), rules)
    if positions is None:
        shown = format_cards(mc.effective for mc in known.values() if mc.effective is not None)
        corner = " (K-A-2 goes round the corner)" if {1, 2, 13} <= set(numbers) else ""
        need = f" with {len(loose)} undesignated joker(s)" if loose else ""
        return None, [*problems, f"{shown} are not in sequence{need}{corner}"]
    order, gaps = positions
    if loose and len(gaps) != len(loose):
        return None, [
            *problems,
            "say which card each joker stands for (write JK=5C): more than one reading fits",
        ]
    by_number = known
    free_jokers = iter(loose)
    settled = []
    for number in order:
        key = 1 if number == 14 else number
        if number in by_number or (number == 14 and 1 in by_number):
            settled.append(by_number[key])
        else:
            next(free_jokers)
            settled.append(MeldCard(JOKER, card(_rank_of(key), suit)))
    return Meld(MeldKind.RUN, tuple(settled)), problems


def _rank_of(number: int) -> Rank:
    return list(Rank)[number - 1]


def _run_positions(
    numbers: list[int], loose: int, rules: MeldRules
) -> tuple[list[int], list[int]] | None:
    """The sequence (ace as 1 or 14) the cards fill, and the places left for undesignated jokers.

    The ace is low (A-2-3) or high (Q-K-A), never both; K-A-2 only under round_the_corner.
    Every stretch of consecutive ranks that holds the cards is a reading (``AS 2S 3S JK`` has
    one: A-4). Where the readings put the jokers on different cards (``4C 5C JK``: the 3 or
    the 6; ``QS KS AS JK`` round the corner: the J or the 2), the places come back short of
    the jokers and the caller asks which.
    """
    length = len(numbers) + loose
    if length > 13:
        return None
    top = 14 if rules.ace_high else 13
    windows = [list(range(start, start + length)) for start in range(1, top - length + 2)]
    if rules.round_the_corner:
        windows += [[(start + i - 1) % 13 + 1 for i in range(length)] for start in range(1, 14)]
    held = set(numbers)
    readings: dict[frozenset[int], tuple[list[int], list[int]]] = {}
    for window in windows:
        ranks = [1 if n == 14 else n for n in window]
        if held <= set(ranks):
            gaps = [n for n, rank in zip(window, ranks, strict=True) if rank not in held]
            readings.setdefault(frozenset(1 if n == 14 else n for n in gaps), (window, gaps))
    if not readings:
        return None
    order, gaps = next(iter(readings.values()))
    # Several readings only differ where jokers go, so loose > 0 and [] tells the caller to ask.
    return (order, []) if len(readings) > 1 else (order, gaps)
