"""API tokens for scripts: made, found and revoked here (the pages and the API call these).

A raw token is ``sk_`` and 43 random URL-safe characters (256 bits). The database keeps its
SHA-256 and its first eight random characters (``prefix``) to find the row; the raw token is
returned once, by :func:`token_create`, and never stored. Checking a token is one SHA-256 and a
constant-time comparison: a script does not pay a password hash on every request.
"""

from __future__ import annotations

import datetime
import hashlib
import hmac
import secrets

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext

from scorekeeper.exceptions import InvalidInput
from scorekeeper.models import ApiToken

PREFIX = "sk_"
PREFIX_CHARS = 8
MAX_NAME = 60
MAX_TOKENS = 20  # per account: plenty of scripts, and a bound on the list
# "Last used" is written at most this often, so a busy script does not write on every read.
LAST_USED_EVERY = datetime.timedelta(minutes=1)


def token_digest(raw: str) -> str:
    return hashlib.sha256(raw.encode("utf-8", "surrogatepass")).hexdigest()


def _prefix_of(raw: str) -> str | None:
    if not raw.startswith(PREFIX) or len(raw) < len(PREFIX) + PREFIX_CHARS:
        return None
    return raw[len(PREFIX) : len(PREFIX) + PREFIX_CHARS]


@transaction.atomic
def token_create(*, user: User, name: str) -> tuple[ApiToken, str]:
    """Make a token for ``user``; returns the row and the raw token (shown once, never stored)."""
    name = name.strip()
    if not name:
        raise InvalidInput(
            gettext("Give the token a name, e.g. the script that will use it."), field="name"
        )
    if len(name) > MAX_NAME:
        raise InvalidInput(
            gettext("A token's name is at most %(most)d characters.") % {"most": MAX_NAME},
            field="name",
        )
    if ApiToken.objects.filter(user=user, revoked_at__isnull=True).count() >= MAX_TOKENS:
        raise InvalidInput(
            gettext("An account has at most %(most)d tokens: revoke one you no longer use.")
            % {"most": MAX_TOKENS},
            field="name",
        )
    raw = PREFIX + secrets.token_urlsafe(32)
    prefix = _prefix_of(raw)
    assert prefix is not None
    token = ApiToken.objects.create(user=user, name=name, prefix=prefix, digest=token_digest(raw))
    return token, raw


@transaction.atomic
def token_revoke(*, token: ApiToken, by: User) -> None:
    """Revoke one of ``by``'s tokens: from now on it is refused. Revoking twice is harmless."""
    if token.user_id != by.pk:
        raise InvalidInput(gettext("This token is not yours."), field="token")
    ApiToken.objects.filter(pk=token.pk, revoked_at__isnull=True).update(revoked_at=timezone.now())


def user_tokens(user: User) -> QuerySet[ApiToken]:
    """The account's tokens that still work, newest first."""
    return ApiToken.objects.filter(user=user, revoked_at__isnull=True)


def user_token(user: User, pk: int) -> ApiToken | None:
    return ApiToken.objects.filter(user=user, pk=pk, revoked_at__isnull=True).first()


def token_check(raw: str) -> ApiToken | None:
    """The live token whose raw text is ``raw``, or None; notes when it was last used."""
    prefix = _prefix_of(raw)
    if prefix is None:
        return None
    digest = token_digest(raw)
    found = None
    candidates = ApiToken.objects.filter(prefix=prefix, revoked_at__isnull=True).select_related(
        "user"
    )
    for candidate in candidates:
        # Constant time: the comparison's duration says nothing about how much of it matched.
        if hmac.compare_digest(candidate.digest, digest):
            found = candidate
    if found is None:
        return None
    now = timezone.now()
    if found.last_used_at is None or now - found.last_used_at >= LAST_USED_EVERY:
        ApiToken.objects.filter(pk=found.pk).update(last_used_at=now)
        found.last_used_at = now
    return found
