"""Sentences that name seats and sides, so the app can put the players' names in.

The engine knows seats, not people. A sentence it writes ("Seat 2 went out", "below the knocker
(seat 1)") keeps the seats it mentions as data, so the app shows "Tom went out" without ever
parsing prose. A :class:`Said` is a ``str`` (its text names seats as players count them, from
1), so every caller that wants plain text has it, and :meth:`Said.named` gives the same sentence
with names.

>>> line = say("{} went out; {} paid double.", seat(0), seats((1, 3)))
>>> str(line)
'Seat 1 went out; seats 2 and 4 paid double.'
>>> line.named(Naming(("Mary", "Tom", "Dick", "Alice")))
'Mary went out; Tom and Alice paid double.'
>>> say("{} won the hand.", side(1)).named(Naming(("Ann", "Ben", "Cy", "Di"), ((0, 2), (1, 3))))
"Ben and Di's side won the hand."
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Ref:
    """Seats a sentence mentions: one seat, several, or a side (partners playing as one)."""

    seats: tuple[int, ...]
    side: int | None = None


def seat(index: int) -> Ref:
    return Ref((index,))


def seats(indexes: Sequence[int]) -> Ref:
    return Ref(tuple(indexes))


def side(index: int) -> Ref:
    return Ref((), side=index)


def and_list(items: Sequence[str]) -> str:
    """>>> and_list(["Ann", "Ben", "Cy"])
    'Ann, Ben and Cy'
    """
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


@dataclass(frozen=True)
class Naming:
    """How to call seats and sides: player names, or (by default) "seat 2" and "side 1".

    ``sides`` lists the seats of each side, for partnership games.
    """

    names: tuple[str, ...] | None = None
    sides: tuple[tuple[int, ...], ...] = ()

    def seat(self, index: int) -> str:
        if self.names is not None and 0 <= index < len(self.names):
            return self.names[index]
        return f"seat {index + 1}"

    def ref(self, ref: Ref) -> str:
        if ref.side is not None:
            if self.names is None or ref.side >= len(self.sides):
                return f"side {ref.side + 1}"
            return f"{and_list([self.seat(s) for s in self.sides[ref.side]])}'s side"
        said = [self.seat(s) for s in ref.seats]
        if self.names is None and len(said) > 1:
            return "seats " + and_list([str(s + 1) for s in ref.seats])
        return and_list(said)


DEFAULT = Naming()


class Said(str):
    """A sentence whose ``{}`` placeholders are seats or sides (see :func:`say`)."""

    template: str
    refs: tuple[Ref, ...]

    def __new__(cls, template: str, refs: tuple[Ref, ...] = ()) -> Said:
        text = _render(template, refs, DEFAULT)
        said = super().__new__(cls, text)
        said.template = template
        said.refs = refs
        return said

    def named(self, naming: Naming) -> str:
        """The sentence with the seats and sides called as ``naming`` says."""
        return _render(self.template, self.refs, naming)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Said, (self.template, self.refs))


def say(template: str, *refs: Ref) -> Said:
    """A sentence naming ``refs`` in its ``{}`` places, in order."""
    return Said(template, refs)


def named(text: str, naming: Naming) -> str:
    """Any sentence with names put in, in English: a :class:`Said` or a message (which has
    ``named`` too: ``adjudicator.messages``, above this module) is named, plain text stays as
    it is. The app says sentences in a language through ``adjudicator.messages.render``."""
    naming_of = getattr(text, "named", None)
    return naming_of(naming) if callable(naming_of) else text


def _render(template: str, refs: tuple[Ref, ...], naming: Naming) -> str:
    parts = template.split("{}")
    if len(parts) != len(refs) + 1:
        raise ValueError(f"{template!r} has {len(parts) - 1} places for {len(refs)} seats")
    out = [parts[0]]
    for ref, rest in zip(refs, parts[1:], strict=True):
        words = naming.ref(ref)
        before = "".join(out).rstrip()
        if naming.names is None and (not before or before.endswith((".", ":", "!", "?"))):
            words = words[:1].upper() + words[1:]
        out.append(words)
        out.append(rest)
    return "".join(out)
