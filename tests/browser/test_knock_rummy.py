"""Knock Rummy on a phone: hands recorded with the card picker and agreed counts, settled as money.

Nothing in the app names Knock Rummy: the knock, the per-player cards or counts and the
settlement come from its description.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from scorekeeper.models import Game, Night
from scorekeeper.standings import scoreboard
from tests.factories import GameFactory

NAMES = ["Ann", "Ben", "Cy", "Di"]


def _record(page: Page, deal: dict[str, Any]) -> None:
    """Tap who knocked, then each player's cards (the picker) or the count the table agrees."""
    form = page.locator("#record form")
    form.locator(f'input[name="knocked"][value="{deal["knocked"]}"]').check()
    for hand in deal["hands"]:
        row = form.locator(f'fieldset.hand[data-seat="{hand["seat"]}"]')
        if "cards" in hand:
            row.get_by_label("Cards", exact=True).check()
            for card in hand["cards"].split():
                row.locator(f'button[data-card="{card}"]').click()
        else:
            row.get_by_label("Unmatched count", exact=True).check()
            row.locator("input[type=number]").fill(str(hand["count"]))
    form.get_by_role("button", name="Record hand").click()


def _nets(page: Page) -> list[str]:
    return page.locator("#board tfoot td").all_inner_texts()


def test_two_hands_with_the_picker_and_counts(signed_in: Page, night: Night) -> None:
    game: Game = GameFactory(night=night, slug="knock-rummy", players=NAMES)
    page = signed_in
    page.goto(f"{page.url}games/{game.pk}/")

    # Hand 1: Cy knocks on 10 (AS 2S 3S and 9H 9D 9C matched, KC left); Ann's cards are
    # counted by the engine (7S 7H 7D matched: 15), Ben and Di agree their counts.
    _record(
        page,
        {
            "knocked": 2,
            "hands": [
                {"seat": 0, "cards": "5H 6H 7H 7S 7D 2C 2D"},
                {"seat": 1, "count": 20},
                {"seat": 2, "cards": "AS 2S 3S 9H 9D 9C KC"},
                {"seat": 3, "count": 31},
            ],
        },
    )
    expect(page.locator("#record h2")).to_have_text("Record hand 2")
    assert _nets(page) == ["-5", "-10", "36", "-21"]
    deal = page.locator("#board .deal").first
    deal.locator("summary").click()
    expect(deal).to_contain_text("melds 7S 7H 7D; unmatched 5H 5 + 6H 6 + 2D 2 + 2C 2 = 15")
    expect(deal).to_contain_text("pays Cy 5: 5 difference (15 - 10)")

    # Hand 2: Di knocks on 8 and is undercut by Ann and Ben on 3: they share Di's 5 + 10
    # penalty and Cy's 9 (K-2), halves included.
    _record(
        page,
        {
            "knocked": 3,
            "hands": [
                {"seat": 0, "count": 3},
                {"seat": 1, "count": 3},
                {"seat": 2, "count": 12},
                {"seat": 3, "count": 8},
            ],
        },
    )
    expect(page.locator("#record h2")).to_have_text("Record hand 3")
    tally = scoreboard.game_standings(game).tally
    assert tally.totals == (7, 2, 27, -36)
    second = page.locator("#board .deal").nth(1)
    second.locator("summary").click()
    expect(second).to_contain_text("Di pays Ann 7½")
    expect(second).to_contain_text("10 penalty: knocked but was not lowest")
    assert _nets(page) == ["7", "2", "27", "-36"]
    expect(page.locator(".settlement")).to_contain_text("Di pays Cy")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_a_hand_of_the_wrong_size_is_refused_inline(signed_in: Page, night: Night) -> None:
    game: Game = GameFactory(night=night, slug="knock-rummy", players=NAMES)
    page = signed_in
    page.goto(f"{page.url}games/{game.pk}/")
    _record(
        page,
        {
            "knocked": 0,
            "hands": [
                {"seat": 0, "cards": "AS 2S 3S 9H 9D 9C"},
                {"seat": 1, "count": 20},
                {"seat": 2, "count": 12},
                {"seat": 3, "count": 80},
            ],
        },
    )
    expect(page.locator("#record")).to_contain_text("Ann held 6 cards")
    assert _nets(page) == ["0", "0", "0", "0"]
