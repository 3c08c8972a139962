"""The one error body every refusal answers with."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from scorekeeper.api.game_schemas import (
    ref,
)
from scorekeeper.api.serializers.standings import LatestDealOut

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
