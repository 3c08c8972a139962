"""Standings kept between reads (issue 12): a poll after deal N scores deal N alone, and what is
kept always equals a replay of the whole ledger from scratch."""

from __future__ import annotations

import random
from typing import Any
from unittest import mock

import pytest
from django.test import Client
from django.urls import reverse

from adjudicator.games import get_game
from scorekeeper.games import services as game_services
from scorekeeper.ledger import reading
from scorekeeper.models import Entry, Game
from scorekeeper.standings import scoreboard
from tests.factories import GameFactory

HX = {"HTTP_HX_REQUEST": "true"}


def rummy_deal(rng: random.Random) -> dict[str, Any]:
    out = rng.randrange(3)
    hands = [{"seat": s, "held": rng.randint(1, 40)} for s in range(3) if s != out]
    return {"went_out": out, "rummy": rng.random() < 0.1, "hands": hands}


def seen(standings: scoreboard.Standings) -> Any:
    """Everything a page shows of the standings, without the model objects."""
    return (
        standings.tally,
        standings.problems,
        standings.next_number,
        standings.dealt,
        [
            (h.key, h.number, h.result, h.problem, [(r.pk, p) for r, p in h.earlier])
            for h in standings.history
        ],
    )


def from_scratch(game: Game) -> scoreboard.Standings:
    """A replay of the whole ledger, as a process that has kept nothing does it; what this
    process keeps is put back afterwards."""
    kept = scoreboard._KEPT.copy()
    scoreboard.forget_kept()
    try:
        return scoreboard.game_standings(game)
    finally:
        scoreboard.forget_kept()
        scoreboard._KEPT.update(kept)


@pytest.mark.parametrize("seed", range(8))
def test_kept_standings_equal_a_replay_from_scratch_after_any_changes(
    night: Any, alice: Any, seed: int
) -> None:
    rng = random.Random(seed)
    game = GameFactory(night=night, slug="rummy", players=["Mary", "Tom", "Dick"])
    deals: list[int] = []
    scoreboard.forget_kept()
    with (
        mock.patch.object(scoreboard, "replay_from", wraps=scoreboard.replay_from) as resumed,
        mock.patch.object(scoreboard, "replay", wraps=scoreboard.replay) as whole,
    ):
        changes(game, alice, rng, deals)
    # Every change, amends and voids too, resumed a kept replay: the game was replayed whole
    # by the first deal's check in a process that kept nothing, and by each of the 25 checks
    # against a replay from scratch, and never else.
    assert resumed.call_count >= 24
    assert whole.call_count == 1 + 25


def changes(game: Game, alice: Any, rng: random.Random, deals: list[int]) -> None:
    for _ in range(25):
        step = rng.random()
        if deals and step < 0.15:
            game_services.deal_amend(
                game=game, deal_key=rng.choice(deals), by=alice, data=rummy_deal(rng)
            )
        elif deals and step < 0.25:
            key = rng.choice(deals)
            latest = reading.latest_revision(game, key)
            assert latest is not None
            if latest.kind == Entry.Kind.VOID:
                game_services.deal_amend(game=game, deal_key=key, by=alice, data=rummy_deal(rng))
            else:
                game_services.deal_void(game=game, deal_key=key, by=alice, note="")
        else:
            deals.append(game_services.deal_record(game=game, by=alice, data=rummy_deal(rng)).pk)
        kept = scoreboard.game_standings(game)  # resumed from the read before, or replayed
        assert seen(kept) == seen(from_scratch(game))
        assert seen(scoreboard.game_standings(game)) == seen(kept)  # kept


@pytest.mark.parametrize("here", [True, False], ids=["recorded here", "in another process"])
def test_a_poll_after_deal_501_scores_at_most_one_deal_not_501(
    client: Client, night: Any, alice: Any, here: bool
) -> None:
    game = GameFactory(night=night, slug="rummy", players=["Mary", "Tom", "Dick"])
    rng = random.Random(12)
    for _ in range(500):  # written straight into the ledger: 500 services calls take long
        Entry.objects.create(game=game, kind="record", data=rummy_deal(rng), recorded_by=alice)
    client.force_login(alice)
    url = reverse("game_scoreboard", args=[game.pk])
    scoreboard.forget_kept()
    assert client.get(url, **HX).status_code == 200  # this process has now read deal 500
    if here:
        game_services.deal_record(game=game, by=alice, data=rummy_deal(rng))
    else:  # another process's worker: this one learns of deal 501 from the ledger
        Entry.objects.create(game=game, kind="record", data=rummy_deal(rng), recorded_by=alice)

    definition = get_game("rummy")
    with (
        mock.patch.object(
            type(definition), "score", autospec=True, wraps=type(definition).score
        ) as score,
        mock.patch.object(
            type(definition), "parse_deal", autospec=True, wraps=type(definition).parse_deal
        ) as parse,
    ):
        response = client.get(url, **HX)
    assert response.status_code == 200
    assert "501" in response.content.decode()
    if here:  # the service kept the replay it checked deal 501 with, deal 501 parsed
        assert (score.call_count, parse.call_count) == (0, 0)
    else:  # deal 501 alone, resumed from the tally of 500
        assert (score.call_count, parse.call_count) == (1, 1)
    with mock.patch.object(
        type(definition), "score", autospec=True, wraps=type(definition).score
    ) as score:
        client.get(url, **HX)
    assert score.call_count == 0  # the next phone's poll: kept


def test_recording_deal_501_checks_it_against_the_kept_tally_not_500_deals_again(
    client: Client, night: Any, alice: Any
) -> None:
    game = GameFactory(night=night, slug="rummy", players=["Mary", "Tom", "Dick"])
    rng = random.Random(12)
    for _ in range(500):
        Entry.objects.create(game=game, kind="record", data=rummy_deal(rng), recorded_by=alice)
    client.force_login(alice)
    scoreboard.forget_kept()
    assert client.get(reverse("game_scoreboard", args=[game.pk]), **HX).status_code == 200

    definition = get_game("rummy")
    with (
        mock.patch.object(
            type(definition), "score", autospec=True, wraps=type(definition).score
        ) as score,
        mock.patch.object(
            type(definition), "parse_deal", autospec=True, wraps=type(definition).parse_deal
        ) as parse,
    ):
        entry = game_services.deal_record(game=game, by=alice, data=rummy_deal(rng))
    assert score.call_count == 1  # deal 501, after the kept tally of 500
    assert parse.call_count == 1  # deal 501's record; the 500 before it were parsed by the read
    assert seen(scoreboard.game_standings(game)) == seen(from_scratch(game))
    assert scoreboard.game_standings(game).history[-1].current == entry


def test_a_deal_after_the_end_is_refused_the_same_with_a_kept_tally(
    bridge_game: Game, alice: Any
) -> None:
    from adjudicator.errors import AdjudicationError
    from scorekeeper.nights.demo import SAMPLE_DEALS
    from tests.scorekeeper.games.test_services import DEAL_7

    for deal in (*SAMPLE_DEALS[:6], DEAL_7):  # Bridge Rummy's seven deals
        game_services.deal_record(game=bridge_game, by=alice, data=deal)
    refusals = []
    for warm in (False, True):
        scoreboard.forget_kept()
        if warm:
            assert scoreboard.game_standings(bridge_game).tally.finished  # now kept
        with pytest.raises(AdjudicationError) as caught:
            game_services.deal_record(game=bridge_game, by=alice, data=SAMPLE_DEALS[0])
        refusals.append((caught.value.code, caught.value.message))
    assert refusals[0] == refusals[1]
    assert refusals[0][0] == "game_over"


# The ledger's rows kept between reads (issue 26, item 10.11) --------------------------------


def rows_read(game: Game) -> tuple[int, int]:
    """(queries, ledger entries made from rows) of one read of the game's standings."""
    from django.db import connection
    from django.db.models.signals import post_init
    from django.test.utils import CaptureQueriesContext

    made = []

    def count(**kwargs: Any) -> None:
        made.append(1)

    post_init.connect(count, sender=Entry)
    try:
        with CaptureQueriesContext(connection) as queries:
            scoreboard.game_standings(game)
    finally:
        post_init.disconnect(count, sender=Entry)
    return len(queries), len(made)


def test_a_read_reads_only_the_rows_written_since_the_last(night: Any, alice: Any) -> None:
    from tests.scorekeeper.games.test_write_cost import long_game

    rng = random.Random(13)
    reads = {}
    for size in (5, 1500):
        game = long_game(night, alice, size)
        scoreboard.forget_kept()
        assert rows_read(game)[1] == size  # a process that keeps nothing reads them all
        reads[size] = rows_read(game)
        # Another process records a deal: one entry written since.
        Entry.objects.create(game=game, kind="record", data=rummy_deal(rng), recorded_by=alice)
        reads[size, "since"] = rows_read(game)
        assert seen(scoreboard.game_standings(game)) == seen(from_scratch(game))
    # The marker and the recorders' names, and no row again, at 1,500 deals as at 5; then the
    # one row written since.
    assert reads[1500] == reads[5] == (3, 0)
    assert reads[1500, "since"] == reads[5, "since"] == (4, 1)


def test_kept_rows_say_a_recorders_name_as_it_is_now(night: Any, alice: Any) -> None:
    game = GameFactory(night=night, slug="rummy", players=["Mary", "Tom", "Dick"])
    game_services.deal_record(game=game, by=alice, data=rummy_deal(random.Random(1)))
    assert scoreboard.game_standings(game).history[0].current.recorder_text == "alice"
    type(alice).objects.filter(pk=alice.pk).update(username="alice2")  # in the admin
    assert scoreboard.game_standings(game).history[0].current.recorder_text == "alice2"


def test_kept_rows_of_another_ledger_are_never_trusted(night: Any, alice: Any) -> None:
    from tests.scorekeeper.games.test_write_cost import long_game

    rng = random.Random(14)
    game = long_game(night, alice, 40)
    scoreboard.game_standings(game)
    _, rows = scoreboard._ROWS[game.pk]
    # What this process keeps is another ledger's rows with the same ids (a database restored
    # behind it): a deal less, another hash.
    scoreboard._ROWS[game.pk] = ((rows[-2].pk, len(rows) - 1, "f" * 64), rows[:-1])
    Entry.objects.create(game=game, kind="record", data=rummy_deal(rng), recorded_by=alice)
    # The two rows since, which do not chain on to the kept ones, then the whole ledger again.
    assert rows_read(game)[1] == 2 + 41
    assert seen(scoreboard.game_standings(game)) == seen(from_scratch(game))
