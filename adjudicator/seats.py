"""Seats: numbered from 0 in JSON, from 1 in every sentence a player reads.

A record of play names a seat by its place at the table, ``0`` for the first. Players count
from 1, so every message says "seat 1" for JSON ``0`` and, where it helps someone writing JSON,
gives the JSON range as well.

>>> read_seat(3, 4, "went_out")
3
>>> read_seat(4, 4, "went_out")
Traceback (most recent call last):
...
adjudicator.errors.BadEntryError: There is no seat 5: this table has seats 1 to 4 (0 to 3 in JSON).
"""

from __future__ import annotations

from adjudicator.errors import BadEntryError
from adjudicator.messages import Message, Verbatim, msg

_MOST_SEATS_QUOTED = 1_000_000


def seat_range(players: int) -> Message:
    """The seats of a table, counted as players count them, with the JSON numbers after.

    >>> seat_range(4)
    'seats 1 to 4 (0 to 3 in JSON)'
    >>> str(seat_range(4))
    'seats 1 to 4 (0 to 3 in JSON)'
    """
    return msg("seats 1 to {last} (0 to {last_json} in JSON)", last=players, last_json=players - 1)


def read_seat(value: object, players: int, field: str) -> int:
    """A seat number from JSON (``0`` for the first seat); refuse anything not at this table.

    ``field`` names the key it came from; callers prefix the path with
    :meth:`~adjudicator.errors.AdjudicationError.at`.

    >>> read_seat(-1, 4, "seat")
    Traceback (most recent call last):
    ...
    adjudicator.errors.BadEntryError: A seat number cannot be negative: this table has seats 1 to 4 (0 to 3 in JSON).
    >>> read_seat(10**5000, 4, "seat")
    Traceback (most recent call last):
    ...
    adjudicator.errors.BadEntryError: There is no seat that high: this table has seats 1 to 4 (0 to 3 in JSON).
    """
    table = seat_range(players)
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadEntryError(
            msg(
                "{field} must be a seat number: this table has {seats}.",
                field=Verbatim(field),
                seats=table,
            ),
            field=field,
        )
    if value < 0:
        raise BadEntryError(
            msg("A seat number cannot be negative: this table has {seats}.", seats=table),
            field=field,
        )
    if value >= players:
        # JSON 4 is the fifth seat. A huge number is not quoted: no table seats that many.
        if value < _MOST_SEATS_QUOTED:
            said = msg(
                "There is no seat {number}: this table has {seats}.",
                number=Verbatim(f"{value + 1:,}"),
                seats=table,
            )
        else:
            said = msg("There is no seat that high: this table has {seats}.", seats=table)
        raise BadEntryError(said, field=field)
    return value
