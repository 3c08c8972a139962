"""Bridge Rummy's words shared by its modules: melds as a sentence shows them, the house rules'
names, and sentences naming seats that the app's :func:`adjudicator.said.named` names.

>>> from adjudicator.messages import msg, render
>>> from adjudicator.rummy.melds import parse_meld_cards
>>> line = msg("run {meld}", meld=meld_cards(parse_meld_cards("4C JK=5C 6C")))
>>> str(line), render(line, "sv")
('run 4C JK=5C 6C', 'run 4♣ JK=5♣ 6♣')
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from adjudicator.cards import Card
from adjudicator.messages import Joined, Verbatim, joined, msg
from adjudicator.rummy.melds import MeldCard


def meld_cards(cards: Iterable[MeldCard]) -> Joined:
    """A meld's cards side by side, as ``format_meld`` writes them in English (``4C JK=5C``),
    each card in the language's letters and symbols elsewhere (``4♣ JK=5♣``)."""
    return joined((_meld_card(mc) for mc in cards), " ")


def _meld_card(mc: MeldCard) -> Card | Joined:
    if mc.stands_for is not None:
        return joined((Verbatim("JK="), mc.stands_for), "")
    return mc.card


def cards(items: Iterable[Card]) -> Joined:
    """Cards side by side, as ``format_cards`` writes them in English."""
    return joined(items, " ")


def valued(pairs: Iterable[tuple[Any, int]]) -> Joined:
    """Cards each with its value, summed: ``4C 4 + JK=5C 5``."""
    return joined((joined(pair, " ") for pair in pairs), " + ")


# The house rules by the names their page gives them (the key, words capitalised), never the key.
ACE_LOW_VALUE = msg("Ace low value")
ROUND_THEN_DOUBLE = msg("Round then double")
HAND_RUMMY_OWN_MELDS_ONLY = msg("Hand rummy own melds only")
