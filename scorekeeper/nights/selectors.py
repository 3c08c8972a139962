"""Reads about a night's people: who may sit at its games, who sits at its table, who
has not sat down yet, and its games' seats."""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib.auth.models import User
from django.db.models import OuterRef, Q, QuerySet, Subquery

from scorekeeper.models import Club, Game, Night, NightPlayer, Player


def roster(*, owner: User | int, club: Club | int | None) -> QuerySet[Player]:
    """A roster's players: the club's, or (no club) the owner's own. A player merged into
    another is no longer on it (``Player.same_as``)."""
    if club is not None:
        return Player.objects.filter(club=club, same_as__isnull=True)
    return Player.objects.filter(owner=owner, club__isnull=True, same_as__isnull=True)


def _roster(night: Night) -> QuerySet[Player]:
    """The roster a night's seats come from: its club's, or its owner's."""
    return roster(owner=night.owner_id, club=night.club_id)


def players_for_night(night: Night) -> QuerySet[Player]:
    """Who can sit at a game of this night: its roster's players (the club's, or the owner's)
    and anyone already seated."""
    return Player.objects.filter(
        Q(pk__in=_roster(night).values("pk")) | Q(seats__game__night=night)
    ).distinct()


def table_for_night(night: Night) -> list[Player]:
    """The players at a night's table, in the order they sat down."""
    return [
        row.player
        for row in NightPlayer.objects.filter(night=night).select_related("player").order_by("id")
    ]


def seat_choices(night: Night) -> QuerySet[Player]:
    """Who a game's seat menus offer: the night's table, in the order they sat down. A player
    taken off the table is not offered (sit them down again first)."""
    sat = NightPlayer.objects.filter(night=night, player=OuterRef("pk")).values("id")[:1]
    return (
        Player.objects.filter(pk__in=NightPlayer.objects.filter(night=night).values("player"))
        .annotate(sat=Subquery(sat))
        .order_by("sat")
    )


def seats_to_start(night: Night, sizes: Sequence[int]) -> list[Player]:
    """Who a new game's seats start with, for a game of ``sizes`` players: the table in the
    order they sat, when the game takes that many. A table with more people than the game
    takes gives the seats of the night's latest game of a size it takes whose players are all
    still at the table, else the first at the table, as many as the game can take. A table
    too small for the game fills nothing."""
    table = table_for_night(night)
    fits = [size for size in sizes if size <= len(table)]
    if len(table) in sizes or not fits:
        return table
    here = {player.pk for player in table}
    for game in night.games.order_by("-number").prefetch_related("seats__player"):
        seated = [seat.player for seat in sorted(game.seats.all(), key=lambda s: s.position)]
        if len(seated) in fits and all(player.pk in here for player in seated):
            return seated
    return table[: max(fits)]


def games_for_night(night: Night) -> QuerySet[Game]:
    return night.games.prefetch_related("seats__player")


def last_game(night: Night) -> Game | None:
    """The night's most recent game."""
    return night.games.order_by("-number").first()


def seated_players(game: Game) -> list[Player]:
    """A game's players, seat 1 first."""
    return [seat.player for seat in game.seats.select_related("player").order_by("position")]


def players_off_table(night: Night) -> QuerySet[Player]:
    """The roster's players (the club's, or the owner's) who have not sat down at this night's
    table, by name."""
    return _roster(night).exclude(pk__in=NightPlayer.objects.filter(night=night).values("player"))
