"""The OpenAPI schema's exact parts: every refusal an operation can answer, each game's deal body.

``AutoSchema`` adds to each operation the error answers it can give, all with the one error
body (:class:`~scorekeeper.api.serializers.ErrorOut`): 400 where it takes input (a body, a
query parameter, or a name in its path), 401 and 403
(and 429 ``locked_out`` with ``Retry-After``, a Basic-auth lock-out) where it needs a signed-in
user, 404 where its path names an object, 503 ``busy`` with ``Retry-After`` where it writes
(scorekeeper.busy). A view documents anything else (409) itself, with ``@extend_schema``; on a
view that
takes GET and POST, the GET keeps none of the POST's 201 and 409.

``postprocess`` then puts each game's deal body in the components (``Deal<Game>``, from the
game's record description, with a sample deal as its example), and each question's body
(``Ask<Game><Question>``, from what the question asks, with its sample input) and marks every request body as
refusing unknown fields, as the API does.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular import openapi
from drf_spectacular.utils import OpenApiParameter

from adjudicator.asking import input_schema
from adjudicator.games import all_games
from adjudicator.records import json_schema, openapi_schema
from scorekeeper import export_format

ERRORS = {
    400: "Refused: the body, a field or a query parameter is not what this takes (the body's "
    "field says which).",
    401: "Not signed in: send an API token (Authorization: Token sk_...) or HTTP Basic.",
    403: "Signed in, but not allowed to do this (a viewer writing, a recorder doing the owner's "
    "part).",
    404: "Nothing here that you can see (an object of another night is not found either).",
    429: "Locked out (code `locked_out`): too many wrong passwords for this account from this "
    "address (HTTP Basic). `Retry-After` says in how many seconds it may try again.",
    503: "Busy (code `busy`): the write waited for another one past its timeout and saved "
    "nothing; try again after the Retry-After header's seconds.",
}
# The answers that carry a header besides the error body.
HEADERS = {
    429: {
        "Retry-After": {
            "schema": {"type": "integer", "minimum": 0},
            "description": "Seconds until the lock-out ends.",
        }
    },
    503: {
        "Retry-After": {
            "schema": {"type": "integer", "minimum": 0},
            "description": "Seconds to wait before trying the write again.",
        }
    },
}


class AutoSchema(openapi.AutoSchema):
    def _get_response_bodies(self, direction: Any = "response") -> dict[str, Any]:
        responses: dict[str, Any] = super()._get_response_bodies(direction)
        if direction != "response":
            return responses
        if self.method == "GET":
            # A view taking GET and POST shares one @extend_schema: a read creates nothing and
            # conflicts with nothing, so its 201 and 409 belong to the POST alone.
            responses.pop("201", None)
            responses.pop("409", None)
        from scorekeeper.api.serializers import ErrorOut

        for code in self._error_codes():
            if str(code) not in responses:
                body = self._get_response_for_code(  # type: ignore[no-untyped-call]
                    ErrorOut, str(code), direction=direction
                )
                responses[str(code)] = {**body, "description": ERRORS[code]}
                if code in HEADERS:
                    responses[str(code)]["headers"] = HEADERS[code]
        return responses

    def _error_codes(self) -> list[int]:
        codes = []
        parameters = self._get_parameters()
        # A query parameter, a body, or a name in the path (a username that is not a recorder).
        takes_input = self.method in ("POST", "PUT", "PATCH") or any(
            p.get("in") == "query" or p.get("schema", {}).get("type") == "string"
            for p in parameters
        )
        if takes_input:
            codes.append(400)
        if self.get_auth():
            codes += [401, 403, 429]
        if "{" in self.path:
            codes.append(404)
        if self.method in ("POST", "PUT", "PATCH", "DELETE"):
            codes.append(503)  # a write can wait for the database's lock past its timeout
        return codes


def deal_component(slug: str) -> str:
    """The component name of a game's deal body: ``bridge-rummy`` → ``DealBridgeRummy``."""
    return "Deal" + "".join(part.capitalize() for part in slug.split("-"))


def deal_schemas() -> dict[str, dict[str, Any]]:
    """Each game's deal body as an OpenAPI schema, by component name (no game named here)."""
    out = {}
    for game in all_games():
        options = game.options()
        players = game.max_players
        # A record can differ by table size (more tricks at three): one variant per size.
        by_size: dict[str, Any] = {}
        for size in game.table_sizes():
            variant = openapi_schema(json_schema(game.record(options, size), size))
            by_size.setdefault(repr(variant), {**variant, "title": f"{size} players"})
        variants = list(by_size.values())
        schema = variants[0] if len(variants) == 1 else {"anyOf": variants}
        example = game.sample_deal(players=players, options=options, number=1)
        out[deal_component(game.slug)] = {
            **schema,
            "title": game.name,
            "description": f"A deal of {game.name} (`{game.slug}`), seats from 0 "
            f"({game.min_players} to {game.max_players} players).",
            "example": example,
        }
    return out


def deal_body() -> dict[str, Any]:
    """The deal field's schema: one of the games' deal bodies (the game's own id decides which)."""
    return {
        "anyOf": [{"$ref": f"#/components/schemas/{name}"} for name in deal_schemas()],
    }


def ask_component(slug: str, question: str) -> str:
    """A question's body component: ``bridge-rummy``, ``initial-meld`` →
    ``AskBridgeRummyInitialMeld``."""
    return "Ask" + deal_component(slug).removeprefix("Deal") + deal_component(question)[4:]


def question_schemas() -> dict[str, dict[str, Any]]:
    """Each question's body as an OpenAPI schema, by component name: from what the question
    asks (:func:`adjudicator.asking.input_schema`), one variant per table size where they
    differ, its sample input as its example. Every game and question, none named here."""
    out = {}
    for game in all_games():
        options = game.options()
        for name, question in game.questions().items():
            if question.asks is None:
                continue
            by_size: dict[str, Any] = {}
            for size in game.table_sizes():
                variant = openapi_schema(input_schema(question.asks, size, options))
                by_size.setdefault(repr(variant), {**variant, "title": f"{size} players"})
            variants = list(by_size.values())
            schema = variants[0] if len(variants) == 1 else {"anyOf": variants}
            players = game.max_players
            example = question.asks.example(players, options)
            if question.asks.players:
                example["players"] = players
            out[ask_component(game.slug, name)] = {
                **schema,
                "title": f"{game.name}: {name}",
                "description": f"POST /adjudicate/{game.slug}/{name}/: {question.summary}",
                "example": example,
            }
    return out


def question_body() -> dict[str, Any]:
    """The adjudicate body's schema: one of the questions' bodies (the path decides which)."""
    return {"anyOf": [{"$ref": f"#/components/schemas/{name}"} for name in question_schemas()]}


def question_path_parameters() -> list[OpenApiParameter]:
    """``{game}`` and ``{question}`` of /adjudicate/, with their values published: every game
    that answers a question, and every question some game answers (which game answers which,
    GET /game-types/ says; a pair that does not go together is a 400 naming the game's)."""
    games = [game for game in all_games() if game.questions()]
    questions = sorted({name for game in games for name in game.questions()})
    return [
        OpenApiParameter(
            "game",
            str,
            OpenApiParameter.PATH,
            enum=[game.slug for game in games],
            description="The game, by its slug.",
        ),
        OpenApiParameter(
            "question",
            str,
            OpenApiParameter.PATH,
            enum=questions,
            description="One of the game's questions (GET /game-types/ lists each game's).",
        ),
    ]


# The import's request body: the export's own format (scorekeeper.export_format).
IMPORT_PATH = "/api/v1/import/"


def postprocess(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """Add the games' deal bodies and the export's format; refuse unknown fields in every
    request body."""
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    schemas.update(deal_schemas())
    schemas.update(question_schemas())
    schemas["Export"] = export_format.openapi_schema()
    post = result.get("paths", {}).get(IMPORT_PATH, {}).get("post")
    if post is not None:
        post["requestBody"] = {
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Export"}}},
            "required": True,
            "description": "A JSON export, as GET /api/v1/export/ answers it "
            "(also at /api/v1/export-schema.json as a JSON Schema).",
        }
    for name, schema in schemas.items():
        if name.endswith("Request") and "properties" in schema:
            schema.setdefault("additionalProperties", False)
    return result
