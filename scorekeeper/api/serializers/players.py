"""A player of a roster: a name to seat at a game."""

from __future__ import annotations

from rest_framework import serializers

from scorekeeper.api.serializers.fields import BodyIn
from scorekeeper.models import Player


class PlayerIn(BodyIn):
    name = serializers.CharField(max_length=40)


class PlayerOut(serializers.ModelSerializer[Player]):
    class Meta:
        model = Player
        fields = ("id", "name")
