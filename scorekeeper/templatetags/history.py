"""Template tags for looking back: the running tally drawn as an SVG line chart."""

from __future__ import annotations

from typing import Any

from django import template

from scorekeeper.charts import tally_chart as chart_of
from scorekeeper.selectors import Standings

register = template.Library()


@register.inclusion_tag("scorekeeper/history/chart_svg.html")
def tally_chart(standings: Standings, ident: str = "") -> dict[str, Any]:
    """``{% tally_chart standings %}``: the game's running tally as a line chart, or nothing
    before the first deal counts."""
    return {"chart": chart_of(standings, ident=ident)}
