"""The games' descriptions and questions: /api/v1/game-types/, /adjudicate/ and a night's rulings."""

from __future__ import annotations

import dataclasses
from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
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
from scorekeeper.api.decorators import api_view
from scorekeeper.api.lookups import night_for, user_of, valid
from scorekeeper.api.serializers.game_types import GameTypeOut
from scorekeeper.api.serializers.rulings import RulingIn, RulingOut
from scorekeeper.desk import asking
from scorekeeper.exceptions import InvalidInput
from scorekeeper.languages.speaking import sentences_of, speak_json


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


@extend_schema(request=RulingIn, responses={200: RulingOut(many=True), 201: RulingOut})
@api_view(["GET", "POST"])
def night_rulings(request: Request, pk: int) -> Response:
    """The rulings a night keeps; its owner and recorders save one (asked again here)."""
    night = night_for(request, pk)
    if request.method == "GET":
        rulings = night.rulings.select_related("saved_by")
        return paging.page(request, rulings, ("-saved_at", "-id"), RulingOut)
    roles.require_recorder(user_of(request), night, "save")
    data = valid(RulingIn, request)
    ruling = asking.ruling_save(
        night=night,
        by=user_of(request),
        slug=data["game"],
        question=data["question"],
        data=shapes.sent_question(data["game"], data["question"], data["input"], "input"),
        players=data.get("players"),
        options=shapes.sent_options(data["game"], data["options"]),
        note=data["note"],
    )
    return Response(RulingOut(ruling).data, status=status.HTTP_201_CREATED)
