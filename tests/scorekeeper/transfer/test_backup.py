"""``manage.py backup`` and ``manage.py restore``, on the database the suite runs on.

The round trip backs up while a client records deals through a live server, records more
after the backup, restores, and finds the standings as they were at the backup, every ledger
whole. Restoring into an empty database runs the command in a process of its own against a
scratch database (a file on SQLite; a database of its own on PostgreSQL, never the main one).
"""

from __future__ import annotations

import base64
import json
import os
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path
from typing import Any

import psycopg
import pytest
from django.core.management import call_command, get_commands
from django.core.management.base import CommandError
from django.db import connection
from django.urls import reverse

from scorekeeper.games import services as game_services
from scorekeeper.models import Entry, Game, Night
from scorekeeper.nights.demo import SAMPLE_DEALS
from scorekeeper.standings import scoreboard
from tests.factories import GameFactory
from tests.scorekeeper.serve import ROOT, database_url
from tests.scorekeeper.test_crash import orphans

pytestmark = pytest.mark.django_db(transaction=True)


def totals(game: Game) -> tuple[Any, ...]:
    standings = scoreboard.game_standings(game)
    assert standings.problems == ()
    return (tuple(standings.tally.totals), tuple(h.current.pk for h in standings.history))


def play(game: Game, by: Any, deals: tuple[dict[str, Any], ...]) -> None:
    for deal in deals:
        game_services.deal_record(game=game, by=by, data=deal)


def record_over_http(url: str, stop: threading.Event, acknowledged: list[int]) -> None:
    """A phone recording deals through the API until told to stop (or the game is full)."""
    for number, deal in enumerate(SAMPLE_DEALS, start=1):
        if stop.is_set():
            return
        body = {"deal": deal, "token": str(uuid.uuid4()), "number": number}
        request = urllib.request.Request(url, data=json.dumps(body).encode())
        request.add_header("Content-Type", "application/json")
        request.add_header("Authorization", "Basic " + base64.b64encode(b"bob:password").decode())
        with urllib.request.urlopen(request, timeout=30) as response:
            assert response.status == 201
            acknowledged.append(json.loads(response.read())["id"])


def test_backup_while_serving_then_restore_gives_back_the_standings_at_the_backup(
    live_server: Any, night: Night, alice: Any, bob: Any, tmp_path: Path
) -> None:
    game = GameFactory(night=night)
    busy = GameFactory(night=night)
    play(game, alice, SAMPLE_DEALS[:3])
    at_backup = totals(game)

    # Back up while bob records deals in another game through the live server.
    stop = threading.Event()
    acknowledged: list[int] = []
    url = live_server.url + reverse("api_game_deals", args=[busy.pk])
    phone = threading.Thread(target=record_over_http, args=(url, stop, acknowledged))
    phone.start()
    while not acknowledged and phone.is_alive():
        time.sleep(0.005)
    path = tmp_path / "scorekeeper.backup"
    call_command("backup", str(path))
    stop.set()
    phone.join(timeout=30)
    assert acknowledged and path.stat().st_size > 0
    busy_at_end = list(busy.entries.values_list("pk", flat=True))

    play(game, alice, SAMPLE_DEALS[3:5])
    game_services.deal_amend(game=game, deal_key=at_backup[1][0], by=bob, data=SAMPLE_DEALS[5])
    assert totals(game) != at_backup

    # A database that holds anything is not overwritten without --force.
    with pytest.raises(CommandError, match="--force"):
        call_command("restore", str(path))
    assert game.entries.count() == 6

    call_command("restore", str(path), "--force")
    assert totals(game) == at_backup
    # The game written during the backup is a whole prefix of what was recorded.
    busy_standings = scoreboard.game_standings(busy)
    assert busy_standings.problems == ()
    restored = [h.current.pk for h in busy_standings.history]
    assert 1 <= len(restored) <= len(busy_at_end)
    assert restored == busy_at_end[: len(restored)]
    assert orphans() == []
    if "verify_ledger" in get_commands():  # the ledger's hash chain, where it exists
        call_command("verify_ledger")
    # The restored database takes new deals.
    game_services.deal_record(game=game, by=alice, data=SAMPLE_DEALS[3])
    assert game.entries.count() == 4


def test_restore_refuses_what_is_not_a_backup(night: Night, alice: Any, tmp_path: Path) -> None:
    game = GameFactory(night=night)
    play(game, alice, SAMPLE_DEALS[:2])
    junk = tmp_path / "junk.backup"
    junk.write_bytes(b"not a backup at all " * 100)
    with pytest.raises(CommandError):
        call_command("restore", str(junk), "--force")
    with pytest.raises(CommandError, match="no backup"):
        call_command("restore", str(tmp_path / "missing"), "--force")
    assert game.entries.count() == 2
    assert totals(game)[1] == tuple(game.entries.values_list("pk", flat=True))


def test_restore_into_an_empty_scratch_database(night: Night, alice: Any, tmp_path: Path) -> None:
    game = GameFactory(night=night)
    play(game, alice, SAMPLE_DEALS[:4])
    path = tmp_path / "scorekeeper.backup"
    call_command("backup", str(path))

    settings = connection.settings_dict
    if connection.vendor == "sqlite":
        scratch = tmp_path / "scratch.sqlite3"
        url = f"sqlite:///{scratch}"
    else:
        name = f"{settings['NAME']}_scratch"
        url = database_url().rsplit("/", 1)[0] + f"/{name}"
        with psycopg.connect(database_url(), autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}"')
            admin.execute(f'CREATE DATABASE "{name}"')
    try:
        done = subprocess.run(
            [sys.executable, "manage.py", "restore", str(path)],
            cwd=ROOT,
            env={**os.environ, "DATABASE_URL": url},
            capture_output=True,
            text=True,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        assert "Restored" in done.stdout
        table = Entry._meta.db_table
        query = f"SELECT id FROM {table} WHERE game_id = {game.pk} ORDER BY id"
        if connection.vendor == "sqlite":
            import sqlite3

            with sqlite3.connect(scratch) as copy:
                ids = [row[0] for row in copy.execute(query)]
        else:
            with psycopg.connect(url) as copy:
                ids = [row[0] for row in copy.execute(query)]
        assert ids == list(game.entries.values_list("pk", flat=True))
        assert len(ids) == 4
    finally:
        if connection.vendor != "sqlite":
            with psycopg.connect(database_url(), autocommit=True) as admin:
                admin.execute(f'DROP DATABASE IF EXISTS "{name}"')
