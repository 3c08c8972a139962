"""Time imports of one game of N deals: ``python bench/import_size.py [--sizes 250,1000,5000]``.

Writes to a temporary SQLite file, or to the database ``DATABASE_URL`` names (PostgreSQL:
migrated, and new users made; nothing of theirs is removed afterwards). For each size, an
export of one night with one game of that many recorded deals (the first game with no end of
its own, its sample deals; no game named here) is imported, and the script prints:

- the whole import's seconds, and how they split between checking the file (schema and
  replay, no database; timed on its own first) and the rest, writing it (the one transaction);
- the milliseconds per deal, which stay flat if the cost is linear;
- while the import runs, another table records a deal in a loop (its own game, its own
  thread and connection): how many it recorded, the longest any of them waited, and whether
  any failed. On SQLite that wait is the import's hold on the write lock.
"""

from __future__ import annotations

import argparse
import sys
import threading
import time
import uuid
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.database import throwaway_database


def document(slug: str, players: int, deals: list[dict[str, Any]]) -> dict[str, Any]:
    """An export of one night with one game holding ``deals``, as ``transfer`` writes one."""
    return {
        "format": "scorekeeper-export",
        "version": 1,
        "exported_at": "2026-11-22T23:00:00+00:00",
        "players": [f"P{i}" for i in range(players)],
        "nights": [
            {
                "date": "2026-11-22",
                "place": "bench",
                "notes": "",
                "owner": "someone",
                "table": [f"P{i}" for i in range(players)],
                "games": [
                    {
                        "number": 1,
                        "slug": slug,
                        "name": slug,
                        "options": {},
                        "created_by": "someone",
                        "seats": [
                            {"player": f"P{i}", "position": i, "team": None} for i in range(players)
                        ],
                        "entries": [
                            {
                                "n": n,
                                "kind": "record",
                                "deal": None,
                                "supersedes": None,
                                "data": data,
                                "note": "",
                                "token": str(uuid.uuid4()),
                                "recorded_by": "someone",
                                "recorded_at": "2026-11-22T20:00:00+01:00",
                            }
                            for n, data in enumerate(deals, start=1)
                        ],
                    }
                ],
            }
        ],
    }


def record_meanwhile(
    game: Any, data: dict[str, Any], stop: Any, waits: list[float], failures: list[str]
) -> None:
    """Another table at work: record a deal and void it, again and again, until ``stop``."""
    from django.db import connections

    from scorekeeper.games import services as game_services

    try:
        while not stop.is_set():
            started = time.perf_counter()
            try:
                entry = game_services.deal_record(game=game, by=game.night.owner, data=data)
                game_services.deal_void(game=game, deal_key=entry.pk, by=game.night.owner)
            except Exception as err:  # counted and shown: the point of the figure
                failures.append(repr(err)[:80])
            waits.append(time.perf_counter() - started)
            time.sleep(0.02)
    finally:
        connections.close_all()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="250,1000,5000")
    args = parser.parse_args()
    sizes = [int(size) for size in args.sizes.split(",")]

    throwaway_database("import-bench-")
    from django.db import connection

    from adjudicator.games import all_games, get_game
    from scorekeeper.transfer import importing
    from tests.factories import GameFactory, UserFactory

    definition = next(g for g in all_games() if g.open_ended(g.options(), g.min_players))
    players, options = definition.min_players, definition.options()
    print(f"{connection.vendor}: one game of {definition.slug}, {players} players")
    print(
        f"{'deals':>6} {'KB':>6} {'check s':>8} {'write s':>8} {'total s':>8} {'ms/deal':>8}"
        f" {'other writes':>12} {'longest wait s':>14} {'failed':>6}"
    )
    for size in sizes:
        deals = [
            definition.sample_deal(players=players, options=options, number=n)
            for n in range(1, size + 1)
        ]
        doc = document(definition.slug, players, deals)
        kilobytes = len(str(doc)) / 1024
        owner = UserFactory(username=f"bench-{uuid.uuid4().hex[:8]}")
        other = GameFactory(night__owner=UserFactory(username=f"other-{uuid.uuid4().hex[:8]}"))
        rules = get_game(other.slug)
        other_deal = rules.sample_deal(
            players=other.seats.count(), options=rules.options(other.options), number=1
        )
        stop = threading.Event()
        waits: list[float] = []
        failures: list[str] = []
        thread = threading.Thread(
            target=record_meanwhile, args=(other, other_deal, stop, waits, failures)
        )
        started = time.perf_counter()
        checked = importing.check_document(doc)
        check_s = time.perf_counter() - started
        thread.start()
        time.sleep(0.05)
        imported_at = time.perf_counter()
        importing.import_nights(owner=owner, document=doc)
        total = time.perf_counter() - imported_at
        write_s = total - check_s  # the import checks the file again, then writes it
        stop.set()
        thread.join()
        assert checked and checked[0].games[0].rows
        print(
            f"{size:>6} {kilobytes:>6.0f} {check_s:>8.2f} {write_s:>8.2f} {total:>8.2f} "
            f"{1000 * total / size:>8.2f} {len(waits):>12} {max(waits, default=0):>14.2f} "
            f"{len(failures):>6}"
        )
        for failure in failures[:3]:
            print("   ", failure)


if __name__ == "__main__":
    main()
