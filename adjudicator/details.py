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

import types
from collections.abc import Sequence
from fractions import Fraction
from typing import (
    Any,
    Literal,
    NotRequired,
    Required,
    TypeAliasType,
    Union,
    get_args,
    get_origin,
    get_type_hints,
    is_typeddict,
)

from adjudicator.game import Game

type Schema = dict[str, Any]


def detail_schema(game: Game[Any, Any]) -> Schema:
    """The JSON Schema (draft 2020-12) of each unit's ``detail`` in a deal ``game`` scores."""
    declared = getattr(game, "detail_type", None)
    if not is_typeddict(declared):
        raise TypeError(f"{game.name} declares no detail_type TypedDict")
    return detail_type_schema(declared)


def detail_type_schema(declared: Any) -> Schema:
    """The JSON Schema of a declared detail type (see the table above).

    >>> from typing import NotRequired, TypedDict
    >>> class Hand(TypedDict):
    ...     count: int
    ...     melds: NotRequired[list[str]]
    ...     knocker: int | None
    >>> detail_type_schema(Hand) == {
    ...     "type": "object",
    ...     "properties": {
    ...         "count": {"type": "integer"},
    ...         "melds": {"type": "array", "items": {"type": "string"}},
    ...         "knocker": {"type": ["integer", "null"]},
    ...     },
    ...     "required": ["count", "knocker"],
    ...     "additionalProperties": False,
    ... }
    True
    """
    return _schema(declared)


def _schema(tp: Any) -> Schema:
    if isinstance(tp, TypeAliasType):
        return _schema(tp.__value__)
    origin = get_origin(tp)
    if tp is type(None):
        return {"type": "null"}
    if tp is bool:
        return {"type": "boolean"}
    if tp is int:
        return {"type": "integer"}
    if tp is float:
        return {"type": "number"}
    if tp is Fraction:
        raise TypeError("a detail holds JSON: points that may be fractions go through points_json")
    if isinstance(tp, type) and issubclass(tp, str):
        return {"type": "string"}
    if origin is Literal:
        return _literal(get_args(tp))
    if origin is Union or origin is types.UnionType:
        return _union([_schema(arg) for arg in get_args(tp)])
    if origin in (list, tuple, Sequence):
        args = get_args(tp)
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            raise TypeError(f"{tp}: a tuple in a detail is declared as tuple[X, ...]")
        return {"type": "array", "items": _schema(args[0])}
    if is_typeddict(tp):
        return _object(tp)
    raise TypeError(f"{tp!r} is not a declared detail type (no Any, object or bare dict)")


def _object(cls: Any) -> Schema:
    # The hints are read with their qualifiers: under ``from __future__ import annotations``
    # Python (3.13) counts a ``NotRequired`` key among ``__required_keys__``.
    hints = get_type_hints(cls, include_extras=True)
    properties: Schema = {}
    required: list[str] = []
    for key, hint in hints.items():
        qualifier = get_origin(hint)
        if qualifier is NotRequired or qualifier is Required:
            (hint,) = get_args(hint)
        if qualifier is Required or (qualifier is not NotRequired and key in cls.__required_keys__):
            required.append(key)
        properties[key] = _schema(hint)
    return {
        "type": "object",
        "properties": properties,
        "required": required,
        "additionalProperties": False,
    }


def _union(members: list[Schema]) -> Schema:
    """``X | None`` as ``X`` with ``"null"`` in its type; bare types merged into one list; other
    unions as ``anyOf``."""
    nullable = {"type": "null"} in members
    rest = [m for m in members if m != {"type": "null"}]
    if len(rest) == 1:
        merged = dict(rest[0])
    elif all(set(m) == {"type"} and isinstance(m["type"], str) for m in rest):
        merged = {"type": [m["type"] for m in rest]}
    elif nullable:
        raise TypeError("a nullable union of several shapes: declare it otherwise")
    else:
        return {"anyOf": rest}
    if not nullable:
        return merged
    kinds = merged["type"] if isinstance(merged["type"], list) else [merged["type"]]
    merged["type"] = [*kinds, "null"]
    if "enum" in merged:
        merged["enum"] = [*merged["enum"], None]
    return merged


def _literal(values: tuple[Any, ...]) -> Schema:
    kinds = {bool: "boolean", int: "integer", str: "string"}
    found = sorted({kinds[type(v)] for v in values})
    if len(found) != 1:
        raise TypeError(f"Literal{list(values)}: one kind of value, please")
    return {"type": found[0], "enum": list(values)}


__all__ = ["detail_schema", "detail_type_schema"]
