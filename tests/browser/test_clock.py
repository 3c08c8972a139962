"""One way of telling the time, the visitor's: every time on a page, and the board's "could not
refresh since …", in the phone's own zone and locale, including parts htmx swaps in."""

from __future__ import annotations

from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from playwright.sync_api import Browser, expect

from scorekeeper.games import services as game_services
from scorekeeper.models import Entry, Game
from scorekeeper.nights.demo import SAMPLE_DEALS
from tests.browser.conftest import PHONE, sign_in


def _hm(when: datetime) -> str:
    """What a phone set to US English shows: "3:07 AM"."""
    return f"{when.hour % 12 or 12}:{when.minute:02d} {'AM' if when.hour < 12 else 'PM'}"


def test_times_read_in_the_phones_own_zone_and_locale(
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
    assert page.evaluate(f"window.scorekeeperClock(new Date({noon_utc!r}))") == "1:05 AM"

    # A void swaps the game in through htmx; the time it brings is told the same way.
    page.on("dialog", lambda dialog: dialog.accept())
    deal = page.locator(".deal").first
    deal.locator("summary").click()
    deal.get_by_role("button", name="Void").click()
    times = page.locator(".deal").first.locator(".revisions time[data-clock]")
    expect(times).to_have_count(2)
    for text in times.all_text_contents():
        assert text.endswith(("AM", "PM")), text
    context.close()
