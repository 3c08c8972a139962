"""What a locked-out sign-in is told (django-axes calls ``lockout_response``).

Five wrong passwords for one account from one address lock that pair out for the cool-off
(settings: ``AXES_FAILURE_LIMIT``, ``AXES_COOLOFF_TIME``). Under /api/ the answer is the API's
JSON error body with 429; on the pages (sign-in and the admin) it is the sign-in page again, with
a sentence saying why and for how long, also 429. While locked out even the right password is
refused, so a guesser learns nothing from trying it.
"""

from __future__ import annotations

import datetime
import ipaddress
from typing import Any

from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import ngettext

from scorekeeper.web.problems import problem_response

LOCKED_OUT = "locked_out"


def cool_off_minutes() -> int:
    cool_off = settings.AXES_COOLOFF_TIME
    assert isinstance(cool_off, datetime.timedelta)
    return max(1, round(cool_off.total_seconds() / 60))


def lockout_message() -> str:
    minutes = cool_off_minutes()
    return ngettext(
        "Too many wrong passwords for this account: signing in is paused for %(minutes)d "
        "minute. Try again after that, or ask the site's admin to unlock it.",
        "Too many wrong passwords for this account: signing in is paused for %(minutes)d "
        "minutes. Try again after that, or ask the site's admin to unlock it.",
        minutes,
    ) % {"minutes": minutes}


def lockout_response(
    request: HttpRequest, original_response: HttpResponse | None, credentials: Any = None
) -> HttpResponse:
    status = settings.AXES_HTTP_RESPONSE_CODE
    retry_after = str(cool_off_minutes() * 60)
    response: HttpResponse
    if request.path_info.startswith("/api/"):
        response = problem_response(
            {"code": LOCKED_OUT, "message": lockout_message(), "field": None}, status
        )
    else:
        form = AuthenticationForm(request)
        response = render(
            request,
            "registration/login.html",
            {"form": form, "locked_out": lockout_message(), "next": request.POST.get("next", "")},
            status=status,
        )
    response["Retry-After"] = retry_after
    return response


def client_ip(request: HttpRequest) -> str | None:
    """The address a sign-in counts against (``AXES_CLIENT_IP_CALLABLE``).

    With no proxy trusted (``SCOREKEEPER_PROXY_COUNT`` 0, the default) it is the connection's
    own address: an ``X-Forwarded-For`` header is anyone's to write and is ignored, or a guesser
    would give a new address with every guess. Behind ``n`` reverse proxies, each appending the
    address it heard from, the client is the ``n``-th address from the right of that header
    (what lies further left the client wrote itself). A request with fewer addresses than
    proxies did not come through them all, and counts against its own connection.
    """
    own = request.META.get("REMOTE_ADDR")
    proxies = settings.SCOREKEEPER_PROXY_COUNT
    if proxies <= 0:
        return own
    hops = [h.strip() for h in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    hops = [h for h in hops if h]
    if len(hops) < proxies:
        return own
    try:
        return str(ipaddress.ip_address(hops[-proxies]))
    except ValueError:  # not an address: the proxy in front did not write it
        return own
