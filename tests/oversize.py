"""Inputs at and past the bounds a JSON Schema publishes, for the bounds tests and the bench.

:func:`unbounded` lists every list and string a schema leaves without a bound; :func:`beyond`
makes, for each bound, a body that goes far past it (40,000 items or characters) and the path
the refusal must name; :func:`largest` makes the largest body within every bound.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping
from typing import Any

from adjudicator.bounds import MAX_CARDS
from adjudicator.cards import Pack

HUGE = 40_000
"""Far past any bound: a search over this many cards or items could never finish."""


def variants(schema: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The schema's alternatives (``oneOf``, ``anyOf``), or the schema itself."""
    found = [*schema.get("oneOf", ()), *schema.get("anyOf", ())]
    return [v for v in found if "type" in v or "properties" in v] or [schema]


def unbounded(schema: Mapping[str, Any], path: str = "") -> Iterator[str]:
    """Every path in ``schema`` to a list without ``maxItems`` or a string without
    ``maxLength`` (an enum is bounded by its values: another way's field, null only)."""
    kinds = schema.get("type")
    kinds = kinds if isinstance(kinds, list) else [kinds]
    if "enum" in schema:
        return
    if "array" in kinds:
        if "maxItems" not in schema:
            yield path or "(body)"
        if isinstance(schema.get("items"), Mapping):
            yield from unbounded(schema["items"], f"{path}[]")
    if "string" in kinds and "maxLength" not in schema:
        yield path or "(body)"
    if "object" in kinds and "additionalProperties" not in schema:
        yield f"{path}.*"  # any key, any value
    for key, prop in schema.get("properties", {}).items():
        yield from unbounded(prop, f"{path}.{key}" if path else key)
    for variant in (*schema.get("oneOf", ()), *schema.get("anyOf", ())):
        yield from unbounded(variant, path)


def _kind(schema: Mapping[str, Any]) -> tuple[Mapping[str, Any], Any]:
    """The schema's first variant, and the first type it names."""
    schema = variants(schema)[0]
    kinds = schema.get("type")
    return schema, kinds[0] if isinstance(kinds, list) else kinds


def minimal(schema: Mapping[str, Any]) -> Any:
    """A small value of the schema's type: what fills the rest of a body around an overgrowth."""
    schema, kind = _kind(schema)
    if "enum" in schema:
        return schema["enum"][0]
    if kind == "integer":
        return schema.get("minimum", 0)
    if kind == "boolean":
        return True
    if kind == "string":
        return ""
    if kind == "array":
        return []
    return {key: minimal(schema["properties"][key]) for key in schema.get("required", ())}


def beyond(
    schema: Mapping[str, Any], path: str = "", *, just: bool = False
) -> Iterator[tuple[str, Any]]:
    """For each bound in ``schema``, a value far past it (``just``: one item or a few
    characters past it, a body small enough for the API to read), the rest minimal, and the
    path that a refusal must name."""
    for variant in variants(schema):
        kinds = variant.get("type")
        kinds = kinds if isinstance(kinds, list) else [kinds]
        if "array" in kinds:
            items = variant["items"]
            yield path, [minimal(items)] * (variant["maxItems"] + 1 if just else HUGE)
            for inner, value in beyond(items, f"{path}[0]", just=just):
                yield inner, [value]
        elif "string" in kinds and "maxLength" in variant:
            unit = "AS " if MAX_CARDS in variant else "x"
            yield path, unit * (variant["maxLength"] // len(unit) + 1 if just else HUGE)
        elif "object" in kinds:
            base = minimal(variant)
            for key, prop in variant.get("properties", {}).items():
                for inner, value in beyond(prop, f"{path}.{key}" if path else key, just=just):
                    yield inner, {**base, key: value}


def largest(schema: Mapping[str, Any], pack: Pack) -> Any:
    """The largest value within every bound: every list full, every string of cards holding as
    many as it may (distinct cards of ``pack`` while they last), every number at its top."""
    schema, kind = _kind(schema)
    if "enum" in schema:
        return schema["enum"][0]
    if kind == "integer":
        return schema.get("maximum", 0)
    if kind == "boolean":
        return True
    if kind == "string":
        if MAX_CARDS in schema:
            cards = itertools.islice(itertools.cycle(sorted(set(pack), key=str)), schema[MAX_CARDS])
            return " ".join(str(c) for c in cards)
        return "x" * schema.get("maxLength", 0)
    if kind == "array":
        return [largest(schema["items"], pack) for _ in range(schema.get("maxItems", 0))]
    return {key: largest(prop, pack) for key, prop in schema.get("properties", {}).items()}
