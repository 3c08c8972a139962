"""A night of Crummy Rummy on a phone: the game started from the night's page, five rounds
recorded with the card picker and agreed counts, the standings after each, the winner at the end.

Nothing in the app names Crummy Rummy: its record, pack and end come from its description.
"""

from __future__ import annotations

import os
import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.models import Night
from tests.browser.conftest import CHROMIUM

pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"no Chromium at {CHROMIUM}")

CONTRACTS = ("", "3 sets of 3", "2 runs of 4", "2 sets of 4", "a run of 4 and 2 sets of 3")
NAMES = ["Ann", "Ben", "Cy", "Di"]
# Each round: who went out, and what the others held (cards through the picker, or a count).
ROUNDS: list[dict[str, Any]] = [
    {"went_out": 0, "hands": {1: "KS 7H JK", 2: 25, 3: "2C 3C"}},
    {"went_out": 1, "hands": {0: 40, 2: "AS 10D", 3: 12}},
    {"went_out": 3, "hands": {0: "9H", 1: 60, 2: 8}},
    {"went_out": 2, "hands": {0: 14, 1: "QD QC 4S", 3: 33}},
    # The final round: nobody but the winner has laid down, so losers hold 10 cards or more.
    {"went_out": 3, "hands": {0: "2S 3S 4S 5S 6S 7S 8S 9S 10S JS", 1: 80, 2: 70}},
]
TOTALS = [
    [0, 32, 25, 5],
    [40, 32, 50, 17],
    [49, 92, 58, 17],
    [63, 116, 58, 50],
    [127, 196, 128, 50],
]


def _site(page: Page) -> str:
    match = re.match(r"https?://[^/]+", page.url)
    assert match
    return match.group(0)


def _fill(page: Page, round_: dict[str, Any]) -> None:
    """Fill the record form as a player would: tap who went out, then a count or the cards."""
    form = page.locator("#record form")
    form.locator(f'input[name="went_out"][value="{round_["went_out"]}"]').check()
    for seat, held in round_["hands"].items():
        row = form.locator(f'fieldset.hand[data-seat="{seat}"]')
        if isinstance(held, str):
            row.get_by_label("Cards", exact=True).check()
            for card in held.split():
                row.locator(f'button[data-card="{card}"]').click()
        else:
            row.get_by_label("Penalty count", exact=True).check()
            row.locator("input[type=number]").fill(str(held))
    form.get_by_role("button", name="Record round").click()


def _totals(page: Page) -> list[str]:
    return page.locator("#board tfoot td").all_inner_texts()


def test_a_night_of_five_rounds_on_a_phone(signed_in: Page, night: Night) -> None:
    page = signed_in
    page.goto(_site(page) + night.get_absolute_url())
    field = page.locator("#players input[name=name][type=text]")
    for name in NAMES:
        field.fill(name)
        page.get_by_role("button", name="Add player").click()
        expect(page.locator("#players summary.chip", has_text=name)).to_be_visible()
    page.get_by_role("link", name="Crummy Rummy").click()
    page.get_by_role("button", name="Start Crummy Rummy").click()
    expect(page.locator("#board thead th:not(:first-child)")).to_have_text(NAMES)
    expect(page.locator("#record h2")).to_have_text("Record round 1")
    expect(page.locator("#record .next-note")).to_have_text(
        "Round 1 of 5: a run of 4 and a set of 3."
    )

    for number, (round_, totals) in enumerate(zip(ROUNDS, TOTALS, strict=True), start=1):
        if number == 5:
            # A count no final-round hand can have is refused, and nothing is recorded.
            _fill(page, {**round_, "hands": {**round_["hands"], 1: 15}})
            expect(page.locator("#record")).to_contain_text("worth at least 22")
            assert _totals(page) == [str(t) for t in TOTALS[3]]
            # A reload keeps what was entered (issue 18): only the wrong count is retyped.
            page.goto(page.url)
            _fill(page, {**round_, "hands": {1: round_["hands"][1]}})
        else:
            _fill(page, round_)
        if number < 5:
            expect(page.locator("#record h2")).to_have_text(f"Record round {number + 1}")
            expect(page.locator("#record .next-note")).to_contain_text(
                f"Round {number + 1} of 5: {CONTRACTS[number]}"
            )
        else:
            expect(page.locator("#board thead th.winner")).to_contain_text("Di")
        assert _totals(page) == [str(t) for t in totals], f"after round {number}"

    # The working behind round 1: Ben's cards, counted card by card.
    first = page.locator("#board .deal").first
    first.locator("summary").click()
    expect(first).to_contain_text("held KS 10 + 7H 7 + JK 15 = 32")
    expect(first).to_contain_text("went out in round 1 (a run of 4 and a set of 3): 0")
    expect(first.locator(".deal-summary")).to_have_text(
        "Round 1 (a run of 4 and a set of 3): Ann went out"
    )
    # Di wins on the lowest total, with a badge; the page fits the phone.
    expect(page.locator("#board thead th.winner .badge")).to_have_text("won")
    expect(page.locator("#board thead th.winner")).to_have_count(1)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
