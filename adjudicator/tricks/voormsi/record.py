"""A Voormsi hand's record in JSON, read and checked, and written back canonically.

By tricks (``dealer`` and ``call`` optional; ``held`` optional on any trick)::

    {"dealer": 3,
     "tricks": [{"plays": [{"seat": 0, "cards": "9C"}, {"seat": 1, "cards": "AS"}, …],
                 "held": [{"seat": 2, "cards": "KH"}]}, …],
     "call": 1}

As a quick summary (every key but ``tricks`` optional)::

    {"quick": {"tricks": [6, 3], "first_five": 0,
               "captures": [{"event": "jc", "side": 1}], "call": null}}

Seats are 0-based. A side is numbered like its first seat: at four players side 0 is seats 0
and 2 (seats 1 and 3 to players), side 1 seats 1 and 3; otherwise side ``n`` is seat ``n``.
``call`` is the side that stopped the hand after the last trick recorded (V-10). Capture events
are ``simple``, ``jc``, ``partner``, ``3d`` and ``3d_double``.

>>> record = parse_hand({"quick": {"tricks": [6, 3], "first_five": 0}}, 4)
>>> hand_as_data(record)
{'quick': {'tricks': [6, 3], 'first_five': 0, 'captures': [], 'call': None}}
>>> parse_hand(hand_as_data(record), 4) == record
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from adjudicator.errors import AdjudicationError, BadEntryError, ImpossibleHandError
from adjudicator.seats import read_seat
from adjudicator.tricks.plays import parse_tricks, tricks_as_data
from adjudicator.tricks.voormsi.hand import CAPTURE_KINDS, CaptureKind, Hand, check_hand
from adjudicator.tricks.voormsi.rules import DEFAULTS, Options, Table
from adjudicator.tricks.voormsi.score import Capture, QuickHand, check_over, check_quick

_HAND_KEYS = frozenset({"tricks", "call", "dealer"})
_QUICK_KEYS = frozenset({"tricks", "first_five", "captures", "call"})


def read_side(value: object, table: Table, field: str) -> int:
    """A side number from JSON, refusing anything not a side at this table.

    >>> read_side(1, Table(4), "call")
    1
    >>> read_side(2, Table(4), "call")
    Traceback (most recent call last):
    ...
    adjudicator.errors.BadEntryError: call must be a side: 0 for seats 1 and 3, 1 for seats 2 and 4.
    """
    if not table.partnerships:
        return read_seat(value, table.players, field)
    # Not bool (True == 1) and not float (1.0 == 1): a side is a whole number.
    if isinstance(value, bool) or not isinstance(value, int) or value not in (0, 1):
        raise BadEntryError(
            f"{field} must be a side: 0 for seats 1 and 3, 1 for seats 2 and 4.", field=field
        )
    return value


def _refuse_unknown(data: Mapping[str, Any], known: frozenset[str], where: str) -> None:
    for key in data:
        if key not in known:
            raise BadEntryError(
                f"{key!r} is not part of a Voormsi hand; {where} has {', '.join(sorted(known))}.",
                field=key,
            )


def _optional_side(data: Mapping[str, Any], key: str, table: Table) -> int | None:
    value = data.get(key)
    return None if value is None else read_side(value, table, key)


def parse_hand(
    data: object,
    players: int,
    options: Options = DEFAULTS,
    *,
    over: bool = True,
) -> Hand | QuickHand:
    """Read a hand's record (by ``tricks`` or ``quick``) and check it; refuse the first problem
    with its field (``tricks[3].plays[1].cards``) and seats.

    With ``over`` (the default) the hand must be over: complete, called, or ended by a partner
    capture. ``over=False`` accepts a hand by tricks still being played.
    """
    table = Table.for_players(players, options)
    if not isinstance(data, Mapping):
        raise BadEntryError(
            'A Voormsi hand is an object: {"tricks": [...]} or {"quick": {...}}.', field="hand"
        )
    if ("tricks" in data) == ("quick" in data):
        raise BadEntryError(
            "Give the hand either by its tricks or as a quick summary, "
            f"not {'both' if 'tricks' in data else 'neither'}.",
            field="hand",
        )
    if "quick" in data:
        _refuse_unknown(data, frozenset({"quick"}), "a quick summary")
        try:
            return _parse_quick(data["quick"], table)
        except AdjudicationError as err:
            raise err.at("quick") from None
    _refuse_unknown(data, _HAND_KEYS, "a hand by tricks")
    raw_dealer = data.get("dealer")
    dealer = None if raw_dealer is None else read_seat(raw_dealer, players, "dealer")
    hand = Hand(parse_tricks(data["tricks"], players), _optional_side(data, "call", table), dealer)
    checked = check_hand(hand, table, options)
    if over:
        check_over(checked)
    return hand


def _parse_quick(data: object, table: Table) -> QuickHand:
    if not isinstance(data, Mapping):
        raise BadEntryError(
            'A quick summary is an object such as {"tricks": [6, 3], "first_five": 0}.'
        )
    _refuse_unknown(data, _QUICK_KEYS, "a quick summary")
    raw = data.get("tricks")
    sides = len(table.sides)
    if (
        not isinstance(raw, list)
        or len(raw) != sides
        or not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in raw)
    ):
        per = "side (seats 1 and 3, then seats 2 and 4)" if table.partnerships else "seat"
        raise BadEntryError(
            f"tricks lists the tricks won by each {per}: {sides} whole numbers.",
            field="tricks",
        )
    if any(n > table.tricks for n in raw):
        raise ImpossibleHandError(
            f"Nobody wins more than the {table.tricks} tricks of a hand.", field="tricks"
        )
    tricks = tuple(raw)
    raw_captures = data.get("captures", [])
    if not isinstance(raw_captures, list):
        raise BadEntryError("captures lists the capture events that scored.", field="captures")
    captures = []
    for index, item in enumerate(raw_captures):
        where = f"captures[{index}]"
        if not isinstance(item, Mapping) or set(item) != {"event", "side"}:
            raise BadEntryError(
                'Each capture is an object such as {"event": "jc", "side": 1}.', field=where
            )
        event = item["event"]
        if event not in CAPTURE_KINDS:
            raise BadEntryError(
                f"event must be one of {', '.join(CAPTURE_KINDS)}.", field=f"{where}.event"
            )
        side = read_side(item["side"], table, f"{where}.side")
        captures.append(Capture(cast(CaptureKind, event), side))
    quick = QuickHand(
        tricks=tricks,
        first_five=_optional_side(data, "first_five", table),
        captures=tuple(captures),
        call=_optional_side(data, "call", table),
    )
    check_quick(quick, table)
    return quick


def hand_as_data(record: Hand | QuickHand) -> dict[str, Any]:
    """The canonical JSON form of a hand's record: ``parse_hand(hand_as_data(r)) == r``."""
    if isinstance(record, QuickHand):
        return {
            "quick": {
                "tricks": list(record.tricks),
                "first_five": record.first_five,
                "captures": [{"event": c.event, "side": c.side} for c in record.captures],
                "call": record.call,
            }
        }
    data: dict[str, Any] = {}
    if record.dealer is not None:
        data["dealer"] = record.dealer
    data["tricks"] = tricks_as_data(record.tricks)
    if record.call is not None:
        data["call"] = record.call
    return data
