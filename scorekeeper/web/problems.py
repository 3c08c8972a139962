"""The API's error body as RFC 9457 problem details (``application/problem+json``).

Every refusal under /api/ says what went wrong in the members RFC 9457 names, ``type``
(``about:blank``: the status says it all, and ``code`` says which), ``title`` (the status's
phrase), ``status`` and ``detail`` (the sentence), and keeps the API's own as extensions:
``code``, ``message`` (the same sentence, as the API always sent it), ``field``, and a rule
refusal's ``seats``, ``cards`` and ``problems``.

>>> problem({"code": "busy", "message": "Try again.", "field": None}, 503)["title"]
'Service Unavailable'
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from http import HTTPStatus
from typing import Any

from django.http import HttpResponse

MEDIA_TYPE = "application/problem+json"


def problem(body: Mapping[str, Any], status: int) -> dict[str, Any]:
    """``body`` (``code``, ``message``, ``field``…) as problem details of ``status``."""
    return {
        "type": "about:blank",
        "title": HTTPStatus(status).phrase,
        "status": status,
        "detail": body.get("message", ""),
        **body,
    }


def problem_response(body: Mapping[str, Any], status: int) -> HttpResponse:
    """A response of problem details, for the API's refusals made outside its views."""
    return HttpResponse(json.dumps(problem(body, status)), status=status, content_type=MEDIA_TYPE)
