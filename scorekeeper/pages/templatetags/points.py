"""Points as the table writes them, whole or shared (``3½``), from the engine's own formatter.

``{% load points %}`` then ``{{ total|points }}`` or ``{{ result.points|signed }}``.
"""

from __future__ import annotations

from django import template

from adjudicator.tally import Points, format_points

register = template.Library()


@register.filter
def points(value: Points | None) -> str:
    return "" if value is None else format_points(value)


@register.filter
def signed(value: Points | None) -> str:
    """``+12``, ``-3½``, ``0``: a deal's points beside a name."""
    return "" if value is None else format_points(value, signed=True)
