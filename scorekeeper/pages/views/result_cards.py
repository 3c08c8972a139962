"""Result cards as SVG pictures: a game's and a night's, for anyone who may look at them."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import render
from django.views.decorators.http import require_GET

from scorekeeper.languages.speaking import at_table
from scorekeeper.pages.views.access import game_to_view, night_to_view, sign_in_first
from scorekeeper.standings import result_cards, scoreboard
from scorekeeper.standings.result_cards import SIZES, Card, Size


def _drawn(request: HttpRequest, card: Card, stem: str) -> HttpResponse:
    size = request.GET.get("size", "wide")
    if size not in SIZES:
        return HttpResponseBadRequest(
            "A result card is square or wide: ?size=square or ?size=wide.",
            content_type="text/plain; charset=utf-8",
        )
    chosen: Size = "square" if size == "square" else "wide"
    response = render(
        request,
        "scorekeeper/result_card/card.svg",
        {"card": result_cards.lay_out(card, chosen)},
        content_type="image/svg+xml; charset=utf-8",
    )
    response["Content-Disposition"] = f'inline; filename="{stem}-{chosen}.svg"'
    return response


@require_GET
def game_result_card(request: HttpRequest, pk: int) -> HttpResponse:
    """``?size=square|wide``: the game's result as SVG."""
    game = game_to_view(request, pk)
    if game is None:
        return sign_in_first(request)
    with at_table(game.night):  # a share card speaks the table's language, where it has one
        card = result_cards.game_card(game, scoreboard.game_standings(game))
        return _drawn(request, card, f"{game.slug}-{game.night.date:%Y-%m-%d}")


@require_GET
def night_result_card(request: HttpRequest, pk: int) -> HttpResponse:
    """``?size=square|wide``: the night's result as SVG."""
    night = night_to_view(request, pk)
    if night is None:
        return sign_in_first(request)
    with at_table(night):
        return _drawn(request, result_cards.night_card(night), f"night-{night.date:%Y-%m-%d}")
