"""The API of "live at the table": a night's join link, joining by it, and who records or watches.

Only a signed-in account uses the API: a visitor let in by a link without an account sees the
night's pages, never the API. The writes are the same services the night page calls.
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response

from scorekeeper.access import roles, sharing
from scorekeeper.api.decorators import api_view
from scorekeeper.api.lookups import night_for, user_of, valid
from scorekeeper.api.serializers.errors import ErrorOut
from scorekeeper.api.serializers.fields import BodyIn
from scorekeeper.exceptions import InvalidInput
from scorekeeper.models import NightLink


class LinkOut(serializers.Serializer[Any]):
    active = serializers.BooleanField(help_text="Whether the night has a join link that works.")
    created_at = serializers.DateTimeField(allow_null=True)


class LinkMadeOut(serializers.Serializer[Any]):
    url = serializers.URLField(help_text="The join link: shown this once, never stored.")
    token = serializers.CharField(help_text="The token in the link (for POST /api/v1/join/).")
    created_at = serializers.DateTimeField()


class PersonOut(serializers.Serializer[Any]):
    username = serializers.CharField()
    role = serializers.CharField(help_text="owner, recorder or viewer.")


class RoleIn(BodyIn):
    role = serializers.ChoiceField(choices=["recorder", "viewer"])


class JoinIn(BodyIn):
    token = serializers.CharField(max_length=100)


class JoinOut(serializers.Serializer[Any]):
    night = serializers.IntegerField()
    role = serializers.CharField(help_text="owner, recorder or viewer: your part in the night.")


def _username(raw: str) -> str:
    """A name from the path, checked as a body's would be (length; no NUL for PostgreSQL)."""
    if not raw.strip() or len(raw) > 150 or "\x00" in raw:
        raise InvalidInput("Give an account name of at most 150 characters.", field="username")
    return raw


@extend_schema(
    methods=["GET"],
    responses=LinkOut,
    description="Whether the night has a join link (the owner only). The link is not stored, "
    "so it cannot be read back: make a new one to see it again.",
)
@extend_schema(
    methods=["POST"],
    request=None,
    responses={201: LinkMadeOut},
    description="Make the night's join link (the owner only). A link made before stops working.",
)
@extend_schema(methods=["DELETE"], request=None, responses={204: None})
@api_view(["GET", "POST", "DELETE"])
def night_link(request: Request, pk: int) -> Response:
    night = night_for(request, pk)
    if request.method == "POST":
        token = sharing.link_make(night=night, by=user_of(request))
        link = NightLink.objects.get(night=night)
        url = request.build_absolute_uri(reverse("share_join", args=[token]))
        body = {"url": url, "token": token, "created_at": link.created_at}
        return Response(LinkMadeOut(body).data, status=status.HTTP_201_CREATED)
    if request.method == "DELETE":
        sharing.link_stop(night=night, by=user_of(request))
        return Response(status=status.HTTP_204_NO_CONTENT)
    roles.require_owner(user_of(request), night, "see its link")
    found = NightLink.objects.filter(night=night).first()
    body = {"active": found is not None, "created_at": found.created_at if found else None}
    return Response(LinkOut(body).data)


@extend_schema(
    responses=PersonOut(many=True),
    description="Who has a part in the night: the owner, the recorders and (for the owner "
    "only) the viewers, who joined by its link.",
)
@api_view(["GET"])
def night_people(request: Request, pk: int) -> Response:
    night = night_for(request, pk)
    people = sharing.people_of(night)
    if night.owner_id != user_of(request).pk:
        people = [p for p in people if p.role != "viewer"]
    return Response(PersonOut(people, many=True).data)


@extend_schema(
    methods=["PATCH"],
    request=RoleIn,
    responses=PersonOut,
    description="The owner lets a viewer record (`recorder`) or a recorder only watch "
    "(`viewer`). 400 (field `username`) for anyone without a part in the night, whether or "
    "not the account exists.",
    examples=[OpenApiExample("Let them record", value={"role": "recorder"}, request_only=True)],
)
@extend_schema(methods=["DELETE"], request=None, responses={204: None})
@api_view(["PATCH", "DELETE"])
def night_person(request: Request, pk: int, username: str) -> Response:
    night = night_for(request, pk)
    name = _username(username)
    if request.method == "DELETE":
        sharing.person_remove(night=night, by=user_of(request), username=name)
        return Response(status=status.HTTP_204_NO_CONTENT)
    roles.require_owner(
        user_of(request), night, "change who records"
    )  # access first, then the body
    data = valid(RoleIn, request)
    person = sharing.role_set(night=night, by=user_of(request), username=name, role=data["role"])
    return Response(PersonOut(person).data)


@extend_schema(
    request=JoinIn,
    responses={
        200: JoinOut,
        404: OpenApiResponse(ErrorOut, description="The token does not open a night."),
    },
    description="Join a night by its link's token: the account becomes a viewer (an owner or "
    "recorder keeps their part). 404 for a token that does not open a night.",
)
@api_view(["POST"])
def join(request: Request) -> Response:
    data = valid(JoinIn, request)
    night = sharing.night_for_token(data["token"])
    if night is None:
        raise NotFound("That link does not open a night (it may have been replaced).")
    role = sharing.night_join(night=night, user=user_of(request))
    return Response(JoinOut({"night": night.pk, "role": role}).data)
