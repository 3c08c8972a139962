"""A club's people and players: its members and their roles, invitation links (with their QR
code), leaving; its roster, "this player is me" and its answers, merges and their undoing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib.auth.decorators import login_required
from django.db.models import Q
from django.forms import Form
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scorekeeper.access import clubs as access
from scorekeeper.clubs import services
from scorekeeper.exceptions import ServiceError
from scorekeeper.models import (
    Club,
    ClubInvite,
    Membership,
    Player,
    PlayerClaim,
    PlayerMerge,
    Seat,
)
from scorekeeper.nights import selectors as night_selectors
from scorekeeper.nights import services as night_services
from scorekeeper.pages.views.club_forms import (
    ClaimAnswerForm,
    InviteForm,
    InviteStopForm,
    MemberForm,
    MergeForm,
    PlayerAddForm,
    PlayerPickForm,
    RoleForm,
    UnmergeForm,
)
from scorekeeper.pages.views.clubs import club_context
from scorekeeper.pages.views.night_page import qr_svg
from scorekeeper.web.http import AuthedRequest

Role = Membership.Role


def _refuse_below(role: Role, least: Role, refusal: str) -> None:
    access.require(role, least, refusal)


# Members ----------------------------------------------------------------------------------------


def _members(
    request: AuthedRequest,
    club: Club,
    role: Role,
    *,
    status: int = 200,
    join_url: str = "",
    **forms: Any,
) -> HttpResponse:
    organiser = role == Role.ORGANISER
    invites = (
        ClubInvite.objects.filter(club=club, revoked_at__isnull=True, expires_at__gt=timezone.now())
        if organiser
        else ClubInvite.objects.none()
    )
    context = club_context(club, role, "members") | {
        "members": Membership.objects.filter(club=club)
        .select_related("user")
        .order_by("user__username"),
        "roles": Role.choices,
        "invites": invites.select_related("created_by"),
        "invite_form": forms.get("invite_form") or InviteForm(),
        "join_url": join_url,
        "qr_svg": qr_svg(join_url) if join_url else None,
        **{name: form for name, form in forms.items() if name != "invite_form"},
    }
    return render(request, _template(request, "members"), context, status=status)


def _template(request: AuthedRequest, page: str) -> str:
    """A club page's template, or (htmx) just its part below the tabs, which its small forms
    swap: htmx swaps no 4xx, so a refusal shown inline answers 200 to htmx."""
    name = f"scorekeeper/clubs/{page}.html"
    return f"{name}#part" if request.htmx else name


def _to_members(club: Club) -> HttpResponse:
    return redirect("club_members", club.pk)


@login_required
@require_GET
def club_members(request: AuthedRequest, pk: int) -> HttpResponse:
    club, role = access.club_for(request.user, pk)
    return _members(request, club, role)


def _post(
    request: AuthedRequest,
    pk: int,
    form_class: type[Form],
    act: Callable[[Club, dict[str, Any]], object],
    page: Callable[..., HttpResponse],
    form_name: str,
    *,
    least: Role = Role.MEMBER,
    refusal: str = "",
    done: Callable[[Club], HttpResponse],
) -> HttpResponse:
    """Post one of a club page's small forms: access first (a role below ``least`` is refused
    before the form is read), then the service; a refusal is shown by the form, inline."""
    club, role = access.club_for(request.user, pk)
    if least != Role.MEMBER:
        _refuse_below(role, least, refusal)
    form = form_class(request.POST)
    if form.is_valid():
        try:
            act(club, form.cleaned_data)
        except ServiceError as err:
            form.add_engine_error(err)  # type: ignore[attr-defined]
        else:
            # htmx: the page's part as it is now (a reload or no script: the page, by GET)
            return page(request, club, role) if request.htmx else done(club)
    return page(request, club, role, status=200 if request.htmx else 400, **{form_name: form})


def _organisers(doing: str) -> dict[str, Any]:
    return {"least": Role.ORGANISER, "refusal": doing}


@login_required
@require_POST
def club_member_role(request: AuthedRequest, pk: int) -> HttpResponse:
    return _post(
        request,
        pk,
        RoleForm,
        lambda club, data: services.member_role_set(
            club=club, by=request.user, user_id=data["user"], role=data["role"]
        ),
        _members,
        "role_form",
        **_organisers(gettext("Only the club's organisers may change roles.")),
        done=_to_members,
    )


@login_required
@require_POST
def club_member_remove(request: AuthedRequest, pk: int) -> HttpResponse:
    return _post(
        request,
        pk,
        MemberForm,
        lambda club, data: services.member_remove(club=club, by=request.user, user_id=data["user"]),
        _members,
        "remove_form",
        **_organisers(gettext("Only the club's organisers may remove members.")),
        done=_to_members,
    )


@login_required
@require_POST
def club_leave(request: AuthedRequest, pk: int) -> HttpResponse:
    club, role = access.club_for(request.user, pk)
    try:
        services.club_leave(club=club, user=request.user)
    except ServiceError as err:
        return _members(request, club, role, status=400, leave_error=err.message)
    return redirect("club_list")


@login_required
@require_POST
def club_invite_make(request: AuthedRequest, pk: int) -> HttpResponse:
    """A new invitation link, shown once on the answer with its QR code (only a digest of it is
    kept): the organiser shares it now, or makes another later."""
    club, role = access.club_for(request.user, pk)
    _refuse_below(role, Role.ORGANISER, gettext("Only the club's organisers may invite people."))
    form = InviteForm(request.POST)
    if form.is_valid():
        try:
            token = services.invite_make(club=club, by=request.user, days=form.cleaned_data["days"])
        except ServiceError as err:
            form.add_engine_error(err)
        else:
            url = request.build_absolute_uri(reverse("club_join", args=[token]))
            return _members(request, club, role, join_url=url)
    status = 200 if request.htmx else 400
    return _members(request, club, role, status=status, invite_form=form)


@login_required
@require_POST
def club_invite_stop(request: AuthedRequest, pk: int) -> HttpResponse:
    return _post(
        request,
        pk,
        InviteStopForm,
        lambda club, data: services.invite_revoke(
            club=club, by=request.user, invite_id=data["invite"]
        ),
        _members,
        "stop_form",
        **_organisers(gettext("Only the club's organisers may stop an invitation.")),
        done=_to_members,
    )


# The roster -------------------------------------------------------------------------------------


def _roster(
    request: AuthedRequest, club: Club, role: Role, *, status: int = 200, **forms: Form
) -> HttpResponse:
    players = night_selectors.roster(owner=request.user, club=club).select_related("person")
    mine = players.filter(person=request.user).first()
    asked = PlayerClaim.objects.filter(
        player__club=club, user=request.user, answered_at__isnull=True
    ).first()
    waiting = (
        PlayerClaim.objects.filter(player__club=club, answered_at__isnull=True)
        .select_related("player", "user")
        .order_by("asked_at")
        if role == Role.ORGANISER
        else PlayerClaim.objects.none()
    )
    merges = PlayerMerge.objects.filter(merged__club=club).select_related("merged", "into", "by")
    context = club_context(club, role, "roster") | {
        "players": players.order_by("name"),
        "mine": mine,
        "asked": asked,
        "waiting": waiting,
        "merges": merges.filter(undone_at__isnull=True),
        "add_form": forms.get("add_form") or PlayerAddForm(),
        "merge_form": forms.get("merge_form") or MergeForm(roster=players.order_by("name")),
        **{n: f for n, f in forms.items() if n not in ("add_form", "merge_form")},
    }
    return render(request, _template(request, "roster"), context, status=status)


@login_required
@require_GET
def club_roster(request: AuthedRequest, pk: int) -> HttpResponse:
    club, role = access.club_for(request.user, pk)
    return _roster(request, club, role)


def _to_roster(club: Club) -> HttpResponse:
    return redirect("club_roster", club.pk)


@login_required
@require_POST
def club_player_add(request: AuthedRequest, pk: int) -> HttpResponse:
    return _post(
        request,
        pk,
        PlayerAddForm,
        lambda club, data: night_services.player_create(
            owner=request.user, name=data["name"], club=club
        ),
        _roster,
        "add_form",
        least=Role.RECORDER,
        refusal=gettext("Only the club's organisers and recorders may add players."),
        done=_to_roster,
    )


@login_required
@require_POST
def club_claim(request: AuthedRequest, pk: int) -> HttpResponse:
    """ "This is me": a member says which player of the roster they are."""
    return _post(
        request,
        pk,
        PlayerPickForm,
        lambda club, data: services.claim_ask(club=club, by=request.user, player_id=data["player"]),
        _roster,
        "pick_form",
        done=_to_roster,
    )


@login_required
@require_POST
def club_claim_answer(request: AuthedRequest, pk: int) -> HttpResponse:
    return _post(
        request,
        pk,
        ClaimAnswerForm,
        lambda club, data: services.claim_answer(
            club=club, by=request.user, claim_id=data["claim"], confirmed=data["confirmed"]
        ),
        _roster,
        "answer_form",
        **_organisers(gettext("Only the club's organisers may confirm who is who.")),
        done=_to_roster,
    )


@login_required
@require_POST
def club_unlink(request: AuthedRequest, pk: int) -> HttpResponse:
    return _post(
        request,
        pk,
        PlayerPickForm,
        lambda club, data: services.self_unlink(
            club=club, by=request.user, player_id=data["player"]
        ),
        _roster,
        "pick_form",
        done=_to_roster,
    )


# Merges -----------------------------------------------------------------------------------------


@login_required
@require_http_methods(["GET", "POST"])
def club_merge(request: AuthedRequest, pk: int) -> HttpResponse:
    """Merge two players: choose them (the roster page's form sends here), a review that says
    what will happen (GET), then the merge (POST with ``confirm``)."""
    club, role = access.club_for(request.user, pk)
    _refuse_below(role, Role.ORGANISER, gettext("Only the club's organisers may merge players."))
    roster = night_selectors.roster(owner=request.user, club=club).order_by("name")
    data = request.POST if request.method == "POST" else request.GET
    form = MergeForm(data or None, roster=roster)
    if not form.is_valid():
        return _roster(request, club, role, status=400, merge_form=form)
    merged, into = form.cleaned_data["merged"], form.cleaned_data["into"]
    if request.method == "POST" and "confirm" in request.POST:
        try:
            services.merge(club=club, by=request.user, merged_id=merged.pk, into_id=into.pk)
        except ServiceError as err:
            form.add_engine_error(err)
            return _roster(request, club, role, status=400, merge_form=form)
        return _to_roster(club)
    context = club_context(club, role, "roster") | {
        "merged": merged,
        "into": into,
        "games": {
            "merged": _games_of(merged),
            "into": _games_of(into),
        },
    }
    return render(request, "scorekeeper/clubs/merge.html", context)


def _games_of(player: Player) -> int:
    return Seat.objects.filter(Q(player=player) | Q(player__same_as=player)).count()


@login_required
@require_POST
def club_unmerge(request: AuthedRequest, pk: int) -> HttpResponse:
    return _post(
        request,
        pk,
        UnmergeForm,
        lambda club, data: services.unmerge(club=club, by=request.user, merge_id=data["merge"]),
        _roster,
        "unmerge_form",
        **_organisers(gettext("Only the club's organisers may undo a merge.")),
        done=_to_roster,
    )
