"""The app served by a process of its own, against the test database, for tests over HTTP.

- :class:`Server`: ``python -m tests.scorekeeper.serve PORT``, Django's own threaded development
  server (what ``runserver`` runs), with the test settings of tests/conftest.py that matter over
  HTTP: plain http, and the cheap password hash the test users were made with. For tests that
  kill it or fuzz it (the ``server`` fixture of tests/scorekeeper/conftest.py).
- :class:`ProductionServer`: ``./dev serve`` itself, so production settings and nothing else:
  collectstatic into a folder of its own, the manifest storage, whitenoise, DEBUG off, a random
  secret, gunicorn with gunicorn.conf.py (the ``production_server`` fixture of tests/conftest.py).

Each stays in the test run's process group: a Ctrl-C, or a signal to the run's group, reaches it
too, even if the run dies before its fixtures' teardown.
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

    from scorekeeper.wsgi import application  # what runserver serves (WSGI_APPLICATION)

    WSGIServer.request_queue_size = 64
    run("127.0.0.1", port, application, threading=True)


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
    """A port nothing listens on now. It is free only until the server binds it: in between,
    another process (a parallel test worker's server) may take it, which :meth:`Server.start`
    notices."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def listens_on(pid: int, port: int) -> bool | None:
    """Whether the process ``pid`` holds the socket listening on ``port`` (Linux's /proc);
    None where /proc does not tell."""
    tables = [Path("/proc/net/tcp"), Path("/proc/net/tcp6")]
    if not tables[0].exists():  # pragma: no cover - not Linux
        return None
    inodes = set()
    for table in tables:
        with contextlib.suppress(FileNotFoundError):
            for line in table.read_text().splitlines()[1:]:
                fields = line.split()
                local, state, inode = fields[1], fields[3], fields[9]
                if state == "0A" and int(local.rsplit(":", 1)[1], 16) == port:  # 0A: LISTEN
                    inodes.add(f"socket:[{inode}]")
    with contextlib.suppress(FileNotFoundError):
        for fd in Path(f"/proc/{pid}/fd").iterdir():
            with contextlib.suppress(OSError):
                if os.readlink(fd) in inodes:
                    return True
    return False


class Server:
    """The app in a process that can be killed and started again on the same port."""

    startup_seconds = 30

    def __init__(self, log: Path) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = log
        self.process: subprocess.Popen[bytes] | None = None

    def command(self) -> list[str]:
        return [sys.executable, "-m", "tests.scorekeeper.serve", str(self.port)]

    def environment(self) -> dict[str, str]:
        return {**os.environ, "DATABASE_URL": database_url(), "HTTPS": "0", "DEBUG": "0"}

    def start(self) -> None:
        try:
            self._start()
        except BaseException:
            self.stop()  # a server that never answered must not outlive the test run
            raise

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
                # Whoever answers must be this server: tests run in parallel (pytest-xdist),
                # and another worker's server may have taken the port after free_port()
                # chose it, when this one then fails to bind (and stops, above).
                if listens_on(self.process.pid, self.port) is not False:
                    return
            time.sleep(0.05)
        raise AssertionError(f"the server did not start: {self.log.read_text()[-2000:]}")

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            # ./dev serve execs gunicorn, whose master stops its workers on SIGTERM (and a
            # worker whose master died stops itself).
            self.process.terminate()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:  # pragma: no cover
                self.kill()


# What a test run may have set that a server's environment never has: ./dev serve must choose
# these itself (DEBUG off, plain http on loopback, a random secret, its own hosts).
TEST_RUN_ENV = (
    "DEBUG",
    "HTTPS",
    "SSL_REDIRECT",
    "PROXY_SSL_HEADER",
    "SECRET_KEY",
    "ALLOWED_HOSTS",
    "CSRF_TRUSTED_ORIGINS",
    "MANIFEST_STATIC",
    "DJANGO_ALLOW_ASYNC_UNSAFE",  # the browser tests set it; a server never does
)


class ProductionServer(Server):
    """``./dev serve`` on a free port, serving the test database and collecting the static
    files into ``static_root``."""

    startup_seconds = 120  # collectstatic and migrate come first

    def __init__(self, log: Path, static_root: Path) -> None:
        super().__init__(log)
        self.static_root = static_root

    def command(self) -> list[str]:
        return [str(ROOT / "dev"), "serve"]

    def environment(self) -> dict[str, str]:
        kept = {k: v for k, v in os.environ.items() if k not in TEST_RUN_ENV}
        return {
            **kept,
            "DATABASE_URL": database_url(),
            "STATIC_ROOT": str(self.static_root),
            "BIND": f"127.0.0.1:{self.port}",
            # How many is a deploy's choice (the config's default is two per core, which on a
            # large CI runner is dozens); two keeps more than one process, as production has.
            "WEB_CONCURRENCY": "2",
        }


if __name__ == "__main__":
    main(int(sys.argv[1]))
