"""Live at the table: the owner shows the join link, and other phones follow the scores.

Alice owns the night and has her phone; a second phone opens the link without signing in, sees
the board as deals are recorded, and cannot write. Carol opens the link signed in, watches, and
records once Alice lets her.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, Page, expect

from scorekeeper.models import Game
from scorekeeper.nights.demo import SAMPLE_DEALS
from tests.browser.conftest import PHONE
from tests.browser.test_bridge_rummy import _record
from tests.browser.test_two_phones import sign_in


def another_phone(browser: Browser) -> Page:
    return browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True).new_page()


def show_the_link(page: Page, live_server: Any, game: Game) -> str:
    """Alice makes the night's join link on her phone and reads it off the screen."""
    page.goto(f"{live_server.url}{game.night.get_absolute_url()}")
    page.get_by_role("button", name="Make a join link").click()
    share = page.locator("#share")
    expect(share.get_by_role("img", name="QR code of the join link")).to_be_visible()
    url = share.locator("#join-url").input_value()
    assert url.startswith(f"{live_server.url}/join/")
    box = share.locator("svg.qr").bounding_box()
    assert box is not None and box["width"] >= 200  # big enough to scan across a table
    return url


def test_a_phone_that_opens_the_link_without_signing_in_sees_the_board_and_cannot_write(
    signed_in: Page, browser: Browser, live_server: Any, bridge_game: Game
) -> None:
    alice = signed_in
    url = show_the_link(alice, live_server, bridge_game)
    visitor = another_phone(browser)
    visitor.goto(url)
    expect(visitor.locator("#share")).to_contain_text("watching this night by its join link")
    expect(visitor.get_by_role("link", name="Start a game")).to_have_count(0)
    visitor.get_by_role("link", name="Bridge Rummy").first.click()
    expect(visitor.locator("#board h1")).to_contain_text("Bridge Rummy")
    expect(visitor.locator("#record")).to_have_count(0)

    # Alice records a deal on her phone; the visitor's board shows it without a reload.
    alice.goto(f"{live_server.url}{bridge_game.get_absolute_url()}")
    _record(alice, SAMPLE_DEALS[0])
    expect(alice.locator("#record h2")).to_have_text("Record deal 2")
    expect(visitor.locator("#board > table.tally tbody th[scope=row]").first).to_have_text(
        "1", timeout=10_000
    )
    expect(visitor.locator("#board").get_by_role("button", name="Void")).to_have_count(0)
    expect(visitor.locator("#board").get_by_role("link", name="Amend")).to_have_count(0)

    # A write sent anyway, with the page's own CSRF token, is refused.
    token = next(c["value"] for c in visitor.context.cookies() if c["name"] == "csrftoken")
    response = visitor.request.post(
        f"{live_server.url}/games/{bridge_game.pk}/deals/",
        form={"number": "2", "went_out": "0"},
        headers={"X-CSRFToken": token, "Referer": visitor.url},
    )
    assert response.status == 403
    assert "CSRF" not in response.text()
    assert bridge_game.entries.count() == 1
    api = visitor.request.get(f"{live_server.url}/api/v1/games/{bridge_game.pk}/standings/")
    assert api.status in (401, 403)

    # A new link shuts the old one's visitors out.
    alice.goto(f"{live_server.url}{bridge_game.night.get_absolute_url()}")
    alice.once("dialog", lambda dialog: dialog.accept())
    alice.get_by_role("button", name="New link").click()
    expect(alice.locator("#join-url")).not_to_have_value(url)
    visitor.goto(url)
    expect(visitor.get_by_role("heading", name="This join link no longer works")).to_be_visible()


def test_the_owner_lets_a_signed_in_viewer_record(
    signed_in: Page, browser: Browser, live_server: Any, bridge_game: Game, carol: Any
) -> None:
    alice = signed_in
    url = show_the_link(alice, live_server, bridge_game)
    carols = sign_in(another_phone(browser), live_server, "carol")
    carols.goto(url)
    expect(carols.locator(".messages")).to_contain_text("You are watching")
    game_url = f"{live_server.url}{bridge_game.get_absolute_url()}"
    carols.goto(game_url)
    expect(carols.locator("#board")).to_be_visible()
    expect(carols.locator("#record")).to_have_count(0)

    alice.reload()
    watching = alice.locator("#recorders .watchers")
    expect(watching).to_contain_text("carol")
    alice.get_by_role("button", name="Let record: carol").click()
    expect(alice.locator("#recorders .watchers")).to_have_count(0)
    expect(alice.get_by_role("button", name="Watch only: carol")).to_be_visible()

    carols.goto(game_url)
    _record(carols, SAMPLE_DEALS[0])
    expect(carols.locator("#record h2")).to_have_text("Record deal 2")
    assert bridge_game.entries.get().recorded_by.username == "carol"


def test_a_visitor_by_link_follows_the_big_screen_and_reads_the_recap(
    browser: Browser, live_server: Any, transactional_db: Any, bridge_game: Game, alice: Any
) -> None:
    from django.urls import reverse

    from scorekeeper.access import sharing
    from scorekeeper.games import services as game_services

    token = sharing.link_make(night=bridge_game.night, by=alice)
    game_services.deal_record(game=bridge_game, by=alice, data=SAMPLE_DEALS[0])
    visitor = another_phone(browser)
    visitor.goto(f"{live_server.url}{reverse('share_join', args=[token])}")
    visitor.get_by_role("link", name="Bridge Rummy").first.click()
    visitor.get_by_role("link", name="Big screen").click()
    expect(visitor.locator("#screen h2")).to_have_text("Deal 1")

    # A deal recorded on another phone reaches the big screen by its poll, without a reload.
    game_services.deal_record(game=bridge_game, by=alice, data=SAMPLE_DEALS[1])
    expect(visitor.locator("#screen h2")).to_have_text("Deal 2", timeout=10_000)

    # A write from the big screen's page is refused.
    csrf = next(c["value"] for c in visitor.context.cookies() if c["name"] == "csrftoken")
    deal = bridge_game.entries.latest("id").pk
    response = visitor.request.post(
        f"{live_server.url}{reverse('deal_void', args=[bridge_game.pk, deal])}",
        form={"revision": str(deal)},
        headers={"X-CSRFToken": csrf, "Referer": visitor.url},
    )
    assert response.status == 403
    assert bridge_game.entries.count() == 2

    visitor.goto(f"{live_server.url}{bridge_game.night.get_absolute_url()}")
    visitor.get_by_role("link", name="Recap").click()
    recap = visitor.locator("article.recap")
    expect(recap.get_by_role("heading", name="Bridge Rummy")).to_be_visible()
    expect(recap.locator(".recap-deals li")).to_have_count(2)
    expect(recap.get_by_role("link", name="JSON")).to_have_count(0)
