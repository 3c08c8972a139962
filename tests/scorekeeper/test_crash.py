"""A crash mid-write leaves no half-recorded deal.

The app runs in a process of its own (tests/scorekeeper/serve.py) against the test database;
a client thread records deals through the API as fast as the server answers, and the server
is killed with SIGKILL while it does, several times. After each kill, with nothing running:
every acknowledged deal (201 received) is in the ledger exactly once, the one request in
flight is either wholly there or absent, every game's ledger replays without problems, and no
row points at a row that is not there. The in-flight deal is then sent again, with its token,
to the restarted server: it is recorded once, whichever way the crash went.
"""

from __future__ import annotations

import base64
import http.client
import json
import random
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from dataclasses import dataclass, field
from typing import Any

import pytest
from django.db import connection
from django.urls import reverse

from scorekeeper.games import services as game_services
from scorekeeper.models import Entry, Game, Night
from scorekeeper.nights.demo import SAMPLE_DEALS
from scorekeeper.standings import scoreboard
from tests.factories import GameFactory
from tests.scorekeeper.serve import Server

KILLS = 3
ACKS = 3  # deals acknowledged before each kill
GAMES = 10  # six sample deals each: more than the kills reach
pytestmark = pytest.mark.django_db(transaction=True)


@dataclass
class Deal:
    game: int
    number: int
    token: str

    def body(self) -> dict[str, Any]:
        return {"deal": SAMPLE_DEALS[self.number - 1], "token": self.token, "number": self.number}


@dataclass
class Recorder:
    """Records deals one after another until a request goes unanswered."""

    server: Server
    todo: list[Deal]
    acknowledged: list[Deal] = field(default_factory=list)
    in_flight: Deal | None = None
    sent: list[Deal] = field(default_factory=list)  # every deal sent, answered or not
    stored: dict[int, Any] = field(default_factory=dict)  # deal number: its data as stored
    refused: list[tuple[Deal, int, str]] = field(default_factory=list)

    def send(self, deal: Deal) -> tuple[int, dict[str, Any]]:
        url = self.server.url + reverse("api_game_deals", args=[deal.game])
        request = urllib.request.Request(url, data=json.dumps(deal.body()).encode())
        request.add_header("Content-Type", "application/json")
        request.add_header("Authorization", "Basic " + base64.b64encode(b"alice:password").decode())
        try:
            with urllib.request.urlopen(request, timeout=20) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as err:
            return err.code, {"body": err.read().decode(errors="replace")[:300]}

    def run(self) -> None:
        while self.todo:
            deal = self.todo[0]
            self.in_flight = deal
            self.sent.append(deal)
            try:
                status, body = self.send(deal)
            except (OSError, http.client.HTTPException):
                return  # the server died with this request unanswered
            self.in_flight = None
            self.todo.pop(0)
            if status == 201:
                self.acknowledged.append(deal)
                answered = dict(body["data"])  # the deal as kept, and which deal shape it is
                assert answered.pop("object").startswith("DealBridgeRummy"), body
                assert answered == self.stored[deal.number], body
            else:
                self.refused.append((deal, status, str(body)))


def orphans() -> list[tuple[Any, ...]]:
    """Ledger rows pointing at rows that are not there (plus SQLite's own checks)."""
    entry = Entry._meta.db_table
    game = Game._meta.db_table
    found: list[tuple[Any, ...]] = []
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT e.id FROM {entry} e LEFT JOIN {game} g ON g.id = e.game_id "
            f"LEFT JOIN {entry} d ON d.id = e.deal_id LEFT JOIN {entry} s ON s.id = e.supersedes_id "
            "WHERE g.id IS NULL OR (e.deal_id IS NOT NULL AND d.id IS NULL) "
            "OR (e.supersedes_id IS NOT NULL AND s.id IS NULL)"
        )
        found += cursor.fetchall()
        if connection.vendor == "sqlite":
            cursor.execute("PRAGMA integrity_check")
            found += [row for row in cursor.fetchall() if row != ("ok",)]
            cursor.execute("PRAGMA foreign_key_check")
            found += cursor.fetchall()
    return found


def check_ledger(games: list[Game], recorder: Recorder) -> dict[str, int]:
    """Everything the tests promise, read straight from the database with the server dead."""
    tokens = {
        str(token) for token in Entry.objects.filter(game__in=games).values_list("token", flat=True)
    }
    for deal in recorder.acknowledged:
        assert Entry.objects.filter(token=deal.token).count() == 1, deal
    sent = recorder.sent
    known = {deal.token for deal in sent}
    assert set(tokens) <= known, "an entry nobody sent"
    unanswered = recorder.in_flight
    if unanswered is not None:
        assert Entry.objects.filter(token=unanswered.token).count() in (0, 1)
    for game in games:
        standings = scoreboard.game_standings(game)
        assert standings.problems == (), (game.pk, standings.problems)
        recorded = [deal for deal in sent if deal.game == game.pk and deal.token in tokens]
        # Deal n is the n-th deal of its game: no gap, no deal twice.
        assert [h.number for h in standings.history] == [d.number for d in recorded]
        assert [str(h.current.token) for h in standings.history] == [d.token for d in recorded]
        # Each row holds the whole deal that was sent (the same sample deal, the same data).
        for history, deal in zip(standings.history, recorded, strict=True):
            assert history.current.kind == Entry.Kind.RECORD
            assert history.current.data == recorder.stored[deal.number], deal
    assert orphans() == []
    return {
        "acknowledged": len(recorder.acknowledged),
        "in_flight_kept": int(unanswered is not None and unanswered.token in tokens),
    }


def test_deals_survive_the_server_being_killed_mid_write(
    server: Server, night: Night, alice: Any
) -> None:
    games = [GameFactory(night=night) for _ in range(GAMES)]
    todo = [
        Deal(game.pk, number, str(uuid.uuid4()))
        for game in games
        for number in range(1, len(SAMPLE_DEALS) + 1)
    ]
    # The data each sample deal is stored as, from a game recorded in this process.
    reference = GameFactory(night=night)
    stored = {
        number: game_services.deal_record(game=reference, by=alice, data=deal).data
        for number, deal in enumerate(SAMPLE_DEALS, start=1)
    }
    recorder = Recorder(server, todo, stored=stored)
    rng = random.Random(11)
    kills = in_flight_kept = in_flight_lost = 0
    for _ in range(KILLS):
        acknowledged = len(recorder.acknowledged)
        client = threading.Thread(target=recorder.run)
        client.start()
        # A few deals in (the first requests warm the server up), then at a random moment,
        # which lands inside a request most times: a request takes a few milliseconds.
        deadline = time.monotonic() + 20
        while len(recorder.acknowledged) < acknowledged + ACKS and time.monotonic() < deadline:
            time.sleep(0.002)
        time.sleep(rng.uniform(0, 0.12))
        server.kill()
        kills += 1
        client.join(timeout=30)
        assert not client.is_alive()
        assert recorder.refused == [], recorder.refused
        assert recorder.todo, "the games ran out before the kill: add games"
        figures = check_ledger(games, recorder)
        in_flight_kept += figures["in_flight_kept"]
        in_flight_lost += int(recorder.in_flight is not None) - figures["in_flight_kept"]
        server.start()
        if recorder.in_flight is not None:
            # The phone sends the unanswered deal again, with its token: recorded once.
            deal = recorder.in_flight
            status, body = recorder.send(deal)
            assert status == 201, body
            assert Entry.objects.filter(token=deal.token).count() == 1
            recorder.acknowledged.append(deal)
            recorder.todo.pop(0)
            recorder.in_flight = None
    server.stop()
    check_ledger(games, recorder)
    assert len(recorder.acknowledged) > KILLS
    print(
        f"\ncrash: {kills} kills survived, {len(recorder.acknowledged)} deals acknowledged, "
        f"0 lost; in flight at a kill: {in_flight_kept} kept, {in_flight_lost} absent"
    )
