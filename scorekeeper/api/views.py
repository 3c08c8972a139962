"""The REST API under /api/v1/. Thin: read with selectors, write with services."""

from __future__ import annotations

import dataclasses
from typing import Any

from django.contrib.auth.models import User
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.decorators import authentication_classes, permission_classes
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from adjudicator.answers import answer_json
from adjudicator.asking import describe_asks
from adjudicator.games import all_games, get_game
from adjudicator.records import describe
from scorekeeper.access import roles
from scorekeeper.api import paging, shapes
from scorekeeper.api.conditional import (
    IF_MATCH,
    PRECONDITION_FAILED,
    if_match,
    revision_from_if_match,
)
from scorekeeper.api.decorators import api_view
from scorekeeper.api.serializers.errors import ErrorOut
from scorekeeper.api.serializers.game_types import GameTypeOut
from scorekeeper.api.serializers.games import (
    DealAmendIn,
    DealConfirmIn,
    DealRecordIn,
    DealVoidIn,
    EntryOut,
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
from scorekeeper.api.serializers.rulings import HandDisputeIn, HandDisputeOut, RulingIn, RulingOut
from scorekeeper.api.serializers.standings import StandingsOut
from scorekeeper.desk import asking, disputes
from scorekeeper.exceptions import InvalidInput
from scorekeeper.games import confirmations
from scorekeeper.games import services as game_services
from scorekeeper.house_rules import profile_selectors
from scorekeeper.languages.speaking import sentences_of, speak_json
from scorekeeper.models import Game, Night
from scorekeeper.nights import selectors as night_selectors
from scorekeeper.nights import services as night_services
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


def _night_for(request: Request, pk: int) -> Night:
    """A night the user may see (owner or recorder); 404 for anyone else."""
    return get_object_or_404(roles.nights_for_user(request.user), pk=pk)


def _game_for(request: Request, pk: int) -> Game:
    return get_object_or_404(roles.games_for_user(request.user), pk=pk)


def _user(request: Request) -> User:
    """The signed-in user (every view but the rules questions requires one)."""
    assert isinstance(request.user, User)
    return request.user


def profile_options(request: Request, pk: int, slug: str) -> dict[str, Any]:
    """The house rules of the user's profile ``pk`` for a game of ``slug`` (400 otherwise)."""
    profile = profile_selectors.profiles_for_user(request.user).filter(pk=pk).first()
    if profile is None:
        raise InvalidInput(f"You have no house-rule profile with id {pk}.", field="profile")
    return profile_selectors.profile_options_for_start(profile, slug)


def _for_this_game(game: Game, data: dict[str, Any]) -> dict[str, Any]:
    """A deal body names its game: one for another game is refused before its rules run."""
    if data.get("game", game.slug) != game.slug:
        definition = get_game(game.slug)
        raise InvalidInput(
            f"Game {game.pk} is {definition.name} ({game.slug}), not {data['game']}: send "
            f"this deal to a game of {data['game']}, or a deal of {definition.name} here.",
            field="game",
        )
    return {**data, "deal": shapes.sent_deal(game.slug, data["deal"])}


def _valid(serializer_class: type[Any], request: Request, body: Any = None) -> dict[str, Any]:
    serializer = serializer_class(data=request.data if body is None else body)
    serializer.is_valid(raise_exception=True)
    data: dict[str, Any] = serializer.validated_data
    return data


# /api/v1/players/ -------------------------------------------------------------------------------


@extend_schema(request=PlayerIn, responses={200: PlayerOut(many=True), 201: PlayerOut})
@api_view(["GET", "POST"])
def players(request: Request) -> Response:
    if request.method == "GET":
        return paging.page(request, roles.players_for_user(request.user), ("name", "id"), PlayerOut)
    data = _valid(PlayerIn, request)
    player = night_services.player_create(owner=_user(request), name=data["name"])
    return Response(PlayerOut(player).data, status=status.HTTP_201_CREATED)


# /api/v1/nights/ --------------------------------------------------------------------------------


@extend_schema(request=NightIn, responses={200: NightSummaryOut(many=True), 201: NightOut})
@api_view(["GET", "POST"])
def nights(request: Request) -> Response:
    if request.method == "GET":
        nights = roles.nights_for_user(request.user)
        return paging.page(request, nights, ("-date", "-id"), NightSummaryOut)
    data = _valid(NightIn, request)
    night = night_services.night_create(owner=_user(request), **data)
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
    nights = roles.with_games(roles.nights_for_user(request.user))
    night = get_object_or_404(nights, pk=pk)
    if request.method == "PATCH":
        roles.require_owner(_user(request), night, "change how it keeps score")
        data = _valid(NightSettingsIn, request)
        night = confirmations.night_ask_confirmations(
            night=night, by=_user(request), on=data["confirmations"]
        )
    return Response(NightOut(night).data)


@extend_schema(request=RecorderIn, responses={201: NightOut})
@api_view(["POST"])
def night_recorders(request: Request, pk: int) -> Response:
    night = _night_for(request, pk)
    roles.require_owner(_user(request), night, "add people who record")
    data = _valid(RecorderIn, request)
    night_services.night_add_recorder(night=night, by=_user(request), username=data["username"])
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
    night = _night_for(request, pk)
    # The name comes from the path, so check it as a body's would be (length, no NUL, which
    # PostgreSQL cannot take in a query).
    name = RecorderIn(data={"username": username})
    name.is_valid(raise_exception=True)
    night_services.night_remove_recorder(
        night=night, by=_user(request), username=name.validated_data["username"]
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
    night = _night_for(request, pk)
    roles.require_recorder(_user(request), night)
    data = _valid(GameIn, request)
    allowed = {p.pk: p for p in night_selectors.players_for_night(night)}
    unknown = [pid for pid in data["players"] if pid not in allowed]
    if unknown:
        raise InvalidInput(f"No player with id {unknown[0]} can join this night.", field="players")
    options = shapes.sent_options(data["game"], data.get("options", {}))
    if "profile" in data:  # house-rule profiles (issue 10): the user's own, else a 400
        options = profile_options(request, data["profile"], data["game"])
    game = game_services.game_start(
        night=night,
        by=_user(request),
        slug=data["game"],
        players=[allowed[pid] for pid in data["players"]],
        options=options,
    )
    return Response(GameOut(game).data, status=status.HTTP_201_CREATED)


# /api/v1/games/ ---------------------------------------------------------------------------------


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
    game = _game_for(request, pk)
    if request.method == "DELETE":
        game_services.game_remove(game=game, by=_user(request))
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
    game = _game_for(request, pk)
    if request.method == "GET":
        entries = game.entries.select_related("recorded_by")
        return paging.page(request, entries, ("id",), EntryOut)
    roles.require_recorder(_user(request), game.night)
    data = _for_this_game(game, _valid(DealRecordIn, request))
    entry = game_services.deal_record(
        game=game,
        by=_user(request),
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
    game = _game_for(request, pk)
    roles.require_recorder(_user(request), game.night)
    body = revision_from_if_match(request)
    data = _for_this_game(game, _valid(DealAmendIn, request, body))
    with if_match(request):
        entry = game_services.deal_amend(
            game=game,
            deal_key=deal,
            by=_user(request),
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
    game = _game_for(request, pk)
    roles.require_recorder(_user(request), game.night)
    data = _valid(DealConfirmIn, request, revision_from_if_match(request))
    with if_match(request):
        entry = confirmations.deal_confirm(
            game=game,
            deal_key=deal,
            by=_user(request),
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
    game = _game_for(request, pk)
    roles.require_recorder(_user(request), game.night)
    data = _valid(HandDisputeIn, request)
    ruling = disputes.hand_dispute(
        game=game,
        deal_key=deal,
        by=_user(request),
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
    game = _game_for(request, pk)
    roles.require_recorder(_user(request), game.night)
    data = _valid(DealVoidIn, request, revision_from_if_match(request))
    with if_match(request):
        entry = game_services.deal_void(
            game=game,
            deal_key=deal,
            by=_user(request),
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
    game = _game_for(request, pk)
    change = game_services.game_end if request.method == "POST" else game_services.game_end_undo
    change(game=game, by=_user(request))
    return Response(StandingsOut(scoreboard.game_standings(game)).data)


@extend_schema(responses=StandingsOut)
@api_view(["GET"])
def game_standings(request: Request, pk: int) -> Response:
    standings = scoreboard.game_standings(_game_for(request, pk))
    return Response(StandingsOut(standings).data)


# /api/v1/game-types/ and /api/v1/adjudicate/ ----------------------------------------------------


@extend_schema(responses=GameTypeOut(many=True), auth=[])
@api_view(["GET"])
@authentication_classes([])
@permission_classes([AllowAny])
def game_types(request: Request) -> Response:
    body = [
        {
            "slug": game.slug,
            "name": game.name,
            "min_players": game.min_players,
            "max_players": game.max_players,
            "lower_is_better": game.lower_is_better,
            "options": [
                {
                    "name": o.name,
                    "kind": o.kind,
                    "default": o.default,
                    "choices": list(o.choices),
                    "labels": list(o.labels),
                    "minimum": o.minimum,
                    "maximum": o.maximum,
                    "doc": o.doc,
                    "rule": o.rule,
                }
                for o in game.describe_options()
            ],
            "questions": {name: q.summary for name, q in game.questions().items()},
            "question_inputs": [
                {
                    "name": name,
                    "summary": q.summary,
                    "takes_players": q.asks.players,
                    "tables": [
                        _with_example_shaped(
                            game.slug, name, players, describe_asks(q.asks, players, game.options())
                        )
                        for players in game.table_sizes()
                    ],
                }
                for name, q in game.questions().items()
                if q.asks is not None
            ],
            "family": game.family,
            "marks": [{"key": m.key, "symbol": m.symbol, "meaning": m.meaning} for m in game.marks],
            "tables": [
                {
                    "players": players,
                    "sides": [list(side) for side in game.seating(players, game.options()).sides],
                    "end": {
                        "kind": (rule := game.end_rule(game.options(), players)).kind,
                        **dataclasses.asdict(rule),
                    },
                    "record": describe(game.record(game.options(), players)),
                }
                for players in game.table_sizes()
            ],
        }
        for game in all_games()
    ]
    return Response(body)


def _with_example_shaped(
    slug: str, question: str, players: int, described: dict[str, Any]
) -> dict[str, Any]:
    """A question's description at a table size, its example saying which body it is."""
    options = get_game(slug).options()
    example = shapes.question_shaped(slug, question, options, players, described["example"])
    return {**described, "example": example}


# The schema gives each game's question its own operation, body and answer
# (scorekeeper.api.schema.ADJUDICATE_PATH): POST /adjudicate/knock-rummy/deal/ and so on.
@extend_schema(request=OpenApiTypes.OBJECT, responses=OpenApiTypes.OBJECT, auth=[])
@api_view(["POST"])
@authentication_classes([])
@permission_classes([AllowAny])
def adjudicate(request: Request, game: str, question: str) -> Response:
    if not isinstance(request.data, dict):
        raise InvalidInput("Send a JSON object.", field="body")
    return Response(adjudicated(game, question, shapes.sent_question(game, question, request.data)))


def adjudicated(game: str, question: str, sent: dict[str, Any]) -> Any:
    """What the adjudicator answers ``question`` of ``game`` asked with ``sent`` (its
    ``object`` taken out): the answer in the language asked, its sentences as data, and what
    it is."""
    definition = get_game(game)
    answer = answer_json(definition.ask(question, sent))
    body = speak_json(answer)
    if isinstance(body, dict):
        body["said"] = sentences_of(answer)
        options = definition.options(shapes.sent_options(game, sent.get("options") or {}))
        body = shapes.answer_shaped(game, question, options, sent.get("players"), body)
    return body


# /api/v1/nights/<id>/rulings/ (the dispute desk) ---------------------------------------------


@extend_schema(request=RulingIn, responses={200: RulingOut(many=True), 201: RulingOut})
@api_view(["GET", "POST"])
def night_rulings(request: Request, pk: int) -> Response:
    """The rulings a night keeps; its owner and recorders save one (asked again here)."""
    night = _night_for(request, pk)
    if request.method == "GET":
        rulings = night.rulings.select_related("saved_by")
        return paging.page(request, rulings, ("-saved_at", "-id"), RulingOut)
    roles.require_recorder(_user(request), night, "save")
    data = _valid(RulingIn, request)
    ruling = asking.ruling_save(
        night=night,
        by=_user(request),
        slug=data["game"],
        question=data["question"],
        data=shapes.sent_question(data["game"], data["question"], data["input"], "input"),
        players=data.get("players"),
        options=shapes.sent_options(data["game"], data["options"]),
        note=data["note"],
    )
    return Response(RulingOut(ruling).data, status=status.HTTP_201_CREATED)
