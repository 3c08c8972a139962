"""How a script signs in to the API: an API token (cheap to check) or HTTP Basic (throttled).

* ``Authorization: Token <raw>`` (or ``Bearer <raw>``): one SHA-256 and a constant-time compare
  (``scorekeeper/access/tokens.py``); a wrong or revoked token is a 401 with the JSON error body.
* HTTP Basic goes through Django's ``authenticate`` with the request, so django-axes counts
  each wrong password and refuses a locked-out account and address (429, code
  ``locked_out``) before any password is checked, as on the sign-in page and the admin.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import exceptions
from rest_framework.authentication import (
    BaseAuthentication,
    BasicAuthentication,
    get_authorization_header,
)
from rest_framework.request import Request

from scorekeeper.access import tokens
from scorekeeper.access.lockout import LOCKED_OUT, cool_off_minutes, lockout_message


class LockedOut(exceptions.Throttled):
    """429 with a Retry-After: too many wrong passwords for this account from this address."""

    default_code = LOCKED_OUT

    def __init__(self) -> None:
        super().__init__(detail=lockout_message(), code=LOCKED_OUT)
        self.wait = cool_off_minutes() * 60  # the Retry-After header (DRF sets it from wait)


# The longest user name an account can have (``User.username``); axes keeps what it is sent.
USERNAME_MAX = 150


class ThrottledBasicAuthentication(BasicAuthentication):
    """DRF's Basic, whose ``authenticate(request=...)`` axes watches; a lock-out is a 429."""

    def authenticate_credentials(
        self, userid: str, password: str, request: Any = None
    ) -> tuple[Any, Any]:
        if "\x00" in userid or "\x00" in password or len(userid) > USERNAME_MAX:
            # No account has such a name or password, so there is nothing to guess; and axes
            # would write the name to its log, which PostgreSQL refuses (no NUL in text,
            # 255 characters at most): refused here, as any wrong pair is.
            raise exceptions.AuthenticationFailed("Invalid username/password.")
        try:
            return super().authenticate_credentials(userid, password, request)
        except exceptions.AuthenticationFailed:
            # axes marks the request when it refused the pair, or when this failure locked it.
            if request is not None and getattr(request, "axes_locked_out", False):
                raise LockedOut() from None
            raise


class TokenAuthentication(BaseAuthentication):
    """``Authorization: Token <raw>`` or ``Authorization: Bearer <raw>``."""

    keywords = (b"token", b"bearer")

    def authenticate(self, request: Request) -> tuple[Any, Any] | None:
        parts = get_authorization_header(request).split()
        if not parts or parts[0].lower() not in self.keywords:
            return None
        if len(parts) != 2:
            raise exceptions.AuthenticationFailed(
                "Invalid token header: send `Authorization: Token <your token>`."
            )
        try:
            raw = parts[1].decode("ascii")
        except UnicodeDecodeError:
            raise exceptions.AuthenticationFailed("Invalid token.") from None
        token = tokens.token_check(raw)
        if token is None or not token.user.is_active:
            raise exceptions.AuthenticationFailed("Invalid or revoked token.")
        return (token.user, token)

    def authenticate_header(self, request: Request) -> str:
        return "Token"


class TokenScheme(OpenApiAuthenticationExtension):  # type: ignore[no-untyped-call]
    target_class = "scorekeeper.api.auth.TokenAuthentication"
    name = "tokenAuth"

    def get_security_definition(self, auto_schema: Any) -> dict[str, Any]:
        return {
            "type": "http",
            "scheme": "bearer",
            "description": "An API token from /account/tokens/: `Authorization: Token <token>` "
            "(or `Bearer <token>`).",
        }


class ThrottledBasicScheme(OpenApiAuthenticationExtension):  # type: ignore[no-untyped-call]
    target_class = "scorekeeper.api.auth.ThrottledBasicAuthentication"
    name = "basicAuth"

    def get_security_definition(self, auto_schema: Any) -> dict[str, Any]:
        return {
            "type": "http",
            "scheme": "basic",
            "description": "Your account name and password; 5 wrong passwords lock the account "
            "out from that address for 15 minutes (429, code `locked_out`).",
        }
