"""How much an input may hold, and the one check that holds it there before any rule runs.

Every question's input and every deal is described as fields (:mod:`adjudicator.records`,
:mod:`adjudicator.asking`), and from the fields comes a JSON Schema that bounds every list
(``maxItems``) and every string (``maxLength``) by what the rules allow: the cards of a pack or
a hand, the players at a table. :func:`check_bounds` walks a body against that same schema, so
what the API publishes is what it enforces. It is linear in the body and refuses it before
any parsing beyond the bounds: no search ever sees an input larger than the rules allow.

A string of cards says how many cards it holds at most (``x-max-cards``); within that, no card
may appear more often than the game's pack holds it.

>>> from adjudicator.cards import STANDARD
>>> schema = {"type": "array", "maxItems": 2, "items": cards_schema(3)}
>>> check_bounds(schema, ["AS KS", "QS"], pack=STANDARD)
>>> check_bounds(schema, ["AS", "KS", "QS"])
Traceback (most recent call last):
...
adjudicator.errors.BadEntryError: This lists at most 2, not 3.
>>> check_bounds(schema, ["AS AS"], pack=STANDARD)
Traceback (most recent call last):
...
adjudicator.errors.TooManyCopiesError: AS appears 2 times, but the standard 52-card pack has only one.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from typing import Any

from adjudicator.cards import Card, Pack, card_rows
from adjudicator.errors import AdjudicationError, BadEntryError, readable_int
from adjudicator.messages import Message, Verbatim, msg, msg_n

CARD_TEXT = 8
"""Characters one card may take in a string of cards: its longest token (``JK=10C``, a joker
standing for the 10C) and a separator such as ``", "``."""

MAX_CARDS = "x-max-cards"
"""The schema keyword of a string of cards: how many cards it holds at most."""

# A meld writes a joker with the card it stands for (JK=5C, JK:5C, JK(5C)): the card laid is
# the one before the mark, and only it is taken from the pack.
_DESIGNATION = re.compile(r"[=:(]")


def cards_schema(max_cards: int, description: str = "Cards such as 'AS 10H JK'.") -> dict[str, Any]:
    """The JSON Schema of a string of at most ``max_cards`` cards.

    >>> cards_schema(2)["maxLength"]
    16
    """
    return {
        "type": "string",
        "maxLength": CARD_TEXT * max(max_cards, 1),
        MAX_CARDS: max_cards,
        "description": description,
    }


def check_bounds(
    schema: Mapping[str, Any],
    value: object,
    *,
    pack: Pack | None = None,
    count_cards: bool = True,
    path: str = "",
) -> None:
    """Refuse ``value`` where it holds more than ``schema`` allows, naming the field (and the
    seat, inside an entry that names one).

    Only the bounds are checked: a value of the wrong type, a missing or unknown key, a token
    that is not a card or a card the pack lacks are left to the parser and the rules, which
    say what they want. ``count_cards``: count the cards of each string (a parser that counts
    them itself, with its own sentence, passes false); ``pack``: refuse more copies of a card
    in one string than the pack holds. The walk costs time in proportion to the value.
    """
    if isinstance(value, list):
        most = schema.get("maxItems")
        if most is not None and len(value) > most:
            count = readable_int(len(value))
            raise BadEntryError(
                msg(
                    "{field} lists at most {most}, not {count}.",
                    field=_name(path),
                    most=most,
                    count=count,
                )
                if path
                else msg("This lists at most {most}, not {count}.", most=most, count=count),
                field=path or None,
            )
        items = schema.get("items")
        if isinstance(items, Mapping):
            for index, item in enumerate(value):
                check_bounds(
                    items, item, pack=pack, count_cards=count_cards, path=f"{path}[{index}]"
                )
    elif isinstance(value, str):
        _check_text(schema, value, pack if count_cards else None, count_cards, path)
    elif isinstance(value, Mapping):
        who = value.get("seat")
        for key, item in value.items():
            found = _property(schema, key)
            if found is None:
                continue
            where = f"{path}.{key}" if path else str(key)
            try:
                check_bounds(found, item, pack=pack, count_cards=count_cards, path=where)
            except AdjudicationError as err:
                raise (err.about(who) if type(who) is int else err) from None


def _check_text(
    schema: Mapping[str, Any], text: str, pack: Pack | None, count_cards: bool, path: str
) -> None:
    longest = schema.get("maxLength")
    most_cards = schema.get(MAX_CARDS)
    if longest is not None and len(text) > longest:
        raise BadEntryError(
            _too_long(path, most_cards, longest, readable_int(len(text))), field=path or None
        )
    if most_cards is None or not count_cards:
        return
    # The cards as the parsers read them (cards.card_rows): a grid's row breaks are not cards.
    tokens = [token for row in card_rows(text) for token in row]
    if len(tokens) > most_cards:
        cards = card_count(most_cards)
        raise BadEntryError(
            msg(
                "{field} holds at most {cards}, not {count}.",
                field=_name(path),
                cards=cards,
                count=len(tokens),
            )
            if path
            else msg("This holds at most {cards}, not {count}.", cards=cards, count=len(tokens)),
            cards=tokens,
            field=path or None,
        )
    if pack is None:
        return
    laid: Counter[Card] = Counter()
    for token in tokens:
        try:
            laid[Card.parse(_DESIGNATION.split(token, maxsplit=1)[0])] += 1
        except AdjudicationError:
            continue  # not a card: the parser says so, in the words of its notation
    # Only copies beyond the pack are refused here: a card the pack lacks is for the rules to
    # judge (a trick question reports it at its trick).
    pack.check((c for c in laid.elements() if c in pack), field=path or None)


def _property(schema: Mapping[str, Any], key: object) -> Mapping[str, Any] | None:
    """The schema of ``key`` in an object: its own property, or one of a variant's."""
    props = schema.get("properties")
    if isinstance(props, Mapping) and key in props:
        found: Mapping[str, Any] = props[key]
        return found
    for variant in (*schema.get("oneOf", ()), *schema.get("anyOf", ())):
        if isinstance(variant, Mapping) and (inner := _property(variant, key)) is not None:
            return inner
    return None


def _name(path: str) -> Verbatim:
    """What a sentence calls the value: its own key (the field names the whole path), a code
    the same in every language; the whole input is "This" (a sentence of its own)."""
    return Verbatim(path.rsplit(".", 1)[-1])


def card_count(count: int) -> Message:
    """ "1 card", "12 cards": a number of cards, in the language's plural."""
    return msg_n("{count} card", "{count} cards", count)


def _too_long(path: str, most_cards: int | None, longest: int, length: str) -> Message:
    """The refusal of a string longer than its schema allows (of cards, or of anything)."""
    characters = msg_n("{count} character", "{count} characters", longest)
    if most_cards is None:
        if not path:
            return msg(
                "This is too long: at most {characters}, not {length}.",
                characters=characters,
                length=length,
            )
        return msg(
            "{field} is too long: at most {characters}, not {length}.",
            field=_name(path),
            characters=characters,
            length=length,
        )
    if not path:
        return msg(
            "This is too long for {cards}: at most {characters}, not {length}.",
            cards=card_count(most_cards),
            characters=characters,
            length=length,
        )
    return msg(
        "{field} is too long for {cards}: at most {characters}, not {length}.",
        field=_name(path),
        cards=card_count(most_cards),
        characters=characters,
        length=length,
    )


__all__ = ["CARD_TEXT", "MAX_CARDS", "cards_schema", "check_bounds"]
