"""The README's walk, as a newcomer takes it: ``./dev start`` itself on a new database, then on
a phone sign in as demo / demo, open the demo game from the home page and record its seventh
deal, which ends the game (issue 30).

``./dev start`` runs Django's development server with its autoreloader: the process started
here watches the files and serves from a child of its own, so the server is known by the
process family that listens on the port, and the whole family is stopped at the end.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import sign_in
from tests.browser.demo import enter_deal_7, record_deal_7
from tests.scorekeeper.serve import ROOT, TEST_RUN_ENV, Server, listens_on


def family(pid: int) -> list[int]:
    """``pid`` and every process under it (Linux's /proc)."""
    found = [pid]
    for tid in os.listdir(f"/proc/{pid}/task") if os.path.isdir(f"/proc/{pid}/task") else []:
        with contextlib.suppress(OSError):
            children = Path(f"/proc/{pid}/task/{tid}/children").read_text().split()
            for child in children:
                found += family(int(child))
    return found


class DevStart(Server):
    """``./dev start`` on a free port (``BIND``) and a new SQLite file of its own."""

    startup_seconds = 180  # every migration on a new database, then the demo night

    def __init__(self, log: Path, database: Path) -> None:
        super().__init__(log)
        self.database = database

    def command(self) -> list[str]:
        return [str(ROOT / "dev"), "start"]

    def environment(self) -> dict[str, str]:
        kept = {k: v for k, v in os.environ.items() if k not in TEST_RUN_ENV}
        return {
            **kept,
            "DATABASE_URL": f"sqlite:///{self.database}",
            "BIND": f"127.0.0.1:{self.port}",
        }

    def _start(self) -> None:
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                self.command(),
                cwd=ROOT,
                env=self.environment(),
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        deadline = time.monotonic() + self.startup_seconds
        while time.monotonic() < deadline:
            assert self.process.poll() is None, self.log.read_text()[-2000:]
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", self.port)):
                if any(listens_on(pid, self.port) for pid in family(self.process.pid)):
                    return
            time.sleep(0.2)
        raise AssertionError(f"./dev start did not serve: {self.log.read_text()[-2000:]}")

    def stop(self) -> None:
        if self.process is None:
            return
        for pid in reversed(family(self.process.pid)) if self.process.poll() is None else []:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGTERM)
        self.process.wait(timeout=30)


@pytest.fixture
def dev_start(tmp_path: Path) -> Iterator[DevStart]:
    server = DevStart(tmp_path / "dev-start.log", tmp_path / "newcomer.sqlite3")
    server.start()
    yield server
    server.stop()


def test_the_readme_s_walk_from_dev_start_to_a_recorded_hand(
    dev_start: DevStart, page: Page
) -> None:
    log = dev_start.log.read_text()
    assert f"Scorekeeper on {dev_start.url} — sign in as demo / demo" in log
    assert "Demo night loaded" in log
    page.set_viewport_size({"width": 390, "height": 844})

    # "Sign in as demo / demo", then the demo game from the home page.
    sign_in(page, dev_start.url, "demo", "demo")
    page.get_by_role("link", name="Game 1: Bridge Rummy").click()
    expect(page.locator("#board")).to_contain_text("After deal 6 of 7")

    # "Tap who went out and what each other player held": deal 7 recorded, the game over.
    enter_deal_7(page)
    record_deal_7(page)
