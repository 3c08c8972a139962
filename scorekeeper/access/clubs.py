"""Who may do what in a club: its members' roles, read in one place.

A club's **organisers** run it (invite and remove members, change roles, confirm who is who,
merge players, name seasons, move nights in, export and import it); its **recorders** start
and record the club's nights and add players to its roster; every **member** sees the club,
its nights, its roster, its seasons and its history, says which player they are, and may
leave. Nobody else sees anything of a club (a night's watch link still shows that one night).
Removing a member takes effect at once: every check reads the membership as it is now.

A club the user has no part in answers as one that does not exist (``Http404``), so nobody
learns which clubs there are; a member asking for what their role does not allow gets a
``PermissionDenied`` that says which role may.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import Http404

from scorekeeper.access.roles import User
from scorekeeper.models import Club, Membership

Role = Membership.Role

# Each role, with what it may do beyond the ones below it.
RANK = {Role.MEMBER: 0, Role.RECORDER: 1, Role.ORGANISER: 2}


def clubs_for_user(user: User) -> QuerySet[Club]:
    """The clubs the user is a member of (any role), by name."""
    if not user.is_authenticated:
        return Club.objects.none()
    return Club.objects.filter(memberships__user=user).order_by("name", "id")


def role_in(user: User, club: Club | int) -> Role | None:
    """The user's role in the club, or None (a stranger, a former member, signed out)."""
    if not user.is_authenticated:
        return None
    club_id = club if isinstance(club, int) else club.pk
    found = Membership.objects.filter(club_id=club_id, user=user).values_list("role", flat=True)
    role = found.first()
    return None if role is None else Role(role)


def at_least(role: Role | None, least: Role) -> bool:
    return role is not None and RANK[role] >= RANK[least]


def club_for(user: User, pk: int) -> tuple[Club, Role]:
    """The club ``pk`` and the user's role in it; a 404 for anyone not a member."""
    club = Club.objects.filter(pk=pk).first()
    role = None if club is None else role_in(user, club)
    if club is None or role is None:
        raise Http404("No such club.")
    return club, role


def require(role: Role, least: Role, refusal: str) -> None:
    """Refuse a member whose role is below ``least``, with ``refusal``: the whole sentence, as
    "Only the club's organisers may invite people."."""
    if not at_least(role, least):
        raise PermissionDenied(refusal)


def records_in_club(user: User, club_id: int | None) -> bool:
    """Whether the user records in every night of the club (an organiser or a recorder)."""
    return club_id is not None and at_least(role_in(user, club_id), Role.RECORDER)
