"""A night: its date, place and people, and the games played at it."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from scorekeeper import limits
from scorekeeper.api.serializers.fields import BodyIn, JSONBooleanField, id_field
from scorekeeper.api.serializers.games import GameOut
from scorekeeper.models import Club, Night

CLUB_HELP = "The club the night belongs to, or null: its owner's own night."

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
    club = id_field(
        required=False,
        help_text="A club's night: the club's id (you must be one of its organisers or "
        "recorders; 403 otherwise, 404 for a club you are not in). Left out: your own night.",
    )


class ClubRefOut(serializers.ModelSerializer[Club]):
    """A club, named: the club a night belongs to."""

    class Meta:
        model = Club
        fields = ("id", "name")


class NightSettingsIn(BodyIn):
    confirmations = JSONBooleanField(help_text=CONFIRMATIONS_HELP)


class RecorderIn(BodyIn):
    username = serializers.CharField(max_length=150)


class NightOut(serializers.ModelSerializer[Night]):
    owner = serializers.CharField(source="owner.username")
    recorders = serializers.SlugRelatedField[Any](many=True, read_only=True, slug_field="username")
    games = GameOut(many=True)
    club = ClubRefOut(allow_null=True, help_text=CLUB_HELP)

    class Meta:
        model = Night
        fields = (
            "id",
            "date",
            "place",
            "notes",
            "confirmations",
            "owner",
            "recorders",
            "games",
            "club",
        )


class NightSummaryOut(serializers.ModelSerializer[Night]):
    owner = serializers.CharField(source="owner.username")
    club = ClubRefOut(allow_null=True, help_text=CLUB_HELP)

    class Meta:
        model = Night
        fields = ("id", "date", "place", "notes", "owner", "club")
