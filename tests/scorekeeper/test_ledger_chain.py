"""Nothing is lost: the ledger is append-only in the database itself, and each entry carries the
hash of the one before it, so ``verify_ledger`` names the first link anyone broke."""

from __future__ import annotations

import datetime
import importlib
import io
import pkgutil
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from django.db import DatabaseError, connection, transaction
from django.db.models import ProtectedError

from scorekeeper import chain, migrations, seal
from scorekeeper.games import services as game_services
from scorekeeper.models import Entry, Game
from scorekeeper.nights.demo import SAMPLE_DEALS
from scorekeeper.transfer import exporting, importing
from tests.factories import GameFactory, UserFactory, played_night

TABLE = chain.TABLE


def _refused(sql: str, params: list[Any] | None = None) -> None:
    """The statement fails in the database itself (a savepoint keeps the test going)."""
    with connection.cursor() as cursor:
        _settle(cursor)
        with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
            cursor.execute(sql, params)


def _settle(cursor: Any) -> None:
    """PostgreSQL refuses DDL and TRUNCATE while the test's own inserts still owe their deferred
    foreign-key checks: run them now."""
    if connection.vendor == "postgresql":
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")


@contextmanager
def _behind_the_apps_back() -> Iterator[None]:
    """Lift the triggers inside the test's transaction, as someone with the table's keys
    could; they are back (and the test's writes rolled back) when it ends."""
    with connection.cursor() as cursor:
        _settle(cursor)
        for sql in chain.unlock_sql(connection.vendor):
            cursor.execute(sql)
        yield
        for sql in chain.lock_sql(connection.vendor):
            cursor.execute(sql)


def _record(game: Game, by: Any, deals: int) -> list[Entry]:
    return [game_services.deal_record(game=game, by=by, data=deal) for deal in SAMPLE_DEALS[:deals]]


def _verify(*args: str) -> str:
    out = io.StringIO()
    call_command("verify_ledger", *args, stdout=out, stderr=out)
    return out.getvalue()


# --- Append-only below the application -------------------------------------------------------


def test_raw_sql_cannot_update_a_ledger_row(bridge_game: Game, alice: Any) -> None:
    (entry,) = _record(bridge_game, alice, 1)
    _refused(f"UPDATE {TABLE} SET note = %s WHERE id = %s", ["rewritten", entry.pk])
    _refused(f"UPDATE {TABLE} SET note = 'every row'")
    assert Entry.objects.get(pk=entry.pk).note == ""


def test_raw_sql_cannot_delete_a_ledger_row(bridge_game: Game, alice: Any) -> None:
    entries = _record(bridge_game, alice, 2)
    _refused(f"DELETE FROM {TABLE} WHERE id = %s", [entries[0].pk])
    _refused(f"DELETE FROM {TABLE}")
    assert Entry.objects.filter(game=bridge_game).count() == 2


@pytest.mark.skipif(connection.vendor != "postgresql", reason="TRUNCATE is PostgreSQL's")
def test_raw_sql_cannot_truncate_the_ledger(bridge_game: Game, alice: Any) -> None:
    _record(bridge_game, alice, 2)
    _refused(f"TRUNCATE {TABLE} CASCADE")
    assert Entry.objects.filter(game=bridge_game).count() == 2


def test_a_game_or_night_with_entries_cannot_be_deleted(bridge_game: Game, alice: Any) -> None:
    _record(bridge_game, alice, 1)
    with pytest.raises(ProtectedError):
        bridge_game.delete()
    with pytest.raises(ProtectedError):
        bridge_game.night.delete()
    assert Entry.objects.filter(game=bridge_game).count() == 1


class _Editor:
    """Enough of a schema editor for the migration's functions, inside the test transaction
    (SQLite's own refuses to open in one)."""

    connection = connection

    def execute(self, sql: str, params: Any = None) -> None:
        with connection.cursor() as cursor:
            _settle(cursor)
            cursor.execute(sql, params)


def test_the_migration_installs_the_triggers_and_takes_them_back(
    bridge_game: Game, alice: Any
) -> None:
    (name,) = [  # found by its name, whatever number it is given
        m.name
        for m in pkgutil.iter_modules(migrations.__path__)
        if m.name.endswith("_ledger_append_only")
    ]
    migration = importlib.import_module(f"scorekeeper.migrations.{name}")
    (entry,) = _record(bridge_game, alice, 1)
    migration.remove(None, _Editor())
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(f"UPDATE {TABLE} SET note = 'allowed' WHERE id = %s", [entry.pk])
        transaction.set_rollback(True)
    migration.install(None, _Editor())
    _refused(f"UPDATE {TABLE} SET note = 'refused' WHERE id = %s", [entry.pk])


# --- The hash chain --------------------------------------------------------------------------


def test_each_entry_carries_the_hash_of_the_one_before_it_in_its_game(
    night: Any, alice: Any
) -> None:
    one = GameFactory(night=night, slug="bridge-rummy")
    two = GameFactory(night=night, slug="bridge-rummy")
    a = _record(one, alice, 2)
    b = _record(two, alice, 1)
    amend = game_services.deal_amend(game=one, deal_key=a[0].pk, by=alice, data=SAMPLE_DEALS[0])
    void = game_services.deal_void(game=one, deal_key=a[1].pk, by=alice, note="oops")
    one.refresh_from_db()
    two.refresh_from_db()
    assert [e.prev_hash for e in (a[0], a[1], amend, void)] == [
        seal.setup_hash(one.setup),  # the chain starts from the game's sealed setup
        a[0].hash,
        a[1].hash,
        amend.hash,
    ]
    assert b[0].prev_hash == seal.setup_hash(two.setup)  # each game has its own chain
    assert one.setup != two.setup
    for entry in Entry.objects.all():  # what was stored is what was hashed
        assert entry.hash == chain.entry_hash(chain.content_of(entry), entry.prev_hash)
        assert len(entry.hash) == 64


def test_a_fresh_ledger_verifies(alice: Any, bob: Any) -> None:
    from scorekeeper.desk import asking

    night = played_night(alice, recorder=bob)
    asking.ruling_save(
        night=night, by=bob, slug="rummy", question="meld", data={"cards": "5H 6H 7H"}
    )
    games = night.games.count()
    entries = Entry.objects.count()
    assert _verify() == f"OK: {games} games, {entries} entries, 1 rulings, every link holds.\n"
    game = night.games.first()
    assert game is not None
    assert _verify("--game", str(game.pk)).startswith("OK: 1 games, ")


def test_verify_ledger_names_an_entry_changed_behind_the_apps_back(
    bridge_game: Game, alice: Any
) -> None:
    entries = _record(bridge_game, alice, 4)
    with _behind_the_apps_back(), connection.cursor() as cursor:
        cursor.execute(f"UPDATE {TABLE} SET note = 'a quiet edit' WHERE id = %s", [entries[1].pk])
    with pytest.raises(CommandError) as refused:
        _verify()
    said = str(refused.value)
    assert f"game {bridge_game.pk}, entry {entries[1].pk}:" in said
    assert "content no longer matches its hash" in said


def test_verify_ledger_names_the_entry_after_one_removed(bridge_game: Game, alice: Any) -> None:
    entries = _record(bridge_game, alice, 4)
    with _behind_the_apps_back(), connection.cursor() as cursor:
        cursor.execute(f"DELETE FROM {TABLE} WHERE id = %s", [entries[2].pk])
    with pytest.raises(
        CommandError, match=f"game {bridge_game.pk}, entry {entries[3].pk}: it links"
    ):
        _verify("--game", str(bridge_game.pk))


def test_verify_ledger_refuses_a_game_that_is_not_there(db: Any) -> None:
    with pytest.raises(CommandError, match="There is no game 999999"):
        _verify("--game", "999999")


def test_an_import_writes_each_entry_once_with_the_files_time(alice: Any, bob: Any) -> None:
    """The import sets recorded_at when it inserts: the ledger's triggers never fire, and the
    chain covers the time the file gave."""
    night = played_night(alice, recorder=bob)
    document = exporting.export_document([night])
    when = datetime.datetime(2024, 3, 1, 20, 15, 30, 123456, tzinfo=datetime.UTC)
    for game in document["nights"][0]["games"]:
        for entry in game["entries"]:
            entry["recorded_at"] = when.isoformat()
    (copied,) = importing.import_nights(owner=UserFactory(username="dave"), document=document)
    imported = Entry.objects.filter(game__night=copied)
    assert imported.exists()
    assert {e.recorded_at for e in imported} == {when}
    assert _verify().startswith("OK: ")


def test_entries_are_not_bulk_created_around_the_chain(bridge_game: Game, alice: Any) -> None:
    from scorekeeper.models import AppendOnlyError

    with pytest.raises(AppendOnlyError):
        Entry.objects.bulk_create([Entry(game=bridge_game, kind="record", recorded_by=alice)])


@pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite rebuilds tables to alter them")
def test_sqlite_triggers_come_back_after_a_migration_rebuilds_the_table(
    bridge_game: Game, alice: Any
) -> None:
    (entry,) = _record(bridge_game, alice, 1)
    with connection.cursor() as cursor:
        for sql in chain.SQLITE_REMOVE:  # as a table rebuild would
            cursor.execute(sql)
    chain.keep_triggers(using=connection.alias)  # what every migrate ends with
    _refused(f"UPDATE {TABLE} SET note = 'refused' WHERE id = %s", [entry.pk])
