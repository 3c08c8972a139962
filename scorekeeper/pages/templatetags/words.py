"""``{{ standings.deal_word|deal_word }}``: a game's word for one deal, in the page's language.

The engine names a deal in its own English ("deal", "hand", "round"); the pages say it in the
language spoken, and each sentence that holds it is translated whole, with the word as a named
placeholder. ``|deal_words`` is the plural ("hands"), for headings and lists; a count uses
``{% blocktranslate count %}`` with the word inside, never this.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.dateformat import format as date_format
from django.utils.html import format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import pgettext

from adjudicator.tally import format_points
from scorekeeper.languages.deal_words import word_said, words_said

register = template.Library()

NONE = "\u2013"  # an en dash: no points for this player


def _get(item: Any, key: str) -> Any:
    """``item.key`` as a template reads it: a dict's key or an object's attribute."""
    return item[key] if isinstance(item, dict) else getattr(item, key)


@register.filter
def deal_word(word: str) -> str:
    """The game's word for one deal, translated: ``hand`` → ``giv`` in Swedish."""
    return word_said(word)


@register.filter
def deal_words(word: str) -> str:
    """The game's word for deals, plural and translated: ``hands`` → ``givar`` in Swedish."""
    return words_said(word)


@register.filter
def seats_numbered(names: list[str]) -> str:
    """``1 Ann, 2 Ben, 3 Cy``: the seat numbers the typed trick notation uses, each with its
    player (a key, not a sentence, so it reads the same in every language)."""
    return ", ".join(f"{n} {name}" for n, name in enumerate(names, start=1))


@register.filter
def numbers_of(hands: list[Any]) -> str:
    """``3, 4, 7``: the numbers of some hands, for a sentence that names them in brackets."""
    return ", ".join(str(_get(h, "number")) for h in hands)


@register.filter
def results_line(results: list[Any], separator: str = ", ") -> str:
    """``Ann +3, Ben -3``: each player's points for one deal (an en dash where none), a list of
    data that a translated sentence holds as one placeholder."""
    return separator.join(
        f"{_get(r, 'name')} {NONE if (p := _get(r, 'points')) is None else format_points(p, signed=True)}"
        for r in results
    )


@register.filter
def totals_line(rows: list[Any]) -> SafeString:
    """``Ann 12 · Ben 8``: each row's total, each in its own span (so a narrow screen breaks
    between players, never inside one)."""
    return format_html_join(
        " · ",
        "<span>{} {}</span>",
        ((_get(r, "name"), format_points(_get(r, "total"))) for r in rows),
    )


@register.filter
def streak_games(games: list[Any]) -> SafeString:
    """The games of a winning streak, each a link named by game and date, joined by dots."""
    return format_html_join(
        " · ",
        '<a href="{}">{}, {}</a>',
        ((g.get_absolute_url(), g.name, date_format(g.night.date, "j M Y")) for g in games),
    )


@register.filter
def tricks_line(won: list[Any]) -> str:
    """``Ann 3 · Ben 2``: the tricks each player has taken so far."""
    return " · ".join(f"{_get(line, 'name')} {_get(line, 'count')}" for line in won)


@register.filter
def short_day(value: Any) -> str:
    """A night's day as the pages' paths show it: "Sat 28 Nov", "lör 28 nov", "lau 28. nóv"."""
    # Translators: Django's date format for a day in a page's path (b: the month in lowercase,
    # where the language writes it so; M: capitalised).
    return date_format(value, pgettext("a day in a page's path", "D j M"))
