"""A long game on a phone (issue 26, item 10.11): the board lists the newest hands with the
whole game's totals, and the older ones are a tap away: put in the board's list in place
(htmx), or a page of them without scripts, each with a Void that works from there."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from scorekeeper.models import Entry, Game, Night
from tests.browser.conftest import sign_in
from tests.scorekeeper.pages.test_long_game_page import knock_rummy

SHOTS = Path(__file__).resolve().parent.parent.parent / "test-results" / "screenshots"
PHONES = [{"width": 360, "height": 640}, {"width": 390, "height": 844}]
IDS = ["360x640", "390x844"]
HANDS = 60  # the board lists 41 to 60
TO = "\N{EN DASH}"  # between two hand numbers


def keys(game: Game) -> list[int]:
    return list(game.entries.filter(kind="record").order_by("id").values_list("pk", flat=True))


@pytest.fixture
def long_game(night: Night, alice: Any) -> Game:
    return knock_rummy(night, alice, HANDS)


@pytest.mark.parametrize("phone", PHONES, ids=IDS)
def test_the_older_hands_come_into_the_board_and_one_is_voided_from_there(
    signed_in: Page, long_game: Game, phone: dict[str, int]
) -> None:
    page = signed_in
    page.set_viewport_size(phone)
    page.goto(f"{page.url}games/{long_game.pk}/")
    every = keys(long_game)
    board = page.locator("#board")
    expect(board.locator(".deals > .deal")).to_have_count(20)
    expect(board.locator(f"#deal-{every[40]}")).to_be_attached()  # hand 41
    expect(board.locator(f"#deal-{every[39]}")).not_to_be_attached()  # hand 40
    # The tally: the newest hands' rows under a link to the others, the whole game's totals.
    tally = board.locator("table.tally:not(.compact)")
    expect(tally.locator("tbody tr.older-hands")).to_have_text(f"Hands 1{TO}40")
    link = tally.locator("tbody tr.older-hands a").bounding_box()
    assert link is not None and link["height"] >= 44
    SHOTS.mkdir(parents=True, exist_ok=True)
    tally.screenshot(path=str(SHOTS / f"long-game-tally-{IDS[PHONES.index(phone)]}.png"))
    older = board.get_by_role("link", name=f"Hands 1{TO}40, older")
    older.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"long-game-board-{IDS[PHONES.index(phone)]}.png"))
    box = older.bounding_box()
    assert box is not None and box["height"] >= 44 and box["x"] + box["width"] <= phone["width"]
    older.tap()
    # Put in the list in place, oldest first: the whole game's hands, and no link left.
    expect(board.locator(".deals > .deal")).to_have_count(HANDS)
    expect(board.locator(".deals > .older-hands")).to_have_count(0)
    assert page.evaluate("document.documentElement.scrollWidth") <= phone["width"]
    hand = board.locator(f"#deal-{every[29]}")  # hand 30
    hand.locator("summary").tap()
    expect(hand).to_contain_text("knocked")
    page.screenshot(path=str(SHOTS / f"long-game-older-{IDS[PHONES.index(phone)]}.png"))
    page.once("dialog", lambda dialog: dialog.accept())
    hand.get_by_role("button", name="Void", exact=True).tap()
    expect(page.locator("#recorded")).to_have_text(
        "Hand 30 voided: it stays in the history, struck out. See the board"
    )
    assert Entry.objects.filter(kind="void", deal_id=every[29]).exists()
    # The board is the newest hands again, their totals the whole game's without hand 30.
    expect(board.locator(".deals > .deal")).to_have_count(20)


def test_without_scripts_the_older_hands_are_a_page_and_a_void_comes_back_to_it(
    browser: Browser, live_server: Any, long_game: Game
) -> None:
    context = browser.new_context(
        viewport=PHONES[0], has_touch=True, is_mobile=True, java_script_enabled=False
    )
    page = context.new_page()
    sign_in(page, live_server.url, "alice")
    page.goto(f"{live_server.url}{long_game.get_absolute_url()}")
    every = keys(long_game)
    page.locator("#board .deals > .older-hands").get_by_role("link").tap()
    expect(page.locator("h1")).to_have_text(f"Game 1: Knock Rummy: hands 1{TO}40")
    expect(page.locator(".deals > .deal")).to_have_count(40)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "long-game-older-page-360x640.png"), full_page=False)
    hand = page.locator(f"#deal-{every[9]}")  # hand 10
    hand.locator("summary").tap()
    hand.get_by_role("button", name="Void", exact=True).tap()
    page.wait_for_url(f"**/games/{long_game.pk}/hands/?before=41#deal-{every[9]}")
    expect(page.locator(f"#deal-{every[9]}")).to_have_class("deal voided")
    # The way back to the newest hands.
    page.get_by_role("link", name="The newest hands, on the game's page").first.tap()
    expect(page.locator("#board .deals > .deal")).to_have_count(20)
    context.close()


def test_the_older_hands_page_voids_with_a_question_when_scripts_run(
    browser: Browser, live_server: Any, long_game: Game
) -> None:
    context = browser.new_context(viewport=PHONES[1], has_touch=True, is_mobile=True)
    page = context.new_page()
    sign_in(page, live_server.url, "alice")
    page.goto(f"{live_server.url}/games/{long_game.pk}/hands/?before=41")
    every = keys(long_game)
    hand = page.locator(f"#deal-{every[4]}")  # hand 5
    hand.locator("summary").tap()
    asked = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    hand.get_by_role("button", name="Void", exact=True).tap()
    expect(page.locator(f"#deal-{every[4]}")).to_have_class("deal voided")
    assert asked == ["Void hand 5? It stays in the history."]
    expect(page.locator("h1")).to_have_text(f"Game 1: Knock Rummy: hands 1{TO}40")
    context.close()
