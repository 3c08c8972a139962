"""Keeping a Bridge Rummy game on a phone: the Sample Score Card, tapped in deal by deal."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from scorekeeper.models import Game
from scorekeeper.nights.demo import SAMPLE_DEALS, SAMPLE_TOTALS


def _record(page: Page, deal: dict[str, Any]) -> None:
    """Fill the record form the way a player would: tap, type a count, or pick cards."""
    form = page.locator("#record form")
    form.locator(f'input[name="went_out"][value="{deal["went_out"]}"]').check()
    if deal.get("hand_rummy"):
        form.get_by_label("Hand rummy").check()
    for hand in deal["hands"]:
        row = form.locator(f'fieldset.hand[data-seat="{hand["seat"]}"]')
        if hand.get("not_down"):
            row.get_by_label("Never went down").check()
        elif "cards" in hand:
            row.get_by_label("Cards", exact=True).check()
            for card in hand["cards"].split():
                row.locator(f'button[data-card="{card}"]').click()
        else:
            row.get_by_label("Held count", exact=True).check()
            row.locator("input[type=number]").fill(str(hand["held"]))
    form.get_by_role("button", name="Record deal").click()


def _totals(page: Page) -> list[str]:
    return page.locator("#board tfoot td").all_inner_texts()


def test_the_sample_score_card_tapped_in_on_a_phone(signed_in: Page, bridge_game: Game) -> None:
    page = signed_in
    page.goto(f"{page.url}games/{bridge_game.pk}/")
    for number, (deal, totals) in enumerate(zip(SAMPLE_DEALS, SAMPLE_TOTALS, strict=True), 1):
        _record(page, deal)
        expect(page.locator("#record h2")).to_have_text(f"Record deal {number + 1}")
        assert _totals(page) == [str(t) for t in totals], f"after deal {number}"
    # The working behind deal 6: Mary's cards were counted and rounded.
    page.locator("#board .deal").nth(5).locator("summary").click()
    expect(page.locator("#board .deal").nth(5)).to_contain_text("held 39 → 40: 6 or more rounds up")
    # The page fits a 360 px phone: nothing scrolls sideways.
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_an_impossible_count_is_refused_inline(signed_in: Page, bridge_game: Game) -> None:
    page = signed_in
    page.goto(f"{page.url}games/{bridge_game.pk}/")
    _record(
        page,
        {
            "went_out": 0,
            "hands": [
                {"seat": 1, "held": 120},
                {"seat": 2, "held": 5},
                {"seat": 3, "not_down": True},
            ],
        },
    )
    expect(page.locator("#record")).to_contain_text("Tom went down, so can hold at most 100")
    assert _totals(page) == ["0", "0", "0", "0"]


def test_amending_and_voiding_a_deal_changes_the_tally(signed_in: Page, bridge_game: Game) -> None:
    page = signed_in
    game_url = f"{page.url}games/{bridge_game.pk}/"
    page.goto(game_url)
    _record(page, SAMPLE_DEALS[0])
    expect(page.locator("#record h2")).to_have_text("Record deal 2")
    _record(page, SAMPLE_DEALS[1])
    expect(page.locator("#record h2")).to_have_text("Record deal 3")
    assert _totals(page) == ["80", "20", "50", "120"]

    # Tom really held 46, not 36, in deal 1: amend it.
    first = page.locator("#board .deal").first
    first.locator("summary").click()
    first.get_by_role("link", name="Amend").click()
    page.locator('fieldset.hand[data-seat="1"] input[type=number]').fill("46")
    page.get_by_label("Why the change").fill("Tom miscounted")
    page.get_by_role("button", name="Save the correction").click()
    page.wait_for_url(game_url)
    assert _totals(page) == ["80", "30", "50", "120"]
    expect(page.locator("#board .deal").first).to_contain_text("amended")

    # Void deal 2: it stays in the history, struck out, and leaves the totals.
    page.once("dialog", lambda dialog: dialog.accept())
    second = page.locator("#board .deal").nth(1)
    second.locator("summary").click()
    second.get_by_role("button", name="Void", exact=True).click()
    expect(page.locator("#board .deal.voided")).to_have_count(1)
    assert _totals(page) == ["-20", "50", "0", "100"]
