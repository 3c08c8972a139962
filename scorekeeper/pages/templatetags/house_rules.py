"""``{% game_differences game as differences %}``: how a game's house rules differ from the
published rules, for the partial the game page includes (no view has to pass it)."""

from __future__ import annotations

from django import template

from scorekeeper.house_rules.profile_selectors import Difference, game_differences
from scorekeeper.models import Game

register = template.Library()


@register.simple_tag(name="game_differences")
def game_differences_tag(game: Game) -> list[Difference]:
    return game_differences(game)
