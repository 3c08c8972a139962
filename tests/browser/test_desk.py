"""The dispute desk on a phone: opened from a game, a meld and a Knock Rummy settlement asked,
the working and the house-rule readings shown, a ruling saved and seen on the night page."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from scorekeeper.models import Night, Ruling
from tests.factories import GameFactory

SHOTS = Path(__file__).resolve().parent.parent.parent / "test-results" / "screenshots"


def tap_radio(page: Page, name: str, value: str) -> None:
    page.locator(f'label:has(input[name="{name}"][value="{value}"])').first.click()


def test_ask_the_desk_and_save_a_ruling(signed_in: Page, night: Night) -> None:
    page = signed_in
    page.set_viewport_size({"width": 390, "height": 844})
    game = GameFactory(night=night, slug="knock-rummy", players=["Ann", "Ben", "Cy"])
    page.goto(f"{page.url}games/{game.pk}/")
    page.get_by_role("link", name="A dispute? Ask the desk").click()
    expect(page.locator("#desk h1")).to_have_text("Dispute desk")
    expect(page.locator("#desk-game")).to_have_value("knock-rummy")
    expect(page.locator("#desk-players")).to_have_value("3")

    # Is this a meld? The question's form is swapped in; the answer lists the problem.
    tap_radio(page, "question", "meld")
    expect(page.locator('input[name="in_cards"]')).to_be_visible()
    page.fill('input[name="in_cards"]', "QS KS AS")
    page.get_by_role("button", name="Ask the adjudicator").click()
    expect(page.locator("#desk-answer")).to_contain_text("is not a meld")
    expect(page.locator("#desk-answer")).to_contain_text("No house rule of Knock Rummy changes")

    # A settlement: Ann knocks on 5 and Ben ties her; K-1's penalty would change who pays.
    tap_radio(page, "question", "settle")
    expect(page.locator('input[name="in_knocked"]').first).to_be_attached()
    tap_radio(page, "in_knocked", "0")
    for seat, count in enumerate((5, 5, 30)):
        tap_radio(page, f"in_hands_how_{seat}", "count")
        page.fill(f'input[name="in_hands_count_{seat}"]', str(count))
    page.get_by_role("button", name="Ask the adjudicator").click()
    answer = page.locator("#desk-answer")
    expect(answer).to_contain_text("tied on 5 and won")
    expect(answer).to_contain_text("Under K-1 penalty_on_tie = on")
    expect(answer).to_contain_text("10 penalty: knocked and was tied")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "desk-390x844.png"), full_page=True)

    # "We play it this way": saved under that reading, shown on the night page.
    answer.locator(".reading").get_by_role("button", name="We play it this way").click()
    expect(page.locator("#rulings")).to_contain_text("Knock Rummy: settle")
    page.locator("#rulings summary").first.click()
    expect(page.locator("#rulings")).to_contain_text("penalty_on_tie = True")
    assert Ruling.objects.get().options == {"penalty_on_tie": True}
