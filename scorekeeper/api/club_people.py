"""A club's people under /api/v1/clubs/<id>/: its roster, who is who on it ("this player is
me", and the organisers' answers), merges of two players who are one person, and a member's
own nights moved in.

Every view looks the club up as :mod:`scorekeeper.api.clubs` does (404 for a non-member) and
refuses a role too low before it reads the body (403, with the sentence).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from scorekeeper.access import clubs as access
from scorekeeper.api import paging
from scorekeeper.api.clubs import TAGS, club_for, organisers_only
from scorekeeper.api.decorators import api_view
from scorekeeper.api.lookups import user_of, valid
from scorekeeper.api.serializers.clubs import (
    ArrivalOut,
    ClaimAnswerIn,
    ClaimOut,
    ClubPlayerOut,
    MergeIn,
    MergeOut,
    MoveInIn,
    NightIdsIn,
)
from scorekeeper.api.serializers.nights import NightSummaryOut
from scorekeeper.api.serializers.players import PlayerIn
from scorekeeper.clubs import services
from scorekeeper.exceptions import InvalidInput
from scorekeeper.models import Membership, Night, Player, PlayerClaim, PlayerMerge
from scorekeeper.nights import services as night_services

Role = Membership.Role


def _recorders_only(role: Membership.Role, refusal: str) -> None:
    access.require(role, Role.RECORDER, refusal)


# The roster -------------------------------------------------------------------------------------


@extend_schema(
    tags=TAGS,
    request=PlayerIn,
    responses={200: ClubPlayerOut(many=True), 201: ClubPlayerOut},
    description="GET: the club's roster, by name, each with the account confirmed to be them. "
    "POST: add a player to it (organisers and recorders).",
)
@api_view(["GET", "POST"])
def club_players(request: Request, pk: int) -> Response:
    club, role = club_for(request, pk)
    if request.method == "GET":
        roster = Player.objects.filter(club=club, same_as__isnull=True).select_related("person")
        return paging.page(request, roster, ("name", "id"), ClubPlayerOut)
    _recorders_only(role, gettext("Only the club's organisers and recorders may add players."))
    data = valid(PlayerIn, request)
    player = night_services.player_create(owner=user_of(request), name=data["name"], club=club)
    return Response(ClubPlayerOut(player).data, status=status.HTTP_201_CREATED)


@extend_schema(
    tags=TAGS,
    request=None,
    responses={201: ClaimOut},
    description='Say "this player is me": an organiser confirms it (an organiser\'s own is '
    "confirmed at once: `confirmed` true). 400 (field `player`) for a player linked to an "
    "account already, or when you are a player of the club already or asked already.",
)
@api_view(["POST"])
def club_player_claim(request: Request, pk: int, player: int) -> Response:
    club, _ = club_for(request, pk)
    claim = services.claim_ask(club=club, by=user_of(request), player_id=player)
    claim = PlayerClaim.objects.select_related("player", "user").get(pk=claim.pk)
    return Response(ClaimOut(claim).data, status=status.HTTP_201_CREATED)


@extend_schema(
    tags=TAGS,
    request=None,
    responses={204: None},
    description="Unlink a player from the account that is them: the person themselves, or an "
    "organiser. Their games stay the player's.",
)
@api_view(["DELETE"])
def club_player_person(request: Request, pk: int, player: int) -> Response:
    club, _ = club_for(request, pk)
    services.self_unlink(club=club, by=user_of(request), player_id=player)
    return Response(status=status.HTTP_204_NO_CONTENT)


@extend_schema(
    tags=TAGS,
    responses={200: ClaimOut(many=True)},
    description='The "this player is me" waiting for an answer, newest first (organisers only).',
)
@api_view(["GET"])
def club_claims(request: Request, pk: int) -> Response:
    club, role = club_for(request, pk)
    organisers_only(role, gettext("Only the club's organisers may confirm who is who."))
    waiting = PlayerClaim.objects.filter(player__club=club, answered_at__isnull=True)
    waiting = waiting.select_related("player", "user").order_by("-asked_at", "-id")
    return Response(ClaimOut(waiting, many=True).data)


@extend_schema(
    tags=TAGS,
    request=ClaimAnswerIn,
    responses={200: ClaimOut},
    description="Answer a waiting claim (organisers only): confirmed, the player is that "
    "member from now on, and their own page shows the player's games; every other claim to the "
    "player is turned down. 400 (field `claim`) for one not waiting.",
)
@api_view(["POST"])
def club_claim(request: Request, pk: int, claim: int) -> Response:
    club, role = club_for(request, pk)
    organisers_only(role, gettext("Only the club's organisers may confirm who is who."))
    data = valid(ClaimAnswerIn, request)
    answered = services.claim_answer(
        club=club, by=user_of(request), claim_id=claim, confirmed=data["confirmed"]
    )
    return Response(ClaimOut(answered).data)


# Merges -----------------------------------------------------------------------------------------


def _merges() -> Any:
    return PlayerMerge.objects.select_related("merged", "into", "by", "undone_by")


@extend_schema(
    tags=TAGS,
    request=MergeIn,
    responses={200: MergeOut(many=True), 201: MergeOut},
    description="GET: the club's merges, newest first, undone ones too. POST (organisers "
    "only): read `merged` as `into` from now on, one person who was two players. No seat and "
    "no ledger entry changes: histories, ratings, rivals and records read the two as one. "
    "Refused (400, field `into`) for two players who sat at one game, or who are two accounts.",
)
@api_view(["GET", "POST"])
def club_merges(request: Request, pk: int) -> Response:
    club, role = club_for(request, pk)
    if request.method == "GET":
        return paging.page(request, _merges().filter(merged__club=club), ("-id",), MergeOut)
    organisers_only(role, gettext("Only the club's organisers may merge players."))
    data = valid(MergeIn, request)
    done = services.merge(
        club=club, by=user_of(request), merged_id=data["merged"], into_id=data["into"]
    )
    return Response(MergeOut(_merges().get(pk=done.pk)).data, status=status.HTTP_201_CREATED)


@extend_schema(
    tags=TAGS,
    request=None,
    responses={200: MergeOut},
    description="Undo a merge (organisers only): the two are two players again, each with "
    "their own games; the merged one comes back as `renamed` where their name was taken "
    "meanwhile. 400 (field `merge`) for one undone already.",
)
@api_view(["POST"])
def club_merge_undo(request: Request, pk: int, merge: int) -> Response:
    club, role = club_for(request, pk)
    organisers_only(role, gettext("Only the club's organisers may undo a merge."))
    done = services.unmerge(club=club, by=user_of(request), merge_id=merge)
    return Response(MergeOut(_merges().get(pk=done.pk)).data)


# Moving in --------------------------------------------------------------------------------------


def _movers_only(role: Membership.Role) -> None:
    _recorders_only(role, gettext("Only the club's organisers and recorders may move nights in."))


@extend_schema(
    tags=TAGS,
    request=NightIdsIn,
    responses={200: ArrivalOut(many=True)},
    description="Before moving nights in (organisers and recorders): each of your players who "
    "comes along with those nights, and the club's player of the same name, if any. Nothing "
    "is matched until you say so (POST .../move-in/).",
)
@api_view(["POST"])
def club_move_in_review(request: Request, pk: int) -> Response:
    club, role = club_for(request, pk)
    _movers_only(role)
    data = valid(NightIdsIn, request)
    coming = services.arrivals(club=club, by=user_of(request), night_ids=data["nights"])
    return Response(ArrivalOut(coming, many=True).data)


@extend_schema(
    tags=TAGS,
    request=MoveInIn,
    responses={200: NightSummaryOut(many=True)},
    description="Move nights of your own into the club (organisers and recorders), with who "
    "each arriving player is: a player of the club (`into`: they are merged, undoably) or new "
    "on its roster (`into` null). Every arrival needs a choice (400, field `choices`). No "
    "total changes.",
)
@api_view(["POST"])
def club_move_in(request: Request, pk: int) -> Response:
    club, role = club_for(request, pk)
    _movers_only(role)
    data = valid(MoveInIn, request)
    choices: dict[int, int | None] = {}
    for index, choice in enumerate(data["choices"]):
        if choice["player"] in choices:
            raise InvalidInput(
                gettext("Choose once for each player."), field=f"choices[{index}].player"
            )
        choices[choice["player"]] = choice["into"]
    moved = services.move_in(
        club=club, by=user_of(request), night_ids=data["nights"], choices=choices
    )
    nights = Night.objects.filter(pk__in=[night.pk for night in moved])
    nights = nights.select_related("owner", "club").order_by("-date", "-id")
    return Response(NightSummaryOut(nights, many=True).data)
