"""A player's rival, nemesis, best partner, streaks and records, from the games they finished."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.games import services as game_services
from scorekeeper.history import records, rivals
from scorekeeper.history.scope import of_user
from scorekeeper.ledger import reading
from scorekeeper.models import Game, Player
from scorekeeper.standings import scoreboard
from tests.factories import GameFactory, NightFactory, played_night
from tests.scorekeeper.standings.test_result_cards import played


@pytest.fixture(autouse=True)
def _fresh() -> Any:
    scoreboard.forget_kept()


def rummy(night: Any, by: Any, players: list[str], winner: int, *, held: int = 10) -> Game:
    """A game of Rummy the table ends, won by seat ``winner``; the others hold ``held`` and up."""
    game = GameFactory(night=night, slug="rummy", players=players)
    hands = [{"seat": s, "held": held + s} for s in range(len(players)) if s != winner]
    game_services.deal_record(game=game, by=by, data={"went_out": winner, "hands": hands})
    game_services.game_end(game=game, by=by)
    return game


def alkort(night: Any, by: Any, players: list[str]) -> Game:
    """Alkort at four played from its sample hands to the end: the first and third seats win."""
    game = GameFactory(night=night, slug="alkort", players=players)
    definition = reading.game_definition(game)
    options = definition.options(game.options)
    for number in range(1, 30):
        raw = definition.sample_deal(players=4, options=options, number=number)
        game_services.deal_record(game=game, by=by, data=raw)
        if scoreboard.game_standings(game).tally.finished:
            return game
    raise AssertionError("the sample hands never finish Alkort")


def player(owner: Any, name: str) -> Player:
    return Player.objects.get(owner=owner, name=name)


def test_the_rival_is_the_opponent_met_most_with_the_record_between_them(alice: Any) -> None:
    night = NightFactory(owner=alice)
    rummy(night, alice, ["Ann", "Bob"], winner=0)
    rummy(night, alice, ["Ann", "Bob", "Cy"], winner=1)
    rummy(night, alice, ["Ann", "Cy"], winner=0)
    rummy(night, alice, ["Bob", "Ann"], winner=0)
    found = rivals.rivals(of_user(alice), player(alice, "Ann"))
    assert found.rival is not None
    assert (found.rival.opponent.name, found.rival.met) == ("Bob", 3)
    assert (found.rival.ahead, found.rival.behind, found.rival.level) == (1, 2, 0)
    assert len(found.rival.games) == 3
    assert found.nemesis is None  # three meetings are not enough


def test_a_nemesis_needs_five_meetings_and_more_of_them_lost(alice: Any) -> None:
    night = NightFactory(owner=alice)
    for winner in (1, 1, 1, 0):
        rummy(night, alice, ["Ann", "Dee"], winner=winner)
    assert rivals.rivals(of_user(alice), player(alice, "Ann")).nemesis is None
    rummy(night, alice, ["Ann", "Dee"], winner=1)
    nemesis = rivals.rivals(of_user(alice), player(alice, "Ann")).nemesis
    assert nemesis is not None
    assert (nemesis.opponent.name, nemesis.behind, nemesis.met) == ("Dee", 4, 5)
    assert rivals.rivals(of_user(alice), player(alice, "Dee")).nemesis is None  # Dee leads it


def test_the_best_partner_is_the_best_win_rate_together_after_three_games(alice: Any) -> None:
    night = NightFactory(owner=alice)
    for _ in range(3):
        alkort(night, alice, ["Ann", "Bob", "Cy", "Dee"])  # Ann and Cy win
        alkort(night, alice, ["Eve", "Ann", "Fay", "Bob"])  # Ann and Bob lose
    alkort(night, alice, ["Eve", "Ann", "Fay", "Cy"])  # Ann and Cy lose once
    alkort(night, alice, ["Ann", "Gus", "Gil", "Hal"])  # Ann and Gil: won once, too few
    found = rivals.rivals(of_user(alice), player(alice, "Ann"))
    assert found.partner is not None
    assert (found.partner.partner.name, found.partner.won, len(found.partner.games)) == (
        "Cy",
        3,
        4,
    )
    assert found.partner.percent == 75


def test_winning_streaks_in_the_order_games_finished(alice: Any) -> None:
    night = NightFactory(owner=alice)
    games = [rummy(night, alice, ["Ann", "Bob"], winner=w) for w in (0, 0, 1, 0, 0, 0, 1, 0)]
    found = rivals.rivals(of_user(alice), player(alice, "Ann"))
    assert found.current.games == (games[7],)
    assert found.longest.games == tuple(games[3:6])
    game_services.game_end_undo(game=games[6], by=alice)  # that loss is no longer finished
    found = rivals.rivals(of_user(alice), player(alice, "Ann"))
    assert found.current.length == found.longest.length == 4


def test_records_per_game_each_with_its_game(alice: Any) -> None:
    night = NightFactory(owner=alice)
    small = rummy(night, alice, ["Ann", "Bob"], winner=0, held=5)
    big = rummy(night, alice, ["Ann", "Bob", "Cy"], winner=0, held=30)
    rummy(night, alice, ["Ann", "Bob"], winner=1, held=50)
    (book,) = rivals.rivals(of_user(alice), player(alice, "Ann")).records
    by_label = {r.label: (r.value, r.game) for r in book.records}
    assert by_label["Best total"][1] == big
    assert by_label["Biggest win"][1] == big
    assert small != big


def test_the_games_own_feats_are_records_too(alice: Any) -> None:
    played_night(alice)
    books = {b.slug: b for b in rivals.rivals(of_user(alice), player(alice, "Mary")).records}
    stars = {r.label: r.value for r in books["bridge-rummy"].records}
    assert stars["Most stars"] == "4"
    assert "brummy" not in books  # the Brummy game is still going


def test_only_the_nights_the_reader_can_see(alice: Any, carol: Any) -> None:
    night = NightFactory(owner=alice)
    rummy(night, alice, ["Ann", "Bob"], winner=0)
    assert rivals.rivals(of_user(carol), player(alice, "Ann")).finished == 0


def test_the_player_page_shows_them_with_links_to_the_games(client: Client, alice: Any) -> None:
    night = NightFactory(owner=alice)
    first = rummy(night, alice, ["Ann", "Bob"], winner=0)
    client.force_login(alice)
    ann = player(alice, "Ann")
    html = client.get(reverse("player_detail", args=[ann.pk])).content.decode()
    bob = player(alice, "Bob")
    assert f'href="?vs={bob.pk}#h2h-title">Bob</a>: met 1 time; Ann ahead 1, behind 0.' in html
    assert f'<a href="{first.get_absolute_url()}">Rummy' in html
    assert "Best total:" in html


def test_the_best_total_of_a_lowest_wins_game_is_its_lowest(alice: Any) -> None:
    """Issue 26, 11: in Bridge Rummy the lowest total wins, so a player's best is the lowest
    they finished on, on the player's page and in their records alike."""
    night = NightFactory(owner=alice)
    for seats in (["Ann", "Bob", "Cy"], ["Cy", "Ann", "Bob"], ["Bob", "Cy", "Ann"]):
        played(night, alice, "bridge-rummy", seats)
    ann = player(alice, "Ann")
    totals = []
    for game in Game.objects.filter(night=night):
        standings = scoreboard.game_standings(game)
        assert standings.finished and standings.tally.lower_is_better
        totals.append(standings.tally.totals[standings.names.index("Ann")])
    assert min(totals) < max(totals)
    (book,) = rivals.rivals(of_user(alice), ann).records
    best = {r.label: r for r in book.records}["Best total"]
    assert best.value == str(min(totals))
    assert scoreboard.game_standings(best.game).tally.totals[
        scoreboard.game_standings(best.game).names.index("Ann")
    ] == min(totals)
    (record,) = records.player_record(of_user(alice), ann).games
    assert record.best == str(min(totals))
