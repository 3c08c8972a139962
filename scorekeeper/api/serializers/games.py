"""A game and its ledger: started, a deal recorded, amended, voided or confirmed, an entry read."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from adjudicator.errors import AdjudicationError
from adjudicator.games import get_game
from scorekeeper.api import shapes
from scorekeeper.api.game_schemas import (
    answer_union,
    ask_union,
    by_game_union,
    options_component,
    ref,
)
from scorekeeper.api.serializers.fields import (
    BodyIn,
    GameOptionsField,
    GameSlugField,
    id_field,
    seat_field,
)
from scorekeeper.api.serializers.players import PlayerOut
from scorekeeper.models import Entry, Game, Seat

NO_DATA = {
    "type": "object",
    "additionalProperties": False,
    "maxProperties": 0,
    "description": "An entry with no data: a void, the table's end, a confirmation.",
}


DISPUTE_DATA = {
    "type": "object",
    "additionalProperties": False,
    "required": ["question", "input", "answer", "summary"],
    "properties": {
        "question": {"type": "string", "description": "The question the deal was asked as."},
        "players": {"type": "integer", "nullable": True, "description": "The table size."},
        "input": ask_union("The question's input: the deal as asked (its `Ask…`)."),
        "options": by_game_union(
            lambda slug: options_component(slug, request=True),
            "The house rules that differ from the published ones.",
        ),
        "answer": answer_union("The answer as the desk gave it."),
        "summary": {"type": "string", "description": "The ruling in one sentence."},
        "said": {
            "allOf": [ref("Said")],
            "description": "The same sentence as data, to say it in any language with the "
            "players' names (kept since it was added; older disputes have only `summary`).",
        },
    },
    "description": "A dispute: the ruling asked about the deal (its ruling has the same).",
}


SETTING_DATA = {
    "type": "object",
    "additionalProperties": False,
    "required": ["confirmations"],
    "properties": {
        "confirmations": {
            "type": "boolean",
            "description": "Whether the game asks for confirmations from this entry on.",
        },
    },
    "description": "A setting: how the game keeps score from this entry on (the night's owner "
    "changed it); what was recorded before reads as it did.",
}


@extend_schema_field(
    {
        "anyOf": [ref("EntryDeal"), ref("DisputeData"), ref("SettingData"), ref("NoData")],
        "description": "A record or an amend: the deal as its game keeps it (its `Deal…` "
        "body, canonical); a dispute: the ruling asked about the deal; a setting: how the game "
        "keeps score from there on; a void, an end or a confirmation: empty. The schema gives "
        "each kind of entry its own member, with its own data (scorekeeper.api.schema).",
    }
)
class EntryDataField(serializers.DictField):
    """An entry's data, as the ledger keeps it, with what each of its game's objects is (a
    deal's ``object``; a dispute's question, answer and house rules theirs)."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("source", "*")
        super().__init__(**kwargs)

    def to_representation(self, entry: Entry) -> dict[str, Any]:  # type: ignore[override]
        data = entry.data
        if not isinstance(data, dict) or not data:
            return {}
        table = _table(self.context, entry.game)
        if table is None:
            return dict(data)
        return shapes.entry_data_shaped(*table, entry.kind, data)


def _table(context: Any, game: Game) -> tuple[str, Any, int] | None:
    """A game's slug, house rules (parsed) and table size, read once per answer."""
    tables = context.setdefault("tables", {})
    if game.pk not in tables:
        try:
            definition = get_game(game.slug)
            tables[game.pk] = (game.slug, definition.options(game.options), game.seats.count())
        except AdjudicationError:  # a game no longer known: its data as kept
            tables[game.pk] = None
    found: tuple[str, Any, int] | None = tables[game.pk]
    return found


class SeatOut(serializers.ModelSerializer[Seat]):
    player = PlayerOut()
    seat = serializers.IntegerField(source="position", help_text="0 is the first seat.")

    class Meta:
        model = Seat
        fields = ("seat", "player", "team")


class GameOut(serializers.ModelSerializer[Game]):
    game = serializers.CharField(source="slug")
    options = GameOptionsField()
    name = serializers.SerializerMethodField()
    seats = SeatOut(many=True)

    class Meta:
        model = Game
        fields = ("id", "night", "game", "name", "options", "seats", "created_at")

    def get_name(self, game: Game) -> str:
        from adjudicator.games import get_game

        return get_game(game.slug).name


class GameIn(BodyIn):
    game = GameSlugField(help_text="A game slug, e.g. bridge-rummy.")
    players = serializers.ListField(
        child=id_field(), min_length=1, help_text="Player ids, seat 0 first."
    )
    options = serializers.DictField(
        required=False, help_text="House rules; defaults for any not given."
    )
    profile = id_field(
        required=False,
        help_text="Start with the house rules of one of your profiles (see /api/v1/profiles/), "
        "instead of giving `options`.",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if "options" in attrs and "profile" in attrs:
            raise serializers.ValidationError(
                {
                    "profile": "Give either options or a profile, not both: a profile is a set "
                    "of house rules."
                }
            )
        return attrs


DEAL_HELP = (
    "The deal's record, in the shape its game describes (GET /api/v1/game-types/ gives each "
    "game's `record`). Seats count from 0."
)


class DealField(serializers.DictField):
    """A deal's raw record: checked by the game's adjudicator, not here (the schema gives each
    game's body its own deal: scorekeeper.api.schema.BY_GAME)."""


GAME_HELP = (
    "The game's slug, as the game answers it (`game`): a body for another game is refused "
    "(400, field game). The schema requires it, so that a typed client pairs each game with "
    "its own deal; a body without it (a client older than the typed schema) is read as for "
    "the game of the path."
)


SEAT_HELP = (
    "Who at the table records it (seat, from 0), on a night that asks for confirmations: a "
    "player of another side confirms it. Without it, anyone at the table may."
)


class DealRecordIn(BodyIn):
    game = GameSlugField(required=False, help_text=GAME_HELP)
    deal = DealField(help_text=DEAL_HELP)
    seat = seat_field(required=False, allow_null=True, default=None, help_text=SEAT_HELP)
    token = serializers.UUIDField(
        required=False,
        help_text=(
            "Any UUID; sending the same one twice with the same deal records it once. The same "
            "token with another deal is refused (409, code token_reused)."
        ),
    )
    number = serializers.IntegerField(
        required=False,
        min_value=1,
        max_value=100_000,
        help_text=(
            "The deal number you are recording (the standings' next_number when you loaded "
            "them). If someone recorded that deal meanwhile, the answer is 409 (code "
            "stale_deal) with the deal they recorded: send it again with the new number if "
            "yours is another deal."
        ),
    )


# An amend or void names the entry it replaces, so two phones changing one deal cannot both win
# (the second is a 409): without it the last writer would silently overwrite the first.
REVISION_ERRORS = {
    "required": "Say which entry you are changing: send the deal's latest entry id as revision.",
    "null": "Say which entry you are changing: send the deal's latest entry id as revision.",
}


class DealAmendIn(BodyIn):
    game = GameSlugField(required=False, help_text=GAME_HELP)
    deal = DealField(help_text=DEAL_HELP)
    seat = seat_field(required=False, allow_null=True, default=None, help_text=SEAT_HELP)
    settles = id_field(
        required=False,
        allow_null=True,
        default=None,
        help_text="The dispute this amend follows (a ruling's `dispute`, about this deal).",
    )
    note = serializers.CharField(required=False, allow_blank=True, default="", max_length=200)
    revision = id_field(
        error_messages=REVISION_ERRORS,
        help_text="The entry id you are correcting (the deal's latest `id` in the ledger); "
        "required, and refused with 409 if someone changed the deal since.",
    )


class DealVoidIn(BodyIn):
    note = serializers.CharField(required=False, allow_blank=True, default="", max_length=200)
    revision = id_field(
        error_messages=REVISION_ERRORS,
        help_text="The entry id you are voiding (the deal's latest `id` in the ledger); "
        "required, and refused with 409 if someone changed the deal since.",
    )


class DealConfirmIn(BodyIn):
    seat = seat_field(help_text="Who confirms (seat, from 0): a player of another side.")
    revision = id_field(
        error_messages=REVISION_ERRORS,
        help_text="The deal's latest entry id, as you were shown it; refused with 409 if "
        "someone changed the deal since.",
    )


class EntryOut(serializers.ModelSerializer[Entry]):
    deal = serializers.IntegerField(source="deal_key", help_text="The deal's id (its first entry).")
    recorded_by = serializers.CharField(source="recorded_by.username")
    recorded_as = serializers.CharField(
        read_only=True,
        help_text="An imported entry: who recorded it, as its file names them "
        "(recorded_by is then who imported it). Empty otherwise.",
    )
    supersedes = serializers.PrimaryKeyRelatedField[Entry](
        read_only=True, allow_null=True, help_text="The entry this one replaces (amend, void)."
    )
    data = EntryDataField()  # type: ignore[assignment]

    class Meta:
        model = Entry
        fields = (
            "id",
            "deal",
            "kind",
            "data",
            "note",
            "supersedes",
            "recorded_by",
            "recorded_as",
            "recorded_at",
            "seat",
            "settles",
        )
        extra_kwargs = {
            "seat": {
                "help_text": "Who at the table made it, where the table said (seat, from 0): "
                "a deal's recorder, or who confirmed it."
            },
            "settles": {"help_text": "An amend that follows a ruling: the dispute it settles."},
        }
