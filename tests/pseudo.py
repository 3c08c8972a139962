"""A made-up language for finding words nobody marked for translation.

Every sentence in a catalog (the pages', the scripts' and the engine's) is rewritten into
"pseudo": each letter accented (``Record`` → ``Ŕéçöŕð``) and the sentence about 40 % longer,
its places (``%(name)s``, ``{name}``, ``%s``), tags and entities left as they are. Spoken in
place of Icelandic, a page then shows no plain ASCII word but for what is not a sentence: the
players' names, the games' names, numbers. An English word left on it is one that never went
through a catalog.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from django.utils.translation import trans_real

from adjudicator import messages

# The language whose catalogs pseudo replaces while a test runs (a real one, so the app and the
# engine take it as they take any other: its dates, its plural rule, its card letters).
SPOKEN = "is"

_ACCENTED = dict(
    zip(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
        "áƀçðéƒğĥíĵķļɱñöþǫŕšţüṽŵẋýžÁƁÇÐÉƑĞĤÍĴĶĻṀÑÖÞǪŔŠŢÜṼŴẊÝŽ",
        strict=True,
    )
)
# What a translation must keep as it is: Python's and Django's places, the engine's places,
# tags and entities.
_KEPT = re.compile(r"%\([^)]*\)[sdif]|%[sdif%]|\{[A-Za-z_][A-Za-z_0-9]*\}|<[^>]*>|&[#\w]+;")


def pseudo(text: str) -> str:
    """``text`` in pseudo: its letters accented outside its places, about 40 % longer.

    >>> pseudo("Record deal %(number)s")
    'Ŕéçöŕð ðéáļ %(number)s ~~~~~~~~~'
    """
    if not text:
        return text
    out: list[str] = []
    position = 0
    for match in _KEPT.finditer(text):
        out.append(text[position : match.start()].translate(str.maketrans(_ACCENTED)))
        out.append(match.group())
        position = match.end()
    out.append(text[position:].translate(str.maketrans(_ACCENTED)))
    said = "".join(out)
    return f"{said} {'~' * math.ceil(0.4 * len(text))}" if len(text) > 3 else said


class _PseudoEngine:
    """The engine's catalog in pseudo (:func:`adjudicator.messages.catalog`'s shape)."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return pseudo(singular if n == 1 else plural)


def _pseudo_catalog(translation: Any) -> Any:
    """A Django translation object whose every entry is rewritten into pseudo (a context's
    prefix and a plural's index are kept; the English of a plural form is its singular's)."""
    for part in translation._catalog._catalogs:
        for key in list(part):
            msgid = key[0] if isinstance(key, tuple) else key
            part[key] = pseudo(msgid.split("\x04", 1)[-1])
    return translation


@contextmanager
def spoken() -> Iterator[None]:
    """While it lasts, :data:`SPOKEN` is pseudo: the pages' catalog, the scripts' (as
    ``/jsi18n/`` serves it) and the engine's."""
    import django.views.i18n

    real_engine = messages.catalog
    real_scripts = django.views.i18n.DjangoTranslation

    def engine(language: str) -> Any:
        return _PseudoEngine() if language == SPOKEN else real_engine(language)

    def scripts(language: str, *args: Any, **kwargs: Any) -> Any:
        made = real_scripts(language, *args, **kwargs)
        return _pseudo_catalog(made) if language == SPOKEN else made

    trans_real._translations.clear()
    _pseudo_catalog(trans_real.translation(SPOKEN))
    messages.catalog = engine  # type: ignore[assignment]
    django.views.i18n.DjangoTranslation = scripts  # type: ignore[assignment,misc]
    try:
        yield
    finally:
        messages.catalog = real_engine
        django.views.i18n.DjangoTranslation = real_scripts  # type: ignore[misc]
        trans_real._translations.clear()


# Words a page may show in plain letters: the games' names (each table calls its game by its
# name, in every language), the product's name, the languages' own names in the switch, and
# the export's formats.
ALLOWED = frozenset(
    {
        "Brummy",
        "Brummagem",
        "Bridge",
        "Rummy",
        "Boathouse",
        "Gambler",
        "Knock",
        "Continental",
        "Crummy",
        "Brus",
        "Voormsi",
        "Alkort",
        "Treikort",
        "Scorekeeper",
        "English",
        "Svenska",
        "Dansk",
        "CSV",
        "JSON",
    }
)
WORD = re.compile(r"\b[A-Za-z]{3,}\b")  # a whole word, in plain letters only


def english_words(texts: list[str], names: set[str]) -> list[str]:
    """The texts that hold a plain word of three letters or more that is not a name nor
    :data:`ALLOWED`: English nobody marked for translation."""
    known = {word for name in names for word in WORD.findall(name)}

    def english(word: str) -> bool:
        # A name cut short to fit ("Bartholom…") is still a name.
        return word not in ALLOWED and not any(name.startswith(word) for name in known)

    return [text for text in texts if any(english(word) for word in WORD.findall(text))]
