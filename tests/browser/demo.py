"""The demo night's seventh deal, entered as a person would: what the README asks a newcomer to
do (tests/browser/test_newcomer.py) and what the docs' pictures show
(tests/browser/test_doc_pictures.py)."""

from __future__ import annotations

from playwright.sync_api import Page, expect

# Tom went out; Mary held 25, Dick the QH, QD and 4C, Alice never went down.
DEAL_7_CARDS = ("QH", "QD", "4C")
DEAL_7_VERDICT = "Game over: Tom wins on 160."


def enter_deal_7(page: Page) -> None:
    """Fill the demo game's form for deal 7, without sending it."""
    form = page.locator("#record form")
    expect(page.locator("#record h2")).to_have_text("Record deal 7")
    form.locator('input[name="went_out"][value="1"]').check()
    mary = form.locator('fieldset.hand[data-seat="0"]')
    mary.get_by_label("Held count", exact=True).check()
    mary.locator("input[type=number]").fill("25")
    dick = form.locator('fieldset.hand[data-seat="2"]')
    dick.get_by_label("Cards", exact=True).check()
    for card in DEAL_7_CARDS:
        dick.locator(f'button[data-card="{card}"]').click()
    expect(dick.locator("input[type=text]")).to_have_value(" ".join(DEAL_7_CARDS))
    form.locator('fieldset.hand[data-seat="3"]').get_by_label("Never went down").check()


def record_deal_7(page: Page) -> None:
    """Send it, and see the answer where the form was: the game is over."""
    page.locator("#record form").get_by_role("button", name="Record deal 7").click()
    answer = page.locator("#recorded")
    expect(answer).to_contain_text("Deal 7 recorded")
    expect(answer).to_contain_text(DEAL_7_VERDICT)
