"""Which language a request speaks, and keeping a choice on the phone.

A page speaks, in order: the language chosen on this phone (Django's language cookie), the
phone's own (``Accept-Language``), English. A person's choice follows them to another phone:
as they sign in there, their account's language becomes that phone's cookie, unless the phone
chose its own. Nothing is read per request but the cookie and the header (no session, no
query: a board's poll costs what it cost). The API speaks only what the request asks
(``Accept-Language``, else English), so an integrator's script reads the same text whoever is
signed in; every answer says which (``Content-Language``).
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from django.conf import settings
from django.http import HttpRequest
from django.http.response import HttpResponseBase
from django.middleware.locale import LocaleMiddleware
from django.utils import translation

API_PREFIX = "/api/"
# Set on a request by whatever decided this phone should keep a language from now on.
TO_KEEP = "scorekeeper_language_to_keep"


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


def kept(request: HttpRequest) -> str | None:
    """The language this phone chose, if any."""
    return supported(request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME))


def chosen(request: HttpRequest) -> str:
    if request.path_info.startswith(API_PREFIX):
        return asked(request)
    return kept(request) or asked(request)


def keep_on_phone(response: HttpResponseBase, request: HttpRequest, language: str) -> None:
    """Have this phone speak ``language`` from now on (a year, then its own again)."""
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE or request.is_secure(),
        httponly=True,
        samesite="Lax",
    )


class LanguageMiddleware(LocaleMiddleware):
    """Django's LocaleMiddleware (``Content-Language``, ``Vary: Accept-Language``), choosing as
    :func:`chosen` does, and keeping on the phone a language decided during the request."""

    def process_request(self, request: HttpRequest) -> None:
        translation.activate(chosen(request))
        request.LANGUAGE_CODE = translation.get_language()

    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        language = getattr(request, TO_KEEP, None)
        if language:
            keep_on_phone(response, request, language)
        return super().process_response(request, response)
