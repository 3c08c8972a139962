"""Explicit input and output shapes of the API (the schema at /api/v1/schema/ is built from these)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast, get_args

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework.utils import html

from adjudicator.errors import AdjudicationError
from adjudicator.game import Family
from adjudicator.games import MAX_TABLE, all_games, get_game
from adjudicator.messages import as_data
from adjudicator.options import options_as_dict
from adjudicator.tally import Points, points_json
from scorekeeper import limits
from scorekeeper.api import shapes
from scorekeeper.api.game_schemas import (
    answer_union,
    ask_union,
    by_game_union,
    detail_component,
    options_component,
    ref,
)
from scorekeeper.models import Entry, Game, Night, Player, Seat
from scorekeeper.web.converters import MAX_ID


def id_field(
    error_messages: dict[str, str] | None = None, **kwargs: Any
) -> serializers.IntegerField:
    """An id a client sends: bounded, so a huge number is a 400 naming the field, never a query
    that SQLite cannot run (it raises OverflowError past 2**63 - 1)."""
    return serializers.IntegerField(
        min_value=1,
        max_value=MAX_ID,
        error_messages={
            "min_value": "Ids are whole numbers from 1 up.",
            "max_value": "No id is that large.",
            **(error_messages or {}),
        },
        **kwargs,
    )


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


@extend_schema_field(
    by_game_union(
        options_component,
        "The house rules the game is played under, every rule given (the game's `Options…`).",
    )
)
class GameOptionsField(serializers.DictField):
    """A game's house rules, as it was started with them (every rule given), with ``game``."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("source", "*")
        super().__init__(**kwargs)

    def to_representation(self, value: Any) -> dict[str, Any]:
        return shapes.with_game(value.slug, value.options)


class RulingOptionsField(GameOptionsField):
    """A ruling's reading, every house rule given (the ruling keeps those that differ from the
    published rules)."""

    def to_representation(self, value: Any) -> dict[str, Any]:
        try:
            game = get_game(value.game_slug)
        except AdjudicationError:  # a game no longer known: its reading as kept
            return dict(value.options)
        return shapes.with_game(game.slug, options_as_dict(game.options(value.options)))


@extend_schema_field(
    by_game_union(
        lambda slug: options_component(slug, request=True),
        "House rules of the game (its `Options…Request`); any not given take their published "
        "default.",
    )
)
class OptionsRequestField(serializers.DictField):
    """House rules sent for a game the body does not name (checked by the game, not here)."""


@extend_schema_field(answer_union("The question's answer (its `Answer…`)."))
class AnswerField(serializers.DictField):
    """A ruling's answer, as the engine gave it, with its ``object`` (and its deal's)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(source="*", **kwargs)

    def to_representation(self, ruling: Any) -> dict[str, Any]:
        asked = _asked(ruling)
        if asked is None:
            return dict(ruling.answer)
        return shapes.answer_shaped(*asked, ruling.answer)


def _asked(ruling: Any) -> tuple[str, str, Any, int | None] | None:
    """A ruling's game, question, house rules (parsed) and table size."""
    try:
        options = get_game(ruling.game_slug).options(ruling.options)
    except AdjudicationError:  # a game no longer known: its answer as kept
        return None
    return ruling.game_slug, ruling.question, options, ruling.players


@extend_schema_field(ask_union("The question's input (its `Ask…`)."))
class QuestionExampleField(serializers.DictField):
    """A question's sample input (its ``object`` given by the view that answers it)."""


@extend_schema_field(ask_union("The question's input (its `Ask…`)."))
class QuestionInputField(serializers.DictField):
    """A ruling's input, as the question was asked, with its ``object``."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(source="*", **kwargs)

    def to_representation(self, ruling: Any) -> dict[str, Any]:
        asked = _asked(ruling)
        if asked is None:
            return dict(ruling.data)
        return shapes.question_shaped(*asked, ruling.data)


# A house rule's value: a yes-or-no, a whole number, or one of a choice's words.
OPTION_VALUE = {"anyOf": [{"type": "boolean"}, {"type": "integer"}, {"type": "string"}]}


@extend_schema_field(OPTION_VALUE)
class OptionValueField(serializers.JSONField):
    """A house rule's value."""


@extend_schema_field(
    by_game_union(detail_component, "The game's own figures behind the points (its `Detail…`).")
)
class DetailField(serializers.DictField):
    """A unit's detail in a deal, as its game declares it, with ``game`` (the answer's
    serializer names it in its context: :class:`StandingsOut`)."""

    def to_representation(self, value: Any) -> dict[str, Any]:
        slug = self.context.get("game_slug")
        return shapes.with_game(slug, value) if slug else dict(value)


class GameSlugField(serializers.ChoiceField):
    """A game's slug, one of the games (the choices are read when the field is made)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(choices=[(g.slug, g.name) for g in all_games()], **kwargs)


class JSONBooleanField(serializers.BooleanField):
    """A yes-or-no that is JSON's ``true`` or ``false``, as the schema says (issue 26: DRF's
    BooleanField also took 0, 1, "yes" and "on", which the schema refuses)."""

    def to_internal_value(self, data: Any) -> bool:
        if data is True or data is False:
            return data
        self.fail("invalid", input=data)


class BodyIn(serializers.Serializer[Any]):
    """A request body. A key it does not declare is refused, naming the key (issue 11): a
    misspelt ``revison`` or ``note`` would otherwise be dropped without a word and the request
    would mean something other than what was sent."""

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, Mapping):
            takes = [name for name, f in self.fields.items() if not f.read_only]
            unknown = [key for key in data if key not in takes]
            if unknown:
                raise serializers.ValidationError(
                    {
                        str(key): [f"No such field here; the fields are {', '.join(takes)}."]
                        for key in unknown
                    }
                )
            # DRF's CharField takes a number and keeps its digits as text; a name, a note or a
            # token sent as a number is a client's mistake, not a name.
            untyped = [
                key
                for key in data
                if isinstance(self.fields[key], serializers.CharField)
                and data[key] is not None
                and not isinstance(data[key], str)
            ]
            if untyped:
                raise serializers.ValidationError(
                    {str(key): ["Send text here, in quotes."] for key in untyped}
                )
        if html.is_html_input(data):
            self._check_empty_form_values(data)
        return super().to_internal_value(data)

    def _check_empty_form_values(self, data: Any) -> None:
        """DRF takes an optional field's empty value in a form (multipart, urlencoded) as not
        sent at all, so ``name=`` renamed nothing and answered 200; in JSON, ``"name": ""`` is
        checked. Checked here as JSON's is: refused where "" is not a value of the field."""
        errors = {}
        for key in data:
            field = self.fields[key]
            if data.get(key) == "" and not field.required:
                try:
                    field.run_validation("")
                except serializers.ValidationError as err:
                    errors[str(key)] = err.detail
        if errors:
            raise serializers.ValidationError(errors)


class PlayerIn(BodyIn):
    name = serializers.CharField(max_length=40)


class PlayerOut(serializers.ModelSerializer[Player]):
    class Meta:
        model = Player
        fields = ("id", "name")


CONFIRMATIONS_HELP = (
    "Each deal waits for a player of another side than its recorder to confirm it "
    "(POST .../deals/{deal}/confirm/); the totals count it at once, the game's end waits. "
    "Changed on a night already played, it applies to the deals recorded from then on: "
    "deals already recorded count as they are and a game already over stays over; turned "
    "off, nothing waits any more, and a game that waited only for confirmations is over."
)


@extend_schema_field(
    {
        "type": "string",
        "format": "date",
        "pattern": limits.DATE_PATTERN,
        "description": f"From {limits.FIRST_DAY} to {limits.LAST_DAY}.",
    }
)
class NightDateField(serializers.DateField):
    """A night's date: within the years an import takes (``scorekeeper.limits``)."""

    def to_internal_value(self, value: Any) -> Any:
        day = super().to_internal_value(value)
        problem = limits.date_problem(day)
        if problem is not None:
            raise serializers.ValidationError(problem)
        return day


class NightIn(BodyIn):
    date = NightDateField()
    place = serializers.CharField(
        max_length=limits.PLACE, required=False, allow_blank=True, default=""
    )
    notes = serializers.CharField(
        max_length=limits.NOTES, required=False, allow_blank=True, default=""
    )
    confirmations = JSONBooleanField(required=False, default=False, help_text=CONFIRMATIONS_HELP)


class NightSettingsIn(BodyIn):
    confirmations = JSONBooleanField(help_text=CONFIRMATIONS_HELP)


class RecorderIn(BodyIn):
    username = serializers.CharField(max_length=150)


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


class NightOut(serializers.ModelSerializer[Night]):
    owner = serializers.CharField(source="owner.username")
    recorders = serializers.SlugRelatedField[Any](many=True, read_only=True, slug_field="username")
    games = GameOut(many=True)

    class Meta:
        model = Night
        fields = ("id", "date", "place", "notes", "confirmations", "owner", "recorders", "games")


class NightSummaryOut(serializers.ModelSerializer[Night]):
    owner = serializers.CharField(source="owner.username")

    class Meta:
        model = Night
        fields = ("id", "date", "place", "notes", "owner")


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


def seat_field(**more: Any) -> serializers.IntegerField:
    return serializers.IntegerField(min_value=0, max_value=MAX_TABLE - 1, **more)


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


class QuestionIn(BodyIn):
    options = serializers.DictField(required=False, help_text="House rules for this question.")


@extend_schema_field(
    {
        "type": "number",
        "description": "Points: whole, except where a game shares a payment between tied "
        "winners (Knock Rummy's K-2), which gives a fraction to 4 places.",
    }
)
class PointsField(serializers.Field[Any, Any, Any, Any]):
    """Points as JSON: an int, or a float for an exact share (``points_json``)."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs["read_only"] = True
        super().__init__(**kwargs)

    def to_representation(self, value: Points) -> int | float:
        return points_json(value)


@extend_schema_field({"type": "array", "items": ref("Said")})
class SaidField(serializers.ListField):
    """Sentences as data (``adjudicator.messages.as_data``), beside the same sentences as
    text in the language asked."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs["read_only"] = True
        super().__init__(**kwargs)

    def to_representation(self, data: Any) -> list[Any]:
        return [as_data(line) for line in data]


class PaymentOut(serializers.Serializer[Any]):
    """In a settlement game: one player paying another."""

    payer = serializers.CharField()
    payee = serializers.CharField()
    amount = PointsField()
    text = serializers.CharField(help_text="The payment in words, e.g. 'Bob pays Ann 23'.")


class UnitResultOut(serializers.Serializer[Any]):
    """What one scoring unit (a player, or a side) scored in one deal, and the working."""

    unit = serializers.IntegerField(source="seat", help_text="The unit's place in `units`.")
    name = serializers.CharField()
    points = PointsField()
    star = serializers.BooleanField(help_text="Whether the deal earned this unit a mark.")
    explanation = serializers.ListField(
        child=serializers.CharField(),
        help_text="The working, line by line, with names, in the language asked "
        "(Accept-Language; English by default).",
    )
    said = SaidField(
        source="explanation_messages",
        help_text="The same working as data, line by line, to render in any language.",
    )
    detail = DetailField(help_text="The game's own figures behind the points.")


class DealStandingOut(serializers.Serializer[Any]):
    deal = serializers.IntegerField(source="key", help_text="The deal's id, for amending it.")
    revision = serializers.IntegerField(
        source="current.pk",
        help_text="The deal's latest entry: what an amend, a void or a confirmation is made "
        'against (`revision`, or `If-Match: "<revision>"`).',
    )
    number = serializers.IntegerField(
        help_text="The deal's number at the table: deals keep their numbers when one is voided."
    )
    summary = serializers.CharField()
    results = UnitResultOut(source="named_results", many=True)
    totals = serializers.ListField(
        source="result.totals", child=PointsField(), help_text="Totals after it."
    )
    payments = PaymentOut(
        many=True, help_text="Settlement games: who paid whom in this deal (else empty)."
    )
    confirmed_by = serializers.CharField(
        allow_null=True,
        help_text="Who confirmed the deal as it stands (a night that asks for confirmations).",
    )
    confirmers = serializers.SerializerMethodField(
        help_text="Seats (from 0) that may confirm it, while it waits; empty otherwise."
    )

    def get_confirmers(self, history: Any) -> list[int]:
        return [] if history.confirmed is not None else [seat for seat, _ in history.confirmers]


class MarkCountOut(serializers.Serializer[Any]):
    key = serializers.CharField(help_text="The mark, e.g. stars.")
    count = serializers.IntegerField()
    text = serializers.CharField(help_text="The mark's symbol, once per mark earned.")
    meaning = serializers.CharField()


class UnitOut(serializers.Serializer[Any]):
    """One column of the tally: a player, or a side of partners."""

    unit = serializers.IntegerField()
    name = serializers.CharField(help_text="The player, or the players of a side.")
    seats = serializers.ListField(child=serializers.IntegerField(), help_text="Seats, from 0.")
    total = PointsField(help_text="In a settlement game, the unit's net.")
    marks = MarkCountOut(many=True, help_text="Marks earned so far (only those earned).")
    leader = serializers.BooleanField()
    winner = serializers.BooleanField()


class LedgerProblemOut(serializers.Serializer[Any]):
    deal = serializers.IntegerField(source="key", help_text="The deal's id, to amend or void.")
    number = serializers.IntegerField(help_text="The deal's number at the table.")
    message = serializers.CharField(help_text="Why the deal cannot be counted.")
    fix = serializers.CharField(help_text="What would fix it.")


class EndRuleOut(serializers.Serializer[Any]):
    kind = serializers.ChoiceField(
        choices=["fixed_deals", "target", "exact_target", "open"],
        help_text="open: no end of its own; the table plays hands and settles as it goes.",
    )
    deals = serializers.IntegerField(required=False, help_text="fixed_deals: how many.")
    points = serializers.IntegerField(required=False, help_text="target and exact_target.")


class NextTurnOut(serializers.Serializer[Any]):
    """Whose deal the next one is and who plays first (the game's rotation, or the last
    dealer a record named)."""

    number = serializers.IntegerField()
    dealer = serializers.CharField()
    leader = serializers.CharField()
    dealer_seat = serializers.IntegerField(help_text="From 0.")
    leader_seat = serializers.IntegerField(help_text="From 0.")
    recorded = serializers.BooleanField(help_text="Anchored on a dealer a deal's record named.")
    text = serializers.CharField()


class StandingsOut(serializers.Serializer[Any]):
    """A game as its ledger replays: read from :class:`scorekeeper.standings.scoreboard.Standings`."""

    def to_representation(self, instance: Any) -> Any:
        # The root's context (a dict): each deal's figures name their game from it.
        cast(dict[str, Any], self.context)["game_slug"] = instance.game.slug
        return super().to_representation(instance)

    game = serializers.IntegerField(source="game.pk")
    status = serializers.CharField(source="name_status")
    finished = serializers.BooleanField(
        help_text="The game is over: by its own rule or the table's end, and, where the game "
        "asks for confirmations, with every deal that waits confirmed."
    )
    ended = serializers.BooleanField(
        help_text="The table ended this game (one with no end of its own): POST or DELETE /end/."
    )
    can_end = serializers.BooleanField(
        help_text="The game has no end of its own, has a deal, and the table has not ended it."
    )
    asks_confirmation = serializers.BooleanField(
        help_text="This game asks the other side to confirm each deal recorded from now on: "
        "its night's setting when the game began, or when the night's owner last changed it "
        "(the ledger keeps a `setting` entry there). Deals recorded before it count as they are."
    )
    unconfirmed = serializers.SerializerMethodField(
        help_text="The numbers of the deals that wait for the other side's confirmation."
    )
    lower_is_better = serializers.BooleanField(source="tally.lower_is_better")
    end = EndRuleOut(source="end_rule")
    winners = serializers.ListField(source="winner_names", child=serializers.CharField())
    leaders = serializers.ListField(source="leader_names", child=serializers.CharField())
    units = UnitOut(source="rows", many=True)
    settles = serializers.BooleanField(
        help_text="Points are money changing hands: totals are nets and sum to zero."
    )
    settlement = PaymentOut(
        many=True, help_text="Settlement games: who pays whom to square the totals so far."
    )
    deals = DealStandingOut(source="counted", many=True)
    next_number = serializers.IntegerField(
        help_text="The number the next recorded deal will carry (send it as `number`)."
    )
    next_turn = NextTurnOut(allow_null=True, help_text="Null once the game is over.")
    problems = LedgerProblemOut(
        many=True, help_text="Deals left out of the totals because they cannot be counted."
    )
    notes = serializers.ListField(child=serializers.CharField())

    def get_unconfirmed(self, standings: Any) -> list[int]:
        return [h.number for h in standings.unconfirmed]


class OptionOut(serializers.Serializer[Any]):
    name = serializers.CharField()
    kind = serializers.CharField()
    default = OptionValueField()
    choices = serializers.ListField(child=OptionValueField())
    labels = serializers.ListField(
        child=serializers.CharField(), help_text="A phrase for each choice, in the same order."
    )
    minimum = serializers.IntegerField(allow_null=True, help_text="Whole numbers: the least.")
    maximum = serializers.IntegerField(allow_null=True, help_text="Whole numbers: the most.")
    doc = serializers.CharField()
    rule = serializers.CharField()


class MarkOut(serializers.Serializer[Any]):
    key = serializers.CharField()
    symbol = serializers.CharField()
    meaning = serializers.CharField()


def _field(kind: str, description: str = "", **more: Any) -> dict[str, Any]:
    return {"type": kind, **({"description": description} if description else {}), **more}


# A deal record's description (adjudicator.records.describe): each field with its key, kind,
# label and help, and what its kind adds; entries of a per-seat field are fields themselves.
RECORD_FIELD: dict[str, Any] = {
    "type": "object",
    "description": "One field of a deal's record, and what its kind adds.",
    "properties": {
        "key": _field("string", "The key in the deal's JSON."),
        "kind": {
            "type": "string",
            "enum": [
                "seat",
                "side",
                "flag",
                "count",
                "cards",
                "per_seat",
                "per_side",
                "events",
                "tricks",
            ],
        },
        "label": _field("string"),
        "help": _field("string"),
        "optional": _field("boolean", "seat, side: may be null (nobody)."),
        "none_label": _field("string", "seat, side: what null is called."),
        "minimum": _field("integer", "count."),
        "maximum": _field("integer", "count."),
        "min_cards": _field("integer", "cards."),
        "max_cards": _field("integer", "cards."),
        "widget": _field("string", "cards: the picker to offer."),
        "shape": _field("string", "cards: a grid's rows, where it is one.", nullable=True),
        "skip": _field("string", "per_seat: the seat left out (its key), if any.", nullable=True),
        "entries": {
            "type": "array",
            "items": {"$ref": "#/components/schemas/RecordField"},
            "description": "per_seat: the alternatives of each seat's entry.",
        },
        "entry": {"$ref": "#/components/schemas/RecordField"},
        "events": {
            "type": "array",
            "description": "events: the events that may be listed.",
            "items": {
                "type": "object",
                "properties": {"value": _field("string"), "label": _field("string")},
                "required": ["value", "label"],
                "additionalProperties": False,
            },
        },
        "max_tricks": _field("integer", "tricks."),
        "max_cards_per_play": _field("integer", "tricks."),
        "plays_per_trick": _field("integer", "tricks."),
        "matched": _field("boolean", "tricks: a lead is followed by as many cards."),
        "passes": _field("boolean", "tricks: a player may pass."),
        "keeps_lead": {"type": "array", "items": _field("string"), "description": "tricks."},
        "never_played": {
            "type": "array",
            "items": _field("string"),
            "description": "tricks: cards of the pack never played to a trick.",
        },
    },
    "required": ["key", "kind", "label", "help"],
    "additionalProperties": False,
}
RECORD: dict[str, Any] = {
    "type": "object",
    "description": "A deal's record as its game describes it (adjudicator.records.describe).",
    "properties": {
        "fields": {"type": "array", "items": {"$ref": "#/components/schemas/RecordField"}},
        "ways": {
            "type": "array",
            "description": "Ways of recording: give the fields of exactly one.",
            "items": {
                "type": "object",
                "properties": {
                    "key": _field("string"),
                    "label": _field("string"),
                    "fields": {"type": "array", "items": _field("string")},
                },
                "required": ["key", "label", "fields"],
                "additionalProperties": False,
            },
        },
    },
    "required": ["fields", "ways"],
    "additionalProperties": False,
}


# A question's field (adjudicator.asking.describe_asks): a record's kinds, with what they add,
# and the kinds only a question takes.
QUESTION_FIELD: dict[str, Any] = {
    **RECORD_FIELD,
    "description": "One field of a question's input, and what its kind adds.",
    "properties": {
        **RECORD_FIELD["properties"],
        "key": _field("string", "The key of the question's JSON input it fills in."),
        "kind": {
            "type": "string",
            "enum": [
                *RECORD_FIELD["properties"]["kind"]["enum"],
                "melds",
                "layoffs",
                "counts",
                "flags",
                "rows",
                "plays",
            ],
        },
        "required": _field(
            "boolean",
            "The question refuses an input without it (a way's fields are given way by way: "
            "see ways).",
        ),
        "most": _field("integer", "melds, layoffs, plays, rows: how many at most."),
        "per_seat": _field("boolean", "counts: one a seat."),
        "beside": _field("string", "flags: the field whose entries they stand beside."),
        "width": _field("string", "rows: the width of each row."),
    },
    "required": ["key", "kind", "label", "help", "required"],
}


@extend_schema_field(ref("QuestionField"))
class QuestionFieldField(serializers.DictField):
    """A question's field as the question describes it (the component QuestionField)."""


@extend_schema_field(ref("Record"))
class RecordField(serializers.DictField):
    """A deal record's description (the components Record and RecordField)."""


class TableOut(serializers.Serializer[Any]):
    players = serializers.IntegerField()
    sides = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField()),
        help_text="Partners' seats, side by side (empty when everyone plays alone).",
    )
    end = EndRuleOut()
    record = RecordField(
        help_text="The deal record's fields, as the game describes them (kind, key, label...)."
    )


class QuestionWayOut(serializers.Serializer[Any]):
    key = serializers.CharField()
    label = serializers.CharField()  # type: ignore[assignment]
    fields = serializers.ListField(  # type: ignore[assignment]
        child=serializers.CharField(), help_text="Give the fields of exactly one way."
    )


class QuestionTableOut(serializers.Serializer[Any]):
    players = serializers.IntegerField()
    # Named as the JSON names them: DRF's metaclass takes them off the class, so they do not
    # shadow Serializer.fields at run time.
    fields = serializers.ListField(  # type: ignore[assignment]
        child=QuestionFieldField(),
        help_text="In order. Each kind adds its own attributes, as the deal record's fields do "
        "(minimum, maximum, max_cards, entries, per_seat, beside, width...).",
    )
    ways = QuestionWayOut(many=True)
    example = QuestionExampleField(help_text="An input the question answers at this size.")


class QuestionInputOut(serializers.Serializer[Any]):
    name = serializers.CharField(help_text="As in POST /adjudicate/{game}/{question}/.")
    summary = serializers.CharField(help_text="The question, as a sentence.")
    takes_players = serializers.BooleanField(
        help_text='The input carries the table size as "players".'
    )
    tables = QuestionTableOut(many=True, help_text="For each table size: what it takes.")


class GameTypeOut(serializers.Serializer[Any]):
    slug = serializers.CharField()
    name = serializers.CharField()
    min_players = serializers.IntegerField()
    max_players = serializers.IntegerField()
    lower_is_better = serializers.BooleanField()
    options = OptionOut(many=True)
    questions = serializers.DictField(child=serializers.CharField())
    question_inputs = QuestionInputOut(
        many=True, help_text="Each question with what it takes, to build a form for it."
    )
    family = serializers.ChoiceField(choices=list(get_args(Family.__value__)))
    marks = MarkOut(many=True, help_text="What the game awards besides points.")
    tables = TableOut(many=True, help_text="For each table size: sides, end and deal record.")


# --- The dispute desk: rulings saved to a night (issue 10) ----------------------------------


class RulingIn(BodyIn):
    game = serializers.CharField(max_length=40, help_text="The game's slug, e.g. knock-rummy.")
    question = serializers.CharField(max_length=40, help_text="One of the game's questions.")
    players = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=1,
        max_value=20,
        help_text="The table size, for a question that takes one.",
    )
    input = serializers.DictField(
        help_text="The question's input, as POST /adjudicate/ takes it (without players)."
    )
    options = OptionsRequestField(
        required=False,
        default=dict,
        help_text="The reading chosen: the house rules it is read under.",
    )
    note = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")


class RulingOut(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    game = serializers.CharField(source="game_slug")
    question = serializers.CharField()
    players = serializers.IntegerField(allow_null=True)
    input = QuestionInputField()
    options = RulingOptionsField(
        source="*", help_text="The reading chosen: every house rule it was read under."
    )
    answer = AnswerField()
    note = serializers.CharField()
    saved_by = serializers.CharField(source="saved_by.username")
    saved_as = serializers.CharField(
        help_text="An imported ruling's saver as its file named them (else empty)."
    )
    saved_at = serializers.DateTimeField()
    dispute = serializers.IntegerField(
        source="dispute_id",
        allow_null=True,
        help_text="A ruling asked about a hand: the dispute entry in its game's ledger (an "
        "amend that follows the ruling sends it as `settles`). Null otherwise.",
    )


class HandDisputeIn(BodyIn):
    question = serializers.CharField(
        max_length=40,
        required=False,
        help_text="One of the game's questions; by default the one its recorded hands are "
        "disputed under.",
    )
    input = serializers.DictField(
        required=False,
        help_text="The question's input; by default the hand as recorded.",
    )
    note = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")
    seat = seat_field(
        required=False, allow_null=True, default=None, help_text="Who at the table asks."
    )


class HandDisputeOut(serializers.Serializer[Any]):
    ruling = RulingOut()
    entry = EntryOut(source="dispute")


# --- Every refusal's body (scorekeeper/api/errors.py), for the schema's 4xx answers ----------


class LatestResultOut(serializers.Serializer[Any]):
    name = serializers.CharField(help_text="The player, or the players of a side.")
    points = PointsField(allow_null=True, help_text="Null where the deal scored nothing.")


class LatestDealOut(serializers.Serializer[Any]):
    """The deal another phone recorded meanwhile (scorekeeper.games.services._latest_deal)."""

    deal = serializers.IntegerField(help_text="The deal's id.")
    number = serializers.IntegerField()
    recorded_by = serializers.CharField()
    recorded_at = serializers.DateTimeField()
    results = LatestResultOut(many=True)


# DRF's problems of a body: each field's sentences, or (a list or a nested object) the
# problems of its items, keyed by index or by field.
FIELD_ERRORS: dict[str, Any] = {
    "type": "object",
    "additionalProperties": {
        "anyOf": [
            {"type": "array", "items": {"type": "string"}},
            {"$ref": "#/components/schemas/FieldErrors"},
        ]
    },
}


@extend_schema_field(ref("FieldErrors"))
class FieldErrorsField(serializers.DictField):
    """Every field's problems (the component ``FieldErrors``, added by the schema's
    postprocess: it refers to itself)."""


class ErrorOut(serializers.Serializer[Any]):
    """The body of every 4xx and 5xx under /api/v1/: problem details (RFC 9457, as
    application/problem+json), the API's own members kept beside them (scorekeeper/api/errors.py,
    scorekeeper/web/problems.py)."""

    type = serializers.CharField(
        help_text="`about:blank`: the status says what kind of problem it is, `code` which."
    )
    title = serializers.CharField(help_text="The status's phrase: Bad Request, Conflict...")
    status = serializers.IntegerField(help_text="The HTTP status.")
    detail = serializers.CharField(help_text="What went wrong, in a sentence (as `message`).")
    code = serializers.CharField(help_text="What went wrong, for a script: invalid, not_found...")
    message = serializers.CharField(help_text="What went wrong, in a sentence.")
    field = serializers.CharField(
        allow_null=True, help_text="The input it is about, e.g. hands[2].held (null: the whole)."
    )
    seats = serializers.ListField(
        child=serializers.IntegerField(), required=False, help_text="Rule refusals: the seats."
    )
    cards = serializers.ListField(
        child=serializers.CharField(), required=False, help_text="Rule refusals: the cards."
    )
    problems = serializers.ListField(
        child=serializers.CharField(),
        required=False,
        help_text="Rule refusals: every problem, a sentence each.",
    )
    latest = LatestDealOut(
        required=False, help_text="stale_deal: the deal someone else recorded meanwhile."
    )
    expected = serializers.IntegerField(
        required=False, help_text="stale_deal: the number the next deal will carry."
    )

    def get_fields(self) -> dict[str, serializers.Field[Any, Any, Any, Any]]:
        # Declared here: a field attribute named ``errors`` would hide Serializer.errors.
        fields = super().get_fields()
        fields["errors"] = FieldErrorsField(
            required=False, help_text="code invalid: every field's problems, keyed by field."
        )
        return fields
