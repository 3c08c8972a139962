"""The dispute desk on a phone: opened from a game, a meld and a Knock Rummy settlement asked,
the working and the house-rule readings shown, a ruling saved and seen on the night page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from scorekeeper.models import Night, Ruling
from tests.browser.conftest import picture
from tests.factories import GameFactory, HouseRuleProfileFactory

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
    # Each seat's row shows its cards or an agreed count, one at a time (the deal form's toggle).
    expect(page.locator('input[name="in_hands_cards_0"]')).to_be_visible()
    expect(page.locator('input[name="in_hands_count_0"]')).to_be_hidden()
    for seat, count in enumerate((5, 5, 30)):
        tap_radio(page, f"in_hands_how_{seat}", "count")
        expect(page.locator(f'input[name="in_hands_cards_{seat}"]')).to_be_hidden()
        page.fill(f'input[name="in_hands_count_{seat}"]', str(count))
    page.get_by_role("button", name="Ask the adjudicator").click()
    answer = page.locator("#desk-answer")
    expect(answer).to_contain_text("tied on 5 and won")
    expect(answer).to_contain_text("Under Penalty on tie: on")
    expect(answer).to_contain_text("10 penalty: knocked and was tied")
    SHOTS.mkdir(parents=True, exist_ok=True)
    picture(page, str(SHOTS / "desk-390x844.png"))

    # "We play it this way": saved under that reading, shown on the night page.
    answer.locator(".reading").get_by_role("button", name="We play it this way").click()
    expect(page.locator("#rulings")).to_contain_text("Knock Rummy: Who pays what for this hand?")
    page.locator("#rulings summary").first.click()
    expect(page.locator("#rulings")).to_contain_text("Read under Penalty on tie: on")
    assert Ruling.objects.get().options == {"penalty_on_tie": True}


def test_house_rules_set_on_the_desk_or_picked_from_a_profile(signed_in: Page, alice: Any) -> None:
    page = signed_in
    page.set_viewport_size({"width": 390, "height": 844})
    HouseRuleProfileFactory(owner=alice, name="Nanni's rules", options={"penalty_on_tie": True})
    page.goto(f"{page.url}desk/?game=knock-rummy&question=settle&players=3")
    tap_radio(page, "in_knocked", "0")
    for seat, count in enumerate((5, 5, 30)):
        tap_radio(page, f"in_hands_how_{seat}", "count")
        page.fill(f'input[name="in_hands_count_{seat}"]', str(count))

    # A rule ticked on the desk: the answer is read under it and says so.
    page.locator(".desk-rules summary").click()
    page.get_by_label("Penalty on tie").check()
    page.get_by_role("button", name="Ask the adjudicator").click()
    answer = page.locator("#desk-answer")
    expect(answer).to_contain_text("Read under these house rules: Penalty on tie on (K-1")
    expect(answer).to_contain_text("10 penalty: knocked and was tied")

    # The published rules picked back, then the saved profile: its rules fill in the fields.
    if not page.locator(".desk-rules[open]").count():
        page.locator(".desk-rules summary").click()
    page.select_option("#id_profile", label="The published rules")
    expect(page.get_by_label("Penalty on tie")).not_to_be_checked()
    page.select_option("#id_profile", label="Nanni's rules")
    expect(page.get_by_label("Penalty on tie")).to_be_checked()
    expect(page.locator(".desk-rules summary")).to_contain_text("Nanni's rules")
    page.get_by_role("button", name="Ask the adjudicator").click()
    expect(answer).to_contain_text("Read under Nanni's rules: Penalty on tie on (K-1")
    picture(page, str(SHOTS / "desk-house-rules-390x844.png"))


def test_a_pick_made_as_the_desk_is_swapped_in_is_not_lost(signed_in: Page, alice: Any) -> None:
    """Swapped-in content answers at once: htmx would otherwise wire it up only after its
    settle delay, and a choice made in between (a fast tap, a test) would be dropped."""
    page = signed_in
    HouseRuleProfileFactory(owner=alice, name="Nanni's rules", options={"penalty_on_tie": True})
    page.goto(f"{page.url}desk/?game=knock-rummy&question=settle&players=3&rules_open=1")
    page.locator(".desk-rules summary").click()
    nanni = page.locator("#id_profile option", has_text="Nanni's rules").get_attribute("value")
    # The moment the first pick's answer is swapped in (before any timer can run), pick again.
    page.evaluate(
        """(value) => document.body.addEventListener("htmx:afterSwap", () => queueMicrotask(() => {
            const pick = document.getElementById("id_profile");
            pick.value = value;
            pick.dispatchEvent(new Event("change", {bubbles: true}));
        }), {once: true})""",
        nanni,
    )
    page.select_option("#id_profile", label="The published rules")
    expect(page.locator("#id_profile")).to_have_value(nanni or "")
    expect(page.get_by_label("Penalty on tie")).to_be_checked()


def test_a_trick_on_the_pad_by_name_its_ruling_tapped_and_a_deal_asked(
    signed_in: Page, night: Night
) -> None:
    page = signed_in
    page.set_viewport_size({"width": 390, "height": 844})
    game = GameFactory(night=night, slug="voormsi", players=["Ann", "Bob", "Cy", "Di"])
    page.goto(f"{page.url}games/{game.pk}/")
    page.get_by_role("link", name="A dispute? Ask the desk").click()
    expect(page.locator("#desk-game")).to_have_value("voormsi")

    # Who wins this trick? Played on the pad by the players' names, not typed by seat number.
    page.locator('label:has(input[name="question"][value="trick"])').click()
    pad = page.locator('[data-tricks]:has(input[name="in_plays"]) .trick-pad')
    expect(pad).to_be_visible()
    for name, card in (("Ann", "9H"), ("Bob", "AS"), ("Cy", "8C"), ("Di", "JD")):
        pad.get_by_role("button", name=name, exact=True).click()
        pad.locator(f'button[data-card="{card}"]').click()
    expect(page.locator('input[name="in_plays"]')).to_have_value("1:9H 2:AS 3:8C 4:JD")
    page.get_by_role("button", name="Ask the adjudicator").click()
    answer = page.locator("#desk-answer")
    expect(answer).to_contain_text("The answer")

    # The ruling id in the working opens what the ruling says.
    tap = answer.locator("details.rule-tap").first
    expect(tap).to_be_visible()
    tap.locator("summary").click()
    expect(tap.locator(".rule-note")).to_be_visible()
    expect(tap.locator(".rule-note")).to_contain_text("Voormsi")

    # How is Rummy dealt at five?
    # Each choice re-renders the desk (htmx): the next is made once that has arrived, or the
    # re-render would undo it.
    swapped = page.locator(".htmx-request")
    page.select_option("#desk-game", "rummy")
    expect(swapped).to_have_count(0)
    expect(page.locator("#desk-game")).to_have_value("rummy")
    page.select_option("#desk-players", "5")
    expect(swapped).to_have_count(0)
    expect(page.locator("#desk-players")).to_have_value("5")
    page.locator('label:has(input[name="question"][value="deal"])').click()
    expect(swapped).to_have_count(0)
    expect(page.locator('input[name="question"][value="deal"]')).to_be_checked()
    page.get_by_role("button", name="Ask the adjudicator").click()
    answer = page.locator("#desk-answer")
    expect(answer).to_contain_text("6 cards to each of the 5 players: 30 dealt")
    expect(answer).to_contain_text("The other 21 cards are the stock")
    picture(page, str(SHOTS / "desk-deal-390x844.png"))
