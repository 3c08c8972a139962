"""A club's seasons (naming the next, ending the current), a season's table and its share card,
a club player's page (per season and all time), and one's own page across every club and host."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.dateformat import format as date_format
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

from scorekeeper.access import clubs as access
from scorekeeper.clubs import identity, services
from scorekeeper.clubs import seasons as season_reads
from scorekeeper.exceptions import ServiceError
from scorekeeper.history import ratings, records, rivals, scope
from scorekeeper.history import seasons as history_seasons
from scorekeeper.models import Club, Membership, Player, Season
from scorekeeper.pages.views.club_forms import SeasonEndForm, SeasonForm
from scorekeeper.pages.views.clubs import club_context, season_choice
from scorekeeper.standings import result_cards
from scorekeeper.standings.result_cards import SIZES, Card, Line, Size
from scorekeeper.web.http import AuthedRequest

Role = Membership.Role


def _seasons(
    request: AuthedRequest,
    club: Club,
    role: Role,
    *,
    status: int = 200,
    form: SeasonForm | None = None,
    end_form: SeasonEndForm | None = None,
) -> HttpResponse:
    starts = season_reads.next_start(club)
    context = club_context(club, role, "seasons") | {
        "seasons": season_reads.seasons_of(club),
        "current": season_reads.current(club),
        "today": timezone.localdate(),
        "next_start": starts,
        "form": form or SeasonForm(initial={"starts": starts}),
        "end_form": end_form,
    }
    return render(request, "scorekeeper/clubs/seasons.html", context, status=status)


@login_required
@require_GET
def club_seasons(request: AuthedRequest, pk: int) -> HttpResponse:
    club, role = access.club_for(request.user, pk)
    return _seasons(request, club, role)


@login_required
@require_POST
def club_season_create(request: AuthedRequest, pk: int) -> HttpResponse:
    """Name the next season: from the day after the last one ends (or, the first, from the
    day given) to its last day."""
    club, role = access.club_for(request.user, pk)
    access.require(role, Role.ORGANISER, gettext("Only the club's organisers may name seasons."))
    form = SeasonForm(request.POST)
    if form.is_valid():
        data = form.cleaned_data
        try:
            services.season_create(
                club=club,
                by=request.user,
                name=data["name"],
                starts=data["starts"],
                ends=data["ends"],
            )
        except ServiceError as err:
            form.add_engine_error(err)
        else:
            return redirect("club_seasons", club.pk)
    return _seasons(request, club, role, status=400, form=form)


@login_required
@require_POST
def club_season_end(request: AuthedRequest, pk: int) -> HttpResponse:
    """End the current season today: its table is final from then on."""
    club, role = access.club_for(request.user, pk)
    access.require(role, Role.ORGANISER, gettext("Only the club's organisers may end a season."))
    form = SeasonEndForm(request.POST)
    if form.is_valid():
        try:
            services.season_end(club=club, by=request.user, season_id=form.cleaned_data["season"])
        except ServiceError as err:
            form.add_engine_error(err)
        else:
            return redirect("club_seasons", club.pk)
    return _seasons(request, club, role, status=400, end_form=form)


def _season(user: Any, pk: int, season_pk: int) -> tuple[Club, Role, Season]:
    club, role = access.club_for(user, pk)
    return club, role, get_object_or_404(Season, club=club, pk=season_pk)


@login_required
@require_GET
def club_season(request: AuthedRequest, pk: int, season: int) -> HttpResponse:
    club, role, chosen = _season(request.user, pk, season)
    table = history_seasons.season_table(club, chosen)
    context = club_context(club, role, "seasons") | {
        "season": chosen,
        "finished": table.finished,
        "board": table,
        "nights": table.nights,
    }
    return render(request, "scorekeeper/clubs/season.html", context)


def season_card(club: Club, season: Season, board: history_seasons.SeasonTable) -> Card:
    """A finished season's share card: who topped the table, and the table by rating."""
    when = gettext("%(starts)s to %(ends)s") % {
        "starts": date_format(season.starts, "j F Y"),
        "ends": date_format(season.ends, "j F Y"),
    }
    if board.champion is not None:
        headline = gettext("%(name)s tops the final table") % {"name": board.champion.name}
    elif board.rows:  # the season goes on
        headline = gettext("The table so far")
    else:
        headline = gettext("No finished games this season.")
    lines = tuple(
        Line(f"{row.place}. {row.player.name}", f"{row.rating.shown:.1f}", row.place == 1)
        for row in board.rows
    )
    # Translators: a season's share card's title: the season's name, and its club's.
    title = gettext("%(season)s, %(club)s") % {"season": season.name, "club": club.name}
    return Card(title, when, "", headline, lines)


@login_required
@require_GET
def club_season_card(request: HttpRequest, pk: int, season: int) -> HttpResponse:
    """``?size=square|wide``: a finished season's final table as an SVG picture to share."""
    club, _, chosen = _season(request.user, pk, season)
    size = request.GET.get("size", "wide")
    if size not in SIZES:
        return HttpResponseBadRequest(
            gettext("A share card is square or wide: ?size=square or ?size=wide."),
            content_type="text/plain; charset=utf-8",
        )
    laid: Size = "square" if size == "square" else "wide"
    board = history_seasons.season_table(club, chosen)
    response = render(
        request,
        "scorekeeper/result_card/card.svg",
        {"card": result_cards.lay_out(season_card(club, chosen, board), laid)},
        content_type="image/svg+xml; charset=utf-8",
    )
    response["Content-Disposition"] = f'inline; filename="season-{chosen.pk}-{laid}.svg"'
    return response


# A player's page --------------------------------------------------------------------------------


def _history(the_scope: scope.Scope, player: Player) -> dict[str, Any]:
    """A player's record, ratings, rivals and records over ``the_scope``."""
    return {
        "record": records.player_record(the_scope, player),
        "ratings": ratings.player_ratings(the_scope, player),
        "rivals": rivals.rivals(the_scope, player),
    }


@login_required
@require_GET
def club_player(request: AuthedRequest, pk: int, player: int) -> HttpResponse:
    """A club player's games, ratings, rivals and records in the club: ``?season=<id>`` one
    season, ``all`` all time, else the current season."""
    club, role = access.club_for(request.user, pk)
    found = get_object_or_404(club.players, pk=player)
    if found.same_as_id is not None:  # merged: their page is the player they are read as now
        url = reverse("club_player", args=[club.pk, identity.read_as([found.pk])[found.pk]])
        query = request.GET.urlencode()
        return redirect(f"{url}?{query}" if query else url)
    season, chosen = season_choice(club, request.GET.get("season"))
    context = club_context(club, role, "roster") | {
        "player": found,
        "season": season,
        "chosen": chosen,
        "seasons": season_reads.seasons_of(club),
        "current": season_reads.current(club),
        **_history(scope.of_club(club, season), found),
    }
    return render(request, "scorekeeper/clubs/player.html", context)


@login_required
@require_GET
def my_page(request: AuthedRequest) -> HttpResponse:
    """The signed-in person's own games, ratings, rivals and records, at every club and host:
    every player confirmed to be them, read as one."""
    selves = scope.selves(request.user)
    context: dict[str, Any] = {"selves": selves, "clubs": access.clubs_for_user(request.user)}
    if selves:
        mine = scope.of_self(request.user)
        me = Player.objects.get(pk=mine.one(selves[0].pk))  # who they are read as here
        context |= {"me": me, "nights": mine.nights.count(), **_history(mine, me)}
    return render(request, "scorekeeper/clubs/me.html", context)
