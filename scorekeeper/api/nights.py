"""Players and nights under /api/v1/: the roster, a night, its recorders and games."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from scorekeeper.access import clubs, roles
from scorekeeper.api import paging, shapes
from scorekeeper.api.decorators import api_view
from scorekeeper.api.games import FIRST_GAME
from scorekeeper.api.lookups import night_for, profile_options, user_of, valid
from scorekeeper.api.serializers.games import (
    GameIn,
    GameOut,
)
from scorekeeper.api.serializers.nights import (
    NightIn,
    NightOut,
    NightSettingsIn,
    NightSummaryOut,
    RecorderIn,
)
from scorekeeper.api.serializers.players import PlayerIn, PlayerOut
from scorekeeper.exceptions import InvalidInput
from scorekeeper.games import confirmations
from scorekeeper.games import services as game_services
from scorekeeper.nights import selectors as night_selectors
from scorekeeper.nights import services as night_services


@extend_schema(request=PlayerIn, responses={200: PlayerOut(many=True), 201: PlayerOut})
@api_view(["GET", "POST"])
def players(request: Request) -> Response:
    if request.method == "GET":
        return paging.page(request, roles.players_for_user(request.user), ("name", "id"), PlayerOut)
    data = valid(PlayerIn, request)
    player = night_services.player_create(owner=user_of(request), name=data["name"])
    return Response(PlayerOut(player).data, status=status.HTTP_201_CREATED)


@extend_schema(request=NightIn, responses={200: NightSummaryOut(many=True), 201: NightOut})
@api_view(["GET", "POST"])
def nights(request: Request) -> Response:
    if request.method == "GET":
        nights = roles.nights_for_user(request.user).select_related("club")
        return paging.page(request, nights, ("-date", "-id"), NightSummaryOut)
    data = valid(NightIn, request)
    if "club" in data:  # a club's night: 404 for a club the user is not in
        data["club"], _ = clubs.club_for(user_of(request), data["club"])
    night = night_services.night_create(owner=user_of(request), **data)
    return Response(NightOut(night).data, status=status.HTTP_201_CREATED)


@extend_schema(
    methods=["PATCH"],
    request=NightSettingsIn,
    responses={200: NightOut},
    description="The night's owner changes how the night keeps score: whether each deal "
    "waits for the other side's confirmation, from now on. Nothing recorded changes: each "
    "game begun keeps in its ledger the entry from which it asks (or no longer asks), deals "
    "recorded before count as they are, and a game already over stays over. 403 for anyone "
    "else.",
)
@extend_schema(methods=["GET"], responses=NightOut)
@api_view(["GET", "PATCH"])
def night_detail(request: Request, pk: int) -> Response:
    nights = roles.with_games(roles.nights_for_user(request.user)).select_related("club")
    night = get_object_or_404(nights, pk=pk)
    if request.method == "PATCH":
        roles.require_owner(user_of(request), night, "change how it keeps score")
        data = valid(NightSettingsIn, request)
        night = confirmations.night_ask_confirmations(
            night=night, by=user_of(request), on=data["confirmations"]
        )
    return Response(NightOut(night).data)


@extend_schema(request=RecorderIn, responses={201: NightOut})
@api_view(["POST"])
def night_recorders(request: Request, pk: int) -> Response:
    night = night_for(request, pk)
    roles.require_owner(user_of(request), night, "add people who record")
    data = valid(RecorderIn, request)
    night_services.night_add_recorder(night=night, by=user_of(request), username=data["username"])
    return Response(NightOut(night).data, status=status.HTTP_201_CREATED)


@extend_schema(
    request=None,
    responses={204: None},
    description=(
        "The night's owner takes away someone's right to record in the night (`username`, "
        "any case). What they recorded stays in the ledger. 403 for anyone but the owner; "
        "400 (field `username`) if that person does not record in the night."
    ),
)
@api_view(["DELETE"])
def night_recorder(request: Request, pk: int, username: str) -> Response:
    night = night_for(request, pk)
    # The name comes from the path, so check it as a body's would be (length, no NUL, which
    # PostgreSQL cannot take in a query).
    name = RecorderIn(data={"username": username})
    name.is_valid(raise_exception=True)
    night_services.night_remove_recorder(
        night=night, by=user_of(request), username=name.validated_data["username"]
    )
    return Response(status=status.HTTP_204_NO_CONTENT)


@extend_schema(
    request=GameIn,
    responses={201: GameOut},
    examples=[
        OpenApiExample(
            f"{FIRST_GAME.name} for {FIRST_GAME.max_players}",
            value={
                "game": FIRST_GAME.slug,
                "players": list(range(1, FIRST_GAME.max_players + 1)),
                "options": {},
            },
            request_only=True,
        )
    ],
)
@api_view(["POST"])
def night_games(request: Request, pk: int) -> Response:
    night = night_for(request, pk)
    roles.require_recorder(user_of(request), night)
    data = valid(GameIn, request)
    allowed = {p.pk: p for p in night_selectors.players_for_night(night)}
    unknown = [pid for pid in data["players"] if pid not in allowed]
    if unknown:
        raise InvalidInput(f"No player with id {unknown[0]} can join this night.", field="players")
    options = shapes.sent_options(data["game"], data.get("options", {}))
    if "profile" in data:  # house-rule profiles (issue 10): the user's own, else a 400
        options = profile_options(request, data["profile"], data["game"])
    game = game_services.game_start(
        night=night,
        by=user_of(request),
        slug=data["game"],
        players=[allowed[pid] for pid in data["players"]],
        options=options,
    )
    return Response(GameOut(game).data, status=status.HTTP_201_CREATED)
