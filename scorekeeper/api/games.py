"""A game under /api/v1/games/: its ledger, a deal recorded, amended, confirmed, disputed or voided, its end and standings."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from adjudicator.games import all_games
from scorekeeper.access import roles
from scorekeeper.api import paging, shapes
from scorekeeper.api.conditional import (
    IF_MATCH,
    PRECONDITION_FAILED,
    if_match,
    revision_from_if_match,
)
from scorekeeper.api.decorators import api_view
from scorekeeper.api.lookups import for_this_game, game_for, user_of, valid
from scorekeeper.api.serializers.errors import ErrorOut
from scorekeeper.api.serializers.games import (
    DealAmendIn,
    DealConfirmIn,
    DealRecordIn,
    DealVoidIn,
    EntryOut,
    GameOut,
)
from scorekeeper.api.serializers.rulings import HandDisputeIn, HandDisputeOut
from scorekeeper.api.serializers.standings import StandingsOut
from scorekeeper.desk import disputes
from scorekeeper.games import confirmations
from scorekeeper.games import services as game_services
from scorekeeper.standings import scoreboard

# The docs' example deal: the first game's own sample (a game's description, not one named here).
FIRST_GAME = all_games()[0]


CONFLICT_RECORD = OpenApiResponse(
    ErrorOut,
    description="token_reused: the token recorded another deal; stale_deal: someone recorded "
    "this deal number meanwhile (the body has latest and expected).",
)


CONFLICT_CHANGE = OpenApiResponse(
    ErrorOut, description="conflict: someone changed the deal since the revision you sent."
)


@extend_schema(
    responses={
        200: GameOut,
        204: None,
        409: OpenApiResponse(
            ErrorOut, description="game_has_entries: the game has entries in its ledger."
        ),
    },
    description="GET: the game. DELETE: remove a game started by mistake, one with nothing "
    "in its ledger (not even a voided deal); a game with entries stays (409).",
)
@api_view(["GET", "DELETE"])
def game_detail(request: Request, pk: int) -> Response:
    game = game_for(request, pk)
    if request.method == "DELETE":
        game_services.game_remove(game=game, by=user_of(request))
        return Response(status=status.HTTP_204_NO_CONTENT)
    return Response(GameOut(game).data)


@extend_schema(
    request=DealRecordIn,
    responses={200: EntryOut(many=True), 201: EntryOut, 409: CONFLICT_RECORD},
    description="GET: the whole ledger of the game, every entry in order. POST: record a deal.",
    examples=[
        OpenApiExample(
            f"{FIRST_GAME.name}: a sample deal",
            value={
                "game": FIRST_GAME.slug,
                "deal": shapes.deal_shaped(
                    FIRST_GAME.slug,
                    FIRST_GAME.options(),
                    FIRST_GAME.min_players,
                    FIRST_GAME.sample_deal(
                        players=FIRST_GAME.min_players, options=FIRST_GAME.options(), number=1
                    ),
                ),
            },
            request_only=True,
        )
    ],
)
@api_view(["GET", "POST"])
def game_deals(request: Request, pk: int) -> Response:
    game = game_for(request, pk)
    if request.method == "GET":
        entries = game.entries.select_related("recorded_by")
        return paging.page(request, entries, ("id",), EntryOut)
    roles.require_recorder(user_of(request), game.night)
    data = for_this_game(game, valid(DealRecordIn, request))
    entry = game_services.deal_record(
        game=game,
        by=user_of(request),
        data=data["deal"],
        token=data.get("token"),
        number=data.get("number"),
        seat=data["seat"],
    )
    return Response(EntryOut(entry).data, status=status.HTTP_201_CREATED)


@extend_schema(
    request=DealAmendIn,
    parameters=[IF_MATCH],
    responses={201: EntryOut, 409: CONFLICT_CHANGE, 412: PRECONDITION_FAILED},
)
@api_view(["POST"])
def deal_amend(request: Request, pk: int, deal: int) -> Response:
    game = game_for(request, pk)
    roles.require_recorder(user_of(request), game.night)
    body = revision_from_if_match(request)
    data = for_this_game(game, valid(DealAmendIn, request, body))
    with if_match(request):
        entry = game_services.deal_amend(
            game=game,
            deal_key=deal,
            by=user_of(request),
            data=data["deal"],
            note=data["note"],
            revision=data["revision"],
            seat=data["seat"],
            settles=data["settles"],
        )
    return Response(EntryOut(entry).data, status=status.HTTP_201_CREATED)


@extend_schema(
    request=DealConfirmIn,
    parameters=[IF_MATCH],
    responses={201: EntryOut, 409: CONFLICT_CHANGE, 412: PRECONDITION_FAILED},
    description="A player of another side than the deal's recorder confirms it as it stands "
    "(a night that asks for confirmations). Confirming again by the same player answers the "
    "same entry; 400 (field seat) for a player of the recorder's side, (field deal) on a night "
    "that does not ask; 409 if the deal changed since `revision` or another player confirmed it.",
)
@api_view(["POST"])
def deal_confirm(request: Request, pk: int, deal: int) -> Response:
    game = game_for(request, pk)
    roles.require_recorder(user_of(request), game.night)
    data = valid(DealConfirmIn, request, revision_from_if_match(request))
    with if_match(request):
        entry = confirmations.deal_confirm(
            game=game,
            deal_key=deal,
            by=user_of(request),
            seat=data["seat"],
            revision=data["revision"],
        )
    return Response(EntryOut(entry).data, status=status.HTTP_201_CREATED)


@extend_schema(
    request=HandDisputeIn,
    responses={201: HandDisputeOut},
    description="Ask the dispute desk about a recorded hand and keep the answer: a ruling of "
    "the night, and a dispute entry in the game's ledger (it changes no score). By default the "
    "question and input are the hand as recorded, read under the game's house rules. 400 "
    "(field deal) for a voided hand or one not of this game.",
)
@api_view(["POST"])
def hand_dispute(request: Request, pk: int, deal: int) -> Response:
    game = game_for(request, pk)
    roles.require_recorder(user_of(request), game.night)
    data = valid(HandDisputeIn, request)
    ruling = disputes.hand_dispute(
        game=game,
        deal_key=deal,
        by=user_of(request),
        question=data.get("question"),
        data=shapes.sent_question(game.slug, data.get("question"), data.get("input"), "input"),
        note=data["note"],
        seat=data["seat"],
    )
    body = {"ruling": ruling, "dispute": ruling.dispute}
    return Response(HandDisputeOut(body).data, status=status.HTTP_201_CREATED)


@extend_schema(
    request=DealVoidIn,
    parameters=[IF_MATCH],
    responses={201: EntryOut, 409: CONFLICT_CHANGE, 412: PRECONDITION_FAILED},
)
@api_view(["POST"])
def deal_void(request: Request, pk: int, deal: int) -> Response:
    game = game_for(request, pk)
    roles.require_recorder(user_of(request), game.night)
    data = valid(DealVoidIn, request, revision_from_if_match(request))
    with if_match(request):
        entry = game_services.deal_void(
            game=game,
            deal_key=deal,
            by=user_of(request),
            note=data["note"],
            revision=data["revision"],
        )
    return Response(EntryOut(entry).data, status=status.HTTP_201_CREATED)


@extend_schema(
    request=None,
    responses={
        200: StandingsOut,
        400: OpenApiResponse(
            ErrorOut,
            description="Refused: the game ends by its own rule, has no deal yet (POST), or "
            "has not been ended (DELETE); field `game`.",
        ),
    },
    description=(
        "Settlement games run until the table stops. POST records the table's end in the "
        "ledger: the game is finished, won by the one most up, and takes no more deals. "
        "DELETE voids that end and the game goes on. Answers the game's standings. A game "
        "that ends by its own rule, or has no deal yet, is refused with 400 (field `game`)."
    ),
)
@api_view(["POST", "DELETE"])
def game_end(request: Request, pk: int) -> Response:
    game = game_for(request, pk)
    change = game_services.game_end if request.method == "POST" else game_services.game_end_undo
    change(game=game, by=user_of(request))
    return Response(StandingsOut(scoreboard.game_standings(game)).data)


@extend_schema(responses=StandingsOut)
@api_view(["GET"])
def game_standings(request: Request, pk: int) -> Response:
    standings = scoreboard.game_standings(game_for(request, pk))
    return Response(StandingsOut(standings).data)
