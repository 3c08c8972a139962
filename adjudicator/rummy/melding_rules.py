"""One meld engine for the rummy family: each game's melds as data, and the best melding of a hand.

A :class:`MeldStyle` says how a game melds (set sizes, repeated suits, run length, the ace,
jokers, packs). :func:`meld_problems` lists every reason some cards are not a meld in that style;
:func:`read_meld` says which meld they make, every joker's card settled (``JK=5C``);
:func:`best_melding` finds the disjoint melds that leave the lowest unmatched count (ruling 4,
"Common definitions": the engine searches for the minimum, it does not take a player's word).

>>> [str(p) for p in meld_problems("QS KS AS", RUMMY)]
['QS KS AS are not in sequence (the ace is low in Rummy)']
>>> is_valid_meld("KS AS 2S", BOATHOUSE), is_valid_meld("3S 3S 3H", CRUMMY)
(True, True)
>>> from adjudicator.cards import format_cards
>>> result = best_melding(parse_cards("7H 8H 9H 5C 5D 5S KC"), RUMMY, rummy_value)
>>> [str(m) for m in result.melds], format_cards(result.leftover), result.count
(['5S 5D 5C', '7H 8H 9H'], 'KC', 10)
>>> str(read_meld("4c jk 6c", BRIDGE_RUMMY))
'4C JK=5C 6C'
"""

from __future__ import annotations

import sys
from bisect import bisect_left
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import partial
from itertools import combinations

from adjudicator.budget import Budget, active
from adjudicator.cards import (
    ALL_CARDS,
    JOKER,
    Card,
    Pack,
    Rank,
    Suit,
    card,
    parse_cards,
)
from adjudicator.errors import InvalidMeldError, NotInPackError, SearchTooLongError
from adjudicator.messages import Joined, Message, Verbatim, joined, msg, msg_n
from adjudicator.rummy.melds import Meld, MeldCard, MeldKind, parse_meld_cards

CardValue = Callable[[Card], int]


def grouped(number: int) -> int | Message | Joined:
    """A large whole number with its thousands marked, as each language marks them
    (``250,000``; ``250 000`` in Swedish, ``250.000`` in Danish and Icelandic).

    >>> from adjudicator.messages import render
    >>> [render(msg("{n} steps", n=grouped(n))) for n in (250_000, 1_250_000, 999, -5000)]
    ['250,000 steps', '1,250,000 steps', '999 steps', '-5,000 steps']
    >>> render(msg("{n} steps", n=grouped(250_000)), "da")
    '250.000 steps'"""
    if number <= -1000:
        return joined((Verbatim("-"), grouped(-number)), "")
    if number < 1000:
        return number
    return msg(
        "{thousands},{hundreds}",
        thousands=grouped(number // 1000),
        hundreds=Verbatim(f"{number % 1000:03d}"),
    )


def shown_cards(cards: Iterable[Card]) -> Joined:
    """Cards side by side, for a sentence: the canonical notation in English (``7H 8H``), each
    language's letters and suit symbols elsewhere."""
    return joined(cards, " ")


def shown_card(mc: Card | MeldCard) -> Card | Joined:
    """One card as laid in a meld, for a sentence: a joker standing for a card is ``JK=5C``."""
    if isinstance(mc, Card):
        return mc
    if mc.stands_for is not None:
        return joined((mc.card, mc.stands_for), "=")
    return mc.card


def shown_meld(cards: Iterable[Card | MeldCard] | Meld) -> Joined:
    """A meld's cards side by side, for a sentence (``4C JK=5C 6C``)."""
    if isinstance(cards, Meld):
        cards = cards.cards
    return joined((shown_card(mc) for mc in cards), " ")


def shown_melds(melds: Iterable[Meld], separator: str) -> Joined:
    """Melds side by side, ``"; "`` or ``" | "`` between them."""
    return joined((shown_meld(m) for m in melds), separator)


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
    raise NotInPackError(msg("There is no joker in {game}.", game=game), cards=[JOKER])


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

    >>> [str(p) for p in meld_problems("3S 3S 3H", RUMMY)]
    ['3S is held 2 times, but Rummy is played with one pack', 'a set needs every suit different (3S 3S)']
    >>> [str(p) for p in meld_problems("5H 6H JK", CRUMMY)]
    ['a run needs at least 4 cards']
    """
    placed = _as_meld_cards(cards)
    problems: list[str] = []
    naturals = [mc.card for mc in placed if not mc.is_joker]
    jokers = len(placed) - len(naturals)
    if len(placed) < style.min_meld:
        problems.append(
            msg_n(
                "a meld needs at least {count} card",
                "a meld needs at least {count} cards",
                style.min_meld,
            )
        )
    if jokers and not style.jokers:
        problems.append(msg("there are no jokers in {game}", game=style.name))
    elif jokers > style.jokers:
        problems.append(
            msg_n(
                "{game} has only {count} joker, not {jokers}",
                "{game} has only {count} jokers, not {jokers}",
                style.jokers,
                game=style.name,
                jokers=jokers,
            )
        )
    if len(naturals) < style.min_naturals:
        problems.append(
            msg_n(
                "a meld needs at least {count} natural card",
                "a meld needs at least {count} natural cards",
                style.min_naturals,
            )
        )
    held = Counter(naturals)
    for c, n in held.items():
        if n > style.packs:
            if style.packs == 1:
                problems.append(
                    msg(
                        "{card} is held {times} times, but {game} is played with one pack",
                        card=c,
                        times=n,
                        game=style.name,
                    )
                )
            else:
                problems.append(
                    msg(
                        "{card} is held {times} times, but {game} is played with {packs} packs",
                        card=c,
                        times=n,
                        game=style.name,
                        packs=style.packs,
                    )
                )
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
        msg(
            "the cards are neither one rank (a set) nor one suit (a run): {cards}",
            cards=shown_cards(known),
        ),
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
        raise InvalidMeldError(
            not_a_meld(placed, style, problems),
            cards=[str(mc) for mc in placed],
            problems=problems,
        )


def not_a_meld(
    placed: Sequence[Card | MeldCard], style: MeldStyle, problems: Sequence[str]
) -> Message:
    """A refusal: the cards, the game, and every problem (``7S 7H is not a meld in Rummy: …``)."""
    return msg(
        "{cards} is not a meld in {game}: {problems}.",
        cards=shown_meld(placed),
        game=style.name,
        problems=joined(problems, "; "),
    )


# A meld whose jokers could stand for different cards (``4C 5C JK``: the 3 or the 6) is not
# read: what a joker stands for decides the meld's value and who may claim the joker.
ASK_JOKER = msg("say which card each joker stands for (write JK=5C): more than one reading fits")


def meld_reading(
    cards: str | Iterable[Card | MeldCard], style: MeldStyle
) -> tuple[Meld | None, list[str]]:
    """The meld the cards make with every joker settled, or None and every problem.

    Beyond :func:`meld_problems`, a joker left undesignated must have only one place
    (:data:`ASK_JOKER` otherwise). One rank read as a set wherever a set is allowed.

    >>> [str(p) for p in meld_reading("4C 5C JK", BRIDGE_RUMMY)[1]]
    ['say which card each joker stands for (write JK=5C): more than one reading fits']
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
        raise InvalidMeldError(
            not_a_meld(placed, style, problems),
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
        return [msg("sets do not count in {game}: only runs", game=style.name)]
    problems: list[str] = []
    size = len(placed)
    if size < style.min_set or (style.max_set is not None and size > style.max_set):
        if style.max_set is None:
            problems.append(
                msg("a set has {least} or more cards, not {size}", least=style.min_set, size=size)
            )
        else:
            problems.append(
                msg(
                    "a set has {least} to {most} cards, not {size}",
                    least=style.min_set,
                    most=style.max_set,
                    size=size,
                )
            )
    if not style.set_suits_repeat:
        # Counted once, not card by card: the check stays linear in the cards given.
        per_suit = Counter(k.suit for k in known)
        repeated = [c for c in known if per_suit[c.suit] > 1]
        if repeated:
            problems.append(
                msg("a set needs every suit different ({cards})", cards=shown_cards(repeated))
            )
    return problems


def _run_problems(placed: Sequence[MeldCard], known: Sequence[Card], style: MeldStyle) -> list[str]:
    if not style.runs:
        return [msg("runs do not count in {game}: only sets", game=style.name)]
    problems: list[str] = []
    if len(placed) < style.min_run:
        problems.append(
            msg_n(
                "a run needs at least {count} card",
                "a run needs at least {count} cards",
                style.min_run,
            )
        )
    twice = [c for c, n in Counter(known).items() if n > 1]
    if twice:
        return [
            *problems,
            msg("a run cannot hold the same card twice ({cards})", cards=shown_cards(twice)),
        ]
    numbers = {_number(c) for c in known}
    if not any(numbers <= set(w) for w in _windows(len(placed), style.aces)):
        cards, game = shown_cards(known), style.name
        problems.append(
            {
                Aces.LOW: msg(
                    "{cards} are not in sequence (the ace is low in {game})", cards=cards, game=game
                ),
                Aces.HIGH: msg(
                    "{cards} are not in sequence (the ace is high in {game})",
                    cards=cards,
                    game=game,
                ),
                Aces.BOTH: msg(
                    "{cards} are not in sequence (the ace is high or low, not round the corner in "
                    "{game})",
                    cards=cards,
                    game=game,
                ),
                Aces.ROUND_THE_CORNER: msg(
                    "{cards} are not in sequence (the ace may go round the corner in {game})",
                    cards=cards,
                    game=game,
                ),
            }[style.aces]
        )
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
    """A hand split into disjoint melds and the cards left over, with their count.

    ``proven``: no melding leaves less. False only for the best a search found before its
    budget ran out (:func:`best_melding` with ``exact`` false).
    """

    melds: tuple[Meld, ...]
    leftover: tuple[Card, ...]
    count: int
    proven: bool = True


def best_melding(
    hand: str | Iterable[Card], style: MeldStyle, value: CardValue, *, exact: bool = True
) -> Melding:
    """The disjoint melds that leave the lowest count of unmatched cards (ruling 4).

    An exact search: the lowest card left (by rank, then suit) is either in one of the melds
    that hold it or unmatched; results are remembered for each multiset of cards still to
    place. It draws its steps from the answer's budget (:mod:`adjudicator.budget`): out of
    steps it refuses (:class:`~adjudicator.errors.SearchTooLongError`), or, with ``exact``
    false, gives the best melding it found (``proven`` false).

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
    steps = _Steps(active())
    search = _Search(
        packed,
        [value(c) for c in packed.order],
        value(JOKER) if joker_count else 0,
        _joker_melds(style),
        steps,
    )
    try:
        search.candidates = packed.candidates(
            _candidate_melds(naturals, joker_count, style, steps), longest_first=True
        )
        count = search.solve(packed.start, joker_count)
    except _OutOfSteps:
        if exact:
            raise SearchTooLongError(
                msg(
                    "{count} cards can be melded in too many ways to search them all within "
                    "{steps} steps.",
                    count=len(cards),
                    steps=grouped(steps.budget.limit),
                ),
            ) from None
        return search.best_found(joker_count, style)
    finally:
        steps.charge()
    return search.melding((), packed.start, joker_count, count, style)


# What a search's work costs in the steps of a budget (adjudicator.budget): trying a meld, or
# reaching a state by one, is a step; a state not met before (its bookkeeping) fifteen; each
# way of making a meld from the hand twenty. Measured on bench/adjudication_worst.py's
# costliest hands, a search of many states with few melds each (Boathouse, 42 cards of one
# pack), one of few states with many melds each (Crummy Rummy's jokers and repeated suits) and
# the making of the melds of 88 cards then spend about the same time on a step.
STATE_STEPS = 15
WAY_STEPS = 20


class _OutOfSteps(Exception):
    """The search's budget ran out."""


class _Steps:
    """The steps a search takes from its budget: past what the budget has left, it stops."""

    def __init__(self, budget: Budget) -> None:
        self.budget = budget
        self.most = budget.left
        self.taken = 0

    def take(self, steps: int = 1) -> None:
        self.taken += steps
        if self.taken > self.most:
            raise _OutOfSteps

    def charge(self) -> None:
        """Charge the steps taken to the budget."""
        self.budget.spent += self.taken


type _Candidate = tuple[tuple[Card, ...], int, Callable[[], Meld]]
"""A meld the hand can make: its natural cards, the jokers it uses, and how to make it (made
only for the melds a search keeps)."""

type _Option = tuple[int, int, int, Callable[[], Meld]]
"""A meld a card may go into: its natural cards as a mask, the jokers it uses, its size, and
how to make it."""


class _Search:
    """The best-melding search of one hand, with what it has proved so far."""

    def __init__(
        self,
        packed: _Packed,
        values: list[int],
        joker_cost: int,
        all_jokers: frozenset[int],
        steps: _Steps,
    ) -> None:
        self.packed = packed
        self.candidates: list[list[_Option]] = []
        self.values = values
        self.joker_cost = joker_cost
        self.all_jokers = all_jokers
        self.steps = steps
        self.memo: dict[tuple[int, int], tuple[int, _Option | None]] = {}
        self.path: list[_Option | int] = []
        # The best complete melding seen: its count, the choices down to a state whose best
        # is known, and that state (None before any: every card left over).
        self.found: tuple[int, tuple[_Option | int, ...], tuple[int, int] | None] = (
            sys.maxsize,
            (),
            None,
        )

    def end(self, jokers: int) -> int:
        """What the jokers left at the end count: nothing, if they meld alone."""
        return 0 if jokers in self.all_jokers else jokers * self.joker_cost

    def solve(self, rest: int, jokers: int, cost: int = 0) -> int:
        """The least count the cards ``rest`` and ``jokers`` leave (``cost``: what the cards
        placed before them left, for the best melding seen). Each state reached is a step,
        and each meld tried."""
        self.steps.take()
        return self._reached(rest, jokers, cost, None)

    def _reached(self, rest: int, jokers: int, cost: int, option: _Option | int | None) -> int:
        """The least count from a state reached by ``option`` (None: the start), its step
        taken: at the end, remembered, or searched."""
        if rest == 0:
            found = self.end(jokers)
        else:
            known = self.memo.get((rest, jokers))
            if known is None:
                if option is not None:
                    self.path.append(option)
                found = self._search(rest, jokers, cost)
                if option is not None:
                    self.path.pop()
                return found
            found = known[0]
        if cost + found < self.found[0]:
            path = (*self.path, option) if option is not None else tuple(self.path)
            self.found = (cost + found, path, (rest, jokers))
        return found

    def _search(self, rest: int, jokers: int, cost: int) -> int:
        """Search a state not met before, and remember its best."""
        take = self.steps.take
        take(STATE_STEPS)
        guards = self.packed.guards
        first = self.packed.lowest(rest)
        reached = self._reached
        best: int | None = None
        choice: _Option | None = None
        for option in self.candidates[first]:
            take()
            mask, used, _, _ = option
            # The meld's cards are all still held (packed.fits, inline: this is the hot loop).
            if used <= jokers and ((rest | guards) - mask) & guards == guards:
                take()  # the state it reaches
                found = reached(rest - mask, jokers - used, cost, option)
                if best is None or found < best:
                    best, choice = found, option
                    if found == 0:
                        break  # nothing leaves less
        if best != 0:
            take()
            worth = self.values[first]
            found = worth + reached(rest - self.packed.unit[first], jokers, cost + worth, first)
            if best is None or found < best:
                best, choice = found, None
        assert best is not None
        self.memo[rest, jokers] = (best, choice)
        return best

    def melding(
        self,
        path: tuple[_Option | int, ...],
        rest: int,
        jokers: int,
        count: int,
        style: MeldStyle,
        *,
        proven: bool = True,
        known: bool = True,
    ) -> Melding:
        """The melding that ``path`` takes from the start and the remembered best from
        (``rest``, ``jokers``) on (``known`` false: every card from there left over)."""
        packed = self.packed
        melds: list[Meld] = []
        leftover: list[Card] = []
        for step in path:
            if isinstance(step, int):
                leftover.append(packed.order[step])
            else:
                melds.append(step[3]())
        while rest:
            first = packed.lowest(rest)
            choice = self.memo[rest, jokers][1] if known else None
            if choice is None:
                leftover.append(packed.order[first])
                rest -= packed.unit[first]
            else:
                mask, used, _, make = choice
                melds.append(make())
                rest, jokers = rest - mask, jokers - used
        if jokers and jokers in self.all_jokers:
            melds.append(_jokers_only(jokers, style))
        else:
            leftover.extend([JOKER] * jokers)
        return Melding(tuple(melds), tuple(leftover), count, proven)

    def best_found(self, jokers: int, style: MeldStyle) -> Melding:
        """The best complete melding the search saw before its budget ran out (of a hand with
        ``jokers``): every card left over, if it saw none."""
        count, path, state = self.found
        if state is None:
            start = self.packed.start
            count = sum(
                self.values[i] * self.packed.held(start, i) for i in range(len(self.values))
            )
            count += self.end(jokers)
            return self.melding((), start, jokers, count, style, proven=False, known=False)
        return self.melding(path, *state, count, style, proven=False)


@dataclass(frozen=True)
class _Packed:
    """A multiset of natural cards as one integer: a bit field per distinct card, lowest first
    (by rank, then suit), with a guard bit above each field so that taking a meld's cards away
    shows at once whether the multiset held them."""

    order: tuple[Card, ...]
    index: Mapping[Card, int]
    unit: tuple[int, ...]
    width: int
    guards: int
    start: int

    @classmethod
    def of(cls, naturals: Counter[Card]) -> _Packed:
        # By rank, then suit: a run or a set taken from the lowest card then holds only cards
        # a few ranks above it, so the multisets left to place are few (issue 26: suit first,
        # a hand of 26 cards left 50 times more).
        order = tuple(sorted(naturals, key=lambda c: (_number(c), _suit_index(c))))
        width = max(naturals.values(), default=1).bit_length() + 1  # one guard bit per field
        unit = tuple(1 << (i * width) for i in range(len(order)))
        guards = sum(u << (width - 1) for u in unit)
        start = sum(naturals[c] * unit[i] for i, c in enumerate(order))
        return cls(order, {c: i for i, c in enumerate(order)}, unit, width, guards, start)

    def held(self, rest: int, index: int) -> int:
        """How many copies of the card at ``index`` ``rest`` holds."""
        return (rest >> (index * self.width)) & ((1 << (self.width - 1)) - 1)

    def lowest(self, rest: int) -> int:
        """The index of the lowest card still in ``rest``."""
        return ((rest & -rest).bit_length() - 1) // self.width

    def fits(self, rest: int, mask: int) -> bool:
        """True when ``rest`` holds every card of ``mask``."""
        return ((rest | self.guards) - mask) & self.guards == self.guards

    def candidates(
        self, melds: Iterable[_Candidate], *, longest_first: bool = False
    ) -> list[list[_Option]]:
        """The melds by their lowest card (the first of its natural cards).

        ``longest_first``: the longest melds of a card first. A search that tries them so has
        a fair melding at the end of its first path (the best found, should its budget run
        out), and stops at a meld that leaves nothing.
        """
        found: list[list[_Option]] = [[] for _ in self.order]
        index, unit = self.index, self.unit
        for cards, used, make in melds:
            places = [index[c] for c in cards]
            mask = sum(unit[i] for i in places)
            found[min(places)].append((mask, used, len(cards) + used, make))
        if longest_first:
            for options in found:
                options.sort(key=lambda option: -option[2])
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
    ['4C 5C 6C 7C', '9H 10H JH']
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
    steps = _Steps(active())
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
        steps.take(STATE_STEPS)
        found: tuple[Meld, ...] | None = None
        for mask, used, size, make in candidates[packed.lowest(rest)]:
            steps.take()
            if used > jokers or size not in left or not packed.fits(rest, mask):
                continue
            smaller = list(left)
            smaller.remove(size)
            rest_melds = solve(rest - mask, jokers - used, tuple(smaller))
            if rest_melds is not None:
                found = (make(), *rest_melds)
                break
        memo[key] = found
        return found

    try:
        candidates = packed.candidates(
            _candidate_melds(naturals, joker_count, style, steps, sizes=frozenset(wanted))
        )
        return solve(packed.start, joker_count, wanted)
    except _OutOfSteps:
        raise SearchTooLongError(
            msg(
                "{count} cards can be cut into melds in too many ways to search them all within "
                "{steps} steps.",
                count=len(cards),
                steps=grouped(steps.budget.limit),
            )
        ) from None
    finally:
        steps.charge()


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
    steps: _Steps,
    *,
    sizes: frozenset[int] | None = None,
) -> Iterable[_Candidate]:
    """Every meld the hand can make with at least one natural card, jokers filling any place;
    each way tried is a step of the search.

    A meld that splits into two valid melds is left out (the two cover the same cards), unless
    ``sizes`` asks for melds of exactly those lengths, whole.
    """
    if style.sets:
        yield from _candidate_sets(naturals, jokers, style, sizes, steps)
    if style.runs:
        yield from _candidate_runs(naturals, jokers, style, sizes, steps)


def _candidate_sets(
    naturals: Counter[Card],
    jokers: int,
    style: MeldStyle,
    sizes: frozenset[int] | None,
    steps: _Steps,
) -> Iterable[_Candidate]:
    by_rank: dict[Rank, list[Card]] = {}
    for c, n in naturals.items():
        assert c.rank is not None
        by_rank.setdefault(c.rank, []).extend([c] * min(n, style.packs))
    for rank, held in by_rank.items():
        held.sort(key=_suit_index)
        for chosen in _sub_multisets(held):
            steps.take(WAY_STEPS)
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
                yield chosen, used, partial(_set_meld, rank, chosen, used)


def _set_meld(rank: Rank, chosen: Sequence[Card], used: int) -> Meld:
    """The set of ``chosen`` and ``used`` jokers, each joker standing for a suit not held."""
    free = [s for s in Suit if s not in {c.suit for c in chosen}] + list(Suit) * used
    jokers = [MeldCard(JOKER, card(rank, free[i])) for i in range(used)]
    return Meld(MeldKind.SET, (*map(MeldCard, chosen), *jokers))


def _sub_multisets(held: Sequence[Card]) -> Iterable[tuple[Card, ...]]:
    counts = Counter(held)
    distinct = list(counts)
    picks: list[tuple[Card, ...]] = [()]
    for c in distinct:
        picks = [p + (c,) * k for p in picks for k in range(counts[c] + 1)]
    return picks


def _candidate_runs(
    naturals: Counter[Card],
    jokers: int,
    style: MeldStyle,
    sizes: frozenset[int] | None,
    steps: _Steps,
) -> Iterable[_Candidate]:
    seen: set[tuple[Suit, tuple[int, ...], int]] = set()
    need = max(style.min_naturals, 1)
    lengths = [n for n in range(style.min_run, 14) if sizes is None or n in sizes]
    if sizes is None:
        lengths = [n for n in lengths if not _always_splits(n, jokers, style)]
    for suit in Suit:
        held = {_number(c) for c in naturals if c.suit is suit}
        if not held:
            continue
        for length in lengths:
            for window in _windows(length, style.aces):
                present = [i for i, n in enumerate(window) if n in held]
                missing = length - len(present)
                if missing > jokers:
                    continue
                # Any held card may still give way to a joker (it may be wanted elsewhere):
                # keep every choice of the held cards that leaves at most ``jokers`` places.
                fewest = max(length - jokers, need)
                for kept in range(len(present), fewest - 1, -1):
                    for filled in combinations(present, kept):
                        steps.take(WAY_STEPS)
                        if sizes is None and _run_splits(length, filled, style):
                            continue
                        numbers = tuple(window[i] for i in filled)
                        key = (suit, numbers, length - kept)
                        if key in seen:
                            continue
                        seen.add(key)
                        cards = tuple(card(_RANKS[n - 1], suit) for n in numbers)
                        yield cards, length - kept, partial(_run_meld, window, filled, suit)


def _run_meld(window: Sequence[int], filled: Sequence[int], suit: Suit) -> Meld:
    """The run of ``window`` in ``suit``: natural cards at the places ``filled``, jokers
    standing for the rest."""
    return Meld(
        MeldKind.RUN,
        tuple(
            MeldCard(card(_rank(n), suit)) if i in filled else MeldCard(JOKER, card(_rank(n), suit))
            for i, n in enumerate(window)
        ),
    )


def _always_splits(length: int, jokers: int, style: MeldStyle) -> bool:
    """True when every run of ``length`` with at most ``jokers`` jokers cuts into two valid runs
    (so none need be tried whole): even with its jokers all at one end, a cut leaves enough
    natural cards on both sides.

    >>> _always_splits(6, 0, RUMMY), _always_splits(5, 0, RUMMY), _always_splits(9, 4, CRUMMY)
    (True, False, False)
    >>> _always_splits(10, 4, CRUMMY)
    True
    """
    need = max(style.min_naturals, 1)
    cut = max(style.min_run, need + jokers)  # past the first ``need`` natural cards, at worst
    return cut <= length - style.min_run and length - cut - jokers >= need


def _run_splits(length: int, filled: Sequence[int], style: MeldStyle) -> bool:
    """True when a run of ``length`` with natural cards at the places ``filled`` (in order)
    cuts into two valid runs (the same cards, so no need to try it whole). The cut that leaves
    the most on the right with enough on the left is the first past the ``need``-th natural.

    >>> _run_splits(6, (0, 1, 2, 3, 4, 5), RUMMY), _run_splits(8, (0, 1, 2, 3), CRUMMY)
    (True, False)
    """
    need = max(style.min_naturals, 1)
    if len(filled) < 2 * need:
        return False
    cut = max(style.min_run, filled[need - 1] + 1)
    return cut <= length - style.min_run and len(filled) - bisect_left(filled, cut) >= need


_RANKS = tuple(Rank)


def _rank(number: int) -> Rank:
    return _RANKS[number - 1]
