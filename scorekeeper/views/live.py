"""The big screen: a game's tally and its latest deal's working, for a television or laptop at
the table. Read-only (no controls), refreshed by the same cheap poll as the phones' boards. Open
to everyone who may see the game's night, a visitor by its join link included."""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

from scorekeeper import live, selectors
from scorekeeper.http import AuthedRequest
from scorekeeper.views.access import game_to_view, sign_in_first


@require_GET
@vary_on_headers("HX-Request", "Cookie")
def game_screen(request: AuthedRequest, pk: int) -> HttpResponse:
    """The whole page; polled by htmx for its ``#screen`` part ("nothing changed" is cheap)."""
    if request.htmx:
        fast = live.fast_unchanged(request, pk)
        if fast is not None:
            return fast
    return _screen(request, pk)


def _screen(request: AuthedRequest, pk: int) -> HttpResponse:
    game = game_to_view(request, pk)  # also a visitor by the night's join link
    if game is None:
        return sign_in_first(request)
    if request.htmx:
        version = live.marker(game.pk)
        if live.asked_version(request, game.pk) == version:
            response = live.unchanged(request, game.pk, version)
            live.stamp(response, request, game.pk, version)
            return response
    standings = selectors.game_standings(game)
    context = {
        "game": game,
        "night": game.night,
        "standings": standings,
        "poll_key": live.poll_key(request, game.pk),
    }
    template = "scorekeeper/live/screen.html" + ("#screen" if request.htmx else "")
    response = render(request, template, context)
    live.stamp(response, request, game.pk, standings.last_entry_id)
    return response
