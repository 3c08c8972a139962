"""Live at the table, in the browser: two phones and the big screen see a deal within 3 s of
it being recorded or voided, without reloading; a row left empty is named before anything is
sent; the screen-awake toggle is there and says what it does."""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import Browser, Page, expect

from scorekeeper.models import Game
from scorekeeper.nights.demo import SAMPLE_DEALS
from tests.browser.test_bridge_rummy import _record
from tests.browser.test_two_phones import bobs_phone

WITHIN = 3_000  # ms: the "within three seconds" (the poll runs every 2 s)


def test_a_deal_recorded_on_one_phone_shows_on_the_other_and_the_big_screen(
    signed_in: Page, browser: Browser, live_server: Any, bridge_game: Game
) -> None:
    alice = signed_in
    url = f"{live_server.url}/games/{bridge_game.pk}/"
    alice.goto(url)
    expect(alice.locator("#board [data-next-turn]")).to_have_text(
        "Deal 1: Mary deals, Alice plays first"
    )
    alice.get_by_role("link", name="Big screen").click()
    screen = alice  # the big screen on Alice's laptop (the same account, another tab below)
    expect(screen.locator("#screen h1")).to_contain_text("Bridge Rummy")
    expect(screen.locator("#screen form, #screen button")).to_have_count(0)
    phone = screen.context.new_page()
    phone.goto(url)
    bob = bobs_phone(browser, live_server)
    bob.goto(url)
    time.sleep(0.5)  # every board is open on the empty game before Bob records

    _record(bob, SAMPLE_DEALS[0])
    expect(bob.locator("#record h2")).to_have_text("Record deal 2")
    # Alice's phone, not reloaded, shows deal 1 and whose deal is next.
    expect(phone.locator("#board > table.tally tbody th[scope=row]").first).to_have_text(
        "1", timeout=WITHIN
    )
    expect(phone.locator("#board [data-next-turn]")).to_have_text(
        "Deal 2: Alice deals, Dick plays first", timeout=WITHIN
    )
    # The big screen: the totals and the latest deal's working.
    expect(screen.locator("#screen [data-total]").first).to_have_text("-20", timeout=WITHIN)
    expect(screen.locator(".screen-latest h2")).to_have_text("Deal 1")

    # Bob voids it: both catch up again.
    bob.locator("#deal-" + str(bridge_game.entries.get().pk) + " summary").click()
    bob.once("dialog", lambda dialog: dialog.accept())
    bob.get_by_role("button", name="Void", exact=True).click()
    expect(phone.locator("#board .deal .tag")).to_have_text("voided", timeout=WITHIN)
    expect(screen.locator(".screen-empty")).to_have_text("No deals yet.", timeout=WITHIN)
    bob.context.close()


def test_a_player_left_without_an_entry_is_named_before_sending(
    signed_in: Page, live_server: Any, bridge_game: Game
) -> None:
    page = signed_in
    page.goto(f"{live_server.url}/games/{bridge_game.pk}/")
    form = page.locator("#record form")
    form.locator('input[name="went_out"][value="0"]').check()
    row = form.locator('fieldset.hand[data-seat="1"]')
    row.get_by_label("Held count", exact=True).check()
    row.locator("input[type=number]").fill("20")
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url) if r.method == "POST" else None)
    form.get_by_role("button", name="Record deal").click()
    warning = form.locator("[data-empty-warning]")
    expect(warning).to_be_visible()
    expect(warning).to_contain_text("Dick and Alice have no entry.")
    assert requests == []  # nothing was sent
    assert bridge_game.entries.count() == 0
    warning.get_by_role("button", name="Fill it in").click()
    expect(warning).to_be_hidden()
    # Filled in, the deal goes.
    for seat, held in ((2, "30"), (3, "40")):
        r = form.locator(f'fieldset.hand[data-seat="{seat}"]')
        r.get_by_label("Held count", exact=True).check()
        r.locator("input[type=number]").fill(held)
    form.get_by_role("button", name="Record deal").click()
    expect(page.locator("#record h2")).to_have_text("Record deal 2")
    assert bridge_game.entries.count() == 1


def test_the_screen_awake_toggle_is_there_and_remembered(
    signed_in: Page, live_server: Any, bridge_game: Game
) -> None:
    page = signed_in
    page.goto(f"{live_server.url}/games/{bridge_game.pk}/")
    status = page.locator("[data-wake-lock-status]")
    supported = page.evaluate("'wakeLock' in navigator")
    if not supported:
        expect(status).to_contain_text("This browser cannot keep the screen awake")
        expect(page.locator("[data-wake-lock]")).to_be_hidden()
        return
    toggle = page.get_by_label("Keep the screen awake")
    expect(toggle).to_be_checked()
    box = page.locator("[data-wake-lock]")
    expect(status).not_to_be_empty()
    if box.get_attribute("data-state") == "on":  # Chromium 156 headless grants the lock
        expect(status).to_have_text("The screen stays awake while this game is open.")
    else:  # a browser that refuses it says so instead of pretending
        expect(status).to_contain_text("Could not keep the screen awake")
    toggle.uncheck()
    expect(box).to_have_attribute("data-state", "off")
    expect(status).to_have_text("The screen may sleep as usual.")
    page.reload()
    expect(page.get_by_label("Keep the screen awake")).not_to_be_checked()
