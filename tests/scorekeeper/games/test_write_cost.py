"""A write costs the same at deal 1,500 as at deal 5 (issue 26, item 10.11): recording a deal
reads the ledger's marker under the game's lock and scores the new deal after the tally this
process keeps, without reading the ledger; a process another one wrote behind reads only what
was written since; a change at deal k scores the deals from k on; and a kept tally that is not
the ledger's is never trusted."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any
from unittest import mock

import pytest
from django.db import connection
from django.db.models.signals import post_init
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from adjudicator.games import get_game
from scorekeeper.games import services as game_services
from scorekeeper.ledger import reading, replaying
from scorekeeper.models import Entry, Game, Night
from scorekeeper.standings import scoreboard
from tests.factories import GameFactory
from tests.scorekeeper.standings.test_standings_kept import from_scratch, rummy_deal, seen

HX = {"HTTP_HX_REQUEST": "true"}


def long_game(night: Night, by: Any, deals: int) -> Game:
    """A Rummy game of ``deals`` deals, its ledger written in a few statements."""
    game = GameFactory(night=night, slug="rummy", players=["Mary", "Tom", "Dick"])
    rng = random.Random(deals)
    Entry.insert_ledger(
        [
            Entry(id=pk, game=game, kind="record", data=rummy_deal(rng), recorded_by=by)
            for pk in Entry.next_ids(deals)
        ]
    )
    return game


@dataclass
class Work:
    queries: int = 0
    scored: int = 0  # deals the engine scored
    parsed: int = 0  # deal records the engine read
    rows: int = 0  # ledger entries read from the database (or made, as the one written)


@contextmanager
def counted() -> Iterator[Work]:
    rummy = type(get_game("rummy"))
    work = Work()

    def made(**kwargs: Any) -> None:
        work.rows += 1

    post_init.connect(made, sender=Entry)
    try:
        with (
            CaptureQueriesContext(connection) as queries,
            mock.patch.object(rummy, "score", autospec=True, wraps=rummy.score) as score,
            mock.patch.object(rummy, "parse_deal", autospec=True, wraps=rummy.parse_deal) as parse,
        ):
            yield work
    finally:
        post_init.disconnect(made, sender=Entry)
    work.queries, work.scored, work.parsed = len(queries), score.call_count, parse.call_count


def read_by_this_process(game: Game) -> None:
    """A phone's board is read here: this process keeps the game's replay."""
    scoreboard.game_standings(game)


def record(game: Game, by: Any, rng: random.Random) -> Work:
    with counted() as work:
        game_services.deal_record(game=game, by=by, data=rummy_deal(rng))
    return work


def test_recording_a_deal_costs_the_same_at_deal_1500_as_at_deal_5(
    night: Night, alice: Any
) -> None:
    rng = random.Random(5)
    costs = {}
    for size in (4, 1499):
        game = long_game(night, alice, size)
        read_by_this_process(game)
        costs[size] = record(game, alice, rng)
        assert seen(scoreboard.game_standings(game)) == seen(from_scratch(game))
    # The same queries, the new deal parsed and scored alone, and not one entry of the ledger
    # read back (the marker, read under the game's lock, names the ledger kept): the one
    # entry is the one written.
    assert costs[1499] == costs[4]
    assert (costs[1499].scored, costs[1499].parsed, costs[1499].rows) == (1, 1, 1)


def test_recording_from_the_page_scores_the_deal_once_at_any_length(
    client: Client, night: Night, alice: Any
) -> None:
    from scorekeeper.pages.deal_forms import DealForm
    from tests.scorekeeper.test_conformance import form_post

    client.force_login(alice)
    rng = random.Random(6)
    costs = {}
    for size in (4, 1499):
        game = long_game(night, alice, size)
        client.get(game.get_absolute_url())  # the phone's page, before it records
        form = DealForm.from_data(rummy_deal(rng), game=game, seats=tuple(game.seats.all()))
        posted = form_post(form) | {"number": str(size + 1)}
        with counted() as costs[size]:
            response = client.post(reverse("deal_record", args=[game.pk]), posted, **HX)
        assert response.status_code == 200
        assert f"Hand {size + 1} recorded" in response.content.decode() or (
            f"Deal {size + 1} recorded" in response.content.decode()
        )
    # The game comes back (its board and the next form) with no more queries, rows read and
    # engine work at deal 1,500: the replay the deal was checked with is the board's, and the
    # rows the page read before it are kept.
    assert costs[1499].queries == costs[4].queries
    assert costs[1499].rows == costs[4].rows
    assert (costs[1499].scored, costs[1499].parsed) == (costs[4].scored, costs[4].parsed) == (1, 1)


def test_a_deal_recorded_by_another_process_is_read_alone(night: Night, alice: Any) -> None:
    rng = random.Random(7)
    game = long_game(night, alice, 1499)
    read_by_this_process(game)
    # Another gunicorn worker records a deal: this one's kept tally is a deal behind.
    Entry.objects.create(game=game, kind="record", data=rummy_deal(rng), recorded_by=alice)
    Entry.objects.create(
        game=game,
        kind="confirm",
        deal_id=game.entries.last().pk,
        seat=1,
        data={},
        recorded_by=alice,
    )
    work = record(game, alice, rng)
    # The two entries written since, read alone (and the one written); that deal and the
    # new one scored.
    assert (work.scored, work.rows) == (2, 3)
    assert seen(scoreboard.game_standings(game)) == seen(from_scratch(game))


def test_a_process_that_keeps_nothing_replays_the_game_once(night: Night, alice: Any) -> None:
    rng = random.Random(8)
    game = long_game(night, alice, 300)
    scoreboard.forget_kept()  # a worker just started
    assert record(game, alice, rng).scored == 301
    assert record(game, alice, rng).scored == 1  # then it keeps it


@pytest.mark.parametrize("behind", [False, True], ids=["same-length", "a-deal-behind"])
def test_a_kept_tally_of_another_ledger_is_never_trusted(
    night: Night, alice: Any, behind: bool
) -> None:
    rng = random.Random(9)
    game = long_game(night, alice, 49 if behind else 50)
    scoreboard.forget_kept()  # an earlier test's game may have had this id (SQLite reuses them)
    read_by_this_process(game)
    ((table, kept),) = [(t, k) for t, k in scoreboard._KEPT.items() if t[0] == game.pk]
    # What this process keeps is the replay of another ledger with the same ids (a database
    # restored behind it): other entries, so other hashes, and other totals.
    forged = "f" * 64
    wrong = dataclasses.replace(kept.replayed.tally, totals=(999, 999, 999))
    scoreboard._KEPT[table] = dataclasses.replace(
        kept,
        marker=(*kept.marker[:2], forged),
        current=tuple((key, forged) for key, _ in kept.current),
        replayed=dataclasses.replace(kept.replayed, tally=wrong),
    )
    if behind:  # and another process has recorded a deal since
        Entry.objects.create(game=game, kind="record", data=rummy_deal(rng), recorded_by=alice)
    work = record(game, alice, rng)
    assert work.scored == 51  # the whole game again
    standings = scoreboard.game_standings(game)
    assert 999 not in standings.tally.totals
    assert seen(standings) == seen(from_scratch(game))


def test_a_kept_tally_behind_a_changed_deal_is_not_carried_on(night: Night, alice: Any) -> None:
    rng = random.Random(10)
    game = long_game(night, alice, 100)
    read_by_this_process(game)
    first = game.entries.order_by("id").first()
    assert first is not None
    # Another process amends deal 1: the entries since are not deals added, so the ledger is
    # read whole; what is kept in front of deal 1 is nothing, so the game is scored again.
    Entry.objects.create(
        game=game,
        kind="amend",
        deal=first,
        supersedes=first,
        data=rummy_deal(rng),
        recorded_by=alice,
    )
    work = record(game, alice, rng)
    assert work.scored == 101
    assert seen(scoreboard.game_standings(game)) == seen(from_scratch(game))


def change_of(game: Game, number: int) -> Entry:
    """The latest revision of deal ``number``."""
    key = game.entries.filter(kind="record").order_by("id")[number - 1].pk
    latest = reading.latest_revision(game, key)
    assert latest is not None
    return latest


@pytest.mark.parametrize(
    ("change", "number", "scored"),
    [
        # The Undo: the tally before the last deal is kept, so nothing is scored again.
        pytest.param("void", 300, 0, id="undo-the-last-deal"),
        pytest.param("amend", 300, 1, id="amend-the-last-deal"),
        # From the checkpoint before deal 290 (after 275 deals): 25 deals.
        pytest.param("amend", 290, 300 - 275, id="amend-deal-290"),
        pytest.param("void", 290, 300 - 1 - 275, id="void-deal-290"),
        # Deal 1 changes every deal's place: the whole game, legitimately.
        pytest.param("amend", 1, 300, id="amend-deal-1"),
    ],
)
def test_a_change_at_deal_k_scores_the_deals_from_k_on(
    night: Night, alice: Any, change: str, number: int, scored: int
) -> None:
    assert replaying.CHECKPOINT_EVERY == 25
    rng = random.Random(11)
    game = long_game(night, alice, 300)
    read_by_this_process(game)
    latest = change_of(game, number)
    with counted() as work:
        if change == "void":
            game_services.deal_void(game=game, deal_key=latest.deal_key, by=alice)
        else:
            game_services.deal_amend(
                game=game, deal_key=latest.deal_key, by=alice, data=rummy_deal(rng)
            )
    assert work.scored == scored
    # The board read next scores nothing: the replay the change was checked with is kept.
    with counted() as read:
        standings = scoreboard.game_standings(game)
    assert read.scored == 0
    assert seen(standings) == seen(from_scratch(game))


def test_an_amended_deal_on_the_board_costs_one_deal_more_per_write_not_a_replay(
    night: Night, alice: Any
) -> None:
    rng = random.Random(12)
    game = long_game(night, alice, 300)
    latest = change_of(game, 295)
    game_services.deal_amend(game=game, deal_key=latest.deal_key, by=alice, data=rummy_deal(rng))
    board = scoreboard.game_standings(game)
    assert [h.was is not None for h in board.history if h.number == 295] == [True]
    work = record(game, alice, rng)
    with counted() as read:
        after = scoreboard.game_standings(game)
        was = [h.was for h in after.history if h.number == 295]
    # The new deal, and the amended deal's old record carried on by that deal (it must still
    # be followed by every deal after it): two deals scored, not 300.
    assert work.scored + read.scored == 2
    assert was == [h.was for h in from_scratch(game).history if h.number == 295]


@pytest.mark.parametrize("change", ["void", "amend"], ids=["undo", "amend"])
def test_undoing_or_amending_the_last_deal_costs_the_same_at_deal_1500_as_at_deal_5(
    night: Night, alice: Any, change: str
) -> None:
    rng = random.Random(15)
    costs = {}
    for size in (5, 1500):
        game = long_game(night, alice, size)
        read_by_this_process(game)  # the phone's board: the replay and the rows are kept
        latest = change_of(game, size)
        with counted() as costs[size]:
            if change == "void":
                game_services.deal_void(game=game, deal_key=latest.deal_key, by=alice)
            else:
                game_services.deal_amend(
                    game=game, deal_key=latest.deal_key, by=alice, data=rummy_deal(rng)
                )
    # The same queries, no row of the ledger read again (the deal's latest revision is, twice:
    # to answer a resend and to be superseded; and one is written), and the tally before the
    # last deal resumed: nothing scored for the Undo, one deal to amend.
    assert costs[1500] == costs[5]
    assert (costs[1500].rows, costs[1500].scored) == (3, 0 if change == "void" else 1)
