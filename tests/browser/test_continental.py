"""Keeping a Continental Rummy game on a phone: the winner's cards picked, or the jokers counted.

Everything on the page comes from the game's description (its record with two ways, its pack
for the picker, its open end); nothing in the app names Continental.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from scorekeeper.models import Game, Night
from tests.factories import GameFactory

NAMES = ["Ann", "Ben", "Cy", "Di"]
# 5+4+3+3 with two jokers: each loser pays 1 + 2 x 2 = 5, the winner collects 15.
GOING_OUT = "9C 10C JC QC KC 3H 4H 5H JK JK 7D 8D 2S 3S 4S"


def _totals(page: Page) -> list[str]:
    return page.locator("#board tfoot td").all_inner_texts()


def _pick(page: Page, cards: str) -> None:
    form = page.locator("#record form")
    for card in cards.split():
        form.locator(f'.picker-pack button[data-card="{card}"]').click()


def test_a_hand_picked_card_by_card_then_one_counted(signed_in: Page, night: Night) -> None:
    game: Game = GameFactory(night=night, slug="continental-rummy", players=NAMES)
    page = signed_in
    page.goto(f"{page.url}games/{game.pk}/")
    form = page.locator("#record form")

    # Ann goes out: her 15 cards, picked from the two packs and two jokers.
    form.locator('input[name="went_out"][value="0"]').check()
    form.locator('input[name="way"][value="cards"]').check()
    _pick(page, GOING_OUT)
    expect(form.locator('input[name="cards"]')).to_have_value(GOING_OUT)
    form.get_by_role("button", name="Record hand").click()
    expect(page.locator("#record h2")).to_have_text("Record hand 2")
    assert _totals(page) == ["15", "-5", "-5", "-5"]

    # The working: who pays whom, and why.
    page.locator("#board .deal").first.locator("summary").click()
    expect(page.locator("#board .deal").first).to_contain_text(
        "pays Ann 5: 1 for the win + 2 each for 2 jokers in the going-out melds = 5"
    )

    # Cy goes out with one joker, and the table only counts the jokers.
    form.locator('input[name="went_out"][value="2"]').check()
    form.locator('input[name="way"][value="count"]').check()
    form.get_by_label("Jokers in their melds").fill("1")
    form.get_by_role("button", name="Record hand").click()
    expect(page.locator("#record h2")).to_have_text("Record hand 3")
    assert _totals(page) == ["12", "-8", "4", "-8"]
    # The page fits a 360 px phone: nothing scrolls sideways.
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_cards_that_cannot_go_out_are_refused_inline(signed_in: Page, night: Night) -> None:
    game: Game = GameFactory(night=night, slug="continental-rummy", players=NAMES)
    page = signed_in
    page.goto(f"{page.url}games/{game.pk}/")
    form = page.locator("#record form")
    form.locator('input[name="went_out"][value="1"]').check()
    form.locator('input[name="way"][value="cards"]').check()
    # Three fives make a set, and sets are worthless.
    form.locator('input[name="cards"]').fill("5S 5H 5D 4C 5C 6C 9S 10S JS AD 2D 3D JC QC KC")
    form.get_by_role("button", name="Record hand").click()
    expect(page.locator("#record")).to_contain_text("Ben cannot go out with")
    expect(page.locator("#record")).to_contain_text("fit in no sequence")
    assert _totals(page) == ["0", "0", "0", "0"]
