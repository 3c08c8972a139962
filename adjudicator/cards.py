"""Cards, their one canonical notation, and the packs of every game we keep score for.

The notation is the one used by the database, the API and the pages: rank then suit,
``AS 10H JC QD 2S``, and ``JK`` for a joker. Reading is forgiving (case, ``T`` for ten,
suit symbols, commas); writing is always canonical.

>>> parse_cards("as, th ♣q jk")
(Card('AS'), Card('10H'), Card('QC'), Card('JK'))
>>> format_cards(parse_cards("2s 10d"))
'2S 10D'

Rank order and point values belong to a game, not to a card: ``Rank.number`` is only the
position of the rank counting the ace as one, which the games use to build their sequences.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from enum import StrEnum

from adjudicator.errors import BadCardError, NotInPackError, TooManyCopiesError
from adjudicator.messages import Verbatim, joined, msg, msg_n


class Suit(StrEnum):
    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)


class Rank(StrEnum):
    ACE = "A"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "10"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"

    @property
    def number(self) -> int:
        """1 for the ace, 2-10 for pip cards, 11-13 for J Q K.

        >>> Rank.ACE.number, Rank.TEN.number, Rank.KING.number
        (1, 10, 13)
        """
        return _RANK_NUMBERS[self]

    @property
    def is_court(self) -> bool:
        """J, Q and K: the face cards. The ace is not one."""
        return self in (Rank.JACK, Rank.QUEEN, Rank.KING)


_RANK_NUMBERS = {rank: index for index, rank in enumerate(Rank, start=1)}
_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SUIT_ALIASES = {
    "S": Suit.SPADES,
    "H": Suit.HEARTS,
    "D": Suit.DIAMONDS,
    "C": Suit.CLUBS,
    "♠": Suit.SPADES,
    "♤": Suit.SPADES,
    "♥": Suit.HEARTS,
    "♡": Suit.HEARTS,
    "♦": Suit.DIAMONDS,
    "♢": Suit.DIAMONDS,
    "♣": Suit.CLUBS,
    "♧": Suit.CLUBS,
}
_RANK_ALIASES = {rank.value: rank for rank in Rank} | {"T": Rank.TEN}
_JOKER_ALIASES = {"JK", "JOKER", "🃏"}
_SEPARATORS = re.compile(r"[\s,;]+")
_ROW_BREAK = re.compile(r"[/|]")
_SUIT_CHARS = "".join(_SUIT_ALIASES)
_TOKEN = re.compile(rf"^(?:([{_SUIT_CHARS}])(10|[2-9AJQKT])|(10|[2-9AJQKT])([{_SUIT_CHARS}]))$")


@dataclass(frozen=True, slots=True)
class Card:
    """One playing card, or a joker (both fields ``None``)."""

    rank: Rank | None
    suit: Suit | None

    def __post_init__(self) -> None:
        if (self.rank is None) != (self.suit is None):
            raise BadCardError(msg("A card has both a rank and a suit, or neither (a joker)."))

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card, forgivingly.

        >>> Card.parse("Th"), Card.parse("♠a"), Card.parse("joker")
        (Card('10H'), Card('AS'), Card('JK'))
        """
        token = text.strip().upper()
        if token in _JOKER_ALIASES:
            return JOKER
        match = _TOKEN.match(token)
        if match is None:
            raise BadCardError(
                msg(
                    "{token} is not a card: write a rank (A 2-10 J Q K) then a suit (S H D C), "
                    "or JK.",
                    token=Verbatim(repr(text.strip())),
                ),
                cards=[text.strip()],
            )
        suit_first, rank_second, rank_first, suit_second = match.groups()
        rank = _RANK_ALIASES[rank_first or rank_second]
        suit = _SUIT_ALIASES[suit_second or suit_first]
        return _CARDS[rank, suit]

    @property
    def is_joker(self) -> bool:
        return self.rank is None

    def __str__(self) -> str:
        if self.rank is None or self.suit is None:
            return "JK"
        return f"{self.rank.value}{self.suit.value}"

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


def _sort_key(card: Card) -> tuple[int, int]:
    if card.rank is None or card.suit is None:
        return (len(Suit), 0)
    return (list(Suit).index(card.suit), card.rank.number)


JOKER = Card(None, None)
_CARDS = {(rank, suit): Card(rank, suit) for suit in Suit for rank in Rank}
ALL_CARDS: tuple[Card, ...] = tuple(_CARDS.values())


def card(rank: Rank, suit: Suit) -> Card:
    """The shared instance of a card."""
    return _CARDS[rank, suit]


def card_rows(text: str) -> list[list[str]]:
    """The tokens of a string of cards, row by row: the one reading of the notation, shared by
    every parser and by the bounds (:mod:`adjudicator.bounds`). Cards are separated by spaces,
    commas or semicolons; the rows of a grid by ``/`` or ``|``, as ``str()`` of a grid writes
    them. A string without a row break is one row.

    >>> card_rows("th 9c jc / 10d qc jd / 2s 10s js")
    [['th', '9c', 'jc'], ['10d', 'qc', 'jd'], ['2s', '10s', 'js']]
    >>> card_rows("AS, KS;QS"), card_rows("")
    ([['AS', 'KS', 'QS']], [[]])
    """
    return [[t for t in _SEPARATORS.split(row.strip()) if t] for row in _ROW_BREAK.split(text)]


def card_tokens(text: str) -> list[str]:
    """The tokens of a string of cards that is not a grid: a row break is refused.

    >>> card_tokens("JK=5C 6C, 7C")
    ['JK=5C', '6C', '7C']
    >>> card_tokens("AS KS / QS")
    Traceback (most recent call last):
    ...
    adjudicator.errors.BadCardError: '/' is not a card: only the rows of a grid are separated by / or |.
    """
    rows = card_rows(text)
    if len(rows) > 1:
        mark = _ROW_BREAK.search(text)
        shown = mark.group() if mark else "/"
        raise BadCardError(
            msg(
                "{token} is not a card: only the rows of a grid are separated by / or |.",
                token=Verbatim(repr(shown)),
            ),
            cards=[shown],
        )
    return rows[0]


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Read cards separated by spaces, commas or semicolons (or already split).

    >>> parse_cards("")
    ()
    """
    tokens = card_tokens(text) if isinstance(text, str) else list(text)
    return tuple(Card.parse(token) for token in tokens if token.strip())


def parse_card_rows(text: str) -> tuple[tuple[Card, ...], ...]:
    """Read cards written row by row (:func:`card_rows`): one tuple of cards a row.

    >>> parse_card_rows("5h 6h / 7h 8h")
    ((Card('5H'), Card('6H')), (Card('7H'), Card('8H')))
    """
    return tuple(tuple(Card.parse(token) for token in row) for row in card_rows(text))


def format_cards(cards: Iterable[Card]) -> str:
    """Write cards in the canonical notation, in the order given."""
    return " ".join(str(c) for c in cards)


def sort_cards(cards: Iterable[Card]) -> list[Card]:
    """Cards grouped by suit (S H D C), ace low within each suit, jokers last."""
    return sorted(cards, key=_sort_key)


@dataclass(frozen=True)
class Pack:
    """The cards a game is played with, and how many copies of each."""

    name: str  # a message: "the {pack}" reads in a sentence ("den vanliga kortleken" in Swedish)
    copies: Mapping[Card, int]

    @classmethod
    def build(
        cls,
        name: str,
        cards: Iterable[Card],
        *,
        packs: int = 1,
        jokers: int = 0,
    ) -> Pack:
        copies: Counter[Card] = Counter()
        for c in cards:
            copies[c] += packs
        if jokers:
            copies[JOKER] = jokers
        return cls(name=name, copies=dict(copies))

    def __len__(self) -> int:
        return sum(self.copies.values())

    def __contains__(self, item: object) -> bool:
        return item in self.copies

    def __iter__(self) -> Iterator[Card]:
        for c, count in self.copies.items():
            for _ in range(count):
                yield c

    @property
    def has_duplicates(self) -> bool:
        return any(count > 1 for c, count in self.copies.items() if not c.is_joker)

    def check(
        self,
        cards: Iterable[Card],
        *,
        field: str | None = None,
        seen: Counter[Card] | None = None,
    ) -> None:
        """Reject a card the pack lacks, or more copies of one than it holds.

        ``seen`` counts the cards already checked with these (they are added to it once they
        pass): groups checked one after another then cost time in proportion to all their
        cards, each counted once.

        >>> STANDARD.check(parse_cards("AS AS"))
        Traceback (most recent call last):
        ...
        adjudicator.errors.TooManyCopiesError: AS appears 2 times, but the standard 52-card pack has only one.
        >>> seen: Counter[Card] = Counter()
        >>> STANDARD.check(parse_cards("AS KS"), seen=seen)
        >>> STANDARD.check(parse_cards("AS"), seen=seen)
        Traceback (most recent call last):
        ...
        adjudicator.errors.TooManyCopiesError: AS appears 2 times, but the standard 52-card pack has only one.
        """
        counts = Counter(cards)
        missing = [c for c in counts if c not in self.copies]
        if missing:
            raise NotInPackError(
                msg_n(
                    "{cards} is not in the {pack}.",
                    "{cards} are not in the {pack}.",
                    len(missing),
                    cards=joined(missing, " "),
                    pack=self.name,
                ),
                cards=missing,
                field=field,
            )
        total = counts if seen is None else Counter({c: n + seen[c] for c, n in counts.items()})
        extra = [c for c, n in total.items() if n > self.copies[c]]
        if extra:
            c = extra[0]
            held = self.copies[c]
            if held == 1:
                said = msg_n(
                    "{card} appears {count} time, but the {pack} has only one.",
                    "{card} appears {count} times, but the {pack} has only one.",
                    total[c],
                    card=c,
                    pack=self.name,
                )
            else:
                said = msg_n(
                    "{card} appears {count} time, but the {pack} has only {held}.",
                    "{card} appears {count} times, but the {pack} has only {held}.",
                    total[c],
                    card=c,
                    pack=self.name,
                    held=held,
                )
            raise TooManyCopiesError(said, cards=extra, field=field)
        if seen is not None:
            seen.update(counts)


def _without(*ranks: Rank) -> list[Card]:
    return [c for c in ALL_CARDS if c.rank not in ranks]


# The packs named in the rules texts (shared/seeds), one constant each.
# Each name reads after "the" in a sentence ("AS is not in the 36-card Brus pack.").
STANDARD = Pack.build(msg("standard 52-card pack"), ALL_CARDS)
DOUBLE = Pack.build(msg("double 104-card pack"), ALL_CARDS, packs=2)
BRIDGE_RUMMY = Pack.build(
    msg("Bridge Rummy pack (two packs and two jokers)"), ALL_CARDS, packs=2, jokers=2
)
CRUMMY = Pack.build(
    msg("Crummy Rummy pack (two packs and four jokers)"), ALL_CARDS, packs=2, jokers=4
)
# Brus: the 2s, 3s, 4s and 5s are removed.
BRUS = Pack.build(msg("36-card Brus pack"), _without(Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE))
# Voormsi: remove the 2s, 3s, 4s and 10s, then the KD is replaced by the 3D.
VOORMSI = Pack.build(
    msg("36-card Voormsi pack"),
    [c for c in _without(Rank.TWO, Rank.THREE, Rank.FOUR, Rank.TEN) if str(c) != "KD"]
    + [card(Rank.THREE, Suit.DIAMONDS)],
)
# Alkort: all 10s and 5s are removed.
ALKORT = Pack.build(msg("44-card Alkort pack"), _without(Rank.TEN, Rank.FIVE))
TREIKORT = Pack.build(
    msg("27-card Treikort pack"),
    parse_cards("QC 2S KD 2H 4C 8S 9H 9D AS AH AD AC JS JH JD JC 6S 6H 6D 6C 8C 8H 8D 7S 7H 7D 7C"),
)


def continental_pack(players: int) -> Pack:
    """Continental: 2-5 players use 2 packs + 2 jokers, 6-8 use 3 + 3, 9-12 use 4 + 4."""
    packs = 2 if players <= 5 else 3 if players <= 8 else 4
    name = msg_n(
        "Continental pack ({count} pack and {count} joker)",
        "Continental pack ({count} packs and {count} jokers)",
        packs,
    )
    return Pack.build(name, ALL_CARDS, packs=packs, jokers=packs)
