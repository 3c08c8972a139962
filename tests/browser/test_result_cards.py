"""A result card on a phone (390x844): the game's and the night's result drawn as a PNG by the
phone, handed to the share sheet where the browser has one, saved where it has not; every
card's lines measured as the browser draws them."""

from __future__ import annotations

import struct
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from scorekeeper.games import services as game_services
from scorekeeper.standings import result_cards
from tests.factories import GameFactory, NightFactory
from tests.scorekeeper.standings.test_result_cards import (
    LONG_NAMES,
    LONG_PLACE,
    ended_rummy,
    played,
    the_issues_night,
)

PHONE = {"width": 390, "height": 844}
PNG = b"\x89PNG\r\n\x1a\n"

# The share sheet, as a phone's browser offers it: what it is handed is kept for the test.
SHARE_SHEET = """
navigator.canShare = (data) => Boolean(data && data.files && data.files.length);
navigator.share = async (data) => {
  const file = data.files[0];
  const bytes = new Uint8Array(await file.arrayBuffer());
  window.sharedCard = {name: file.name, type: file.type, bytes: Array.from(bytes.slice(0, 24))};
};
"""


def size_of(head: bytes) -> tuple[int, int]:
    """A PNG's width and height, from its header."""
    assert head[:8] == PNG
    width, height = struct.unpack(">II", head[16:24])
    return width, height


def test_a_game_card_is_shared_and_a_night_card_saved_as_png(
    signed_in: Page, live_server: Any, alice: Any, tmp_path: Path
) -> None:
    page = signed_in
    page.set_viewport_size(PHONE)
    night = NightFactory(owner=alice, place="The Anchor")
    game = GameFactory(night=night, slug="rummy", players=["Ann", "Bob", "Cy"])
    hands = [{"seat": 0, "held": 12}, {"seat": 2, "held": 30}]
    game_services.deal_record(game=game, by=alice, data={"went_out": 1, "hands": hands})
    game_services.game_end(game=game, by=alice)

    # Where the browser can share files: the square picture goes to the share sheet as a PNG.
    page.add_init_script(SHARE_SHEET)
    page.goto(f"{live_server.url}{game.get_absolute_url()}")
    card = page.locator("[data-result-card]")
    card.get_by_role("button", name="Square picture").click()
    expect(card.locator(".result-card-status")).to_have_text("Shared.")
    shared = page.evaluate("window.sharedCard")
    assert (shared["name"], shared["type"]) == ("rummy-square.png", "image/png")
    assert size_of(bytes(shared["bytes"])) == (1080, 1080)
    box = card.bounding_box()
    assert box is not None and box["x"] + box["width"] <= PHONE["width"]

    # Where it cannot: the wide picture of the night is saved instead.
    page.add_init_script("navigator.canShare = undefined;")
    page.goto(f"{live_server.url}{night.get_absolute_url()}")
    with page.expect_download() as saving:
        page.get_by_role("button", name="Wide picture").click()
    saved = saving.value
    assert saved.suggested_filename == "game-night-wide.png"
    path = tmp_path / saved.suggested_filename
    saved.save_as(path)
    assert size_of(path.read_bytes()[:24]) == (1200, 630)
    expect(page.locator(".result-card-status")).to_have_text("Saved as game-night-wide.png.")


# Each text of a card as drawn: its box in the picture's own units (getBBox), its advance
# (getComputedTextLength), and whether it is a figure anchored at its right end.
DRAWN = """svg => [...svg.querySelectorAll('text')].map(t => {
    const box = t.getBBox();
    return {text: t.textContent, x: box.x, y: box.y, w: box.width, h: box.height,
            length: t.getComputedTextLength(), end: t.getAttribute('text-anchor') === 'end'};
})"""


def _measured(page: Page, url: str) -> tuple[list[dict[str, Any]], float, float]:
    page.goto(url)
    svg = page.locator("svg")
    width, height = (float(svg.get_attribute(side) or 0) for side in ("width", "height"))
    return svg.evaluate(DRAWN), width, height


def _assert_fits(drawn: list[dict[str, Any]], width: float, height: float, what: str) -> None:
    """Every text inside the margins as the browser draws it, none over another."""
    margin = result_cards.MARGIN - 1.5  # a box's edges fall on whole pixels
    for t in drawn:
        assert abs(t["length"] - t["w"]) < 2, t  # one line, drawn at its advance
        assert t["x"] >= margin and t["x"] + t["w"] <= width - margin, (what, t)
        assert t["y"] >= 24 and t["y"] + t["h"] <= height - 24, (what, t)
    for i, a in enumerate(drawn):
        for b in drawn[i + 1 :]:
            apart = (
                a["x"] + a["w"] <= b["x"]
                or b["x"] + b["w"] <= a["x"]
                or a["y"] + a["h"] <= b["y"] + 0.5
                or b["y"] + b["h"] <= a["y"] + 0.5
            )
            assert apart, (what, a, b)


def _emptiest_band(drawn: list[dict[str, Any]], height: float) -> float:
    """The tallest band across the picture with no text in it, as a share of its height."""
    reach, gap = 0.0, 0.0
    for t in sorted(drawn, key=lambda t: t["y"]):
        gap = max(gap, t["y"] - reach)
        reach = max(reach, t["y"] + t["h"])
    return max(gap, height - reach) / height


def test_every_card_fits_its_box_as_the_browser_draws_it(
    signed_in: Page, live_server: Any, alice: Any, tmp_path: Path
) -> None:
    """Issue 26: the night's card cut its Brus line at "lea…" and left its square about 55 %
    empty. Every kind of card, at both sizes, with short names and the longest, and a night
    of a dozen games: each line measured against the card's box."""
    page = signed_in
    page.set_viewport_size(PHONE)
    night = the_issues_night(alice)
    long_night = NightFactory(owner=alice, place=LONG_PLACE)
    names = LONG_NAMES
    long_games = [
        played(long_night, alice, "voormsi", [names[1], names[0], names[3], names[2]]),
        played(long_night, alice, "treikort", names[:3]),
        played(long_night, alice, "brus", names, deals=4),
    ]
    for winner in range(9):
        ended_rummy(long_night, alice, names[:3], winner=winner % 3)
    cards = [(f"/nights/{night.pk}/result-card.svg", "the issue's night")]
    cards += [(f"/games/{g.pk}/result-card.svg", g.slug) for g in night.games.order_by("number")]
    cards += [(f"/nights/{long_night.pk}/result-card.svg", "a dozen games, long names")]
    cards += [(f"/games/{g.pk}/result-card.svg", f"{g.slug}, long names") for g in long_games]
    for path, what in cards:
        for size in ("square", "wide"):
            drawn, width, height = _measured(page, f"{live_server.url}{path}?size={size}")
            _assert_fits(drawn, width, height, f"{what}, {size}")
            if size == "square" and "long" not in what:
                # A few lines fill the square: no band across it is more than a fifth empty.
                assert _emptiest_band(drawn, height) < 0.2, (what, _emptiest_band(drawn, height))
            page.locator("svg").screenshot(path=tmp_path / f"{what}-{size}.png")

    # The night's card as a person makes it: the button on the night's page, a PNG saved.
    page.add_init_script("navigator.canShare = undefined;")
    page.goto(f"{live_server.url}{night.get_absolute_url()}")
    with page.expect_download() as saving:
        page.get_by_role("button", name="Square picture").click()
    path = tmp_path / "night-square.png"
    saving.value.save_as(path)
    assert size_of(path.read_bytes()[:24]) == (1080, 1080)
    words = " ".join(t["text"] for t in _measured(page, f"{live_server.url}{cards[0][0]}")[0])
    assert "Cy won 2 of 3 finished games" in words
    assert "4. Brus: still going, Ann and Cy level with Ben and Di on 2" in words
