"""The app as production runs it: ``./dev serve`` (collectstatic, whitenoise's manifest storage,
DEBUG off, gunicorn), on the test database (the ``production_server`` fixture).

The other browser tests run on Django's live server with plain static storage, which never
refuses a static name: a worker that answered 500 there under the manifest storage went
unnoticed, and on a real deployment no page opened offline. Here:

- every page a signed-in person or a signed-out visitor (with or without a night's join link)
  can reach answers without a 5xx, without an error on the console or a CSP violation;
- the service worker installs and controls the page; offline, a page opened before opens from
  its copy and a deal is queued; back online, it is recorded once.

Accounts are made through the app's own sign-up: production checks passwords with its own
hashers, not the cheap one the test personas are made with.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Browser, ConsoleMessage, Page, Response

from scorekeeper.access import sharing
from scorekeeper.clubs import services as club_services
from scorekeeper.desk import disputes
from scorekeeper.games import confirmations
from scorekeeper.games import services as game_services
from scorekeeper.models import Game, Night
from scorekeeper.nights import services as night_services
from scorekeeper.nights.demo import SAMPLE_DEALS
from tests.browser.test_csp import listen, visit
from tests.browser.test_pwa import PHONE, a_page_opened_before_opens_offline_and_queues
from tests.scorekeeper.serve import ProductionServer

PASSWORD = "a deck of 52 and two jokers"


def new_phone(browser: Browser) -> Page:
    return browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True).new_page()


@pytest.fixture
def signed_up(
    browser: Browser, production_server: ProductionServer, transactional_db: Any
) -> Iterator[Page]:
    """Alice's phone, after she made her account on the served app."""
    page = new_phone(browser)
    page.goto(f"{production_server.url}/accounts/signup/")
    page.fill("#id_username", "alice")
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.get_by_role("button", name="Create account").click()
    page.wait_for_url(f"{production_server.url}/")
    yield page
    # Closed before the test's rows are wiped: no poll of hers reaches the server meanwhile.
    for context in browser.contexts:
        context.close()


@pytest.fixture
def alice(signed_up: Page) -> Any:
    """The account made through the app (the night's owner in ``night`` and ``table``)."""
    return get_user_model().objects.get(username="alice")


def troubles(page: Page) -> list[str]:
    """Errors the page meets from now on: console errors (CSP refusals among them), uncaught
    exceptions, and any answer of 500 or more, to the page or to anything it asks for."""
    seen = listen(page)

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            seen.append(f"{page.url}: console: {message.text}")

    def on_response(response: Response) -> None:
        if response.status >= 400:
            seen.append(f"{response.url}: {response.status}")

    page.on("console", on_console)
    page.on("pageerror", lambda error: seen.append(f"{page.url}: {error}"))
    page.on("response", on_response)
    return seen


def visit_all(page: Page, base: str, paths: list[str]) -> list[str]:
    seen = troubles(page)
    for path in paths:
        visit(page, base + path, seen)
    # The worker and the manifest are fetched, not opened: opened as a page, a file that is not
    # HTML names no icon, and Chromium asks for /favicon.ico.
    for path, kind in (("/sw.js", "text/javascript"), ("/manifest.webmanifest", "application/")):
        answer = page.request.get(base + path)
        if answer.status != 200 or not answer.headers["content-type"].startswith(kind):
            seen.append(f"{path}: {answer.status} {answer.headers.get('content-type')}")
    return seen


EVERYONE = ["/api/v1/docs/", "/offline/"]


def pictures(page: Page, base: str, paths: list[str]) -> list[str]:
    """What goes wrong fetching each result card with the page's session: not a 200 SVG."""
    wrong = []
    for path in paths:
        answer = page.request.get(base + path)
        kind = answer.headers.get("content-type", "")
        if answer.status != 200 or not kind.startswith("image/svg+xml"):
            wrong.append(f"{path}: {answer.status} {kind}")
    return wrong


def test_every_page_answers_under_production_settings(
    signed_up: Page,
    browser: Browser,
    production_server: ProductionServer,
    table: dict[str, str],
    night: Night,
) -> None:
    base = production_server.url
    # The night asks for confirmations (a hand waits), and a hand is disputed: those pages are
    # walked too.
    confirmations.night_ask_confirmations(night=night, by=night.owner, on=True)
    bridge = Game.objects.get(night=night, slug="bridge-rummy")
    hand = bridge.entries.get(kind="record")
    game_services.deal_record(game=bridge, by=night.owner, data=SAMPLE_DEALS[1], seat=0)
    ruling = disputes.hand_dispute(game=bridge, deal_key=hand.pk, by=night.owner)
    games = Game.objects.filter(night=night).order_by("pk")
    night_pages = [
        night.get_absolute_url(),
        f"/nights/{night.pk}/recap/",
        *[f"/games/{game.pk}/" for game in games],
        *[f"/games/{game.pk}/screen/" for game in games],
    ]
    cards = [
        *[f"/games/{game.pk}/result-card.svg?size=square" for game in games],
        f"/nights/{night.pk}/result-card.svg?size=wide",
    ]
    player = night.players.order_by("pk").first()
    assert player is not None
    # Her club, with a season, a player and a night of its own.
    club = club_services.club_create(by=night.owner, name="The Thursday circle")
    today = datetime.date.today()
    season = club_services.season_create(
        club=club, by=night.owner, name="Autumn", starts=today, ends=today
    )
    cy = night_services.player_create(owner=night.owner, name="Cy", club=club)
    club_night = night_services.night_create(owner=night.owner, date=today, club=club)
    club_pages = [
        f"/clubs/{club.pk}/{part}"
        for part in ("", "members/", "roster/", "seasons/", f"seasons/{season.pk}/", "move-in/")
    ]
    signed_in = [
        "/clubs/",
        "/clubs/import/",
        "/me/",
        *club_pages,
        f"/clubs/{club.pk}/players/{cy.pk}/",
        club_night.get_absolute_url(),
        *table.values(),
        *night_pages,
        "/history/",
        "/players/",
        f"/players/{player.pk}/",
        "/ratings/",
        "/desk/",
        f"/desk/?from={bridge.pk}&deal={hand.pk}",
        f"/rulings/{ruling.pk}/",
        "/profiles/",
        "/export/",
        "/account/tokens/",
        *EVERYONE,
    ]
    assert visit_all(signed_up, base, signed_in) == []
    assert (
        pictures(signed_up, base, [*cards, f"/clubs/{club.pk}/seasons/{season.pk}/card.svg"]) == []
    )

    signed_out = new_phone(browser)
    assert (
        visit_all(signed_out, base, ["/", "/accounts/login/", "/accounts/signup/", *EVERYONE]) == []
    )
    # An invitation made on the served app (signed with its own key), opened signed out.
    signed_up.goto(f"{base}/clubs/{club.pk}/members/")
    signed_up.get_by_role("button", name="Make an invitation link").click()
    invitation = signed_up.locator("#join-url").input_value()
    assert visit_all(signed_out, base, [invitation.removeprefix(base)]) == []

    # A visitor with the night's join link sees its pages, read-only.
    token = sharing.link_make(night=night, by=night.owner)
    assert visit_all(signed_out, base, [f"/join/{token}/", *night_pages]) == []
    assert pictures(signed_out, base, cards) == []


def test_offline_the_worker_opens_a_page_from_its_copy_and_the_queued_deal_is_recorded_once(
    signed_up: Page, production_server: ProductionServer, bridge_game: Game
) -> None:
    page = signed_up
    seen = troubles(page)
    a_page_opened_before_opens_offline_and_queues(page, production_server.url, bridge_game)
    worker = page.evaluate("navigator.serviceWorker.controller.scriptURL")
    assert worker == f"{production_server.url}/sw.js"
    # The page's static files are the collected ones, by their hashed names.
    assert page.evaluate(
        "[...document.scripts].some(s => /offline-queue\\.[0-9a-f]{12}\\.js$/.test(s.src))"
    )
    # The served API says the same: one deal, recorded once.
    standings = page.request.get(
        f"{production_server.url}/api/v1/games/{bridge_game.pk}/standings/"
    )
    assert standings.status == 200
    assert len(standings.json()["deals"]) == 1
    assert seen == []
