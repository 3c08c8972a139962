"""The app served by a process of its own, for tests that kill it or fuzz it over HTTP:
``python -m tests.scorekeeper.serve PORT`` with ``DATABASE_URL`` naming the test database,
started and stopped by :class:`Server` (the ``server`` fixture of tests/scorekeeper/conftest.py).

Django's own threaded development server (what ``runserver`` runs), with the test settings of
tests/conftest.py that matter over HTTP: plain http, and the cheap password hash the test
users were made with.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def main(port: int) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
    os.environ["HTTPS"] = "0"
    import django
    from django.conf import settings

    django.setup()
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    from django.core.servers.basehttp import WSGIServer, run
    from django.core.wsgi import get_wsgi_application

    WSGIServer.request_queue_size = 64
    run("127.0.0.1", port, get_wsgi_application(), threading=True)


def database_url() -> str:
    """The test database, as the server process's ``DATABASE_URL``."""
    from django.db import connection

    settings = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{settings['NAME']}"
    user = urllib.parse.quote(settings["USER"] or "")
    password = settings["PASSWORD"]
    auth = f"{user}:{urllib.parse.quote(password)}@" if password else f"{user}@"
    return f"postgres://{auth}{settings['HOST'] or '127.0.0.1'}:{settings['PORT'] or 5432}/{settings['NAME']}"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Server:
    """The app in a process that can be killed and started again on the same port."""

    def __init__(self, log: Path) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = log
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        env = {**os.environ, "DATABASE_URL": database_url(), "HTTPS": "0", "DEBUG": "0"}
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "tests.scorekeeper.serve", str(self.port)],
                cwd=ROOT,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            assert self.process.poll() is None, self.log.read_text()[-2000:]
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", self.port)):
                return
            time.sleep(0.05)
        raise AssertionError(f"the server did not start: {self.log.read_text()[-2000:]}")

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:  # pragma: no cover
                self.kill()


if __name__ == "__main__":
    main(int(sys.argv[1]))
