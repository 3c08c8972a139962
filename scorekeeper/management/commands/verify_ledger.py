"""Walk the ledger's hash chain: ``python manage.py verify_ledger [--game ID]``.

Prints OK with the counts when every game's chain holds; otherwise names each broken game's
first broken link (game, entry id, what differs) and each change to a started game's setup
(its game, house rules, night or seats: ``scorekeeper.seal``), and each started game whose night
says otherwise than its ledger about asking for confirmations (the night's owner changes both
at once, so the night's row was changed outside the app), and exits with status 1. A player
renamed since a game was sealed is said (``NOTE``) but is no break.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scorekeeper import chain, seal
from scorekeeper.ledger import confirming
from scorekeeper.models import Entry, Game, Seat


class Command(BaseCommand):
    help = (
        "Check every game's ledger hash chain and sealed setup (game, house rules, seats); "
        "name the first broken link of each and every change to its setup."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--game", type=int, help="check only this game (its id)")

    def handle(self, *args: Any, **options: Any) -> None:
        games = Game.objects.order_by("id").values_list("id", "setup", "night__confirmations")
        if options["game"] is not None:
            games = games.filter(pk=options["game"])
            if not games.exists():
                raise CommandError(f"There is no game {options['game']}.")
        walked = 0
        entries = 0
        breaks: list[chain.Break] = []
        for game_id, sealed, night_asks in list(games):
            # One game's ledger at a time (a night's game holds some hundreds of entries).
            rows = list(Entry.objects.filter(game_id=game_id).order_by("id"))
            walked += 1
            entries += len(rows)
            found, renames = seal.check(
                game_id, sealed, seal.read_setup(Game, Seat, game_id) if rows else {}, rows
            )
            asking = confirming.asking_of(sealed, rows, unstarted=night_asks)
            if rows and asking.now != night_asks:
                found.append(chain.Break(game_id, None, _setting_differs(asking, night_asks)))
            for rename in renames:
                self.stdout.write(f"NOTE game {game_id}: {rename} (a rename, not a break).")
            for broken in found:
                breaks.append(broken)
                self.stderr.write(f"BROKEN {broken}")
        if breaks:
            games_broken = len({b.game_id for b in breaks})
            raise CommandError(
                f"The ledger's chain is broken in {games_broken} of {walked} games "
                f"(first: {breaks[0]})."
            )
        self.stdout.write(f"OK: {walked} games, {entries} entries, every link holds.")


def _setting_differs(asking: confirming.Asking, night_asks: bool) -> str:
    night = "asks" if night_asks else "does not ask"
    ledger = "does" if asking.now else "does not"
    since = f"entry {asking.since}" if asking.since else "its first entry"
    return (
        f"its night {night} for confirmations, but its ledger says the game {ledger} (from "
        f"{since}): the night's setting was changed outside the app"
    )
