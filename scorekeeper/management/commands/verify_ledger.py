"""Walk the ledger's hash chain: ``python manage.py verify_ledger [--game ID]``.

Prints OK with the counts when every game's chain holds; otherwise names each broken game's
first broken link (game, entry id, what differs), each change to a started game's setup (its
game, house rules, night and the night's owner and date, or seats: ``scorekeeper.seal``), each
started game whose night says otherwise than its ledger about asking for confirmations (the
night's owner changes both at once, so the night's row was changed outside the app), each row
left pointing at nothing (entries or seats of a game that is gone, a game or a ruling whose
night is gone: SQLite's own shell deletes with foreign keys off) and each saved ruling changed
since it was saved, and exits with status 1. A player renamed since a game was sealed is said
(``NOTE``) but is no break.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db.models import Count, Max, Min

from scorekeeper import chain, seal
from scorekeeper.ledger import confirming
from scorekeeper.models import Entry, Game, Night, Ruling, Seat


class Command(BaseCommand):
    help = (
        "Check every game's ledger hash chain and sealed setup (game, house rules, seats, its "
        "night's owner and date), every saved ruling, and that nothing points at a game or "
        "night that is gone; name the first broken link of each and every change."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--game", type=int, help="check only this game (its id)")

    def handle(self, *args: Any, **options: Any) -> None:
        one = options["game"]
        games = Game.objects.order_by("id").values_list("id", "setup", "night_id")
        # Read apart, not joined: a game whose night is gone is still walked (and named below).
        asks = dict(Night.objects.values_list("id", "confirmations"))
        if one is not None:
            games = games.filter(pk=one)
            if not games.exists() and not Entry.objects.filter(game_id=one).exists():
                raise CommandError(f"There is no game {one}.")
        walked: set[int] = set()
        entries = 0
        breaks: list[chain.Break] = []
        for game_id, sealed, night_id in list(games):
            # One game's ledger at a time (a night's game holds some hundreds of entries).
            rows = list(Entry.objects.filter(game_id=game_id).order_by("id"))
            walked.add(game_id)
            entries += len(rows)
            found, renames = seal.check(
                game_id, sealed, seal.read_setup(Game, Seat, game_id) if rows else {}, rows
            )
            night_asks = asks.get(night_id)
            asking = confirming.asking_of(sealed, rows, unstarted=bool(night_asks))
            if rows and night_asks is not None and asking.now != night_asks:
                found.append(chain.Break(game_id, None, _setting_differs(asking, night_asks)))
            for rename in renames:
                self.stdout.write(f"NOTE game {game_id}: {rename} (a rename, not a break).")
            breaks += found
        breaks += _orphans(one)
        problems = [f"BROKEN {b}" for b in breaks]
        rulings = 0
        rulings_broken = 0
        if one is None:
            nights = set(Night.objects.values_list("id", flat=True))
            for ruling in Ruling.objects.order_by("id").iterator():
                rulings += 1
                said = _ruling_problem(ruling, nights)
                if said:
                    rulings_broken += 1
                    problems.append(f"BROKEN ruling {ruling.pk}: {said}")
        for problem in problems:
            self.stderr.write(problem)
        if problems:
            broken = {b.game_id for b in breaks}
            also = f" and {rulings_broken} of {rulings} rulings" if rulings_broken else ""
            first = problems[0].removeprefix("BROKEN ")
            raise CommandError(
                f"The ledger's chain is broken in {len(broken)} of {len(walked | broken)} games{also} "
                f"(first: {first})."
            )
        counted = f", {rulings} rulings" if one is None else ""
        self.stdout.write(f"OK: {len(walked)} games, {entries} entries{counted}, every link holds.")


def _ruling_problem(ruling: Ruling, nights: set[int]) -> str:
    """What is wrong with a saved ruling, or nothing: its night gone, its content changed."""
    if ruling.night_id not in nights:
        return f"its night ({ruling.night_id}) is gone"
    computed = seal.ruling_hash(ruling)
    if ruling.hash != computed:
        return (
            f"its content no longer matches its hash (stored {ruling.hash[:12] or '(nothing)'}…, "
            f"computed {computed[:12]}…): it was changed after it was saved"
        )
    return ""


def _orphans(game_id: int | None) -> list[chain.Break]:
    """Rows of a game that is gone (its entries, unchecked, and its seats), and games whose
    night is gone; for one game, or all. The database's foreign keys refuse these on
    PostgreSQL; SQLite's shell runs with them off."""
    found: list[chain.Break] = []
    games = Game.objects.values("id")
    for model, what in ((Entry, "entries"), (Seat, "seats")):
        left = model._base_manager.exclude(game_id__in=games)
        if game_id is not None:
            left = left.filter(game_id=game_id)
        for row in (
            left.values("game_id")
            .annotate(n=Count("id"), first=Min("id"), last=Max("id"))
            .order_by("game_id")
        ):
            found.append(
                chain.Break(
                    row["game_id"],
                    None,
                    f"the game is gone, but {row['n']} of its {what} remain (ids {row['first']} "
                    f"to {row['last']}){', unchecked' if model is Entry else ''}",
                )
            )
    homeless = Game.objects.exclude(night_id__in=Night.objects.values("id"))
    if game_id is not None:
        homeless = homeless.filter(pk=game_id)
    for game, night in homeless.order_by("id").values_list("id", "night_id"):
        found.append(chain.Break(game, None, f"its night ({night}) is gone"))
    return found


def _setting_differs(asking: confirming.Asking, night_asks: bool) -> str:
    night = "asks" if night_asks else "does not ask"
    ledger = "does" if asking.now else "does not"
    since = f"entry {asking.since}" if asking.since else "its first entry"
    return (
        f"its night {night} for confirmations, but its ledger says the game {ledger} (from "
        f"{since}): the night's setting was changed outside the app"
    )
