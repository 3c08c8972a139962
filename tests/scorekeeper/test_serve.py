"""The servers the tests start answer for themselves (tests/scorekeeper/serve.py).

The suite runs in parallel (pytest-xdist): a port that ``free_port()`` chose is free only until
the server binds it, and another worker's server may take it in between. A test must then fail
saying so, never talk to the other worker's server (and its database) as if it were its own.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.scorekeeper.serve import ProductionServer, Server, listens_on


@pytest.fixture
def taken() -> Iterator[int]:
    """A port another process listens on."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        yield int(sock.getsockname()[1])


def test_a_server_whose_port_another_process_took_does_not_start(
    tmp_path: Path, taken: int
) -> None:
    server = Server(tmp_path / "server.log")
    server.port = taken
    server.url = f"http://127.0.0.1:{taken}"
    try:
        with pytest.raises(AssertionError, match="Address already in use"):
            server.start()
    finally:
        server.stop()


def test_it_tells_which_process_listens_on_a_port(taken: int) -> None:
    assert listens_on(os.getpid(), taken) is True
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        assert listens_on(other.pid, taken) is False
    finally:
        other.kill()
        other.wait()


class WeakKeyServer(ProductionServer):
    """``./dev serve`` given the issue's key: one letter."""

    def environment(self) -> dict[str, str]:
        return {**super().environment(), "SECRET_KEY": "x"}


@pytest.mark.django_db(transaction=True)
def test_the_production_server_refuses_to_start_on_a_weak_secret_key(tmp_path: Path) -> None:
    # Issue 26: SECRET_KEY=x DEBUG=0 served, and anyone could forge a session or a poll key.
    server = WeakKeyServer(tmp_path / "server.log", tmp_path / "staticfiles")
    try:
        with pytest.raises(AssertionError, match="SECRET_KEY is too weak to serve with DEBUG off"):
            server.start()
    finally:
        server.stop()
    assert "Django's deploy check asks for at least 50 characters" in server.log.read_text()
