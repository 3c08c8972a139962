"""How many taps a hand costs at the table: ``python bench/taps.py [--phone 390x844] [--language is]``.

The app is started as ``./dev serve`` runs it (gunicorn, DEBUG off, collected static files) on
a new SQLite database, with a night and a player signed in. Then, in Debian's Chromium at a
phone's size (Playwright), for every game and each way its record offers, a new game is opened
at a usual table size and one sample hand is entered as a person would (the same hands every
run: each way's first sample deal), every tap counted by ``tests/browser/hands.py``: cards,
choices, players, switches, number boxes (the keys typed are the phone's keyboard, not taps)
and the Record button. A choice the form already starts on costs nothing.

With ``--confirmations`` the night asks the other side to confirm each hand: the hand also costs
saying who records it (once a night: the phone remembers) and the one tap of "Confirmed by …"
on the recorder's phone handed across; its budget is two taps more.

It prints, for each: the game, the table, the way, what the hand holds, the taps, the budget
and whether the hand was recorded. Budgets (issue 18): trick by trick, the cards played plus 3
(plus one a run of passes where a turn may be a pass); on the card picker or a grid, the cards
picked plus one a player plus 2; otherwise one tap a value given (each side's count, each
event), the way and Record. Exit status 1 if a hand was not recorded or went over its budget.
"""

from __future__ import annotations

import argparse
import datetime
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

NAMES = ["Ann", "Ben", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]


def recorded(game: Any, seconds: float = 10) -> bool:
    """Whether the game's ledger has the hand, once the page has had time to send it."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if game.entries.exists():
            return True
        time.sleep(0.2)
    return False


def confirmed(game: Any, seconds: float = 10) -> bool:
    """Whether the game's hand was confirmed, once the page has had time to send it."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if game.entries.filter(kind="confirm").exists():
            return True
        time.sleep(0.2)
    return False


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--phone", default="390x844", help="the viewport, WIDTHxHEIGHT")
    parser.add_argument("--game", action="append", help="only these games (slugs)")
    parser.add_argument(
        "--confirmations", action="store_true", help="a night that asks for confirmations"
    )
    parser.add_argument(
        "--language",
        default="en-gb",
        choices=("en-gb", "sv", "da", "is"),
        help="the language the phone has chosen (the switch's cookie)",
    )
    args = parser.parse_args()
    width, height = (int(n) for n in args.phone.split("x"))

    from bench.load import free_port, serve_here, start_server, stop_server

    folder = tempfile.mkdtemp(prefix="taps-bench-")
    database_url = f"sqlite:///{folder}/taps.sqlite3"
    serve_here(database_url)
    # Playwright's sync API runs an event loop in this thread; the ORM here only reads and
    # writes the bench's own database between page actions.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from django.contrib.auth import get_user_model
    from playwright.sync_api import sync_playwright

    from adjudicator.games import all_games
    from scorekeeper.games import services as game_services
    from scorekeeper.models import Night
    from scorekeeper.nights import services as night_services
    from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, sign_in
    from tests.browser.hands import Thumb, record_hand, sample_for, table_size

    owner = get_user_model().objects.create_user("taps", password="a taps bench pass")
    night = night_services.night_create(
        owner=owner, date=datetime.date.today(), confirmations=args.confirmations
    )
    players = {n: night_services.night_player_add(night=night, by=owner, name=n) for n in NAMES}

    port = free_port()
    server = start_server(port, database_url, "2")
    base = f"http://127.0.0.1:{port}"
    rows: list[tuple[str, ...]] = []
    failed = False
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            context = browser.new_context(
                viewport={"width": width, "height": height}, has_touch=True, is_mobile=True
            )
            page = context.new_page()
            sign_in(page, base, "taps", "a taps bench pass")
            # The phone's choice of language, as a tap on the switch leaves it: the taps are
            # the same in every language (the hands are entered by what each button is for).
            context.add_cookies([{"name": "django_language", "value": args.language, "url": base}])
            for game in all_games():
                if args.game and game.slug not in args.game:
                    continue
                size = table_size(game)
                for way in game.record(game.options(), size).ways or (None,):
                    found = sample_for(game, size, way)
                    label = way.label if way is not None else "—"
                    if found is None:
                        rows.append((game.name, str(size), label, "no sample", "", "", "no"))
                        failed = True
                        continue
                    number, deal = found
                    started = game_services.game_start(
                        night=Night.objects.get(pk=night.pk),
                        by=owner,
                        slug=game.slug,
                        players=[players[n] for n in NAMES[:size]],
                    )
                    page.goto(f"{base}/games/{started.pk}/")
                    thumb = Thumb(page)
                    if args.confirmations:  # who records: Ann, remembered after the first
                        chooser = page.locator("#record .choose-recorder")
                        thumb.choose(chooser.get_by_label(NAMES[0], exact=True))
                    taps, most = record_hand(page, game, way, deal, NAMES[:size])
                    done = recorded(started)
                    if args.confirmations and done:  # handed across: one tap
                        across = page.locator("#recorded .hand-across button").first
                        thumb.tap(across)
                        done = confirmed(started)
                        most += 2
                    taps += thumb.taps
                    over = taps > most
                    failed = failed or over or not done
                    rows.append(
                        (
                            game.name,
                            str(size),
                            label,
                            f"sample {number}",
                            str(taps),
                            str(most),
                            "yes" if done else "NO",
                        )
                    )
                    print(" | ".join(rows[-1]), flush=True)
            browser.close()
    finally:
        stop_server(server)
    heads = ("game", "players", "way", "hand", "taps", "budget", "recorded")
    print()
    print("| " + " | ".join(heads) + " |")
    print("|" + "---|" * len(heads))
    for row in rows:
        print("| " + " | ".join(row) + " |")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
