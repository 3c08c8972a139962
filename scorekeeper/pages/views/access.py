"""The one way page views find a night or a game: visible to its owner, recorders and viewers
(and, for reading only, to a visitor who opened the night's join link), else 404.

A visitor who opens a night's link without signing in is remembered in the session (the night's
id and the hash of the link's token, checked against the night's current link on every page, so
a new link shuts the old one's visitors out): :mod:`scorekeeper.pages.views.share` lets them in.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.decorators import login_required as django_login_required
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext

from scorekeeper.access import roles, sharing
from scorekeeper.models import Game, Night
from scorekeeper.web.http import AuthedRequest

SESSION_KEY = "shared_nights"  # {night id (str): sha256 of the link's token}


def get_night_for_user(request: AuthedRequest, pk: int) -> Night:
    return get_object_or_404(roles.nights_for_user(request.user), pk=pk)


def get_game_for_user(request: AuthedRequest, pk: int) -> Game:
    return get_object_or_404(roles.games_for_user(request.user), pk=pk)


def login_required[V: Callable[..., HttpResponse]](view: V) -> V:
    """Django's ``login_required``, except for a visitor let in by a join link: 403, not a
    sign-in page, for anything but the pages a link opens (they read; they never write)."""
    signed_in_only = django_login_required(view)

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated and has_shares(request):
            raise PermissionDenied(gettext("Visitors by a join link can look, not record."))
        return signed_in_only(request, *args, **kwargs)

    return wrapper  # type: ignore[return-value]


# Visitors by link -------------------------------------------------------------------------------


def has_shares(request: HttpRequest) -> bool:
    return bool(getattr(request, "session", {}).get(SESSION_KEY))


def _shared_hash(request: HttpRequest, night_id: int) -> str | None:
    shares = request.session.get(SESSION_KEY) or {}
    hashed = shares.get(str(night_id))
    return hashed if isinstance(hashed, str) else None


def _let_in(request: HttpRequest, night_id: int) -> bool:
    hashed = _shared_hash(request, night_id)
    return hashed is not None and sharing.link_is_current(night_id, hashed)


def night_to_view(request: HttpRequest, pk: int) -> Night | None:
    """The night, for anyone who may look at it; None for a signed-out visitor it is not shared
    with (the caller sends them to sign in). A signed-in stranger gets 404."""
    if request.user.is_authenticated:
        return get_night_for_user(request, pk)  # type: ignore[arg-type]
    if not _let_in(request, pk):
        return None
    return get_object_or_404(Night.objects.select_related("owner"), pk=pk)


def game_to_view(request: HttpRequest, pk: int) -> Game | None:
    """The game, for anyone who may look at its night (as :func:`night_to_view`)."""
    if request.user.is_authenticated:
        return get_game_for_user(request, pk)  # type: ignore[arg-type]
    game = Game.objects.select_related("night").filter(pk=pk).first()
    if game is None or not _let_in(request, game.night_id):
        return None
    return game


def sign_in_first(request: HttpRequest) -> HttpResponse:
    return redirect_to_login(request.get_full_path())
