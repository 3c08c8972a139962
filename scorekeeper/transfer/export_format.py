"""The export's format as a JSON Schema, and the check an import runs on a file before anything
else: the first value that does not fit, with its path (``nights[0].games[1].seats[0].position``).

The schema is published as it is (``/api/v1/export-schema.json``, and in the OpenAPI schema as
the import's request body), and :func:`first_problem` reads the same dict: the file is checked
against what is published, not against a second description of it. :func:`first_problem`
knows the keywords the schema uses and no others (a test checks it agrees with the
``jsonschema`` library on fuzzed files).

Every value is bounded, by the app's own limits (:mod:`scorekeeper.limits`: what the app keeps,
an import takes): a date and time falls within the years 1900 to 2999 in UTC, as it is kept
and exported again (offsets of at most 14 hours, which is the widest any place on Earth uses
and what PostgreSQL takes), numbers fit the columns they go to, strings and lists have a most.
"""

from __future__ import annotations

import datetime
import re
import uuid
from collections.abc import Iterator
from typing import Any

from scorekeeper import limits

FORMAT = "scorekeeper-export"
VERSION = 1

# The size caps of one import (docs/integrators.md: "The export format"), from the app's own limits: a night
# the app keeps always fits, and a file past them is refused whole with a 400 before any of it
# is replayed.
MAX_ENTRIES = limits.FILE_ENTRIES  # ledger entries in the whole file, all games together
MAX_NIGHTS = limits.FILE_NIGHTS
MAX_GAMES = limits.GAMES  # in one night
MAX_SEATS = limits.SEATS
MAX_TABLE = limits.TABLE
MAX_DEAL_KEYS = limits.KEYS  # keys of one entry's deal record
MAX_RULINGS = limits.FILE_RULINGS  # rulings in the whole file: each is asked again on import

# Years 1900 to 2999 (limits.FIRST_DAY to LAST_DAY); a time must also fall within them in UTC,
# as it is kept and exported (``_fits_format``).
_OFFSET = r"(Z|[+-](0\d|1[0-4]):[0-5]\d)"
DATE_PATTERN = limits.DATE_PATTERN
DATETIME_PATTERN = rf"^{limits.YEARS_PATTERN}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d{{1,6}})?)?{_OFFSET}$"
UUID_PATTERN = r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$"


# No NUL character: PostgreSQL refuses it in text (SQLite would store it).
NO_NUL = r"^[^\x00]*$"


def text_schema(most: int, what: str = "text", *, least: int = 0) -> dict[str, Any]:
    schema: dict[str, Any] = {
        "type": "string",
        "maxLength": most,
        "pattern": NO_NUL,
        "description": f"{what} of at most {most} characters, without NUL",
    }
    if least:
        schema["minLength"] = least
    return schema


def whole_schema(least: int, most: int, *, nullable: bool = False) -> dict[str, Any]:
    return {
        "type": ["integer", "null"] if nullable else "integer",
        "minimum": least,
        "maximum": most,
        "description": f"a whole number from {least} to {most}{' or null' if nullable else ''}",
    }


def list_schema(items: dict[str, Any], most: int, what: str, *, least: int = 0) -> dict[str, Any]:
    schema: dict[str, Any] = {
        "type": "array",
        "items": items,
        "maxItems": most,
        "description": f"a list of at most {most} {what}",
    }
    if least:
        schema["minItems"] = least
        schema["description"] = f"a list of {least} to {most} {what}"
    return schema


def object_schema(
    properties: dict[str, Any], required: list[str], what: str, **more: Any
) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": properties,
        "required": required,
        "additionalProperties": False,
        "description": what,
        **more,
    }


WHEN = {
    "type": "string",
    "pattern": DATETIME_PATTERN,
    "format": "date-time",
    "description": "a date and time with its offset from UTC (ISO 8601, an offset of at most "
    "14 hours), from 1900-01-01 to 2999-12-31 in UTC",
}

ENTRY = object_schema(
    {
        "n": whole_schema(1, MAX_ENTRIES),
        "kind": {
            "type": "string",
            "enum": ["record", "amend", "void", "end", "confirm", "dispute", "setting"],
            "description": "record, amend, void, end, confirm, dispute or setting",
        },
        "deal": whole_schema(1, MAX_ENTRIES, nullable=True),
        "supersedes": whole_schema(1, MAX_ENTRIES, nullable=True),
        "settles": whole_schema(1, MAX_ENTRIES, nullable=True),
        "seat": whole_schema(0, MAX_SEATS - 1, nullable=True),
        "data": {
            "type": "object",
            "maxProperties": MAX_DEAL_KEYS,
            "description": "a deal's record (an object, as the game's deal body in the API); "
            "a dispute's ruling; a setting's value from there on (confirmations: true or false)",
        },
        "note": {**text_schema(limits.NOTE), "type": ["string", "null"]},
        "token": {
            "type": ["string", "null"],
            "pattern": UUID_PATTERN,
            "format": "uuid",
            "description": "a UUID or null",
        },
        "recorded_by": text_schema(limits.USERNAME),
        "recorded_at": {**WHEN, "type": ["string", "null"]},
    },
    ["n", "kind"],
    "a ledger entry: n numbers it in its game; deal, supersedes and settles name earlier "
    "entries by n; seat is who at the table made it (a recorder, a confirmer)",
)

SEAT = object_schema(
    {
        "player": text_schema(limits.NAME, "a name", least=1),
        "position": whole_schema(0, MAX_SEATS - 1),
        "team": whole_schema(0, MAX_SEATS - 1, nullable=True),
    },
    ["player", "position"],
    "a seat: the player's name and the seat's place from 0",
)

GAME = object_schema(
    {
        "number": whole_schema(1, MAX_GAMES),
        "slug": text_schema(40, "a game's slug", least=1),
        "name": text_schema(100),
        "options": {"type": "object", "maxProperties": limits.KEYS, "description": "house rules"},
        "confirmations": {
            "type": "boolean",
            "description": "whether the game asked for confirmations from its first entry "
            "(its setting entries say where that changed); its night's setting when not given",
        },
        "created_by": text_schema(limits.USERNAME),
        "seats": list_schema(SEAT, MAX_SEATS, "seats", least=1),
        "entries": list_schema(ENTRY, MAX_ENTRIES, "ledger entries"),
    },
    ["number", "slug", "seats"],
    "a game: which game, its house rules, its seats and its ledger",
)

RULING = object_schema(
    {
        "game": text_schema(40, "a game's slug", least=1),
        "question": text_schema(40, "a question's name", least=1),
        "players": whole_schema(1, MAX_SEATS, nullable=True),
        "input": {
            "type": "object",
            "maxProperties": MAX_DEAL_KEYS,
            "description": "the question's input (as the question's body in the API)",
        },
        "options": {"type": "object", "maxProperties": limits.KEYS, "description": "house rules"},
        "answer": {
            "type": "object",
            "description": "the answer as it was given; an import asks the question again",
        },
        "note": text_schema(limits.NOTE),
        "saved_by": text_schema(limits.USERNAME),
        "saved_at": {**WHEN, "type": ["string", "null"]},
        "dispute": {
            **object_schema(
                {"game": whole_schema(1, MAX_GAMES), "n": whole_schema(1, MAX_ENTRIES)},
                ["game", "n"],
                "the hand it was asked of: its game's number, and the dispute entry's n",
            ),
            "type": ["object", "null"],
        },
    },
    ["game", "question", "input"],
    "a ruling the dispute desk saved to the night: the question, its input and its reading",
)

NIGHT = object_schema(
    {
        "date": {
            "type": "string",
            "pattern": DATE_PATTERN,
            "format": "date",
            "description": "a date (YYYY-MM-DD, years 1900 to 2999)",
        },
        "place": text_schema(limits.PLACE),
        "notes": text_schema(limits.NOTES),
        "confirmations": {
            "type": "boolean",
            "description": "each hand waits for a player of another side to confirm it (the "
            "night's setting now: each game begun ends its ledger asking as the night does)",
        },
        "owner": text_schema(limits.USERNAME),
        "table": list_schema(text_schema(limits.NAME, "a name", least=1), MAX_TABLE, "names"),
        "games": list_schema(GAME, MAX_GAMES, "games"),
        "rulings": list_schema(RULING, limits.RULINGS, "rulings"),
    },
    ["date"],
    "a night: its date, place, notes, table, games and the rulings saved to it",
)

SCHEMA: dict[str, Any] = object_schema(
    {
        "format": {"const": FORMAT, "description": f"the text {FORMAT!r}"},
        "version": {"const": VERSION, "description": f"the number {VERSION}"},
        "exported_at": {**WHEN, "type": ["string", "null"]},
        "players": list_schema(text_schema(limits.NAME, "a name"), MAX_NIGHTS * MAX_TABLE, "names"),
        "nights": list_schema(NIGHT, MAX_NIGHTS, "nights", least=1),
    },
    ["format", "version", "nights"],
    f"A Scorekeeper export (version {VERSION}): what GET /api/v1/export/ answers and "
    f"POST /api/v1/import/ takes. One file holds at most {MAX_ENTRIES:,} ledger entries in all.",
    **{
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "Scorekeeper export",
    },
)


# Checking a document ------------------------------------------------------------------------


class Problem:
    """The first value of a file that does not fit the schema: where, and a sentence."""

    def __init__(self, path: str, message: str) -> None:
        self.path = path
        self.message = message

    def __repr__(self) -> str:
        return f"Problem({self.path!r}, {self.message!r})"


def _type_of(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    if isinstance(value, dict):
        return "object"
    return type(value).__name__


def _fits_format(value: str, fmt: str) -> bool:
    try:
        if fmt == "date":
            day = datetime.date.fromisoformat(value)
            return limits.FIRST_DAY <= day <= limits.LAST_DAY
        if fmt == "date-time":
            # Kept in UTC and exported so: 2999-12-31T23:59:59-14:00 would come back as
            # 3000-01-01T13:59:59+00:00, which no import takes.
            when = datetime.datetime.fromisoformat(value)
            return when.tzinfo is not None and limits.EARLIEST <= when <= limits.LATEST
        elif fmt == "uuid":
            uuid.UUID(value)
    except ValueError:
        return False
    return True


def _should(schema: dict[str, Any]) -> str:
    return f"should be {schema.get('description', 'something else')}"


def _problems(value: Any, schema: dict[str, Any], path: str) -> Iterator[Problem]:
    """The values under ``value`` that do not fit, in document order (the caller takes one)."""
    kind = _type_of(value)
    if "const" in schema and (value != schema["const"] or kind != _type_of(schema["const"])):
        yield Problem(path, _should(schema))
        return
    if "enum" in schema and value not in schema["enum"]:
        yield Problem(path, _should(schema))
        return
    types = schema.get("type")
    if types is not None:
        allowed = [types] if isinstance(types, str) else types
        if kind not in allowed and not (kind == "integer" and "number" in allowed):
            yield Problem(path, _should(schema))
            return
    if kind == "integer" and not (
        schema.get("minimum", value) <= value <= schema.get("maximum", value)
    ):
        yield Problem(path, _should(schema))
    elif kind == "string":
        if (
            not schema.get("minLength", 0) <= len(value) <= schema.get("maxLength", len(value))
            or ("pattern" in schema and not re.fullmatch(schema["pattern"], value))
            or ("format" in schema and not _fits_format(value, schema["format"]))
        ):
            yield Problem(path, _should(schema))
    elif kind == "array":
        if not schema.get("minItems", 0) <= len(value) <= schema.get("maxItems", len(value)):
            yield Problem(path, _should(schema))
            return
        items = schema.get("items")
        if items is not None:
            for index, item in enumerate(value):
                yield from _problems(item, items, f"{path}[{index}]")
    elif kind == "object":
        if len(value) > schema.get("maxProperties", len(value)):
            yield Problem(path, _should(schema))
            return
        properties = schema.get("properties", {})
        for key in schema.get("required", ()):
            if key not in value:
                yield Problem(_join(path, key), f"is missing: {_join(path, '')} needs {key!r}")
                return
        for key, item in value.items():
            where = _join(path, str(key))
            if key in properties:
                yield from _problems(item, properties[key], where)
            elif schema.get("additionalProperties", True) is False:
                known = ", ".join(properties)
                yield Problem(where, f"is not part of an export here (it takes {known})")
                return


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def problem_in(document: Any, schema: dict[str, Any]) -> Problem | None:
    """The first value of ``document`` that does not fit ``schema`` (one written with the
    keywords :data:`SCHEMA` uses), or ``None``: the club file's check of its own parts."""
    found = next(_problems(document, schema, ""), None)
    if found is not None:
        found.path = found.path or "top level"
    return found


def first_problem(document: Any) -> Problem | None:
    """The first value of ``document`` that does not fit :data:`SCHEMA`, or ``None``; then the
    whole file's count of ledger entries against :data:`MAX_ENTRIES`, and of rulings against
    :data:`MAX_RULINGS`.

    >>> first_problem({"format": FORMAT, "version": 1, "nights": [{"date": "2026-11-22"}]})
    >>> first_problem({"format": FORMAT, "version": 1, "nights": [{"date": 20261122}]})
    Problem('nights[0].date', 'should be a date (YYYY-MM-DD, years 1900 to 2999)')
    """
    found = problem_in(document, SCHEMA)
    if found is not None:
        return found
    entries = sum(
        len(game.get("entries", ()))
        for night in document["nights"]
        for game in night.get("games", ())
    )
    if entries > MAX_ENTRIES:
        return Problem(
            "nights",
            f"holds {entries:,} ledger entries; one import takes at most {MAX_ENTRIES:,} "
            "(import the nights in more than one file)",
        )
    rulings = sum(len(night.get("rulings", ())) for night in document["nights"])
    if rulings > MAX_RULINGS:
        return Problem(
            "nights",
            f"holds {rulings:,} rulings; one import takes at most {MAX_RULINGS:,} "
            "(import the nights in more than one file)",
        )
    return None


# What the API's export adds to say what each object is (scorekeeper.api.shapes): a deal's,
# a question's body's and an answer's component, a set of house rules' game. An import reads a
# file with them or without them (files exported before they were added).
OBJECT = "object"
GAME_KEY = "game"


def plain(document: Any) -> Any:
    """``document`` (checked by :func:`first_problem`) less what says what each object is: the
    ledger's data and a ruling's parts as the app keeps them. A ruling's input also loses the
    table size the export gives beside it (the ruling keeps it as ``players``)."""
    if not isinstance(document, dict):
        return document
    out = dict(document)
    out["nights"] = [_plain_night(night) for night in document.get("nights", ())]
    return out


def _without(value: Any, key: str) -> Any:
    if isinstance(value, dict):
        return {k: v for k, v in value.items() if k != key}
    return value


def _plain_night(night: Any) -> Any:
    if not isinstance(night, dict):
        return night
    out = dict(night)
    out["games"] = [_plain_game(game) for game in night.get("games", ())]
    out["rulings"] = [_plain_ruling(ruling) for ruling in night.get("rulings", ())]
    if "rulings" not in night:
        del out["rulings"]
    return out


def _plain_game(game: Any) -> Any:
    if not isinstance(game, dict):
        return game
    out = dict(game)
    if "options" in game:
        out["options"] = _without(game["options"], GAME_KEY)
    out["entries"] = [_plain_entry(entry) for entry in game.get("entries", ())]
    if "entries" not in game:
        del out["entries"]
    return out


def _plain_entry(entry: Any) -> Any:
    if not isinstance(entry, dict) or not isinstance(entry.get("data"), dict):
        return entry
    data = entry["data"]
    if entry.get("kind") in ("record", "amend"):
        return {**entry, "data": _without(data, OBJECT)}
    if entry.get("kind") == "dispute":
        plain_data = dict(data)
        for part in ("input", "answer"):
            if isinstance(data.get(part), dict):
                plain_data[part] = _plain_asked(data[part])
        if "options" in data:
            plain_data["options"] = _without(data["options"], GAME_KEY)
        return {**entry, "data": plain_data}
    return entry


def _plain_asked(part: dict[str, Any]) -> dict[str, Any]:
    """A question's input or answer less its ``object``, its house rules' ``game`` and an
    echoed deal's ``object``."""
    out: dict[str, Any] = _without(part, OBJECT)
    for key, strip in (("options", GAME_KEY), ("deal", OBJECT)):
        if isinstance(out.get(key), dict):
            out[key] = _without(out[key], strip)
    return out


def _plain_ruling(ruling: Any) -> Any:
    if not isinstance(ruling, dict):
        return ruling
    out = dict(ruling)
    for part in ("input", "answer"):
        if isinstance(ruling.get(part), dict):
            out[part] = _plain_asked(ruling[part])
    asked = out.get("input")
    if isinstance(asked, dict) and "players" in asked and asked["players"] == ruling.get("players"):
        out["input"] = _without(asked, "players")
    if "options" in ruling:
        out["options"] = _without(ruling["options"], GAME_KEY)
    return out


def openapi_schema(schema: dict[str, Any] | None = None) -> dict[str, Any]:
    """:data:`SCHEMA` (or another written like it: a club file's) in OpenAPI 3.0's dialect
    (no ``const``, no type lists, no ``$schema``), for the import's request body in the API's
    schema."""
    from adjudicator.records import openapi_schema as nullable

    def dialect(schema: Any) -> Any:
        if isinstance(schema, list):
            return [dialect(item) for item in schema]
        if not isinstance(schema, dict):
            return schema
        out = {key: dialect(value) for key, value in schema.items() if key != "$schema"}
        if "const" in out:
            value = out.pop("const")
            out |= {"enum": [value], "type": "integer" if isinstance(value, int) else "string"}
        return out

    converted: dict[str, Any] = nullable(dialect(SCHEMA if schema is None else schema))
    return converted
