"""Reads about a night's people: who may sit at its games, who sits at its table, who
has not sat down yet, and its games' seats."""

from __future__ import annotations

from django.db.models import Q, QuerySet

from scorekeeper.models import Game, Night, NightPlayer, Player


def players_for_night(night: Night) -> QuerySet[Player]:
    """Who can sit at a game of this night: the owner's players and anyone already seated."""
    return Player.objects.filter(Q(owner=night.owner_id) | Q(seats__game__night=night)).distinct()


def table_for_night(night: Night) -> list[Player]:
    """The players at a night's table, in the order they sat down."""
    return [
        row.player
        for row in NightPlayer.objects.filter(night=night).select_related("player").order_by("id")
    ]


def games_for_night(night: Night) -> QuerySet[Game]:
    return night.games.prefetch_related("seats__player")


def last_game(night: Night) -> Game | None:
    """The night's most recent game."""
    return night.games.order_by("-number").first()


def seated_players(game: Game) -> list[Player]:
    """A game's players, seat 1 first."""
    return [seat.player for seat in game.seats.select_related("player").order_by("position")]


def players_off_table(night: Night) -> QuerySet[Player]:
    """The owner's players who have not sat down at this night's table, by name."""
    return Player.objects.filter(owner=night.owner_id).exclude(
        pk__in=NightPlayer.objects.filter(night=night).values("player")
    )
