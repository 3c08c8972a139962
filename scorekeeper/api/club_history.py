"""Looking back within a club, and at one's own games: the club's leaderboard (all time or a
season's), a season's table, a club player's ratings, record and rivals, and ``me/``.

Each reads one history scope (``scorekeeper.history.scope``): the club's nights (of a season,
``?season=<id>``), its roster, who is read as whom after merges; one's own games at every club
and host for ``me/``. Nothing here writes.
"""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from scorekeeper.api.clubs import TAGS, club_for
from scorekeeper.api.decorators import api_view
from scorekeeper.api.lookups import user_of
from scorekeeper.api.ratings import LeaderboardOut, RatingsQuery, leaderboard_out
from scorekeeper.api.seasons import season_out
from scorekeeper.api.serializers.clubs import (
    ClubHistoryQuery,
    GameRatingOut,
    MeOut,
    PlayerRecordOut,
    RivalsOut,
    SeasonOut,
)
from scorekeeper.api.serializers.players import PlayerOut
from scorekeeper.clubs import seasons as season_reads
from scorekeeper.exceptions import InvalidInput
from scorekeeper.history import ratings, records, rivals, scope
from scorekeeper.history import seasons as club_seasons
from scorekeeper.models import Club, Player, Season


class ClubRatingsQuery(RatingsQuery, ClubHistoryQuery):
    pass


class SeasonTableOut(serializers.Serializer[Any]):
    season = SeasonOut()
    nights = serializers.IntegerField(help_text="The club's nights dated in the season.")
    champion = PlayerOut(
        allow_null=True,
        help_text="First in the final table: null until the season is over (or if nobody "
        "finished a game in it).",
    )
    leaderboard = LeaderboardOut(
        help_text="The table across all games: final once the season is over "
        "(`season.finished`). One game's: GET .../ratings/?season=<id>&game=<slug>."
    )


def _query(request: Request, query: type[serializers.Serializer[Any]]) -> dict[str, Any]:
    # A plain dict, not the QueryDict: an empty ?game= is refused as the schema says.
    found = query(data=request.query_params.dict())
    found.is_valid(raise_exception=True)
    return dict(found.validated_data)


def _season(club: Club, pk: int | None, field: str = "season") -> Season | None:
    if pk is None:
        return None
    season = season_reads.seasons_of(club).filter(pk=pk).first()
    if season is None:
        raise InvalidInput(gettext("There is no such season."), field=field)
    return season


def _club_scope(request: Request, pk: int) -> tuple[scope.Scope, Club]:
    club, _ = club_for(request, pk)
    chosen = _query(request, ClubHistoryQuery)
    return scope.of_club(club, _season(club, chosen.get("season"))), club


def _player(within: scope.Scope, pk: int) -> Player:
    """A player of the club's roster (a merged one is read as the one they were merged into,
    and is not found on their own)."""
    return get_object_or_404(within.players, pk=pk)


@extend_schema(
    tags=TAGS,
    parameters=[ClubRatingsQuery],
    responses={200: LeaderboardOut},
    description="The club's players, best rated first (provisional ratings after the others), "
    "from the club's finished games: all time, or a season's (`season`). Merged players are "
    "one. Never stored: an amend, a void or a merge changes them at once.",
)
@api_view(["GET"])
def club_ratings(request: Request, pk: int) -> Response:
    club, _ = club_for(request, pk)
    chosen = _query(request, ClubRatingsQuery)
    within = scope.of_club(club, _season(club, chosen.get("season")))
    board = ratings.leaderboard(within, slug=chosen.get("game", ""), year=chosen.get("year"))
    return Response(LeaderboardOut(leaderboard_out(board)).data)


@extend_schema(
    tags=TAGS,
    responses={200: SeasonTableOut},
    description="A season's table: the leaderboard across all games of the club's nights "
    "dated in it, and its champion once the season is over (the table is final then).",
)
@api_view(["GET"])
def club_season_table(request: Request, pk: int, season: int) -> Response:
    club, _ = club_for(request, pk)
    found = get_object_or_404(season_reads.seasons_of(club), pk=season)
    table = club_seasons.season_table(club, found)
    body = {
        "season": season_out(found),
        "nights": table.nights,
        "champion": table.champion,
        "leaderboard": leaderboard_out(table.board),
    }
    return Response(SeasonTableOut(body).data)


@extend_schema(
    tags=TAGS,
    parameters=[ClubHistoryQuery],
    responses={200: GameRatingOut(many=True)},
    description="A club player's rating in each game they finished in the club (all time, or "
    "a season's), most played first, with the figure after each game.",
)
@api_view(["GET"])
def club_player_ratings(request: Request, pk: int, player: int) -> Response:
    within, _ = _club_scope(request, pk)
    found = ratings.player_ratings(within, _player(within, player))
    return Response(GameRatingOut(found, many=True).data)


@extend_schema(
    tags=TAGS,
    parameters=[ClubHistoryQuery],
    responses={200: PlayerRecordOut},
    description="A club player's record in the club (all time, or a season's): games played "
    "and won per game, average and best totals, and each game's feats.",
)
@api_view(["GET"])
def club_player_record(request: Request, pk: int, player: int) -> Response:
    within, _ = _club_scope(request, pk)
    return Response(PlayerRecordOut(records.player_record(within, _player(within, player))).data)


@extend_schema(
    tags=TAGS,
    parameters=[ClubHistoryQuery],
    responses={200: RivalsOut},
    description="A club player's rival, nemesis, best partner, winning streaks and records in "
    "the club (all time, or a season's).",
)
@api_view(["GET"])
def club_player_rivals(request: Request, pk: int, player: int) -> Response:
    within, _ = _club_scope(request, pk)
    return Response(RivalsOut(rivals.rivals(within, _player(within, player))).data)


@extend_schema(
    tags=["me"],
    responses={200: MeOut},
    description="Your own games: every night where a player confirmed to be you sat, at any "
    "club or host, with all those players read as one: your ratings, record and rivals. Empty "
    "until a club's organiser confirms a player is you (POST "
    "/api/v1/clubs/{id}/players/{player}/claim/).",
)
@api_view(["GET"])
def me(request: Request) -> Response:
    user = user_of(request)
    mine = scope.selves(user)
    within = scope.of_self(user)
    body: dict[str, Any] = {
        "players": Player.objects.filter(pk__in=[p.pk for p in mine])
        .select_related("club")
        .order_by("pk"),
        "nights": within.nights.count(),
        "ratings": [],
        "record": None,
        "rivals": None,
    }
    if mine:
        me_as = Player.objects.get(pk=within.one(mine[0].pk))
        body["ratings"] = ratings.player_ratings(within, me_as)
        body["record"] = records.player_record(within, me_as)
        body["rivals"] = rivals.rivals(within, me_as)
    return Response(MeOut(body).data)
