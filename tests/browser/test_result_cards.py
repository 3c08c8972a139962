"""A result card on a phone (390x844): the game's and the night's result drawn as a PNG by the
phone, handed to the share sheet where the browser has one, saved where it has not."""

from __future__ import annotations

import struct
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from scorekeeper.games import services as game_services
from tests.factories import GameFactory, NightFactory

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
