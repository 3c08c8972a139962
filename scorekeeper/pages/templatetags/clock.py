"""``{{ when|clock }}``: a time as every page shows it, in the visitor's own clock.

The server writes a ``<time>`` with the moment in ISO form and a 24-hour fallback in its own
zone (``TIME_ZONE``); static/scorekeeper/clock.js rewrites it in the phone's zone and locale.
``{{ when|clock:"day" }}`` adds the weekday and the date.
"""

from __future__ import annotations

from datetime import datetime

from django import template
from django.utils import timezone
from django.utils.dateformat import format as date_format
from django.utils.html import format_html
from django.utils.safestring import SafeString

register = template.Library()

FALLBACK = {"time": "H:i", "day": "D j M, H:i"}


@register.filter
def clock(when: datetime | None, kind: str = "time") -> SafeString | str:
    if when is None:
        return ""
    kind = kind if kind in FALLBACK else "time"
    local = timezone.localtime(when) if timezone.is_aware(when) else when
    return format_html(
        '<time datetime="{}" data-clock="{}">{}</time>',
        when.isoformat(),
        kind,
        date_format(local, FALLBACK[kind]),
    )
