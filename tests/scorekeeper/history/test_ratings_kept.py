"""A changed ledger replays only its own games: the finished games kept from the last read are
reused for every game whose ledger is as it was (issue 29, item 7: a club of 2,000 games, more
than the replays kept, is not replayed whole each time one more game finishes)."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.history import ratings, scope
from scorekeeper.models import Entry, Game
from tests.factories import GameFactory, NightFactory, UserFactory

pytestmark = pytest.mark.django_db


def rummy(night: Any, names: list[str], winner: int) -> Game:
    game: Game = GameFactory(night=night, slug="rummy", players=names)
    hands = [{"seat": s, "held": 10 + 3 * s} for s in range(len(names)) if s != winner]
    Entry.objects.create(
        game=game, kind="record", data={"went_out": winner, "hands": hands}, recorded_by=night.owner
    )
    Entry.objects.create(game=game, kind="end", data={}, recorded_by=night.owner)
    return game


def board(owner: Any) -> list[tuple[str, float, int]]:
    found = ratings.leaderboard(scope.of_user(owner))
    return [(row.player.name, row.rating.shown, row.won) for row in found.rows]


def test_one_more_game_replays_that_game_alone_and_reads_as_a_fresh_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    owner = UserFactory()
    night = NightFactory(owner=owner)
    for n in range(6):
        rummy(night, ["Ann", "Bob", "Cy"], n % 3)
    ratings.forget_runs()
    board(owner)
    replayed: list[list[int]] = []
    real = ratings.standings_for_games

    def counting(games: Any) -> Any:
        games = list(games)
        replayed.append([game.pk for game in games])
        return real(games)

    monkeypatch.setattr(ratings, "standings_for_games", counting)
    later = rummy(night, ["Ann", "Bob", "Di"], 2)
    after = board(owner)
    assert replayed == [[later.pk]]
    ratings.forget_runs()
    assert board(owner) == after  # as a process that kept nothing reads it


def test_an_amended_game_is_replayed_again(monkeypatch: pytest.MonkeyPatch) -> None:
    owner = UserFactory()
    night = NightFactory(owner=owner)
    games = [rummy(night, ["Ann", "Bob", "Cy"], n % 3) for n in range(4)]
    ratings.forget_runs()
    before = board(owner)
    replayed: list[list[int]] = []
    real = ratings.standings_for_games

    def counting(given: Any) -> Any:
        given = list(given)
        replayed.append([game.pk for game in given])
        return real(given)

    monkeypatch.setattr(ratings, "standings_for_games", counting)
    # Bob, not Ann, went out in the first game: its end undone, the deal amended, ended again.
    from scorekeeper.games import services as game_services

    first = games[0]
    game_services.game_end_undo(game=first, by=owner)
    record = Entry.objects.filter(game=first, kind="record").first()
    assert record is not None
    hands = [{"seat": 0, "held": 40}, {"seat": 2, "held": 30}]
    game_services.deal_amend(
        game=first, deal_key=record.pk, by=owner, data={"went_out": 1, "hands": hands}
    )
    game_services.game_end(game=first, by=owner)
    after = board(owner)
    assert replayed == [[first.pk]]
    assert after != before
    ratings.forget_runs()
    assert board(owner) == after
