"""``Idempotency-Key`` on the API's writes: the same request sent again is answered the same,
and writes nothing the second time.

A phone or a script that sent a write and lost the answer cannot know whether it was made.
Sent again with the same key, the write is not made twice: the first answer comes back, with
``Idempotent-Replayed: true``. Sent at the same moment (a double tap, a retry racing the
first), the second waits for the first and is then answered as a replay, on SQLite and on
PostgreSQL alike: the key is claimed in the write's own transaction, and a second claim waits
on it.

- The key is the client's (255 visible characters at most), one per write it means; kept for
  the person who sent it, a day (:data:`KEPT`).
- A key sent again with another request (method, path or body) is refused:
  422 ``idempotency_key_reused``.
- Only a write that succeeded (2xx) is kept: a refusal writes nothing, and the request sent
  again is asked again.
- Without a key, or signed out (the adjudicator's questions write nothing), a request is
  answered as it always is.

Every POST view takes it through :func:`scorekeeper.api.decorators.api_view`.
"""

from __future__ import annotations

import datetime
import functools
import hashlib
import json
from typing import Any

from django.db import IntegrityError, transaction
from django.http import HttpResponse
from django.utils import timezone
from django.utils.translation import gettext
from drf_spectacular.utils import OpenApiParameter
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.utils.encoders import JSONEncoder

from scorekeeper.api.conditional import View
from scorekeeper.exceptions import ServiceError
from scorekeeper.models import IdempotentAnswer

HEADER = "Idempotency-Key"
REPLAYED = "Idempotent-Replayed"
KEPT = datetime.timedelta(days=1)
LONGEST_KEY = 255


KEY_PARAMETER = OpenApiParameter(
    HEADER,
    str,
    OpenApiParameter.HEADER,
    description="A key of the client's own (1 to 255 visible characters), new for each write: "
    "the same request sent again with it (a retry after a lost answer) is answered as the "
    "first was, with `Idempotent-Replayed: true`, and writes nothing. Kept a day. The key "
    "sent with another request: 422 `idempotency_key_reused`.",
)


class KeyReused(ServiceError):
    code = "idempotency_key_reused"
    status = 422


def once_per_key(view: View) -> View:
    """``view`` with its POSTs answered once per key (see the module's description)."""

    @functools.wraps(view)
    def answer(request: Request, *args: Any, **kwargs: Any) -> HttpResponse:
        key = request.headers.get(HEADER)
        if key is None or request.method != "POST" or not request.user.is_authenticated:
            return view(request, *args, **kwargs)
        if not (0 < len(key) <= LONGEST_KEY and key.isascii() and key.isprintable()):
            raise ServiceError(
                gettext("An Idempotency-Key is 1 to %(most)d visible characters.")
                % {"most": LONGEST_KEY},
                field=HEADER,
            )
        asked = _digest(request)
        with transaction.atomic():
            IdempotentAnswer.objects.filter(
                user=request.user, created_at__lt=timezone.now() - KEPT
            ).delete()  # forgotten: such a key may be used again
            try:
                with transaction.atomic():
                    # Claimed in this write's transaction: the same key sent meanwhile waits
                    # here until this one is answered (or rolled back, and then runs itself).
                    IdempotentAnswer.objects.create(user=request.user, key=key, request=asked)
            except IntegrityError:
                return _replay(IdempotentAnswer.objects.get(user=request.user, key=key), asked)
            response = view(request, *args, **kwargs)
            kept = IdempotentAnswer.objects.filter(user=request.user, key=key)
            if 200 <= response.status_code < 300 and isinstance(response, Response):
                kept.update(
                    status=response.status_code,
                    body=json.loads(json.dumps(response.data, cls=JSONEncoder)),
                    location=response.get("Location", ""),
                )
            else:
                # Nothing written (or nothing to keep): the same request sent again is asked
                # again.
                kept.delete()
        return response

    return answer


def _digest(request: Request) -> str:
    """What was asked, digested: the method, the path and the body as parsed."""
    body = json.dumps(request.data, sort_keys=True, cls=JSONEncoder, default=_upload)
    return hashlib.sha256(f"{request.method} {request.path}\n{body}".encode()).hexdigest()


def _upload(value: Any) -> str:
    """A file sent in a form (an import), by its content."""
    if hasattr(value, "chunks"):
        digest = hashlib.sha256()
        for chunk in value.chunks():
            digest.update(chunk)
        value.seek(0)
        return digest.hexdigest()
    raise TypeError(f"{type(value).__name__} in a request body")


def _replay(earlier: IdempotentAnswer, asked: str) -> Response:
    if earlier.request != asked:
        raise KeyReused(
            gettext(
                "This Idempotency-Key was sent with another request: use a new key for each write."
            ),
            field=HEADER,
        )
    headers = {REPLAYED: "true"}
    if earlier.location:
        headers["Location"] = earlier.location
    return Response(earlier.body, status=earlier.status, headers=headers)
