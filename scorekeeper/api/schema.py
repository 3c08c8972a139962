"""The OpenAPI schema's exact parts: every refusal an operation can answer, each game's deal body.

``AutoSchema`` adds to each operation the error answers it can give, all with the one error
body (:class:`~scorekeeper.api.serializers.errors.ErrorOut`): 400 where it takes input (a body, a
query parameter, or a name in its path), 401 and 403
(and 429 with ``Retry-After``: a token's rate limit, or a Basic-auth lock-out) where it needs a
signed-in user, 404 where its path names an object, 503 ``busy`` with ``Retry-After`` where it
writes (scorekeeper.web.busy). A view documents anything else (409) itself, with ``@extend_schema``; on a
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

from adjudicator.games import all_games
from scorekeeper.api import examples, paging, ratelimit
from scorekeeper.api.game_schemas import (
    REF,
    answer_component,
    answer_union,
    ask_component,
    ask_union,
    by_game_union,
    deal_component,
    deal_union,
    game_schemas,
    options_component,
    questions,
    ref,
)
from scorekeeper.api.idempotency import HEADER, REPLAYED
from scorekeeper.api.serializers.errors import FIELD_ERRORS, ErrorOut
from scorekeeper.api.serializers.game_types import QUESTION_FIELD, RECORD, RECORD_FIELD
from scorekeeper.api.serializers.games import DISPUTE_DATA, NO_DATA, SETTING_DATA
from scorekeeper.models import Entry
from scorekeeper.transfer import club_format, export_format
from scorekeeper.web.problems import MEDIA_TYPE

ERRORS = {
    400: "Refused: the body, a field or a query parameter is not what this takes (the body's "
    "field says which).",
    401: "Not signed in: send an API token (Authorization: Token sk_...) or HTTP Basic.",
    403: "Signed in, but not allowed to do this (a viewer writing, a recorder doing the owner's "
    "part).",
    404: "Nothing here that you can see (an object of another night is not found either).",
    429: "Too many requests: `throttled`, past the rate limit of this token or account "
    "(`RateLimit` says which; nothing was done), or `locked_out`: too many wrong passwords for "
    "this account from this address (HTTP Basic). `Retry-After` says in how many seconds it may "
    "try again.",
    503: "Busy (code `busy`): the write waited for another one past its timeout and saved "
    "nothing; try again after the Retry-After header's seconds.",
}
# The answers that carry a header besides the error body.
HEADERS = {
    429: {
        "Retry-After": {
            "schema": {"type": "integer", "minimum": 0},
            "description": "Seconds until the rate limit lets a request through again, or "
            "the lock-out ends.",
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
        # A view taking several methods shares one @extend_schema: each method keeps the
        # answers it gives. A read creates, removes and conflicts with nothing; a write that
        # creates answers 201, one that removes 204, never the read's 200.
        # A write alone keeps every answer it declares (an import: 201, or 200 when the whole
        # file was here already).
        shared = "GET" in getattr(self.view, "allowed_methods", ())
        if self.method == "GET":
            for answer in ("201", "204", "409"):
                responses.pop(answer, None)
        elif self.method == "POST" and "201" in responses and shared:
            responses.pop("200", None)
            responses.pop("204", None)
        elif self.method == "DELETE" and "204" in responses:
            responses.pop("200", None)
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


# The import's request body: the export's own format (scorekeeper.transfer.export_format).
IMPORT_PATH = "/api/v1/import/"
# One route answers every question; the schema gives each its own operation (postprocess).
ADJUDICATE_PATH = "/api/v1/adjudicate/{game}/{question}/"

# Bodies that name their game (`game`, the slug): one member per game, picked by that name.
# drf-spectacular describes the serializer once; postprocess makes the member of each game from
# it, with the game's own deal (`deal`) or house rules (`options`).
BY_GAME = {
    "DealRecordInRequest": ("RecordDeal", "deal"),
    "DealAmendInRequest": ("AmendDeal", "deal"),
    "GameInRequest": ("StartGame", "options"),
    "ProfileInRequest": ("SaveProfile", "options"),
}


def _by_game(schemas: dict[str, Any], union: str) -> None:
    """Replace the component ``union`` by ``oneOf`` one member per game, discriminated by
    ``game``: a body for one game cannot carry another game's deal or house rules."""
    prefix, typed = BY_GAME[union]
    generic = schemas[union]
    mapping = {}
    for game in all_games():
        name = f"{prefix}{deal_component(game.slug).removeprefix('Deal')}Request"
        own = (
            deal_component(game.slug)
            if typed == "deal"
            else options_component(game.slug, request=True)
        )
        properties = {
            **generic["properties"],
            "game": {"type": "string", "enum": [game.slug], "description": f"{game.name}."},
            typed: ref(own),
        }
        # Required here though the API reads a body without it as for the game of its path
        # (clients older than this schema): a typed client pairs each game with its own body.
        required = sorted({*generic.get("required", ()), "game"}, key=list(properties).index)
        schemas[name] = {
            "type": "object",
            "description": f"{generic.get('description', '')} For a game of {game.name}.".strip(),
            "properties": properties,
            "required": required,
            "additionalProperties": False,
        }
        mapping[game.slug] = REF + name
    schemas[union] = {
        "oneOf": [{"$ref": target} for target in mapping.values()],
        "discriminator": {"propertyName": "game", "mapping": mapping},
        "description": generic.get("description", ""),
    }


def _questions(paths: dict[str, Any]) -> None:
    """The adjudicate route as one operation per game and question: its body and answer."""
    template = paths.pop(ADJUDICATE_PATH, {}).get("post")
    if template is None:
        return
    for game, name, question in questions():
        operation = {
            "operationId": f"adjudicate_{game.slug}_{name}".replace("-", "_"),
            "summary": f"{game.name}: {question.title or name}",
            "description": question.summary,
            "tags": ["adjudicate"],
            "requestBody": {
                "content": {"application/json": {"schema": ref(ask_component(game.slug, name))}},
                "required": True,
            },
            "responses": {
                "200": {
                    "content": {
                        "application/json": {"schema": ref(answer_component(game.slug, name))}
                    },
                    "description": "The answer, with its working (`explanation`).",
                },
                "400": template["responses"]["400"],
            },
        }
        if "security" in template:
            operation["security"] = template["security"]
        paths[f"/api/v1/adjudicate/{game.slug}/{name}/"] = {"post": operation}


# A ledger's entry, one member per kind, each with its own data (EntryOut is the serializer's
# whole description): told apart by ``kind``.
ENTRY_KINDS = {
    "DealEntryOut": ((Entry.Kind.RECORD, Entry.Kind.AMEND), "EntryDeal"),
    "DisputeEntryOut": ((Entry.Kind.DISPUTE,), "DisputeData"),
    "SettingEntryOut": ((Entry.Kind.SETTING,), "SettingData"),
    "MarkEntryOut": ((Entry.Kind.VOID, Entry.Kind.END, Entry.Kind.CONFIRM), "NoData"),
}
assert sorted(k for kinds, _ in ENTRY_KINDS.values() for k in kinds) == sorted(Entry.Kind)


def _entries_by_kind(schemas: dict[str, Any]) -> None:
    """``EntryOut``, and an export's ledger entry (``ExportEntry``), as ``oneOf`` one member
    per kind of entry, each with its data's own type."""
    schemas["EntryDeal"] = deal_union(
        "A record or an amend: the deal as its game keeps it (its `Deal…` body, canonical)."
    )
    schemas["DisputeData"] = DISPUTE_DATA
    schemas["SettingData"] = SETTING_DATA
    schemas["NoData"] = NO_DATA
    schemas["EntryOut"] = _by_kind(schemas, schemas["EntryOut"], "{}")
    export = schemas["Export"]["properties"]["nights"]["items"]["properties"]["games"]["items"]
    entries = export["properties"]["entries"]
    entries["items"] = _by_kind(schemas, entries["items"], "Export{}")
    schemas["ExportEntry"] = entries["items"]
    entries["items"] = ref("ExportEntry")


def _by_kind(schemas: dict[str, Any], generic: dict[str, Any], named: str) -> dict[str, Any]:
    """``generic`` (an entry) as ``oneOf`` a member per kind of entry, each a component named
    by ``named`` (``"Export{}"``: ``ExportDealEntryOut``)."""
    mapping: dict[str, str] = {}
    for member, (kinds, data) in ENTRY_KINDS.items():
        name = named.format(member)
        properties = {
            **generic["properties"],
            "kind": {"type": "string", "enum": [str(k) for k in kinds]},
            "data": ref(data),
        }
        schemas[name] = {
            **generic,
            "title": name,
            "description": f"An entry of kind {', '.join(str(k) for k in kinds)}.",
            "properties": properties,
        }
        mapping |= {str(kind): REF + name for kind in kinds}
    return {
        "oneOf": [ref(named.format(member)) for member in ENTRY_KINDS],
        "discriminator": {"propertyName": "kind", "mapping": mapping},
        "description": "An entry of a game's ledger: its data is the kind's own.",
    }


def _typed_export(schemas: dict[str, Any]) -> None:
    """The export's house rules and rulings typed as the API's own: each game's rules, each
    question's body and answer, told apart as everywhere (``game``, ``object``)."""
    night = schemas["Export"]["properties"]["nights"]["items"]
    game = night["properties"]["games"]["items"]
    rules = by_game_union(
        lambda slug: options_component(slug, request=True),
        "The house rules, each game's own (its `Options…Request`).",
    )
    game["properties"]["options"] = rules
    ruling = night["properties"]["rulings"]["items"]
    ruling["properties"]["options"] = rules
    ruling["properties"]["input"] = ask_union(
        "The question's input (its `Ask…`, with the table size where the question takes it)."
    )
    ruling["properties"]["answer"] = answer_union(
        "The answer as it was given (its `Answer…`); an import asks the question again."
    )


def _typed_club_export(schemas: dict[str, Any]) -> None:
    """A club export's ruling answers typed as the export's (an answer's keys are its
    question's); the rest of its nights as the export's JSON Schema says them."""

    def ruling(export: dict[str, Any]) -> dict[str, Any]:
        found = export["properties"]["nights"]["items"]["properties"]["rulings"]
        properties: dict[str, Any] = found["items"]["properties"]
        return properties

    club = schemas["ClubExport"]["properties"]["export"]
    ruling(club)["answer"] = ruling(schemas["Export"])["answer"]


def _nullable_objects(schemas: dict[str, Any]) -> None:
    """A field that is an object or null, given in place: OpenAPI 3.0 honours ``nullable``
    only beside a ``type``, not beside the ``allOf`` drf-spectacular writes for a reference."""
    for schema in schemas.values():
        for key, prop in schema.get("properties", {}).items():
            refs = prop.get("allOf", ())
            if prop.get("nullable") and len(refs) == 1 and "$ref" in refs[0]:
                target = schemas[refs[0]["$ref"].removeprefix(REF)]
                extra = {k: v for k, v in prop.items() if k != "allOf"}
                schema["properties"][key] = {**target, **extra}


def _idempotent(paths: dict[str, Any]) -> None:
    """Each write that takes an ``Idempotency-Key``: its replay's header, and the refusal of a
    key sent with another request."""
    for operations in paths.values():
        post = operations.get("post")
        if post is None or not any(p["name"] == HEADER for p in post.get("parameters", ())):
            continue
        for code, answer in post["responses"].items():
            if code.startswith("2"):
                answer.setdefault("headers", {})[REPLAYED] = {
                    "schema": {"type": "string", "enum": ["true"]},
                    "description": "The same request was answered before with this key: "
                    "this is that answer again, and nothing was written now.",
                }
        post["responses"]["422"] = {
            "content": {"application/json": {"schema": ref("ErrorOut")}},
            "description": "`idempotency_key_reused`: the Idempotency-Key was sent with "
            "another request (field `Idempotency-Key`).",
        }


def _conditional(paths: dict[str, Any]) -> None:
    """Each GET that answers JSON: its ETag, and the 304 it answers to a client that holds it
    (``If-None-Match``, :mod:`scorekeeper.api.conditional`)."""
    for operations in paths.values():
        get = operations.get("get")
        answer = get and get["responses"].get("200")
        if not answer or "application/json" not in answer.get("content", {}):
            continue
        answer.setdefault("headers", {})["ETag"] = {
            "schema": {"type": "string"},
            "description": "This answer's tag: send it as If-None-Match to be told (304) when "
            "nothing changed.",
        }
        get.setdefault("parameters", []).append(
            {
                "in": "header",
                "name": "If-None-Match",
                "schema": {"type": "string"},
                "description": "The ETag of the answer you hold: 304, with no body, if it is "
                "still the answer.",
            }
        )
        get["responses"]["304"] = {"description": "Not modified: the answer you hold stands."}


def _problems(paths: dict[str, Any]) -> None:
    """Every refusal is problem details: ``application/problem+json`` (RFC 9457)."""
    for operations in paths.values():
        for operation in operations.values():
            for code, answer in operation.get("responses", {}).items():
                content = answer.get("content", {})
                if code >= "400" and content:
                    # Whatever the operation answers otherwise (a CSV export too).
                    first = content.get("application/json") or next(iter(content.values()))
                    answer["content"] = {MEDIA_TYPE: first}


# Each operation's id (what a generated client names its function) and summary, said as what
# it does: drf-spectacular's defaults name the route and the method ("games_end_destroy" to
# take an end back, "ratings_retrieve" for a list). The adjudicator's questions are named
# where they are made (``_questions``). A test holds every operation to this table.
OPERATIONS: dict[str, tuple[str, str]] = {
    "players_list": ("list_players", "Your players"),
    "players_create": ("create_player", "Add a player"),
    "ratings_retrieve": ("list_ratings", "The leaderboard: each player's rating"),
    "nights_list": ("list_nights", "The nights you can see"),
    "nights_create": ("create_night", "Start a night"),
    "nights_retrieve": ("get_night", "A night"),
    "nights_partial_update": ("update_night", "Change how a night keeps score"),
    "nights_recorders_create": ("add_recorder", "Let someone record in a night"),
    "nights_recorders_destroy": ("remove_recorder", "Stop someone recording in a night"),
    "nights_games_create": ("start_game", "Start a game in a night"),
    "games_retrieve": ("get_game", "A game, its seats and house rules"),
    "games_destroy": ("remove_game", "Remove a game started by mistake"),
    "games_deals_list": ("list_ledger", "A game's ledger, every entry in order"),
    "games_deals_create": ("record_deal", "Record a deal"),
    "games_deals_amend_create": ("amend_deal", "Correct a deal"),
    "games_deals_void_create": ("void_deal", "Withdraw a deal"),
    "games_deals_confirm_create": ("confirm_deal", "Confirm a deal for the other side"),
    "games_deals_dispute_create": ("dispute_deal", "Ask the desk about a recorded deal"),
    "games_standings_retrieve": ("get_standings", "A game's standings"),
    "games_end_create": ("end_game", "End a game that has no end of its own"),
    "games_end_destroy": ("undo_game_end", "Take a game's end back"),
    "game_types_list": ("list_game_types", "Every game: house rules, questions and records"),
    "nights_rulings_list": ("list_rulings", "The rulings a night keeps"),
    "nights_rulings_create": ("save_ruling", "Save a ruling to a night"),
    "export_retrieve": ("export_everything", "Every night you can see, re-importable"),
    "export_csv_retrieve": ("export_everything_csv", "Every night's deals, as CSV"),
    "nights_export_retrieve": ("export_night", "A night, re-importable"),
    "nights_export_csv_retrieve": ("export_night_csv", "A night's deals, as CSV"),
    "import_create": ("import_nights", "Import a JSON export"),
    "profiles_list": ("list_profiles", "Your house-rule profiles"),
    "profiles_create": ("create_profile", "Save a house-rule profile"),
    "profiles_retrieve": ("get_profile", "A house-rule profile"),
    "profiles_partial_update": ("update_profile", "Change a house-rule profile"),
    "profiles_destroy": ("delete_profile", "Delete a house-rule profile"),
    "nights_link_retrieve": ("get_join_link", "Whether a night has a join link"),
    "nights_link_create": ("make_join_link", "Make a night's join link"),
    "nights_link_destroy": ("revoke_join_link", "Revoke a night's join link"),
    "nights_people_list": ("list_night_people", "Who records and who watches a night"),
    "nights_people_partial_update": ("change_role", "Let a viewer record, or a recorder watch"),
    "nights_people_destroy": ("remove_person", "Take someone out of a night"),
    "join_create": ("join_night", "Join a night by its link"),
    "tokens_list": ("list_tokens", "Your API tokens"),
    "tokens_create": ("create_token", "Make an API token"),
    "tokens_destroy": ("revoke_token", "Revoke an API token"),
    # clubs (issue 29)
    "clubs_list": ("list_clubs", "Your clubs"),
    "clubs_create": ("create_club", "Start a club"),
    "clubs_retrieve": ("get_club", "A club: its name, your role, its counts"),
    "clubs_partial_update": ("rename_club", "Rename a club"),
    "clubs_members_list": ("list_club_members", "A club's members and their roles"),
    "clubs_members_partial_update": ("change_member_role", "Change a member's role"),
    "clubs_members_destroy": ("remove_member", "Take a member out of a club"),
    "clubs_membership_destroy": ("leave_club", "Leave a club"),
    "clubs_invites_list": ("list_club_invites", "A club's open invitations"),
    "clubs_invites_create": ("make_club_invite", "Make an invitation link to a club"),
    "clubs_invites_destroy": ("stop_club_invite", "Stop an invitation"),
    "clubs_join_create": ("join_club", "Join a club by its invitation"),
    "clubs_players_list": ("list_club_players", "A club's roster"),
    "clubs_players_create": ("create_club_player", "Add a player to a club's roster"),
    "clubs_players_claim_create": ("claim_player", "Say a player of the club is you"),
    "clubs_players_person_destroy": ("unlink_player", "Unlink a player from their account"),
    "clubs_claims_list": ("list_player_claims", "Who says which player is them, waiting"),
    "clubs_claims_create": ("answer_player_claim", "Confirm or turn down who is who"),
    "clubs_merges_list": ("list_merges", "A club's merges of two players into one"),
    "clubs_merges_create": ("merge_players", "Merge two players who are one person"),
    "clubs_merges_undo_create": ("undo_merge", "Undo a merge"),
    "clubs_move_in_review_create": ("review_move_in", "Who comes along with nights moved in"),
    "clubs_move_in_create": ("move_nights_in", "Move your nights into a club"),
    "clubs_seasons_list": ("list_seasons", "A club's seasons"),
    "clubs_seasons_create": ("create_season", "Name a season"),
    "clubs_seasons_end_create": ("end_season", "End a season early"),
    "clubs_ratings_retrieve": (
        "get_club_leaderboard",
        "A club's leaderboard, all time or a season's",
    ),
    "clubs_seasons_table_retrieve": ("get_season_table", "A season's table"),
    "clubs_players_ratings_list": ("list_club_player_ratings", "A club player's ratings"),
    "clubs_players_record_retrieve": ("get_club_player_record", "A club player's record"),
    "clubs_players_rivals_retrieve": ("get_club_player_rivals", "A club player's rivals"),
    "me_retrieve": ("get_me", "Your own games, at every club and host"),
}


# The JSON exports: described as JSON only (the CSV is an operation of its own); they still
# answer ?format=csv as they did before, for the scripts written then (docs/api.md).
JSON_EXPORTS = {"export_night", "export_everything"}


def _json_exports(paths: dict[str, Any]) -> None:
    for operations in paths.values():
        get = operations.get("get")
        if get is None or get["operationId"] not in JSON_EXPORTS:
            continue
        get["responses"]["200"]["content"].pop("text/csv", None)
        get["parameters"] = [p for p in get.get("parameters", []) if p["name"] != "format"]


def _named(paths: dict[str, Any]) -> None:
    """Each operation by :data:`OPERATIONS`: its id and its summary."""
    for operations in paths.values():
        for operation in operations.values():
            found = OPERATIONS.get(operation["operationId"])
            if found is not None:
                operation["operationId"], summary = found
                operation["summary"] = summary


# The lists that come a page at a time (scorekeeper/api/paging.py); the game types and a
# night's people are short by nature (13 games; an owner, recorders and watchers).
PAGED = {
    "list_players",
    "list_nights",
    "list_ledger",
    "list_rulings",
    "list_profiles",
    "list_tokens",
    "list_clubs",
    "list_club_members",
    "list_club_players",
    "list_merges",
}


def _paged(paths: dict[str, Any]) -> None:
    """Each paged list: its ``limit`` and ``cursor``, and the ``Link`` to its next page."""
    for operations in paths.values():
        get = operations.get("get")
        if get is None or get["operationId"] not in PAGED:
            continue
        get.setdefault("parameters", []).extend(
            {
                "in": "query",
                "name": parameter.name,
                "schema": {"type": "integer", "minimum": 1, "maximum": paging.MOST}
                if parameter.name == "limit"
                else {"type": "string", "maxLength": 500},
                "description": parameter.description,
            }
            for parameter in paging.PARAMETERS
        )
        get["responses"].setdefault(
            "400",
            {
                "content": {MEDIA_TYPE: {"schema": ref("ErrorOut")}},
                "description": "A `limit` or `cursor` that is not one (field names which).",
            },
        )
        get["responses"]["200"].setdefault("headers", {})["Link"] = {
            "schema": {"type": "string"},
            "description": 'The next page, `<url>; rel="next"`; none after the last page.',
        }


def postprocess(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """Add what the games describe and the export's format; give bodies that name a game one
    member per game and each question its own operation; refuse unknown fields in every
    request body."""
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    schemas.update(game_schemas())
    schemas["Export"] = export_format.openapi_schema()
    schemas["ClubExport"] = club_format.openapi_schema()
    schemas["FieldErrors"] = {**FIELD_ERRORS, "description": "Each field's problems."}
    schemas["Record"] = RECORD
    schemas["RecordField"] = RECORD_FIELD
    schemas["QuestionField"] = QUESTION_FIELD
    paths = result.setdefault("paths", {})
    post = paths.get(IMPORT_PATH, {}).get("post")
    if post is not None:
        post["requestBody"] = {
            "content": {"application/json": {"schema": ref("Export")}},
            "required": True,
            "description": "A JSON export, as GET /api/v1/export/ answers it "
            "(also at /api/v1/export-schema.json as a JSON Schema).",
        }
    _idempotent(paths)
    _conditional(paths)
    _problems(paths)
    _named(paths)
    _json_exports(paths)
    _paged(paths)
    for operations in paths.values():
        for operation in operations.values():
            # Public (the adjudicator's questions, the game types): said, not left unsaid.
            operation.setdefault("security", [])
    # The API is served by the same server as its schema; a generated client is given its
    # base URL (https://scores.example.org).
    result["servers"] = [{"url": "/", "description": "The server this schema came from."}]
    _nullable_objects(schemas)
    _entries_by_kind(schemas)
    _typed_export(schemas)
    _typed_club_export(schemas)
    for union in BY_GAME:
        if union in schemas:
            _by_game(schemas, union)
    _questions(paths)
    ratelimit.document(result)  # the rate limits' headers, and the public operations' 429
    examples.document(paths, schemas)  # an example on every body and success answer
    result["paths"] = dict(sorted(paths.items()))
    for name, schema in schemas.items():
        if name.endswith("Request") and "properties" in schema:
            schema.setdefault("additionalProperties", False)
    result["components"]["schemas"] = dict(sorted(schemas.items()))
    return result
