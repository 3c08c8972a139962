"""The queries every page makes are served by an index on PostgreSQL (issue 12).

The tables of a test database are small, so the planner would rather read them whole; with
sequential scans turned off, EXPLAIN shows which index can serve each query. A query with no
index left to use would still show a sequential scan (turning a plan off only prices it out).
Where the question is whether an index serves a query's order, sorts are turned off too.
"""

from __future__ import annotations

import datetime
import random
from typing import Any

import pytest
from django.db import connection
from django.db.models import QuerySet

from scorekeeper.access import roles
from scorekeeper.live import polling
from scorekeeper.models import Entry, Night, NightViewer, Seat
from tests.factories import GameFactory
from tests.scorekeeper.standings.test_standings_kept import rummy_deal

pytestmark = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="EXPLAIN's plans are PostgreSQL's"
)


def plan(queryset: QuerySet[Any], *, sorts: bool = True) -> str:
    with connection.cursor() as cursor:
        cursor.execute(f"ANALYZE {queryset.model._meta.db_table}")
        cursor.execute("SET LOCAL enable_seqscan = off")
        if not sorts:
            cursor.execute("SET LOCAL enable_sort = off")
    return queryset.explain()


@pytest.fixture
def game(night: Night, alice: Any) -> Any:
    """One game of eight at the table, twenty deals each: a game's rows are a few of many."""
    rng = random.Random(1)
    games = [
        GameFactory(night=night, slug="rummy", players=["Mary", "Tom", "Dick"]) for _ in "12345678"
    ]
    for _ in range(20):
        for each in games:
            data = rummy_deal(rng)
            Entry.objects.create(game=each, kind="record", data=data, recorded_by=alice)
    return games[0]


def test_the_marker_reads_the_newest_entry_from_an_index(game: Any) -> None:
    query = Entry.objects.filter(game_id=game.pk).order_by("-id").values_list("id", flat=True)[:1]
    found = plan(query)
    # The game's newest-first index, or (on tables this small) the primary key read backwards.
    assert "Index Scan Backward" in found or "entry_game_newest" in found
    assert "Seq Scan" not in found and "Sort" not in found
    assert polling.marker(game.pk) == game.entries.order_by("-id").first().pk


@pytest.mark.parametrize(
    ("table", "name", "columns"),
    [
        ("scorekeeper_entry", "entry_game_newest", ["game_id", "id"]),
        ("scorekeeper_entry", "entry_game_deal_newest", ["game_id", "deal_id", "id"]),
        ("scorekeeper_night", "night_owner_newest", ["owner_id", "date", "id"]),
    ],
)
def test_the_pages_indexes_exist(db: Any, table: str, name: str, columns: list[str]) -> None:
    with connection.cursor() as cursor:
        found = connection.introspection.get_constraints(cursor, table)
    assert found[name]["index"] and found[name]["columns"] == columns


def test_a_games_ledger_is_read_from_an_index_on_its_game(game: Any) -> None:
    found = plan(Entry.objects.filter(game__in=[game.pk]).order_by("id"))
    # Three indexes lead with the game; which one the planner takes depends on its statistics.
    assert "Index Cond: (game_id = " in found
    assert "Seq Scan" not in found


def test_a_deals_revisions_are_found_by_game_and_deal(game: Any) -> None:
    key = game.entries.first().pk
    # Sorts off, as for the nights below: with few rows the planner once took the deal's plain
    # index and sorted (a full PostgreSQL run, after many tests had filled the table's history).
    found = plan(game.entries.filter(deal_id=key).order_by("-id"), sorts=False)
    assert "entry_game_deal_newest" in found


def test_a_users_nights_are_found_by_owner_and_date(alice: Any, bob: Any) -> None:
    # Without sorts turned off the planner chose by the table's history: with few rows it may
    # as well take the owner's plain index and sort (it did, in the parallel runs).
    start = datetime.date(2026, 1, 1)
    Night.objects.bulk_create(
        Night(owner=owner, date=start + datetime.timedelta(days=n))
        for owner in (alice, bob)
        for n in range(40)
    )
    found = plan(Night.objects.filter(owner=alice).order_by("-date", "-id"), sorts=False)
    assert "night_owner_newest" in found


def test_seats_and_watchers_are_found_by_index(game: Any, alice: Any) -> None:
    assert "Index" in plan(Seat.objects.filter(game__in=[game.pk]).order_by("position"))
    assert "Index" in plan(NightViewer.objects.filter(user=alice))
    assert "Index" in plan(roles.nights_for_user(alice))
