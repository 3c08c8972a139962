"""Browser tests: Playwright drives Debian's Chromium (never a downloaded one) at phone size."""

from __future__ import annotations

import os
import shutil
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

from adjudicator.games import get_game
from scorekeeper.games import services as game_services
from scorekeeper.models import Game, Night
from scorekeeper.nights.demo import SAMPLE_DEALS
from tests.factories import GameFactory
from tests.scorekeeper.test_conformance import playable_samples

# Playwright's sync API runs an event loop in the test thread; Django's ORM would refuse it.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
PHONE = {"width": 360, "height": 780}
# Without the background-networking flags Chromium keeps calling hosts this machine cannot
# reach; as root it needs --no-sandbox.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/browser/" in str(item.path):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": CHROMIUM_ARGS,
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_context_args, "viewport": PHONE, "has_touch": True, "is_mobile": True}


def picture(page: Page, path: str | os.PathLike[str]) -> None:
    """The whole page as a picture, for people to look at (an artifact, never an assertion).

    Under a loaded CI machine Chromium's compositor has once refused a full-page capture
    ("Unable to capture screenshot"): the page had drawn, the frame for the taller viewport had
    not. The picture is taken again after the next frame is drawn; a second refusal fails.
    """
    try:
        page.screenshot(path=str(path), full_page=True)
    except PlaywrightError as refused:
        if "Unable to capture screenshot" not in str(refused):
            raise
        page.evaluate("() => new Promise(r => requestAnimationFrame(() => r(null)))")
        page.screenshot(path=str(path), full_page=True)


def sign_in(page: Page, base: str, username: str, password: str = "password") -> None:
    """Sign in on the sign-in page as a person does, and land on the home page."""
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.click("button.primary")
    page.wait_for_url(f"{base}/")


@pytest.fixture
def signed_in(page: Page, live_server: Any, transactional_db: Any, alice: Any) -> Page:
    """Alice, signed in on her phone."""
    sign_in(page, live_server.url, "alice")
    return page


def _played(game: Game, by: Any, deals: int = 2) -> Game:
    definition = get_game(game.slug)
    options = definition.options(game.options)
    for raw in playable_samples(definition, game.seats.count(), options, count=deals + 1)[:deals]:
        game_services.deal_record(game=game, by=by, data=raw)
    return game


@pytest.fixture
def table(night: Night, alice: Any, bridge_game: Game) -> dict[str, str]:
    """A night with a game of each family under way: the main pages, by name."""
    grid = _played(GameFactory(night=night, slug="brummy", players=["Ann", "Ben", "Cy"]), alice)
    trick = _played(
        GameFactory(night=night, slug="voormsi", players=["Ann", "Ben", "Cy", "Di"]), alice
    )
    rummy = _played(GameFactory(night=night, slug="rummy", players=["Ann", "Ben", "Cy"]), alice)
    game_services.deal_record(game=bridge_game, by=alice, data=SAMPLE_DEALS[0])
    deal = bridge_game.entries.get().pk
    return {
        "home": "/",
        "night": night.get_absolute_url(),
        "grid-game": grid.get_absolute_url(),
        "trick-game": trick.get_absolute_url(),
        "rummy-game": rummy.get_absolute_url(),
        "bridge-game": bridge_game.get_absolute_url(),
        "amend": f"/games/{bridge_game.pk}/deals/{deal}/amend/",
    }
