"""The one way page views find a night or a game: visible to its owner, recorders and viewers
(and, for reading only, to a visitor who opened the night's join link), else 404."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.decorators import login_required as django_login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404

from scorekeeper import selectors
from scorekeeper.http import AuthedRequest
from scorekeeper.models import Game, Night


def get_night_for_user(request: AuthedRequest, pk: int) -> Night:
    return get_object_or_404(selectors.nights_for_user(request.user), pk=pk)


def get_game_for_user(request: AuthedRequest, pk: int) -> Game:
    return get_object_or_404(selectors.games_for_user(request.user), pk=pk)


def login_required[V: Callable[..., HttpResponse]](view: V) -> V:
    """Django's ``login_required``, except for a visitor let in by a join link: 403, not a
    sign-in page, for anything but the pages a link opens (they read; they never write)."""
    signed_in_only = django_login_required(view)

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        from scorekeeper.views.share import has_shares

        if not request.user.is_authenticated and has_shares(request):
            raise PermissionDenied("Visitors by a join link can look, not record.")
        return signed_in_only(request, *args, **kwargs)

    return wrapper  # type: ignore[return-value]
