"""One exception handler for the whole API: every refusal is a 4xx with a code and a sentence.

Body: ``{"code": "impossible_count", "message": "…", "field": "hands[2].held", …}``.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.http import Http404
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from adjudicator.errors import AdjudicationError
from scorekeeper.exceptions import ServiceError


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, AdjudicationError):
        return Response(exc.as_dict(), status=status.HTTP_400_BAD_REQUEST)
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
            "field": None,
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
