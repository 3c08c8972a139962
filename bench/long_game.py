"""A long game's cost: ``python bench/long_game.py [--db sqlite|postgres|both] [--sizes 5,500,1500]``.

A Knock Rummy game at three (no target: it never ends, settling each hand as it comes) is
written up to each size, its ledger in a few statements (``Entry.insert_ledger``), each hand a
sample deal with every player's cards (the engine searches each hand's best melding). Then, in
this process, through Django's test client with DEBUG off, as a server runs:

- the game page and its scoreboard fragment (what every phone polls): bytes and milliseconds;
- a hand recorded from the page with htmx (the phone gets the game back, board and form), by a
  phone whose process read the board last (it keeps the tally): milliseconds, queries, and the
  deals the engine scored for it; the same through the API (the write alone);
- a hand recorded after another process recorded one (this process's tally is a hand behind),
  and in a process that keeps nothing yet (just started: the whole game is replayed once);
- the Undo (a void of the hand just recorded), an amend of the last hand, and an amend and a
  void of hand 1 (which replay the game from that hand on).

With ``--parallel N`` (SQLite only) it then starts the app the production way (``./dev serve``:
gunicorn, its workers each keeping their own tallies) on the longest game and has N recorders
record hands through the API at once for ``--duration`` seconds: answers by status, and the
milliseconds of the writes.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import threading
import time
from collections import Counter
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from unittest import mock

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

GAME = "knock-rummy"
PLAYERS = ("Ann", "Ben", "Cy")
REPEAT = 5  # writes measured per size and kind (the median is printed); --repeat


def setup(database_url: str) -> None:
    os.environ.update(
        DATABASE_URL=database_url,
        DJANGO_SETTINGS_MODULE="scorekeeper.settings",
        DEBUG="0",
        HTTPS="0",
        ALLOWED_HOSTS="testserver,127.0.0.1,localhost",
        MANIFEST_STATIC="0",  # in this process: no collectstatic (the served app has its own)
    )
    os.environ.setdefault("SECRET_KEY", os.urandom(32).hex())
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


class World:
    """The night, its owner (who records) and a signed-in client."""

    def __init__(self) -> None:
        from django.contrib.auth.models import User
        from django.test import Client

        from scorekeeper.access import tokens
        from tests.factories import NightFactory

        self.owner = User.objects.create(username=f"ann{os.getpid()}")
        self.night = NightFactory(owner=self.owner)  # type: ignore[no-untyped-call]
        self.client = Client()
        self.client.force_login(self.owner)
        self.api = Client(
            HTTP_AUTHORIZATION=f"Token {tokens.token_create(user=self.owner, name='bench')[1]}"
        )
        # The token's first use is written down (then once a minute at most): not in a write.
        self.api.get("/api/v1/nights/")

    def game(self, deals: int) -> Any:
        """A new game with ``deals`` hands recorded."""
        from scorekeeper.models import Entry
        from tests.factories import GameFactory

        game = GameFactory(night=self.night, slug=GAME, players=list(PLAYERS))  # type: ignore[no-untyped-call]
        ids = Entry.next_ids(deals)
        Entry.insert_ledger(
            [
                Entry(id=pk, game=game, kind="record", data=sample(n + 1), recorded_by=self.owner)
                for n, pk in enumerate(ids)
            ]
        )
        return game


def sample(number: int) -> dict[str, Any]:
    from adjudicator.games import get_game

    definition = get_game(GAME)
    return definition.sample_deal(players=len(PLAYERS), options=definition.options(), number=number)


def page_post(game: Any, number: int, data: dict[str, Any]) -> dict[str, str]:
    """What a phone posts for hand ``number`` filled in with ``data`` (the form's own fields)."""
    import uuid

    from scorekeeper.pages.deal_forms import DealForm

    form = DealForm.from_data(data, game=game, seats=tuple(game.seats.select_related("player")))
    posted: dict[str, str] = {}
    for name, field in form.fields.items():
        value = form.initial.get(name, field.initial)
        if value is None or value is False:
            continue
        posted[name] = "on" if value is True else str(value)
    return posted | {"token": str(uuid.uuid4()), "number": str(number)}


class Cost:
    """Milliseconds, queries and deals scored by the engine, of one call."""

    def __init__(self) -> None:
        self.ms: list[float] = []
        self.queries: list[int] = []
        self.scored: list[int] = []

    def row(self) -> tuple[float, int, int]:
        # The median of the queries: an API token's last use is written once a while, a
        # query more in one write or another.
        return statistics.median(self.ms), int(statistics.median(self.queries)), max(self.scored)


@contextmanager
def measured(cost: Cost) -> Any:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from adjudicator.games import get_game

    definition = get_game(GAME)
    with (
        mock.patch.object(definition, "score", wraps=definition.score) as score,
        CaptureQueriesContext(connection) as made,
    ):
        started = time.perf_counter()
        yield
        cost.ms.append((time.perf_counter() - started) * 1000)
    cost.queries.append(len(made))
    cost.scored.append(score.call_count)


def newest(game: Any) -> Any:
    return game.entries.order_by("-id").first()


def measure_size(world: World, size: int) -> dict[str, Any]:
    """Every figure for a game of ``size`` hands: each kind of write on a game of its own, which
    has ``size - 1`` hands before it (the hand recorded is hand ``size``)."""
    from django.core.cache import cache
    from django.urls import reverse

    from scorekeeper.models import Entry
    from scorekeeper.standings import scoreboard

    hx = {"HTTP_HX_REQUEST": "true"}
    out: dict[str, Any] = {}
    game: Any = None

    def read_page() -> bytes:
        response = world.client.get(reverse("game_detail", args=[game.pk]))
        assert response.status_code == 200, response.status_code
        return response.content

    def record_page(cost: Cost) -> None:
        number = game.entries.filter(kind="record").count() + 1
        posted = page_post(game, number, sample(number))
        with measured(cost):
            response = world.client.post(reverse("deal_record", args=[game.pk]), posted, **hx)
        assert response.status_code == 200 and b'id="recorded"' in response.content, (
            response.content[-2000:]
        )

    def record_api(cost: Cost) -> None:
        number = game.entries.filter(kind="record").count() + 1
        body = json.dumps({"deal": sample(number)})
        with measured(cost):
            response = world.api.post(
                reverse("api_game_deals", args=[game.pk]), body, content_type="application/json"
            )
        assert response.status_code == 201, response.content

    def api(cost: Cost, name: str, key: int, body: dict[str, Any]) -> None:
        with measured(cost):
            response = world.api.post(
                reverse(name, args=[game.pk, key]),
                json.dumps(body),
                content_type="application/json",
            )
        assert response.status_code == 201, response.content

    def record_page_kind(cost: Cost) -> None:
        read_page()  # this phone's board: the process keeps this ledger's tally
        record_page(cost)

    def record_api_kind(cost: Cost) -> None:
        read_page()
        record_api(cost)

    def after_another(cost: Cost) -> None:
        read_page()
        number = game.entries.filter(kind="record").count() + 1
        # Another process records a hand (straight into the ledger, as its worker would).
        Entry.objects.create(game=game, kind="record", data=sample(number), recorded_by=world.owner)
        record_api(cost)

    def nothing_kept(cost: Cost) -> None:
        scoreboard.forget_kept()
        record_api(cost)

    def undo(cost: Cost) -> None:
        read_page()
        record_page(Cost())
        last = newest(game)
        with measured(cost):
            response = world.client.post(
                reverse("deal_void", args=[game.pk, last.pk]),
                {"revision": last.pk, "note": "Undone just after it was recorded"},
                **hx,
            )
        assert response.status_code == 200, response.content[-2000:]

    def amend_last(cost: Cost) -> None:
        read_page()
        key = game.entries.filter(kind="record").order_by("-id").first().pk
        latest = newest_revision(game, key)
        api(cost, "api_deal_amend", key, {"deal": latest.data, "revision": latest.pk})

    def amend_first(cost: Cost) -> None:
        read_page()
        key = game.entries.order_by("id").first().pk
        latest = newest_revision(game, key)
        api(cost, "api_deal_amend", key, {"deal": latest.data, "revision": latest.pk})

    def void_first(cost: Cost) -> None:
        read_page()
        first = game.entries.order_by("id").first()
        latest = newest_revision(game, first.pk)
        api(cost, "api_deal_void", first.pk, {"revision": latest.pk})
        voided = newest_revision(game, first.pk)
        api(Cost(), "api_deal_amend", first.pk, {"deal": first.data, "revision": voided.pk})

    kinds = {
        "record (page, htmx)": record_page_kind,
        "record (API)": record_api_kind,
        "record after another process": after_another,
        "record, nothing kept": nothing_kept,
        "undo the hand just recorded": undo,
        "amend the last hand": amend_last,
        "amend hand 1": amend_first,
        "void hand 1": void_first,
    }
    costs: dict[str, tuple[float, int, int]] = {}
    for name, kind in kinds.items():
        game = world.game(size - 1)
        cost = Cost()
        for _ in range(REPEAT):
            kind(cost)
        costs[name] = cost.row()
    out["costs"] = costs

    game = world.game(size)
    scoreboard.forget_kept()  # a process that keeps nothing: the first read replays the game
    started = time.perf_counter()
    read_page()
    out["first read ms"] = (time.perf_counter() - started) * 1000
    cache.clear()  # the kept scoreboards: measured as rendered
    started = time.perf_counter()
    page = read_page()
    out["page ms"] = (time.perf_counter() - started) * 1000
    out["page bytes"] = len(page)
    cache.clear()
    started = time.perf_counter()
    board = world.client.get(reverse("game_scoreboard", args=[game.pk]), **hx)
    out["board ms"] = (time.perf_counter() - started) * 1000
    out["board bytes"] = len(board.content)
    return out


def newest_revision(game: Any, key: int) -> Any:
    from scorekeeper.ledger import reading

    return reading.latest_revision(game, key)


def report(kind: str, sizes: list[int], results: dict[int, dict[str, Any]]) -> None:
    print(f"\n{kind}: a Knock Rummy game at three, hands with every player's cards")
    head = "".join(f"{f'at {s:,}':>22}" for s in sizes)
    print(f"{'':34}{head}")
    print(f"{'':34}" + "".join(f"{'ms  queries  scored':>22}" for _ in sizes))
    for name in results[sizes[0]]["costs"]:
        cells = ""
        for s in sizes:
            ms, queries, scored = results[s]["costs"][name]
            cells += f"{ms:>10.1f} {queries:>6} {scored:>5}"
        print(f"{name:34}{cells}")
    for label, key, unit in (
        ("first read of the game page", "first read ms", "ms"),
        ("game page", "page ms", "ms"),
        ("game page", "page bytes", "KB"),
        ("scoreboard fragment", "board ms", "ms"),
        ("scoreboard fragment", "board bytes", "KB"),
    ):
        cells = ""
        for s in sizes:
            value = results[s][key]
            cells += f"{value / 1024 if unit == 'KB' else value:>19.1f} {unit}"
        print(f"{label:34}{cells}")
    print(
        f"(ms and queries: the median of {REPEAT} writes, each kind on a game of its own;"
        " scored: the most deals the engine scored for one of them)"
    )


def run_sizes(kind: str, database_url: str, sizes: list[int]) -> None:
    setup(database_url)
    world = World()
    results = {size: measure_size(world, size) for size in sizes}
    report(kind, sizes, results)


# Recorders in parallel, under gunicorn ------------------------------------------------------------


def run_parallel(database_url: str, size: int, recorders: int, duration: float) -> None:
    from bench import load

    setup(database_url)
    world = World()
    game = world.game(size)
    from scorekeeper.access import tokens

    raw = tokens.token_create(user=world.owner, name="parallel")[1]
    from django.db import connections

    connections.close_all()
    port = load.free_port()
    process = load.start_server(port, database_url, None)
    server = load.Server(port)
    statuses: Counter[int] = Counter()
    times: list[float] = []
    lock = threading.Lock()
    until = time.monotonic() + duration

    def recorder(seat: int) -> None:
        n = seat
        headers = {"Authorization": f"Token {raw}", "Content-Type": "application/json"}
        while time.monotonic() < until:
            n += recorders
            body = json.dumps({"deal": sample(size + n)}).encode()
            status, _, _, took = server.request(
                "POST", f"/api/v1/games/{game.pk}/deals/", headers, body
            )
            with lock:
                statuses[status] += 1
                times.append(took)

    try:
        threads = [threading.Thread(target=recorder, args=(s,)) for s in range(recorders)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        load.stop_server(process)
    times.sort()
    print(
        f"\n{recorders} recorders at once through gunicorn ({duration:g} s), a game of "
        f"{size:,} hands: answers {dict(sorted(statuses.items()))}; write ms p50 "
        f"{times[len(times) // 2]:.0f}, p95 {times[int(0.95 * (len(times) - 1))]:.0f}, "
        f"worst {times[-1]:.0f}"
    )


def main() -> None:
    global REPEAT
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--db",
        choices=["sqlite", "postgres", "both", "none"],
        default="both",
        help="none: --parallel alone",
    )
    parser.add_argument(
        "--pg-url",
        default=os.environ.get("LOAD_PG_URL", "postgres://postgres@127.0.0.1:5432"),
        help="the PostgreSQL server (no database name)",
    )
    parser.add_argument("--sizes", default="5,500,1500")
    parser.add_argument("--parallel", type=int, default=0, help="recorders at once (SQLite)")
    parser.add_argument("--duration", type=float, default=20)
    parser.add_argument("--repeat", type=int, default=REPEAT, help="writes per size and kind")
    parser.add_argument("--inner", help=argparse.SUPPRESS)  # one database, in a child process
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    REPEAT = args.repeat
    if args.inner:
        kind, url = args.inner.split("=", 1)
        if kind == "parallel":
            run_parallel(url, max(sizes), args.parallel, args.duration)
        else:
            run_sizes(kind, url, sizes)
        return
    from bench import load

    kinds = {"both": ["sqlite", "postgres"], "none": []}.get(args.db, [args.db])
    runs = [(kind, kind) for kind in kinds]
    if args.parallel:
        runs.append(("sqlite", "parallel"))
    for db, kind in runs:
        url, remove = load.make_database(db, args.pg_url)
        try:
            # Each database in a process of its own: Django is set up once per process.
            subprocess.run(
                [
                    sys.executable,
                    __file__,
                    "--inner",
                    f"{kind}={url}",
                    "--sizes",
                    args.sizes,
                    "--parallel",
                    str(args.parallel),
                    "--duration",
                    str(args.duration),
                    "--repeat",
                    str(args.repeat),
                ],
                check=True,
                cwd=ROOT,
                env={k: v for k, v in os.environ.items() if k != "DATABASE_URL"},
            )
        finally:
            remove()


if __name__ == "__main__":
    main()
