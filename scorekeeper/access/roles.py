"""Who may see and who may record: the nights, games and players a user can reach, and
whether they may record in a night (its owner and the recorders they added)."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser
from django.contrib.auth.models import User as AuthUser
from django.core.exceptions import PermissionDenied
from django.db.models import Q, QuerySet

from scorekeeper.models import Game, Night, NightViewer, Player

type User = AuthUser | AnonymousUser


def nights_for_user(user: User) -> QuerySet[Night]:
    """Nights the user owns, records in or watches (joined by its link), newest first."""
    if not user.is_authenticated:
        return Night.objects.none()
    watching = NightViewer.objects.filter(user=user).values("night")
    return (
        Night.objects.filter(Q(owner=user) | Q(recorders=user) | Q(pk__in=watching))
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
    return night.owner_id == user.pk or night.recorders.filter(pk=user.pk).exists()


def require_recorder(user: User, night: Night, doing: str = "record") -> None:
    """Refuse anyone who may not record at ``night`` (a watcher, a stranger). Views ask it
    before they read a body, so a watcher's write is a 403 whatever it holds (access first);
    the services ask it again, inside their transaction."""
    if not can_record(user, night):
        raise PermissionDenied(f"Only the night's owner and the people they added may {doing}.")


def require_owner(user: User, night: Night, doing: str) -> None:
    """Refuse anyone but the night's owner, for what only the owner does (``doing``)."""
    if not user.is_authenticated or night.owner_id != user.pk:
        raise PermissionDenied(f"Only the night's owner may {doing}.")


def players_for_user(user: User) -> QuerySet[Player]:
    if not user.is_authenticated:
        return Player.objects.none()
    return Player.objects.filter(owner=user)
