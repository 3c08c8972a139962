"""Two app servers, one PostgreSQL: ``python bench/two_servers.py [--duration 20]``.

What docs/scaling.md claims, measured: the app servers hold no state of their own, so any of
them can answer any request. This starts two gunicorn instances (``./dev serve``) on two ports
sharing one new PostgreSQL database (dropped afterwards) and checks, printing what it saw:

1. a session signed in through one is signed in on the other, and a poll key handed out by
   one takes the other's fast path;
2. a deal recorded through one is on the other's scoreboard at the very next poll;
3. under a night's load split request by request between the two, as a round-robin load
   balancer would, every game's standings read the same through both afterwards, and every
   phone ends on the game's latest version.

Exit status 1 if any check fails.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import sys
import threading
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.load import (  # after the path is set
    Server,
    board_path,
    fill,
    free_port,
    make_database,
    night_load,
    open_pages,
    poll_headers,
    serve_here,
    start_server,
    stop_server,
)


class RoundRobin:
    """Each request to the next server in turn, as a load balancer without stickiness."""

    def __init__(self, servers: list[Server]) -> None:
        self.turn = itertools.cycle(servers)
        self.lock = threading.Lock()

    def request(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, str], bytes, float]:
        with self.lock:
            server = next(self.turn)
        return server.request(*args, **kwargs)


def check(ok: bool, what: str, failures: list[str]) -> None:
    print(f"  {'ok  ' if ok else 'FAIL'} {what}")
    if not ok:
        failures.append(what)


def version_of(headers: dict[str, str]) -> int:
    return int(headers["etag"].rsplit("-", 1)[1].rstrip('"'))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--pg-url", default=os.environ.get("LOAD_PG_URL", "postgres://postgres@127.0.0.1:5432")
    )
    parser.add_argument("--duration", type=float, default=20, help="seconds of load through both")
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--phones", type=int, default=40)
    args = parser.parse_args()

    database_url, remove = make_database("postgres", args.pg_url)
    serve_here(database_url)
    processes = []
    failures: list[str] = []
    try:
        night = fill(args.tables, args.phones, deals_before=1)
        # One after the other: each runs collectstatic and migrate before it serves.
        for _ in range(2):
            port = free_port()
            processes.append((start_server(port, database_url, "2"), Server(port)))
        a, b = (server for _, server in processes)
        print(
            f"two gunicorn instances (2 workers each) on ports {a.port} and {b.port}, "
            f"one PostgreSQL database; {args.tables} tables, {args.phones} phones"
        )

        print("\n1. Sessions and poll keys are not tied to a server")
        open_pages(a, night)  # every phone opens its page on A, and gets its key from A
        phone = night.phones[0]
        status, headers, _, _ = b.request("GET", f"/games/{phone.game}/", {"Cookie": phone.cookie})
        check(
            status == 200,
            f"a session signed in through A opens the game page on B ({status})",
            failures,
        )
        status, headers, _, _ = b.request(
            "GET", board_path(phone.game, phone.since), poll_headers(phone)
        )
        check(
            status == 204 and "x-poll-key" not in headers,
            f"A's poll key takes B's fast path: {status}, no new key handed out",
            failures,
        )

        print("\n2. A deal recorded through A is on B's scoreboard at the next poll")
        table = next(t for t in night.tables if t.game == phone.game)
        from scorekeeper.nights.demo import SAMPLE_DEALS

        body = json.dumps({"deal": SAMPLE_DEALS[1]}).encode()
        auth = {"Authorization": f"Token {table.token}", "Content-Type": "application/json"}
        status, _, content, took = a.request(
            "POST", f"/api/v1/games/{table.game}/deals/", auth, body
        )
        recorded = json.loads(content)["id"] if status == 201 else None
        status2, headers, html, answered = b.request(
            "GET", board_path(phone.game, phone.since), poll_headers(phone)
        )
        check(
            status == 201 and status2 == 200 and version_of(headers) == recorded,
            f"recorded through A (201 in {took:.1f} ms, entry {recorded}); B's next poll: "
            f"{status2}, version {headers.get('etag')}, the board ({len(html)} bytes) in {answered:.1f} ms",
            failures,
        )
        table.deals_recorded += 1
        table.last_deal = json.loads(content)["deal"]

        print(f"\n3. {args.duration:g} s of a night's load, request by request across A and B")
        open_pages(a, night)
        balancer = RoundRobin([a, b])
        seen, _ = night_load(balancer, night, args.duration)  # type: ignore[arg-type]
        check(not seen.errors, f"no errors ({sum(seen.errors.values())})", failures)
        same = 0
        for t in night.tables:
            path = f"/api/v1/games/{t.game}/standings/"
            token = {"Authorization": f"Token {t.token}"}
            from_a, from_b = a.request("GET", path, token), b.request("GET", path, token)
            if from_a[0] == from_b[0] == 200 and json.loads(from_a[2]) == json.loads(from_b[2]):
                same += 1
        check(
            same == len(night.tables),
            f"every game's standings read the same through A and B ({same} of {len(night.tables)})",
            failures,
        )
        behind = 0
        for p in night.phones:
            # The phone's next poll, through either server, brings it up to date.
            headers = balancer.request("GET", board_path(p.game, p.since), poll_headers(p))[1]
            p.since = version_of(headers)
            latest = version_of(a.request("GET", board_path(p.game, 0), poll_headers(p))[1])
            on_b = version_of(b.request("GET", board_path(p.game, 0), poll_headers(p))[1])
            if not (p.since == latest == on_b):
                behind += 1
        check(
            behind == 0,
            f"every phone's next poll brings it to its game's latest version, the same on A and B "
            f"({len(night.phones) - behind} of {len(night.phones)})",
            failures,
        )
    finally:
        for process, _ in processes:
            stop_server(process)
        remove()
    print(f"\n{'all checks passed' if not failures else f'{len(failures)} checks FAILED'}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
