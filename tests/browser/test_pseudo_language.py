"""No English a player can read is left unmarked: every main page of a full night, its
scripts' widgets opened, shown in a made-up language (:mod:`tests.pseudo`, every catalog's
sentence accented and longer) has no plain English word in its text, its labels, its
placeholders or its titles. A word that never went through a catalog shows up here."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.conf import settings
from playwright.sync_api import Page

from tests import pseudo
from tests.browser.test_narrow import long_names_night, main_pages

# Every text a person may read on the page: text nodes (those in templates the scripts show
# too), labels read aloud, placeholders, titles, alternative texts, the button-like inputs'
# values and the document's title. Not code (``pre``, ``code``: a question's input as JSON), nor
# what a person typed (``translate="no"``: a note on a deal's revision).
READABLE = """() => {
  const out = [document.title];
  const walk = (root) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
    while (walker.nextNode()) {
      const node = walker.currentNode;
      if (node.nodeType === Node.ELEMENT_NODE) {
        if (node.tagName === 'TEMPLATE') walk(node.content);
        for (const name of ['aria-label', 'placeholder', 'title', 'alt', 'aria-description']) {
          const value = node.getAttribute(name);
          if (value) out.push(value);
        }
        if (node.matches('input[type=submit], input[type=button]')) out.push(node.value);
        continue;
      }
      if (node.parentElement && node.parentElement.closest('script, style, pre, code, [translate=no]')) continue;
      const text = node.textContent.trim();
      if (text) out.push(text);
    }
  };
  walk(document.body);
  return out;
}"""


@pytest.fixture
def pseudo_spoken() -> Iterator[None]:
    """Pseudo spoken from before the phone signs in: its service worker stores the scripts'
    catalogs as it installs."""
    with pseudo.spoken():
        yield


def test_every_main_page_has_no_english_left_in_a_made_up_language(
    pseudo_spoken: None, signed_in: Page, alice: Any
) -> None:
    night, voormsi, hand, ruling, mary, tom = long_names_night(alice)
    names = {player.name for player in alice.players.all()} | {alice.username, night.place}
    page = signed_in
    base = page.url.rstrip("/")
    page.context.add_cookies(
        [{"name": settings.LANGUAGE_COOKIE_NAME, "value": pseudo.SPOKEN, "url": base}]
    )
    pages = main_pages(night, voormsi, hand, ruling, mary, tom)
    english: dict[str, list[str]] = {}
    for name, path in pages.items():
        response = page.goto(base + path)
        assert response is not None and response.ok, path
        page.wait_for_load_state("networkidle")
        left = pseudo.english_words(page.evaluate(READABLE), names)
        if left:
            english[name] = left
    assert english == {}, "\n".join(
        f"{name}: {text!r}" for name, texts in english.items() for text in texts
    )
