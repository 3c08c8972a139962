"""Walk the ledger's hash chain: ``python manage.py verify_ledger [--game ID]``.

Prints OK with the counts when every game's chain holds; otherwise names each broken game's
first broken link (game, entry id, what differs) and exits with status 1.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scorekeeper import ledger
from scorekeeper.models import Entry, Game


class Command(BaseCommand):
    help = "Check every game's ledger hash chain; name the first broken link of each."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--game", type=int, help="check only this game (its id)")

    def handle(self, *args: Any, **options: Any) -> None:
        games = Game.objects.order_by("id").values_list("id", flat=True)
        if options["game"] is not None:
            games = games.filter(pk=options["game"])
            if not games.exists():
                raise CommandError(f"There is no game {options['game']}.")
        walked = 0
        entries = 0
        breaks: list[ledger.Break] = []
        for game_id in list(games):
            # One game's ledger at a time (a night's game holds some hundreds of entries).
            rows = list(Entry.objects.filter(game_id=game_id).order_by("id"))
            count, broken = ledger.first_break(game_id, rows)
            walked += 1
            entries += count
            if broken is not None:
                breaks.append(broken)
                self.stderr.write(f"BROKEN {broken}")
        if breaks:
            raise CommandError(
                f"The ledger's chain is broken in {len(breaks)} of {walked} games "
                f"(first: {breaks[0]})."
            )
        self.stdout.write(f"OK: {walked} games, {entries} entries, every link holds.")
