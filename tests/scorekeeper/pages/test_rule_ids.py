"""``|rule_ids``: each ruling id a line cites is a tap, and stays on one line with the bracket
against it (issue 27: "(V-1 ⏎ )" was drawn on three lines)."""

from __future__ import annotations

import re

from scorekeeper.pages.templatetags.rulings import rule_ids


def taps(html: str) -> list[str]:
    return re.findall(r'<summary aria-label="Ruling [^"]+">([^<]+)</summary>', html)


def test_a_bracketed_id_is_kept_with_its_brackets() -> None:
    html = str(rule_ids("Ann and Cy: 7 tricks score 3 (V-1)"))
    assert html.startswith('Ann and Cy: 7 tricks score 3 <span class="rule-cite">(<details')
    assert html.endswith("</details>)</span>")
    assert taps(html) == ["V-1"]


def test_ids_listed_in_one_bracket_hold_the_brackets_at_either_end() -> None:
    html = str(rule_ids("a joker may stand (A-3, A-7)"))
    assert taps(html) == ["A-3", "A-7"]
    assert html.count('<span class="rule-cite">') == 2  # "(A-3" and "A-7)"
    assert "</span>, <span" in html  # the line may break after the comma between


def test_an_id_outside_brackets_is_a_tap_alone_and_unknown_ids_stay_text() -> None:
    html = str(rule_ids("Under V-4 a seat & a side; see Z-99 and (Q-42)"))
    assert taps(html) == ["V-4"]
    assert "rule-cite" not in html
    assert "a seat &amp; a side" in html and "Z-99" in html and "(Q-42)" in html
