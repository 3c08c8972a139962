"""A write that waited for the database's lock past its timeout: 503 with ``Retry-After``.

On SQLite one writer holds the write lock at a time, and the others wait up to the connection's
``timeout`` (settings.py) and then fail with "database is locked"; on PostgreSQL a row lock
waited on past ``lock_timeout`` fails with SQLSTATE 55P03, and a deadlock or a serialization
failure also asks for the transaction to be tried again. None of them is the request's fault
nor a bug: the answer says "try again in a moment", never 500. Nothing was written (the
transaction was rolled back whole).

The API answers with its JSON error body (code ``busy``), the pages with a short page.
"""

from __future__ import annotations

from collections.abc import Callable

from django.db import OperationalError
from django.http import HttpRequest, HttpResponse
from django.utils.html import escape

from scorekeeper.web.problems import problem_response

# Seconds to wait before trying again: a little more than the longest hold of the lock that
# bench/import_size.py measured (an import of 5,000 deals).
RETRY_AFTER = 5

MESSAGE = "The server is busy with another write; nothing was saved. Try again in a few seconds."

# PostgreSQL: lock_not_available (lock_timeout), deadlock_detected, serialization_failure.
_RETRYABLE_SQLSTATES = {"55P03", "40P01", "40001"}
_SQLITE_BUSY = ("database is locked", "database table is locked")


def is_busy(exc: BaseException) -> bool:
    """Whether ``exc`` is a write that could not get its lock in time (worth trying again)."""
    if not isinstance(exc, OperationalError):
        return False
    if getattr(exc.__cause__, "sqlstate", None) in _RETRYABLE_SQLSTATES:
        return True
    return any(text in str(exc) for text in _SQLITE_BUSY)


def body() -> dict[str, str | None]:
    """The API's error body for it."""
    return {"code": "busy", "message": MESSAGE, "field": None}


def page() -> HttpResponse:
    response = HttpResponse(
        "<!doctype html><html lang=en><meta charset=utf-8>"
        "<meta name=viewport content='width=device-width, initial-scale=1'>"
        f"<title>Busy: try again</title><h1>Busy: try again</h1><p>{escape(MESSAGE)}</p>"
        "<p>Go back and send it again.</p>",
        status=503,
    )
    response["Retry-After"] = str(RETRY_AFTER)
    return response


class BusyMiddleware:
    """Turns a view's lock timeout into a 503 with ``Retry-After``, for the pages and the API
    alike (the API's exception handler passes the error on, as it does any it does not know)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not is_busy(exception):
            return None
        if request.path_info.startswith("/api/"):
            response: HttpResponse = problem_response(body(), 503)
            response["Retry-After"] = str(RETRY_AFTER)
            return response
        return page()
