"""Load-test a club night under gunicorn: ``python bench/load.py [--db sqlite|postgres] [--duration 120]``.

A night of ``--tables`` games (50) with ``--phones`` signed-in viewers (200) is written to a new
database (a temporary SQLite file, or a new PostgreSQL database that is dropped afterwards).
The app is started the production way, by ``./dev serve`` (gunicorn, DEBUG off, whitenoise),
on a free loopback port, and then, for ``--duration`` seconds:

- every phone polls its table's scoreboard every 2 s as ``static/scorekeeper/live.js`` does:
  the htmx poll with ``?since=`` the version it shows and the poll key its page gave it,
  taking the new version and key from each answer;
- every table records a deal every 30 s through the API, with its recorder's API token
  (after a game's seventh deal, the table amends its last deal instead: still a change).

It prints requests per second, p50/p95/p99 latency per kind of request, and errors. Then, on
the same server, a closed-loop saturating run (wrk, ``--connections`` at once, ``--saturate``
seconds each) measures the throughput of the minimal view (``/ping/``, the same middleware,
measured first and last), the unchanged poll, a changed scoreboard, the standings API and the
game page, printed as fractions of the minimal view's, so the figures mean something on any
machine. The issue's targets are printed beside them. Exit status 1 on any error.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import re
import secrets
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

POLL_EVERY = 2.0  # seconds, as the board's hx-trigger="every 2s"
DEAL_EVERY = 30.0  # seconds between one table's deals
GAME = "bridge-rummy"  # seven deals a game; the sample score card's deals are recorded
TARGETS = {  # issue 12, on the project's 2-core machine
    "poll p95 ms": 25.0,
    "record p95 ms": 100.0,
    "unchanged poll / minimal": 0.5,
    "changed scoreboard / minimal": 0.25,
}


@dataclass
class Phone:
    cookie: str
    game: int
    since: int
    key: str


@dataclass
class Table:
    game: int
    token: str
    deals_recorded: int
    last_deal: int


@dataclass
class Night:
    tables: list[Table]
    phones: list[Phone] = field(default_factory=list)
    cookies: dict[int, str] = field(default_factory=dict)  # a game's first viewer's session


# The database --------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def serve_here(database_url: str) -> None:
    """Settings for this process and the servers it starts: the sessions made here must be read
    by the servers, so the same secret; production settings, plain http on loopback."""
    os.environ.update(
        DATABASE_URL=database_url,
        SECRET_KEY=secrets.token_urlsafe(50),
        DEBUG="0",
        HTTPS="0",
        ALLOWED_HOSTS="127.0.0.1,localhost",
        DJANGO_SETTINGS_MODULE="scorekeeper.settings",
    )
    # Every table records with its own token, and the saturating run sends one token's reads as
    # fast as wrk can: rate limits it never reaches (each request is still counted, as in
    # production), unless the environment names others.
    os.environ.setdefault("API_RATE_TOKEN", "1000000/min")
    os.environ.setdefault("API_RATE_ANONYMOUS", "1000000/min")


def make_database(kind: str, pg_url: str) -> tuple[str, Any]:
    """A new, empty database's URL, and what removes it afterwards."""
    if kind == "sqlite":
        folder = tempfile.mkdtemp(prefix="load-bench-")
        return f"sqlite:///{folder}/load.sqlite3", lambda: shutil.rmtree(folder, True)
    import psycopg

    name = f"scorekeeper_load_{os.getpid()}"
    admin = pg_url.rstrip("/") + "/postgres"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        conn.execute(f'CREATE DATABASE "{name}"')

    def drop() -> None:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    return f"{pg_url.rstrip('/')}/{name}", drop


def fill(tables: int, phones: int, deals_before: int) -> Night:
    """The club's night: a game per table with its recorder (an API token), some deals already
    played, and the phones' viewers, each with a signed-in session."""
    import django

    django.setup()
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from django.db import connections
    from django.test import Client

    from scorekeeper.access import sharing, tokens
    from scorekeeper.games import services as game_services
    from scorekeeper.nights.demo import SAMPLE_DEALS
    from tests.factories import GameFactory, NightFactory

    call_command("migrate", verbosity=0)
    club = User.objects.create(username="club")
    night: Any = NightFactory(owner=club, place="The club")  # type: ignore[no-untyped-call]
    result = Night(tables=[])
    for t in range(tables):
        recorder = User.objects.create(username=f"recorder{t}")
        night.recorders.add(recorder)
        names = [f"{name} {t + 1}" for name in ("Mary", "Tom", "Dick", "Alice")]
        game: Any = GameFactory(night=night, slug=GAME, players=names)  # type: ignore[no-untyped-call]
        last = 0
        for n in range(deals_before):
            last = game_services.deal_record(
                game=game, by=recorder, data=SAMPLE_DEALS[n % len(SAMPLE_DEALS)]
            ).pk
        _, raw = tokens.token_create(user=recorder, name="load test")
        result.tables.append(Table(game.pk, raw, deals_before, last))
    for p in range(phones):
        viewer = User.objects.create(username=f"phone{p}")
        sharing.night_join(night=night, user=viewer)
        client = Client()  # one each: signing in again on one client ends its last session
        client.force_login(viewer)
        cookie = f"sessionid={client.cookies['sessionid'].value}"
        table = result.tables[p % tables]
        result.phones.append(Phone(cookie, table.game, 0, ""))
        result.cookies.setdefault(table.game, cookie)
    connections.close_all()
    return result


# HTTP ------------------------------------------------------------------------------------------


class Server:
    def __init__(self, port: int) -> None:
        self.port = port

    def request(
        self, method: str, path: str, headers: dict[str, str], body: bytes | None = None
    ) -> tuple[int, dict[str, str], bytes, float]:
        """Status, headers (lower-case names), body and milliseconds of one request."""
        started = time.perf_counter()
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            conn.request(method, path, body=body, headers={"Host": "127.0.0.1", **headers})
            response = conn.getresponse()
            content = response.read()
        finally:
            conn.close()
        took = (time.perf_counter() - started) * 1000
        return response.status, {k.lower(): v for k, v in response.getheaders()}, content, took


def board_path(game: int, since: int) -> str:
    return f"/games/{game}/scoreboard/?since={since}"


def poll_headers(phone: Phone) -> dict[str, str]:
    return {"Cookie": phone.cookie, "HX-Request": "true", "X-Poll-Key": phone.key}


def open_pages(server: Server, night: Night) -> None:
    """Each phone opens its game's page, as a person does, and keeps the poll it is given."""
    for phone in night.phones:
        status, headers, body, _ = server.request(
            "GET", f"/games/{phone.game}/", {"Cookie": phone.cookie}
        )
        if status != 200:
            where = headers.get("location", "")
            raise SystemExit(f"a phone could not open its game page: {status} {where}")
        html = body.decode()
        phone.key = re.search(r'"X-Poll-Key": "([^"]+)"', html).group(1)  # type: ignore[union-attr]
        phone.since = int(re.search(r"scoreboard/\?since=(\d+)", html).group(1))  # type: ignore[union-attr]


# The night's load --------------------------------------------------------------------------------


class Recorder:
    """Latencies per kind of request, and what went wrong."""

    def __init__(self) -> None:
        self.times: dict[str, list[float]] = defaultdict(list)
        self.errors: dict[str, int] = defaultdict(int)
        self.samples: list[str] = []
        self.lock = threading.Lock()

    def add(self, kind: str, took: float) -> None:
        with self.lock:
            self.times[kind].append(took)

    def error(self, kind: str, what: str) -> None:
        with self.lock:
            self.errors[kind] += 1
            if len(self.samples) < 5:
                self.samples.append(f"{kind}: {what}")


def run_phone(server: Server, phone: Phone, until: float, seen: Recorder) -> None:
    time.sleep(random.uniform(0, POLL_EVERY))
    while (started := time.monotonic()) < until:
        try:
            status, headers, _, took = server.request(
                "GET", board_path(phone.game, phone.since), poll_headers(phone)
            )
        except OSError as err:
            seen.error("poll", repr(err))
        else:
            if status == 204:
                seen.add("poll: unchanged (204)", took)
            elif status == 200:
                seen.add("poll: changed (200)", took)
            else:
                seen.error("poll", f"status {status}")
            if "etag" in headers:  # "g<game>-<version>": the board's hx-get carries the same
                phone.since = int(headers["etag"].rsplit("-", 1)[1].rstrip('"'))
            if "x-poll-key" in headers:  # live.js keeps a key the server hands out
                phone.key = headers["x-poll-key"]
        time.sleep(max(0.0, min(started + POLL_EVERY, until) - time.monotonic()))


def run_table(server: Server, table: Table, until: float, seen: Recorder) -> None:
    from scorekeeper.nights.demo import SAMPLE_DEALS

    time.sleep(random.uniform(0, min(DEAL_EVERY, (until - time.monotonic()) / 2)))
    headers = {"Authorization": f"Token {table.token}", "Content-Type": "application/json"}
    while (started := time.monotonic()) < until:
        deal = SAMPLE_DEALS[table.deals_recorded % len(SAMPLE_DEALS)]
        body: dict[str, Any]
        if table.deals_recorded < 7:  # Bridge Rummy is seven deals
            kind, path, body = "record a deal", f"/api/v1/games/{table.game}/deals/", {"deal": deal}
        else:
            kind = "amend a deal"
            path = f"/api/v1/games/{table.game}/deals/{table.last_deal}/amend/"
            body = {"deal": deal, "note": "recounted"}
        try:
            status, _, content, took = server.request(
                "POST", path, headers, json.dumps(body).encode()
            )
        except OSError as err:
            seen.error(kind, repr(err))
        else:
            if status == 201:
                seen.add(kind, took)
                if kind == "record a deal":
                    table.last_deal = json.loads(content)["deal"]
                table.deals_recorded += 1
            else:
                seen.error(kind, f"status {status}: {content[:200]!r}")
        time.sleep(max(0.0, min(started + DEAL_EVERY, until) - time.monotonic()))


def percentile(times: list[float], p: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))]


def night_load(server: Server, night: Night, duration: float) -> tuple[Recorder, dict[str, float]]:
    seen = Recorder()
    until = time.monotonic() + duration
    threads = [
        threading.Thread(target=run_phone, args=(server, phone, until, seen), daemon=True)
        for phone in night.phones
    ] + [
        threading.Thread(target=run_table, args=(server, table, until, seen), daemon=True)
        for table in night.tables
    ]
    started = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - started
    print(
        f"\nThe night: {len(night.phones)} phones polling every {POLL_EVERY:g} s, "
        f"{len(night.tables)} tables recording every {DEAL_EVERY:g} s, {elapsed:.0f} s"
    )
    print(f"{'request':26} {'count':>7} {'req/s':>7} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8}")
    polls = seen.times["poll: unchanged (204)"] + seen.times["poll: changed (200)"]
    writes = seen.times["record a deal"] + seen.times["amend a deal"]
    rows = {**seen.times, "poll: all": polls, "write: all": writes}
    summary: dict[str, float] = {}
    for kind, times in rows.items():
        if not times:
            continue
        print(
            f"{kind:26} {len(times):7} {len(times) / elapsed:7.1f} {percentile(times, 0.5):8.2f} "
            f"{percentile(times, 0.95):8.2f} {percentile(times, 0.99):8.2f}"
        )
    if polls:
        summary["poll p95 ms"] = percentile(polls, 0.95)
    if writes:
        summary["record p95 ms"] = percentile(writes, 0.95)
    errors = sum(seen.errors.values())
    print(f"errors: {errors}" + "".join(f"\n  {sample}" for sample in seen.samples))
    return seen, summary


# Saturation (wrk) ---------------------------------------------------------------------------------


def find_wrk() -> str:
    found = shutil.which("wrk")
    if found:
        return found
    if os.geteuid() == 0 and shutil.which("apt-get"):
        print("installing wrk (Debian's package) for the saturating run", file=sys.stderr)
        subprocess.run(
            ["apt-get", "install", "-y", "-qq", "wrk"], check=False, stdout=subprocess.DEVNULL
        )
        found = shutil.which("wrk")
    if not found:
        raise SystemExit("The saturating run needs wrk: apt-get install wrk (or --saturate 0).")
    return found


def saturate(
    wrk: str, server: Server, path: str, headers: dict[str, str], seconds: int, connections: int
) -> tuple[float, int]:
    """Requests per second, and errors (socket errors, and answers not 2xx or 3xx)."""
    command = [wrk, "-t2", f"-c{connections}", f"-d{seconds}s", "--timeout", "10s"]
    for name, value in headers.items():
        command += ["-H", f"{name}: {value}"]
    out = subprocess.run(
        [*command, f"http://127.0.0.1:{server.port}{path}"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))  # type: ignore[union-attr]
    errors = sum(int(n) for n in re.findall(r"(?:connect|read|write|timeout) (\d+)", out))
    bad = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return rate, errors + (int(bad.group(1)) if bad else 0)


def saturation(
    server: Server, night: Night, seconds: int, connections: int
) -> tuple[dict[str, float], int]:
    wrk = find_wrk()
    phone = night.phones[0]
    table = next(t for t in night.tables if t.game == phone.game)
    # A fresh version and key for the game, the way a phone has them after a poll.
    status, headers, _, _ = server.request("GET", board_path(phone.game, 0), poll_headers(phone))
    phone.since = int(headers["etag"].rsplit("-", 1)[1].rstrip('"'))
    phone.key = headers.get("x-poll-key", phone.key)
    hx = poll_headers(phone)
    cases = [
        ("minimal view (/ping/)", "/ping/", {}, 200),
        ("unchanged poll (204)", board_path(phone.game, phone.since), hx, 204),
        ("changed scoreboard (200)", board_path(phone.game, 0), hx, 200),
        (
            "standings API",
            f"/api/v1/games/{phone.game}/standings/",
            {"Authorization": f"Token {table.token}"},
            200,
        ),
        ("game page", f"/games/{phone.game}/", {"Cookie": phone.cookie}, 200),
        ("minimal view, again", "/ping/", {}, 200),
    ]
    print(f"\nSaturating, closed loop: wrk, {connections} connections, {seconds} s each")
    rates: dict[str, float] = {}
    errors = 0
    for name, path, head, expected in cases:
        status, _, _, _ = server.request("GET", path, head)
        if status != expected:
            raise SystemExit(f"{name}: expected {expected}, got {status}")
        rate, failed = saturate(wrk, server, path, head, seconds, connections)
        rates[name] = rate
        errors += failed
    minimal = statistics.mean(
        [rates.pop("minimal view (/ping/)"), rates.pop("minimal view, again")]
    )
    print(f"{'request':26} {'req/s':>8} {'of minimal':>11}")
    print(f"{'minimal view (/ping/)':26} {minimal:8.0f} {1:11.2f}  (mean of first and last)")
    ratios = {}
    for name, rate in rates.items():
        ratios[name] = rate / minimal
        print(f"{name:26} {rate:8.0f} {rate / minimal:11.2f}")
    print(f"errors: {errors}")
    return {
        "unchanged poll / minimal": ratios["unchanged poll (204)"],
        "changed scoreboard / minimal": ratios["changed scoreboard (200)"],
    }, errors


# The run -------------------------------------------------------------------------------------------


def start_server(port: int, database_url: str, workers: str | None) -> subprocess.Popen[bytes]:
    env = {**os.environ, "DATABASE_URL": database_url, "BIND": f"127.0.0.1:{port}"}
    if workers:
        env["WEB_CONCURRENCY"] = workers
    process = subprocess.Popen(
        [str(ROOT / "dev"), "serve"],
        cwd=ROOT,
        env=env,
        start_new_session=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    server = Server(port)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"./dev serve stopped: {process.stderr.read().decode()[-2000:]}")  # type: ignore[union-attr]
        try:
            if server.request("GET", "/ping/", {})[0] == 200:
                return process
        except OSError:
            pass
        time.sleep(0.3)
    raise SystemExit("./dev serve did not answer /ping/ within 120 s")


def stop_server(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)  # the group ./dev serve started: gunicorn's
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--db", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument(
        "--pg-url",
        default=os.environ.get("LOAD_PG_URL", "postgres://postgres@127.0.0.1:5432"),
        help="the PostgreSQL server (no database name) for --db postgres",
    )
    parser.add_argument("--duration", type=float, default=120, help="seconds of the night's load")
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--phones", type=int, default=200)
    parser.add_argument("--saturate", type=int, default=10, help="seconds per wrk run; 0: none")
    parser.add_argument("--connections", type=int, default=20)
    parser.add_argument(
        "--workers", help="gunicorn workers (WEB_CONCURRENCY); default its config's"
    )
    args = parser.parse_args()

    database_url, remove = make_database(args.db, args.pg_url)
    serve_here(database_url)
    process = None
    try:
        started = time.monotonic()
        night = fill(args.tables, args.phones, deals_before=2)
        port = free_port()
        process = start_server(port, database_url, args.workers)
        server = Server(port)
        open_pages(server, night)
        print(
            f"{args.db}: {args.tables} tables, {args.phones} phones, set up in "
            f"{time.monotonic() - started:.0f} s; gunicorn on 127.0.0.1:{port} "
            f"({args.workers or 'default'} workers)"
        )
        seen, summary = night_load(server, night, args.duration)
        errors = sum(seen.errors.values())
        if args.saturate > 0:
            ratios, failed = saturation(server, night, args.saturate, args.connections)
            summary.update(ratios)
            errors += failed
        print("\nTargets (issue 12)")
        print(f"  errors: {errors} (target 0) {'met' if errors == 0 else 'MISSED'}")
        for name, target in TARGETS.items():
            if name not in summary:
                continue
            value = summary[name]
            met = value < target if name.endswith("ms") else value >= target
            sign = "<" if name.endswith("ms") else ">="
            print(f"  {name}: {value:.2f} (target {sign} {target:g}) {'met' if met else 'MISSED'}")
    finally:
        if process is not None:
            stop_server(process)
        remove()
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
