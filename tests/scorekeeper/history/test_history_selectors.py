"""Reads for looking back: past nights, search, a player's record, head to head, query counts."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.games import services as game_services
from scorekeeper.history import records
from scorekeeper.history.scope import of_user
from scorekeeper.models import Player
from tests.factories import GameFactory, NightFactory, UserFactory, played_night


def test_a_past_night_tells_its_games_winners_and_corrections(alice: Any) -> None:
    night = played_night(alice)
    (past,) = records.past_nights([night])
    bridge, brummy = past.games
    assert (bridge.finished, bridge.winners_text, bridge.deals) == (True, "Mary", 7)
    assert (bridge.amended, bridge.voided) == (2, 0)  # deal 3 was voided, then brought back
    assert (brummy.finished, brummy.leaders_text) == (False, "Mary leads on 48")
    assert past.players == ["Mary", "Tom", "Dick", "Alice"]


def test_a_deal_left_voided_counts_as_voided(alice: Any) -> None:
    game = GameFactory(night=NightFactory(owner=alice), slug="brummy", players=["A", "B"])
    data = {"knocked": None, "grids": [{"seat": 0, "total": 3}, {"seat": 1, "total": 4}]}
    entry = game_services.deal_record(game=game, by=alice, data=data)
    game_services.deal_void(game=game, deal_key=entry.pk, by=alice)
    (past,) = records.past_nights([game.night])
    assert (past.games[0].amended, past.games[0].voided, past.voided) == (0, 1, 1)


def test_search_finds_nights_by_player_and_by_game(alice: Any, carol: Any) -> None:
    with_mary = played_night(alice)
    other = NightFactory(owner=alice)
    GameFactory(night=other, slug="voormsi", players=["Zed", "Yan", "Xi", "Wu"])
    played_night(carol)  # carol's: never found by alice
    assert list(records.search_nights(of_user(alice), player="mar")) == [with_mary]
    assert list(records.search_nights(of_user(alice), player="  ya ")) == [other]
    assert list(records.search_nights(of_user(alice), game="voormsi")) == [other]
    assert list(records.search_nights(of_user(alice), game="brummy", player="zed")) == []
    assert set(records.search_nights(of_user(alice))) == {with_mary, other}


def test_a_players_record_counts_games_wins_totals_and_feats(alice: Any) -> None:
    played_night(alice)
    played_night(alice)
    mary = Player.objects.get(owner=alice, name="Mary")
    record = records.player_record(of_user(alice), mary)
    assert (record.played, record.won) == (4, 2)
    by_slug = {g.slug: g for g in record.games}
    bridge, brummy = by_slug["bridge-rummy"], by_slug["brummy"]
    assert (bridge.played, bridge.won, bridge.finished) == (2, 2, 2)
    assert bridge.best == bridge.average  # the same game twice
    assert {f.key: f.text for f in bridge.feat_list} == {"stars": "8"}  # 4 a game
    assert {f.key: f.text for f in brummy.feat_list} == {"best_grid": "30"}
    assert {f.key: f.text for f in record.feats} == {"stars": "8", "best_grid": "30"}
    dick = Player.objects.get(owner=alice, name="Dick")
    feats = records.player_record(of_user(alice), dick).feats
    assert {f.key: f.text for f in feats}["best_grid"] == "41"


def test_a_player_record_shows_only_the_nights_the_viewer_can_see(
    alice: Any, bob: Any, carol: Any
) -> None:
    played_night(alice, recorder=bob)
    mary = Player.objects.get(owner=alice, name="Mary")
    assert records.player_record(of_user(bob), mary).played == 2
    assert mary in records.visible_players(of_user(bob))
    assert mary not in records.visible_players(of_user(carol))


def test_head_to_head_counts_who_finished_ahead(alice: Any) -> None:
    played_night(alice)
    played_night(alice)
    mary = Player.objects.get(owner=alice, name="Mary")
    tom = Player.objects.get(owner=alice, name="Tom")
    h2h = records.head_to_head(of_user(alice), mary, tom)
    by_slug = {r.slug: r for r in h2h.games}
    # Bridge Rummy is over twice, Mary lowest; Brummy is still going: played, not counted.
    assert (by_slug["bridge-rummy"].played, by_slug["bridge-rummy"].first_ahead) == (2, 2)
    assert (by_slug["brummy"].played, by_slug["brummy"].first_ahead) == (2, 0)
    assert (h2h.played, h2h.first_ahead, h2h.second_ahead) == (4, 2, 0)
    assert records.head_to_head(of_user(alice), tom, mary).second_ahead == 2


def test_partners_on_one_side_finish_level(alice: Any) -> None:
    from adjudicator.games import get_game

    night = NightFactory(owner=alice)
    game = GameFactory(night=night, slug="voormsi", players=["Ann", "Ben", "Cat", "Dan"])
    voormsi = get_game("voormsi")
    options = voormsi.options(game.options)
    number = 1
    while not records.standings_for_games([game])[game.pk].tally.finished:  # type: ignore[union-attr]
        data = voormsi.sample_deal(players=4, options=options, number=number)
        game_services.deal_record(game=game, by=alice, data=data)
        number += 1
    ann, cat = (Player.objects.get(owner=alice, name=n) for n in ("Ann", "Cat"))
    (rivalry,) = records.head_to_head(of_user(alice), ann, cat).games
    assert (rivalry.played, rivalry.level) == (1, 1)
    record = records.player_record(of_user(alice), ann)
    standings = records.standings_for_games([game])[game.pk]
    assert standings is not None
    won = int(0 in standings.tally.winners)
    assert {f.key: f.value for f in record.feats} == {"ladders_won": won}


@pytest.mark.parametrize("count", [1, 10])
def test_history_reads_take_the_same_queries_for_one_night_or_ten(
    count: int, db: Any, django_assert_max_num_queries: Any
) -> None:
    owner = UserFactory(username="olga")
    nights = [played_night(owner) for _ in range(count)]
    mary = Player.objects.get(owner=owner, name="Mary")
    tom = Player.objects.get(owner=owner, name="Tom")
    theirs = of_user(owner)  # who is who: one query, read once per request
    with django_assert_max_num_queries(5):  # nights, their games, seats, entries, rulings
        records.past_nights(records.search_nights(theirs, player="Mary"))
    with django_assert_max_num_queries(4):
        records.player_record(theirs, mary)
    with django_assert_max_num_queries(4):
        records.head_to_head(theirs, mary, tom)
    assert len(nights) == count


def test_a_game_nobody_played_a_deal_of_is_not_counted_as_played(alice: Any) -> None:
    night = played_night(alice)
    GameFactory(night=night, slug="brummy", players=["Mary", "Tom"])  # started, never played
    mary, tom = (Player.objects.get(owner=alice, name=n) for n in ("Mary", "Tom"))
    record = records.player_record(of_user(alice), mary)
    assert record.played == 2
    assert {g.slug: g.played for g in record.games} == {"bridge-rummy": 1, "brummy": 1}
    assert records.head_to_head(of_user(alice), mary, tom).played == 2
