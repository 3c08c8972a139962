"""``{{ line|rule_ids }}``: each ruling id a line cites ("(7a)", "V-1") made a tap that shows
what the ruling says, as a ``<details>`` (it opens without any script)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django import template
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from adjudicator.rule_notes import RULE_ID, rule_note
from scorekeeper.languages.speaking import say

register = template.Library()


# An id with the bracket that opens or closes right against it: kept on one line with it, so a
# line never ends on "(" with the id on the next ("(V-1)", "(A-3, A-7)").
_CITED = re.compile(rf"(\()?({RULE_ID.pattern})(\))?")


def _cite(match: re.Match[str]) -> str:
    opening, rule_id, closing = match.groups()
    tap = _tap(rule_id)
    if not (opening or closing) or tap == rule_id:  # no bracket, or an id we do not know
        return f"{opening or ''}{tap}{closing or ''}"
    return format_html(
        '<span class="rule-cite">{}{}{}</span>', opening or "", mark_safe(tap), closing or ""
    )


def _tap(rule_id: str) -> str:
    note = rule_note(rule_id)
    if note is None:
        return rule_id
    return format_html(
        '<details class="rule-tap"><summary aria-label="{}">{}</summary>'
        '<span class="rule-note" role="note">{}</span></details>',
        # Translators: the name of a tap on a rule id ("7a", "V-1") that opens what the rule says.
        gettext("Ruling %(id)s") % {"id": rule_id},
        rule_id,
        say(note),  # what the ruling says, in the language spoken
    )


@register.filter(name="rule_ids")
def rule_ids(text: object) -> SafeString:
    """The text, escaped, with every known ruling id a tap showing its note."""
    escaped = str(conditional_escape(str(text)))
    # Safe: the text was escaped above, and each tap is built by format_html.
    return mark_safe(_CITED.sub(_cite, escaped))


@register.filter(name="of_hand")
def of_hand(disputes: Mapping[int, list[Any]] | None, key: int) -> list[Any]:
    """``{{ disputes|of_hand:h.key }}``: a hand's disputes (``desk.disputes.hand_disputes``)."""
    return list((disputes or {}).get(key, ()))


@register.simple_tag
def rules_read(rules_used: list[Any]) -> SafeString:
    """``{% rules_read rules_used as listed %}``: the house rules an answer was read under,
    each "label value (rule)", joined by commas; the sentence around them is translated whole."""
    parts = []
    for d in rules_used:
        part = format_html("{} {}", d.label, d.value_shown)
        if getattr(d, "rule", None):
            part = format_html("{} ({})", part, rule_ids(d.rule))
        parts.append(part)
    # Safe: each part was built by format_html.
    return mark_safe(", ".join(parts))
