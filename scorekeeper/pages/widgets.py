"""The family widgets, registered in one place: how the deal form shows what a record holds.

Every kind of field a record can have (:mod:`adjudicator.records`) has its place in the one
deal form template; the inputs that need more than a text box have a widget here: the card
picker, the grid (Brummy's family), and trick entry (the trick family). A system check
(:mod:`scorekeeper.checks`) refuses to start if a game's record asks for a kind or a widget that
is not here, so a forgotten registration can never be a 500 at the table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from adjudicator.records import CardsField, Record, TricksField

# The kinds of field the deal form and its template lay out.
KINDS = frozenset(
    {"seat", "side", "flag", "count", "cards", "per_seat", "per_side", "events", "tricks"}
)


@dataclass(frozen=True)
class Widget:
    """A family widget: the partial that draws it and the script that brings it to life."""

    name: str
    template: str
    script: str


WIDGETS: dict[str, Widget] = {
    "picker": Widget("picker", "scorekeeper/widgets/picker.html", "scorekeeper/cards.js"),
    "grid": Widget("grid", "scorekeeper/widgets/grid.html", "scorekeeper/cards.js"),
    "tricks": Widget("tricks", "scorekeeper/widgets/tricks.html", "scorekeeper/tricks.js"),
}


def widgets_of(record: Record) -> set[str]:
    """The widgets a record needs."""
    needed: set[str] = set()
    for f in record.fields:
        entries: tuple[Any, ...] = getattr(f, "entries", ())
        for item in (f, *entries):
            if isinstance(item, CardsField):
                needed.add(item.widget)
            elif isinstance(item, TricksField):
                needed.add("tricks")
    return needed


def kinds_of(record: Record) -> set[str]:
    return {f.kind for f in record.fields}
