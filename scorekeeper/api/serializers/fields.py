"""The fields and base body the API's bodies and answers share."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework.utils import html

from adjudicator.games import MAX_TABLE, all_games
from adjudicator.messages import as_data
from adjudicator.tally import Points, points_json
from scorekeeper.api import shapes
from scorekeeper.api.game_schemas import (
    by_game_union,
    options_component,
    ref,
)
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


@extend_schema_field(
    by_game_union(
        lambda slug: options_component(slug, request=True),
        "House rules of the game (its `Options…Request`); any not given take their published "
        "default.",
    )
)
class OptionsRequestField(serializers.DictField):
    """House rules sent for a game the body does not name (checked by the game, not here)."""


# A house rule's value: a yes-or-no, a whole number, or one of a choice's words.
OPTION_VALUE = {"anyOf": [{"type": "boolean"}, {"type": "integer"}, {"type": "string"}]}


@extend_schema_field(OPTION_VALUE)
class OptionValueField(serializers.JSONField):
    """A house rule's value."""


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


def seat_field(**more: Any) -> serializers.IntegerField:
    return serializers.IntegerField(min_value=0, max_value=MAX_TABLE - 1, **more)


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
