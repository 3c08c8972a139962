"""The dispute desk: a question asked, a ruling saved, a hand disputed."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from adjudicator.errors import AdjudicationError
from adjudicator.games import get_game
from adjudicator.options import options_as_dict
from scorekeeper.api import shapes
from scorekeeper.api.game_schemas import (
    answer_union,
    ask_union,
)
from scorekeeper.api.serializers.fields import (
    BodyIn,
    GameOptionsField,
    OptionsRequestField,
    seat_field,
)
from scorekeeper.api.serializers.games import EntryOut


class RulingOptionsField(GameOptionsField):
    """A ruling's reading, every house rule given (the ruling keeps those that differ from the
    published rules)."""

    def to_representation(self, value: Any) -> dict[str, Any]:
        try:
            game = get_game(value.game_slug)
        except AdjudicationError:  # a game no longer known: its reading as kept
            return dict(value.options)
        return shapes.with_game(game.slug, options_as_dict(game.options(value.options)))


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
class QuestionInputField(serializers.DictField):
    """A ruling's input, as the question was asked, with its ``object``."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(source="*", **kwargs)

    def to_representation(self, ruling: Any) -> dict[str, Any]:
        asked = _asked(ruling)
        if asked is None:
            return dict(ruling.data)
        return shapes.question_shaped(*asked, ruling.data)


class QuestionIn(BodyIn):
    options = serializers.DictField(required=False, help_text="House rules for this question.")


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
