"""The API's ratings: the leaderboard of the nights the caller can see, per game and year."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from adjudicator.games import all_games
from adjudicator.ratings import PROVISIONAL_GAMES
from scorekeeper.api.decorators import api_view
from scorekeeper.api.serializers.players import PlayerOut
from scorekeeper.history import ratings, scope

EARLIEST_YEAR, LATEST_YEAR = 1900, 9999


class RatingsQuery(serializers.Serializer[Any]):
    game = serializers.ChoiceField(
        choices=[g.slug for g in all_games()],
        required=False,
        help_text="One game's slug; left out, the ratings across all games.",
    )
    year = serializers.IntegerField(
        min_value=EARLIEST_YEAR,
        max_value=LATEST_YEAR,
        required=False,
        help_text="Only the games of nights in this year; left out, every year.",
    )


class RatedOut(serializers.Serializer[Any]):
    place = serializers.IntegerField()
    player = PlayerOut()
    rating = serializers.FloatField(
        help_text="The conservative figure shown: mu less three times sigma, to one decimal."
    )
    mu = serializers.FloatField(help_text="openskill's best guess of the player's skill.")
    sigma = serializers.FloatField(help_text="How unsure that guess is.")
    games = serializers.IntegerField(help_text="Finished games rated.")
    won = serializers.IntegerField(help_text="Of those, the games finished in first place.")
    provisional = serializers.BooleanField(
        help_text=f"Fewer than {PROVISIONAL_GAMES} games: the figure means little yet."
    )


class LeaderboardOut(serializers.Serializer[Any]):
    game = serializers.CharField(allow_null=True, help_text="The game's slug, or null: all.")
    name = serializers.CharField()
    year = serializers.IntegerField(allow_null=True)
    games = serializers.IntegerField(help_text="Finished games rated.")
    players = RatedOut(many=True)


def leaderboard_out(board: ratings.Leaderboard) -> dict[str, Any]:
    """A leaderboard as ``LeaderboardOut`` says it (a club's too)."""
    return {
        "game": board.slug or None,
        "name": board.name,
        "year": board.year,
        "games": board.games,
        "players": [
            {
                "place": row.place,
                "player": PlayerOut(row.player).data,
                "rating": row.rating.shown,
                "mu": row.rating.mu,
                "sigma": row.rating.sigma,
                "games": row.rating.games,
                "won": row.won,
                "provisional": row.provisional,
            }
            for row in board.rows
        ],
    }


@extend_schema(parameters=[RatingsQuery], responses={200: LeaderboardOut})
@api_view(["GET"])
def leaderboard(request: Request) -> Response:
    """The players of the nights you can see, best rated first (provisional ratings after the
    others), from their finished games in the order the games finished. Ratings are
    openskill's Plackett-Luce: partners rate as one side, players alone by finishing place,
    settlement games by final net. Never stored: an amend or a void changes them at once."""
    # A plain dict, not the QueryDict: DRF reads an empty ?game= from a form-like input as
    # left out, where the schema asks for a slug (issue 26).
    query = RatingsQuery(data=request.query_params.dict())
    query.is_valid(raise_exception=True)
    chosen = query.validated_data
    board = ratings.leaderboard(
        scope.of_user(request.user),
        slug=chosen.get("game", ""),
        year=chosen.get("year"),
    )
    return Response(LeaderboardOut(leaderboard_out(board)).data)
