"""Conditional requests: an ``ETag`` on what the API answers to a GET, ``If-None-Match``
answered ``304 Not Modified``, and ``If-Match`` naming the revision a change is made against.

- **Reads.** Every JSON answer to a GET carries a weak ``ETag``: a digest of what it says and
  the language it says it in. Sent back as ``If-None-Match``, the same answer is a ``304`` with
  no body: a script polling the standings pays for a change only.
- **Changes.** An amend, a void or a confirmation is made against a deal's revision (its latest
  entry's id, ``deals[].revision`` in the standings). Sent as ``If-Match: "<revision>"`` in
  place of the body's ``revision``, a deal changed meanwhile is ``412 Precondition Failed``
  (code ``precondition_failed``), as HTTP says; the body's ``revision`` still answers ``409``.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from django.http import HttpResponse
from django.utils import translation
from django.utils.translation import gettext
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.utils.encoders import JSONEncoder

from scorekeeper.exceptions import Conflict, InvalidInput, ServiceError

type View = Callable[..., HttpResponse]

IF_MATCH = OpenApiParameter(
    "If-Match",
    str,
    OpenApiParameter.HEADER,
    description='The deal\'s revision, quoted (`"1042"`: `deals[].revision` in the '
    "standings), in place of the body's `revision`: a deal changed since is 412.",
)


class PreconditionFailed(ServiceError):
    code = "precondition_failed"
    status = 412


PRECONDITION_FAILED = OpenApiResponse(
    {"$ref": "#/components/schemas/ErrorOut"},
    description="precondition_failed: the deal changed since the revision sent as If-Match.",
)


def etag(data: Any) -> str:
    """The weak ETag of an answer's data, in the language spoken now."""
    said = json.dumps(data, sort_keys=True, cls=JSONEncoder, separators=(",", ":"))
    digest = hashlib.sha256(f"{translation.get_language()}\n{said}".encode()).hexdigest()
    return f'W/"{digest[:32]}"'


def _matches(header: str, tag: str) -> bool:
    """``If-None-Match``'s weak comparison: any of the tags sent, or ``*``."""
    opaque = tag.removeprefix("W/")
    sent = [part.strip() for part in header.split(",")]
    return "*" in sent or any(part.removeprefix("W/") == opaque for part in sent)


def not_modified_or_tagged(view: View) -> View:
    """``view`` with its GET answers tagged, and answered ``304`` where the client holds them."""

    @functools.wraps(view)
    def answer(request: Request, *args: Any, **kwargs: Any) -> HttpResponse:
        response = view(request, *args, **kwargs)
        if (
            request.method not in ("GET", "HEAD")
            or response.status_code != 200
            or not isinstance(response, Response)
            or response.data is None
        ):
            return response
        tag = etag(response.data)
        held = request.headers.get("If-None-Match")
        if held is not None and _matches(held, tag):
            return Response(status=304, headers={"ETag": tag})
        response["ETag"] = tag
        return response

    return answer


def revision_from_if_match(request: Request) -> Any:
    """The body, with its ``revision`` from ``If-Match`` where the header names one."""
    body = request.data
    header = request.headers.get("If-Match")
    if header is None or not isinstance(body, Mapping):
        return body
    text = header.strip().removeprefix("W/").strip('"')
    if not (text.isdecimal() and len(text) < 20):
        raise InvalidInput(
            gettext('If-Match names a deal\'s revision: its entry id, quoted ("1042").'),
            field="If-Match",
        )
    revision = int(text)
    if "revision" in body and body["revision"] != revision:
        raise InvalidInput(
            gettext("If-Match and revision name different revisions: send one."),
            field="revision",
        )
    return {**body, "revision": revision}


@contextmanager
def if_match(request: Request) -> Iterator[None]:
    """A change made against ``If-Match``'s revision: the deal changed since is a 412."""
    try:
        yield
    except Conflict as err:
        if "If-Match" not in request.headers or err.code != Conflict.code:
            raise
        raise PreconditionFailed(err.message, field="If-Match") from err
