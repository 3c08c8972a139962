"""Explicit input and output shapes of the API (the schema at /api/v1/schema/ is built from these)."""

from __future__ import annotations

from typing import Any, get_args

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from adjudicator.game import Family
from adjudicator.games import all_games
from adjudicator.records import json_schema, openapi_schema
from adjudicator.tally import Points, points_json
from scorekeeper.converters import MAX_ID
from scorekeeper.models import Entry, Game, Night, Player, Seat


def id_field(**kwargs: Any) -> serializers.IntegerField:
    """An id a client sends: bounded, so a huge number is a 400 naming the field, never a query
    that SQLite cannot run (it raises OverflowError past 2**63 - 1)."""
    return serializers.IntegerField(
        min_value=1,
        max_value=MAX_ID,
        error_messages={
            "min_value": "Ids are whole numbers from 1 up.",
            "max_value": "No id is that large.",
        },
        **kwargs,
    )


class PlayerIn(serializers.Serializer[Any]):
    name = serializers.CharField(max_length=40)


class PlayerOut(serializers.ModelSerializer[Player]):
    class Meta:
        model = Player
        fields = ("id", "name")


class NightIn(serializers.Serializer[Any]):
    date = serializers.DateField()
    place = serializers.CharField(max_length=100, required=False, allow_blank=True, default="")
    notes = serializers.CharField(required=False, allow_blank=True, default="")


class RecorderIn(serializers.Serializer[Any]):
    username = serializers.CharField(max_length=150)


class SeatOut(serializers.ModelSerializer[Seat]):
    player = PlayerOut()
    seat = serializers.IntegerField(source="position", help_text="0 is the first seat.")

    class Meta:
        model = Seat
        fields = ("seat", "player", "team")


class GameOut(serializers.ModelSerializer[Game]):
    game = serializers.CharField(source="slug")
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
        fields = ("id", "date", "place", "notes", "owner", "recorders", "games")


class NightSummaryOut(serializers.ModelSerializer[Night]):
    owner = serializers.CharField(source="owner.username")

    class Meta:
        model = Night
        fields = ("id", "date", "place", "notes", "owner")


class GameIn(serializers.Serializer[Any]):
    game = serializers.ChoiceField(choices=[], help_text="A game slug, e.g. bridge-rummy.")
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

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        game = self.fields["game"]
        assert isinstance(game, serializers.ChoiceField)
        game.choices = [(g.slug, g.name) for g in all_games()]

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if "options" in attrs and "profile" in attrs:
            raise serializers.ValidationError(
                {
                    "profile": "Give either options or a profile, not both: a profile is a set "
                    "of house rules."
                }
            )
        return attrs


def _deal_schemas() -> dict[str, Any]:
    """Each game's deal body, from its record description (the contract's, not written here)."""
    variants = []
    for game in all_games():
        options = game.options()
        schema = openapi_schema(
            json_schema(game.record(options, game.max_players), game.max_players)
        )
        variants.append({**schema, "title": game.name})
    return {"oneOf": variants, "description": DEAL_HELP}


DEAL_HELP = (
    "The deal's record, in the shape its game describes (GET /api/v1/game-types/ gives each "
    "game's `record`). Seats count from 0."
)


@extend_schema_field(_deal_schemas())
class DealField(serializers.DictField):
    """A deal's raw record: checked by the game's adjudicator, not here."""


class DealRecordIn(serializers.Serializer[Any]):
    deal = DealField(help_text=DEAL_HELP)
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


class DealAmendIn(serializers.Serializer[Any]):
    deal = DealField(help_text=DEAL_HELP)
    note = serializers.CharField(required=False, allow_blank=True, default="", max_length=200)
    revision = id_field(
        required=False,
        help_text="The entry id you are correcting; refused with 409 if someone changed it since.",
    )


class DealVoidIn(serializers.Serializer[Any]):
    note = serializers.CharField(required=False, allow_blank=True, default="", max_length=200)
    revision = id_field(
        required=False,
        help_text="The entry id you are voiding; refused with 409 if someone changed it since.",
    )


class EntryOut(serializers.ModelSerializer[Entry]):
    deal = serializers.IntegerField(source="deal_key", help_text="The deal's id (its first entry).")
    recorded_by = serializers.CharField(source="recorded_by.username")
    supersedes = serializers.PrimaryKeyRelatedField[Entry](
        read_only=True, allow_null=True, help_text="The entry this one replaces (amend, void)."
    )

    class Meta:
        model = Entry
        fields = ("id", "deal", "kind", "data", "note", "supersedes", "recorded_by", "recorded_at")


class QuestionIn(serializers.Serializer[Any]):
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
        child=serializers.CharField(), help_text="The working, line by line, with names."
    )
    detail = serializers.DictField(help_text="The game's own figures behind the points.")


class DealStandingOut(serializers.Serializer[Any]):
    deal = serializers.IntegerField(source="key", help_text="The deal's id, for amending it.")
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
    """A game as its ledger replays: read from :class:`scorekeeper.selectors.Standings`."""

    game = serializers.IntegerField(source="game.pk")
    status = serializers.CharField(source="name_status")
    finished = serializers.BooleanField(source="tally.finished")
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


class OptionOut(serializers.Serializer[Any]):
    name = serializers.CharField()
    kind = serializers.CharField()
    default = serializers.JSONField()
    choices = serializers.ListField(child=serializers.JSONField())
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


class TableOut(serializers.Serializer[Any]):
    players = serializers.IntegerField()
    sides = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField()),
        help_text="Partners' seats, side by side (empty when everyone plays alone).",
    )
    end = EndRuleOut()
    record = serializers.DictField(
        help_text="The deal record's fields, as the game describes them (kind, key, label...)."
    )


class GameTypeOut(serializers.Serializer[Any]):
    slug = serializers.CharField()
    name = serializers.CharField()
    min_players = serializers.IntegerField()
    max_players = serializers.IntegerField()
    lower_is_better = serializers.BooleanField()
    options = OptionOut(many=True)
    questions = serializers.DictField(child=serializers.CharField())
    family = serializers.ChoiceField(choices=list(get_args(Family.__value__)))
    marks = MarkOut(many=True, help_text="What the game awards besides points.")
    tables = TableOut(many=True, help_text="For each table size: sides, end and deal record.")


# --- The dispute desk: rulings saved to a night (issue 10) ----------------------------------


class RulingIn(serializers.Serializer[Any]):
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
    options = serializers.DictField(
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
    input = serializers.DictField(source="data")
    options = serializers.DictField()
    answer = serializers.DictField()
    note = serializers.CharField()
    saved_by = serializers.CharField(source="saved_by.username")
    saved_at = serializers.DateTimeField()
