"""Long words do not break the pages: every main page in Swedish, Danish and Icelandic at 320
and 360 px, with a full night behind it, has no sideways scrolling, no button whose text is
clipped and no label cut; the header with the language switch fits. Measured, and a picture of
each page kept in test-results/languages/ for people to look at."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from playwright.sync_api import Page

from tests.browser.conftest import picture
from tests.browser.test_narrow import OVERFLOWING, long_names_night, main_pages

WIDTHS = (320, 360)
PICTURES = Path(settings.BASE_DIR) / "test-results" / "languages"

# Every button, button-like link, tab and label shown: its text must fit in its box.
CLIPPED = """() => [...document.querySelectorAll(
        'button, a.button, summary, label, .tile span, .segmented span, legend, th')]
    .filter(el => el.offsetParent !== null && !el.closest('details:not([open]) > :not(summary)'))
    .filter(el => getComputedStyle(el).overflowX !== 'visible' || el.matches('button, a.button'))
    .filter(el => el.scrollWidth > el.clientWidth + 1)
    .map(el => el.tagName.toLowerCase() + ' ' + (el.textContent || '').trim().slice(0, 40))"""


@pytest.mark.parametrize("language", ["sv", "da", "is"])
def test_every_main_page_fits_a_narrow_phone_in_each_language(
    signed_in: Page, alice: Any, language: str
) -> None:
    night, voormsi, hand, ruling, mary, tom = long_names_night(alice)
    page = signed_in
    base = page.url.rstrip("/")
    # This phone's choice of language (the switch's cookie), as a person's tap would leave it.
    page.context.add_cookies(
        [{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": base}]
    )
    pages = main_pages(night, voormsi, hand, ruling, mary, tom)
    PICTURES.mkdir(parents=True, exist_ok=True)
    wide, clipped = {}, {}
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 700})
        for name, path in pages.items():
            response = page.goto(base + path)
            assert response is not None and response.ok, path
            assert page.evaluate("document.documentElement.lang") == language, path
            scroll = page.evaluate("document.documentElement.scrollWidth")
            # Against the width set: a mobile browser widens its layout viewport (innerWidth) to
            # fit what overflows, so innerWidth would hide the very overflow measured here.
            if scroll > width:
                wide[f"{name}@{width}"] = (scroll, page.evaluate(OVERFLOWING)[:5])
            cut = page.evaluate(CLIPPED)
            if cut:
                clipped[f"{name}@{width}"] = cut[:5]
            picture(page, PICTURES / f"{language}-{width}-{name}.png")
    assert wide == {}
    assert clipped == {}
