"""Export nights as JSON (the whole ledger, re-importable without loss) or CSV (one row per
deal per scoring unit), and import that JSON.

The JSON keeps everything a night is made of: the night, its table, its players by name, each
game with its house options and seats, and every ledger entry with its kind, the entry it
supersedes, its note, its token, who recorded it and when. Entries are numbered within their
game (``n``) and refer to each other by that number, so a file does not depend on database ids.

The import of that JSON lives in :mod:`scorekeeper.transfer.importing`.
"""

from __future__ import annotations

import csv
import io
from collections import defaultdict
from collections.abc import Iterable, Sequence
from typing import Any

from django.db.models import Count
from django.utils import timezone

from adjudicator.tally import points_json
from scorekeeper import limits
from scorekeeper.models import Entry, Game, Night, NightPlayer, Ruling
from scorekeeper.standings.scoreboard import standings_for_games
from scorekeeper.transfer.export_format import FORMAT, VERSION

# Export -----------------------------------------------------------------------------------------


def export_document(nights: Iterable[Night]) -> dict[str, Any]:
    """The nights as one JSON document, in a fixed number of queries."""
    nights = list(nights)
    ids = [n.pk for n in nights]
    tables: dict[int, list[str]] = defaultdict(list)
    for row in NightPlayer.objects.filter(night__in=ids).select_related("player").order_by("id"):
        tables[row.night_id].append(row.player.name)
    games: dict[int, list[Game]] = defaultdict(list)
    all_games = list(
        Game.objects.filter(night__in=ids).select_related("created_by").order_by("night", "number")
    )
    for game in all_games:
        games[game.night_id].append(game)
    standings = standings_for_games(all_games)
    saved = Ruling.objects.filter(night__in=ids).select_related("saved_by")
    players: dict[str, None] = {}
    entry_n: dict[int, dict[str, int]] = {}  # entry id → its game's number and its n there
    out = []
    for night in nights:
        night_games = []
        for game in games[night.pk]:
            found = standings[game.pk]
            seats = found.seats if found is not None else ()
            entries = (
                [entry for h in found.history for entry in (*h.revisions, *h.remarks)]
                + list(found.table_entries)
                if found
                else []
            )
            entries.sort(key=lambda e: e.pk)
            night_games.append(_game_document(game, seats, entries))
            entry_n |= {e.pk: {"game": game.number, "n": n} for n, e in enumerate(entries, 1)}
            players.update((seat.player.name, None) for seat in seats)
        players.update((name, None) for name in tables[night.pk])
        out.append(
            {
                "date": night.date.isoformat(),
                "place": night.place,
                "notes": night.notes,
                "confirmations": night.confirmations,
                "owner": night.owner.username,
                "table": tables[night.pk],
                "games": night_games,
            }
        )
    rulings: dict[int, list[dict[str, Any]]] = {night.pk: [] for night in nights}
    for ruling in saved.order_by("saved_at", "id"):
        rulings[ruling.night_id].append(_ruling_document(ruling, entry_n))
    for night, document in zip(nights, out, strict=True):
        document["rulings"] = rulings[night.pk]
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": timezone.now().isoformat(),
        "players": sorted(players, key=str.lower),
        "nights": out,
    }


def parts(nights: Sequence[Night]) -> list[list[Night]]:
    """The nights, in their order, as the files one import each takes: as many nights to a
    file as fit one import's caps (nights, ledger entries, rulings). A night the app keeps
    always fits in one (``scorekeeper.limits``), so everything exported imports again, file
    by file. Two queries."""
    ids = [night.pk for night in nights]
    entries = dict(
        Entry.objects.filter(game__night__in=ids)
        .values("game__night")
        .annotate(n=Count("id"))
        .values_list("game__night", "n")
    )
    rulings = dict(
        Ruling.objects.filter(night__in=ids)
        .values("night")
        .annotate(n=Count("id"))
        .values_list("night", "n")
    )
    files: list[list[Night]] = [[]]
    held_entries = held_rulings = 0
    for night in nights:
        more_entries, more_rulings = entries.get(night.pk, 0), rulings.get(night.pk, 0)
        if files[-1] and (
            len(files[-1]) == limits.FILE_NIGHTS
            or held_entries + more_entries > limits.FILE_ENTRIES
            or held_rulings + more_rulings > limits.FILE_RULINGS
        ):
            files.append([])
            held_entries = held_rulings = 0
        files[-1].append(night)
        held_entries += more_entries
        held_rulings += more_rulings
    return files


def _game_document(game: Game, seats: Sequence[Any], entries: list[Entry]) -> dict[str, Any]:
    number = {entry.pk: n for n, entry in enumerate(entries, start=1)}
    # Whether the game asked for confirmations from its first entry (its sealed setup); its
    # ``setting`` entries say where that changed. A game not begun takes its night's.
    started = {"confirmations": bool(game.setup.get("confirmations"))} if game.setup else {}
    return {
        "number": game.number,
        "slug": game.slug,
        "name": game.name,
        "options": game.options,
        **started,
        "created_by": game.created_by.username,
        "seats": [
            {"player": seat.player.name, "position": seat.position, "team": seat.team}
            for seat in seats
        ],
        "entries": [
            {
                "n": number[entry.pk],
                "kind": entry.kind,
                "deal": number[entry.deal_id] if entry.deal_id else None,
                "supersedes": number[entry.supersedes_id] if entry.supersedes_id else None,
                "settles": number[entry.settles_id] if entry.settles_id else None,
                "seat": entry.seat,
                "data": entry.data,
                "note": entry.note,
                "token": str(entry.token),
                "recorded_by": entry.recorded_as or entry.recorded_by.username,
                "recorded_at": entry.recorded_at.isoformat(),
            }
            for entry in entries
        ],
    }


def _ruling_document(ruling: Ruling, entry_n: dict[int, dict[str, int]]) -> dict[str, Any]:
    return {
        "game": ruling.game_slug,
        "question": ruling.question,
        "players": ruling.players,
        "input": ruling.data,
        "options": ruling.options,
        "answer": ruling.answer,
        "note": ruling.note,
        "saved_by": ruling.saved_as or ruling.saved_by.username,
        "saved_at": ruling.saved_at.isoformat(),
        # The hand it was asked of: its game's number, and the dispute's n in that game.
        "dispute": entry_n.get(ruling.dispute_id) if ruling.dispute_id else None,
    }


# Cells a spreadsheet would read as a formula (or that hide one behind a tab or a return).
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value: Any) -> Any:
    """A text cell that a spreadsheet cannot take for a formula: prefixed with a quote.

    Numbers are written as numbers (the app makes them; they are not a person's text).

    >>> safe_cell("=HYPERLINK(1)"), safe_cell("-1+2"), safe_cell("Mary"), safe_cell(-5)
    ("'=HYPERLINK(1)", "'-1+2", 'Mary', -5)
    """
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value


CSV_HEADER = ("date", "place", "game_number", "game", "deal", "player", "points", "total")


def export_csv(nights: Iterable[Night]) -> str:
    """One row per counted deal per scoring unit (a player, or a side): its points and the
    running total after the deal."""
    nights = list(nights)
    games = list(
        Game.objects.filter(night__in=[n.pk for n in nights])
        .select_related("night")
        .order_by("night__date", "night_id", "number")
    )
    standings = standings_for_games(games)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_HEADER)
    for game in games:
        found = standings[game.pk]
        if found is None:
            continue
        for history in found.counted:
            assert history.result is not None
            for result in history.result.results:
                row = (
                    game.night.date.isoformat(),
                    game.night.place,
                    game.number,
                    game.name,
                    history.number,
                    found.units[result.seat],
                    points_json(result.points),
                    points_json(history.result.totals[result.seat]),
                )
                writer.writerow([safe_cell(cell) for cell in row])
    return out.getvalue()
