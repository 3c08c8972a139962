"""The API's JSON parser: DRF's, stricter about what a body may hold.

Refused as it is read, each with a sentence (a 400 with the JSON error body, nothing written):

- nesting past :data:`MAX_DEPTH`. Python's ``json`` raises ``RecursionError`` (not
  ``ValueError``, which DRF turns into a 400) on about 100,000 nested brackets; anything nested
  less than that but deeper than the recursion limit could still blow up later, in code that
  walks the data. No request of ours nests more than a handful of levels.
- a key given twice in one object (``{"a": 1, "a": 2}``): ``json`` keeps the last silently, so
  the body would not mean what a reader of it sees.
- ``NaN``, ``Infinity`` and numbers too large for a float (``1e309`` reads as infinity):
  no count, score or id is any of them.
- a lone surrogate (``"\\udc00"``, half of a pair escaped alone) in any key or string: it is
  not text, and every page or answer that echoed it would fail to encode (a 500). Refused
  here, once, naming the field, so no view, engine or database ever sees one.

Whole numbers of any size up to Python's 4,300 digits are read, so that the field that cannot
take one is named in the refusal (ids are bounded in the serializers, counts and house rules by
the engine); a longer one is refused here, as Python refuses to read it.

A body longer than :data:`MAX_BODY` is refused before it is read (``too_big``): reading JSON
costs time in proportion to its length, and no question or deal the rules allow comes near it
(the largest, a six-handed Brus hand, is about 60 KB), so one request never costs more than a
few milliseconds of parsing. The import takes whole exports: its parser
(:class:`ImportJSONParser`) allows Django's upload limit instead.
"""

from __future__ import annotations

import codecs
import json
import math
import re
from collections.abc import Mapping
from typing import Any

from rest_framework import exceptions, parsers
from rest_framework.exceptions import ParseError
from rest_framework.parsers import get_encoding  # type: ignore[attr-defined]

# A deal record is four levels deep ({"deal": {"hands": [{"seat": 1}]}}); 32 leaves room.
MAX_DEPTH = 32

# Twice the largest body the rules allow (a six-handed Brus hand, about 60 KB).
MAX_BODY = 128 * 1024

TOO_DEEP = f"The JSON nests lists or objects more than {MAX_DEPTH} deep."


class BadJSON(ValueError):
    """A body that is JSON but not one we take; its message is the sentence sent back."""

    field: str | None = None


# A lone surrogate: what "\udc00" (or an unpaired "\ud83c") escaped in JSON decodes to. A pair
# escaped together ("\ud83c\udccf", the joker) is read as the one character it encodes.
_SURROGATE = re.compile("[\ud800-\udfff]")
# Text decoded strictly holds no surrogate, so one can come only from an escape: the walk
# below, linear but not free (a list of 40,000 strings), is needed only when the text has one.
_ESCAPED_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")


class BadText(BadJSON):
    """A key or a string that is not valid Unicode: a lone surrogate."""

    def __init__(self, path: tuple[str | int, ...], *, key: bool) -> None:
        self.field = _format(path) or None
        where = f" {self.field}" if self.field else " the body"
        what = f"A key of{where}" if key else f"The text of{where}"
        super().__init__(
            f"{what} is not valid Unicode: it holds a lone surrogate (a \\ud800-\\udfff "
            "escape without its pair). Send text as UTF-8."
        )


def check_text(data: Any) -> None:
    """Refuse (:class:`BadText`, naming the field) any key or string that holds a lone
    surrogate; in time proportional to the data, without recursion."""
    # Each item: a value, and its path as a chain (parent chain, key), joined only when named.
    stack: list[tuple[Any, Any]] = [(data, None)]
    while stack:
        value, chain = stack.pop()
        if isinstance(value, str):
            if _SURROGATE.search(value):
                raise BadText(_unchain(chain), key=False)
        elif isinstance(value, dict):
            items = list(value.items())
            for key, _ in items:
                if _SURROGATE.search(key):
                    raise BadText(_unchain(chain), key=True)
            stack.extend((item, (chain, key)) for key, item in reversed(items))
        elif isinstance(value, list):
            stack.extend((item, (chain, i)) for i, item in reversed(list(enumerate(value))))


def _unchain(chain: Any) -> tuple[str | int, ...]:
    path: list[str | int] = []
    while chain is not None:
        chain, step = chain
        path.append(step)
    return tuple(reversed(path))


def _format(path: tuple[str | int, ...]) -> str:
    """``("hands", 2, "cards")`` as ``hands[2].cards``, as every refusal names a field."""
    text = ""
    for step in path:
        text += f"[{step}]" if isinstance(step, int) else (f".{step}" if text else step)
    return text


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise BadJSON(f"The key {key!r} appears twice in one object: send each key once.")
        found[key] = value
    return found


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise BadJSON(f"The number {text[:40]} is too large: no count or score comes near it.")
    return value


def _constant(name: str) -> Any:
    raise BadJSON(f"{name} is not a number JSON allows: send a finite number.")


def loads(text: str) -> Any:
    """``json.loads`` with the refusals above (each a :class:`BadJSON`)."""
    data = json.loads(
        text,
        object_pairs_hook=_object,
        parse_float=_float,
        parse_constant=_constant,
    )
    if _ESCAPED_SURROGATE.search(text):  # the only way one gets in: walk only then
        check_text(data)
    return data


class BodyTooBig(exceptions.APIException):
    status_code = 400
    default_code = "too_big"


class BadBody(ParseError):
    """A body refused as it was read, naming the field at fault where there is one."""

    def __init__(self, detail: str, field: str | None = None) -> None:
        super().__init__(detail)
        self.field = field


class JSONParser(parsers.JSONParser):
    max_body: int | None = MAX_BODY

    def parse(
        self,
        stream: Any,
        media_type: str | None = None,
        parser_context: Mapping[str, Any] | None = None,
    ) -> Any:
        encoding = get_encoding(parser_context or {})
        raw = stream.read() if self.max_body is None else stream.read(self.max_body + 1)
        if self.max_body is not None and len(raw) > self.max_body:
            raise BodyTooBig(
                f"The body is too long: at most {self.max_body // 1024} KB, which is more than "
                "any question or deal the rules allow."
            )
        try:
            data = loads(codecs.decode(raw, encoding))
        except RecursionError:
            raise ParseError(TOO_DEEP) from None
        except BadJSON as exc:
            raise BadBody(str(exc), exc.field) from None
        except ValueError as exc:  # not JSON at all (UnicodeDecodeError is one too)
            raise ParseError(f"JSON parse error - {exc}") from None
        if depth(data) > MAX_DEPTH:
            raise ParseError(TOO_DEEP)
        return data


class ImportJSONParser(JSONParser):
    """A whole export (the import): as long as Django lets a request body be."""

    max_body = None


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
