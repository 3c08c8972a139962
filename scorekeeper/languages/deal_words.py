"""A game's word for one deal ("deal", "hand", "round"), said in the language spoken, for a
sentence that holds it as a named place (``%(word)s``), outside the templates (which say it
with ``|deal_word``, ``scorekeeper.pages.templatetags.words``, which reads this table).

A sentence whose grammar the word changes (a count) has a sentence of its own for each word.
"""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import pgettext_lazy

SINGULAR: dict[str, Promise] = {
    # Translators: one deal of cards, dealt and played out (Swedish "giv", Danish "spil", Icelandic "spil").
    "deal": pgettext_lazy("one deal played", "deal"),
    # Translators: a hand in the sense of one deal played out, not the cards one player holds.
    "hand": pgettext_lazy("one deal played", "hand"),
    # Translators: one round of a game made of rounds (Crummy Rummy's seven rounds).
    "round": pgettext_lazy("one round played", "round"),
    # Translators: one game played (a player's ratings chart counts games, not deals).
    "game": pgettext_lazy("one game played", "game"),
}

PLURAL: dict[str, Promise] = {
    "deal": pgettext_lazy("deals played", "deals"),
    "hand": pgettext_lazy("deals played", "hands"),
    "round": pgettext_lazy("rounds played", "rounds"),
    "game": pgettext_lazy("games played", "games"),
}


def word_said(word: str) -> str:
    """``hand`` in the language spoken: ``giv`` in Swedish."""
    return str(SINGULAR.get(word, word))


def words_said(word: str) -> str:
    """The plural, ``hands``: ``givar`` in Swedish."""
    return str(PLURAL.get(word, f"{word}s"))
