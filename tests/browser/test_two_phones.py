"""Two phones at one table, and a venue whose Wi-Fi drops.

Alice and Bob each keep the same Bridge Rummy game open. When Bob records a deal, Alice's phone
must not record it a second time without a word; when Alice's phone loses the network, the deal
she enters is queued on the phone (and sent once when the network returns), and the board says
it is stale.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, Page, expect

from scorekeeper.models import Game
from scorekeeper.nights.demo import SAMPLE_DEALS
from tests.browser.conftest import PHONE
from tests.browser.test_bridge_rummy import _record


def sign_in(page: Page, live_server: Any, username: str) -> Page:
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", "password")
    page.click("button.primary")
    page.wait_for_url(f"{live_server.url}/")
    return page


def bobs_phone(browser: Browser, live_server: Any) -> Page:
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    return sign_in(context.new_page(), live_server, "bob")


def test_a_deal_recorded_on_another_phone_is_not_recorded_twice(
    signed_in: Page, browser: Browser, live_server: Any, bridge_game: Game
) -> None:
    alice = signed_in
    bob = bobs_phone(browser, live_server)
    url = f"{live_server.url}/games/{bridge_game.pk}/"
    alice.goto(url)
    bob.goto(url)
    # Alice has begun the same deal (who went out) when Bob's phone records it.
    alice.locator('#record form input[name="went_out"][value="0"]').check()
    _record(bob, SAMPLE_DEALS[0])
    expect(bob.locator("#record h2")).to_have_text("Record deal 2")
    # Alice's form keeps deal 1 and what she entered, however many polls pass (a form begun is
    # never swapped away); she enters the rest of the deal and taps.
    expect(alice.locator("#board > table.tally tbody th[scope=row]").first).to_have_text(
        "1", timeout=10_000
    )
    alice.wait_for_timeout(2_500)
    expect(alice.locator("#record h2")).to_have_text("Record deal 1")
    _record(alice, SAMPLE_DEALS[0])
    notice = alice.locator(".stale-deal")
    expect(notice).to_contain_text("bob recorded deal 1 from another phone")
    expect(notice).to_contain_text("Mary -20 · Tom +40 · Dick +0 · Alice +100")
    assert bridge_game.entries.count() == 1
    # What she entered is still there, and one tap records it as deal 2 if it is another deal.
    expect(alice.locator('#record input[name="held_1"]')).to_have_value("36")
    alice.get_by_role("button", name="Record as deal 2").click()
    expect(alice.locator("#record h2")).to_have_text("Record deal 3")
    assert bridge_game.entries.count() == 2
    # Bob's board catches up on its own (it polls every 2 s).
    expect(bob.locator("#board > table.tally tbody th[scope=row]").nth(2)).to_have_text(
        "2", timeout=10_000
    )


def test_a_form_nothing_was_entered_in_follows_the_deal_recorded_on_another_phone(
    signed_in: Page, browser: Browser, live_server: Any, bridge_game: Game
) -> None:
    """Issue 26: Bob's floating button still read "Record deal 1" after Alice recorded it."""
    alice = signed_in
    bob = bobs_phone(browser, live_server)
    url = f"{live_server.url}/games/{bridge_game.pk}/"
    alice.goto(url)
    bob.goto(url)
    jump = bob.locator("[data-jump-record] a")
    expect(jump).to_contain_text("Record deal 1")
    _record(alice, SAMPLE_DEALS[0])
    # Within a poll, without a reload: Bob's form, its heading and the jump to it say deal 2,
    # with whose deal it is, and Bob records deal 2 with them.
    expect(jump).to_contain_text("Record deal 2", timeout=3_000)
    expect(bob.locator("#record h2")).to_have_text("Record deal 2")
    expect(bob.locator('#record input[name="number"]')).to_have_value("2")
    expect(bob.locator("#record [data-next-turn]")).to_contain_text("Deal 2:")
    _record(bob, SAMPLE_DEALS[1])
    expect(bob.locator("#recorded")).to_contain_text("Deal 2 recorded")
    assert bridge_game.entries.count() == 2
    bob.context.close()


def test_offline_a_deal_is_queued_and_recorded_once_when_the_network_returns(
    signed_in: Page, live_server: Any, bridge_game: Game
) -> None:
    page = signed_in
    page.goto(f"{live_server.url}/games/{bridge_game.pk}/")
    page.context.set_offline(True)
    _record(page, SAMPLE_DEALS[0])
    # Not lost and not "not recorded": queued on the phone (offline-queue.js, test_pwa.py).
    expect(page.locator("#offline-queue-title")).to_have_text("1 queued (not yet recorded)")
    expect(page.locator("[data-send-error]")).to_be_hidden()
    # The board says it cannot refresh, and since when.
    status = page.locator("#refresh-status")
    expect(status).to_be_visible(timeout=10_000)
    expect(status).to_contain_text("Could not refresh the scores since")
    assert bridge_game.entries.count() == 0
    # Back online: the queued deal is recorded once, and the warnings go.
    page.context.set_offline(False)
    expect(page.locator("#offline-queue")).to_be_hidden(timeout=10_000)
    expect(status).to_be_hidden(timeout=10_000)
    expect(page.locator("#record h2")).to_have_text("Record deal 2")
    assert bridge_game.entries.count() == 1
