"""A write that waits for the database's lock past its timeout answers 503 with Retry-After.

The lock is held from a connection of the test's own (SQLite: the write lock; PostgreSQL: the
game's row), and the app's connection is given a short timeout, so the wait is a moment.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from rest_framework.test import APIClient

from scorekeeper.models import Entry, Game, Night, Player
from scorekeeper.nights.demo import SAMPLE_DEALS
from scorekeeper.transfer import exporting
from scorekeeper.web import busy
from tests.factories import UserFactory, played_night

pytestmark = pytest.mark.django_db(transaction=True)


@contextmanager
def holding_the_lock(game: Game, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Another connection holds the lock a write of ``game`` needs, and the app's connection
    gives up waiting for it after a fifth of a second."""
    connection.close()
    if connection.vendor == "sqlite":
        monkeypatch.setitem(connection.settings_dict["OPTIONS"], "timeout", 0.2)
        holder = sqlite3.connect(connection.settings_dict["NAME"], isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")
        try:
            yield
        finally:
            holder.execute("ROLLBACK")
            holder.close()
            connection.close()
        return
    import psycopg

    params = connection.get_connection_params()
    params.pop("options", None)
    params.pop("cursor_factory", None)
    params.pop("context", None)
    params.pop("prepare_threshold", None)
    with psycopg.connect(**params) as holder:
        holder.execute("SELECT id FROM scorekeeper_game WHERE id = %s FOR UPDATE", [game.pk])
        with connection.cursor() as cursor:
            cursor.execute("SET lock_timeout = '200ms'")
        try:
            yield
        finally:
            holder.rollback()
            connection.close()


@pytest.fixture
def locked(bridge_game: Game, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    with holding_the_lock(bridge_game, monkeypatch):
        yield


def test_busy_knows_a_lock_timeout_from_other_errors() -> None:
    from django.db import IntegrityError, OperationalError

    assert busy.is_busy(OperationalError("database is locked"))
    assert not busy.is_busy(OperationalError("no such table: x"))
    assert not busy.is_busy(IntegrityError("database is locked"))
    assert not busy.is_busy(ValueError("database is locked"))


def test_an_api_write_that_waits_too_long_is_a_503_with_retry_after(
    api: APIClient, bridge_game: Game, locked: None
) -> None:
    response = api.post(
        f"/api/v1/games/{bridge_game.pk}/deals/", {"deal": SAMPLE_DEALS[0]}, format="json"
    )
    assert response.status_code == 503, response.content
    assert response["Retry-After"] == str(busy.RETRY_AFTER)
    assert response["Content-Type"] == "application/problem+json"
    assert response.json() == {
        "type": "about:blank",
        "title": "Service Unavailable",
        "status": 503,
        "detail": busy.MESSAGE,
        **busy.body(),
    }
    assert not Entry.objects.filter(game=bridge_game).exists()


def test_a_page_write_that_waits_too_long_is_a_503_page_with_retry_after(
    alice: Any, bridge_game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    client = Client()
    client.force_login(alice)  # the session is written before the lock is taken
    with holding_the_lock(bridge_game, monkeypatch):
        response = client.post(f"/games/{bridge_game.pk}/end/")
    assert response.status_code == 503
    assert response["Retry-After"] == str(busy.RETRY_AFTER)
    assert "Try again" in response.content.decode()
    assert not Entry.objects.filter(game=bridge_game).exists()


def test_an_import_waiting_for_the_lock_is_a_503_and_writes_nothing(
    api: APIClient, alice: Any, bridge_game: Game, locked: None
) -> None:
    if connection.vendor != "sqlite":
        pytest.skip("On PostgreSQL an import writes new rows only: it waits on no one's lock.")
    document = exporting.export_document([bridge_game.night])
    response = api.post("/api/v1/import/", document, format="json")
    assert response.status_code == 503, response.content
    assert response.json()["code"] == "busy"


def test_a_refused_import_is_refused_without_waiting_for_the_lock(
    alice: Any, bridge_game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The file is checked and replayed before the write transaction opens: a file that does
    not replay never queues for the lock (it is answered 400 while the lock is held)."""
    document = exporting.export_document([played_night(alice)])
    dave = UserFactory(username="dave")
    api = APIClient()
    api.force_authenticate(dave)
    document["nights"][0]["games"][0]["entries"][-1]["data"] = {"went_out": 99}
    with holding_the_lock(bridge_game, monkeypatch):
        response = api.post("/api/v1/import/", document, format="json")
    assert response.status_code == 400, response.content
    assert response.json()["code"] == "import_refused"
    assert not Night.objects.filter(owner=dave).exists()
    assert not Player.objects.filter(owner=dave).exists()
