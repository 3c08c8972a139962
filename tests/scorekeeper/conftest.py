"""Fixtures of the app-level tests that need the app served by a process of its own."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.scorekeeper.serve import Server


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    """The app served by its own process on a free port, stopped after the test."""
    server = Server(tmp_path / "server.log")
    server.start()
    try:
        yield server
    finally:
        server.stop()
