"""Brummy on a phone: a grid filled by tapping cards, scored line by line as it fills."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from scorekeeper.models import Game, Night
from tests.factories import GameFactory


def _tap_grid(page: Page, seat: int, cards: str) -> None:
    hand = page.locator(f'fieldset.hand[data-seat="{seat}"]')
    for card in cards.split():  # the whole pack shows: one tap a card
        hand.locator(f'.picker-grid button[data-card="{card}"]').click()


def test_a_grid_tapped_in_scores_line_by_line_and_records(signed_in: Page, night: Night) -> None:
    game: Game = GameFactory(night=night, slug="brummy", players=["Mary", "Tom"])
    page = signed_in
    page.goto(f"{page.url}games/{game.pk}/")
    mary = page.locator('fieldset.hand[data-seat="0"]')

    _tap_grid(page, 0, "AS 2S 3S")
    # A card already in the grid is greyed out in a single pack.
    expect(mary.locator('.picker-grid button[data-card="AS"]')).to_be_disabled()
    expect(mary.locator(".grid-score")).to_contain_text("running flush")
    expect(mary.locator(".grid-total")).to_have_text("6")

    _tap_grid(page, 0, "KH KD KC 9C 10D JH")
    expect(mary.locator(".grid-score tfoot")).to_contain_text("Grid total")
    expect(mary.locator(".grid-total")).to_have_text("15")

    mary.get_by_role("button", name="Best grid").click()
    expect(mary.locator(".best")).to_contain_text("Best grid: 15")

    tom = page.locator('fieldset.hand[data-seat="1"]')
    tom.get_by_label("Only the total", exact=True).check()
    tom.locator('input[name="total_1"]').fill("12")
    page.locator('input[name="knocked"][value="0"]').check()
    page.get_by_role("button", name="Record deal").click()
    expect(page.locator("#record h2")).to_have_text("Record deal 2")
    # Mary knocked and is strictly highest: 15 + 10.
    assert page.locator("#board tfoot td").all_inner_texts() == ["25", "12"]
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
