"""How much the app keeps, in one place: what a person may write (the pages, the API, the
services) and what an import takes are held to the same limits, so every export the app writes
imports again (issue 26: a night dated 0877, notes of 20,000 characters or 151 games were
accepted, then refused by the import).

Per value and per night the app refuses what the import refuses. One import file (one request)
has caps of its own, on how much it replays at once: they are at least a night's, so every
night fits in one file, and an export of more is written in parts (``transfer.exporting``).
"""

from __future__ import annotations

import datetime

# A night's date, and every time kept (an entry recorded, a ruling saved) in UTC: the years a
# date and time can be taken to UTC and back from without overflow, with any offset.
FIRST_DAY = datetime.date(1900, 1, 1)
LAST_DAY = datetime.date(2999, 12, 31)
EARLIEST = datetime.datetime(1900, 1, 1, tzinfo=datetime.UTC)
LATEST = datetime.datetime(2999, 12, 31, 23, 59, 59, 999_999, tzinfo=datetime.UTC)
# Those years as a published schema says them (a JSON Schema has no range for dates); a test
# holds the pattern to FIRST_DAY and LAST_DAY.
YEARS_PATTERN = r"(19\d\d|2\d\d\d)"
DATE_PATTERN = rf"^{YEARS_PATTERN}-\d\d-\d\d$"

# Text, in characters.
PLACE = 100  # a night's place
NOTES = 10_000  # a night's notes
NAME = 40  # a player's name
CLUB_NAME = 80  # a club's name
SEASON_NAME = 60  # a season's name
NOTE = 200  # an entry's or a ruling's note
USERNAME = 150  # an account's name (Django's own most)

# A night, and its games.
SEATS = 16  # seats at one game (at least the engine's largest table: a test holds it)
TABLE = 100  # players at a night's table
GAMES = 100  # games in a night, numbered 1 to GAMES
RULINGS = 200  # rulings saved to a night
ENTRIES = 10_000  # ledger entries of a night, all its games together
KEYS = 64  # keys of a deal's record, a question's input, a game's house rules

# One import file: each is replayed (every entry read by its game's rules, every ruling asked
# again) within one request.
FILE_NIGHTS = 1_000
FILE_ENTRIES = ENTRIES
FILE_RULINGS = RULINGS


def date_problem(day: datetime.date) -> str | None:
    """Why a night cannot be on ``day``, or ``None``: the one sentence the pages, the API and
    the services say.

    >>> date_problem(datetime.date(877, 6, 14))
    "A night's date is from 1900-01-01 to 2999-12-31, not 0877-06-14."
    >>> date_problem(datetime.date(2026, 11, 22)) is None
    True
    """
    if FIRST_DAY <= day <= LAST_DAY:
        return None
    return f"A night's date is from {FIRST_DAY} to {LAST_DAY}, not {day.isoformat()}."
