"""Replaying a ledger through the adjudicator: the deals that count, their tally, and the
deals that cannot be counted and why; each row parsed once per process; a replay carried on
from the tally of its first deals.

Nothing here writes. Standings are never stored: each read replays the current record of every
deal, so a correction anywhere in the ledger shows everywhere at once.
"""

from __future__ import annotations

import dataclasses
import logging
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext

from adjudicator.errors import AdjudicationError, GameOverError
from adjudicator.game import Game as GameDefinition
from adjudicator.said import Naming
from adjudicator.tally import DealResult, Tally
from scorekeeper.languages.speaking import say
from scorekeeper.models import Entry

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class LedgerProblem:
    """A deal the adjudicator cannot count, and why: said for the table, with what would fix
    it, in the language spoken when it is read (a replay is kept for every language).

    ``error`` is what refused it: the record unreadable (``unreadable``), or the deal unable to
    follow the deals before it."""

    key: int
    number: int
    error: Exception = dataclasses.field(compare=False)
    unreadable: bool
    names: Naming = dataclasses.field(compare=False, repr=False)

    @property
    def why(self) -> str:
        """Why, said: the engine's refusal with the players' names."""
        if self.unreadable:
            return _error_text(self.error, self.names)
        return _why_not_counted(self.error, self.names)

    @property
    def message(self) -> str:
        if self.unreadable:
            return gettext("Deal %(number)s's record cannot be read: %(why)s") % {
                "number": self.number,
                "why": self.why,
            }
        return gettext("Deal %(number)s cannot be counted: %(why)s.") % {
            "number": self.number,
            "why": self.why,
        }

    @property
    def fix(self) -> str:
        if self.unreadable:
            return gettext("Amend deal %(number)s to enter it again, or void it.") % {
                "number": self.number
            }
        return gettext("Void deal %(number)s, or amend it or an earlier deal.") % {
            "number": self.number
        }


@dataclass(frozen=True)
class Replay:
    """The deals that count, their tally, and the deals that could not be counted, and why.

    A ledger always replays to something: a deal whose record cannot be read, or that cannot
    follow the deals before it (a deal after the game ended), is left out and named as a
    problem, so a read never fails on a ledger however it came to be.
    """

    tally: Tally
    results: dict[int, DealResult]
    problems: tuple[LedgerProblem, ...]
    deals: tuple[tuple[int, Any], ...]  # (deal key, parsed deal) of the deals counted
    # The tally of the first n deals counted, for some n (see CHECKPOINT_EVERY), without its
    # deals' results (they are the first n of ``tally.deals``): a change at deal k is scored
    # from the checkpoint before k, not from the first deal.
    checkpoints: tuple[tuple[int, Tally], ...] = ()

    def tally_before(self, count: int) -> Tally | None:
        """The tally of the first n deals counted for the largest n kept up to ``count``
        (``None``: start from the first deal)."""
        if count >= len(self.deals):
            return self.tally
        n, bare = max(((n, t) for n, t in self.checkpoints if n <= count), default=(0, None))
        return None if bare is None else dataclasses.replace(bare, deals=self.tally.deals[:n])


def _error_text(err: Exception, names: Naming) -> str:
    if isinstance(err, AdjudicationError):
        return say(err.message, names)
    return str(err) or type(err).__name__


def _parse(
    definition: GameDefinition[Any, Any], data: Any, players: int, options: Any
) -> tuple[Any, Exception | None]:
    try:
        return definition.parse_deal(data, players=players, options=options), None
    except Exception as err:  # a read never fails: an unreadable row is reported, not raised
        if not isinstance(err, AdjudicationError):
            logger.exception("ledger row could not be parsed")
        return None, err


def _tally(
    definition: GameDefinition[Any, Any],
    deals: list[Any],
    players: int,
    options: Any,
    known: Tally | None = None,
) -> tuple[Tally | None, Exception | None]:
    try:
        return definition.tally(deals, players=players, options=options, known=known), None
    except Exception as err:  # see _parse
        if not isinstance(err, AdjudicationError):
            logger.exception("ledger could not be tallied")
        return None, err


# A replay keeps the tally after every CHECKPOINT_EVERY deals, and the one before its last deal
# (the Undo, an amend of the hand just recorded): an amend or a void of deal k then costs the
# deals from the checkpoint before k to the end, not the whole game, for a few kilobytes a game.
CHECKPOINT_EVERY = 25


def _tally_along(
    definition: GameDefinition[Any, Any],
    deals: list[Any],
    players: int,
    options: Any,
    known: Tally | None = None,
    kept: tuple[tuple[int, Tally], ...] = (),
) -> tuple[Tally | None, Exception | None, tuple[tuple[int, Tally], ...]]:
    """:func:`_tally` resumed after ``known``, keeping checkpoints on the way (``kept``: those
    already kept, none after ``known``); the failure and no checkpoints when it fails."""
    start = len(known.deals) if known is not None else 0
    points = dict(kept)
    if known is not None and start:
        points[start] = dataclasses.replace(known, deals=())
    last = len(deals) - 1
    for stop in (n for n in range(start + 1, len(deals)) if n % CHECKPOINT_EVERY == 0 or n == last):
        known, failure = _tally(definition, deals[:stop], players, options, known)
        if known is None:
            return None, failure, ()
        points[stop] = dataclasses.replace(known, deals=())
    tally, failure = _tally(definition, deals, players, options, known)
    if tally is None:
        return None, failure, ()
    return (
        tally,
        None,
        tuple(sorted(p for p in points.items() if p[0] % CHECKPOINT_EVERY == 0 or p[0] == last)),
    )


def _why_not_counted(err: Exception, names: Naming) -> str:
    # The engine counts the deals it was given; the table numbers every deal ever recorded, so
    # "deal 7" in the engine's words may be the table's deal 8: say it without numbers.
    if isinstance(err, GameOverError):
        return gettext("the game was already over before it")
    return _error_text(err, names)


# Ledger rows never change, so a row parsed once stays parsed: recording deal N parses deal N
# once, not the whole game again at every step. Keyed by the row's id and time (ids are reused
# when a test database is emptied), the game's rules and its table size.
_PARSED: OrderedDict[tuple[Any, ...], tuple[Any, Exception | None]] = OrderedDict()
_PARSED_KEPT = 50_000


# Where a new deal goes while it is checked, until it is written and its entry's id is its key:
# after every deal recorded so far.
NEW_DEAL = 2**63


@dataclass(frozen=True)
class Parsed:
    """A deal already parsed (the one a service is checking), for :func:`replay`."""

    deal: Any


def parse_row(
    definition: GameDefinition[Any, Any], options: Any, players: int, row: Entry | Any
) -> tuple[Any, Exception | None]:
    """A deal of the ledger (an :class:`Entry`) or a raw record, parsed; a row only once."""
    if isinstance(row, Parsed):
        return row.deal, None
    if not isinstance(row, Entry):
        return _parse(definition, row, players, options)
    key = (definition.slug, repr(options), players, row.pk, row.recorded_at)
    found = _PARSED.get(key)
    if found is not None:
        _PARSED.move_to_end(key)
        return found
    found = _parse(definition, row.data, players, options)
    remember_parsed(definition, options, players, row, found)
    return found


def remember_parsed(
    definition: GameDefinition[Any, Any],
    options: Any,
    players: int,
    row: Entry,
    parsed: tuple[Any, Exception | None],
) -> None:
    """Keep a row's parse (a service that just wrote the row has already parsed it)."""
    _PARSED[(definition.slug, repr(options), players, row.pk, row.recorded_at)] = parsed
    while len(_PARSED) > _PARSED_KEPT:
        _PARSED.popitem(last=False)


def replay(
    definition: GameDefinition[Any, Any],
    options: Any,
    players: int,
    current: list[tuple[int, int, Any]],
    names: Naming,
) -> Replay:
    """Tally ``current`` (deal key, deal number, ledger row or raw record), leaving out what
    cannot count. The rows are parsed once per process (see :func:`parse_row`)."""
    problems: list[LedgerProblem] = []
    parsed: list[tuple[int, int, Any]] = []
    for key, number, row in current:
        deal, error = parse_row(definition, options, players, row)
        if error is None:
            parsed.append((key, number, deal))
        else:
            problems.append(LedgerProblem(key, number, error, unreadable=True, names=names))
    tally, failure, checkpoints = _tally_along(
        definition, [deal for _, _, deal in parsed], players, options
    )
    accepted = parsed
    if tally is None:
        # Keep every deal that can follow the ones kept so far; name the others. This costs a
        # tally per deal, but only on a ledger that does not replay, which no write leaves.
        accepted = []
        for key, number, deal in parsed:
            trial = [d for _, _, d in accepted] + [deal]
            _, failure = _tally(definition, trial, players, options)
            if failure is None:
                accepted.append((key, number, deal))
            else:
                problems.append(LedgerProblem(key, number, failure, unreadable=False, names=names))
        tally, failure, checkpoints = _tally_along(
            definition, [d for _, _, d in accepted], players, options
        )
        if tally is None:  # pragma: no cover - every prefix kept above tallied
            raise RuntimeError(str(failure))
    problems.sort(key=lambda p: p.number)
    results = {key: result for (key, _, _), result in zip(accepted, tally.deals, strict=True)}
    counted = tuple((k, d) for k, _, d in accepted)
    return Replay(tally, results, tuple(problems), counted, checkpoints)


def replay_from(
    definition: GameDefinition[Any, Any],
    options: Any,
    players: int,
    known: Replay,
    same: int,
    rest: Sequence[tuple[int, Any]],
) -> Replay | None:
    """The replay of ``known``'s first ``same`` deals followed by ``rest`` (deal key, ledger
    row or raw record or :class:`Parsed`), scored from the checkpoint of ``known`` before deal
    ``same + 1``: a deal recorded costs one deal, a change at deal k the deals from k on.

    ``None`` when that cannot be said without replaying the ledger whole: ``known`` had
    problems, or a row of ``rest`` cannot be read or counted (:func:`replay` names why)."""
    if known.problems or same > len(known.deals):
        return None
    added: list[tuple[int, Any]] = []
    for key, row in rest:
        deal, error = parse_row(definition, options, players, row)
        if error is not None:
            return None
        added.append((key, deal))
    start = known.tally_before(same)
    begun = len(start.deals) if start is not None else 0
    counted = (*known.deals[:same], *added)
    tally, _, checkpoints = _tally_along(
        definition,
        [deal for _, deal in counted],
        players,
        options,
        start,
        tuple(p for p in known.checkpoints if p[0] < begun),
    )
    if tally is None:
        return None
    results = {key: result for (key, _), result in zip(counted, tally.deals, strict=True)}
    return Replay(tally, results, (), counted, checkpoints)
