"""Time the live scoreboard's poll: ``python bench/poll.py [--polls 2000] [--deals 20]``.

Every phone at the table asks every 2 s whether the board changed, so the answer "nothing
changed" must cost almost nothing. This sets up a throwaway SQLite database (or the one in
``DATABASE_URL``, which it must be allowed to fill), records a game of ``--deals`` deals, and
times an unchanged poll through Django's whole stack (middleware included, as a phone's request
goes) with ``django.test.Client``, counting its queries:

- *fast*: the board's poll key is fresh (the usual case): one indexed query, no rendering;
- *full*: no key or an old one: sign-in, access and the marker, still no rendering;
- *board*: the board changed, so it is re-rendered (what every phone pays once per change);
- *bare view*: ``/ping/``, which does nothing, through the same stack and test client: the
  fast poll's median less this one's is the poll's own server work.

The target (issue 10): "nothing changed" in well under a millisecond of server work.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.database import throwaway_database


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--polls", type=int, default=2000)
    parser.add_argument("--deals", type=int, default=20)
    args = parser.parse_args()

    throwaway_database("poll-bench-")
    from django.conf import settings
    from django.db import connection
    from django.test import Client
    from django.test.utils import setup_test_environment
    from django.urls import reverse

    from bench.timing import measure
    from scorekeeper.games import services as game_services
    from scorekeeper.live import polling
    from scorekeeper.nights.demo import SAMPLE_DEALS
    from tests.factories import GameFactory, UserFactory

    setup_test_environment()
    # Plain static storage: the bench skips collectstatic (the manifest would be missing).
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    alice = UserFactory(username=f"bench-{os.getpid()}")
    game = GameFactory(night__owner=alice, slug="bridge-rummy")
    for n in range(args.deals):
        game_services.deal_record(game=game, by=alice, data=SAMPLE_DEALS[n % len(SAMPLE_DEALS)])
        if n % 7 == 6:  # Bridge Rummy is seven deals: start the next game
            game = GameFactory(night=game.night, slug="bridge-rummy", number=game.number + 1)
    client = Client()
    client.force_login(alice)
    page = client.get(game.get_absolute_url(), secure=True)
    assert page.status_code == 200, page.status_code
    version = polling.marker(game.pk)
    key = page.content.decode().split('"X-Poll-Key": "', 1)[1].split('"', 1)[0]
    url = f"{reverse('game_scoreboard', args=[game.pk])}?since={version}"
    hx = {"HTTP_HX_REQUEST": "true"}

    cases = {
        "bare view (/ping/, no query)": (reverse("ping"), {}, 200),
        "fast (fresh key, unchanged)": (url, {"HTTP_X_POLL_KEY": key, **hx}, 204),
        "full (no key, unchanged)": (url, hx, 204),
        "board (changed: rendered)": (
            f"{reverse('game_scoreboard', args=[game.pk])}?since=0",
            {"HTTP_X_POLL_KEY": key, **hx},
            200,
        ),
    }
    medians: dict[str, float] = {}
    print(f"{args.polls} polls each, {connection.vendor}, game of {len(game.entries.all())} deals")
    for name, (target, headers, expected) in cases.items():
        queries: list[str] = []

        def count(execute, sql, params, many, context, seen=queries):  # type: ignore[no-untyped-def]
            seen.append(sql)
            return execute(sql, params, many, context)

        with connection.execute_wrapper(count):
            response = client.get(target, secure=True, **headers)
        assert response.status_code == expected, (name, response.status_code)
        # The first request of a case warms what it touches; the timing is of the ones after.
        rendered = expected == 200 and not name.startswith("bare")
        polls = args.polls if not rendered else max(1, args.polls // 20)
        stats = measure(
            lambda _, t=target, h=headers: client.get(t, secure=True, **h),
            range(polls),
            memory=5,
        )
        print(
            f"{name:30} {len(queries)} queries  "
            f"median {stats['median']:.3f} ms  p95 {stats['p95']:.3f} ms  "
            f"worst {stats['worst']:.3f} ms"
        )
        medians[name] = stats["median"]
        if name.startswith("fast"):
            for sql in queries:
                print(f"  {sql}")
    bare, fast = medians["bare view (/ping/, no query)"], medians["fast (fresh key, unchanged)"]
    print(
        f"The unchanged poll's own work, fast median less the bare view's (both through the "
        f"same stack and test client; the poll is answered before the sessions, CSRF, sign-in, "
        f"messages and axes layers that the bare view passes through): {fast - bare:.3f} ms"
    )


if __name__ == "__main__":
    main()
