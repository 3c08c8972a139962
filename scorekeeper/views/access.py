"""The one way page views find a night or a game: visible to its owner and recorders, else 404."""

from __future__ import annotations

from django.shortcuts import get_object_or_404

from scorekeeper import selectors
from scorekeeper.http import AuthedRequest
from scorekeeper.models import Game, Night


def get_night_for_user(request: AuthedRequest, pk: int) -> Night:
    return get_object_or_404(selectors.nights_for_user(request.user), pk=pk)


def get_game_for_user(request: AuthedRequest, pk: int) -> Game:
    return get_object_or_404(selectors.games_for_user(request.user), pk=pk)
