"""A request body sent in chunks (``Transfer-Encoding: chunked``, no ``Content-Length``): read,
or refused with 411 Length Required, never read as empty.

Django reads a body up to its ``Content-Length``, and a chunked body has none, so it read every
one as empty: a deal, an import or a sign-in sent that way was answered as if nothing had been
sent (issue 26). gunicorn undoes the chunking and says so (``wsgi.input_terminated``): the body
is read here, up to the most the app takes in memory (``DATA_UPLOAD_MAX_MEMORY_SIZE``), and
given its length. A larger one, or one from a server that passes the chunks on as they came
(Django's development server), cannot be read as the body: 411, saying to send its length.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Iterable
from typing import Any

from django.conf import settings

from scorekeeper.web.problems import MEDIA_TYPE, problem

type StartResponse = Callable[..., Any]
type WSGIApp = Callable[[dict[str, Any], StartResponse], Iterable[bytes]]

# Django's own default, where the setting is None (no limit): a chunked body is read into
# memory whole, so it is never read without one.
DEFAULT_MOST = 2_621_440


def chunked(environ: dict[str, Any]) -> bool:
    """Whether the request's body comes in chunks, with no length given."""
    encoding = str(environ.get("HTTP_TRANSFER_ENCODING", "")).lower()
    return "chunked" in encoding and not environ.get("CONTENT_LENGTH")


class ChunkedBodies:
    """WSGI middleware: a chunked body read and given its length, or a 411 (module docstring)."""

    def __init__(self, app: WSGIApp) -> None:
        self.app = app

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        if chunked(environ):
            most = settings.DATA_UPLOAD_MAX_MEMORY_SIZE or DEFAULT_MOST
            if not environ.get("wsgi.input_terminated"):
                return _length_required(
                    environ, start_response, "This server cannot read a body sent in chunks."
                )
            body = environ["wsgi.input"].read(most + 1)
            if len(body) > most:
                return _length_required(
                    environ,
                    start_response,
                    f"A body sent in chunks is read only up to {most / 2**20:.1f} MB.",
                )
            environ["wsgi.input"] = io.BytesIO(body)
            environ["CONTENT_LENGTH"] = str(len(body))
        return self.app(environ, start_response)


def _length_required(
    environ: dict[str, Any], start_response: StartResponse, why: str
) -> list[bytes]:
    message = f"{why} Send it with a Content-Length header."
    if str(environ.get("PATH_INFO", "")).startswith("/api/"):
        body = json.dumps(
            problem({"code": "length_required", "message": message, "field": None}, 411)
        )
        kind = MEDIA_TYPE
    else:
        body, kind = message, "text/plain; charset=utf-8"
    data = body.encode()
    start_response(
        "411 Length Required", [("Content-Type", kind), ("Content-Length", str(len(data)))]
    )
    return [data]
