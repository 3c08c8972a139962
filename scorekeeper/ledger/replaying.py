"""Replaying a ledger through the adjudicator: the deals that count, their tally, and the
deals that cannot be counted and why; each row parsed once per process.

Nothing here writes. Standings are never stored: each read replays the current record of every
deal, so a correction anywhere in the ledger shows everywhere at once.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from adjudicator.errors import AdjudicationError, GameOverError
from adjudicator.game import Game as GameDefinition
from adjudicator.said import Naming
from adjudicator.tally import DealResult, Tally
from scorekeeper.models import Entry

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class LedgerProblem:
    """A deal the adjudicator cannot count, said for the table, with what would fix it."""

    key: int
    number: int
    message: str
    fix: str


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


def _error_text(err: Exception, names: Naming) -> str:
    if isinstance(err, AdjudicationError):
        return err.named(names)
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


def _why_not_counted(err: Exception, names: Naming) -> str:
    # The engine counts the deals it was given; the table numbers every deal ever recorded, so
    # "deal 7" in the engine's words may be the table's deal 8: say it without numbers.
    if isinstance(err, GameOverError):
        return "the game was already over before it"
    return _error_text(err, names)


# Ledger rows never change, so a row parsed once stays parsed: recording deal N parses deal N
# once, not the whole game again at every step. Keyed by the row's id and time (ids are reused
# when a test database is emptied), the game's rules and its table size.
_PARSED: OrderedDict[tuple[Any, ...], tuple[Any, Exception | None]] = OrderedDict()
_PARSED_KEPT = 50_000


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
            problems.append(
                LedgerProblem(
                    key,
                    number,
                    f"Deal {number}'s record cannot be read: {_error_text(error, names)}",
                    f"Amend deal {number} to enter it again, or void it.",
                )
            )
    tally, failure = _tally(definition, [deal for _, _, deal in parsed], players, options)
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
                problems.append(
                    LedgerProblem(
                        key,
                        number,
                        f"Deal {number} cannot be counted: {_why_not_counted(failure, names)}.",
                        f"Void deal {number}, or amend it or an earlier deal.",
                    )
                )
        tally, failure = _tally(definition, [d for _, _, d in accepted], players, options)
        if tally is None:  # pragma: no cover - every prefix kept above tallied
            raise RuntimeError(str(failure))
    problems.sort(key=lambda p: p.number)
    results = {key: result for (key, _, _), result in zip(accepted, tally.deals, strict=True)}
    return Replay(tally, results, tuple(problems), tuple((k, d) for k, _, d in accepted))
