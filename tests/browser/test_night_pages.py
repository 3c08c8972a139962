"""A night on a phone: sitting players down, starting a game, and whether thumbs and eyes can use it."""

from __future__ import annotations

import os
import re
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from scorekeeper.games import services as game_services
from scorekeeper.models import Game, Night
from scorekeeper.nights.demo import SAMPLE_DEALS
from tests.browser.conftest import CHROMIUM
from tests.factories import GameFactory, PlayerFactory

pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"no Chromium at {CHROMIUM}")

TAP = 44  # px: the smallest tap target we allow
LONG_NAMES = ["Alexandrina", "Christopher", "Maximilian", "Bartholomew", "Genevieve"]
# The Sample Score Card's seventh deal: Mary wins on 40.
DEAL_7 = {
    "went_out": 0,
    "hands": [{"seat": 1, "held": 20}, {"seat": 2, "held": 30}, {"seat": 3, "not_down": True}],
}


def site(page: Page) -> str:
    """The live server's root, from the page the fixture left us on."""
    match = re.match(r"https?://[^/]+", page.url)
    assert match
    return match.group(0)


def add_player(page: Page, name: str, *, press_enter: bool = False) -> None:
    field = page.locator("#players input[name=name][type=text]")
    field.fill(name)
    if press_enter:
        field.press("Enter")
    else:
        page.get_by_role("button", name="Add player").click()
    expect(page.locator("#players summary.chip", has_text=name)).to_be_visible()


def too_small(targets: Locator) -> list[str]:
    """The visible targets less than TAP px wide or high, described."""
    small = []
    for i in range(targets.count()):
        target = targets.nth(i)
        if not target.is_visible():
            continue
        box = target.bounding_box()
        assert box is not None
        if box["width"] < TAP - 0.5 or box["height"] < TAP - 0.5:
            label = target.get_attribute("aria-label") or target.inner_text().strip()
            small.append(f"{label!r} {box['width']:.0f}x{box['height']:.0f}")
    return small


def luminance(rgb: tuple[float, ...]) -> float:
    def channel(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(one: tuple[float, ...], other: tuple[float, ...]) -> float:
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


# Each text in the header: its colour (alpha and opacity folded in) and the bar's background.
HEADER_COLOURS = """() => {
  const rgba = s => s.match(/[\\d.]+/g).map(Number);
  const bar = document.querySelector('header.topbar');
  const bg = rgba(getComputedStyle(bar).backgroundColor);
  const texts = [...bar.querySelectorAll('a, button, span')].filter(e => e.innerText.trim());
  return texts.map(e => {
    let alpha = 1;
    for (let n = e; n && n !== bar.parentNode; n = n.parentNode) alpha *= +getComputedStyle(n).opacity;
    const fg = rgba(getComputedStyle(e).color);
    alpha *= fg.length > 3 ? fg[3] : 1;
    return {text: e.innerText.trim(), fg: fg.slice(0, 3).map((c, i) => alpha * c + (1 - alpha) * bg[i]), bg};
  });
}"""


# Sitting players down ---------------------------------------------------------------------------


def test_players_are_added_without_the_keyboard_closing(signed_in: Page, night: Night) -> None:
    page = signed_in
    PlayerFactory(owner=night.owner, name="Zed")
    page.goto(site(page) + night.get_absolute_url())
    name = page.locator("#players input[name=name][type=text]")
    expect(name).not_to_be_focused()  # the first load does not pop the keyboard up
    add_player(page, "Mary")
    expect(name).to_be_focused()
    add_player(page, "Tom", press_enter=True)  # the keyboard's own "Go"
    expect(name).to_be_focused()
    add_player(page, "Dick")
    expect(name).to_be_focused()
    assert page.locator("#players summary.chip").all_inner_texts() == ["Mary", "Tom", "Dick"]
    # Zed is one tap away, and tapping him does not bring the keyboard up.
    page.get_by_role("button", name="Sit Zed down").click()
    expect(page.locator("#players summary.chip", has_text="Zed")).to_be_visible()
    expect(name).not_to_be_focused()
    expect(page.get_by_role("button", name="Sit Zed down")).to_have_count(0)


def test_a_night_is_set_up_in_the_order_people_do_it(signed_in: Page, night: Night) -> None:
    page = signed_in
    page.goto(site(page) + night.get_absolute_url())
    # The table comes before the games, and no game is offered to an empty table.
    assert page.locator("#players").bounding_box()["y"] < page.locator("#games").bounding_box()["y"]  # type: ignore[index]
    expect(page.get_by_text("Add the players at the table first")).to_be_visible()
    expect(page.get_by_role("link", name="Bridge Rummy")).to_have_count(0)
    for name in ("Mary", "Tom", "Dick", "Harry"):
        add_player(page, name)
    # Harry is renamed: tap his chip, give the new name.
    page.locator("#players summary.chip", has_text="Harry").click()
    page.get_by_label("New name for Harry").fill("Harriet")
    page.get_by_role("button", name="Rename").click()
    expect(page.locator("#players summary.chip")).to_have_text(["Mary", "Tom", "Dick", "Harriet"])
    # A name already taken is refused beside that player, nothing changed.
    page.locator("#players summary.chip", has_text="Dick").click()
    page.get_by_label("New name for Dick").fill("tom")
    page.get_by_role("button", name="Rename").click()
    expect(page.locator("#players details[open] .errorlist")).to_have_text(
        "There is already a player called tom."
    )
    expect(page.locator("#players summary.chip")).to_have_text(["Mary", "Tom", "Dick", "Harriet"])
    # Harriet goes home: off the table, still one tap from sitting down again.
    page.locator("#players summary.chip", has_text="Harriet").click()
    page.get_by_role("button", name="Take Harriet off the table").click()
    expect(page.locator("#players summary.chip")).to_have_text(["Mary", "Tom", "Dick"])
    expect(page.get_by_role("button", name="Sit Harriet down")).to_be_visible()

    # A game started by mistake goes again while nothing is recorded in it.
    page.get_by_role("link", name="Brummy").first.click()
    page.get_by_role("button", name="Start Brummy").click()
    expect(page.locator("#board h1")).to_have_text("Game 1: Brummy")
    page.on("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Remove this game").click()
    expect(page).to_have_url(site(page) + night.get_absolute_url())
    expect(page.get_by_text("No games yet.")).to_be_visible()


def test_a_game_starts_with_the_table_in_its_seats(signed_in: Page, night: Night) -> None:
    page = signed_in
    page.goto(site(page) + night.get_absolute_url())
    for name in ("Mary", "Tom", "Dick"):
        add_player(page, name)
    page.get_by_role("link", name="Bridge Rummy").click()
    seats = [page.locator(f"select[name=seat_{i}] option:checked").inner_text() for i in range(5)]
    assert seats == ["Mary", "Tom", "Dick", "—", "—"]

    # "House rules" looks and works like a control: a bordered bar with a chevron.
    rules = page.locator("details.house-rules > summary")
    box = rules.bounding_box()
    assert box is not None and box["height"] >= TAP
    look = rules.evaluate(
        """s => ({border: getComputedStyle(s).borderTopWidth, marker: getComputedStyle(s).listStyleType,
                  chevron: getComputedStyle(s, '::after').borderRightWidth,
                  content: getComputedStyle(s, '::after').content})"""
    )
    assert look["border"] != "0px" and look["marker"] == "none"
    assert look["content"] == '""' and look["chevron"] == "2px"
    expect(page.get_by_label("Round then double")).not_to_be_visible()
    rules.click()
    expect(page.get_by_label("Round then double")).to_be_visible()
    assert too_small(page.locator("details.house-rules label:has(input[type=checkbox])")) == []

    page.get_by_role("button", name="Start Bridge Rummy").click()
    expect(page.locator("#board thead th:not(:first-child)")).to_have_text(["Mary", "Tom", "Dick"])


def test_a_game_for_fewer_than_the_table_starts_in_two_taps(signed_in: Page, night: Night) -> None:
    """Issue 26: Treikort at a table of four left its three seats empty (8 taps to start); a
    player taken off the table was still offered in the seat menus."""
    page = signed_in
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(site(page) + night.get_absolute_url())
    for name in ("Ann", "Ben", "Cy", "Di", "Ed"):
        add_player(page, name)
    page.locator("#players summary.chip", has_text="Ed").click()
    page.get_by_role("button", name="Take Ed off the table").click()
    expect(page.locator("#players summary.chip")).to_have_text(["Ann", "Ben", "Cy", "Di"])
    page.get_by_role("link", name="Treikort").click()
    expect(page.get_by_text("Treikort is for 3 players.")).to_be_visible()
    menu = page.locator("select[name=seat_0] option")
    expect(menu).to_have_text(["—", "Ann", "Ben", "Cy", "Di"])
    page.get_by_role("button", name="Start Treikort").click()
    expect(page.locator("#board thead th:not(:first-child)")).to_have_text(["Ann", "Ben", "Cy"])


# Thumbs and eyes --------------------------------------------------------------------------------


def test_card_picker_keys_and_page_controls_are_a_thumb_wide(
    signed_in: Page, bridge_game: Game
) -> None:
    page = signed_in
    for width in (320, 390):
        page.set_viewport_size({"width": width, "height": 700})
        page.goto(site(page) + bridge_game.get_absolute_url())
        tom = page.locator('fieldset.hand[data-seat="1"]')
        tom.get_by_label("Cards", exact=True).check()
        keys = tom.locator(".picker button")
        assert keys.count() == 52 + 2  # the whole pack at once, joker and backspace
        assert too_small(keys) == [], f"at {width} px"
        controls = page.locator("header a, header button, .crumbs a, .tile span, .segmented span")
        assert too_small(controls) == [], f"at {width} px"
        assert page.evaluate("document.documentElement.scrollWidth") <= width


def test_grid_cells_and_keys_are_a_thumb_wide(signed_in: Page, night: Night) -> None:
    page = signed_in
    game = GameFactory(night=night, slug="brummagem", players=["Mary", "Tom"])
    page.set_viewport_size({"width": 320, "height": 700})
    page.goto(site(page) + game.get_absolute_url())
    keys = page.locator('fieldset.hand[data-seat="0"] .grid-entry button')
    assert keys.count() == 12 + 52 + 1  # cells, the whole pack and "empty the cell"
    assert too_small(keys) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 320


def test_the_pages_controls_are_a_thumb_high(signed_in: Page, night: Night, carol: Any) -> None:
    page = signed_in
    GameFactory(night=night)
    night.recorders.add(carol)
    PlayerFactory(owner=night.owner, name="Zed")
    targets = "main button, main a.button, main select, main input[type=text], main summary"
    for url in ("/", night.get_absolute_url(), "/accounts/login/"):
        page.goto(site(page) + url)
        links = page.locator(f"{targets}, .nights a, .games a, .crumbs a, header a, header button")
        assert too_small(links) == [], url


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_header_text_stands_out_from_its_bar(signed_in: Page, scheme: str) -> None:
    page = signed_in
    page.emulate_media(color_scheme=scheme)
    page.reload()
    texts = page.evaluate(HEADER_COLOURS)
    assert {t["text"] for t in texts} >= {"♠ Scorekeeper", "alice", "Sign out"}
    faint = [
        f"{t['text']}: {contrast(t['fg'], t['bg']):.2f}"
        for t in texts
        if contrast(t["fg"], t["bg"]) < 4.5
    ]
    assert faint == []


def test_five_long_names_can_all_be_read_on_a_320_px_phone(
    signed_in: Page, night: Night, alice: Any
) -> None:
    page = signed_in
    game = GameFactory(night=night, players=LONG_NAMES)
    # Alexandrina went out; Christopher never went down: the widest numbers a deal makes.
    hands = [{"seat": 1, "not_down": True}] + [{"seat": s, "held": 99} for s in (2, 3, 4)]
    game_services.deal_record(game=game, by=alice, data={"went_out": 0, "hands": hands})
    page.set_viewport_size({"width": 320, "height": 700})
    page.goto(site(page) + game.get_absolute_url())
    headers = page.locator("#board > table.tally thead th")
    assert [text.split("\n")[0] for text in headers.all_inner_texts()[1:]] == LONG_NAMES
    cut = page.locator("#board > table.tally th, #board > table.tally td").evaluate_all(
        "cells => cells.filter(c => c.scrollWidth > c.clientWidth + 1).map(c => c.innerText)"
    )
    assert cut == []  # no name (or number) runs out of its column or ends in "…"
    assert page.evaluate("document.documentElement.scrollWidth") <= 320


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_winner_is_bold_with_a_badge_not_underlined(
    signed_in: Page, bridge_game: Game, alice: Any, scheme: str
) -> None:
    for deal in (*SAMPLE_DEALS, DEAL_7):
        game_services.deal_record(game=bridge_game, by=alice, data=deal)
    page = signed_in
    page.emulate_media(color_scheme=scheme)
    page.goto(site(page) + bridge_game.get_absolute_url())
    mary = page.locator("#board thead th.winner")
    expect(mary).to_contain_text("Mary")
    look = mary.evaluate(
        "e => ({line: getComputedStyle(e).textDecorationLine, weight: getComputedStyle(e).fontWeight})"
    )
    assert look == {"line": "none", "weight": "700"}
    badge = mary.locator(".badge")
    expect(badge).to_have_text("won")
    colours = badge.evaluate(
        "e => [getComputedStyle(e).color, getComputedStyle(e).backgroundColor]"
        ".map(c => c.match(/[\\d.]+/g).slice(0, 3).map(Number))"
    )
    assert contrast(*colours) >= 4.5
    assert (
        page.locator("#board tfoot td.winner").evaluate(
            "e => getComputedStyle(e).textDecorationLine"
        )
        == "none"
    )
    page.goto(site(page) + "/")
    expect(page.locator(".games .won")).to_have_text("♛ Mary won")


# Who can record ---------------------------------------------------------------------------------


def test_the_owner_removes_a_recorder_after_saying_yes(
    signed_in: Page, night: Night, carol: Any
) -> None:
    page = signed_in
    night.recorders.add(carol)
    page.goto(site(page) + night.get_absolute_url())
    recorders = page.locator("#recorders .people li")
    expect(recorders).to_have_count(3)
    page.once("dialog", lambda dialog: dialog.dismiss())
    page.get_by_role("button", name="Remove bob").click()
    expect(recorders).to_have_count(3)  # said no: nothing changes
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Remove bob").click()
    expect(recorders).to_have_count(2)
    expect(page.locator("#recorders")).not_to_contain_text("bob")
    assert list(night.recorders.all()) == [carol]
