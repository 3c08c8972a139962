"""Home (the list of nights), a night, and starting a game in it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from adjudicator.errors import AdjudicationError
from adjudicator.registry import all_games, get_game
from scorekeeper import selectors, services
from scorekeeper.exceptions import ServiceError
from scorekeeper.forms import GameStartForm, NightForm, PlayerForm, RecorderForm
from scorekeeper.http import AuthedRequest
from scorekeeper.models import Night
from scorekeeper.views.access import get_night_for_user


def home(request: HttpRequest) -> HttpResponse:
    if not request.user.is_authenticated:
        return render(request, "scorekeeper/welcome.html", {"games": all_games()})
    assert isinstance(request.user, User)
    context = {"nights": selectors.nights_for_user(request.user), "form": NightForm()}
    return render(request, "scorekeeper/home.html", context)


@login_required
@require_POST
def night_create(request: AuthedRequest) -> HttpResponse:
    form = NightForm(request.POST)
    if form.is_valid():
        night = services.night_create(owner=request.user, **form.cleaned_data)
        return redirect(night)
    context = {"nights": selectors.nights_for_user(request.user), "form": form}
    return render(request, "scorekeeper/home.html", context, status=400)


def _night_context(
    request: AuthedRequest,
    night: Night,
    *,
    player_form: PlayerForm | RecorderForm | None = None,
    recorder_form: PlayerForm | RecorderForm | None = None,
) -> dict[str, Any]:
    return {
        "night": night,
        "games": selectors.games_for_night(night),
        "players": selectors.players_for_night(night),
        "game_types": all_games(),
        "is_owner": night.owner_id == request.user.pk,
        "player_form": player_form or PlayerForm(),
        "recorder_form": recorder_form or RecorderForm(),
    }


@login_required
def night_detail(request: AuthedRequest, pk: int) -> HttpResponse:
    night = get_night_for_user(request, pk)
    return render(request, "scorekeeper/night_detail.html", _night_context(request, night))


def _night_form(
    request: AuthedRequest,
    pk: int,
    form_class: type[PlayerForm] | type[RecorderForm],
    partial: str,
    form_name: str,
    act: Callable[[Night, dict[str, Any]], object],
) -> HttpResponse:
    """Post one of the night page's small forms: redirect, or swap its section (htmx)."""
    night = get_night_for_user(request, pk)
    form = form_class(request.POST)
    if form.is_valid():
        try:
            act(night, form.cleaned_data)
        except ServiceError as err:
            form.add_engine_error(err)
        else:
            if not request.htmx:
                return redirect(night)
            form = form_class()
    context = _night_context(request, night, **{form_name: form})
    if request.htmx:
        return render(request, f"scorekeeper/night_detail.html#{partial}", context)
    return render(request, "scorekeeper/night_detail.html", context, status=400)


@login_required
@require_POST
def night_add_player(request: AuthedRequest, pk: int) -> HttpResponse:
    return _night_form(
        request,
        pk,
        PlayerForm,
        "players",
        "player_form",
        lambda night, data: services.night_player_add(
            night=night, by=request.user, name=data["name"]
        ),
    )


@login_required
@require_POST
def night_add_recorder(request: AuthedRequest, pk: int) -> HttpResponse:
    return _night_form(
        request,
        pk,
        RecorderForm,
        "recorders",
        "recorder_form",
        lambda night, data: services.night_add_recorder(
            night=night, by=request.user, username=data["username"]
        ),
    )


@login_required
def game_create(request: AuthedRequest, pk: int) -> HttpResponse:
    """GET ?game=slug shows the seats and house rules; POST starts the game."""
    night = get_night_for_user(request, pk)
    slug = request.POST.get("game") or request.GET.get("game") or ""
    try:
        definition = get_game(slug)
    except AdjudicationError:
        return redirect(night)
    players = selectors.players_for_night(night)
    form = GameStartForm(request.POST or None, definition=definition, players=players)
    if request.method == "POST" and form.is_valid():
        try:
            game = services.game_start(
                night=night,
                by=request.user,
                slug=definition.slug,
                players=form.players,
                options=form.options,
            )
        except (AdjudicationError, ServiceError) as err:
            form.add_engine_error(err)
        else:
            return redirect(game)
    context = {"night": night, "definition": definition, "form": form}
    status = 400 if form.is_bound else 200
    return render(request, "scorekeeper/game_create.html", context, status=status)
