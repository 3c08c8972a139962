"""Live at the table: a night's join link, and who may watch or record in it.

Roles in a night: its **owner** (who made it), **recorders** (``Night.recorders``: they record,
amend and void deals, and start games) and **viewers** (accounts that joined by the night's
link: they see every game's board, and write nothing). Someone who opens the link without an
account sees the night too, for as long as the link stays the night's link (the page views keep
that in their session; see ``scorekeeper.pages.views.share``).

A link's token is long and random, and only its SHA-256 is stored: a copy of the database lets
no one in. The owner makes a new link to revoke the old one, or stops sharing altogether.

Reads first, then the writes (each in one transaction, called by page and API views alike).
"""

from __future__ import annotations

import hashlib
import re
import secrets
from dataclasses import dataclass
from typing import Literal

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext

from scorekeeper.access import roles
from scorekeeper.exceptions import InvalidInput
from scorekeeper.models import Night, NightLink, NightViewer

type Role = Literal["owner", "recorder", "viewer"]

# secrets.token_urlsafe(32): 32 random bytes, 43 characters of the URL-safe base64 alphabet.
TOKEN_BYTES = 32
TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{43}")


def token_hash(token: str) -> str:
    """What is stored of a token: its SHA-256, in hex.

    >>> token_hash("abc")[:16]
    'ba7816bf8f01cfea'
    """
    return hashlib.sha256(token.encode()).hexdigest()


# Reads ------------------------------------------------------------------------------------------


def night_for_token(token: str) -> Night | None:
    """The night a join link's token opens, or None (a token never made, or revoked)."""
    if not TOKEN_SHAPE.fullmatch(token):
        return None
    link = NightLink.objects.select_related("night__owner").filter(token_hash=token_hash(token))
    found = link.first()
    return found.night if found is not None else None


def link_is_current(night_id: int, hashed: str) -> bool:
    """Whether ``hashed`` is still the hash of the night's link (not revoked since)."""
    return NightLink.objects.filter(night_id=night_id, token_hash=hashed).exists()


def role_of(user: User, night: Night) -> Role | None:
    """The user's part in the night. In a club's night the club's roles count too: an
    organiser runs it as its owner does, a recorder records, a member watches."""
    if roles.runs(user, night):
        return "owner"
    if roles.can_record(user, night):
        return "recorder"
    if NightViewer.objects.filter(night=night, user=user).exists():
        return "viewer"
    if night.club_id is not None and roles.nights_for_user(user).filter(pk=night.pk).exists():
        return "viewer"
    return None


@dataclass(frozen=True)
class Person:
    username: str
    role: Role


def people_of(night: Night) -> list[Person]:
    """Everyone with a role in the night: the owner, then recorders, then viewers, by name."""
    recorders = night.recorders.order_by("username").values_list("username", flat=True)
    viewers = (
        NightViewer.objects.filter(night=night)
        .exclude(user__in=night.recorders.all())
        .order_by("user__username")
        .values_list("user__username", flat=True)
    )
    return [
        Person(night.owner.username, "owner"),
        *(Person(name, "recorder") for name in recorders),
        *(Person(name, "viewer") for name in viewers),
    ]


# Writes -----------------------------------------------------------------------------------------


@transaction.atomic
def link_make(*, night: Night, by: User) -> str:
    """Make the night's join link and return its token: the only time the token is known.

    A link made before stops working (for the people it let in without an account too).
    """
    roles.require_owner(by, night, "share it")
    # One link per night: the night's row lock serializes two taps on "New link" (PostgreSQL).
    Night.objects.select_for_update().filter(pk=night.pk).first()
    token = secrets.token_urlsafe(TOKEN_BYTES)
    NightLink.objects.update_or_create(
        night=night,
        defaults={"token_hash": token_hash(token), "created_by": by, "created_at": timezone.now()},
    )
    return token


@transaction.atomic
def link_stop(*, night: Night, by: User) -> None:
    """Stop sharing the night: its link stops working. Viewers who joined with an account stay."""
    roles.require_owner(by, night, "stop sharing it")
    NightLink.objects.filter(night=night).delete()


@transaction.atomic
def night_join(*, night: Night, user: User) -> Role:
    """Join a night by its link (the caller checked the token): as a viewer, unless already in."""
    role = role_of(user, night)
    if role is not None:
        return role
    try:
        with transaction.atomic():
            NightViewer.objects.create(night=night, user=user)
    except IntegrityError:  # the same link opened twice at once (PostgreSQL)
        pass
    return "viewer"


def _person(night: Night, username: str) -> tuple[User, Role]:
    """Someone with a role in the night, by account name (any case).

    Only the night's own people are found, and an account that has no part in the night gets the
    same answer as one that does not exist: nothing is said about accounts elsewhere.
    """
    name = username.strip()
    for person in people_of(night):
        if person.username.lower() == name.lower() and person.role != "owner":
            user = get_user_model().objects.get(username=person.username)
            return user, person.role
    if name.lower() == night.owner.username.lower():
        raise InvalidInput(
            gettext("The owner's part in the night cannot change."), field="username"
        )
    raise InvalidInput(
        gettext("%(name)s does not record in or watch this night.") % {"name": repr(name)},
        field="username",
    )


@transaction.atomic
def role_set(*, night: Night, by: User, username: str, role: Role) -> Person:
    """The owner turns a viewer into a recorder, or a recorder back into a viewer."""
    roles.require_owner(by, night, "change who records")
    if role not in ("recorder", "viewer"):
        raise InvalidInput("A person records or watches: say recorder or viewer.", field="role")
    user, current = _person(night, username)
    if role == "recorder" and current == "viewer":
        NightViewer.objects.filter(night=night, user=user).delete()
        night.recorders.add(user)
    elif role == "viewer" and current == "recorder":
        night.recorders.remove(user)
        NightViewer.objects.get_or_create(night=night, user=user)
    return Person(user.username, role)


@transaction.atomic
def person_remove(*, night: Night, by: User, username: str) -> None:
    """The owner removes a recorder or a viewer from the night. What they recorded stays."""
    roles.require_owner(by, night, "remove people")
    user, _ = _person(night, username)
    night.recorders.remove(user)
    NightViewer.objects.filter(night=night, user=user).delete()
