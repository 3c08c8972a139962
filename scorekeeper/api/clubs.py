"""Clubs under /api/v1/clubs/: a club, its members and their roles, its invitations, and
joining one by its link.

A club the caller is not a member of is a 404 (``scorekeeper.access.clubs.club_for``), so
nobody learns which clubs there are; a member whose role does not allow a thing gets a 403
that says which role may, before the body is read. The writes are the services the club pages
call (``scorekeeper.clubs.services``), each one transaction.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.db.models import Count, IntegerField, OuterRef, QuerySet, Subquery
from django.db.models.functions import Coalesce
from django.urls import NoReverseMatch, reverse
from django.utils import timezone
from django.utils.translation import gettext
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from scorekeeper.access import clubs as access
from scorekeeper.api import paging
from scorekeeper.api.decorators import api_view
from scorekeeper.api.lookups import user_of, valid
from scorekeeper.api.serializers.clubs import (
    ClubIn,
    ClubJoinIn,
    ClubJoinOut,
    ClubOut,
    InviteIn,
    InviteMadeOut,
    InviteOut,
    MemberOut,
    MemberRoleIn,
)
from scorekeeper.clubs import services
from scorekeeper.models import Club, ClubInvite, Membership, Night, Player, Season

Role = Membership.Role
TAGS = ["clubs"]


def club_for(request: Request, pk: int) -> tuple[Club, Membership.Role]:
    """The club ``pk`` and the caller's role in it; 404 for anyone not a member."""
    return access.club_for(user_of(request), pk)


def organisers_only(role: Membership.Role, refusal: str) -> None:
    access.require(role, Role.ORGANISER, refusal)


def _count(rows: QuerySet[Any]) -> Coalesce:
    """How many of ``rows`` (each with a ``club``) belong to the club of the outer row."""
    counted = (
        rows.filter(club=OuterRef("pk"))
        .order_by()
        .values("club")
        .annotate(n=Count("pk"))
        .values("n")
    )
    return Coalesce(Subquery(counted, output_field=IntegerField()), 0)


def clubs_with_counts(clubs: QuerySet[Club], user: User) -> QuerySet[Club]:
    """``clubs``, each with the user's role and its counts (one query for the lot)."""
    role = Membership.objects.filter(club=OuterRef("pk"), user=user).values("role")[:1]
    return clubs.annotate(
        role=Subquery(role),
        n_members=_count(Membership.objects.all()),
        n_players=_count(Player.objects.filter(same_as__isnull=True)),
        n_nights=_count(Night.objects.all()),
        n_seasons=_count(Season.objects.all()),
    )


def _club_out(club: Club, request: Request) -> Response:
    found = clubs_with_counts(Club.objects.filter(pk=club.pk), user_of(request)).get()
    return Response(ClubOut(found).data)


@extend_schema(
    tags=TAGS,
    request=ClubIn,
    responses={200: ClubOut(many=True), 201: ClubOut},
    description="GET: the clubs you are a member of, by name, with your role in each. POST: "
    "start a club; you are its first organiser.",
)
@api_view(["GET", "POST"])
def clubs(request: Request) -> Response:
    user = user_of(request)
    if request.method == "GET":
        mine = clubs_with_counts(access.clubs_for_user(user), user)
        return paging.page(request, mine, ("name", "id"), ClubOut)
    data = valid(ClubIn, request)
    club = services.club_create(by=user, name=data["name"])
    response = _club_out(club, request)
    response.status_code = status.HTTP_201_CREATED
    return response


@extend_schema(
    methods=["PATCH"],
    tags=TAGS,
    request=ClubIn,
    responses={200: ClubOut},
    description="Rename the club (its organisers only: 403 for anyone else in it).",
)
@extend_schema(methods=["GET"], tags=TAGS, responses={200: ClubOut})
@api_view(["GET", "PATCH"])
def club_detail(request: Request, pk: int) -> Response:
    club, role = club_for(request, pk)
    if request.method == "PATCH":
        organisers_only(role, gettext("Only the club's organisers may rename it."))
        data = valid(ClubIn, request)
        club = services.club_rename(club=club, by=user_of(request), name=data["name"])
    return _club_out(club, request)


# Members ----------------------------------------------------------------------------------------


@extend_schema(
    tags=TAGS,
    responses={200: MemberOut(many=True)},
    description="The club's members, in the order they joined, with their roles.",
)
@api_view(["GET"])
def club_members(request: Request, pk: int) -> Response:
    club, _ = club_for(request, pk)
    members = Membership.objects.filter(club=club).select_related("user")
    return paging.page(request, members, ("id",), MemberOut)


@extend_schema(
    methods=["PATCH"],
    tags=TAGS,
    request=MemberRoleIn,
    responses={200: MemberOut},
    description="An organiser makes a member an organiser, a recorder or a member. A club keeps "
    "an organiser: the last one cannot be made anything else (400, field `user`). 400 (field "
    "`user`) for an account that is not a member.",
)
@extend_schema(
    methods=["DELETE"],
    tags=TAGS,
    request=None,
    responses={204: None},
    description="An organiser takes a member out of the club: from this moment they see none "
    "of its nights, roster or history. What they recorded stays.",
)
@api_view(["PATCH", "DELETE"])
def club_member(request: Request, pk: int, user: int) -> Response:
    club, role = club_for(request, pk)
    by = user_of(request)
    if request.method == "DELETE":
        organisers_only(role, gettext("Only the club's organisers may remove members."))
        services.member_remove(club=club, by=by, user_id=user)
        return Response(status=status.HTTP_204_NO_CONTENT)
    organisers_only(role, gettext("Only the club's organisers may change roles."))
    data = valid(MemberRoleIn, request)
    membership = services.member_role_set(club=club, by=by, user_id=user, role=data["role"])
    return Response(MemberOut(membership).data)


@extend_schema(
    tags=TAGS,
    request=None,
    responses={204: None},
    description="Leave the club: its nights, roster and history are no longer yours to see. "
    "The last organiser cannot leave (400, field `user`): make another member one first.",
)
@api_view(["DELETE"])
def club_membership(request: Request, pk: int) -> Response:
    club, _ = club_for(request, pk)
    services.club_leave(club=club, user=user_of(request))
    return Response(status=status.HTTP_204_NO_CONTENT)


# Invitations ------------------------------------------------------------------------------------


def join_url(request: Request, token: str) -> str:
    """The page that lets a signed-in person join by the token (the club pages' own)."""
    try:
        path = reverse("club_join", args=[token])
    except NoReverseMatch:  # the club pages are not served here yet: their agreed address
        path = f"/clubs/join/{token}/"
    return request.build_absolute_uri(path)


@extend_schema(
    methods=["GET"],
    tags=TAGS,
    responses={200: InviteOut(many=True)},
    description="The club's invitations that still let people in, newest first (organisers "
    "only). A link is never stored, so it cannot be read back: make a new one.",
)
@extend_schema(
    methods=["POST"],
    tags=TAGS,
    request=InviteIn,
    responses={201: InviteMadeOut},
    description="Make an invitation link (organisers only), valid 1, 7 or 30 days: anyone "
    "signed in who opens it joins as a member. The answer holds the link and its token, this "
    "once (only a digest is kept).",
)
@api_view(["GET", "POST"])
def club_invites(request: Request, pk: int) -> Response:
    club, role = club_for(request, pk)
    organisers_only(role, gettext("Only the club's organisers may invite people."))
    if request.method == "GET":
        open_ones = ClubInvite.objects.filter(
            club=club, revoked_at__isnull=True, expires_at__gt=timezone.now()
        ).select_related("created_by")
        return Response(InviteOut(open_ones.order_by("-created_at", "-id"), many=True).data)
    data = valid(InviteIn, request)
    token = services.invite_make(club=club, by=user_of(request), days=data["days"])
    invite = services.invite_for(token)
    assert invite is not None  # made a moment ago, in this request
    body = {**InviteOut(invite).data, "token": token, "url": join_url(request, token)}
    return Response(body, status=status.HTTP_201_CREATED)


@extend_schema(
    tags=TAGS,
    request=None,
    responses={204: None},
    description="Stop an invitation (organisers only): its link lets nobody in from now on; "
    "who joined by it stays. 400 (field `invite`) for one that is not open.",
)
@api_view(["DELETE"])
def club_invite(request: Request, pk: int, invite: int) -> Response:
    club, role = club_for(request, pk)
    organisers_only(role, gettext("Only the club's organisers may stop an invitation."))
    services.invite_revoke(club=club, by=user_of(request), invite_id=invite)
    return Response(status=status.HTTP_204_NO_CONTENT)


@extend_schema(
    tags=TAGS,
    request=ClubJoinIn,
    responses={
        201: ClubJoinOut,
        200: OpenApiResponse(
            ClubJoinOut, description="You were a member already: nothing changed."
        ),
    },
    description="Join a club by its invitation's token, as a member. A token that has "
    "expired, was stopped, or was never this site's is refused alike (400, field `token`).",
)
@api_view(["POST"])
def club_join(request: Request) -> Response:
    data = valid(ClubJoinIn, request)
    user = user_of(request)
    club, joined = services.club_join(token=data["token"], user=user)
    role = access.role_in(user, club)
    body = ClubJoinOut({"club": club, "role": role, "joined": joined}).data
    return Response(body, status=status.HTTP_201_CREATED if joined else status.HTTP_200_OK)
