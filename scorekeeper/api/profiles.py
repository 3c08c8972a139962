"""/api/v1/profiles/: a user's house-rule profiles (their own only; anyone else's id is a 404).

A profile's ``options`` are stored whole and canonical (every rule of the game); its
``differences`` say how they differ from the published rules, each with the rule's ruling id
and doc, as the game page shows them.
"""

from __future__ import annotations

from typing import Any

from django.db.models.functions import Lower
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    extend_schema,
    extend_schema_field,
)
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from adjudicator.games import all_games
from adjudicator.options import describe_options
from scorekeeper.api import paging, shapes
from scorekeeper.api.decorators import api_view
from scorekeeper.api.lookups import user_of, valid
from scorekeeper.api.serializers.fields import (
    BodyIn,
    GameOptionsField,
    OptionsRequestField,
    OptionValueField,
)
from scorekeeper.house_rules import profile_selectors, profiles
from scorekeeper.house_rules.profiles import MAX_NAME
from scorekeeper.models import HouseRuleProfile


class DifferenceOut(serializers.Serializer[Any]):
    name = serializers.CharField(help_text="The house rule's key in `options`.")
    label = serializers.CharField(help_text="Its name as a player reads it.")  # type: ignore[assignment]
    rule = serializers.CharField(help_text="The ruling id (e.g. K-1); may be empty.")
    sentence = serializers.CharField(help_text="The first sentence of the rule's doc.")
    doc = serializers.CharField()
    default = serializers.JSONField(help_text="The published rule.")
    value = OptionValueField(help_text="The value in these house rules.")
    default_shown = serializers.CharField()
    value_shown = serializers.CharField()


class ProfileOut(serializers.ModelSerializer[HouseRuleProfile]):
    game = serializers.CharField(source="slug")
    game_name = serializers.CharField()
    differences = serializers.SerializerMethodField()
    options = GameOptionsField()

    class Meta:
        model = HouseRuleProfile
        fields = (
            "id",
            "game",
            "game_name",
            "name",
            "options",
            "differences",
            "created_at",
            "updated_at",
        )

    @extend_schema_field(DifferenceOut(many=True))
    def get_differences(self, profile: HouseRuleProfile) -> list[dict[str, Any]]:
        return [dict(DifferenceOut(d).data) for d in profile_selectors.profile_differences(profile)]


class ProfileIn(BodyIn):
    game = serializers.ChoiceField(choices=[], help_text="A game slug, e.g. knock-rummy.")
    name = serializers.CharField(max_length=MAX_NAME)
    options = serializers.DictField(
        required=False, default=dict, help_text="House rules; the published rule for any not given."
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        game = self.fields["game"]
        assert isinstance(game, serializers.ChoiceField)
        game.choices = [(g.slug, g.name) for g in all_games()]


class ProfileUpdateIn(BodyIn):
    name = serializers.CharField(max_length=MAX_NAME, required=False)
    options = OptionsRequestField(
        required=False,
        help_text="The whole set of house rules: any not given go back to the published rule.",
    )


def _profile_for(request: Request, pk: int) -> HouseRuleProfile:
    """One of the user's own profiles; 404 for anyone else's."""
    return get_object_or_404(profile_selectors.profiles_for_user(request.user), pk=pk)


def _profile_example() -> dict[str, Any]:
    """A profile as a table would save one, read from the games' descriptions: the first game
    with an on-or-off house rule, that rule turned the other way from its default."""
    for game in all_games():
        for info in describe_options(game.options_type):
            if info.kind == "bool":
                return {
                    "game": game.slug,
                    "name": "Nanni's rules",
                    "options": {info.name: not info.default},
                }
    return {"game": all_games()[0].slug, "name": "Nanni's rules", "options": {}}


@extend_schema(
    request=ProfileIn,
    responses={200: ProfileOut(many=True), 201: ProfileOut},
    parameters=[OpenApiParameter("game", str, description="Only this game's profiles (a slug).")],
    description=(
        "GET: your house-rule profiles, by game then name. POST: save a game's house rules "
        "under a name (unique, any case, per game). The engine checks every rule: an unknown "
        "rule or a bad value is a 400 naming `options.<rule>`."
    ),
    examples=[OpenApiExample("Nanni's rules", value=_profile_example(), request_only=True)],
)
@api_view(["GET", "POST"])
def profile_list(request: Request) -> Response:
    if request.method == "GET":
        found = profile_selectors.profiles_for_user(request.user)
        if game := request.query_params.get("game"):
            found = found.filter(slug=game[:40])
        # By game, then name whatever its case (as the pages list them).
        by_name = found.annotate(lowered=Lower("name"))
        return paging.page(request, by_name, ("slug", "lowered", "id"), ProfileOut)
    data = valid(ProfileIn, request)
    profile = profiles.profile_create(
        owner=user_of(request),
        slug=data["game"],
        name=data["name"],
        options=shapes.sent_options(data["game"], data["options"]),
    )
    return Response(ProfileOut(profile).data, status=status.HTTP_201_CREATED)


@extend_schema(
    methods=["GET"],
    responses=ProfileOut,
    description="One of your profiles (404 for anyone else's).",
)
@extend_schema(
    methods=["PATCH"],
    request=ProfileUpdateIn,
    responses=ProfileOut,
    description=(
        "Rename a profile (`name`), change its house rules (`options`, the whole set: rules "
        "left out go back to the published ones), or both. Games already started keep the "
        "rules they started with."
    ),
)
@extend_schema(
    methods=["DELETE"],
    responses={204: None},
    description="Delete a profile. Games started with it keep their own copy of the rules.",
)
@api_view(["GET", "PATCH", "DELETE"])
def profile_detail(request: Request, pk: int) -> Response:
    profile = _profile_for(request, pk)
    if request.method == "GET":
        return Response(ProfileOut(profile).data)
    if request.method == "DELETE":
        profiles.profile_delete(profile=profile, by=user_of(request))
        return Response(status=status.HTTP_204_NO_CONTENT)
    data = valid(ProfileUpdateIn, request)
    profiles.profile_update(
        profile=profile,
        by=user_of(request),
        name=data.get("name"),
        options=shapes.sent_options(profile.slug, data.get("options")),
    )
    return Response(ProfileOut(profile).data)
