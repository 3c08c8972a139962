"""The other side confirms each hand, at a 390 px phone (issue 21).

Ann, Ben and Cy play Rummy on a night that asks for confirmations. Alice's phone is Ann's: she
records hand 1 and hands the phone to Ben, who taps "Confirmed by Ben". Hand 2 is confirmed on
Bob's own phone (Cy's); until it is, the hand is marked on both boards and the game cannot end.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, Page, expect

from scorekeeper.models import Entry, Game, Night
from scorekeeper.standings import scoreboard
from tests.browser.test_rummy import _hand
from tests.browser.test_two_phones import bobs_phone
from tests.factories import GameFactory

PHONE_390 = {"width": 390, "height": 844}
WITHIN = 3_000  # ms: the live board polls every 2 s


def _record_hand(page: Page, went_out: int, hands: dict[int, dict[str, Any]]) -> None:
    form = page.locator("#record form")
    form.locator(f'input[name="went_out"][value="{went_out}"]').check()
    for seat, hand in hands.items():
        _hand(page, seat, hand)
    form.get_by_role("button", name="Record hand").click()


def test_a_hand_confirmed_handed_across_and_on_a_second_phone(
    signed_in: Page, browser: Browser, live_server: Any, night: Night
) -> None:
    night.confirmations = True
    night.save()
    game: Game = GameFactory(night=night, slug="rummy", players=["Ann", "Ben", "Cy"])
    alice = signed_in
    alice.set_viewport_size(PHONE_390)
    url = f"{live_server.url}/games/{game.pk}/"
    alice.goto(url)

    # Hand 1: Ann records it (she says once that this phone is hers), then hands it across.
    alice.locator("#record .choose-recorder").get_by_label("Ann", exact=True).check()
    _record_hand(alice, 0, {1: {"held": 12}, 2: {"held": 5}})
    across = alice.locator("#recorded .hand-across")
    expect(across).to_be_visible()
    expect(across.get_by_role("button")).to_have_text(["Confirmed by Ben", "Confirmed by Cy"])
    expect(across).to_be_in_viewport()
    expect(alice.locator("#board table.tally .unconfirmed-mark")).to_have_count(1)
    across.get_by_role("button", name="Confirmed by Ben").click()
    flash = alice.locator("#board .confirmed-flash")
    expect(flash).to_have_text("Hand 1 confirmed by Ben.")
    expect(flash).to_be_in_viewport()
    expect(alice.locator("#board table.tally .unconfirmed-mark")).to_have_count(0)

    # Hand 2, on Bob's phone too: the phone remembers Ann records on it (no tap for that).
    bob = bobs_phone(browser, live_server)
    bob.set_viewport_size(PHONE_390)
    bob.goto(url)
    expect(alice.locator("#record .choose-recorder input[value='0']")).to_be_checked()
    _record_hand(alice, 1, {0: {"held": 7}, 2: {"held": 3}})
    expect(alice.locator("#record h2")).to_have_text("Record hand 3")
    waiting = bob.locator("#board #unconfirmed")
    expect(waiting).to_contain_text("hand 2", timeout=WITHIN)
    # An open game cannot end while a hand waits: the board says so instead of offering it.
    expect(alice.locator("#game-end")).to_contain_text("once every hand is confirmed")
    expect(alice.get_by_role("button", name="End the game here")).to_have_count(0)
    waiting.get_by_role("button", name="Confirmed by Cy").click()
    expect(bob.locator("#board .confirmed-flash")).to_have_text("Hand 2 confirmed by Cy.")
    # Alice's phone, not reloaded, catches up: nothing waits, and the game can end.
    expect(alice.locator("#board #unconfirmed")).to_have_count(0, timeout=WITHIN)
    expect(alice.get_by_role("button", name="End the game here")).to_be_visible()
    confirms = Entry.objects.filter(game=game, kind="confirm").order_by("id")
    assert [(e.seat, e.recorded_by.username) for e in confirms] == [(1, "alice"), (2, "bob")]
    assert scoreboard.game_standings(game).unconfirmed == []
    assert alice.evaluate("document.documentElement.scrollWidth") <= 390
    bob.context.close()
