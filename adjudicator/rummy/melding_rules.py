"""One meld engine for the rummy family: each game's melds as data, and the best melding of a hand.

A :class:`MeldStyle` says how a game melds (set sizes, repeated suits, run length, the ace,
jokers, packs). :func:`meld_problems` lists every reason some cards are not a meld in that style;
:func:`read_meld` says which meld they make, every joker's card settled (``JK=5C``);
:func:`best_melding` finds the disjoint melds that leave the lowest unmatched count (ruling 4,
"Common definitions": the engine searches for the minimum, it does not take a player's word).

>>> meld_problems("QS KS AS", RUMMY)
['QS KS AS are not in sequence (the ace is low in Rummy)']
>>> is_valid_meld("KS AS 2S", BOATHOUSE), is_valid_meld("3S 3S 3H", CRUMMY)
(True, True)
>>> result = best_melding(parse_cards("7H 8H 9H 5C 5D 5S KC"), RUMMY, rummy_value)
>>> [str(m) for m in result.melds], format_cards(result.leftover), result.count
(['5S 5D 5C', '7H 8H 9H'], 'KC', 10)
>>> str(read_meld("4c jk 6c", BRIDGE_RUMMY))
'4C JK=5C 6C'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from adjudicator.cards import (
    ALL_CARDS,
    JOKER,
    Card,
    Pack,
    Rank,
    Suit,
    card,
    format_cards,
    parse_cards,
)
from adjudicator.errors import InvalidMeldError, NotInPackError
from adjudicator.rummy.melds import Meld, MeldCard, MeldKind, parse_meld_cards

CardValue = Callable[[Card], int]


class Aces(StrEnum):
    """Where the ace may stand in a run."""

    LOW = "low"  # A-2-3 only (Rummy: Q-K-A is not a sequence)
    HIGH = "high"  # Q-K-A only
    BOTH = "both"  # A-2-3 or Q-K-A, never K-A-2 (Continental, Crummy Rummy CR-6)
    ROUND_THE_CORNER = "round_the_corner"  # also K-A-2, Q-K-A-2-3 (Boathouse)


@dataclass(frozen=True)
class MeldStyle:
    """How one game melds, as data.

    ``max_set`` None means a set may be as long as the cards allow (Crummy Rummy: "3 or more").
    ``jokers`` is how many jokers the game's pack holds (0: none, and a joker is refused).
    ``min_naturals`` is how many natural cards each meld needs (CR-8, C-2).
    """

    name: str
    sets: bool = True
    min_set: int = 3
    max_set: int | None = 4
    set_suits_repeat: bool = False
    runs: bool = True
    min_run: int = 3
    aces: Aces = Aces.LOW
    jokers: int = 0
    min_naturals: int = 1
    packs: int = 1

    @property
    def pack(self) -> Pack:
        """The cards this style's hands are dealt from."""
        return Pack.build(f"{self.name} pack", ALL_CARDS, packs=self.packs, jokers=self.jokers)

    @property
    def min_meld(self) -> int:
        sizes = ([self.min_set] if self.sets else []) + ([self.min_run] if self.runs else [])
        return min(sizes, default=3)


# Ruling 4.1: sets of 3-4, sequences of 3+, the ace low (Q-K-A is not a sequence), one pack.
RUMMY = MeldStyle("Rummy")
# Ruling 4.2: the ace high, low or round the corner (K-A-2); sets stay 3-4 (BH-3).
BOATHOUSE = MeldStyle("Boathouse Rummy", aces=Aces.ROUND_THE_CORNER)
# Ruling 4.3: sequences only, the ace high or low, two packs and two jokers (2-5 players),
# at least one natural card per sequence (C-2).
CONTINENTAL = MeldStyle("Continental Rummy", sets=False, aces=Aces.BOTH, jokers=2, packs=2)
# Ruling 5a: runs of 4+, sets of 3+ with suits repeating, two packs and four jokers, the ace
# high or low but not round the corner (CR-6), one natural card per group (CR-8).
CRUMMY = MeldStyle(
    "Crummy Rummy",
    max_set=None,
    set_suits_repeat=True,
    min_run=4,
    aces=Aces.BOTH,
    jokers=4,
    packs=2,
)


# Ruling 3a: sets of 3-4 all different suits, runs of 3+, the ace low or high but never round the
# corner, two packs and two jokers; at least one natural card per meld (R-8, a house option).
# Bridge Rummy's own joker conditions (a joker in a run only under One-or-Three or a cinch, R-6)
# sit on top of this in bridge_rummy/melding.py.
BRIDGE_RUMMY = MeldStyle("Bridge Rummy", aces=Aces.BOTH, jokers=2, packs=2)


def _no_joker(game: str) -> int:
    raise NotInPackError(f"There is no joker in {game}.", cards=[JOKER])


def rummy_value(c: Card) -> int:
    """Ruling 4: court cards 10, the ace 1, other cards their pips (Rummy, Gambler's, Knock).

    >>> rummy_value(Card.parse("KS")), rummy_value(Card.parse("AS")), rummy_value(Card.parse("7D"))
    (10, 1, 7)
    """
    if c.rank is None:
        return _no_joker("Rummy")
    return min(c.rank.number, 10)


def boathouse_value(c: Card) -> int:
    """Ruling 4.2: as Rummy, but aces count 11.

    >>> boathouse_value(Card.parse("AH"))
    11
    """
    if c.rank is None:
        return _no_joker("Boathouse Rummy")
    return 11 if c.rank is Rank.ACE else min(c.rank.number, 10)


def continental_value(c: Card) -> int:
    """Ruling 4.3: Continental settles in units, not points, so what is left counts 1 a card.

    The best melding under it is the one that leaves the fewest cards unmelded.
    """
    return 1


def crummy_value(c: Card) -> int:
    """Ruling 5a: 2-9 their pips; 10, J, Q, K 10; the ace and the joker 15.

    >>> crummy_value(Card.parse("AS")), crummy_value(Card.parse("JK")), crummy_value(Card.parse("QH"))
    (15, 15, 10)
    """
    if c.rank is None or c.rank is Rank.ACE:
        return 15
    return min(c.rank.number, 10)


# ---------------------------------------------------------------------------------------------
# One meld
# ---------------------------------------------------------------------------------------------


def meld_problems(cards: str | Iterable[Card | MeldCard], style: MeldStyle) -> list[str]:
    """Every reason these cards are not one meld in ``style`` (empty when they are one).

    A joker may stand for any card the meld needs; ``JK=5C`` pins it to one.

    >>> meld_problems("3S 3S 3H", RUMMY)
    ['3S is held 2 times, but Rummy is played with one pack', 'a set needs every suit different (3S 3S)']
    >>> meld_problems("5H 6H JK", CRUMMY)
    ['a run needs at least 4 cards']
    """
    placed = _as_meld_cards(cards)
    problems: list[str] = []
    naturals = [mc.card for mc in placed if not mc.is_joker]
    jokers = len(placed) - len(naturals)
    if len(placed) < style.min_meld:
        problems.append(f"a meld needs at least {style.min_meld} cards")
    if jokers and not style.jokers:
        problems.append(f"there are no jokers in {style.name}")
    elif jokers > style.jokers:
        problems.append(f"{style.name} has only {style.jokers} jokers, not {jokers}")
    if len(naturals) < style.min_naturals:
        need = style.min_naturals
        problems.append(f"a meld needs at least {need} natural card{'s' * (need != 1)}")
    held = Counter(naturals)
    for c, n in held.items():
        if n > style.packs:
            packs = "one pack" if style.packs == 1 else f"{style.packs} packs"
            problems.append(f"{c} is held {n} times, but {style.name} is played with {packs}")
    if problems and len(placed) < style.min_meld:
        return problems

    known = [mc.effective for mc in placed if mc.effective is not None]
    ranks = {c.rank for c in known}
    suits = {c.suit for c in known}
    as_set = _set_problems(placed, known, style) if len(ranks) <= 1 else None
    as_run = _run_problems(placed, known, style) if len(suits) <= 1 else None
    if as_set == [] or as_run == []:
        return problems
    if as_set is not None and (style.sets or as_run is None):
        return problems + as_set
    if as_run is not None:
        return problems + as_run
    return [
        *problems,
        f"the cards are neither one rank (a set) nor one suit (a run): {format_cards(known)}",
    ]


def is_valid_meld(cards: str | Iterable[Card | MeldCard], style: MeldStyle) -> bool:
    """True when the cards make one meld in ``style``.

    >>> is_valid_meld("AS 2S 3S 4S", CRUMMY), is_valid_meld("QD KD AD 2D", CRUMMY)
    (True, False)
    """
    return not meld_problems(cards, style)


def validate_meld(cards: str | Iterable[Card | MeldCard], style: MeldStyle) -> None:
    """Raise :class:`InvalidMeldError` listing every problem, unless the cards are a meld.

    >>> validate_meld("7S 7H", RUMMY)
    Traceback (most recent call last):
    ...
    adjudicator.errors.InvalidMeldError: 7S 7H is not a meld in Rummy: a meld needs at least 3 cards.
    """
    placed = _as_meld_cards(cards)
    problems = meld_problems(placed, style)
    if problems:
        shown = " ".join(str(mc) for mc in placed)
        raise InvalidMeldError(
            f"{shown} is not a meld in {style.name}: {'; '.join(problems)}.",
            cards=[str(mc) for mc in placed],
            problems=problems,
        )


# A meld whose jokers could stand for different cards (``4C 5C JK``: the 3 or the 6) is not
# read: what a joker stands for decides the meld's value and who may claim the joker.
ASK_JOKER = "say which card each joker stands for (write JK=5C): more than one reading fits"


def meld_reading(
    cards: str | Iterable[Card | MeldCard], style: MeldStyle
) -> tuple[Meld | None, list[str]]:
    """The meld the cards make with every joker settled, or None and every problem.

    Beyond :func:`meld_problems`, a joker left undesignated must have only one place
    (:data:`ASK_JOKER` otherwise). One rank read as a set wherever a set is allowed.

    >>> meld_reading("4C 5C JK", BRIDGE_RUMMY)
    (None, ['say which card each joker stands for (write JK=5C): more than one reading fits'])
    >>> str(meld_reading("QS JK AS", BRIDGE_RUMMY)[0])
    'QS JK=KS AS'
    """
    placed = _as_meld_cards(cards)
    problems = meld_problems(placed, style)
    if problems:
        return None, problems
    meld = _settle(placed, style)
    return (meld, []) if meld is not None else (None, [ASK_JOKER])


def read_meld(cards: str | Iterable[Card | MeldCard], style: MeldStyle) -> Meld:
    """The meld the cards make (see :func:`meld_reading`), or :class:`InvalidMeldError`.

    >>> str(read_meld("KS KH JK", BRIDGE_RUMMY))
    'KS KH JK=KD'
    """
    placed = _as_meld_cards(cards)
    meld, problems = meld_reading(placed, style)
    if meld is None:
        shown = " ".join(str(mc) for mc in placed)
        raise InvalidMeldError(
            f"{shown} is not a meld in {style.name}: {'; '.join(problems)}.",
            cards=[str(mc) for mc in placed],
            problems=problems,
        )
    return meld


def _settle(placed: Sequence[MeldCard], style: MeldStyle) -> Meld | None:
    """Put a valid meld in order and name every undesignated joker's card (None: ambiguous)."""
    known = [mc.effective for mc in placed if mc.effective is not None]
    if not known:  # jokers only, where a style allows it (C-2's option)
        return _jokers_only(len(placed), style)
    ranks = {c.rank for c in known}
    if len(ranks) == 1 and style.sets and not _set_problems(placed, known, style):
        used = {c.suit for c in known}
        free = iter([s for s in Suit if s not in used] + list(Suit) * len(placed))
        rank = known[0].rank
        assert rank is not None
        settled = tuple(
            MeldCard(JOKER, card(rank, next(free))) if mc.effective is None else mc for mc in placed
        )
        return Meld(MeldKind.SET, settled)
    suit = known[0].suit
    assert suit is not None
    by_number = {_number(mc.effective): mc for mc in placed if mc.effective is not None}
    readings: dict[frozenset[int], tuple[int, ...]] = {}
    for window in _windows(len(placed), style.aces):
        if set(by_number) <= set(window):
            readings.setdefault(frozenset(window) - set(by_number), window)
    if len(readings) != 1:
        return None
    (window,) = readings.values()
    return Meld(
        MeldKind.RUN,
        tuple(
            by_number[n] if n in by_number else MeldCard(JOKER, card(_rank(n), suit))
            for n in window
        ),
    )


def _as_meld_cards(cards: str | Iterable[Card | MeldCard]) -> tuple[MeldCard, ...]:
    if isinstance(cards, str):
        return parse_meld_cards(cards)
    return tuple(c if isinstance(c, MeldCard) else MeldCard(c) for c in cards)


def _set_problems(placed: Sequence[MeldCard], known: Sequence[Card], style: MeldStyle) -> list[str]:
    if not style.sets:
        return [f"sets do not count in {style.name}: only runs"]
    problems = []
    size = len(placed)
    if size < style.min_set or (style.max_set is not None and size > style.max_set):
        most = "or more" if style.max_set is None else f"to {style.max_set}"
        problems.append(f"a set has {style.min_set} {most} cards, not {size}")
    if not style.set_suits_repeat:
        # Counted once, not card by card: the check stays linear in the cards given.
        per_suit = Counter(k.suit for k in known)
        repeated = [c for c in known if per_suit[c.suit] > 1]
        if repeated:
            problems.append(f"a set needs every suit different ({format_cards(repeated)})")
    return problems


def _run_problems(placed: Sequence[MeldCard], known: Sequence[Card], style: MeldStyle) -> list[str]:
    if not style.runs:
        return [f"runs do not count in {style.name}: only sets"]
    problems = []
    if len(placed) < style.min_run:
        problems.append(f"a run needs at least {style.min_run} cards")
    twice = [c for c, n in Counter(known).items() if n > 1]
    if twice:
        return [*problems, f"a run cannot hold the same card twice ({format_cards(twice)})"]
    numbers = {_number(c) for c in known}
    if not any(numbers <= set(w) for w in _windows(len(placed), style.aces)):
        aces = {
            Aces.LOW: "the ace is low",
            Aces.HIGH: "the ace is high",
            Aces.BOTH: "the ace is high or low, not round the corner",
            Aces.ROUND_THE_CORNER: "the ace may go round the corner",
        }[style.aces]
        problems.append(f"{format_cards(known)} are not in sequence ({aces} in {style.name})")
    return problems


def _number(c: Card) -> int:
    assert c.rank is not None
    return c.rank.number


_WINDOWS: dict[tuple[int, Aces], tuple[tuple[int, ...], ...]] = {}


def _windows(length: int, aces: Aces) -> tuple[tuple[int, ...], ...]:
    """Every run of ``length`` rank numbers (1 = ace, 13 = king) in order, as the ace allows."""
    key = (length, aces)
    if key not in _WINDOWS:
        found: list[tuple[int, ...]] = []
        if 1 <= length <= 13:
            low = [tuple(range(s, s + length)) for s in range(1, 15 - length)]
            high = [
                tuple(1 if n == 14 else n for n in range(s, s + length))
                for s in range(2, 16 - length)
            ]
            corner = [tuple((s + i - 1) % 13 + 1 for i in range(length)) for s in range(1, 14)]
            pools = {
                Aces.LOW: low,
                Aces.HIGH: high,
                Aces.BOTH: low + high,
                Aces.ROUND_THE_CORNER: low + high + corner,
            }[aces]
            for window in pools:
                if window not in found:
                    found.append(window)
        _WINDOWS[key] = tuple(found)
    return _WINDOWS[key]


# ---------------------------------------------------------------------------------------------
# The best melding of a hand
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Melding:
    """A hand split into disjoint melds and the cards left over, with their count."""

    melds: tuple[Meld, ...]
    leftover: tuple[Card, ...]
    count: int


def best_melding(hand: str | Iterable[Card], style: MeldStyle, value: CardValue) -> Melding:
    """The disjoint melds that leave the lowest count of unmatched cards (ruling 4).

    An exact search: the lowest card left is either unmatched or in one of the melds that
    hold it; results are remembered for each multiset of cards still to place.

    >>> best_melding("JK 5S 5H 9C 10C JC QC", CRUMMY, crummy_value).count
    0
    >>> best_melding("JK 5S 5H 9C 10C", CRUMMY, crummy_value).count
    19
    """
    cards = parse_cards(hand) if isinstance(hand, str) else tuple(hand)
    style.pack.check(cards, field=None)
    naturals = Counter(c for c in cards if not c.is_joker)
    joker_count = len(cards) - sum(naturals.values())
    packed = _Packed.of(naturals)
    order, unit = packed.order, packed.unit
    candidates = packed.candidates(_candidate_melds(naturals, joker_count, style))
    values = [value(c) for c in order]
    joker_cost = value(JOKER) if joker_count else 0
    all_jokers = _joker_melds(style)

    memo: dict[tuple[int, int], tuple[int, tuple[int, int, Meld] | None]] = {}

    def solve(rest: int, jokers: int) -> int:
        if rest == 0:
            return 0 if jokers in all_jokers else jokers * joker_cost
        key = (rest, jokers)
        known = memo.get(key)
        if known is not None:
            return known[0]
        first = packed.lowest(rest)
        best = values[first] + solve(rest - unit[first], jokers)
        choice: tuple[int, int, Meld] | None = None
        for option in candidates[first]:
            mask, used, _ = option
            if used <= jokers and packed.fits(rest, mask):
                found = solve(rest - mask, jokers - used)
                if found < best:
                    best, choice = found, option
        memo[key] = (best, choice)
        return best

    count = solve(packed.start, joker_count)
    melds: list[Meld] = []
    leftover: list[Card] = []
    rest, jokers = packed.start, joker_count
    while rest:
        first = packed.lowest(rest)
        _, choice = memo[rest, jokers]
        if choice is None:
            leftover.append(order[first])
            rest -= unit[first]
        else:
            mask, used, meld = choice
            melds.append(meld)
            rest, jokers = rest - mask, jokers - used
    if jokers and jokers in all_jokers:
        melds.append(_jokers_only(jokers, style))
    else:
        leftover.extend([JOKER] * jokers)
    return Melding(tuple(melds), tuple(leftover), count)


@dataclass(frozen=True)
class _Packed:
    """A multiset of natural cards as one integer: a bit field per distinct card, lowest first
    (by suit, then rank), with a guard bit above each field so that taking a meld's cards away
    shows at once whether the multiset held them."""

    order: tuple[Card, ...]
    index: Mapping[Card, int]
    unit: tuple[int, ...]
    width: int
    guards: int
    start: int

    @classmethod
    def of(cls, naturals: Counter[Card]) -> _Packed:
        order = tuple(sorted(naturals, key=lambda c: (_suit_index(c), _number(c))))
        width = max(naturals.values(), default=1).bit_length() + 1  # one guard bit per field
        unit = tuple(1 << (i * width) for i in range(len(order)))
        guards = sum(u << (width - 1) for u in unit)
        start = sum(naturals[c] * unit[i] for i, c in enumerate(order))
        return cls(order, {c: i for i, c in enumerate(order)}, unit, width, guards, start)

    def mask(self, meld: Meld) -> int:
        return sum(self.unit[self.index[mc.card]] for mc in meld.cards if not mc.is_joker)

    def lowest(self, rest: int) -> int:
        """The index of the lowest card still in ``rest``."""
        return ((rest & -rest).bit_length() - 1) // self.width

    def fits(self, rest: int, mask: int) -> bool:
        """True when ``rest`` holds every card of ``mask``."""
        return ((rest | self.guards) - mask) & self.guards == self.guards

    def candidates(self, melds: Iterable[Meld]) -> list[list[tuple[int, int, Meld]]]:
        """The melds by their lowest card: (cards as a mask, jokers used, the meld)."""
        found: list[list[tuple[int, int, Meld]]] = [[] for _ in self.order]
        for meld in melds:
            lowest = min(self.index[mc.card] for mc in meld.cards if not mc.is_joker)
            found[lowest].append((self.mask(meld), len(meld.jokers), meld))
        return found


def partition_melds(
    hand: str | Iterable[Card], style: MeldStyle, sizes: Sequence[int]
) -> tuple[Meld, ...] | None:
    """Disjoint melds of exactly ``sizes`` (one meld per size, in any order) that between them
    hold every card of the hand; None when the hand cannot be cut so.

    Continental's going-out shapes are such cuts (ruling 4.3: 3+3+3+3+3, 4+4+4+3 or
    5+4+3+3). An exact search, as :func:`best_melding`: the lowest card left must lie in a meld
    of one of the sizes still wanted; jokers fill any place, and when the style allows melds
    with no natural card (C-2's option) the jokers left may make up the last melds.

    >>> [str(m) for m in partition_melds("4C 5C 6C 7C 9H 10H JH", CONTINENTAL, (3, 4))]
    ['9H 10H JH', '4C 5C 6C 7C']
    >>> partition_melds("4C 5C 6C 7C 8C 9C 10C", CONTINENTAL, (3, 4)) is not None
    True
    >>> partition_melds("4C 5C 6C 7C 8C 9H 10H", CONTINENTAL, (3, 4)) is None
    True
    """
    cards = parse_cards(hand) if isinstance(hand, str) else tuple(hand)
    style.pack.check(cards, field=None)
    wanted = tuple(sorted(sizes))
    if sum(wanted) != len(cards) or any(size < 1 for size in wanted):
        return None
    naturals = Counter(c for c in cards if not c.is_joker)
    joker_count = len(cards) - sum(naturals.values())
    packed = _Packed.of(naturals)
    candidates = packed.candidates(
        _candidate_melds(naturals, joker_count, style, sizes=frozenset(wanted))
    )
    all_jokers = _joker_melds(style)
    memo: dict[tuple[int, int, tuple[int, ...]], tuple[Meld, ...] | None] = {}

    def solve(rest: int, jokers: int, left: tuple[int, ...]) -> tuple[Meld, ...] | None:
        if rest == 0:
            # Only jokers are left: each size still wanted must be a meld of jokers alone.
            if jokers == sum(left) and all(size in all_jokers for size in left):
                return tuple(_jokers_only(size, style) for size in left)
            return None
        key = (rest, jokers, left)
        if key in memo:
            return memo[key]
        found: tuple[Meld, ...] | None = None
        for mask, used, meld in candidates[packed.lowest(rest)]:
            size = len(meld.cards)
            if used > jokers or size not in left or not packed.fits(rest, mask):
                continue
            smaller = list(left)
            smaller.remove(size)
            rest_melds = solve(rest - mask, jokers - used, tuple(smaller))
            if rest_melds is not None:
                found = (meld, *rest_melds)
                break
        memo[key] = found
        return found

    return solve(packed.start, joker_count, wanted)


def _suit_index(c: Card) -> int:
    assert c.suit is not None
    return list(Suit).index(c.suit)


def _joker_melds(style: MeldStyle) -> frozenset[int]:
    """How many jokers can be melded with no natural card (C-2's option); empty by default."""
    if style.min_naturals > 0 or not style.jokers:
        return frozenset()
    top = style.max_set if style.sets and style.max_set is not None else style.jokers
    sizes = set()
    if style.sets:
        sizes |= set(range(style.min_set, (top or 0) + 1))
    if style.runs:
        sizes |= set(range(style.min_run, 14))
    return frozenset(n for n in range(1, style.jokers + 1) if n in sizes)


def _jokers_only(jokers: int, style: MeldStyle) -> Meld:
    kind = MeldKind.RUN if style.runs and jokers >= style.min_run else MeldKind.SET
    return Meld(kind, tuple(MeldCard(JOKER) for _ in range(jokers)))


def _candidate_melds(
    naturals: Counter[Card],
    jokers: int,
    style: MeldStyle,
    *,
    sizes: frozenset[int] | None = None,
) -> Iterable[Meld]:
    """Every meld the hand can make with at least one natural card, jokers filling any place.

    A meld that splits into two valid melds is left out (the two cover the same cards), unless
    ``sizes`` asks for melds of exactly those lengths, whole.
    """
    if style.sets:
        yield from _candidate_sets(naturals, jokers, style, sizes)
    if style.runs:
        yield from _candidate_runs(naturals, jokers, style, sizes)


def _candidate_sets(
    naturals: Counter[Card], jokers: int, style: MeldStyle, sizes: frozenset[int] | None
) -> Iterable[Meld]:
    by_rank: dict[Rank, list[Card]] = {}
    for c, n in naturals.items():
        assert c.rank is not None
        by_rank.setdefault(c.rank, []).extend([c] * min(n, style.packs))
    for rank, held in by_rank.items():
        held.sort(key=_suit_index)
        for chosen in _sub_multisets(held):
            if len(chosen) < max(style.min_naturals, 1):
                continue
            if not style.set_suits_repeat and len({c.suit for c in chosen}) < len(chosen):
                continue
            for used in range(jokers + 1):
                size = len(chosen) + used
                if size < style.min_set or (style.max_set is not None and size > style.max_set):
                    continue
                if sizes is not None:
                    if size not in sizes:
                        continue
                elif size >= 2 * style.min_set and len(chosen) >= 2 * style.min_naturals:
                    continue  # splits into two sets
                if not style.set_suits_repeat and size > len(Suit):
                    continue
                yield Meld(MeldKind.SET, (*map(MeldCard, chosen), *_set_jokers(rank, chosen, used)))


def _set_jokers(rank: Rank, chosen: Sequence[Card], used: int) -> list[MeldCard]:
    free = [s for s in Suit if s not in {c.suit for c in chosen}] + list(Suit) * used
    return [MeldCard(JOKER, card(rank, free[i])) for i in range(used)]


def _sub_multisets(held: Sequence[Card]) -> Iterable[tuple[Card, ...]]:
    counts = Counter(held)
    distinct = list(counts)
    picks: list[tuple[Card, ...]] = [()]
    for c in distinct:
        picks = [p + (c,) * k for p in picks for k in range(counts[c] + 1)]
    return picks


def _candidate_runs(
    naturals: Counter[Card], jokers: int, style: MeldStyle, sizes: frozenset[int] | None
) -> Iterable[Meld]:
    seen: set[tuple[tuple[Card, ...], int]] = set()
    lengths = [n for n in range(style.min_run, 14) if sizes is None or n in sizes]
    for suit in Suit:
        held = {_number(c) for c in naturals if c.suit is suit}
        if not held:
            continue
        for length in lengths:
            for window in _windows(length, style.aces):
                missing = sum(n not in held for n in window)
                if missing > jokers:
                    continue
                present = [i for i, n in enumerate(window) if n in held]
                # Any held card may still give way to a joker (it may be wanted elsewhere).
                for swapped in _subsets_up_to(present, jokers - missing):
                    filled = [i for i in present if i not in swapped]
                    if len(filled) < max(style.min_naturals, 1):
                        continue
                    if sizes is None and _run_splits(window, filled, style):
                        continue
                    key = (
                        tuple(card(_rank(window[i]), suit) for i in filled),
                        len(window) - len(filled),
                    )
                    if key in seen:
                        continue
                    seen.add(key)
                    yield Meld(
                        MeldKind.RUN,
                        tuple(
                            MeldCard(card(_rank(n), suit))
                            if i in filled
                            else MeldCard(JOKER, card(_rank(n), suit))
                            for i, n in enumerate(window)
                        ),
                    )


def _run_splits(window: Sequence[int], filled: Sequence[int], style: MeldStyle) -> bool:
    """True when the run cuts into two valid runs (same cards, so no need to try it whole)."""
    need = max(style.min_naturals, 1)
    for cut in range(style.min_run, len(window) - style.min_run + 1):
        if sum(i < cut for i in filled) >= need and sum(i >= cut for i in filled) >= need:
            return True
    return False


def _subsets_up_to(items: Sequence[int], most: int) -> Iterable[frozenset[int]]:
    found: list[frozenset[int]] = [frozenset()]
    frontier = [(frozenset[int](), 0)]
    for _ in range(most):
        grown = []
        for chosen, start in frontier:
            for j in range(start, len(items)):
                bigger = chosen | {items[j]}
                grown.append((bigger, j + 1))
                found.append(bigger)
        frontier = grown
    return found


def _rank(number: int) -> Rank:
    return list(Rank)[number - 1]
