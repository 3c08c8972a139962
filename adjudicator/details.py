"""The shape of each game's ``detail``, as a JSON Schema built from the game's declaration.

Every game gives each scoring unit, beside its points and explanation, a ``detail``: the game's
own figures behind the points (Brummy's grid and lines, Voormsi's ladder, Knock Rummy's melds),
:attr:`adjudicator.tally.SeatResult.detail`. Each game declares that shape as a ``TypedDict``,
:attr:`adjudicator.game.Game.detail_type`, and the code building the detail is typed with it,
so ``mypy --strict`` checks every key. :func:`detail_schema` reads the declaration
(:func:`typing.get_type_hints`) and writes the schema an integrator meets, draft 2020-12:

============================  ==========================================================
declared                      schema
============================  ==========================================================
``str``                       ``{"type": "string"}``
``int``, ``bool``, ``float``  ``integer``, ``boolean``, ``number``
``Literal["a", "b"]``         ``{"type": "string", "enum": ["a", "b"]}``
``X | None``                  ``X``'s schema with ``"null"`` added to its type
``list[X]``, ``tuple[X, …]``  ``{"type": "array", "items": X}``
a ``TypedDict``               an object: its keys, those not ``NotRequired`` required, no other
============================  ==========================================================

A detail is JSON as it stands: :meth:`SeatResult.as_dict <adjudicator.tally.SeatResult.as_dict>`
hands it on unchanged. So nothing that JSON cannot carry is allowed in a declaration: ``Any``,
``object``, a bare ``dict``, and points (``Fraction``, or ``int | Fraction``) are errors here. A
figure that could be a shared fraction would have to go through
:func:`~adjudicator.tally.points_json` and be declared ``int | float``.

>>> from adjudicator.games import get_game
>>> schema = detail_schema(get_game("treikort"))
>>> schema["required"], schema["properties"]["pope"], schema["additionalProperties"]
(['tricks', 'pope', 'window_tricks'], {'type': 'boolean'}, False)
"""

from __future__ import annotations

from typing import Any, is_typeddict

from adjudicator.answers import Schema, type_schema
from adjudicator.game import Game


def detail_schema(game: Game[Any, Any]) -> Schema:
    """The JSON Schema (draft 2020-12) of each unit's ``detail`` in a deal ``game`` scores."""
    declared = getattr(game, "detail_type", None)
    if not is_typeddict(declared):
        raise TypeError(f"{game.name} declares no detail_type TypedDict")
    return detail_type_schema(declared)


def detail_type_schema(declared: Any) -> Schema:
    """The JSON Schema of a declared detail type (see the table above).

    :func:`adjudicator.answers.type_schema`, with points that may be fractions refused (a
    detail reaches JSON as it stands).

    >>> from typing import TypedDict
    >>> class Hand(TypedDict):
    ...     count: int
    ...     melds: list[str]
    ...     knocker: int | None
    >>> detail_type_schema(Hand) == {
    ...     "type": "object",
    ...     "properties": {
    ...         "count": {"type": "integer"},
    ...         "melds": {"type": "array", "items": {"type": "string"}},
    ...         "knocker": {"type": ["integer", "null"]},
    ...     },
    ...     "required": ["count", "melds", "knocker"],
    ...     "additionalProperties": False,
    ... }
    True
    """
    return type_schema(declared, fractions=False)
