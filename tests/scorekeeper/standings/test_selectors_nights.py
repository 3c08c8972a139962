"""Reads for the nights list and for seating a new game."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from django.test import Client

from scorekeeper.access import roles
from scorekeeper.games import services as game_services
from scorekeeper.history import records
from scorekeeper.models import Game, Night
from scorekeeper.nights import selectors as night_selectors
from scorekeeper.nights.demo import SAMPLE_DEALS
from scorekeeper.standings import in_words
from tests.factories import GameFactory, NightFactory, PlayerFactory

# The Sample Score Card's seventh deal: Mary wins on 40.
DEAL_7 = {
    "went_out": 0,
    "hands": [{"seat": 1, "held": 20}, {"seat": 2, "held": 30}, {"seat": 3, "not_down": True}],
}


def play(game: Game, by: Any, deals: Any) -> None:
    for deal in deals:
        game_services.deal_record(game=game, by=by, data=deal)


# The nights list --------------------------------------------------------------------------------


def test_a_finished_game_names_its_winner(bridge_game: Game, alice: Any) -> None:
    play(bridge_game, alice, (*SAMPLE_DEALS, DEAL_7))
    summary = in_words.game_summary(bridge_game)
    assert (summary.finished, summary.winners, summary.deals) == (True, ("Mary",), 7)
    assert summary.winners_text == "Mary"
    assert summary.leaders == ()


def test_a_game_still_going_names_who_leads_and_on_what(bridge_game: Game, alice: Any) -> None:
    play(bridge_game, alice, SAMPLE_DEALS[:2])  # totals 80, 20, 50, 120: lowest leads
    summary = in_words.game_summary(bridge_game)
    assert (summary.finished, summary.winners, summary.deals) == (False, (), 2)
    assert summary.leaders_text == "Tom leads on 20"


def test_a_game_before_its_first_deal_names_no_leader(bridge_game: Game) -> None:
    summary = in_words.game_summary(bridge_game)
    assert (summary.deals, summary.leaders, summary.leaders_text) == (0, (), "")


def test_players_level_at_the_top_lead_together(night: Night, alice: Any) -> None:
    game = GameFactory(night=night, slug="brummy", players=["Mary", "Tom", "Dick"])
    totals = [{"seat": 0, "total": 12}, {"seat": 1, "total": 12}, {"seat": 2, "total": 3}]
    game_services.deal_record(game=game, by=alice, data={"knocked": None, "grids": totals})
    assert in_words.game_summary(game).leaders_text == "Mary and Tom lead on 12"


def test_a_side_in_the_lead_takes_a_plural_verb(night: Night, alice: Any) -> None:
    # Voormsi at four: Ann and Cy against Ben and Di; "Ann and Cy lead", never "leads".
    game = GameFactory(night=night, slug="voormsi", players=["Ann", "Ben", "Cy", "Di"])
    way = {"won": [7, 2], "first_five": 0, "captures": []}
    game_services.deal_record(game=game, by=alice, data=way)
    summary = in_words.game_summary(game)
    assert summary.leaders_text == "Ann and Cy lead on 4"
    (past,) = records.past_nights([night])[0].games
    assert past.leaders_text == "Ann and Cy lead on 4"


def test_a_game_that_no_longer_replays_does_not_break_the_list(bridge_game: Game) -> None:
    Game.objects.filter(pk=bridge_game.pk).update(slug="canasta")
    bridge_game.refresh_from_db()
    summary = in_words.game_summary(bridge_game)
    assert summary.unreadable


def test_night_summaries_keep_the_nights_order_and_each_nights_games(
    night: Night, alice: Any
) -> None:
    older = NightFactory(owner=alice, date=night.date.replace(year=2020))
    first = GameFactory(night=night)
    second = GameFactory(night=night, slug="brummy", players=["Tom", "Mary"])
    elsewhere = GameFactory(night=older)
    summaries = in_words.night_summaries(roles.nights_for_user(alice))
    assert [s.night for s in summaries] == [night, older]
    assert [g.game for g in summaries[0].games] == [first, second]
    assert [g.game for g in summaries[1].games] == [elsewhere]


def test_a_night_without_games_has_an_empty_list(night: Night) -> None:
    assert in_words.night_summaries([night])[0].games == ()


# Seating ----------------------------------------------------------------------------------------


def test_last_game_is_the_highest_numbered(night: Night) -> None:
    assert night_selectors.last_game(night) is None
    GameFactory(night=night)
    second = GameFactory(night=night)
    assert night_selectors.last_game(night) == second


def test_seated_players_are_in_seat_order(night: Night) -> None:
    game = GameFactory(night=night, players=["Tom", "Dick", "Mary"])
    assert [p.name for p in night_selectors.seated_players(game)] == ["Tom", "Dick", "Mary"]


def test_players_off_table_are_the_owners_others(night: Night, bob: Any) -> None:
    mary, _tom, _zed = (PlayerFactory(owner=night.owner, name=n) for n in ("Mary", "Tom", "Zed"))
    PlayerFactory(owner=bob, name="Bobs friend")
    night.players.add(mary)
    assert [p.name for p in night_selectors.players_off_table(night)] == ["Tom", "Zed"]


@pytest.mark.parametrize(
    ("names", "said"),
    [
        pytest.param(("Mary",), "Mary", id="one"),
        pytest.param(("Mary", "Tom"), "Mary and Tom", id="two"),
        pytest.param(("Mary", "Tom", "Dick"), "Mary, Tom and Dick", id="three"),
    ],
)
def test_names_are_joined_as_a_sentence(names: tuple[str, ...], said: str) -> None:
    summary = in_words.GameSummary(Game(), 1, True, names, (), None)
    assert summary.winners_text == said


def test_a_game_speaks_across_the_nights_games_by_the_players_names(
    night: Any, alice: Any, monkeypatch: Any
) -> None:
    """The night page shows what a game says across its games there (Treikort's Pope): the
    engine gets each game's tally with its players by their place in the night."""
    from adjudicator.game import NightGame
    from adjudicator.rummy.bridge_rummy import BridgeRummy
    from adjudicator.said import say, seat

    seen: list[tuple[NightGame, ...]] = []

    def across(self: Any, games: Any) -> tuple[Any, ...]:
        seen.append(tuple(games))
        return (say("{} played in every game.", seat(games[-1].players[0])),)

    monkeypatch.setattr(BridgeRummy, "across_night", across)
    GameFactory(night=night, slug="bridge-rummy", players=["Mary", "Tom"])
    GameFactory(night=night, slug="bridge-rummy", players=["Tom", "Mary", "Dick"])
    said = in_words.across_night(night)
    assert said == [{"game": "Bridge Rummy", "lines": ["Tom played in every game."]}]
    (games,) = seen
    assert [g.players for g in games] == [(0, 1), (1, 0, 2)]


def test_a_treikort_night_of_three_games_makes_a_pope(night: Any, alice: Any) -> None:
    """9a, T-4: 13 or more tricks over a player's last three hands of the night, across the
    night's Treikort games; the night page says who, and reminds the table of the exchanges."""
    first = GameFactory(night=night, slug="treikort", players=["Ann", "Ben", "Cy"])
    game_services.deal_record(game=first, by=alice, data={"won": [5, 3, 1]})
    game_services.deal_record(game=first, by=alice, data={"won": [4, 4, 1]})
    (before,) = in_words.across_night(night)[0]["lines"]
    assert before.startswith("Nobody is Pope")
    # A second game of the night, the seats changed round: Ann's third hand makes 13.
    second = GameFactory(night=night, slug="treikort", players=["Cy", "Ann", "Ben"])
    game_services.deal_record(game=second, by=alice, data={"won": [2, 4, 3]})
    said = in_words.across_night(night)
    assert said[0]["game"] == "Treikort"
    reason, reminder = said[0]["lines"]
    assert reason.startswith("Ann is Pope: 13 tricks")
    assert reminder.startswith("Ann is Pope: before the cards are played, Ann takes")
    page = Client()
    page.force_login(alice)
    html = page.get(night.get_absolute_url()).content.decode()
    assert "Treikort tonight" in html
    assert "Ann is Pope: 13 tricks" in html


# Settlement games: totals are each player's net, so history says who is up ---------------------


def test_a_settlement_game_still_going_says_who_is_up(night: Night, alice: Any) -> None:
    game = GameFactory(night=night, slug="rummy", players=["Mary", "Tom", "Dick"])
    # Tom goes out; Mary pays 10, Dick 25: Tom is up 35, the others down.
    hands = [{"seat": 0, "held": 10}, {"seat": 2, "held": 25}]
    game_services.deal_record(game=game, by=alice, data={"went_out": 1, "hands": hands})
    summary = in_words.game_summary(game)
    assert summary.settles and not summary.finished
    assert summary.leaders_text == "Tom is up 35"
    page = Client()
    page.force_login(alice)
    assert "still going: Tom is up 35" in page.get("/").content.decode()


def test_the_wording_of_a_settlement_game_won_and_square() -> None:
    assert in_words.won_text(("Tom",), Fraction(75, 2), settles=True) == "Tom won, up 37½"
    assert in_words.won_text(("Mary",), 40, settles=False) == "Mary won"
    assert in_words.standing_text(("Tom",), Fraction(75, 2), settles=True) == "Tom is up 37½"
    assert in_words.standing_text(("Tom", "Ann"), 6, settles=True) == "Tom and Ann are up 6"
    assert in_words.standing_text(("Tom", "Ann"), 0, settles=True) == "everyone is square"
    assert in_words.standing_text(("Tom",), 20, settles=False) == "Tom leads on 20"
