"""The production database role (issue 11): the app connects as a role that cannot rewrite
the ledger, below the triggers: PostgreSQL refuses it the statements by permission."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from scorekeeper.games import services as game_services
from scorekeeper.models import Entry, Game, Player
from scorekeeper.nights.demo import SAMPLE_DEALS
from tests.factories import GameFactory, NightFactory, UserFactory

pytestmark = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="roles and permissions are PostgreSQL's"
)

PASSWORD = "not-the-owner"


@pytest.fixture
def role(transactional_db: Any) -> Iterator[str]:
    """A role made by ``app_role`` for this test database (named after it: other runs on the
    same cluster use their own), dropped afterwards."""
    name = f"{connection.settings_dict['NAME']}_app"[:63]
    call_command("app_role", name, password=PASSWORD)
    yield name
    with connection.cursor() as cursor:
        quoted = connection.ops.quote_name(name)
        cursor.execute(f"DROP OWNED BY {quoted}")
        cursor.execute(f"DROP ROLE {quoted}")


def as_role(name: str) -> psycopg.Connection[Any]:
    settings = connection.settings_dict
    return psycopg.connect(
        host=settings["HOST"] or "127.0.0.1",
        port=int(settings["PORT"] or 5432),
        dbname=settings["NAME"],
        user=name,
        password=PASSWORD,
        autocommit=True,
    )


@pytest.fixture
def game(transactional_db: Any) -> Game:
    alice = UserFactory(username="alice")
    game = GameFactory(night=NightFactory(owner=alice), slug="bridge-rummy")
    game_services.deal_record(game=game, by=alice, data=SAMPLE_DEALS[0])
    return game


REWRITES = [
    pytest.param("UPDATE scorekeeper_entry SET note = 'changed'", id="update"),
    pytest.param("DELETE FROM scorekeeper_entry", id="delete"),
    pytest.param("TRUNCATE scorekeeper_entry CASCADE", id="truncate"),
    pytest.param("ALTER TABLE scorekeeper_entry DISABLE TRIGGER USER", id="disable-trigger"),
    pytest.param("ALTER TABLE scorekeeper_entry DISABLE TRIGGER ALL", id="disable-all-triggers"),
    pytest.param("DROP TABLE scorekeeper_entry CASCADE", id="drop"),
]


@pytest.mark.parametrize("statement", REWRITES)
def test_the_app_role_is_refused_every_rewrite_of_the_ledger(
    role: str, game: Game, statement: str
) -> None:
    # Refused by permission, before any trigger is reached (the triggers answer with the same
    # SQLSTATE 42501, so the message tells them apart).
    with as_role(role) as conn, pytest.raises(psycopg.errors.InsufficientPrivilege) as refused:
        conn.execute(statement)
    assert re.match(
        r"(permission denied for table|must be owner of table) scorekeeper_entry",
        str(refused.value),
    )
    assert Entry.objects.filter(note="").count() == 1


SETUP_REWRITES = [
    pytest.param(
        "UPDATE scorekeeper_seat SET position = 101 - position",
        "permission denied for table scorekeeper_seat",
        id="seats-by-permission",
    ),
    pytest.param(
        "DELETE FROM scorekeeper_seat",
        "A game is fixed once its ledger has an entry",
        id="seats-by-trigger",
    ),
    pytest.param(
        "UPDATE scorekeeper_game SET options = '{}'",
        "A game is fixed once its ledger has an entry",
        id="house-rules-by-trigger",
    ),
    pytest.param(
        "ALTER TABLE scorekeeper_seat DISABLE TRIGGER USER",
        "must be owner of table scorekeeper_seat",
        id="seat-triggers",
    ),
    pytest.param(
        "ALTER TABLE scorekeeper_game DISABLE TRIGGER USER",
        "must be owner of table scorekeeper_game",
        id="game-triggers",
    ),
]


@pytest.mark.parametrize(("statement", "says"), SETUP_REWRITES)
def test_the_app_role_cannot_change_a_started_games_setup(
    role: str, game: Game, statement: str, says: str
) -> None:
    with as_role(role) as conn, pytest.raises(psycopg.errors.InsufficientPrivilege) as refused:
        conn.execute(statement)
    assert str(refused.value).startswith(says)
    assert [s.position for s in game.seats.all()] == [0, 1, 2, 3]
    out = io.StringIO()
    call_command("verify_ledger", stdout=out)
    assert out.getvalue().startswith("OK: ")


NIGHT_REWRITES = [
    pytest.param(
        "UPDATE scorekeeper_night SET owner_id = {other}, date = '1999-01-01'",
        "A night's owner and date are fixed once one of its games has an entry",
        id="move-and-redate-a-night",
    ),
    pytest.param(
        "DELETE FROM scorekeeper_game",
        "A game with entries in its ledger, or with seats, is never deleted",
        id="delete-a-game",
    ),
    pytest.param(
        "DELETE FROM scorekeeper_night",
        "A night with games or saved rulings is never deleted",
        id="delete-a-night",
    ),
    pytest.param(
        """UPDATE scorekeeper_ruling SET answer = '{{"forged": true}}'""",
        "permission denied for table scorekeeper_ruling",
        id="forge-a-ruling",
    ),
    pytest.param(
        "DELETE FROM scorekeeper_ruling",
        "permission denied for table scorekeeper_ruling",
        id="delete-a-ruling",
    ),
    pytest.param(
        "TRUNCATE scorekeeper_ruling",
        "permission denied for table scorekeeper_ruling",
        id="truncate-the-rulings",
    ),
    pytest.param(
        "ALTER TABLE scorekeeper_night DISABLE TRIGGER USER",
        "must be owner of table scorekeeper_night",
        id="night-triggers",
    ),
    pytest.param(
        "ALTER TABLE scorekeeper_ruling DISABLE TRIGGER USER",
        "must be owner of table scorekeeper_ruling",
        id="ruling-triggers",
    ),
]


@pytest.mark.parametrize(("statement", "says"), NIGHT_REWRITES)
def test_the_app_role_cannot_move_a_settled_night_or_rewrite_its_rulings(
    role: str, game: Game, statement: str, says: str
) -> None:
    """Issue 26, 10.8: the role moved a night and its sealed games to another account, and
    forged the answers of saved rulings, and ``verify_ledger`` said OK."""
    from scorekeeper.desk import asking

    night = game.night
    ruling = asking.ruling_save(
        night=night, by=night.owner, slug="rummy", question="meld", data={"cards": "5H 6H 7H"}
    )
    other = UserFactory(username="mallory")
    with as_role(role) as conn, pytest.raises(psycopg.errors.InsufficientPrivilege) as refused:
        conn.execute(statement.format(other=other.pk))
    assert str(refused.value).startswith(says)
    night.refresh_from_db()
    assert night.owner.username == "alice"
    assert type(ruling).objects.get(pk=ruling.pk).answer == ruling.answer
    out = io.StringIO()
    call_command("verify_ledger", stdout=out)
    assert out.getvalue().startswith("OK: ")


def test_the_app_role_reads_the_ledger_and_writes_other_tables(role: str, game: Game) -> None:
    with as_role(role) as conn:
        assert conn.execute("SELECT count(*) FROM scorekeeper_entry").fetchone() == (1,)
        conn.execute("UPDATE scorekeeper_night SET notes = 'late start'")
        conn.execute("DELETE FROM django_session")


def test_the_app_records_amends_and_voids_as_the_role(role: str, game: Game) -> None:
    """Everything the app does to a game's ledger works through services as the role."""
    settings = connection.settings_dict
    owner = (settings["USER"], settings["PASSWORD"])
    connection.close()
    settings["USER"], settings["PASSWORD"] = role, PASSWORD
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT current_user")
            assert cursor.fetchone() == (role,)
        alice = game.night.owner
        # A new game: started, its seats set and sealed at its first deal, as the role.
        players = list(Player.objects.filter(seats__game=game).order_by("seats__position"))
        fresh = game_services.game_start(
            night=game.night, by=alice, slug="bridge-rummy", players=players
        )
        game_services.deal_record(game=fresh, by=alice, data=SAMPLE_DEALS[0])
        fresh.refresh_from_db()
        assert [s["name"] for s in fresh.setup["seats"]] == ["Mary", "Tom", "Dick", "Alice"]
        second = game_services.deal_record(game=game, by=alice, data=SAMPLE_DEALS[1], number=2)
        amended = game_services.deal_amend(
            game=game, deal_key=second.pk, by=alice, data=SAMPLE_DEALS[1], revision=second.pk
        )
        game_services.deal_void(game=game, deal_key=second.pk, by=alice, revision=amended.pk)
        assert list(game.entries.values_list("kind", flat=True)) == [
            "record",
            "record",
            "amend",
            "void",
        ]
    finally:
        connection.close()
        settings["USER"], settings["PASSWORD"] = owner


def test_running_it_again_updates_the_role(role: str, game: Game) -> None:
    call_command("app_role", role)  # no password: the old one is kept
    with as_role(role) as conn, pytest.raises(psycopg.errors.InsufficientPrivilege) as refused:
        conn.execute("DELETE FROM scorekeeper_entry")
    assert str(refused.value).startswith("permission denied for table scorekeeper_entry")


@pytest.mark.parametrize("name", ["Robert'); DROP TABLE x;--", "", "a" * 64, "9lives"])
def test_it_refuses_a_name_it_would_have_to_quote(name: str, transactional_db: Any) -> None:
    with pytest.raises(CommandError, match="is not a role name"):
        call_command("app_role", name)
