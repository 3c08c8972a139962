"""Lists a page at a time: ``?limit=`` and an opaque ``?cursor=``, the next page in a ``Link``
header (``rel="next"``), as GitHub's API does; the body stays the list it always was.

The cursor is the sort key of the last item sent (keyset paging): a page asked for later starts
right after that item, whatever was added or removed before it meanwhile, and costs one indexed
query however deep it is. Without ``limit`` a list sends its first :data:`DEFAULT` items.

>>> _encoded(["2026-11-28", 7]) == _encoded(_decoded(_encoded(["2026-11-28", 7])))
True
"""

from __future__ import annotations

import base64
import datetime
import json
from collections.abc import Sequence
from typing import Any

from django.core.exceptions import ValidationError
from django.db.models import Q, QuerySet
from django.utils.translation import gettext
from drf_spectacular.utils import OpenApiParameter
from rest_framework.request import Request
from rest_framework.response import Response

from scorekeeper.exceptions import InvalidInput

DEFAULT = 100
MOST = 500

PARAMETERS = [
    OpenApiParameter(
        "limit",
        int,
        description=f"How many items a page holds: 1 to {MOST} ({DEFAULT} when left out). The "
        'next page is in the `Link` header (`rel="next"`), none after the last.',
    ),
    OpenApiParameter(
        "cursor",
        str,
        description="Where a page starts: the cursor the previous page's `Link` header gives "
        "(opaque; leave it out for the first page).",
    ),
]


def page(
    request: Request, items: QuerySet[Any], ordering: Sequence[str], serializer: Any
) -> Response:
    """``items`` in ``ordering`` (field names, ``-`` for descending, the last unique), a page at
    a time, each item said by ``serializer``."""
    limit = _limit(request)
    ordered = items.order_by(*ordering)
    cursor = request.query_params.get("cursor")
    try:
        if cursor:
            ordered = ordered.filter(_after(ordering, _decoded(cursor, len(ordering))))
        found = list(ordered[: limit + 1])
    except (ValueError, TypeError, OverflowError, ValidationError):
        # A cursor made by hand: values of the wrong kind for the fields it stands on.
        raise _not_a_cursor() from None
    shown = found[:limit]
    response = Response(serializer(shown, many=True).data)
    if len(found) > limit:
        last = [_key(getattr(shown[-1], field.lstrip("-"))) for field in ordering]
        query = request.query_params.copy()
        query["cursor"] = _encoded(last)
        query["limit"] = str(limit)
        url = request.build_absolute_uri(f"{request.path}?{query.urlencode()}")
        response["Link"] = f'<{url}>; rel="next"'
    return response


def _limit(request: Request) -> int:
    text = request.query_params.get("limit")
    if text is None:
        return DEFAULT
    if not (text.isascii() and text.isdecimal() and 1 <= int(text) <= MOST):
        raise InvalidInput(
            gettext("limit is a whole number from 1 to %(most)d.") % {"most": MOST},
            field="limit",
        )
    return int(text)


def _after(ordering: Sequence[str], values: Sequence[Any]) -> Q:
    """The items after the one whose sort key is ``values``."""
    after = Q()
    for index, field in enumerate(ordering):
        name = field.lstrip("-")
        step = Q(**{f"{name}__{'lt' if field.startswith('-') else 'gt'}": values[index]})
        for earlier, value in zip(ordering[:index], values[:index], strict=True):
            step &= Q(**{earlier.lstrip("-"): value})
        after |= step
    return after


def _key(value: Any) -> Any:
    return value.isoformat() if isinstance(value, datetime.date | datetime.datetime) else value


def _encoded(values: Sequence[Any]) -> str:
    return base64.urlsafe_b64encode(json.dumps(list(values)).encode()).decode().rstrip("=")


def _decoded(cursor: str, size: int = 0) -> list[Any]:
    try:
        padded = cursor + "=" * (-len(cursor) % 4)
        values = json.loads(base64.urlsafe_b64decode(padded.encode("ascii")))
    except (ValueError, UnicodeError):
        values = None
    if (
        not isinstance(values, list)
        or (size and len(values) != size)
        or not all(isinstance(v, str | int) and not isinstance(v, bool) for v in values)
        or len(cursor) > 500
    ):
        raise _not_a_cursor()
    return values


def _not_a_cursor() -> InvalidInput:
    return InvalidInput(
        gettext("cursor is not one this API gave: start again from the first page."),
        field="cursor",
    )
