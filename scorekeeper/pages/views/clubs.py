"""Clubs: the user's clubs and starting one, a club's page (its nights, a new club night, the
leaderboard), and joining by an invitation link. Who may do what is read in
``scorekeeper.access.clubs``; every write goes through ``scorekeeper.clubs.services``."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.contrib.auth.views import redirect_to_login
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scorekeeper.access import clubs as access
from scorekeeper.clubs import seasons as season_reads
from scorekeeper.clubs import services
from scorekeeper.exceptions import ServiceError
from scorekeeper.history import ratings, scope
from scorekeeper.models import Club, Membership, Season
from scorekeeper.nights import services as night_services
from scorekeeper.pages.forms import NightForm
from scorekeeper.pages.views.club_forms import ClubForm
from scorekeeper.pages.views.history import NIGHTS_PER_PAGE
from scorekeeper.standings import in_words
from scorekeeper.web.http import AuthedRequest

Role = Membership.Role
BOARD_TOP = 5  # the leaderboard's first rows on the club's page


def club_context(club: Club, role: Role, tab: str) -> dict[str, Any]:
    """What every club page shows above its own part: the club, the reader's role, the tabs."""
    return {
        "club": club,
        "role": role,
        "tab": tab,
        "organiser": role == Role.ORGANISER,
        "recorder": access.at_least(role, Role.RECORDER),
    }


def _list(request: AuthedRequest, form: ClubForm, status: int = 200) -> HttpResponse:
    clubs = access.clubs_for_user(request.user)
    roles = dict(Membership.objects.filter(user=request.user).values_list("club_id", "role"))
    rows = [(club, Role(roles[club.pk]).label) for club in clubs]
    return render(
        request, "scorekeeper/clubs/list.html", {"clubs": rows, "form": form}, status=status
    )


@login_required
@require_GET
def club_list(request: AuthedRequest) -> HttpResponse:
    return _list(request, ClubForm())


@login_required
@require_POST
def club_create(request: AuthedRequest) -> HttpResponse:
    form = ClubForm(request.POST)
    if form.is_valid():
        try:
            club = services.club_create(by=request.user, name=form.cleaned_data["name"])
        except ServiceError as err:
            form.add_engine_error(err)
        else:
            return redirect(club)
    return _list(request, form, status=400)


def season_choice(club: Club, raw: str | None) -> tuple[Season | None, str]:
    """The leaderboard's filter: ``?season=<id>`` one season, ``all`` all time, else the
    current season (all time when there is none). Returns the season and the choice made."""
    if raw == "all":
        return None, "all"
    if raw and raw.isascii() and raw.isdigit() and len(raw) <= 18:
        chosen = season_reads.seasons_of(club).filter(pk=int(raw)).first()
        if chosen is not None:
            return chosen, str(chosen.pk)
    now = season_reads.current(club)
    return now, ("" if now is not None else "all")


def _detail(request: AuthedRequest, pk: int, form: NightForm, status: int = 200) -> HttpResponse:
    club, role = access.club_for(request.user, pk)
    nights = club.nights.select_related("owner").order_by("-date", "-id")
    page = Paginator(nights, NIGHTS_PER_PAGE).get_page(request.GET.get("page"))
    season, chosen = season_choice(club, request.GET.get("season"))
    board = ratings.leaderboard(scope.of_club(club, season), slug="")
    context = club_context(club, role, "nights") | {
        "page": page,
        "nights": in_words.night_summaries(list(page.object_list)),
        "form": form,
        "season": season,
        "chosen": chosen,
        "seasons": season_reads.seasons_of(club),
        "current": season_reads.current(club),
        "board": board,
        "top": board.rows[:BOARD_TOP],
    }
    return render(request, "scorekeeper/clubs/detail.html", context, status=status)


@login_required
@require_GET
def club_detail(request: AuthedRequest, pk: int) -> HttpResponse:
    return _detail(request, pk, NightForm())


@login_required
@require_POST
def club_night_create(request: AuthedRequest, pk: int) -> HttpResponse:
    """A new night of the club (its organisers and recorders)."""
    club, role = access.club_for(request.user, pk)
    access.require(
        role,
        Role.RECORDER,
        gettext("Only the club's organisers and recorders may start a club night."),
    )
    form = NightForm(request.POST)
    if form.is_valid():
        try:
            night = night_services.night_create(owner=request.user, club=club, **form.cleaned_data)
        except ServiceError as err:
            form.add_engine_error(err)
        else:
            return redirect(night)
    return _detail(request, pk, form, status=400)


# Joining by an invitation link ------------------------------------------------------------------


@never_cache
@require_http_methods(["GET", "POST"])
def club_join(request: HttpRequest, token: str) -> HttpResponse:
    """An invitation link: signed out, sign in (or up) and come back; signed in, a button to
    join. A link expired, stopped or forged answers one sentence, the same for all three."""
    invite = services.invite_for(token)
    if invite is None:
        return render(request, "scorekeeper/clubs/join_gone.html", status=404)
    club = invite.club
    if not request.user.is_authenticated:
        if request.method == "POST":
            return redirect_to_login(request.get_full_path())
        return render(request, "scorekeeper/clubs/join.html", {"club": club, "token": token})
    assert isinstance(request.user, User)
    member = access.role_in(request.user, club) is not None
    if request.method == "POST":
        try:
            services.club_join(token=token, user=request.user)
        except ServiceError:
            return render(request, "scorekeeper/clubs/join_gone.html", status=404)
        return redirect(club)
    return render(
        request, "scorekeeper/clubs/join.html", {"club": club, "token": token, "member": member}
    )
