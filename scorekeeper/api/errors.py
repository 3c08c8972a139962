"""One exception handler for the whole API: every refusal is a 4xx with a code and a sentence
(a write that could not get the database's lock in time is left to scorekeeper.web.busy: a 503).

Body: problem details (RFC 9457, :mod:`scorekeeper.web.problems`): ``{"type", "title",
"status", "detail", "code": "impossible_count", "message": "…", "field": "hands[2].held", …}``,
always as application/problem+json, whatever renderer the view negotiated (the CSV export's
refusals too).

Errors that happen outside the API's views (a URL that matches nothing, a body too large for
Django, a crash) come through Django's ``handler404`` and friends, set in the root urls.py to
the functions at the end of this module: JSON in the same shape under /api/, Django's own
pages everywhere else.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.exceptions import PermissionDenied, RequestDataTooBig
from django.http import Http404, HttpRequest, HttpResponse
from django.urls import Resolver404, resolve
from django.utils.translation import gettext
from django.views import defaults
from django.views.decorators.csrf import csrf_exempt
from rest_framework import exceptions, renderers, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from adjudicator.errors import AdjudicationError
from scorekeeper.exceptions import ServiceError
from scorekeeper.languages.speaking import speak_json
from scorekeeper.web.problems import MEDIA_TYPE, problem, problem_response


class ProblemJSONRenderer(renderers.JSONRenderer):
    """JSON as ``application/problem+json``: what every refusal is (RFC 9457), and what a
    client may ask for beside ``application/json``."""

    media_type = MEDIA_TYPE


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    response = _refusal(exc, context)
    request = context.get("request")
    if response is not None:
        response.data = problem(response.data, response.status_code)
    if response is not None and request is not None:
        # The error body is problem details whatever renderer the view negotiated: a CSV
        # export's 404 or 401 would otherwise be the dict printed as text under text/csv. DRF
        # renders a Response with the request's renderer (finalize_response), so that is set.
        request.accepted_renderer = _PROBLEM
        request.accepted_media_type = MEDIA_TYPE
    return response


_PROBLEM = ProblemJSONRenderer()


def _refusal(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, RequestDataTooBig):
        return Response(_too_big(), status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, AdjudicationError):
        return Response(speak_json(exc.as_dict()), status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, ServiceError):
        return Response(exc.as_dict(), status=exc.status)
    if isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied(str(exc) or None)
    elif isinstance(exc, Http404):
        exc = exceptions.NotFound(str(exc) or None)
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.ValidationError):
        field, message = _first_error(exc.detail)
        response.data = {
            "code": "invalid",
            "message": message,
            "field": field,
            "errors": exc.detail,
        }
    elif isinstance(exc, exceptions.APIException):
        codes = exc.get_codes()
        response.data = {
            "code": codes if isinstance(codes, str) else "error",
            "message": str(exc.detail),
            # A body refused as it was read names its field where it can (parsers.BadBody).
            "field": getattr(exc, "field", None),
        }
    return response


def _first_error(detail: Any, path: str = "") -> tuple[str | None, str]:
    """The first (field path, sentence) in DRF's nested error structure."""
    if isinstance(detail, dict):
        for key, value in detail.items():
            if isinstance(key, int):  # a ListField's errors are keyed by index
                return _first_error(value, f"{path}[{key}]")
            sub = key if key != "non_field_errors" else ""
            return _first_error(value, f"{path}.{sub}".strip(".") if sub else path)
    if isinstance(detail, list) and detail:
        if all(isinstance(item, str) for item in detail):
            return (path or None), _sentence(path, str(detail[0]))
        for index, item in enumerate(detail):
            if item:
                return _first_error(item, f"{path}[{index}]")
    return (path or None), _sentence(path, str(detail))


def _sentence(field: str, message: str) -> str:
    return f"{field}: {message}" if field else message


def _too_big() -> dict[str, Any]:
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE or 0
    return {
        "code": "too_big",
        "message": f"The request is too large: the most the server takes is {limit / 2**20:.1f} MB.",
        "field": None,
    }


# Django's error handlers (handler400, handler403, handler404 and handler500 in urls.py) -------


def _is_api(request: HttpRequest) -> bool:
    return request.path_info.startswith("/api/")


def _error(status: int, code: str, message: str) -> HttpResponse:
    return problem_response({"code": code, "message": message, "field": None}, status)


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    if not _is_api(request):
        return defaults.bad_request(request, exception)
    return _error(400, "bad_request", "The server could not make sense of this request.")


def permission_denied(request: HttpRequest, exception: Exception) -> HttpResponse:
    if not _is_api(request):
        return defaults.permission_denied(request, exception)
    return _error(403, "permission_denied", "You do not have permission to do this.")


def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    if not _is_api(request):
        return defaults.page_not_found(request, exception)
    return no_such_address(request)


@csrf_exempt  # it writes nothing, and a POST to a wrong address must be told so, not refused
def no_such_address(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
    """Any address under /api/v1/ that matches nothing: the API's 404, in JSON, whatever DEBUG
    says (the last of the API's routes; with DEBUG on, Django would answer its own HTML page).
    An address that lacks only its closing slash is told so: the API does not redirect."""
    try:
        found = None if request.path_info.endswith("/") else resolve(request.path_info + "/")
    except Resolver404:
        found = None
    if found is None or found.func is no_such_address:
        return _error(
            404,
            "not_found",
            gettext("There is nothing at this address; /api/v1/docs/ lists what there is."),
        )
    return _error(
        404,
        "not_found",
        gettext("There is nothing at this address: its path ends with a slash (%(path)s/).")
        % {"path": request.path_info},
    )


def server_error(request: HttpRequest) -> HttpResponse:
    if not _is_api(request):
        return defaults.server_error(request)
    return _error(
        500, "server_error", "Something went wrong on the server; the error has been logged."
    )
