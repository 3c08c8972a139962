"""Browser tests: Playwright drives Debian's Chromium (never a downloaded one) at phone size."""

from __future__ import annotations

import os
import shutil
from typing import Any

import pytest
from playwright.sync_api import Page

# Playwright's sync API runs an event loop in the test thread; Django's ORM would refuse it.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
PHONE = {"width": 360, "height": 780}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/browser/" in str(item.path):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ],
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_context_args, "viewport": PHONE, "has_touch": True, "is_mobile": True}


@pytest.fixture
def signed_in(page: Page, live_server: Any, transactional_db: Any, alice: Any) -> Page:
    """Alice, signed in on her phone."""
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", "alice")
    page.fill("#id_password", "password")
    page.click("button.primary")
    page.wait_for_url(f"{live_server.url}/")
    return page
