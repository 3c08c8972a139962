"""Moving in: a person's own nights into a club. Choose the nights, then a review of every player
who comes along (the club's player of the same name preselected, another club player, or a new
player on the roster); nothing is merged without it. ``scorekeeper.clubs.services.move_in``
does the move."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_http_methods

from scorekeeper.access import clubs as access
from scorekeeper.clubs import services
from scorekeeper.exceptions import ServiceError
from scorekeeper.models import Club, Membership, Player
from scorekeeper.nights import selectors as night_selectors
from scorekeeper.pages.views.club_forms import NightsChoiceForm
from scorekeeper.pages.views.clubs import club_context
from scorekeeper.web.http import AuthedRequest

Role = Membership.Role
NEW = "new"  # the review's answer for "a new player on the roster"


@dataclass(frozen=True)
class Row:
    """One player who comes along, and what the review's select shows for them."""

    arrival: services.Arrival
    chosen: str  # a club player's id, NEW, or "" (nothing chosen)
    refused: str  # why this row's answer was refused ("" if it was not)

    @property
    def field(self) -> str:
        return f"as_{self.arrival.player.pk}"


def _choices(rows: list[Row], data: dict[str, str]) -> tuple[dict[int, int | None], list[Row]]:
    """What the review answered for each player (a club player's id, or None for a new one), and
    the rows again with the answers given; a row left unanswered is refused there."""
    answers: dict[int, int | None] = {}
    again = []
    for row in rows:
        said = data.get(row.field, "")
        refused = ""
        if said == NEW:
            answers[row.arrival.player.pk] = None
        elif said.isascii() and said.isdigit() and len(said) <= 18:
            answers[row.arrival.player.pk] = int(said)
        else:
            refused = gettext("Say who %(name)s is in the club.") % {
                "name": row.arrival.player.name
            }
        again.append(Row(row.arrival, said, refused))
    return answers, again


def _rows(arrivals: list[services.Arrival]) -> list[Row]:
    return [Row(a, str(a.match.pk) if a.match else "", "") for a in arrivals]


def _page(
    request: AuthedRequest,
    club: Club,
    role: Role,
    form: NightsChoiceForm,
    *,
    rows: list[Row] | None = None,
    error: str = "",
    status: int = 200,
) -> HttpResponse:
    roster: list[Player] = list(
        night_selectors.roster(owner=request.user, club=club).order_by("name")
    )
    context = club_context(club, role, "move") | {
        "form": form,
        "rows": rows,
        "roster": roster,
        "new": NEW,
        "error": error,
        "chosen_nights": form.cleaned_data.get("nights", [])
        if form.is_bound and form.is_valid()
        else [],
    }
    return render(request, "scorekeeper/clubs/move_in.html", context, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def club_move_in(request: AuthedRequest, pk: int) -> HttpResponse:
    """GET: choose the nights. POST without ``move``: the review. POST with ``move``: the move,
    once every player who comes along has an answer."""
    club, role = access.club_for(request.user, pk)
    access.require(
        role, Role.RECORDER, gettext("Only the club's organisers and recorders may move nights in.")
    )
    nights = services.movable_nights(request.user)
    if request.method == "GET":
        return _page(request, club, role, NightsChoiceForm(nights=nights))
    form = NightsChoiceForm(request.POST, nights=nights)
    if not form.is_valid():
        return _page(request, club, role, form, status=400)
    chosen = form.cleaned_data["nights"]
    try:
        arrivals = services.arrivals(club=club, by=request.user, night_ids=chosen)
    except ServiceError as err:
        form.add_engine_error(err)
        return _page(request, club, role, form, status=400)
    rows = _rows(arrivals)
    if "move" not in request.POST:
        return _page(request, club, role, form, rows=rows)
    answers, rows = _choices(rows, request.POST.dict())
    if any(row.refused for row in rows):
        return _page(request, club, role, form, rows=rows, status=400)
    try:
        moved = services.move_in(club=club, by=request.user, night_ids=chosen, choices=answers)
    except ServiceError as err:
        return _page(request, club, role, form, rows=rows, error=err.message, status=400)
    messages.success(
        request,
        ngettext(
            "%(count)d night moved into %(club)s.",
            "%(count)d nights moved into %(club)s.",
            len(moved),
        )
        % {"count": len(moved), "club": club.name},
    )
    return redirect(club)
