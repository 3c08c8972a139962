"""House-rule profiles on a phone: save a group's house rules for Knock Rummy, start a game with
them, and see on the game page every way it differs from the published rules.

Nothing here is particular to Knock Rummy in the app: the fields, labels, ruling ids and docs
all come from the game's description of its options.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from scorekeeper.models import Game, HouseRuleProfile, Night
from tests.browser.conftest import picture, sign_in
from tests.factories import PlayerFactory

PHONE = {"width": 390, "height": 844}
# Screenshots of the pages at phone size, to look at: $SCREENSHOT_DIR, else a temporary folder.
SHOTS = Path(os.environ.get("SCREENSHOT_DIR") or Path(tempfile.gettempdir()) / "sk-screenshots")


def _table(night: Night, alice: Any) -> None:
    night.players.add(*(PlayerFactory(owner=alice, name=n) for n in ("Ann", "Ben", "Cy")))


def _shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    picture(page, str(SHOTS / f"profiles-{name}.png"))


def test_save_a_profile_start_a_game_with_it_and_see_the_differences(
    signed_in: Page, live_server: Any, night: Night, alice: Any
) -> None:
    page = signed_in
    page.set_viewport_size(PHONE)
    _table(night, alice)

    # The profiles page, from the home page: choose the game, set two house rules, name them.
    page.get_by_role("link", name="Your house rules").click()
    expect(page.locator("h1")).to_have_text("Your house rules")
    page.get_by_label("Game").select_option(label="Knock Rummy")
    page.get_by_role("button", name="Set its house rules").click()
    page.get_by_label("Name these house rules").fill("Nanni's rules")
    page.get_by_label("Penalty on tie").check()
    page.get_by_label("Tied winners").select_option(label="Each tied winner collects in full")
    page.get_by_role("button", name="Save Knock Rummy house rules").click()
    saved = page.locator(".profile", has_text="Nanni's rules")
    expect(saved.locator(".difference")).to_have_count(2)
    expect(saved).to_contain_text("K-1")
    expect(saved).to_contain_text("K-2")
    _shot(page, "list")

    # Start Knock Rummy at the night: pick the profile, and the house rules fill in (htmx).
    page.goto(f"{live_server.url}/nights/{night.pk}/")
    page.locator(".choices").get_by_role("link", name="Knock Rummy").click()
    page.locator(".house-rules > summary").click()
    expect(page.get_by_label("Penalty on tie")).not_to_be_checked()
    page.get_by_label("Saved house rules").select_option(label="Nanni's rules")
    expect(page.get_by_label("Penalty on tie")).to_be_checked()
    expect(page.get_by_label("Tied winners")).to_have_value("each_full")
    expect(page.locator(".house-rules > summary")).to_contain_text("Nanni's rules · 2 changed")
    _shot(page, "start")
    page.get_by_role("button", name="Start Knock Rummy").click()

    # The game page lists both differences, each with its ruling id, both values and the doc.
    page.wait_for_url("**/games/*/")
    differences = page.locator("#house-differences .difference")
    expect(differences).to_have_count(2)
    expect(differences.nth(0)).to_contain_text("Penalty on tie")
    expect(differences.nth(0).locator(".rule-id")).to_have_text("K-1")
    expect(differences.nth(0)).to_contain_text("Published: off")
    expect(differences.nth(0)).to_contain_text("In play: on")
    expect(differences.nth(1).locator(".rule-id")).to_have_text("K-2")
    expect(differences.nth(1)).to_contain_text("In play: Each tied winner collects in full")
    expect(differences.nth(1)).to_contain_text("When several players besides the knocker tie")
    differences.nth(1).scroll_into_view_if_needed()
    _shot(page, "game")
    game = Game.objects.get(night=night)
    assert game.options["penalty_on_tie"] is True
    assert game.options["tied_winners"] == "each_full"

    # Every tap target on the differences card is readable without zoom: no sideways scroll.
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_save_the_house_rules_from_the_start_form(
    signed_in: Page, live_server: Any, night: Night, alice: Any
) -> None:
    page = signed_in
    page.set_viewport_size(PHONE)
    _table(night, alice)
    page.goto(f"{live_server.url}/nights/{night.pk}/games/?game=knock-rummy")
    seat = page.get_by_label("Seat 1")
    seat.select_option(label="Cy")
    page.locator(".house-rules > summary").click()
    page.get_by_label("Bonus to any zero winner").check()
    page.get_by_label("Target").fill("100")
    page.get_by_label("Name these house rules").fill("Club night")
    page.get_by_role("button", name="Save these house rules").click()

    expect(page.get_by_role("status").filter(has_text="Saved as Club night.")).to_be_visible()
    expect(page.get_by_label("Saved house rules").locator("option:checked")).to_have_text(
        "Club night"
    )
    # Only the house rules were swapped: the seat chosen is still there, the rules as set.
    expect(seat).to_have_value(str(night.players.get(name="Cy").pk))
    expect(page.get_by_label("Bonus to any zero winner")).to_be_checked()
    profile = HouseRuleProfile.objects.get(owner=alice)
    assert (profile.name, profile.options["target"]) == ("Club night", 100)
    assert profile.options["bonus_to_any_zero_winner"] is True
    _shot(page, "saved-from-start")


def test_picking_a_profile_works_without_scripts(
    browser: Any, live_server: Any, night: Night, alice: Any
) -> None:
    HouseRuleProfile.objects.create(
        owner=alice, slug="knock-rummy", name="Nanni's rules", options={"penalty_on_tie": True}
    )
    context = browser.new_context(viewport=PHONE, java_script_enabled=False)
    page = context.new_page()
    sign_in(page, live_server.url, "alice")
    page.goto(f"{live_server.url}/nights/{night.pk}/games/?game=knock-rummy")
    page.locator(".house-rules > summary").click()
    page.get_by_label("Saved house rules").select_option(label="Nanni's rules")
    page.get_by_role("button", name="Use", exact=True).click()
    expect(page.get_by_label("Penalty on tie")).to_be_checked()
    context.close()
