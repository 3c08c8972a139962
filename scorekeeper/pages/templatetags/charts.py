"""Template tags for the charts drawn on the server: the running tally and the ladder."""

from __future__ import annotations

from typing import Any

from django import template

from scorekeeper.standings.charts import ladder_chart
from scorekeeper.standings.charts import tally_chart as chart_of
from scorekeeper.standings.scoreboard import Standings

register = template.Library()


@register.inclusion_tag("scorekeeper/history/chart_svg.html")
def tally_chart(standings: Standings, ident: str = "") -> dict[str, Any]:
    """``{% tally_chart standings %}``: the game's running tally as a line chart, or nothing
    before the first deal counts."""
    return {"chart": chart_of(standings, ident=ident)}


@register.inclusion_tag("scorekeeper/ladder.html")
def ladder(standings: Standings) -> dict[str, Any]:
    """``{% ladder standings %}``: a game to an exact target as its ladder, or nothing."""
    return {"ladder": ladder_chart(standings), "game": standings.game}
