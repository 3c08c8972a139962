"""The Content Security Policy breaks nothing: the main pages raise no CSP violation in Chromium.

Chromium reports each blocked script, style, image or connection on the console ("Refused to
...because it violates the following Content Security Policy directive") and fires a
securitypolicyviolation event; both are listened for on every page, after htmx has swapped.
"""

from __future__ import annotations

import os
from typing import Any

import pytest
from playwright.sync_api import ConsoleMessage, Page, expect

from scorekeeper.models import Game
from tests.browser.conftest import CHROMIUM
from tests.factories import played_night

pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"no Chromium at {CHROMIUM}")

WATCH = """() => {
  window.__csp = [];
  document.addEventListener("securitypolicyviolation", (e) => {
    window.__csp.push(e.violatedDirective + " " + e.blockedURI);
  });
}"""


def listen(page: Page) -> list[str]:
    seen: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        text = message.text
        if "Content Security Policy" in text or "Content-Security-Policy" in text:
            seen.append(f"{page.url}: {text}")

    page.on("console", on_console)
    page.add_init_script(f"({WATCH})()")
    return seen


def visit(page: Page, url: str, seen: list[str]) -> None:
    response = page.goto(url)
    assert response is not None and response.status == 200, url
    assert response.headers.get("content-security-policy"), url
    page.wait_for_load_state("networkidle")
    seen += [f"{url}: {v}" for v in page.evaluate("window.__csp || []")]


def test_the_main_pages_raise_no_csp_violation(signed_in: Page, live_server: Any) -> None:
    page = signed_in
    seen = listen(page)
    from django.contrib.auth import get_user_model

    alice = get_user_model().objects.get(username="alice")
    night = played_night(alice)
    base = live_server.url
    urls = [
        "/",
        night.get_absolute_url(),
        f"/nights/{night.pk}/recap/",
        "/history/",
        "/players/",
        "/desk/",
        "/profiles/",
        "/export/",
        "/api/v1/docs/",
    ]
    for game in Game.objects.filter(night=night).order_by("pk"):
        urls += [f"/games/{game.pk}/", f"/games/{game.pk}/screen/"]
    for url in urls:
        visit(page, base + url, seen)
    # Swagger UI really drew the API (its start-up script is a file, not inline).
    visit(page, base + "/api/v1/docs/", seen)
    expect(page.locator(".swagger-ui .info .title")).to_contain_text("Scorekeeper API")
    # htmx at work under the policy: the night's join link swaps in (an htmx POST).
    visit(page, base + night.get_absolute_url(), seen)
    page.get_by_role("button", name="Make a join link").click()
    field = page.locator("#join-url")
    expect(field).to_be_visible()
    # Polled from here: Playwright's wait_for_function evaluates a string, which the CSP refuses.
    for _ in range(50):
        if page.evaluate("window.scorekeeperSelectOnFocus === true"):
            break
        page.wait_for_timeout(100)
    field.focus()  # select-on-focus.js, which replaced an inline onfocus=
    assert page.evaluate("document.activeElement.selectionEnd") > 0
    seen += page.evaluate("window.__csp || []")
    # The signed-out pages too.
    page.context.clear_cookies()
    for url in ("/accounts/login/", "/accounts/signup/", "/admin/login/"):
        visit(page, base + url, seen)
    assert seen == []


def test_the_listener_hears_a_violation(
    page: Page, live_server: Any, transactional_db: Any
) -> None:
    """An inline script on our page is refused and heard, so an empty list above means something."""
    seen = listen(page)
    visit(page, live_server.url + "/accounts/login/", seen)
    page.evaluate(
        """() => { const s = document.createElement("script");
        s.textContent = "window.ran = 1"; document.body.appendChild(s); }"""
    )
    page.wait_for_timeout(200)
    seen += page.evaluate("window.__csp")
    assert page.evaluate("window.ran === undefined")
    assert any("script-src" in s for s in seen), seen


def test_the_deal_form_shows_and_hides_its_parts_under_the_strict_policy(
    signed_in: Page, bridge_game: Game
) -> None:
    """The show-and-hide rules of the deal form are app.css's, by position (no <style> in the
    page): the seat that went out has no hand to fill in, and each hand shows the one entry
    its choice asks for."""
    page = signed_in
    heard = listen(page)
    page.goto(f"{page.url}games/{bridge_game.pk}/")

    def hand(seat: int) -> Any:
        return page.locator(f'fieldset.hand[data-seat="{seat}"]')

    page.locator("[data-skips] label.tile").nth(1).click()
    expect(hand(1)).to_be_hidden()
    page.locator("[data-skips] label.tile").nth(2).click()
    expect(hand(2)).to_be_hidden()
    expect(hand(1)).to_be_visible()
    entries = hand(1).locator(".entry")
    assert entries.count() >= 2
    for i in range(entries.count()):
        n = entries.nth(i).get_attribute("data-entry-n")
        hand(1).locator(f'[data-how-n="{n}"]').click()
        expect(entries.nth(i)).to_be_visible()
        for j in range(entries.count()):
            if j != i:
                expect(entries.nth(j)).to_be_hidden()
    assert heard == []
