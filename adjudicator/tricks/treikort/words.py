"""Treikort's sentences: :func:`msg` and :func:`msg_n` of :mod:`adjudicator.messages`, whose
messages are also a :class:`~adjudicator.said.Said`.

A :class:`Spoken` is a :class:`~adjudicator.messages.Message` in every way (rendered in a
language, as data, extracted for the catalogs under the same names). It is also a ``Said``, so
that the callers that put names only into a ``Said`` (:func:`adjudicator.said.named`, so
``AdjudicationError.named`` and the app's pages) name it as they named the sentences before.
Once those callers take a ``Message`` too, these two functions can give way to the messages
module's own.

>>> from adjudicator.said import Naming, named, seat
>>> line = msg("{seat} passes", seat=seat(1))
>>> named(line, Naming(("Ann", "Ben"))), str(line)
('Ben passes', 'Seat 2 passes')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from adjudicator.messages import Message
from adjudicator.said import Said


class Spoken(Message, Said):
    """A message that callers naming only a :class:`Said` name as well."""

    def __reduce__(self) -> tuple[Any, ...]:
        return (_spoken, (self.id, dict(self.args), self.plural, self.counted))


def _spoken(id: str, args: Mapping[str, Any], plural: str | None, count: str | None) -> Spoken:
    return Spoken(id, args, plural=plural, count=count)


def msg(text: str, /, **args: Any) -> Spoken:
    """A sentence (``text`` is its English, the catalogs' id) and the values of its places."""
    return Spoken(text, args)


def msg_n(singular: str, plural: str, count: int, /, **args: Any) -> Spoken:
    """A sentence whose form follows ``count`` (its ``{count}`` place), in each language's
    plural rules."""
    return Spoken(singular, {"count": count, **args}, plural=plural, count="count")
