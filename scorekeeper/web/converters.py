"""URL converters: ``<id:pk>`` for every row id in a URL.

Django's ``<int:...>`` matches any run of digits, and SQLite raises ``OverflowError`` (a 500)
for an integer past 2**63 - 1 in a query. ``<id:...>`` matches only ids a row can have, so
``/games/99999999999999999999/`` is simply a page that does not exist (404).

Importing this module registers the converter (once: Python imports a module once, and
Django refuses a second registration under the same name).
"""

from __future__ import annotations

from django.urls import register_converter

# The largest id a row can have: ids are BigAutoField, a signed 64-bit integer.
MAX_ID = 2**63 - 1


class IdConverter:
    # [0-9], not \d: \d also matches other scripts' digits, which int() reads.
    regex = "[0-9]{1,19}"

    def to_python(self, value: str) -> int:
        number = int(value)
        if number > MAX_ID:
            raise ValueError(f"{value} is larger than any id")  # Django: no match, so a 404
        return number

    def to_url(self, value: int) -> str:
        if not 0 <= int(value) <= MAX_ID:
            raise ValueError(f"{value!r} is not an id")  # Django: NoReverseMatch
        return str(int(value))


register_converter(IdConverter, "id")
