"""What is settled in a night stays (issue 26, 10.5 and 10.8): raw SQL cannot delete a game with
a ledger or a night with games or rulings (SQLite's own shell deletes with foreign keys off),
nor move or redate a night once anything in it is settled, nor change or delete a saved ruling;
and ``verify_ledger`` names what was done behind the triggers' back: rows left pointing at a
game or night that is gone, a night moved or redated under a sealed game, a ruling changed."""

from __future__ import annotations

import importlib
import io
import json
import pkgutil
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from django.apps import apps
from django.core.management import CommandError, call_command
from django.db import DatabaseError, connection, transaction

from scorekeeper import chain, migrations, seal
from scorekeeper.desk import asking
from scorekeeper.games import confirmations
from scorekeeper.games import services as game_services
from scorekeeper.models import AppendOnlyError, Game, Night, Ruling, Seat
from scorekeeper.nights.demo import SAMPLE_DEALS
from tests.factories import GameFactory, NightFactory

GAME, NIGHT, RULING, SEAT = seal.GAME_TABLE, seal.NIGHT_TABLE, seal.RULING_TABLE, seal.SEAT_TABLE


def _settle(cursor: Any) -> None:
    """PostgreSQL refuses DDL and TRUNCATE while the test's own inserts still owe their deferred
    foreign-key checks: run them now."""
    if connection.vendor == "postgresql":
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")


def _refused(says: str, sql: str, params: list[Any] | None = None) -> None:
    """The statement fails in the database itself, saying why (a savepoint keeps the test
    going)."""
    with connection.cursor() as cursor:
        _settle(cursor)
        with pytest.raises(DatabaseError, match=says), transaction.atomic():
            cursor.execute(sql, params)


def _run(sql: str, params: list[Any] | None = None) -> None:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)


@contextmanager
def _behind_the_apps_back() -> Iterator[None]:
    """Lift every trigger inside the test's transaction, as someone with the tables' keys
    could; they are back (and the test's writes rolled back) when it ends."""
    vendor = connection.vendor
    with connection.cursor() as cursor:
        _settle(cursor)
        for sql in [*seal.unlock_sql(vendor), *chain.unlock_sql(vendor)]:
            cursor.execute(sql)
        yield
        for sql in [*seal.lock_sql(vendor), *chain.lock_sql(vendor)]:
            cursor.execute(sql)


def _verified_after_deleting(sql: str, params: list[Any], *args: str) -> str:
    """What ``verify_ledger`` says once a row is deleted with every trigger lifted and no
    foreign key checked (as SQLite's own shell runs), all of it undone after: on PostgreSQL the
    foreign keys wait for a commit that never comes."""
    with transaction.atomic(), connection.cursor() as cursor:
        _settle(cursor)
        for sql_ in [*seal.unlock_sql(connection.vendor), *chain.unlock_sql(connection.vendor)]:
            cursor.execute(sql_)
        if connection.vendor == "postgresql":
            cursor.execute("SET CONSTRAINTS ALL DEFERRED")
        cursor.execute(sql, params)
        said = _broken(*args)
        transaction.set_rollback(True)
    return said


def _verify(*args: str) -> str:
    out = io.StringIO()
    call_command("verify_ledger", *args, stdout=out, stderr=out)
    return out.getvalue()


def _broken(*args: str) -> str:
    out = io.StringIO()
    with pytest.raises(CommandError) as refused:
        call_command("verify_ledger", *args, stdout=out, stderr=out)
    return out.getvalue() + str(refused.value)


@pytest.fixture
def started(bridge_game: Game, alice: Any) -> Game:
    """Bridge Rummy with two deals recorded."""
    for deal in SAMPLE_DEALS[:2]:
        game_services.deal_record(game=bridge_game, by=alice, data=deal)
    bridge_game.refresh_from_db()
    return bridge_game


def _ruling(night: Night, by: Any) -> Ruling:
    return asking.ruling_save(
        night=night, by=by, slug="rummy", question="meld", data={"cards": "5H 6H 7H"}
    )


# --- 10.5: a game or a night is never deleted from under its ledger ------------------------


def test_raw_sql_cannot_delete_a_started_game(started: Game) -> None:
    """As ``sqlite3 db "DELETE FROM scorekeeper_game WHERE id=1"`` did, its entries left behind."""
    _refused("A game with entries in its ledger", f"DELETE FROM {GAME} WHERE id = %s", [started.pk])
    assert Game.objects.filter(pk=started.pk).exists()
    assert _verify().startswith("OK: 1 games, 2 entries")


def test_raw_sql_cannot_delete_an_unstarted_games_row_from_under_its_seats(
    night: Night,
) -> None:
    fresh = GameFactory(night=night, slug="bridge-rummy")
    _refused("or with seats, is never deleted", f"DELETE FROM {GAME} WHERE id = %s", [fresh.pk])


@pytest.mark.parametrize("what", ["started-game", "unstarted-game", "ruling"])
def test_raw_sql_cannot_delete_a_night_with_games_or_rulings(
    night: Night, alice: Any, what: str
) -> None:
    if what == "started-game":
        game = GameFactory(night=night, slug="bridge-rummy")
        game_services.deal_record(game=game, by=alice, data=SAMPLE_DEALS[0])
    elif what == "unstarted-game":
        GameFactory(night=night, slug="bridge-rummy")
    else:
        _ruling(night, alice)
    _refused(
        "A night with games or saved rulings", f"DELETE FROM {NIGHT} WHERE id = %s", [night.pk]
    )
    assert Night.objects.filter(pk=night.pk).exists()


def test_what_the_app_may_delete_it_still_can(night: Night, alice: Any) -> None:
    """A game with nothing in its ledger (its seats first, as the app removes it), and a
    night with nothing settled in it, its unstarted games and table with it."""
    mistake = GameFactory(night=night, slug="bridge-rummy")
    game_services.game_remove(game=mistake, by=alice)
    assert not Game.objects.filter(pk=mistake.pk).exists()
    GameFactory(night=night, slug="bridge-rummy")
    night.delete()
    assert not Night.objects.filter(pk=night.pk).exists()
    assert not Seat.objects.exists()
    empty = NightFactory(owner=alice)
    _run(f"DELETE FROM {NIGHT} WHERE id = %s", [empty.pk])
    assert _verify() == "OK: 0 games, 0 entries, 0 rulings, every link holds.\n"


def test_verify_ledger_names_the_entries_and_seats_of_a_game_deleted_behind_its_back(
    started: Game,
) -> None:
    first, last = started.entries.order_by("id")
    seats = list(started.seats.order_by("id").values_list("id", flat=True))
    delete = f"DELETE FROM {GAME} WHERE id = %s"
    said = _verified_after_deleting(delete, [started.pk])
    assert (
        f"BROKEN game {started.pk}: the game is gone, but 2 of its entries remain (ids "
        f"{first.pk} to {last.pk}), unchecked"
    ) in said
    assert (
        f"BROKEN game {started.pk}: the game is gone, but 4 of its seats remain (ids "
        f"{seats[0]} to {seats[-1]})"
    ) in said
    assert "broken in 1 of 1 games" in said
    # Asked of that game alone, it is named, not "there is no game".
    alone = _verified_after_deleting(delete, [started.pk], "--game", str(started.pk))
    assert "the game is gone, but 2 of its entries remain" in alone


def test_verify_ledger_names_the_games_and_rulings_of_a_night_deleted_behind_its_back(
    started: Game, alice: Any
) -> None:
    night = started.night
    ruling = _ruling(night, alice)
    said = _verified_after_deleting(f"DELETE FROM {NIGHT} WHERE id = %s", [night.pk])
    assert f"BROKEN game {started.pk}: its night ({night.pk}) is gone" in said
    assert f"BROKEN ruling {ruling.pk}: its night ({night.pk}) is gone" in said
    assert "broken in 1 of 1 games and 1 of 1 rulings" in said


# --- 10.8: a settled night is neither moved nor redated; a saved ruling stays ----------------


NIGHT_CHANGES = [
    pytest.param(f"UPDATE {NIGHT} SET owner_id = {{carol}} WHERE id = {{night}}", id="owner"),
    pytest.param(f"UPDATE {NIGHT} SET date = '1999-01-01' WHERE id = {{night}}", id="date"),
    pytest.param(
        f"UPDATE {NIGHT} SET owner_id = {{carol}}, date = '1999-01-01' WHERE id = {{night}}",
        id="owner-and-date",
    ),
    pytest.param(f"UPDATE {NIGHT} SET id = id + 1000 WHERE id = {{night}}", id="id"),
]


@pytest.mark.parametrize("settled_by", ["a-started-game", "a-ruling"])
@pytest.mark.parametrize("statement", NIGHT_CHANGES)
def test_raw_sql_cannot_move_or_redate_a_settled_night(
    night: Night, alice: Any, carol: Any, settled_by: str, statement: str
) -> None:
    if settled_by == "a-started-game":
        game = GameFactory(night=night, slug="bridge-rummy")
        game_services.deal_record(game=game, by=alice, data=SAMPLE_DEALS[0])
    else:
        _ruling(night, alice)
    before = (night.pk, night.owner_id, night.date)
    _refused(
        "A night's owner and date are fixed",
        statement.format(night=night.pk, carol=carol.pk),
    )
    night.refresh_from_db()
    assert (night.pk, night.owner_id, night.date) == before


def test_a_night_with_nothing_settled_can_still_be_set_up(night: Night, carol: Any) -> None:
    GameFactory(night=night, slug="bridge-rummy")  # not started
    _run(
        f"UPDATE {NIGHT} SET owner_id = %s, date = '1999-01-01' WHERE id = %s", [carol.pk, night.pk]
    )
    night.refresh_from_db()
    assert (night.owner, night.date.isoformat()) == (carol, "1999-01-01")


def test_a_settled_night_keeps_taking_what_the_app_changes(started: Game, alice: Any) -> None:
    """Its place, notes and settings, and a save of the whole row with the same owner and date."""
    night = started.night
    _run(f"UPDATE {NIGHT} SET place = 'The pub', notes = 'late start' WHERE id = %s", [night.pk])
    confirmations.night_ask_confirmations(night=night, by=alice, on=True)
    night.refresh_from_db()
    night.save()
    assert (night.place, night.notes, night.confirmations) == ("The pub", "late start", True)


RULING_CHANGES = [
    pytest.param(f"UPDATE {RULING} SET answer = '{{{{\"forged\": true}}}}'", id="answer"),
    pytest.param(f"UPDATE {RULING} SET night_id = {{other}}", id="moved"),
    pytest.param(f"UPDATE {RULING} SET note = 'changed'", id="note"),
    pytest.param(f"DELETE FROM {RULING}", id="delete"),
]


@pytest.mark.parametrize("statement", RULING_CHANGES)
def test_raw_sql_cannot_change_or_delete_a_saved_ruling(
    night: Night, alice: Any, statement: str
) -> None:
    ruling = _ruling(night, alice)
    other = NightFactory(owner=alice)
    _refused("A saved ruling is never changed or deleted", statement.format(other=other.pk))
    assert Ruling.objects.get(pk=ruling.pk).answer == ruling.answer


@pytest.mark.skipif(connection.vendor != "postgresql", reason="TRUNCATE is PostgreSQL's")
def test_raw_sql_cannot_truncate_the_rulings(night: Night, alice: Any) -> None:
    _ruling(night, alice)
    _refused("A saved ruling is never changed or deleted", f"TRUNCATE {RULING}")
    assert Ruling.objects.count() == 1


def test_the_app_never_changes_or_deletes_a_saved_ruling(night: Night, alice: Any) -> None:
    ruling = _ruling(night, alice)
    ruling.note = "changed"
    with pytest.raises(AppendOnlyError):
        ruling.save()
    with pytest.raises(AppendOnlyError):
        ruling.delete()


def test_a_ruling_is_sealed_when_saved(night: Night, alice: Any) -> None:
    ruling = _ruling(night, alice)
    ruling.refresh_from_db()  # as the database gives it back
    assert len(ruling.hash) == 64
    assert ruling.hash == seal.ruling_hash(ruling)


def test_a_games_seal_holds_its_nights_owner_and_date(started: Game) -> None:
    night = started.night
    assert (started.setup["owner"], started.setup["date"]) == (
        night.owner_id,
        night.date.isoformat(),
    )
    first = started.entries.order_by("id").first()
    assert first is not None
    assert first.prev_hash == seal.setup_hash(started.setup)


def test_verify_ledger_names_a_night_moved_and_redated_behind_its_back(
    started: Game, carol: Any
) -> None:
    night = started.night
    with _behind_the_apps_back():
        _run(
            f"UPDATE {NIGHT} SET owner_id = %s, date = '1999-01-01' WHERE id = %s",
            [carol.pk, night.pk],
        )
    said = _broken()
    assert f"game {started.pk}: its setup no longer matches" in said
    assert f"its night's owner was account {night.owner_id}, now {carol.pk}" in said
    assert f"its night's date was {night.date.isoformat()}, now 1999-01-01" in said


def test_verify_ledger_names_a_ruling_changed_behind_its_back(night: Night, alice: Any) -> None:
    kept, forged = _ruling(night, alice), _ruling(night, alice)
    with _behind_the_apps_back():
        _run(f"UPDATE {RULING} SET answer = %s WHERE id = %s", ['{"forged": true}', forged.pk])
    said = _broken()
    assert f"BROKEN ruling {forged.pk}: its content no longer matches its hash" in said
    assert f"ruling {kept.pk}:" not in said
    assert "broken in 0 of 0 games and 1 of 2 rulings" in said


def test_a_game_sealed_before_its_nights_owner_and_date_were_is_guarded_not_compared(
    started: Game, carol: Any
) -> None:
    """Its sealed setup has no owner or date, and no entry's hash can be changed to cover them:
    the triggers guard its night, and ``verify_ledger`` compares nothing it never sealed."""
    older = {k: v for k, v in started.setup.items() if k not in ("owner", "date")}
    with _behind_the_apps_back():  # the game as a release before this one sealed it
        _run(f"UPDATE {GAME} SET setup = %s WHERE id = %s", [json.dumps(older), started.pk])
        prev = seal.setup_hash(older)
        for entry in started.entries.order_by("id"):
            entry.prev_hash = prev
            entry.hash = chain.entry_hash(chain.content_of(entry), prev)
            _run(
                f"UPDATE {chain.TABLE} SET prev_hash = %s, hash = %s WHERE id = %s",
                [entry.prev_hash, entry.hash, entry.pk],
            )
            prev = entry.hash
    assert _verify().startswith("OK: 1 games, 2 entries")
    _refused(
        "A night's owner and date are fixed",
        f"UPDATE {NIGHT} SET owner_id = %s WHERE id = %s",
        [carol.pk, started.night_id],
    )


# --- The migration ---------------------------------------------------------------------------


class _Editor:
    """Enough of a schema editor for the migration's functions, inside the test transaction."""

    connection = connection

    def execute(self, sql: str, params: Any = None) -> None:
        with connection.cursor() as cursor:
            _settle(cursor)
            cursor.execute(sql, params)


def _migration() -> Any:
    (name,) = [
        m.name
        for m in pkgutil.iter_modules(migrations.__path__)
        if m.name.endswith(seal.NIGHT_MIGRATION)
    ]
    return importlib.import_module(f"scorekeeper.migrations.{name}")


def test_the_migration_seals_the_rulings_already_saved(night: Night, alice: Any) -> None:
    ruling = _ruling(night, alice)
    with _behind_the_apps_back():  # as the release before left it: no hash
        _run(f"UPDATE {RULING} SET hash = '' WHERE id = %s", [ruling.pk])
        assert "BROKEN ruling" in _broken()
        _migration().seal_saved_rulings(apps, _Editor())
    assert Ruling.objects.get(pk=ruling.pk).hash == seal.ruling_hash(ruling)
    assert _verify().startswith("OK: ")


def test_the_migration_installs_the_triggers_and_takes_them_back(started: Game) -> None:
    migration = _migration()
    redate = f"UPDATE {NIGHT} SET date = '1999-01-01' WHERE id = %s"
    migration.remove(None, _Editor())
    with transaction.atomic():
        _run(redate, [started.night_id])
        transaction.set_rollback(True)
    migration.install(None, _Editor())
    _refused("A night's owner and date are fixed", redate, [started.night_id])


@pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite rebuilds tables to alter them")
def test_sqlite_triggers_come_back_after_a_migration_rebuilds_the_tables(
    started: Game, alice: Any
) -> None:
    _ruling(started.night, alice)
    with connection.cursor() as cursor:
        for sql in seal.NIGHT_SQLITE_REMOVE:  # as a table rebuild would
            cursor.execute(sql)
    seal.keep_triggers(using=connection.alias)  # what every migrate ends with
    _refused("A game with entries", f"DELETE FROM {GAME} WHERE id = %s", [started.pk])
    _refused("A night's owner", f"UPDATE {NIGHT} SET date = '1999-01-01'")
    _refused("A saved ruling", f"DELETE FROM {RULING}")
