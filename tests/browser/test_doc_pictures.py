"""The docs' pictures (issue 30): taken from the demo night on a 390 px phone, written where the
docs read them (docs/images/), so that a change to a page changes its picture in the same run.

The demo night is loaded on a fixed date, and the phone's zone and language are fixed, so that
a picture changes only when its page does. Each is kept as a palette PNG (Pillow), and only
written when it changed in a way a person could see. Each step checks that the page shows what the docs' caption says
before its picture is taken; the size of every file is held under the docs' budget.
"""

from __future__ import annotations

import io
import os
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from PIL import Image, ImageChops
from playwright.sync_api import Browser, Locator, Page, expect

from scorekeeper.models import Game
from tests.browser.conftest import sign_in
from tests.browser.demo import enter_deal_7, record_deal_7

IMAGES = Path(__file__).resolve().parents[2] / "docs" / "images"
DEMO_DATE = "2026-11-28"
PHONE_390 = {"width": 390, "height": 844}
BUDGET = 150_000  # bytes a picture, at most
# Where each picture is read, and what its caption says it shows (docs/players.md, README.md).
PICTURES = {
    "board-light.png": "the live board of the demo game, after deal 6 of 7, on a 390 px phone",
    "board-dark.png": "the same board in dark mode",
    "record-a-hand.png": "deal 7 being recorded: who went out, a held count, cards picked",
    "hand-recorded.png": "the answer to the last deal: the game over, the ratings it moved",
    "dispute-answered.png": "Dispute this deal on deal 6: the desk's answer, line by line",
}


def band(page: Page, *parts: Locator, pad: int = 12) -> dict[str, float]:
    """The page's whole width, from the top of the first part to the foot of the last (in the
    page's coordinates, as a full-page picture's ``clip`` takes them)."""
    scroll_y = page.evaluate("window.scrollY")
    boxes = [part.bounding_box() for part in parts]
    assert all(boxes), parts
    top = min(box["y"] for box in boxes if box) + scroll_y - pad
    foot = max(box["y"] + box["height"] for box in boxes if box) + scroll_y + pad
    return {"x": 0, "y": max(top, 0), "width": PHONE_390["width"], "height": foot - max(top, 0)}


def looks_the_same(kept: Image.Image, taken: Image.Image) -> bool:
    """Whether a person could tell the two apart: the same size, and no pixel more than a few
    levels off (the chart's antialiasing has come out 4 levels off in 26 pixels between two
    runs, which would rewrite the file with nothing to see)."""
    if kept.size != taken.size:
        return False
    difference = ImageChops.difference(kept.convert("RGB"), taken.convert("RGB"))
    return max(high for _low, high in difference.getextrema()) <= 8


def keep(page_or_part: Page | Locator, name: str, clip: dict[str, float] | None = None) -> None:
    """Take the picture and keep it as a palette PNG, written only when it changed (an atomic
    replace: the SQLite and PostgreSQL passes may run side by side)."""
    assert name in PICTURES, name
    if clip:
        assert isinstance(page_or_part, Page)
        shot = page_or_part.screenshot(
            animations="disabled", caret="hide", full_page=True, clip=clip
        )
    else:
        shot = page_or_part.screenshot(animations="disabled", caret="hide")
    image = Image.open(io.BytesIO(shot)).convert("RGB")
    small = image.quantize(colors=128, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    out = io.BytesIO()
    small.save(out, format="PNG", optimize=True)
    data = out.getvalue()
    assert image.width <= PHONE_390["width"], (name, image.width)
    assert len(data) <= BUDGET, (name, len(data))
    IMAGES.mkdir(parents=True, exist_ok=True)
    path = IMAGES / name
    if path.exists() and looks_the_same(Image.open(path), small):
        return
    partial = path.with_name(f".{name}.{os.getpid()}")
    partial.write_bytes(data)
    os.replace(partial, path)


@pytest.fixture
def phone(browser: Browser, live_server: Any, transactional_db: Any) -> Any:
    """The demo night (``manage.py load_demo``, as ``./dev start`` loads it), and a phone
    signed in as demo, its zone and language fixed."""
    call_command("load_demo", "--date", DEMO_DATE, stdout=io.StringIO())
    context = browser.new_context(
        viewport=PHONE_390,
        has_touch=True,
        is_mobile=True,
        locale="en-GB",
        timezone_id="Europe/London",
    )
    page = context.new_page()
    sign_in(page, live_server.url, "demo", "demo")
    yield page
    context.close()


def test_the_docs_pictures_of_the_demo_night(phone: Page, live_server: Any) -> None:
    page = phone
    game = Game.objects.get()
    page.goto(f"{live_server.url}/games/{game.pk}/")

    # The live board: what the phone's first screen shows, light and dark.
    board = page.locator("#board")
    expect(board).to_contain_text("After deal 6 of 7: Mary lowest on 160.")
    expect(board.locator("tfoot")).to_contain_text("160")
    keep(page, "board-light.png")
    page.emulate_media(color_scheme="dark")
    page.evaluate("window.scrollTo(0, 0)")
    keep(page, "board-dark.png")
    page.emulate_media(color_scheme="light")

    # Deal 7 being recorded: Tom went out, Mary's held count, Dick's cards on the picker.
    enter_deal_7(page)
    page.evaluate("document.activeElement && document.activeElement.blur()")
    keep(page.locator("#record"), "record-a-hand.png")

    # Recorded: the answer where the form was, the game over, the ratings it moved.
    record_deal_7(page)
    answer = page.locator("#recorded")
    ratings = page.locator("section", has_text="What this game did to the ratings")
    expect(ratings).to_contain_text("Tom 0.0 → 3.0")
    keep(page, "hand-recorded.png", clip=band(page, answer, ratings))

    # A dispute: deal 6 opened on the desk, its entries filled in, already answered.
    deal = page.locator("#board .deal").nth(5)
    deal.locator("summary").click()
    deal.get_by_role("link", name="Dispute this deal").click()
    expect(page.locator(".dispute-hand")).to_contain_text("Disputing deal 6 of")
    desk = page.locator("#desk-answer")
    expect(desk).to_contain_text("held 39 → 40: 6 or more rounds up")
    expect(desk.get_by_role("button", name="Save this ruling about deal 6")).to_be_visible()
    keep(page, "dispute-answered.png", clip=band(page, desk))

    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_390["width"]
