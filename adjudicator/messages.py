"""Sentences as messages: an id (the English source) and named arguments, rendered at the edge.

The engine never writes a finished sentence. It writes a :class:`Message`: the English text with
``{name}`` places, and the values that go in them, kept as data (seats and sides, cards, numbers,
points, other messages, lists). The app renders it in a language, with the players' names:

>>> from adjudicator.said import Naming, seat, seats
>>> line = msg("{seat} knocked on {count}.", seat=seat(2), count=5)
>>> str(line)
'Seat 3 knocked on 5.'
>>> render(line, "en", Naming(("Ann", "Ben", "Cy")))
'Cy knocked on 5.'
>>> as_data(line)
{'id': '{seat} knocked on {count}.', 'args': {'seat': {'seats': [2]}, 'count': 5}}

A message is also a ``str`` (its English text with seats called "seat 3"), so every caller that
wants plain text has it: the API's default answers stay what they were.

Plural forms come from the language's catalog (CLDR's rules through Babel: Icelandic's 21 and 31
take the singular); lists are joined as each language joins them:

>>> points = msg_n("{count} point", "{count} points", 21)
>>> str(points), render(points, "is")
('21 points', '21 stig')
>>> render(msg("{players} lead.", players=seats((0, 1, 2))), "en", Naming(("Ann", "Ben", "Cy")))
'Ann, Ben and Cy lead.'
>>> render(msg("{players} lead.", players=seats((0, 1, 2))), "da")  # no Danish for it yet
'Pladserne 1, 2 og 3 lead.'

The catalogs are ``adjudicator/locale/<language>/*.po``: every file of a language is read and
merged (each part of the engine keeps its own file, so two games' translators never touch the
same one), then compiled in memory into the standard library's :class:`gettext.GNUTranslations`.
"""

from __future__ import annotations

import gettext
import io
import re
import string
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any, Literal

from babel import Locale
from babel.lists import format_list
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

from adjudicator.points import format_points
from adjudicator.said import DEFAULT, Naming, Ref, Said

#: The languages the engine speaks: English is the source; the others have catalogs.
LANGUAGES: tuple[str, ...] = ("en", "sv", "da", "is")
SOURCE = "en"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

ListStyle = Literal["standard", "or"]

# English as the British write it ("Ann, Ben and Cy"): the games are Birmingham's and the
# engine's sentences always read so.
_CLDR = {"en": "en_GB"}


@dataclass(frozen=True)
class Listed:
    """Items said as a list in the language: "Ann, Ben and Cy", "Ann, Ben och Cy".

    ``style`` is CLDR's: ``"standard"`` (and), ``"or"``.
    """

    items: tuple[Any, ...]
    style: ListStyle = "standard"


@dataclass(frozen=True)
class Joined:
    """Items put side by side with a separator that is not a word: ``3 + 4``, ``AS 2S``.

    A clause list joined by ``"; "`` is one too: each clause is its own message.
    """

    items: tuple[Any, ...]
    separator: str


@dataclass(frozen=True)
class Points:
    """A score as a person writes it (``12``, ``3½``), or signed beside a name (``+12``)."""

    value: int | Fraction
    signed: bool = False


@dataclass(frozen=True)
class Verbatim:
    """Text that is the same in every language: a card's notation, a rule id, a name."""

    text: str


def listed(items: Iterable[Any], style: ListStyle = "standard") -> Listed:
    return Listed(tuple(items), style)


def joined(items: Iterable[Any], separator: str) -> Joined:
    return Joined(tuple(items), separator)


_FIELD = re.compile(r"\{([A-Za-z_][A-Za-z_0-9]*)\}")


class Message(str):
    """An id (the English source text, ``{name}`` places) and its arguments.

    ``plural`` is the English plural's text and ``counted`` names the argument that picks the
    form (``count`` is ``str``'s own method). As a ``str`` it is the English text, seats called "seat 3".
    """

    id: str
    plural: str | None
    counted: str | None
    args: Mapping[str, Any]

    def __new__(
        cls,
        id: str,
        args: Mapping[str, Any] | None = None,
        *,
        plural: str | None = None,
        count: str | None = None,
    ) -> Message:
        args = dict(args or {})
        names = set(_FIELD.findall(id)) | (set(_FIELD.findall(plural)) if plural else set())
        missing, unused = names - set(args), set(args) - names - {count}
        if missing or unused:
            raise ValueError(
                f"{id!r}: places {sorted(missing)} lack values; {sorted(unused)} unused"
            )
        text = _fill(_pick(id, plural, args.get(count) if count else None), args, SOURCE, DEFAULT)
        made = super().__new__(cls, text)
        made.id = id
        made.plural = plural
        made.counted = count
        made.args = args
        return made

    def named(self, naming: Naming) -> str:
        """The English sentence with the seats and sides called as ``naming`` says."""
        return render(self, SOURCE, naming)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.id, dict(self.args), self.plural, self.counted))

    def __repr__(self) -> str:
        # Its English text, as the plain string it stands in for (doctests, containers):
        # ``as_data`` shows what it is made of.
        return repr(str(self))


def _rebuild(
    id: str,
    args: Mapping[str, Any],
    plural: str | None,
    count: str | None,
) -> Message:
    return Message(id, args, plural=plural, count=count)


def msg(text: str, /, **args: Any) -> Message:
    """A sentence (``text`` is its English, the catalogs' id) and the values of its places."""
    return Message(text, args)


def msg_n(singular: str, plural: str, count: int, /, **args: Any) -> Message:
    """A sentence whose form follows ``count`` (its ``{count}`` place), in each language's
    plural rules."""
    return Message(singular, {"count": count, **args}, plural=plural, count="count")


def _pick(singular: str, plural: str | None, count: Any) -> str:
    if plural is None:
        return singular
    return singular if count == 1 else plural


def render(text: str, language: str = SOURCE, naming: Naming = DEFAULT) -> str:
    """``text`` in ``language``, seats and sides called as ``naming`` says.

    Plain text (a name, a notation) comes back as it is; a :class:`Said` (the older seats-only
    sentences) is named; a :class:`Message` is looked up in the language's catalog, English
    when a sentence has no translation yet.
    """
    if isinstance(text, Message):
        translations = catalog(language)
        if text.plural is not None and text.counted is not None:
            chosen = translations.ngettext(text.id, text.plural, _count(text.args[text.counted]))
        else:
            chosen = translations.gettext(text.id)
        return _fill(chosen, text.args, language, naming)
    if isinstance(text, Said):
        return text.named(naming)
    return str(text)


def _count(value: Any) -> int:
    if isinstance(value, Points):
        value = value.value
    if isinstance(value, Fraction):
        return value.numerator if value.denominator == 1 else 2
    return int(value)


def _fill(template: str, args: Mapping[str, Any], language: str, naming: Naming) -> str:
    out: list[str] = []
    position = 0
    for match in _FIELD.finditer(template):
        out.append(template[position : match.start()])
        value = _value(args[match.group(1)], language, naming)
        if isinstance(args[match.group(1)], Ref) and _sentence_start("".join(out)):
            value = value[:1].upper() + value[1:]
        out.append(value)
        position = match.end()
    out.append(template[position:])
    return "".join(out)


def _sentence_start(before: str) -> bool:
    before = before.rstrip()
    return not before or before.endswith((".", ":", "!", "?"))


def _value(value: Any, language: str, naming: Naming) -> str:
    if isinstance(value, Message | Said):
        return render(value, language, naming)
    if isinstance(value, Ref):
        return _ref(value, language, naming)
    if isinstance(value, bool):
        raise TypeError("a yes or no is a message of its own, not a value in a sentence")
    if isinstance(value, int):
        return _number(value, language)
    if isinstance(value, float):
        return format_decimal(value, format="0.#", locale=_CLDR.get(language, language))
    if isinstance(value, Points):
        return format_points(value.value, signed=value.signed)
    if isinstance(value, Fraction):
        return format_points(value)
    if isinstance(value, Listed):
        return list_of(
            [_value(item, language, naming) for item in value.items], language, value.style
        )
    if isinstance(value, Joined):
        return value.separator.join(_value(item, language, naming) for item in value.items)
    if isinstance(value, Verbatim):
        return value.text
    if isinstance(value, CardNotation):
        return _card(value.text, language)
    if _is_card(value):
        return _card(str(value), language)
    return str(value)


def _number(value: int, language: str) -> str:
    if language == SOURCE:
        return str(value)
    return format_decimal(value, locale=_CLDR.get(language, language), group_separator=False)


def list_of(items: Sequence[str], language: str, style: ListStyle = "standard") -> str:
    """Words said as a list in ``language``: "Ann, Ben and Cy", "Ann, Ben och Cy".

    >>> list_of(["Ann", "Ben", "Cy"], "is"), list_of(["Ann"], "sv"), list_of([], "da")
    ('Ann, Ben og Cy', 'Ann', '')
    """
    if not items:
        return ""
    return format_list(list(items), style=style, locale=_CLDR.get(language, language))


def _ref(ref: Ref, language: str, naming: Naming) -> str:
    known = naming.names is not None
    if ref.side is not None:
        if not known or ref.side >= len(naming.sides):
            return render(msg("side {number}", number=ref.side + 1), language)
        members = [naming.seat(s) for s in naming.sides[ref.side]]
        return render(
            msg("{players}'s side", players=Verbatim(list_of(members, language))), language
        )
    if known:
        return list_of([naming.seat(s) for s in ref.seats], language)
    if len(ref.seats) == 1:
        return render(msg("seat {number}", number=ref.seats[0] + 1), language)
    numbers = list_of([_number(s + 1, language) for s in ref.seats], language)
    return render(msg("seats {numbers}", numbers=Verbatim(numbers)), language)


# The rank letters each language writes on its cards (CLDR has none): Swedish ess, kung, dam,
# knekt; Danish es, konge, dame, bonde (knægt); Icelandic ás, kóngur, drottning, gosi.
_RANK_LETTERS: Mapping[str, Mapping[str, str]] = {
    "sv": {"A": "E", "K": "K", "Q": "D", "J": "Kn"},
    "da": {"A": "E", "K": "K", "Q": "D", "J": "B"},
    "is": {"A": "Á", "K": "K", "Q": "D", "J": "G"},
}


def _is_card(value: Any) -> bool:
    # A card of adjudicator.cards (which sits above this module): a rank, a suit, a notation.
    return hasattr(value, "rank") and hasattr(value, "suit") and hasattr(value, "is_joker")


@dataclass(frozen=True)
class CardNotation:
    """A card as its canonical notation (``AS``, ``10H``, ``JK``): what :func:`from_data` reads
    back, drawn as a card is."""

    text: str


_SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def _card(notation: str, language: str) -> str:
    """A card in the canonical notation in English (``AS``, ``10H``, ``JK``), with the suit's
    symbol and the language's rank letter elsewhere (``E♠`` in Swedish)."""
    if language == SOURCE or notation not in _ALL_CARDS:
        return notation
    rank, suit = notation[:-1], notation[-1]
    return _RANK_LETTERS.get(language, {}).get(rank, rank) + _SUITS[suit]


_ALL_CARDS = {
    rank + suit
    for rank in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
    for suit in _SUITS
}


@cache
def catalog(language: str) -> gettext.NullTranslations:
    """The language's catalog: every ``.po`` file under ``locale/<language>/``, merged and
    compiled in memory. English, the source, has none (its ids are its text)."""
    if language == SOURCE or not (LOCALE_DIR / language).is_dir():
        return gettext.NullTranslations()
    merged = Catalog(locale=Locale.parse(language))
    for path in sorted((LOCALE_DIR / language).glob("*.po")):
        with path.open("rb") as file:
            part = read_po(file, locale=language)
        for message in part:
            if message.id and message.string and not message.fuzzy:
                merged[message.id] = message
    buffer = io.BytesIO()
    write_mo(buffer, merged)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def as_data(text: str) -> Any:
    """A sentence as JSON: ``{"id", "args"}`` (and ``"plural"``), for an integrator to render in
    a language we don't ship; plain text is a sentence with no places."""
    if isinstance(text, Message):
        data: dict[str, Any] = {"id": text.id, "args": {k: _data(v) for k, v in text.args.items()}}
        if text.plural is not None:
            data["plural"] = text.plural
            data["count"] = text.counted
        return data
    if isinstance(text, Said):
        # An older seats-only sentence: its places ("{}") named in order, seat1, seat2...
        parts = text.template.split("{}")
        id = parts[0] + "".join(f"{{seat{n}}}{rest}" for n, rest in enumerate(parts[1:], 1))
        return {"id": id, "args": {f"seat{n}": _data(r) for n, r in enumerate(text.refs, 1)}}
    return {"id": str(text), "args": {}}


def _data(value: Any) -> Any:
    if isinstance(value, Message | Said):
        return as_data(value)
    if isinstance(value, Ref):
        return {"side": value.side} if value.side is not None else {"seats": list(value.seats)}
    if isinstance(value, Points):
        return {"points": str(value.value), "signed": value.signed}
    if isinstance(value, Fraction):
        return {"points": str(value)}
    if isinstance(value, Listed):
        return {"list": [_data(item) for item in value.items], "style": value.style}
    if isinstance(value, Joined):
        return {"joined": [_data(item) for item in value.items], "separator": value.separator}
    if isinstance(value, Verbatim):
        return value.text
    if isinstance(value, CardNotation):
        return {"card": value.text}
    if _is_card(value):
        return {"card": str(value)}
    if isinstance(value, int):
        return value
    return str(value)


def from_data(data: Any) -> Any:
    """The sentence :func:`as_data` gave: ``render(from_data(as_data(m)), ...)`` is
    ``render(m, ...)`` in every language.

    >>> from adjudicator.said import seat
    >>> line = msg("{seat} took {tricks}.", seat=seat(1), tricks=listed([3, 4]))
    >>> from_data(as_data(line)) == line, render(from_data(as_data(line)), "is")
    (True, 'Sæti 2 took 3 og 4.')
    """
    if isinstance(data, dict) and "id" in data:
        args = {name: _from_value(value) for name, value in data["args"].items()}
        if "plural" in data:
            return Message(data["id"], args, plural=data["plural"], count=data["count"])
        return Message(data["id"], args)
    return data


def _from_value(value: Any) -> Any:
    if not isinstance(value, dict):
        return Verbatim(value) if isinstance(value, str) else value
    if "id" in value:
        return from_data(value)
    if "seats" in value:
        return Ref(tuple(value["seats"]))
    if "side" in value:
        return Ref((), side=value["side"])
    if "points" in value:
        return Points(Fraction(value["points"]), value.get("signed", False))
    if "list" in value:
        return Listed(tuple(_from_value(item) for item in value["list"]), value["style"])
    if "joined" in value:
        return Joined(tuple(_from_value(item) for item in value["joined"]), value["separator"])
    if "card" in value:
        return CardNotation(value["card"])
    raise ValueError(f"not a message's value: {value!r}")


def point_count(points: int) -> Message:
    """ "1 point", "21 points": a number of points, in the language's plural."""
    return msg_n("{count} point", "{count} points", points)


def places(text: str) -> set[str]:
    """The names of a message text's places (``{seat}``), for checking a translation keeps
    them all."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}
