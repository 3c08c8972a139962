"""The big screen: a game's tally and its latest deal's working, for a television or laptop at
the table. Read-only (no controls), refreshed by the same cheap poll as the phones' boards. Open
to everyone who may see the game's night, a visitor by its join link included."""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

from scorekeeper.languages.speaking import at_table
from scorekeeper.live import polling
from scorekeeper.pages.views.access import game_to_view, sign_in_first
from scorekeeper.standings import scoreboard
from scorekeeper.web.http import AuthedRequest


@require_GET
@vary_on_headers("HX-Request", "Cookie")
def game_screen(request: AuthedRequest, pk: int) -> HttpResponse:
    """The whole page; polled by htmx for its ``#screen`` part ("nothing changed" is cheap)."""
    if request.htmx:
        fast = polling.fast_unchanged(request, pk)
        if fast is not None:
            return fast
    return _screen(request, pk)


def _screen(request: AuthedRequest, pk: int) -> HttpResponse:
    game = game_to_view(request, pk)  # also a visitor by the night's join link
    if game is None:
        return sign_in_first(request)
    if request.htmx:
        version = polling.marker(game.pk)
        if polling.asked_version(request, game.pk) == version:
            response = polling.unchanged(request, game.pk, version)
            polling.stamp(response, request, game.pk, version)
            return response
    standings = scoreboard.game_standings(game)
    context = {
        "game": game,
        "night": game.night,
        "standings": standings,
        "poll_key": polling.poll_key(request, game.pk),
    }
    template = "scorekeeper/live/screen.html" + ("#screen" if request.htmx else "")
    with at_table(game.night):  # the table's language, where the night has one
        response = render(request, template, context)
    polling.stamp(response, request, game.pk, standings.last_entry_id)
    return response
