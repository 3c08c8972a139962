"""Which language a request speaks.

A page speaks, in order: the language chosen on this device (Django's language cookie), the one
a signed-in person chose on another (kept in their session from their account when they sign
in), the phone's own (``Accept-Language``), English. The API speaks only what the request asks
(``Accept-Language``, else English), so an integrator's script reads the same text whoever is
signed in; every answer says which (``Content-Language``).
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from django.conf import settings
from django.http import HttpRequest
from django.middleware.locale import LocaleMiddleware
from django.utils import translation

# Where a signed-in person's language waits in their session (put there as they sign in).
SESSION_KEY = "language"
API_PREFIX = "/api/"


def supported(code: Any) -> str | None:
    """``code`` as one of the languages offered, or ``None``."""
    if not isinstance(code, str) or not code:
        return None
    try:
        return translation.get_supported_language_variant(code)
    except LookupError:
        return None


def asked(request: HttpRequest) -> str:
    """The language the request's ``Accept-Language`` asks for, else the default."""
    headers_only = SimpleNamespace(COOKIES={}, META=request.META)
    return translation.get_language_from_request(headers_only)  # type: ignore[arg-type]


def chosen(request: HttpRequest) -> str:
    if request.path_info.startswith(API_PREFIX):
        return asked(request)
    cookie = supported(request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME))
    if cookie:
        return cookie
    session = getattr(request, "session", None)
    kept = supported(session.get(SESSION_KEY)) if session is not None else None
    return kept or asked(request)


class LanguageMiddleware(LocaleMiddleware):
    """Django's LocaleMiddleware (``Content-Language``, ``Vary: Accept-Language``), choosing as
    :func:`chosen` does. After the sessions' middleware, which it reads."""

    def process_request(self, request: HttpRequest) -> None:
        translation.activate(chosen(request))
        request.LANGUAGE_CODE = translation.get_language()
