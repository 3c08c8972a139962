"""A game's ledger read back: its rules, the names its seats go by, each deal's revisions
and the latest of them, the next deal's number, and whether the table ended the game."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from django.db.models import Q

from adjudicator.errors import AdjudicationError
from adjudicator.game import Game as GameDefinition
from adjudicator.games import get_game
from adjudicator.records import Seating
from adjudicator.said import DEFAULT, Naming
from scorekeeper.ledger import confirming
from scorekeeper.models import Entry, Game, Night, Seat


def naming(seats: tuple[Seat, ...] | list[Seat], seating: Seating | None = None) -> Naming:
    """How the engine's sentences call this table's seats and sides: by the players' names.

    Sides are the teams the seats were given when the game started (``Seat.team``); a game
    whose seats carry no team falls back on the seating the engine describes.
    """
    names = tuple(seat.player.name for seat in seats)
    teams: dict[int, list[int]] = defaultdict(list)
    for seat in seats:
        if seat.team is not None:
            teams[seat.team].append(seat.position)
    if teams:
        return Naming(names, tuple(tuple(teams[t]) for t in sorted(teams)))
    return Naming(names, seating.sides if seating is not None else ())


def game_naming(game: Game) -> Naming:
    """How the engine's sentences call ``game``'s seats and sides: its players' names, sides
    as it was seated (seats by number for a game the engine no longer knows)."""
    seats = tuple(game.seats.select_related("player").order_by("position"))
    try:
        definition = game_definition(game)
        seating = definition.seating(len(seats), definition.options(game.options))
    except AdjudicationError:
        return DEFAULT
    return naming(seats, seating)


def game_definition(game: Game) -> GameDefinition[Any, Any]:
    return get_game(game.slug)


def _pk(entry: Entry) -> int:
    return entry.pk or 0


def current_entries(game: Game) -> list[Entry]:
    """The latest revision of every deal that has not been voided, in the order first recorded."""
    revisions, _ = deal_revisions(list(game.entries.all().order_by("id")))
    return [revs[-1] for revs in revisions.values() if revs[-1].kind != Entry.Kind.VOID]


def latest_revision(game: Game, deal_key: int) -> Entry | None:
    """A deal's latest entry (None if ``deal_key`` is no deal of the game: an end is none)."""
    if not game.entries.filter(pk=deal_key, kind=Entry.Kind.RECORD).exists():
        return None
    return (
        game.entries.filter(Q(pk=deal_key, deal__isnull=True) | Q(deal_id=deal_key))
        .filter(kind__in=Entry.REVISIONS)
        .order_by("-id")
        .first()
    )


def is_ended(game: Game) -> bool:
    """Whether the table's end of the game stands (an ``end`` entry no void took back): two
    small queries, no replay (the services ask it before every change to a deal)."""
    ends = list(game.entries.filter(kind=Entry.Kind.END).values_list("pk", flat=True))
    if not ends:
        return False
    undone = set(game.entries.filter(deal_id__in=ends).values_list("deal_id", flat=True))
    return any(pk not in undone for pk in ends)


def next_deal_number(game: Game) -> int:
    """The number the next recorded deal will carry: voided deals keep their numbers, unless
    the game numbers its deals by play (:func:`deal_numbers`)."""
    if not game_definition(game).numbered_by_play:
        return game.entries.filter(kind=Entry.Kind.RECORD).count() + 1
    revisions, _ = deal_revisions(list(game.entries.order_by("id")))
    return counted_deals(revisions) + 1


def deal_numbers(revisions: dict[int, list[Entry]], *, by_play: bool) -> dict[int, int]:
    """Each deal's number at the table, by key, from :func:`deal_revisions`: the order the
    deals were first recorded, a voided one keeping its number; or, for a game whose rules read
    the number (``numbered_by_play``: Crummy Rummy's rounds), each deal's place among the deals
    that count, a voided one numbered as the deal played in its place."""
    if not by_play:
        return {key: number for number, key in enumerate(revisions, start=1)}
    numbers: dict[int, int] = {}
    counted = 0
    for key, revs in revisions.items():
        numbers[key] = counted + 1
        counted += revs[-1].kind != Entry.Kind.VOID
    return numbers


def counted_deals(revisions: dict[int, list[Entry]]) -> int:
    """How many deals count (not voided)."""
    return sum(1 for revs in revisions.values() if revs[-1].kind != Entry.Kind.VOID)


def deal_revisions(
    entries: list[Entry],
) -> tuple[dict[int, list[Entry]], dict[int, list[Entry]]]:
    """A game's ledger (by id) as each deal's revisions, in the order first recorded, and
    apart from them the table's ends of the game, each with the void that took it back, if
    any. What is said about a deal (a confirmation, a dispute) is neither: see
    :func:`deal_remarks`; nor is a change of the game's setting (``setting``)."""
    revisions: dict[int, list[Entry]] = defaultdict(list)
    ends: dict[int, list[Entry]] = defaultdict(list)
    for entry in entries:
        if entry.kind in Entry.REMARKS or entry.kind == Entry.Kind.SETTING:
            continue
        first = revisions if entry.deal_key not in ends and entry.kind != Entry.Kind.END else ends
        first[entry.deal_key].append(entry)
    return revisions, ends


def deal_remarks(entries: list[Entry]) -> dict[int, list[Entry]]:
    """What the ledger (by id) says about each deal besides its revisions: its confirmations
    and disputes, by deal key, in order."""
    remarks: dict[int, list[Entry]] = defaultdict(list)
    for entry in entries:
        if entry.kind in Entry.REMARKS:
            remarks[entry.deal_key].append(entry)
    return remarks


def game_asking(game: Game) -> confirming.Asking:
    """Whether a game asks for confirmations, along its ledger (``scorekeeper.ledger.confirming``):
    a few small queries, no replay (the services ask it before a deal is recorded or confirmed).
    """
    setup = Game.objects.filter(pk=game.pk).values_list("setup", flat=True).get()  # sealed since?
    settings = game.entries.filter(kind=Entry.Kind.SETTING).order_by("id")
    unstarted = False if setup else Night.objects.filter(games=game).get().confirmations
    return confirming.asking_of(setup, settings, unstarted=unstarted)


def current_end(ends: dict[int, list[Entry]]) -> Entry | None:
    """The table's end of the game that stands (not voided since), if any."""
    standing = [revs[-1] for revs in ends.values() if revs[-1].kind == Entry.Kind.END]
    return standing[-1] if standing else None
