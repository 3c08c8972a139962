"""What each game is: its house rules, marks, table sizes, deal record and questions."""

from __future__ import annotations

from typing import Any, get_args

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from adjudicator.game import Family
from scorekeeper.api.game_schemas import (
    ask_union,
    ref,
)
from scorekeeper.api.serializers.fields import OptionValueField
from scorekeeper.api.serializers.standings import EndRuleOut


@extend_schema_field(ask_union("The question's input (its `Ask…`)."))
class QuestionExampleField(serializers.DictField):
    """A question's sample input (its ``object`` given by the view that answers it)."""


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
