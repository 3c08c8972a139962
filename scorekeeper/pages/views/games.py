"""A game's page: the running tally, recording a deal, and amending or voiding one."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

from django import forms
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST
from django.views.decorators.vary import vary_on_headers

from adjudicator.errors import AdjudicationError
from scorekeeper.access import roles
from scorekeeper.desk import disputes
from scorekeeper.exceptions import ServiceError, StaleDeal
from scorekeeper.games import confirmations
from scorekeeper.games import services as game_services
from scorekeeper.history import ratings, scope
from scorekeeper.ledger import reading
from scorekeeper.live import board_cache, polling
from scorekeeper.models import Entry, Game
from scorekeeper.pages import previews
from scorekeeper.pages.deal_forms import ConfirmForm, DealForm, VoidForm, plays_from_text
from scorekeeper.pages.templatetags import hands
from scorekeeper.pages.templatetags.words import deal_word
from scorekeeper.pages.views.access import (
    game_to_view,
    get_game_for_user,
    login_required,
    sign_in_first,
)
from scorekeeper.standings import scoreboard
from scorekeeper.web.http import AuthedRequest

# How far back the form looks for the table's last choices (a seat that went out has none).
REMEMBERED_DEALS = 5


def _context(
    request: AuthedRequest,
    game: Game,
    form: DealForm | None = None,
    recorded: int | None = None,
    voided: int | None = None,
    **extra: Any,
) -> dict[str, Any]:
    standings = scoreboard.game_standings(game)
    if form is None:
        form = DealForm(game=game, seats=standings.seats, asks=standings.asks_confirmation)
        form.initial["number"] = standings.next_number
        counted = [h.current.data for h in reversed(standings.history) if not h.voided]
        form.remember(counted[:REMEMBERED_DEALS])
        remember_recorder(request, form)
    return {
        "game": game,
        "night": game.night,
        "standings": standings,
        "form": form,
        "recorded": _just_recorded(standings, recorded),
        "voided": next((h for h in standings.history if h.key == voided and h.voided), None),
        "can_record": roles.can_record(request.user, game.night),
        "disputes": disputes.hand_disputes(standings),
        "poll_key": polling.poll_key(request, game.pk),
        "rated": (
            ratings.game_changes(scope.of_user(request.user), game)
            if standings.finished and request.user.is_authenticated
            else []
        ),
        **extra,
    }


def _recorder_key(game: Game) -> str:
    return f"recorder:{game.night_id}"


def remember_recorder(request: AuthedRequest, form: DealForm) -> None:
    """Who records on this phone, as it last said in this night: the form asks it once."""
    if "recorder" not in form.fields:
        return
    player = request.session.get(_recorder_key(form.game))
    seat = next((s.position for s in form.seats if s.player_id == player), None)
    if seat is not None:
        form.initial.setdefault("recorder", seat)


def _keep_recorder(request: AuthedRequest, form: DealForm) -> None:
    seat = form.recorder_seat
    if seat is not None:
        player = next((s.player_id for s in form.seats if s.position == seat), None)
        request.session[_recorder_key(form.game)] = player


def _just_recorded(standings: scoreboard.Standings, key: int | None) -> Any:
    """The deal this phone has just recorded, while it stands (its confirmation and Undo)."""
    found = next((h for h in standings.history if h.key == key), None)
    return None if found is None or found.voided else found


@require_GET
def game_detail(request: AuthedRequest, pk: int) -> HttpResponse:
    game = game_to_view(request, pk)  # also a visitor by the night's join link
    if game is None:
        return sign_in_first(request)
    # Back from recording without scripts: say what was recorded (a key of no deal says nothing).
    asked = request.GET.get("recorded", "")
    recorded = int(asked) if asked.isdecimal() and len(asked) < 19 else None
    context = _context(request, game, recorded=recorded)
    return render(request, "scorekeeper/game_detail.html", context)


def _before(request: AuthedRequest) -> int | None:
    """The hand a page of older hands lists up to (``?before=N``, or a form's ``before``)."""
    asked = request.POST.get("before") or request.GET.get("before") or ""
    return int(asked) if asked.isdecimal() and len(asked) < 10 else None


def _older_hands(
    request: AuthedRequest, game: Game, before: int | None, **extra: Any
) -> dict[str, Any]:
    standings = scoreboard.game_standings(game)
    return {
        "game": game,
        "night": game.night,
        "standings": standings,
        "hands": hands.older_page(standings, before),
        "can_record": request.user.is_authenticated and roles.can_record(request.user, game.night),
        "disputes": disputes.hand_disputes(standings),
        "standalone": True,
        **extra,
    }


@require_GET
@vary_on_headers("HX-Request")
def game_hands(request: AuthedRequest, pk: int) -> HttpResponse:
    """A page of a game's older hands (its board lists the newest), each with its working and
    its Amend, Void and Dispute; with htmx, the hands alone, put in the board's list in place
    of the link that asked for them."""
    game = game_to_view(request, pk)  # also a visitor by the night's join link
    if game is None:
        return sign_in_first(request)
    context = _older_hands(request, game, _before(request))
    if request.htmx:
        return render(request, "scorekeeper/game_hands.html#older", context | {"standalone": False})
    return render(request, "scorekeeper/game_hands.html", context)


@require_GET
@vary_on_headers("HX-Request", "Cookie")
def game_scoreboard(request: AuthedRequest, pk: int) -> HttpResponse:
    """Polled by every phone at the table every 2 s. A fresh-keyed "nothing changed" never gets
    here: :class:`scorekeeper.live.polling.PollMiddleware` answers it first, after one indexed query.
    This is the full path: sign-in, access, then "nothing changed" or the board, rendered once
    per change and role and then served from the cache (:mod:`scorekeeper.live.board_cache`)."""
    game: Game | None = None
    if request.user.is_authenticated:
        # The access check, the role and what the board shows, in one query.
        access = board_cache.board_access(request.user.pk, pk)
        if access is None:
            raise Http404("No such game.")
        can_record, signature = access.can_record, access.signature
    else:
        game = game_to_view(request, pk)  # a visitor by the night's join link
        if game is None:
            return sign_in_first(request)
        can_record, signature = False, board_cache.board_signature(game)
    version = signature[0]
    if polling.asked_version(request, pk) == version:
        response = polling.unchanged(request, pk, version)
    else:

        def board(poll_key: str, csrf_token: str) -> tuple[str, int]:
            shown = game or Game.objects.select_related("night").filter(pk=pk).first()
            if shown is None:
                raise Http404("No such game.")
            standings = scoreboard.game_standings(shown)
            context = {
                "game": shown,
                "night": shown.night,
                "standings": standings,
                "can_record": can_record,
                "disputes": disputes.hand_disputes(standings),
                "poll_key": poll_key,
                "csrf_token": csrf_token,
            }
            html = render_to_string("scorekeeper/game_detail.html#board", context, request)
            return html, standings.last_entry_id

        key = board_cache.board_key(pk, signature, can_record)
        html, version = board_cache.board_html(
            request, pk, key, version, board, polling.poll_key(request, pk)
        )
        response = HttpResponse(html)
    polling.stamp(response, request, pk, version)
    return response


def _game_to_record(request: AuthedRequest, pk: int) -> Game:
    """A game whose night the user records in: 404 if they cannot see it, 403 if they watch."""
    game = get_game_for_user(request, pk)
    roles.require_recorder(request.user, game.night, "change its games")
    return game


@login_required
@require_POST
def deal_record(request: AuthedRequest, pk: int) -> HttpResponse:
    game = _game_to_record(request, pk)
    seats = tuple(game.seats.select_related("player"))
    form = DealForm(request.POST, game=game, seats=seats)
    stale: dict[str, Any] | None = None
    if form.is_valid():
        try:
            entry = game_services.deal_record(
                game=game,
                by=request.user,
                data=form.to_data(),
                token=form.cleaned_data["token"],
                number=form.cleaned_data["number"],
                seat=form.recorder_seat,
            )
            _keep_recorder(request, form)
        except StaleDeal as err:
            # Another phone recorded this deal meanwhile: keep what was entered, say what was
            # recorded and by whom, and offer to record this one as the next deal.
            stale = err.latest | {"at": datetime.datetime.fromisoformat(err.latest["recorded_at"])}
            form = _renumbered(request, game, seats, err.expected)
        except (AdjudicationError, ServiceError) as err:
            if isinstance(err, ServiceError) and err.field == "number":
                # Not the next deal's number (a round voided on another phone, in a game that
                # numbers its deals by play): what was entered, ready to record as the next.
                form = _renumbered(request, game, seats, reading.next_deal_number(game))
            form.add_engine_error(err)
        else:
            if not request.htmx:
                return redirect(f"{game.get_absolute_url()}?recorded={entry.deal_key}#record")
            context = _context(request, game, recorded=entry.deal_key)
            return render(request, "scorekeeper/game_detail.html#game", context)
    context = _context(request, game, form, stale=stale)
    status = 409 if stale else 400
    if request.htmx:
        return render(request, "scorekeeper/game_detail.html#game", context)
    return render(request, "scorekeeper/game_detail.html", context, status=status)


def _renumbered(
    request: AuthedRequest, game: Game, seats: tuple[Any, ...], number: int
) -> DealForm:
    """The deal form as posted, to be recorded as deal ``number``."""
    data = request.POST.copy()
    data["number"] = str(number)
    form = DealForm(data, game=game, seats=seats)
    form.is_valid()
    return form


@login_required
def deal_amend(request: AuthedRequest, pk: int, deal: int) -> HttpResponse:
    game = _game_to_record(request, pk)
    seats = tuple(game.seats.select_related("player"))
    unreadable = False
    latest = reading.latest_revision(game, deal)
    if latest is None:
        return redirect(game)
    # An amend from a ruling about this hand ("Amend hand N to this") settles its dispute.
    settles = _dispute_of(game, deal, request.POST.get("settles") or request.GET.get("settles"))
    if request.method == "POST":
        form = DealForm(request.POST, game=game, seats=seats)
        if form.is_valid() and form.cleaned_data["revision"] is None:
            # An amend names the entry it replaces (issue 11: no last writer wins).
            word = deal_word(reading.game_definition(game).deal_word)
            form.add_error(
                None,
                gettext("This page is out of date: open the %(word)s again, then amend it.")
                % {"word": word},
            )
        if form.is_valid():
            try:
                game_services.deal_amend(
                    game=game,
                    deal_key=deal,
                    by=request.user,
                    data=form.to_data(),
                    note=form.cleaned_data["note"],
                    revision=form.cleaned_data["revision"],
                    seat=form.recorder_seat,
                    settles=settles,
                )
            except (AdjudicationError, ServiceError) as err:
                form.add_engine_error(err)
            else:
                _keep_recorder(request, form)
                return redirect(_back(game, _before(request), deal))
        status = 400
    else:
        source = latest if latest.kind != Entry.Kind.VOID else latest.supersedes
        assert source is not None
        try:
            form = DealForm.from_data(_ruled(game, settles) or source.data, game=game, seats=seats)
        except (KeyError, TypeError, ValueError, AttributeError):
            # A record this form cannot read (the ledger names it as a problem): start afresh.
            form = DealForm(game=game, seats=seats)
            unreadable = True
        form.initial["revision"] = latest.pk
        remember_recorder(request, form)
        status = 200
    standings = scoreboard.game_standings(game)
    history = next(h for h in standings.history if h.key == deal)
    context = {
        "game": game,
        "night": game.night,
        "form": form,
        "history": history,
        "unreadable": unreadable,
        "deal_word": standings.deal_word,
        "settles": settles,
        "back": _back(game, _before(request), deal),
    }
    return render(request, "scorekeeper/deal_amend.html", context, status=status)


def _back(game: Game, before: int | None, deal: int) -> str:
    """Where a change to a hand returns: the page of older hands it was made from, at that
    hand, or the game."""
    if before is None:
        return game.get_absolute_url()
    return f"{reverse('game_hands', args=[game.pk])}?before={before}#deal-{deal}"


def _dispute_of(game: Game, deal: int, raw: str | None) -> Entry | None:
    """The dispute of this deal named by ``raw`` (an amend from its ruling), if it is one."""
    if not raw or not raw.isdecimal() or len(raw) > 18:
        return None
    return game.entries.filter(pk=int(raw), kind=Entry.Kind.DISPUTE, deal_id=deal).first()


def _ruled(game: Game, dispute: Entry | None) -> dict[str, Any] | None:
    """The deal as the ruling was asked about it, to start the amend from, when the question
    took a whole deal (its input is then a record the game reads); otherwise none."""
    if dispute is None or not isinstance(dispute.data, dict):
        return None
    asked = dispute.data.get("input")
    if not isinstance(asked, dict):
        return None
    definition = reading.game_definition(game)
    options = definition.options(game.options)
    players = game.seats.count()
    record = {f.key for f in definition.record(options, players).fields}
    data = {k: v for k, v in asked.items() if k in record}
    try:
        definition.parse_deal(data, players=players, options=options)
    except AdjudicationError:
        return None
    return data


# A change from the board refused as out of date, one whole sentence per change.
OUT_OF_DATE: dict[str, Callable[[], str]] = {
    "void": lambda: gettext("This page is out of date: look at the %(word)s again, then void it."),
    "confirm": lambda: gettext(
        "This page is out of date: look at the %(word)s again, then confirm it."
    ),
}


def _change_from_board(
    game: Game, form: forms.Form, verb: str, change: Callable[[dict[str, Any]], Any]
) -> str | None:
    """A change posted from the board (a void, a confirmation), made with the form's data: the
    sentence to show above the board when it is refused or the page is out of date."""
    if not form.is_valid():
        word = deal_word(reading.game_definition(game).deal_word)
        return OUT_OF_DATE[verb]() % {"word": word}
    try:
        change(form.cleaned_data)
    except ServiceError as err:
        return err.message
    return None


@login_required
@require_POST
def deal_void(request: AuthedRequest, pk: int, deal: int) -> HttpResponse:
    game = _game_to_record(request, pk)
    error = _change_from_board(
        game,
        VoidForm(request.POST),
        "void",
        lambda data: game_services.deal_void(
            game=game, deal_key=deal, by=request.user, note=data["note"], revision=data["revision"]
        ),
    )
    before = _before(request)
    if before is not None:  # from a page of older hands: back to it (htmx swaps its list)
        if error is None and not request.htmx:
            return redirect(_back(game, before, deal))
        context = _older_hands(request, game, before, board_error=error)
        status = 400 if error and not request.htmx else 200
        return render(request, "scorekeeper/game_hands.html", context, status=status)
    return _after_board_change(request, game, error, voided=deal)


@login_required
@require_POST
def deal_confirm(request: AuthedRequest, pk: int, deal: int) -> HttpResponse:
    """A player of another side confirms a deal: on their own phone, or on the recorder's
    handed across ("Confirmed by Bob")."""
    game = _game_to_record(request, pk)
    error = _change_from_board(
        game,
        ConfirmForm(request.POST),
        "confirm",
        lambda data: confirmations.deal_confirm(
            game=game, deal_key=deal, by=request.user, seat=data["seat"], revision=data["revision"]
        ),
    )
    return _after_board_change(request, game, error, confirmed=None if error else deal)


def _game_end_change(request: AuthedRequest, pk: int, change: Any) -> HttpResponse:
    game = _game_to_record(request, pk)
    error = None
    try:
        change(game=game, by=request.user)
    except ServiceError as err:
        error = err.message
    return _after_board_change(request, game, error)


def _after_board_change(
    request: AuthedRequest,
    game: Game,
    error: str | None,
    voided: int | None = None,
    confirmed: int | None = None,
) -> HttpResponse:
    """After a void, a confirmation or an end from the board: the game again (htmx swaps it
    in), with the refusal above the board if there was one; without htmx, back to the game
    page when done."""
    if not request.htmx and error is None:
        return redirect(game)
    context = _context(request, game, voided=voided) | {"board_error": error}
    if confirmed is not None:
        standings = context["standings"]
        context["confirmed"] = next((h for h in standings.history if h.key == confirmed), None)
    if request.htmx:
        return render(request, "scorekeeper/game_detail.html#game", context)
    return render(request, "scorekeeper/game_detail.html", context, status=400)


@login_required
@require_POST
def game_end(request: AuthedRequest, pk: int) -> HttpResponse:
    """The table stops a game with no end of its own: its nets so far are final."""
    return _game_end_change(request, pk, game_services.game_end)


@login_required
@require_POST
def game_end_undo(request: AuthedRequest, pk: int) -> HttpResponse:
    """Take the end back: the game goes on."""
    return _game_end_change(request, pk, game_services.game_end_undo)


@login_required
@require_POST
def game_remove(request: AuthedRequest, pk: int) -> HttpResponse:
    """Remove a game started by mistake (one with nothing recorded): back to its night. A game
    with deals stays, and the game page says why."""
    game = _game_to_record(request, pk)
    night = game.night
    try:
        game_services.game_remove(game=game, by=request.user)
    except ServiceError as err:
        return _after_board_change(request, game, err.message)
    if request.htmx:  # a whole new page: htmx follows with a full load
        response = HttpResponse(status=204)
        response["HX-Redirect"] = night.get_absolute_url()
        return response
    return redirect(night)


def _grid_game(request: AuthedRequest, pk: int) -> Game:
    """A game played on grids; any other game has no grid to score (404)."""
    game = get_game_for_user(request, pk)
    if previews.grid_shape(game) is None:
        raise Http404("This game is not played on grids.")
    return game


@login_required
@require_GET
def grid_score(request: AuthedRequest, pk: int) -> HttpResponse:
    """The lines of a grid being entered, scored as they fill (swapped in by htmx)."""
    game = _grid_game(request, pk)
    seat = request.GET.get("seat", "")
    preview = previews.grid_preview(game, request.GET.get(f"cards_{seat}", ""))
    return render(request, "scorekeeper/grid_score.html", {"preview": preview, "game": game})


@login_required
@require_GET
def best_grid(request: AuthedRequest, pk: int) -> HttpResponse:
    """The best arrangement of a grid's cards and what the entered grid left on the table."""
    game = _grid_game(request, pk)
    seat = request.GET.get("seat", "")
    preview = previews.grid_preview(game, request.GET.get(f"cards_{seat}", ""), best=True)
    context = {"preview": preview, "game": game, "night": game.night, "asked_best": True}
    if request.htmx:
        return render(request, "scorekeeper/grid_score.html", context)
    return render(request, "scorekeeper/best_grid.html", context)


@login_required
@require_GET
def trick_verdicts(request: AuthedRequest, pk: int) -> HttpResponse:
    """The tricks entered so far, each judged as it completes (the trick family's widget)."""
    game = get_game_for_user(request, pk)
    tricks = [plays_from_text(request.GET.get(f"tricks_{n}", "")) for n in range(MAX_TRICKS_SHOWN)]
    dealer = request.GET.get("dealer", "")
    verdicts = previews.trick_verdicts(
        game, tricks, int(dealer) if dealer.isdecimal() and len(dealer) < 3 else None
    )
    return render(request, "scorekeeper/trick_verdicts.html", {"verdicts": verdicts})


# No trick game has more tricks in a hand than this (Voormsi for three: 12).
MAX_TRICKS_SHOWN = 20
