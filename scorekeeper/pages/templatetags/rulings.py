"""``{{ line|rule_ids }}``: each ruling id a line cites ("(7a)", "V-1") made a tap that shows
what the ruling says, as a ``<details>`` (it opens without any script)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django import template
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe

from adjudicator.rule_notes import RULE_ID, rule_note

register = template.Library()


def _tap(match: re.Match[str]) -> str:
    rule_id = match.group(0)
    note = rule_note(rule_id)
    if note is None:
        return rule_id
    return format_html(
        '<details class="rule-tap"><summary aria-label="Ruling {}">{}</summary>'
        '<span class="rule-note" role="note">{}</span></details>',
        rule_id,
        rule_id,
        note,
    )


@register.filter(name="rule_ids")
def rule_ids(text: object) -> SafeString:
    """The text, escaped, with every known ruling id a tap showing its note."""
    escaped = str(conditional_escape(str(text)))
    # Safe: the text was escaped above, and each tap is built by format_html.
    return mark_safe(RULE_ID.sub(_tap, escaped))


@register.filter(name="of_hand")
def of_hand(disputes: Mapping[int, list[Any]] | None, key: int) -> list[Any]:
    """``{{ disputes|of_hand:h.key }}``: a hand's disputes (``desk.disputes.hand_disputes``)."""
    return list((disputes or {}).get(key, ()))
