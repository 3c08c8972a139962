"""Confirmations read back: which deals wait for the other side, whether a deal as it stands was
confirmed, by whom, and who may.

A game that asks for confirmations has each deal confirmed by a player of another side than
the one who recorded it (in a game played alone, by any other player), as club bridge passes
the scorer to East to confirm what North entered. A confirmation is a ``confirm`` entry about
the deal; it confirms the revision current when it was written, so an amend needs confirming
again.

Whether a game asks is kept in its own ledger, never read from its night as it is now: its
sealed setup says whether it asked from its first entry, and each ``setting`` entry says that
from there on it asks, or no longer does (the night's owner changed the night's setting).
A setting changes what comes after it and nothing before it:

- turned on, the deals recorded (or amended) from then on wait; a deal recorded before counts
  as it is, and a game already over stays over;
- turned off, nothing waits from then on: a deal that was waiting counts as it is, and a game
  that waited only for confirmations is over from that entry.

Who recorded a revision is its ``seat``. An amend is a whole record, so the revision as it
stands is its recorder's word alone: the other side of *that* recorder confirms it (a hand one
side recorded and the other corrected is confirmed by the side that first recorded it). A
revision whose recorder is not known can be confirmed by nobody: the table amends it saying
who records it (the services refuse a deal without its recorder where the game asks).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from adjudicator.records import Seating
from scorekeeper.models import Entry


@dataclass(frozen=True)
class Asking:
    """Whether a game asks for confirmations, along its ledger: from its start, and from each
    ``setting`` entry that changed it (entry id, asks from there on), in order."""

    start: bool
    changes: tuple[tuple[int, bool], ...] = ()

    @property
    def now(self) -> bool:
        """Whether the game asks for confirmations of what is recorded next."""
        return self.changes[-1][1] if self.changes else self.start

    @property
    def since(self) -> int:
        """The entry after which the game has asked as it does now (0: from its start)."""
        return self.changes[-1][0] if self.changes else 0

    def at(self, entry_id: int) -> bool:
        """Whether the game asked for confirmations when entry ``entry_id`` was written."""
        asked = self.start
        for at, on in self.changes:
            if at > entry_id:
                break
            asked = on
        return asked

    def waits(self, revision: Entry) -> bool:
        """Whether a deal whose latest revision is ``revision`` is one the other side is asked
        to confirm now (confirmed or not): written while the game asks as it does now, and not
        a void (a voided deal counts for nothing, so it holds nothing up)."""
        return self.now and revision.kind != Entry.Kind.VOID and (revision.pk or 0) > self.since

    def released(self, revision: Entry) -> int | None:
        """The ``setting`` entry that stopped the game asking after ``revision``, written while
        it asked: from there the revision counts as it is, confirmed or not. ``None`` if
        there is none."""
        pk = revision.pk or 0
        if not self.at(pk):
            return None
        return next((at for at, on in self.changes if at > pk and not on), None)


NEVER = Asking(False)  # a game that has never asked for confirmations


def asking_of(setup: Mapping[str, Any], entries: Iterable[Entry], *, unstarted: bool) -> Asking:
    """How a game asks along its ledger (``entries``, by id), from its sealed ``setup``; for a
    game with no entry yet, ``unstarted`` (its night's setting, which its first entry will seal).
    """
    changes = tuple(
        (entry.pk, bool(entry.data.get("confirmations")))
        for entry in entries
        if entry.kind == Entry.Kind.SETTING and isinstance(entry.data, dict)
    )
    if not setup:
        return Asking(unstarted, changes)
    return Asking(bool(setup.get("confirmations", False)), changes)


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
    recorder's side (a partnership game's side, or the recorder alone); none when the
    recorder's seat is not known (anyone could then confirm their own side's deal).

    >>> from adjudicator.records import crosswise
    >>> who_may_confirm(crosswise(4), 0)
    (1, 3)
    >>> who_may_confirm(Seating(3), 2)
    (0, 1)
    >>> who_may_confirm(Seating(3), None)
    ()
    """
    if recorder is None or not 0 <= recorder < seating.players:
        return ()
    side = seating.unit_of(recorder)
    return tuple(seat for seat in range(seating.players) if seating.unit_of(seat) != side)
