"""Who may see and who may record: the nights, games and players a user can reach, and
whether they may record in a night (its owner, the recorders they added, and for a club's
night the club's organisers and recorders; ``scorekeeper.access.clubs`` reads a club's roles)."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser
from django.contrib.auth.models import User as AuthUser
from django.core.exceptions import PermissionDenied
from django.db.models import Q, QuerySet

from scorekeeper.models import Game, Membership, Night, NightViewer, Player

type User = AuthUser | AnonymousUser


RECORDING = (Membership.Role.ORGANISER, Membership.Role.RECORDER)


def _clubs(user: AuthUser, *roles: str) -> QuerySet[Membership, int]:
    """The clubs (ids) the user is a member of, in one of ``roles`` if given."""
    found = Membership.objects.filter(user=user)
    if roles:
        found = found.filter(role__in=roles)
    return found.values_list("club", flat=True)


def nights_for_user(user: User) -> QuerySet[Night]:
    """Nights the user owns, records in or watches (joined by its link), and the nights of
    every club they are a member of, newest first."""
    if not user.is_authenticated:
        return Night.objects.none()
    watching = NightViewer.objects.filter(user=user).values("night")
    return (
        Night.objects.filter(
            Q(owner=user) | Q(recorders=user) | Q(pk__in=watching) | Q(club__in=_clubs(user))
        )
        .distinct()
        .select_related("owner")
        .order_by("-date", "-id")
    )


def with_games(nights: QuerySet[Night]) -> QuerySet[Night]:
    """``nights`` with their recorders, games, seats and players loaded in four more queries
    however many games (for the API's night, which lists them all)."""
    return nights.prefetch_related("recorders", "games__seats__player")


def games_for_user(user: User) -> QuerySet[Game]:
    """Games in the nights the user owns, records in or watches."""
    return Game.objects.filter(night__in=nights_for_user(user)).select_related("night")


def can_record(user: User, night: Night) -> bool:
    if not user.is_authenticated:
        return False
    if night.owner_id == user.pk or night.recorders.filter(pk=user.pk).exists():
        return True
    return (
        night.club_id is not None and _clubs(user, *RECORDING).filter(club=night.club_id).exists()
    )


def runs(user: User, night: Night) -> bool:
    """Whether the user does what a night's owner does: its owner, or an organiser of its club."""
    if not user.is_authenticated:
        return False
    if night.owner_id == user.pk:
        return True
    organising = _clubs(user, Membership.Role.ORGANISER)
    return night.club_id is not None and organising.filter(club=night.club_id).exists()


def require_recorder(user: User, night: Night, doing: str = "record") -> None:
    """Refuse anyone who may not record at ``night`` (a watcher, a stranger). Views ask it
    before they read a body, so a watcher's write is a 403 whatever it holds (access first);
    the services ask it again, inside their transaction."""
    if not can_record(user, night):
        raise PermissionDenied(f"Only the night's owner and the people they added may {doing}.")


def require_owner(user: User, night: Night, doing: str) -> None:
    """Refuse anyone but the night's owner, for what only the owner does (``doing``)."""
    if not runs(user, night):
        raise PermissionDenied(f"Only the night's owner may {doing}.")


def players_for_user(user: User) -> QuerySet[Player]:
    """The user's own roster and the rosters of their clubs (players merged into another are
    read as that one, and left out)."""
    if not user.is_authenticated:
        return Player.objects.none()
    own = Q(owner=user, club__isnull=True) | Q(club__in=_clubs(user))
    return Player.objects.filter(own, same_as__isnull=True)
