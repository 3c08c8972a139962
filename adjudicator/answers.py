"""What each question answers, as a JSON Schema built from the answer's declared type.

Every question's answer function says what it returns as a ``TypedDict`` (its return
annotation, or :attr:`adjudicator.game.Question.answers` where one function serves games whose
answers differ). This module reads those declarations (:func:`typing.get_type_hints`) and writes
the schema an integrator meets, so the published shape is the one ``mypy --strict`` holds the
code to, not a second description that can drift.

The JSON form of an answer is :func:`answer_json`'s: points that are exact fractions become
numbers, and a refusal an answer reports (an illegal play) becomes its error body.

============================  ==========================================================
declared                      schema
============================  ==========================================================
``str`` (a message)           ``{"type": "string"}``
``int``, ``bool``             ``integer``, ``boolean``
``float``, ``Fraction``       ``number`` (``int | Fraction`` points too)
``Literal["a", "b"]``         ``{"type": "string", "enum": ["a", "b"]}``
``X | None``                  ``X``'s schema with ``"null"`` added to its type
``list[X]``, ``tuple[X, …]``  ``{"type": "array", "items": X}``
a ``TypedDict``               an object: its keys, those not ``NotRequired`` required, no other
an ``AdjudicationError``      its error body (:class:`adjudicator.errors.Refusal`)
``DealData``                  the game's deal record (:func:`adjudicator.records.json_schema`)
============================  ==========================================================

Nothing untyped is allowed: ``Any``, ``object`` or a bare ``dict`` in an answer type is an
error here, so every object an integrator meets has its keys published.

>>> from adjudicator.games import get_game
>>> schema = answer_schema(get_game("rummy"), "deal")
>>> schema["type"], schema["additionalProperties"], schema["properties"]["rule"]
('object', False, {'type': 'string'})
"""

from __future__ import annotations

import types
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import (
    Annotated,
    Any,
    Literal,
    NotRequired,
    Required,
    TypeAliasType,
    TypeVar,
    Union,
    get_args,
    get_origin,
    get_type_hints,
    is_typeddict,
)

from adjudicator.errors import AdjudicationError
from adjudicator.game import Game, Question
from adjudicator.records import DealData, json_schema
from adjudicator.tally import points_json

type Schema = dict[str, Any]


def answer_json(value: Any) -> Any:
    """An engine answer as JSON: a refusal inside it (an illegal play the answer reports
    rather than raises) becomes its error body, points that are fractions become numbers,
    tuples become lists.

    >>> from adjudicator.errors import BadEntryError
    >>> answer_json({"points": [Fraction(7, 2), 3], "problem": BadEntryError("No.")})["points"]
    [3.5, 3]
    """
    if isinstance(value, AdjudicationError):
        return value.as_dict()
    if isinstance(value, Fraction):
        return points_json(value)
    if isinstance(value, dict):
        return {key: answer_json(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [answer_json(item) for item in value]
    return value


def answer_type(question: Question) -> Any:
    """The type a question's answer is declared as: :attr:`Question.answers`, or else its
    answer function's return annotation."""
    if question.answers is not None:
        return question.answers
    function = getattr(question.answer, "__func__", question.answer)
    annotation = getattr(function, "__annotations__", {}).get("return")
    if annotation is None:
        raise TypeError(f"the {question.name} question's answer declares no type")
    # Only the return annotation is read: the others may name a class's type parameters.
    shim = types.FunctionType(_nothing.__code__, function.__globals__)
    shim.__annotations__ = {"return": annotation}
    return get_type_hints(shim)["return"]


def _nothing() -> None:
    """The code of a shim that carries one annotation to :func:`get_type_hints`."""


def answer_schema(
    game: Game[Any, Any], question: str, options: Any = None, *, deal: Schema | None = None
) -> Schema:
    """A JSON Schema (draft 2020-12) of what ``game`` answers to ``question``.

    An answer that echoes the deal it was given describes it as the game's record under
    ``options`` (the house rules; by default none changed), one variant per table size where
    they differ, as the question's input is described; or as ``deal``, where the caller
    describes the game's deals itself (the API refers to its own ``Deal<Game>`` component).
    """
    found = game.questions().get(question)
    if found is None:
        raise KeyError(f"{game.name} has no question {question!r}")
    chosen = game.options(options)

    def record() -> Schema:
        variants: dict[str, Schema] = {}
        for size in game.table_sizes():
            variant = _untitled(json_schema(game.record(chosen, size), size))
            variants.setdefault(repr(variant), variant)
        found = list(variants.values())
        return found[0] if len(found) == 1 else {"anyOf": found}

    echo = deal
    return type_schema(answer_type(found), deal=(lambda: echo) if echo is not None else record)


def type_schema(
    declared: Any, *, deal: Callable[[], Schema] | None = None, fractions: bool = True
) -> Schema:
    """The JSON Schema of a declared answer type (see the table above); ``deal`` gives the
    schema of a :data:`~adjudicator.records.DealData` echo, where one is met. With
    ``fractions=False`` points that may be fractions are refused: a value that reaches JSON as
    it stands (a detail, :mod:`adjudicator.details`) cannot hold one.

    >>> from adjudicator.errors import Refusal
    >>> schema = type_schema(Refusal)
    >>> schema["properties"]["field"], schema["properties"]["seats"], schema["required"][:2]
    ({'type': ['string', 'null']}, {'type': 'array', 'items': {'type': 'integer'}}, ['code', 'message'])
    """
    return _Builder(deal, fractions).schema(declared, {})


class _Builder:
    def __init__(self, deal: Callable[[], Schema] | None, fractions: bool = True) -> None:
        self.deal = deal
        self.fractions = fractions

    def schema(self, tp: Any, bound: Mapping[Any, Any]) -> Schema:
        if isinstance(tp, TypeVar):
            if tp not in bound:
                raise TypeError(f"{tp} is not given a type")
            return self.schema(bound[tp], {})
        if tp is DealData:
            if self.deal is None:
                raise TypeError("a deal echo needs its game's record")
            return self.deal()
        if isinstance(tp, TypeAliasType):
            return self.schema(tp.__value__, bound)
        origin = get_origin(tp)
        if origin is not None and isinstance(origin, TypeAliasType):
            # A generic alias applied: bind its parameters, then read its value.
            params = dict(zip(origin.__type_params__, get_args(tp), strict=True))
            return self.schema(origin.__value__, {**bound, **params})
        if tp is type(None):
            return {"type": "null"}
        if tp is bool:
            return {"type": "boolean"}
        if tp is int:
            return {"type": "integer"}
        if tp is Fraction and not self.fractions:
            raise TypeError(
                "this value reaches JSON as it stands: points that may be fractions go "
                "through points_json (declared int | float)"
            )
        if tp is float or tp is Fraction:
            return {"type": "number"}
        if isinstance(tp, type) and issubclass(tp, str):
            return {"type": "string"}
        if isinstance(tp, type) and issubclass(tp, AdjudicationError):
            return self.schema(get_type_hints(AdjudicationError.as_dict)["return"], {})
        if origin is Literal:
            return _literal(get_args(tp))
        if origin is Union or origin is types.UnionType:
            return self._union([self.schema(arg, bound) for arg in get_args(tp)])
        if origin in (list, tuple, Sequence):
            args = get_args(tp)
            if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
                raise TypeError(f"{tp}: a tuple in an answer is declared as tuple[X, ...]")
            return {"type": "array", "items": self.schema(args[0], bound)}
        if is_typeddict(origin or tp):
            return self._object(origin or tp, get_args(tp), bound)
        raise TypeError(f"{tp!r} is not a declared answer type (no Any, object or bare dict)")

    def _object(self, cls: Any, args: tuple[Any, ...], bound: Mapping[Any, Any]) -> Schema:
        params = getattr(cls, "__type_params__", ()) or getattr(cls, "__parameters__", ())
        given = {
            param: (arg if not isinstance(arg, TypeVar) else bound.get(arg, arg))
            for param, arg in zip(params, args, strict=True)
        }
        # Read with the qualifiers kept: under ``from __future__ import annotations`` the class's
        # own ``__required_keys__`` cannot see a ``NotRequired`` written as text.
        hints = get_type_hints(cls, include_extras=True)
        properties, required = {}, []
        for key, hint in hints.items():
            tp, optional = hint, not cls.__total__
            while get_origin(tp) in (NotRequired, Required):
                optional = get_origin(tp) is NotRequired
                tp = get_args(tp)[0]
            if get_origin(tp) is Annotated:
                tp = get_args(tp)[0]
            properties[key] = self.schema(tp, given)
            if not optional:
                required.append(key)
        return {
            "type": "object",
            "properties": properties,
            "required": required,
            "additionalProperties": False,
        }

    @staticmethod
    def _union(members: list[Schema]) -> Schema:
        """One schema for ``A | B``: the types merged where each member is a bare type (an
        int that may be a fraction is a number), else ``anyOf``; a null is always merged into
        its partner's type (``["string", "null"]``), which OpenAPI 3.0 says as ``nullable``."""
        nullable = {"type": "null"} in members
        rest = [m for m in members if m != {"type": "null"}]
        if all(set(m) == {"type"} and isinstance(m["type"], str) for m in rest):
            kinds = [m["type"] for m in rest]
            if "number" in kinds:
                kinds = [k for k in kinds if k != "integer"]
            merged: Schema = {"type": kinds[0] if len(kinds) == 1 else kinds}
        elif len(rest) == 1:
            merged = dict(rest[0])
        else:
            if nullable:
                raise TypeError("a nullable union of several shapes: declare it otherwise")
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


def _untitled(schema: Any) -> Any:
    """A schema without its ``title`` keywords: an answer's inline parts carry none, since a
    client generator names classes after titles and the same title would come back from
    several games."""
    if isinstance(schema, list):
        return [_untitled(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    out = {}
    for key, value in schema.items():
        if key == "title":
            continue
        if key in ("properties", "$defs") and isinstance(value, dict):
            out[key] = {name: _untitled(part) for name, part in value.items()}
        else:
            out[key] = _untitled(value)
    return out


__all__ = ["answer_json", "answer_schema", "answer_type", "type_schema"]
