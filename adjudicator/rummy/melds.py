"""Rummy melds as values: a card as laid in a meld (a joker with the card it stands for), a meld.

A joker in a meld is written ``JK=5C`` ("the joker stands for the five of clubs"). Whether some
cards make a meld, and which, is for the family's one meld engine to say
(:mod:`adjudicator.rummy.melding_rules`); there the designation may be left out where only one
reading exists: ``4C JK 6C`` can only mean ``JK=5C``.

>>> parse_meld_cards("4c jk=5c 6c")
(MeldCard('4C'), MeldCard('JK=5C'), MeldCard('6C'))
>>> format_meld(parse_meld_cards("4c jk 6c"))
'4C JK 6C'
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from adjudicator.cards import Card, Rank, card_tokens
from adjudicator.errors import BadCardError
from adjudicator.messages import Joined, Verbatim, joined, msg

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
                msg(
                    "{token}: only a joker can stand for another card, as in {example}.",
                    token=Verbatim(repr(token)),
                    example=Verbatim("JK=5C"),
                ),
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
    tokens = card_tokens(text) if isinstance(text, str) else list(text)
    return tuple(MeldCard.parse(token) for token in tokens if token.strip())


class MeldKind(StrEnum):
    SET = "set"
    RUN = "run"


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


def format_meld(cards: Iterable[MeldCard]) -> str:
    return " ".join(str(mc) for mc in cards)


def meld_said(cards: Iterable[MeldCard]) -> Joined:
    """A meld's cards as a sentence shows them: each card in the language's letters (``E♠``
    in Swedish), a joker's designation in the notation (``JK=5C``).

    >>> from adjudicator.messages import msg, render
    >>> meld = parse_meld_cards("QS KS JK=AS")
    >>> render(msg("{cards} is a meld.", cards=meld_said(meld)), "sv")[:13]
    'D♠ K♠ JK=AS i'
    """
    return joined((mc.card if not mc.is_joker else Verbatim(str(mc)) for mc in cards), " ")
