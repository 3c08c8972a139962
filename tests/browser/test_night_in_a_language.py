"""A whole night in Icelandic and one in Swedish, on a 360 px phone, the way a table plays it:
the night started from the home page, its players sat down, a game of the country's own
started and a hand played trick by trick on the pad, that hand disputed and asked about at the
desk, the ratings, and the night's share card. Every step in the language chosen, with no
sideways scrolling (measured), and a picture of each kept in test-results/languages/."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.urls import reverse
from playwright.sync_api import Page, expect

from adjudicator.games import get_game
from scorekeeper.models import Game, Night
from tests.browser.conftest import picture
from tests.browser.hands import record_hand, sample_for
from tests.browser.test_narrow import OVERFLOWING

# Each rule id tapped open from a line of working that does not break that line: the text
# before it ends, and the text after it begins, on the line of the id itself.
BROKEN_LINES = """() => [...document.querySelectorAll('#desk-answer .rule-tap')].filter(tap => {
  const at = tap.querySelector('summary').getBoundingClientRect();
  const edge = (node, last) => {
    if (!node || node.nodeType !== Node.TEXT_NODE || !node.textContent.trim()) return null;
    const text = node.textContent, range = document.createRange();
    const index = last ? text.trimEnd().length - 1 : text.length - text.trimStart().length;
    range.setStart(node, index);
    range.setEnd(node, index + 1);
    return range.getBoundingClientRect();
  };
  const before = edge(tap.previousSibling, true), after = edge(tap.nextSibling, false);
  const apart = (r) => r && Math.abs(r.top + r.height / 2 - (at.top + at.height / 2)) > at.height / 2;
  return apart(before) || apart(after);
}).map(tap => tap.closest('li, p').textContent.trim().slice(0, 60))"""
PICTURES = Path(settings.BASE_DIR) / "test-results" / "languages"
PHONE = {"width": 360, "height": 740}
NAMES = ["Sigríður", "Þórhallur", "Guðmundur", "Ásdís"]
# Each language's game, and the home page's button as the language says it.
NIGHTS = {"is": ("alkort", "Byrja kvöldið"), "sv": ("brus", "Starta kvällen")}


@pytest.mark.parametrize("language", NIGHTS)
def test_a_whole_night_in_the_tables_language(signed_in: Page, alice: Any, language: str) -> None:
    slug, start = NIGHTS[language]
    page = signed_in
    base = page.url.rstrip("/")
    page.set_viewport_size(PHONE)
    page.context.add_cookies(
        [{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": base}]
    )
    seen: dict[str, Any] = {}

    def look(step: str) -> None:
        """The page speaks the language, fits the phone, and is photographed."""
        assert page.evaluate("document.documentElement.lang") == language, step
        wide = page.evaluate("document.documentElement.scrollWidth")
        if wide > PHONE["width"]:
            seen[step] = (wide, page.evaluate(OVERFLOWING)[:5])
        picture(page, PICTURES / f"night-{language}-{step}.png")

    # The night, from the home page's form.
    page.goto(base + "/")
    button = page.locator(f'form[action="{reverse("night_create")}"] button.primary')
    expect(button).to_have_text(start)
    button.click()
    expect(page.locator("#players")).to_be_visible()
    night = Night.objects.get(owner=alice)
    look("1-night")
    for name in NAMES:
        field = page.locator("#players input[name=name][type=text]")
        field.fill(name)
        field.press("Enter")
        expect(page.locator("#players summary.chip", has_text=name)).to_be_visible()
    look("2-players")

    # The country's game, from the night's list of games; its seats as the night sat them.
    page.locator(f'#games a[href$="?game={slug}"]').click()
    look("3-new-game")
    page.locator("form[method=post] button.primary.wide").click()
    game = Game.objects.get(night=night)
    expect(page.locator("[data-tricks]")).to_be_attached()

    # A hand trick by trick on the pad.
    definition = get_game(slug)
    way = definition.record(definition.options(), len(NAMES)).ways[0]
    found = sample_for(definition, len(NAMES), way)
    assert found is not None
    record_hand(page, definition, way, found[1], NAMES)
    expect(page.locator("#recorded")).to_be_visible(timeout=10_000)
    look("4-hand-recorded")

    # Disputed: from the hand's own button to the desk, asked, the verdict in view first.
    hand = game.entries.get()
    page.goto(f"{base}{game.get_absolute_url()}")
    page.locator(f"#deal-{hand.pk} summary").click()
    page.locator(f'#deal-{hand.pk} a[href*="/desk/?from="]').first.click()
    expect(page.locator("#desk-answer")).to_be_visible()
    look("5-desk")
    page.locator('button[name="ask"]').click()
    verdict = page.locator("#desk-answer .deal-summary")
    expect(verdict).to_be_visible()
    expect(verdict).to_be_in_viewport()
    for name in NAMES[:2]:
        expect(page.locator("#desk-answer")).to_contain_text(name)
    assert page.locator("#desk-answer .rule-tap").count() > 0
    assert page.evaluate(BROKEN_LINES) == []
    look("6-desk-answer")

    page.goto(f"{base}/ratings/?game={slug}")
    look("7-ratings")

    # The night's share card, as the night page offers it.
    page.goto(f"{base}{night.get_absolute_url()}")
    card = page.locator("[data-result-card]").first
    card.scroll_into_view_if_needed()
    look("8-share")
    answer = page.request.get(f"{base}{reverse('night_result_card', args=[night.pk])}")
    assert answer.ok and "svg" in answer.headers["content-type"]
    assert answer.headers.get("content-language", language) == language
    assert seen == {}
