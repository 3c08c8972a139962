"""Confirmations read back: whether a deal as it stands was confirmed, by whom, and who may.

A night that asks for confirmations has each deal confirmed by a player of another side than
the one who recorded it (in a game played alone, by any other player), as club bridge passes
the scorer to East to confirm what North entered. A confirmation is a ``confirm`` entry about
the deal; it confirms the revision current when it was written, so an amend needs confirming
again. Who recorded a revision is its ``seat``; where that is not known, anyone at the table
may confirm.
"""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.records import Seating
from scorekeeper.models import Entry


def confirmation(current: Entry, remarks: Sequence[Entry]) -> Entry | None:
    """The confirmation of a deal whose latest revision is ``current``: the first ``confirm``
    among the deal's remarks (by id) written after it. ``None`` for a voided deal."""
    if current.kind == Entry.Kind.VOID:
        return None
    return next(
        (r for r in remarks if r.kind == Entry.Kind.CONFIRM and r.pk > current.pk),
        None,
    )


def who_may_confirm(seating: Seating, recorder: int | None) -> tuple[int, ...]:
    """The seats that may confirm a deal recorded from seat ``recorder``: every seat not on the
    recorder's side (a partnership game's side, or the recorder alone); every seat when the
    recorder's seat is not known.

    >>> from adjudicator.records import crosswise
    >>> who_may_confirm(crosswise(4), 0)
    (1, 3)
    >>> who_may_confirm(Seating(3), 2)
    (0, 1)
    >>> who_may_confirm(Seating(3), None)
    (0, 1, 2)
    """
    seats = range(seating.players)
    if recorder is None or not 0 <= recorder < seating.players:
        return tuple(seats)
    side = seating.unit_of(recorder)
    return tuple(seat for seat in seats if seating.unit_of(seat) != side)
