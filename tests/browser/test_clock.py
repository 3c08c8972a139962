"""One way of telling the time: every time on a page, and the board's "could not refresh since
…", in the phone's own zone and in the page's language (its <html lang>), including parts htmx
swaps in. A phone set to US English reads an English page (en-gb) in the 24-hour clock, as it
reads a Swedish one: never "03:27 PM" on one page and "15:26" on another."""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from django.conf import settings
from playwright.sync_api import Browser, expect

from scorekeeper.games import services as game_services
from scorekeeper.models import Entry, Game
from scorekeeper.nights.demo import SAMPLE_DEALS
from tests.browser.conftest import PHONE, sign_in


def _hm(when: datetime) -> str:
    """What the English (en-gb), Swedish, Danish and Icelandic pages show: "03:07"."""
    return f"{when.hour:02d}:{when.minute:02d}"


def test_times_read_in_the_phones_own_zone_and_the_pages_language(
    browser: Browser, live_server: Any, bridge_game: Game, alice: Any
) -> None:
    game_services.deal_record(game=bridge_game, by=alice, data=SAMPLE_DEALS[0])
    recorded = Entry.objects.get(game=bridge_game).recorded_at
    zone = "Pacific/Auckland"  # far from the server's UTC, so a server-made time would differ
    context = browser.new_context(
        viewport=PHONE, locale="en-US", timezone_id=zone, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    sign_in(page, live_server.url, "alice")
    page.goto(f"{live_server.url}{bridge_game.get_absolute_url()}")

    shown = page.locator(".revisions time[data-clock]").first
    expect(shown).to_have_text(_hm(recorded.astimezone(ZoneInfo(zone))))
    # The script that says since when the board could not refresh tells the time the same way.
    noon_utc = "2026-11-25T12:05:00Z"
    assert page.evaluate(f"window.scorekeeperClock(new Date({noon_utc!r}))") == "01:05"

    # A void swaps the game in through htmx; the time it brings is told the same way.
    page.on("dialog", lambda dialog: dialog.accept())
    deal = page.locator(".deal").first
    deal.locator("summary").click()
    deal.get_by_role("button", name="Void").click()
    times = page.locator(".deal").first.locator(".revisions time[data-clock]")
    expect(times).to_have_count(2)
    for text in times.all_text_contents():
        assert re.fullmatch(r"\d\d:\d\d", text), text
    # The same phone on the Swedish page: the same clock, and the day in Swedish.
    context.add_cookies(
        [{"name": settings.LANGUAGE_COOKIE_NAME, "value": "sv", "url": live_server.url}]
    )
    page.goto(f"{live_server.url}{bridge_game.get_absolute_url()}")
    assert page.evaluate("document.documentElement.lang") == "sv"
    assert page.evaluate(f"window.scorekeeperClock(new Date({noon_utc!r}))") == "01:05"
    day = page.evaluate(f"window.scorekeeperClock(new Date({noon_utc!r}), 'day')")
    assert "nov." in day and "01:05" in day, day
    context.close()
