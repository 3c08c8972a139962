"""A club's export as a JSON Schema: the club (its name, its roster and who is merged into
whom, its seasons, its members as account names with their roles), and its nights as a
night's export writes them (:mod:`scorekeeper.transfer.export_format`, unchanged: a club
file's ``export`` is a night export, which ``POST /api/v1/import/`` takes as it is).

The schema is published (``/api/v1/club-export-schema.json``; the API's ``ClubExport``), and
an import checks a file against this same dict before anything else, as a night's import
does. A file holds at most one import's worth of nights, entries and rulings
(``scorekeeper.limits``' ``FILE_*``): the night export's own caps.

Players are numbered in the file (``id``, from 1): a merge names the two by those numbers,
never by a database id, so a file depends on nothing of the site it came from. A night's seats
name players by name, as a night's export does; where two players of the roster share a name
(one merged into the other), each of them lists the seats that are theirs (``seats``).

Members are account names and roles, nothing else: no e-mail, no password, no token. An import
adds none of them to the new club; it says which of them have an account here, to invite.
"""

from __future__ import annotations

from typing import Any

from scorekeeper import limits
from scorekeeper.models import Membership
from scorekeeper.transfer import export_format
from scorekeeper.transfer.export_format import (
    list_schema,
    object_schema,
    text_schema,
    whole_schema,
)

FORMAT = "scorekeeper-club"
VERSION = 1

# One file's caps beyond the nights' own: a roster of every player the file's nights could
# seat, and as many seasons and members as a club of many years holds.
MAX_PLAYERS = limits.FILE_NIGHTS * limits.TABLE
MAX_SEATS_LISTED = limits.FILE_ENTRIES  # seats named for one player (a shared name)
MAX_MERGES = MAX_PLAYERS
MAX_SEASONS = 1_000
MAX_MEMBERS = 1_000

DAY = {
    "type": "string",
    "pattern": export_format.DATE_PATTERN,
    "format": "date",
    "description": "a date (YYYY-MM-DD, years 1900 to 2999)",
}
WHEN_OR_NULL = {**export_format.WHEN, "type": ["string", "null"]}
PLAYER_ID = whole_schema(1, MAX_PLAYERS)

SEAT = object_schema(
    {
        "night": whole_schema(0, limits.FILE_NIGHTS - 1),
        "game": whole_schema(1, limits.GAMES),
        "position": whole_schema(0, limits.SEATS - 1),
    },
    ["night", "game", "position"],
    "a seat of one of the file's nights: the night's place in export.nights (from 0), the "
    "game's number in it, the seat's position",
)

PLAYER = object_schema(
    {
        "id": PLAYER_ID,
        "name": text_schema(limits.NAME, "a name", least=1),
        "same_as": {**whole_schema(1, MAX_PLAYERS, nullable=True)},
        "seats": list_schema(SEAT, MAX_SEATS_LISTED, "seats"),
    },
    ["id", "name"],
    "a player of the club's roster: its number in this file, its name, the player it was "
    "merged into (null: on the roster), and, where another player of the file has its name, "
    "the seats that are its own",
)

MERGE = object_schema(
    {
        "merged": PLAYER_ID,
        "into": PLAYER_ID,
        "at": WHEN_OR_NULL,
        "undone_at": WHEN_OR_NULL,
        "renamed": text_schema(limits.NAME),
    },
    ["merged", "into"],
    "one merge of the roster's log, by the players' numbers: when, and when it was undone "
    "(renamed: the name the merged player took back, when their own was taken)",
)

SEASON = object_schema(
    {
        "name": text_schema(limits.SEASON_NAME, "a name", least=1),
        "starts": DAY,
        "ends": DAY,
    },
    ["name", "starts", "ends"],
    "a season: its name, its first and its last day",
)

MEMBER = object_schema(
    {
        "name": text_schema(limits.USERNAME, "an account's name", least=1),
        "role": {
            "type": "string",
            "enum": list(Membership.Role.values),
            "description": "organiser, recorder or member",
        },
    },
    ["name", "role"],
    "a member: the account's name and role (no e-mail, no secret)",
)

# The night export's schema as it is published, less what only a document's root says; and a
# club may have no night yet (a night's export always holds one), so its file may hold none.
NIGHTS = {
    key: value for key, value in export_format.SCHEMA.items() if key not in ("$schema", "title")
}
NIGHTS["properties"] = {
    **NIGHTS["properties"],
    "nights": export_format.list_schema(export_format.NIGHT, export_format.MAX_NIGHTS, "nights"),
}

SCHEMA: dict[str, Any] = object_schema(
    {
        "format": {"const": FORMAT, "description": f"the text {FORMAT!r}"},
        "version": {"const": VERSION, "description": f"the number {VERSION}"},
        "exported_at": WHEN_OR_NULL,
        "name": text_schema(limits.CLUB_NAME, "the club's name", least=1),
        "members": list_schema(MEMBER, MAX_MEMBERS, "members"),
        "players": list_schema(PLAYER, MAX_PLAYERS, "players"),
        "merges": list_schema(MERGE, MAX_MERGES, "merges"),
        "seasons": list_schema(SEASON, MAX_SEASONS, "seasons"),
        "export": NIGHTS,
    },
    ["format", "version", "name", "export"],
    f"A Scorekeeper club (version {VERSION}): what GET /api/v1/clubs/{{id}}/export/ answers "
    "and POST /api/v1/clubs/import/ takes. Its export is the club's nights as a night's export "
    "writes them, with that export's caps.",
    **{
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "Scorekeeper club",
    },
)


def first_problem(document: Any) -> export_format.Problem | None:
    """The first value of ``document`` that does not fit :data:`SCHEMA`, or ``None``; then the
    nights' own caps (:func:`export_format.first_problem`), said at ``export``.

    >>> first_problem({"format": FORMAT, "version": 1, "name": "Thursdays", "export": {
    ...     "format": "scorekeeper-export", "version": 1, "nights": [{"date": "2026-11-26"}]}})
    >>> first_problem({"format": FORMAT, "version": 1, "name": "", "export": {}})
    Problem('name', "should be the club's name of at most 80 characters, without NUL")
    """
    found = export_format.problem_in(document, SCHEMA)
    if found is not None or not document["export"]["nights"]:
        return found
    nights = export_format.first_problem(document["export"])
    if nights is not None:
        nights.path = f"export.{nights.path}"
    return nights


def openapi_schema() -> dict[str, Any]:
    """:data:`SCHEMA` in OpenAPI 3.0's dialect. Its nights are the night export's JSON Schema
    as published (a ledger entry's data an object of bounded keys), not the API's ``Export``
    with a member per game for each deal, house rules and question: a body made from that
    whole (a fuzzer's, schemathesis) takes longer than a run of the API's checks allows."""
    return export_format.openapi_schema(SCHEMA)
