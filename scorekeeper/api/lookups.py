"""What a view looks up from its request: the user, the body checked, the night or game it names."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.shortcuts import get_object_or_404
from rest_framework.request import Request

from adjudicator.games import get_game
from scorekeeper.access import roles
from scorekeeper.api import shapes
from scorekeeper.exceptions import InvalidInput
from scorekeeper.house_rules import profile_selectors
from scorekeeper.models import Game, Night


def night_for(request: Request, pk: int) -> Night:
    """A night the user may see (owner or recorder); 404 for anyone else."""
    return get_object_or_404(roles.nights_for_user(request.user), pk=pk)


def game_for(request: Request, pk: int) -> Game:
    return get_object_or_404(roles.games_for_user(request.user), pk=pk)


def user_of(request: Request) -> User:
    """The signed-in user (every view but the rules questions requires one)."""
    assert isinstance(request.user, User)
    return request.user


def profile_options(request: Request, pk: int, slug: str) -> dict[str, Any]:
    """The house rules of the user's profile ``pk`` for a game of ``slug`` (400 otherwise)."""
    profile = profile_selectors.profiles_for_user(request.user).filter(pk=pk).first()
    if profile is None:
        raise InvalidInput(f"You have no house-rule profile with id {pk}.", field="profile")
    return profile_selectors.profile_options_for_start(profile, slug)


def for_this_game(game: Game, data: dict[str, Any]) -> dict[str, Any]:
    """A deal body names its game: one for another game is refused before its rules run."""
    if data.get("game", game.slug) != game.slug:
        definition = get_game(game.slug)
        raise InvalidInput(
            f"Game {game.pk} is {definition.name} ({game.slug}), not {data['game']}: send "
            f"this deal to a game of {data['game']}, or a deal of {definition.name} here.",
            field="game",
        )
    return {**data, "deal": shapes.sent_deal(game.slug, data["deal"])}


def valid(serializer_class: type[Any], request: Request, body: Any = None) -> dict[str, Any]:
    serializer = serializer_class(data=request.data if body is None else body)
    serializer.is_valid(raise_exception=True)
    data: dict[str, Any] = serializer.validated_data
    return data
