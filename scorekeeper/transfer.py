"""Export nights as JSON (the whole ledger, re-importable without loss) or CSV (one row per
deal per scoring unit), and import that JSON.

The JSON keeps everything a night is made of: the night, its table, its players by name, each
game with its house options and seats, and every ledger entry with its kind, the entry it
supersedes, its note, its token, who recorded it and when. Entries are numbered within their
game (``n``) and refer to each other by that number, so a file does not depend on database ids.

An import (:func:`import_nights`) replays the ledger through the same services a table uses,
entry by entry, in one transaction: a file whose ledger does not replay is refused whole, with
a sentence saying where, and nothing is written.
"""

from __future__ import annotations

import csv
import datetime
import io
import uuid
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone

from adjudicator.errors import AdjudicationError
from adjudicator.games import get_game
from adjudicator.tally import points_json
from scorekeeper import services
from scorekeeper.exceptions import ServiceError
from scorekeeper.history import standings_for_games
from scorekeeper.models import Entry, Game, Night, NightPlayer

FORMAT = "scorekeeper-export"
VERSION = 1
# What an export holds at its top level; anything else is refused, not silently dropped.
TOP_LEVEL = ("format", "version", "exported_at", "players", "nights")


class ImportRefused(ServiceError):
    """A file that cannot be imported as it stands (its shape, or a ledger that won't replay)."""

    code = "import_refused"


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
    players: dict[str, None] = {}
    out = []
    for night in nights:
        night_games = []
        for game in games[night.pk]:
            found = standings[game.pk]
            seats = found.seats if found is not None else ()
            entries = (
                [revision for h in found.history for revision in h.revisions]
                + list(found.table_entries)
                if found
                else []
            )
            night_games.append(_game_document(game, seats, sorted(entries, key=lambda e: e.pk)))
            players.update((seat.player.name, None) for seat in seats)
        players.update((name, None) for name in tables[night.pk])
        out.append(
            {
                "date": night.date.isoformat(),
                "place": night.place,
                "notes": night.notes,
                "owner": night.owner.username,
                "table": tables[night.pk],
                "games": night_games,
            }
        )
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": timezone.now().isoformat(),
        "players": sorted(players, key=str.lower),
        "nights": out,
    }


def _game_document(game: Game, seats: Sequence[Any], entries: list[Entry]) -> dict[str, Any]:
    number = {entry.pk: n for n, entry in enumerate(entries, start=1)}
    return {
        "number": game.number,
        "slug": game.slug,
        "name": game.name,
        "options": game.options,
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
                "data": entry.data,
                "note": entry.note,
                "token": str(entry.token),
                "recorded_by": entry.recorded_as or entry.recorded_by.username,
                "recorded_at": entry.recorded_at.isoformat(),
            }
            for entry in entries
        ],
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


# Import -----------------------------------------------------------------------------------------


def _need(value: Any, kind: type | tuple[type, ...], where: str, what: str) -> Any:
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise ImportRefused(f"The file's {where} should be {what}.", field=where)
    return value


def _text(data: Mapping[str, Any], key: str, where: str, *, most: int) -> str:
    value = data.get(key, "")
    _need(value, str, f"{where}.{key}", "text")
    if len(value) > most:
        raise ImportRefused(
            f"The file's {where}.{key} is longer than {most} characters.", field=f"{where}.{key}"
        )
    return str(value)


def _when(value: Any, where: str) -> datetime.datetime | None:
    if value is None:
        return None
    try:
        parsed = datetime.datetime.fromisoformat(_need(value, str, where, "a date and time"))
    except ValueError:
        raise ImportRefused(f"The file's {where} is not a date and time.", field=where) from None
    return parsed if parsed.tzinfo else timezone.make_aware(parsed)


def _token(value: Any, where: str) -> uuid.UUID:
    """The entry's token from the file, or a new one if it is missing or already in use (the
    same file imported twice, or into another account of this site)."""
    try:
        token = uuid.UUID(str(value))
    except ValueError:
        return uuid.uuid4()
    return uuid.uuid4() if Entry.objects.filter(token=token).exists() else token


def _check_document(document: Any) -> list[Any]:
    _need(document, dict, "top level", "a JSON object")
    for key in document:
        if key not in TOP_LEVEL:
            raise ImportRefused(
                f"An export has no {key!r} at its top level; it holds {', '.join(TOP_LEVEL)}.",
                field=str(key),
            )
    if document.get("format") != FORMAT:
        raise ImportRefused(
            f"This is not a Scorekeeper export (its format should be {FORMAT!r}).", field="format"
        )
    if document.get("version") != VERSION:
        raise ImportRefused(
            f"This export is version {document.get('version')!r}; this site reads version {VERSION}.",
            field="version",
        )
    nights: list[Any] = _need(document.get("nights"), list, "nights", "a list")
    if not nights:
        raise ImportRefused("The file holds no nights.", field="nights")
    return nights


@transaction.atomic
def import_nights(*, owner: User, document: Any) -> list[Night]:
    """Create the file's nights for ``owner``, replaying each game's ledger in order.

    Players are matched by name among the owner's players, or made. Kinds, supersedes, notes
    and tokens are kept (a token already in use gets a new one); the entries are recorded by
    the importing owner, at the times the file gives. All or nothing."""
    made = []
    for i, night_data in enumerate(_check_document(document)):
        where = f"nights[{i}]"
        made.append(_import_night(owner, _need(night_data, dict, where, "an object"), where))
    return made


def _import_night(owner: User, data: Mapping[str, Any], where: str) -> Night:
    try:
        date = datetime.date.fromisoformat(_need(data.get("date"), str, f"{where}.date", "a date"))
    except ValueError:
        raise ImportRefused(
            f"The file's {where}.date is not a date.", field=f"{where}.date"
        ) from None
    night = services.night_create(
        owner=owner,
        date=date,
        place=_text(data, "place", where, most=100),
        notes=_text(data, "notes", where, most=10_000),
    )
    table = _need(data.get("table", []), list, f"{where}.table", "a list of names")
    seated: set[str] = set()
    for k, name in enumerate(table):
        _need(name, str, f"{where}.table[{k}]", "a name")
        if name.casefold() in seated:  # a name twice at one table: seated once
            continue
        seated.add(name.casefold())
        _refusing(
            lambda n=name: services.night_player_add(night=night, by=owner, name=n),
            f"{where}.table[{k}]",
        )
    games = _need(data.get("games", []), list, f"{where}.games", "a list")
    ordered = sorted(
        enumerate(games),
        key=lambda pair: pair[1].get("number", 0) if isinstance(pair[1], dict) else 0,
    )
    for j, game_data in ordered:
        _import_game(
            owner,
            night,
            _need(game_data, dict, f"{where}.games[{j}]", "an object"),
            f"{where}.games[{j}]",
        )
    return night


def _refusing(action: Any, where: str, *, what: str = "") -> Any:
    """Run a service; say where in the file a refusal comes from."""
    try:
        return action()
    except (AdjudicationError, ServiceError, PermissionDenied) as err:
        message = getattr(err, "message", None) or str(err)
        raise ImportRefused(f"{what or 'At'} {where}: {message}", field=where) from None


def _import_game(owner: User, night: Night, data: Mapping[str, Any], where: str) -> None:
    slug = _need(data.get("slug"), str, f"{where}.slug", "a game's slug")
    try:
        get_game(slug)
    except AdjudicationError:
        raise ImportRefused(
            f"This site does not know the game {slug!r} ({where}).", field=f"{where}.slug"
        ) from None
    seats = _need(data.get("seats"), list, f"{where}.seats", "a list")
    names = []
    for k, seat in enumerate(
        sorted(seats, key=lambda s: s.get("position", 0) if isinstance(s, dict) else 0)
    ):
        seat = _need(seat, dict, f"{where}.seats[{k}]", "an object")
        names.append(_need(seat.get("player"), str, f"{where}.seats[{k}].player", "a name"))
    # Matched by name among the owner's players (any case), or made for them.
    players = [
        _refusing(lambda n=name: services.owners_player(owner=owner, name=n), f"{where}.seats[{k}]")
        for k, name in enumerate(names)
    ]
    options = _need(data.get("options", {}), dict, f"{where}.options", "an object")
    game = _refusing(
        lambda: services.game_start(
            night=night, by=owner, slug=slug, players=players, options=options
        ),
        where,
    )
    entries: dict[int, Entry] = {}
    for k, entry_data in enumerate(
        _need(data.get("entries", []), list, f"{where}.entries", "a list")
    ):
        here = f"{where}.entries[{k}]"
        entry_data = _need(entry_data, dict, here, "an object")
        entry = _replay_entry(owner, game, entry_data, entries, here)
        n = entry_data.get("n", k + 1)
        if not isinstance(n, int) or n in entries:
            raise ImportRefused(
                f"The file's {here}.n should be a number used once in its game.", field=f"{here}.n"
            )
        entries[n] = entry


def _linked(entries: Mapping[int, Entry], value: Any, where: str) -> Entry:
    if not isinstance(value, int) or isinstance(value, bool) or value not in entries:
        raise ImportRefused(f"The file's {where} names no earlier entry of its game.", field=where)
    return entries[value]


def _replay_entry(
    owner: User, game: Game, data: Mapping[str, Any], entries: Mapping[int, Entry], where: str
) -> Entry:
    kind = data.get("kind")
    token = _token(data.get("token"), f"{where}.token")
    note = _text(data, "note", where, most=200) if data.get("note") is not None else ""
    what = f"The ledger does not replay at {where}"
    # The entry is made with the time the file says it was recorded (the ledger is never
    # updated, so it cannot be set afterwards).
    when = _when(data.get("recorded_at"), f"{where}.recorded_at")
    # Who recorded it, as the file names them (the importing user is kept as recorded_by).
    named = data.get("recorded_by")
    recorder = named.strip()[:150] if isinstance(named, str) else ""
    if recorder == owner.username:
        recorder = ""
    entry: Entry
    if kind == Entry.Kind.RECORD:
        record = _need(data.get("data"), dict, f"{where}.data", "a deal's record")
        entry = _refusing(
            lambda: services.deal_record(
                game=game,
                by=owner,
                data=record,
                token=token,
                recorded_at=when,
                recorded_as=recorder,
            ),
            where,
            what=what,
        )
        if entry.token != token:  # pragma: no cover - the token was checked unused just above
            raise ImportRefused(f"{what}: its token is in use.", field=f"{where}.token")
    elif kind == Entry.Kind.END:
        entry = _refusing(
            lambda: services.game_end(
                game=game, by=owner, token=token, recorded_at=when, recorded_as=recorder
            ),
            where,
            what=what,
        )
    elif kind in (Entry.Kind.AMEND, Entry.Kind.VOID):
        deal = _linked(entries, data.get("deal"), f"{where}.deal")
        latest = _linked(entries, data.get("supersedes"), f"{where}.supersedes")
        if kind == Entry.Kind.VOID and deal.kind == Entry.Kind.END:  # the table's end undone
            entry = _refusing(
                lambda: services.game_end_undo(
                    game=game, by=owner, token=token, recorded_at=when, recorded_as=recorder
                ),
                where,
                what=what,
            )
        elif kind == Entry.Kind.AMEND:
            record = _need(data.get("data"), dict, f"{where}.data", "a deal's record")
            entry = _refusing(
                lambda: services.deal_amend(
                    game=game,
                    deal_key=deal.deal_key,
                    by=owner,
                    data=record,
                    note=note,
                    revision=latest.pk,
                    token=token,
                    recorded_at=when,
                    recorded_as=recorder,
                ),
                where,
                what=what,
            )
        else:
            entry = _refusing(
                lambda: services.deal_void(
                    game=game,
                    deal_key=deal.deal_key,
                    by=owner,
                    note=note,
                    revision=latest.pk,
                    token=token,
                    recorded_at=when,
                    recorded_as=recorder,
                ),
                where,
                what=what,
            )
    else:
        raise ImportRefused(
            f"The file's {where}.kind should be record, amend, void or end.",
            field=f"{where}.kind",
        )
    return entry
