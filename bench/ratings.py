"""Time the ratings: ``python bench/ratings.py [--nights 500] [--reads 20]``.

Ratings are never stored: every read takes the finished games of the nights the reader can
see, in the order they finished, and rates them (issue 21). This fills a throwaway SQLite
database (or the one in ``DATABASE_URL``, which it must be allowed to fill) with ``--nights``
nights of one finished Rummy game each among five players, then times through the selectors:

- *cold*: a process that has kept nothing (no replayed ledger, no run of ratings);
- *warm*: nothing changed since the last read (the usual case: the leaderboard read again);
- *amend*: the middle game's deal amended (its end undone, the deal amended, the game ended
  again), then the leaderboard read: the games before it are not rated again;
- *player*: a player's page reads (ratings per game with their history, rivals and records).

Each line gives the median and worst milliseconds and the queries of one read.
"""

from __future__ import annotations

import argparse
import datetime
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.database import throwaway_database


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--nights", type=int, default=500)
    parser.add_argument("--reads", type=int, default=20)
    args = parser.parse_args()

    throwaway_database("ratings-bench-")
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from adjudicator.games import get_game
    from adjudicator.options import options_as_dict
    from scorekeeper.games import services as game_services
    from scorekeeper.history import ratings, rivals, scope
    from scorekeeper.models import Entry, Game, Night, Player, Seat
    from scorekeeper.standings import scoreboard
    from tests.factories import UserFactory

    owner = UserFactory(username=f"bench-{os.getpid()}")
    names = ("Ann", "Bob", "Cy", "Di", "Ed")
    players = [Player.objects.create(owner=owner, name=name) for name in names]
    start = datetime.date(2024, 1, 1)
    nights = Night.objects.bulk_create(
        Night(owner=owner, date=start + datetime.timedelta(n)) for n in range(args.nights)
    )
    options = options_as_dict(get_game("rummy").options())
    games = Game.objects.bulk_create(
        Game(night=night, number=1, slug="rummy", options=options, created_by=owner)
        for night in nights
    )
    for n, game in enumerate(games):
        seated = [players[(n + k) % len(players)] for k in range(3)]
        Seat.objects.bulk_create(
            Seat(game=game, player=player, position=p) for p, player in enumerate(seated)
        )
        winner = n % 3
        hands = [{"seat": s, "held": 5 + (7 * n + 3 * s) % 40} for s in range(3) if s != winner]
        data = {"went_out": winner, "hands": hands}
        Entry.objects.create(game=game, kind="record", data=data, recorded_by=owner)
        Entry.objects.create(game=game, kind="end", data={}, recorded_by=owner)

    def timed(label: str, call: Callable[[], object], reads: int, before: Callable[[], None]):
        times, queries = [], 0
        for _ in range(reads):
            before()
            with CaptureQueriesContext(connection) as made:
                started = time.perf_counter()
                call()
                times.append((time.perf_counter() - started) * 1000)
            queries = len(made)
        print(
            f"{label:<8} median {statistics.median(times):8.1f} ms   worst {max(times):8.1f} ms"
            f"   {queries} queries"
        )

    def cold() -> None:
        scoreboard.forget_kept()
        ratings.forget_runs()

    def nothing() -> None:
        pass

    middle = games[len(games) // 2]
    amended = iter(range(10**6))

    def amend() -> None:
        n = next(amended)
        game_services.game_end_undo(game=middle, by=owner)
        record = Entry.objects.filter(game=middle, kind="record").first()
        assert record is not None
        hands = [{"seat": s, "held": 10 + n % 9 + s} for s in range(3) if s != n % 3]
        data = {"went_out": n % 3, "hands": hands}
        game_services.deal_amend(game=middle, deal_key=record.pk, by=owner, data=data)
        game_services.game_end(game=middle, by=owner)

    def board() -> object:
        return ratings.leaderboard(scope.of_user(owner), slug="rummy")

    print(f"{args.nights} nights, one finished Rummy game each, five players")
    timed("cold", board, max(3, args.reads // 5), cold)
    board()
    timed("warm", board, args.reads, nothing)
    timed("amend", board, max(3, args.reads // 5), amend)
    rerated = ratings._runs[(scope.of_user(owner).key, "rummy", 0)][1].rated
    print(f"         (an amend of game {len(games) // 2 + 1} rated {rerated} games again)")
    ann = players[0]

    def player_page() -> object:
        mine = scope.of_user(owner)
        return ratings.player_ratings(mine, ann), rivals.rivals(mine, ann)

    player_page()
    timed("player", player_page, args.reads, nothing)


if __name__ == "__main__":
    main()
