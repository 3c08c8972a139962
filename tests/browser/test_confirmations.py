"""The other side confirms each hand, at a 390 px phone (issue 21); and a night that starts
asking for confirmations after a game ended, at 360x640 and 390x844 (issue 26).

Ann, Ben and Cy play Rummy on a night that asks for confirmations. Alice's phone is Ann's: she
records hand 1 and hands the phone to Ben, who taps "Confirmed by Ben". Hand 2 is confirmed on
Bob's own phone (Cy's); until it is, the hand is marked on both boards and the game cannot end.
"""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from adjudicator.games import get_game
from scorekeeper.games import services as game_services
from scorekeeper.models import Entry, Game, Night
from scorekeeper.standings import scoreboard
from tests.browser.hands import record_hand, sample_for
from tests.browser.test_deal_form_answers import assert_in_view
from tests.browser.test_rummy import _hand
from tests.browser.test_two_phones import bobs_phone
from tests.factories import GameFactory, NightFactory

PHONE_360 = {"width": 360, "height": 640}
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


# Two phones confirming stay current (issue 26, item 5) -----------------------------------------

SIX = ["Ann", "Ben", "Cy", "Di", "Ed", "Flo"]
PHONES = [{"width": 360, "height": 640}, PHONE_390]
SHOTS = Path(__file__).resolve().parents[2] / "test-results" / "screenshots"


@pytest.mark.parametrize("phone", PHONES, ids=["360x640", "390x844"])
def test_two_phones_confirming_see_each_others_taps(
    signed_in: Page, browser: Browser, live_server: Any, night: Night, bob: Any, phone: Any
) -> None:
    """Six at Brus, two sides of three. Alice's phone is Ann's and records; Bob's phone is
    another recorder's, where the other side confirms. Each phone sees what the other did
    within a poll (2 s), without a reload: the hand recorded, the hand confirmed."""
    night.confirmations = True
    night.save()
    night.recorders.add(bob)
    game: Game = GameFactory(night=night, slug="brus", players=SIX)
    brus = get_game("brus")
    quick = next(w for w in brus.record(brus.options(), 6).ways if w.key == "quick")
    found = sample_for(brus, 6, quick)
    assert found is not None
    for number in (1, 2):  # two hands of Ann's, still waiting for the other side
        deal = brus.sample_deal(players=6, options=brus.options(), number=number)
        game_services.deal_record(game=game, by=night.owner, data=deal, seat=0)
    url = f"{live_server.url}/games/{game.pk}/"
    alice = signed_in
    alice.set_viewport_size(phone)
    alice.goto(url)
    bob_phone = bobs_phone(browser, live_server)
    bob_phone.set_viewport_size(phone)
    bob_phone.goto(url)
    jump = bob_phone.locator("[data-jump-record] a")
    expect(jump).to_contain_text("Record hand 3")

    # Hand 3, on Alice's phone: Ann records it, and may hand the phone across.
    alice.locator("#record .choose-recorder").get_by_label("Ann", exact=True).check()
    record_hand(alice, brus, quick, found[1], SIX)
    across = alice.locator("#recorded .hand-across")
    expect(across.get_by_role("button")).to_have_text(
        ["Confirmed by Ben", "Confirmed by Di", "Confirmed by Flo"]
    )

    # Bob's phone follows without a reload: its form and the jump to it move on to hand 4
    # (nothing was entered there), and hand 3 waits on its board, its buttons in view; the
    # older hands wait behind one line, not a row of buttons each.
    expect(jump).to_contain_text("Record hand 4", timeout=WITHIN)
    expect(bob_phone.locator("#record h2")).to_have_text("Record hand 4")
    waiting = bob_phone.locator("#unconfirmed")
    newest = waiting.locator("[data-newest]")
    expect(newest).to_contain_text("Hand 3:")
    bob_phone.evaluate("window.scrollTo(0, 0)")
    bob_phone.screenshot(path=str(SHOTS / f"two-phones-waiting-{phone['width']}.png"))
    assert_in_view(bob_phone, newest.get_by_role("button", name="Confirmed by Flo"))
    older = waiting.locator("details.older-waiting")
    expect(older.locator("summary")).to_have_text("Confirm the earlier hands too (1, 2)")
    expect(older.locator("button", has_text="Confirmed by Ben")).to_have_count(2)
    expect(older.locator("button", has_text="Confirmed by Ben").first).to_be_hidden()

    # Bob's phone: Di confirms hand 3.
    newest.get_by_role("button", name="Confirmed by Di").click()
    expect(bob_phone.locator("#board .confirmed-flash")).to_have_text("Hand 3 confirmed by Di.")

    # Alice's phone, not reloaded, stops offering hand 3's buttons within a poll, and says who
    # confirmed it where the buttons were; its board no longer lists hand 3 as waiting.
    said = alice.locator("#recorded .confirmed-flash")
    expect(said).to_have_text("Hand 3 confirmed by Di.", timeout=WITHIN)
    expect(alice.locator("#recorded .hand-across")).to_have_count(0)
    expect(alice.locator("#unconfirmed [data-newest]")).to_contain_text("Hand 2:")
    alice.screenshot(path=str(SHOTS / f"two-phones-confirmed-{phone['width']}.png"))

    # The older hand waits one tap away on Bob's phone; then hand 2 is the one offered.
    older.locator("summary").click()
    older.locator("[data-confirm]").filter(has_text="Confirmed by Ben").last.get_by_role(
        "button", name="Confirmed by Ben"
    ).click()
    expect(bob_phone.locator("#board .confirmed-flash")).to_have_text("Hand 1 confirmed by Ben.")
    expect(bob_phone.locator("#unconfirmed [data-newest]")).to_contain_text("Hand 2:")
    bob_phone.locator("#unconfirmed [data-newest]").get_by_role(
        "button", name="Confirmed by Flo"
    ).click()
    expect(bob_phone.locator("#board .confirmed-flash")).to_have_text("Hand 2 confirmed by Flo.")
    expect(alice.locator("#unconfirmed")).to_have_count(0, timeout=WITHIN)
    assert scoreboard.game_standings(game).unconfirmed == []
    bob_phone.context.close()


def _voormsi_won(night: Night, by: Any) -> Game:
    """Voormsi for Ann, Ben, Cy and Di (Ann and Cy partners), played until it is won."""
    game: Game = GameFactory(night=night, slug="voormsi", players=["Ann", "Ben", "Cy", "Di"])
    definition = get_game("voormsi")
    options = definition.options(game.options)
    for number in range(1, 60):
        data = definition.sample_deal(players=4, options=options, number=number)
        game_services.deal_record(game=game, by=by, data=data)
        if scoreboard.game_standings(game).finished:
            return game
    raise AssertionError("the sample deals never end the game")


def _read(page: Page, base: str, night: Night, won: Game) -> dict[str, str]:
    """What the table reads of its results: the night's games, History, Ratings, the won game's
    status and anything said to wait in it."""
    read = {}
    for name, path, where in (
        ("night", night.get_absolute_url(), "#games ul.games"),
        ("history", "/history/", "main"),
        ("ratings", "/ratings/", "main"),
        ("game", won.get_absolute_url(), "#board"),
    ):
        page.goto(base + path)
        read[name] = page.locator(where).first.inner_text()
    return read


@pytest.mark.parametrize("phone", [PHONE_360, PHONE_390], ids=["360x640", "390x844"])
def test_asking_for_confirmations_after_a_game_ended_changes_nothing_it_settled(
    signed_in: Page, live_server: Any, alice: Any, phone: dict[str, int], tmp_path: Path
) -> None:
    """Issue 26, item 1: one tap turned a won Voormsi game back into "Game over… The game ends
    once the other side confirms hands 1, 2, 3, 4", the night into "still going" and Ratings
    into "No finished games yet". The page says what the tap changes before it; after it, every
    result reads as before, and only the next hand waits."""
    page = signed_in
    page.set_viewport_size(phone)
    night = NightFactory(owner=alice, date=datetime.date(2026, 3, 7))
    won = _voormsi_won(night, alice)
    going: Game = GameFactory(night=night, slug="rummy", players=["Ann", "Ben", "Cy"])
    game_services.deal_record(
        game=going,
        by=alice,
        data={"went_out": 0, "hands": [{"seat": 1, "held": 9}, {"seat": 2, "held": 4}]},
    )
    base = live_server.url
    before = _read(page, base, night, won)
    assert "♛" in before["night"] and "still going" in before["night"]
    assert "No finished games yet" not in before["ratings"]
    assert "Game over" in before["game"]

    # The night's page says what the tap will change, next to the button, before the tap.
    page.goto(base + night.get_absolute_url())
    ask = page.get_by_role("button", name="Ask the other side to confirm each hand")
    ask.scroll_into_view_if_needed()
    said = page.locator("#confirmations-what")
    expect(said).to_have_text(
        "Only hands recorded from now on wait: hands already recorded count as they are, and a "
        "game already over stays over."
    )
    expect(said).to_be_in_viewport()
    expect(ask).to_be_in_viewport()
    page.screenshot(path=str(tmp_path / "before-the-tap.png"))
    ask.click()
    expect(page.get_by_role("button", name="Stop asking for confirmations")).to_be_visible()
    expect(page.locator("#confirmations-what")).to_contain_text("Stopping changes nothing")
    assert page.evaluate("document.documentElement.scrollWidth") <= phone["width"]
    page.screenshot(path=str(tmp_path / "after-the-tap.png"))

    assert _read(page, base, night, won) == before
    page.goto(base + won.get_absolute_url())
    expect(page.locator("#unconfirmed")).to_have_count(0)
    expect(page.locator("#board .unconfirmed-mark")).to_have_count(0)

    # The game still going: its first hand counts as it is; the hand recorded now waits.
    page.goto(base + going.get_absolute_url())
    page.locator("#record .choose-recorder").get_by_label("Ann", exact=True).check()
    _record_hand(page, 1, {0: {"held": 7}, 2: {"held": 3}})
    across = page.locator("#recorded .hand-across")
    expect(across.get_by_role("button")).to_have_text(["Confirmed by Ben", "Confirmed by Cy"])
    expect(page.locator("#board table.tally .unconfirmed-mark")).to_have_count(1)
    expect(page.locator("#board #unconfirmed")).to_contain_text("hand 2")
    expect(page.locator("#board #unconfirmed")).not_to_contain_text("hand 1")
    assert [h.number for h in scoreboard.game_standings(going).unconfirmed] == [2]
