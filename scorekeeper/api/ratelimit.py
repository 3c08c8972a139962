"""The API's rate limits (DRF's throttling), told in the IETF ``RateLimit`` headers.

Who is counted, and against what (each a *policy*, named in the headers):

- ``"anonymous"``: a request with no credentials, which only the public operations take (the
  questions, the game types, the schema), per client address, ``API_RATE_ANONYMOUS`` (120 a
  minute). The address is the one the sign-in lock-out counts against
  (:func:`scorekeeper.access.lockout.client_ip`: behind ``SCOREKEEPER_PROXY_COUNT`` proxies,
  read from ``X-Forwarded-For``); an IPv6 address by its /64, which one client holds whole.
  The public operations read no credentials, so a call to them with a token counts here too.
- ``"token"``: a request with an API token, per token, ``API_RATE_TOKEN`` (600 a minute).
- ``"account"``: HTTP Basic, per account, at the token's rate: a script could otherwise step
  round its token's limit by sending its password instead.
- The pages' session (a browser signed in) is not counted, nor is a request refused before the
  count (a 401, or a 403 from a view's permissions).

Past the limit the answer is a 429 (problem details, code ``throttled``) with ``Retry-After``;
the view never runs, so nothing is written. Every answer to a counted request, the 429 too,
carries the fields of draft-ietf-httpapi-ratelimit-headers-11 (May 2026)::

    RateLimit-Policy: "token";q=600;w=60
    RateLimit: "token";r=597;t=58

``q`` requests per ``w`` seconds; ``r`` left, within the next ``t`` seconds: when the oldest
request counted leaves the window, ``r`` grows again. A 429's ``Retry-After`` is its ``t``.

The count is DRF's :class:`~rest_framework.throttling.SimpleRateThrottle`: the times of the
requests within the window, newest first, kept in the ``ratelimit`` cache (``API_RATE_CACHE``:
each process its own by default, or the database, or Redis). The rates are read from the
settings on every request, not when DRF's class is defined, so ``override_settings`` and the
environment both reach them. A cache out of reach lets the request through uncounted (and logs
it): the limits protect the API, they never take it down.
"""

from __future__ import annotations

import ipaddress
import logging
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.cache import caches
from django.http import HttpRequest, HttpResponse
from django.utils.translation import ngettext
from rest_framework import exceptions
from rest_framework.request import Request
from rest_framework.throttling import SimpleRateThrottle

from scorekeeper.access.lockout import client_ip
from scorekeeper.api.auth import ThrottledBasicAuthentication, TokenAuthentication
from scorekeeper.web.problems import MEDIA_TYPE

logger = logging.getLogger(__name__)

CACHE = "ratelimit"  # the alias in settings.CACHES
THROTTLED = "throttled"
# Where a counted request keeps its count for RateLimitHeaders.
COUNTED = "scorekeeper_rate_limit"


@dataclass(frozen=True)
class Policy:
    name: str  # in the headers
    setting: str  # its rate: "120/min", or None for off


ANONYMOUS = Policy("anonymous", "API_RATE_ANONYMOUS")
TOKEN = Policy("token", "API_RATE_TOKEN")
ACCOUNT = Policy("account", "API_RATE_TOKEN")


@dataclass(frozen=True)
class Count:
    """Where one request leaves its client: ``remaining`` of ``quota`` requests per ``window``
    seconds, for ``reset`` seconds (until the oldest request counted leaves the window)."""

    policy: str
    quota: int
    window: int
    remaining: int
    reset: int

    def headers(self) -> dict[str, str]:
        """The draft's two fields.

        >>> Count("token", 600, 60, 597, 58).headers()["RateLimit"]
        '"token";r=597;t=58'
        """
        return {
            "RateLimit-Policy": f'"{self.policy}";q={self.quota};w={self.window}',
            "RateLimit": f'"{self.policy}";r={self.remaining};t={self.reset}',
        }


class RateLimited(exceptions.Throttled):
    """429, code ``throttled``, with ``Retry-After`` (DRF's handler sets it from ``wait``)."""

    default_code = THROTTLED

    def __init__(self, seconds: int) -> None:
        message = ngettext(
            "Too many requests: try again in %(seconds)d second.",
            "Too many requests: try again in %(seconds)d seconds.",
            seconds,
        ) % {"seconds": seconds}
        super().__init__(detail=message, code=THROTTLED)
        self.wait = seconds  # set after: DRF's own sentence would be added to the message


def partition(request: Request) -> tuple[Policy, str] | None:
    """The policy a request counts against, and whose count it is; None if it is not counted."""
    authenticator = request.successful_authenticator
    if isinstance(authenticator, TokenAuthentication):
        return TOKEN, str(request.auth.pk)
    if isinstance(authenticator, ThrottledBasicAuthentication):
        return ACCOUNT, str(request.user.pk)
    if request.user is not None and request.user.is_authenticated:
        return None  # the pages' session (or a test's forced sign-in)
    return ANONYMOUS, address(request._request)


def address(request: HttpRequest) -> str:
    """The client's address as counted: an IPv6 address by its /64 (one client's whole range).

    >>> from django.test import RequestFactory
    >>> address(RequestFactory().get("/", REMOTE_ADDR="2001:db8:1:2:3:4:5:6"))
    '2001:db8:1:2::/64'
    >>> address(RequestFactory().get("/", REMOTE_ADDR="::ffff:192.0.2.7"))
    '192.0.2.7'
    """
    found = client_ip(request) or ""
    try:
        ip = ipaddress.ip_address(found)
    except ValueError:
        return found or "unknown"
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


class RateLimit(SimpleRateThrottle):
    """DRF's sliding window of request times, with the policy and the rate of each request
    (:func:`partition`) read when it comes, and the 429 raised here with our own sentence."""

    def __init__(self) -> None:
        # DRF makes one for each request. The rate depends on the request's policy: read then.
        self.rate = None
        self.cache = caches[CACHE]
        self.quota = self.window = 0

    def allow_request(self, request: Request, view: Any) -> bool:
        found = partition(request)
        if found is None:
            return True
        self.policy, self.ident = found
        self.rate = getattr(settings, self.policy.setting)
        if self.rate is None:  # off
            return True
        quota, window = self.parse_rate(self.rate)
        assert quota is not None and window is not None  # a rate, as settings.env_rate checks
        self.quota, self.window = quota, window
        self.num_requests, self.duration = quota, window  # what DRF's count reads
        try:
            allowed = super().allow_request(request, view)
        except Exception:
            # The cache is out of reach (Redis down, the table never made): the API answers,
            # uncounted, rather than fail every request; and says so in the log.
            logger.exception("The rate limits' cache (%s) failed: answered uncounted", CACHE)
            return True
        count = Count(
            policy=self.policy.name,
            quota=self.quota,
            window=self.window,
            remaining=max(0, self.quota - len(self.history)),
            reset=math.ceil(self.wait()),
        )
        setattr(request._request, COUNTED, count)
        if not allowed:
            raise RateLimited(count.reset)
        return True

    def get_cache_key(self, request: Request, view: Any) -> str:
        return f"{self.policy.name}:{self.ident}"

    def wait(self) -> float:
        """Seconds until ``remaining`` grows: until the request counted ``quota``-th from the
        newest (the oldest, unless the rate was lowered) leaves the window; a whole window
        while none is counted."""
        counted = min(len(self.history), self.quota)
        if counted == 0:
            return float(self.window)
        oldest: float = self.history[counted - 1]
        return oldest + self.window - self.now


class RateLimitHeaders:
    """Middleware: the ``RateLimit-Policy`` and ``RateLimit`` fields on each answer whose
    request a rate limit counted (a 429 included, and a refusal made after the count)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        count = getattr(request, COUNTED, None)
        if isinstance(count, Count):
            for name, value in count.headers().items():
                response[name] = value
        return response


# The schema (scorekeeper.api.schema.postprocess) -------------------------------------------------

HEADERS = {
    "RateLimit-Policy": {
        "schema": {"type": "string"},
        "description": "The rate limit this request counted against (draft-ietf-httpapi-"
        "ratelimit-headers): its name, `q` requests per `w` seconds. `anonymous` per address "
        "on the public operations, `token` per API token, `account` per account (HTTP Basic); "
        "the pages' session is not counted, and then the field is absent.",
        "example": '"token";q=600;w=60',
    },
    "RateLimit": {
        "schema": {"type": "string"},
        "description": "Where this client stands: `r` requests left, for the next `t` seconds "
        "(when the oldest request counted leaves the window).",
        "example": '"token";r=597;t=58',
    },
}
RETRY_AFTER = {
    "schema": {"type": "integer", "minimum": 0},
    "description": "Seconds to wait before trying again.",
}
PUBLIC_THROTTLED = (
    "Too many requests (code `throttled`): past this address's rate limit (`RateLimit` "
    "says which); nothing was done. `Retry-After` says in how many seconds to try again."
)


def document(schema: dict[str, Any]) -> None:
    """The limits in the schema: the headers (as components), on each operation's successes,
    304 and 429; and the 429 of the public operations, which take no credentials and so have
    no 429 of their own (the others have it: a lock-out, or their token's limit)."""
    schema.setdefault("components", {}).setdefault("headers", {}).update(HEADERS)
    refs = {name: {"$ref": f"#/components/headers/{name}"} for name in HEADERS}
    for operations in schema.get("paths", {}).values():
        for operation in operations.values():
            responses = operation.get("responses", {})
            if operation.get("security") == [] and "429" not in responses:
                responses["429"] = {
                    "content": {MEDIA_TYPE: {"schema": {"$ref": "#/components/schemas/ErrorOut"}}},
                    "description": PUBLIC_THROTTLED,
                    "headers": {"Retry-After": RETRY_AFTER},
                }
            for code, answer in responses.items():
                if code.startswith("2") or code in ("304", "429"):
                    answer.setdefault("headers", {}).update(refs)
