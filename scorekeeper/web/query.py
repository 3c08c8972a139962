"""Query parameters are held to what bodies are: no NUL character, in a name or a value.

PostgreSQL refuses NUL in text, so one that reached a query (``?game=%00``) was a 500; in a
body, DRF's and Django's text fields already refuse it. Checked once here, before the poll's
fast path and every view, rather than in each view that reads a parameter: a 400 naming the
parameter, in the API's error body under /api/, in a sentence elsewhere.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

from scorekeeper.web.problems import problem_response

NUL = "\x00"


def nul_parameter(request: HttpRequest) -> str | None:
    """The first query parameter whose name or a value holds a NUL, or None."""
    for name, values in request.GET.lists():
        if NUL in name or any(NUL in value for value in values):
            return name
    return None


class QueryParametersMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        name = nul_parameter(request)
        if name is None:
            return self.get_response(request)
        problem = "Null characters are not allowed."  # DRF's words for the same in a body
        message = f"{name}: {problem}"
        if request.path_info.startswith("/api/"):
            body = {
                "code": "invalid",
                "message": message,
                "field": name,
                "errors": {name: [problem]},
            }
            return problem_response(body, 400)
        return HttpResponse(
            f"The address's parameter {message}\n",
            status=400,
            content_type="text/plain; charset=utf-8",
        )
