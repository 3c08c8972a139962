"""Home (the list of nights), a night, and starting a game in it."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from adjudicator.errors import AdjudicationError
from adjudicator.game import Game as GameDefinition
from adjudicator.games import all_games, get_game
from adjudicator.options import options_as_dict
from scorekeeper.access import roles
from scorekeeper.exceptions import ServiceError
from scorekeeper.games import confirmations
from scorekeeper.games import services as game_services
from scorekeeper.models import Club, Game, Night
from scorekeeper.nights import selectors as night_selectors
from scorekeeper.nights import services as night_services
from scorekeeper.pages.forms import (
    GameStartForm,
    NightForm,
    NightLanguageForm,
    NightSettingForm,
    PlayerForm,
    RecorderForm,
    RecorderRemoveForm,
    TablePlayerForm,
)
from scorekeeper.pages.views import house_rules
from scorekeeper.pages.views.access import (
    get_night_for_user,
    login_required,
    night_to_view,
    sign_in_first,
)
from scorekeeper.pages.views.club_forms import MINE, WhoseNightForm
from scorekeeper.pages.views.history import NIGHTS_PER_PAGE
from scorekeeper.pages.views.night_page import night_context, night_form
from scorekeeper.standings import in_words
from scorekeeper.web.http import AuthedRequest


def _home_context(user: User, form: NightForm, page: str | None = None) -> dict[str, Any]:
    """The nights the user can see, newest first, a page at a time: a club's member sees every
    night of the club, five years of weekly nights among them (issue 29)."""
    found = Paginator(roles.nights_for_user(user), NIGHTS_PER_PAGE).get_page(page)
    nights = in_words.night_summaries(list(found.object_list))
    return {"nights": nights, "page": found, "form": form}


# The club this phone last started a night for ("" for one's own): the form offers it first.
WHOSE_NIGHT = "whose_night"


def _night_form(request: HttpRequest, user: User) -> NightForm:
    """The night form: with "Whose night" for someone who records in a club."""
    data = request.POST if request.method == "POST" else None
    recording = Club.objects.filter(
        memberships__user=user, memberships__role__in=roles.RECORDING
    ).order_by("name", "id")
    if not recording:
        return NightForm(data)
    last = request.session.get(WHOSE_NIGHT, MINE)
    return WhoseNightForm(data, clubs=list(recording), initial={"club": last})


def home(request: HttpRequest) -> HttpResponse:
    if not request.user.is_authenticated:
        return render(request, "scorekeeper/welcome.html", {"games": all_games()})
    assert isinstance(request.user, User)
    form = _night_form(request, request.user)
    context = _home_context(request.user, form, request.GET.get("page"))
    return render(request, "scorekeeper/home.html", context)


@login_required
@require_POST
def night_create(request: AuthedRequest) -> HttpResponse:
    form = _night_form(request, request.user)
    if form.is_valid():
        data = dict(form.cleaned_data)
        club = data.pop("club", None)
        try:
            night = night_services.night_create(owner=request.user, club=club, **data)
        except ServiceError as err:
            form.add_engine_error(err)
        else:
            request.session[WHOSE_NIGHT] = str(club.pk) if club else MINE
            return redirect(night)
    return render(request, "scorekeeper/home.html", _home_context(request.user, form), status=400)


@login_required
@require_POST
def night_confirmations(request: AuthedRequest, pk: int) -> HttpResponse:
    """The owner has each hand wait for the other side's confirmation, or not."""
    night = get_object_or_404(roles.nights_for_user(request.user), pk=pk)
    roles.require_owner(request.user, night, "change how it keeps score")  # access first
    form = NightSettingForm(request.POST)
    if form.is_valid():
        confirmations.night_ask_confirmations(
            night=night, by=request.user, on=bool(form.cleaned_data["confirmations"])
        )
    return redirect(night)


@login_required
@require_POST
def night_language(request: AuthedRequest, pk: int) -> HttpResponse:
    """The owner chooses the table's language (its big screen and share cards), or none."""
    night = get_object_or_404(roles.nights_for_user(request.user), pk=pk)
    roles.require_owner(request.user, night, "choose the table's language")  # access first
    form = NightLanguageForm(request.POST)
    if form.is_valid():
        night_services.night_set_language(
            night=night, by=request.user, language=form.cleaned_data["language"]
        )
    return redirect(night)


def night_detail(request: AuthedRequest, pk: int) -> HttpResponse:
    night = night_to_view(request, pk)  # also a visitor by the night's join link
    if night is None:
        return sign_in_first(request)
    return render(request, "scorekeeper/night_detail.html", night_context(request, night))


@login_required
@require_POST
def night_add_player(request: AuthedRequest, pk: int) -> HttpResponse:
    return night_form(
        request,
        pk,
        PlayerForm,
        "players",
        "player_form",
        lambda night, data: night_services.night_player_add(
            night=night, by=request.user, name=data["name"]
        ),
    )


@login_required
@require_POST
def night_table_player(request: AuthedRequest, pk: int) -> HttpResponse:
    """Rename a player at the table (a new name given) or take them off it (``leave``)."""

    def act(night: Night, data: dict[str, Any]) -> object:
        if "leave" in request.POST:
            return night_services.night_player_leave(
                night=night, by=request.user, player_id=data["player"]
            )
        return night_services.night_player_rename(
            night=night, by=request.user, player_id=data["player"], name=data["name"]
        )

    return night_form(request, pk, TablePlayerForm, "players", "table_form", act)


@login_required
@require_POST
def night_add_recorder(request: AuthedRequest, pk: int) -> HttpResponse:
    return night_form(
        request,
        pk,
        RecorderForm,
        "recorders",
        "recorder_form",
        lambda night, data: night_services.night_add_recorder(
            night=night, by=request.user, username=data["username"]
        ),
        owners="add people who record",
    )


@login_required
@require_POST
def night_remove_recorder(request: AuthedRequest, pk: int) -> HttpResponse:
    return night_form(
        request,
        pk,
        RecorderRemoveForm,
        "recorders",
        "remove_form",
        lambda night, data: night_services.night_remove_recorder(
            night=night, by=request.user, username=data["username"]
        ),
        owners="remove people who record",
    )


def _game_of_night(night: Night, raw: str | None) -> Game | None:
    """The game of this night a query string names (``?like=12``), or None."""
    # isdigit alone lets "²" through, and a huge number overflows SQLite's integers.
    if not raw or not raw.isascii() or not raw.isdigit() or len(raw) > 18:
        return None
    return night.games.filter(pk=int(raw)).first()


def _house_options(definition: GameDefinition[Any, Any], game: Game) -> dict[str, Any] | None:
    """A game's house rules, if they still read as rules of ``definition``."""
    if game.slug != definition.slug:
        return None
    try:
        return options_as_dict(definition.options(game.options))
    except AdjudicationError:
        return None


@login_required
def game_create(request: AuthedRequest, pk: int) -> HttpResponse:
    """Show the seats and house rules (GET), or start the game (POST).

    ``?game=slug`` picks the game. The seats start as the night's table in the order they sat
    down (at a bigger table, as the night's latest game of a size the game takes, else the first
    at the table: ``seats_to_start``); the menus offer the table. ``?seats_of=<game>`` seats the players as in
    that game of this night; ``?like=<game>`` is a rematch: its game, seats and house rules.
    ``?profile=<id>`` fills the house rules from one of the user's saved profiles (htmx swaps
    just the house rules); a POST with ``save_profile`` saves the rules shown as a profile.
    """
    night = get_night_for_user(request, pk)
    roles.require_recorder(request.user, night, "start games")
    like = _game_of_night(night, request.GET.get("like"))
    seats_of = like or _game_of_night(night, request.GET.get("seats_of"))
    slug = request.POST.get("game") or request.GET.get("game") or (like.slug if like else "")
    try:
        definition = get_game(slug)
    except AdjudicationError:
        return redirect(night)
    profile = house_rules.chosen_profile(request, definition)
    house_options = _house_options(definition, like) if like else None
    if profile is not None:
        house_options = profile.options
    if seats_of:
        seated = night_selectors.seated_players(seats_of)
    else:
        seated = night_selectors.seats_to_start(night, definition.table_sizes())
    last = night_selectors.last_game(night)
    last_seats = night_selectors.seated_players(last) if last else []
    form = GameStartForm(
        request.POST or None,
        definition=definition,
        players=night_selectors.seat_choices(night),
        seated=seated,
        house_options=house_options,
    )
    saving = house_rules.save_from_start(request, definition, form)
    if request.method == "POST" and not saving.asked and form.is_valid():
        try:
            game = game_services.game_start(
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
    fits = len(last_seats) in definition.table_sizes()
    context = {
        "night": night,
        "definition": definition,
        "form": form,
        "like": like,
        "seats_of": seats_of,
        # Offered when it would change the seats shown.
        "same_as_last": last if fits and last_seats != seated and not form.is_bound else None,
        **house_rules.start_context(request, definition, profile, saving),
    }
    status = 400 if form.is_bound and not saving.saved else 200
    if request.htmx and (saving.asked or "profile" in request.GET):
        return render(request, "scorekeeper/game_create.html#house_rules", context, status=200)
    return render(request, "scorekeeper/game_create.html", context, status=status)
