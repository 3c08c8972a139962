"""A game's first screen on a phone (issue 26, found while items 4-7 were done): at 360x640 and
390x844 the table tools take one row above the board, and on a new game the floating "Record
hand 1" button, the docked trick pad, the game's title and the form's Record button never lie
over one another. The boxes are measured, not eyeballed.
"""

from __future__ import annotations

from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from adjudicator.games import get_game
from scorekeeper.games import services as game_services
from scorekeeper.models import Game, Night
from tests.factories import GameFactory

NAMES = ["Ann", "Ben", "Cy", "Di", "Ed", "Flo"]
PHONES = [(360, 640), (390, 844)]
PHONE_IDS = ["360x640", "390x844"]
SHOTS = Path(__file__).resolve().parents[2] / "test-results" / "screenshots"
# A new game of each trick game (the pad floats docked), of the rummy family and of the grids.
NEW_GAMES = [
    ("voormsi", 4),
    ("brus", 4),
    ("brus", 6),
    ("treikort", 3),
    ("alkort", 4),
    ("rummy", 3),
    ("knock-rummy", 4),
    ("brummy", 3),
    ("brummagem", 4),
]

# What a person sees and taps on the first screen: each box [x, y, width, height] if drawn and
# at least partly on the screen, else null. The pad's keys are listed one by one.
BOXES = """() => {
  const box = (el) => {
    if (!el) return null;
    const style = getComputedStyle(el);
    const r = el.getBoundingClientRect();
    if (style.visibility === "hidden" || r.width === 0 || r.height === 0) return null;
    if (r.bottom <= 0 || r.top >= innerHeight) return null;
    return [r.x, r.y, r.width, r.height];
  };
  const dock = document.querySelector(".trick-dock.float");
  return {
    title: box(document.querySelector("#board h1")),
    tools: [...document.querySelectorAll(".crumbs a, .table-tools .button, .wake-toggle")]
      .map(box).filter(Boolean),
    jump: box(document.querySelector("[data-jump-record] a")),
    dock: box(dock),
    keys: dock ? [...dock.querySelectorAll("button")].map(box).filter(Boolean) : [],
    record: box(document.querySelector("#record form [type=submit].primary")),
  };
}"""


def _overlap(one: list[float], other: list[float]) -> bool:
    x, y, w, h = one
    u, v, p, q = other
    return x < u + p - 0.5 and u < x + w - 0.5 and y < v + q - 0.5 and v < y + h - 0.5


def _inside(one: list[float], outer: list[float]) -> bool:
    x, y, w, h = one
    u, v, p, q = outer
    return x >= u - 0.5 and y >= v - 0.5 and x + w <= u + p + 0.5 and y + h <= v + q + 0.5


def _on_screen(box: list[float], size: tuple[int, int]) -> bool:
    x, y, w, h = box
    return x >= 0 and y >= 0 and x + w <= size[0] + 0.5 and y + h <= size[1] + 0.5


def _apart(boxes: dict[str, Any]) -> list[tuple[str, str]]:
    """The pairs of controls (and the title) drawn over one another."""
    named = [(name, boxes[name]) for name in ("title", "jump", "dock", "record") if boxes[name]]
    named += [(f"tool {i}", b) for i, b in enumerate(boxes["tools"])]
    return [(a, b) for (a, one), (b, other) in combinations(named, 2) if _overlap(one, other)]


def _open(page: Page, game: Game, size: tuple[int, int]) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"{page.url.split('/games/')[0].rstrip('/')}/games/{game.pk}/")
    expect(page.locator("#board h1")).to_be_visible()


@pytest.mark.parametrize("size", PHONES, ids=PHONE_IDS)
@pytest.mark.parametrize(("slug", "players"), NEW_GAMES, ids=[f"{s}-{n}" for s, n in NEW_GAMES])
def test_on_a_new_game_no_control_lies_over_another_or_the_title(
    signed_in: Page, night: Night, slug: str, players: int, size: tuple[int, int]
) -> None:
    """The floating "Record hand 1 ↓" sat just above the docked pad, over the game's title (and
    the pad over the title itself at 360x640). While the pad floats docked, the jump is not
    shown: the pad is the form's entry, in view; the Record button shows above it at the foot."""
    game: Game = GameFactory(night=night, slug=slug, players=NAMES[:players])
    page = signed_in
    _open(page, game, size)
    trick_game = page.locator("[data-tricks]").count() > 0
    if trick_game:
        expect(page.locator(".trick-dock.float")).to_be_visible()
        expect(page.locator("[data-jump-record] a")).to_be_hidden()
    page.wait_for_timeout(100)  # the jump placed after the first frame
    boxes = page.evaluate(BOXES)
    assert boxes["title"] and _on_screen(boxes["title"], size), boxes["title"]
    assert not _apart(boxes), (_apart(boxes), boxes)
    if trick_game:
        assert boxes["keys"] and all(_on_screen(k, size) for k in boxes["keys"])
        assert all(_inside(k, boxes["dock"]) for k in boxes["keys"])
        assert not [p for p in combinations(boxes["keys"], 2) if _overlap(*p)]
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"first-screen-{slug}-{players}-{size[0]}.png"))

    # At the foot of the page the Record button is in view, with nothing over it.
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    page.wait_for_timeout(100)
    boxes = page.evaluate(BOXES)
    assert boxes["record"] and _on_screen(boxes["record"], size), boxes["record"]
    assert not [pair for pair in _apart(boxes) if "record" in pair], boxes


def test_a_trick_game_recorded_quickly_gets_its_jump_back(signed_in: Page, night: Night) -> None:
    """The jump is hidden only while the pad floats: the quick way of recording folds the pad
    away, and the jump to the form is there again."""
    game: Game = GameFactory(night=night, slug="treikort", players=NAMES[:3])
    page = signed_in
    _open(page, game, (360, 640))
    jump = page.locator("[data-jump-record] a")
    expect(jump).to_be_hidden()
    page.locator("#record").scroll_into_view_if_needed()
    page.locator('input[name="way"][value="quick"]').check()
    expect(page.locator(".trick-dock.float")).to_be_hidden()
    page.evaluate("window.scrollTo(0, 0)")
    expect(jump).to_be_visible()
    boxes = page.evaluate(BOXES)
    assert not _apart(boxes), boxes


TOOLS = """() => {
  const tools = document.querySelector(".table-tools").getBoundingClientRect();
  const board = document.querySelector("#board").getBoundingClientRect();
  const total = document.querySelector("#board table.tally tfoot").getBoundingClientRect();
  return {tools: tools.height, board: board.top, total: total.bottom};
}"""


def _played(night: Night, slug: str, players: int, hands: int) -> Game:
    game: Game = GameFactory(night=night, slug=slug, players=NAMES[:players])
    definition = get_game(slug)
    for number in range(1, hands + 1):
        deal = definition.sample_deal(players=players, options=definition.options(), number=number)
        game_services.deal_record(game=game, by=night.owner, data=deal)
    return game


@pytest.mark.parametrize("size", PHONES, ids=PHONE_IDS)
def test_the_table_tools_take_one_row_and_the_totals_are_on_the_first_screen(
    signed_in: Page, night: Night, size: tuple[int, int]
) -> None:
    """ "Big screen", "Keep the screen awake" and its sentence took three rows (about 170 px,
    the board starting 265 px down a 360x640 screen), which pushed a game's totals below the
    first screen. They take one row; the sentence that only repeats the ticked box is said to
    screen readers, not drawn. (Before: 156 px at 360x640, the board at 264; 83 px at 390x844.)"""
    game = _played(night, "knock-rummy", 4, hands=4)
    page = signed_in
    _open(page, game, size)
    box = page.locator("[data-wake-lock]")
    expect(box).to_have_attribute("data-state", "on")  # Chromium headless grants the lock
    status = page.locator("[data-wake-lock-status]")
    expect(status).to_have_text("The screen stays awake while this game is open.")
    expect(status).to_have_attribute("role", "status")
    measured = page.evaluate(TOOLS)
    assert measured["total"] <= size[1], measured  # four hands' totals on the first screen
    assert measured["total"] <= size[1], measured  # four hands' totals on the first screen
    assert measured["tools"] <= 48, measured  # one row of 44 px controls
    assert measured["board"] <= 160, measured
    tools = page.locator(".table-tools")
    expect(tools.get_by_role("link", name="Big screen")).to_be_in_viewport(ratio=1)
    expect(tools.get_by_label("Keep the screen awake")).to_be_in_viewport(ratio=1)
    assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"first-screen-under-way-{size[0]}.png"))


def test_a_screen_that_cannot_be_kept_awake_is_said_on_the_page(
    signed_in: Page, night: Night
) -> None:
    """What the box cannot say (the phone refused the lock) still shows under the tools."""
    game = _played(night, "knock-rummy", 4, hands=1)
    page = signed_in
    page.add_init_script(
        "navigator.wakeLock.request = () => Promise.reject(new DOMException('no', 'NotAllowedError'))"
    )
    _open(page, game, (360, 640))
    status = page.locator("[data-wake-lock-status]")
    expect(status).to_contain_text("Could not keep the screen awake (NotAllowedError)")
    expect(status).to_be_in_viewport(ratio=1)
    assert (status.bounding_box() or {}).get("width", 0) > 100  # drawn, not only said
