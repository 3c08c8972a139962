"""The API's JSON parser: DRF's, refusing bodies nested too deeply to be a real request.

Python's ``json`` raises ``RecursionError`` (not ``ValueError``, which DRF turns into a 400) on
about 100,000 nested brackets; anything nested less than that but deeper than the recursion
limit could still blow up later, in code that walks the data. No request of ours nests more
than a handful of levels, so anything past :data:`MAX_DEPTH` is refused as it is read.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rest_framework import parsers
from rest_framework.exceptions import ParseError

# A deal record is four levels deep ({"deal": {"hands": [{"seat": 1}]}}); 32 leaves room.
MAX_DEPTH = 32

TOO_DEEP = f"The JSON nests lists or objects more than {MAX_DEPTH} deep."


class JSONParser(parsers.JSONParser):
    def parse(
        self,
        stream: Any,
        media_type: str | None = None,
        parser_context: Mapping[str, Any] | None = None,
    ) -> Any:
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError(TOO_DEEP) from None
        if depth(data) > MAX_DEPTH:
            raise ParseError(TOO_DEEP)
        return data


def depth(data: Any) -> int:
    """How many lists and objects deep ``data`` goes (``{"a": [1]}`` is 2), without recursion."""
    deepest = 0
    stack = [(data, 1)]
    while stack:
        value, level = stack.pop()
        if isinstance(value, dict):
            children: Any = value.values()
        elif isinstance(value, list):
            children = value
        else:
            continue
        deepest = max(deepest, level)
        stack.extend((c, level + 1) for c in children if isinstance(c, (dict, list)))
    return deepest
