"""Ratings read from the ledger: finished games only, in the order they finished, changed by
every amend, void and undone end, never stored, and cheap to read however long the history."""

from __future__ import annotations

import datetime
import json
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from drf_spectacular.generators import SchemaGenerator
from rest_framework.test import APIClient

from adjudicator.games import get_game
from adjudicator.options import options_as_dict
from adjudicator.ratings import Run
from scorekeeper.games import services as game_services
from scorekeeper.history import ratings
from scorekeeper.history.scope import of_user
from scorekeeper.ledger import reading
from scorekeeper.models import Entry, Game, Night, Player, Seat
from scorekeeper.nights import services as night_services
from scorekeeper.standings import scoreboard
from tests.factories import GameFactory, NightFactory
from tests.scorekeeper.standings.test_result_cards import the_issues_night
from tests.scorekeeper.test_conformance import check_against_schema


@pytest.fixture(autouse=True)
def _fresh_runs() -> Any:
    ratings.forget_runs()
    scoreboard.forget_kept()
    yield
    ratings.forget_runs()


def knock(
    night: Any, by: Any, winner: int, *, players: tuple[str, ...] = ("Ann", "Bob", "Cy")
) -> Game:
    """A game of Rummy (the table ends it) won by seat ``winner``: one deal, then the end."""
    game = GameFactory(night=night, slug="rummy", players=list(players))
    hands = [{"seat": s, "held": 10 + 5 * s} for s in range(len(players)) if s != winner]
    game_services.deal_record(game=game, by=by, data={"went_out": winner, "hands": hands})
    game_services.game_end(game=game, by=by)
    return game


def board(user: Any, **filters: Any) -> dict[str, tuple[float, int, bool]]:
    found = ratings.leaderboard(of_user(user), **filters)
    return {
        row.player.name: (row.rating.shown, row.rating.games, row.provisional) for row in found.rows
    }


def test_only_finished_games_rate_and_the_winner_rises(alice: Any) -> None:
    night = NightFactory(owner=alice)
    knock(night, alice, winner=1)
    open_game = GameFactory(night=night, slug="rummy", players=["Ann", "Bob", "Dee"])
    game_services.deal_record(
        game=open_game,
        by=alice,
        data={"went_out": 2, "hands": [{"seat": 0, "held": 5}, {"seat": 1, "held": 6}]},
    )
    rated = board(alice, slug="rummy")
    assert set(rated) == {"Ann", "Bob", "Cy"}  # Dee's only game is still going
    assert rated["Bob"][0] > rated["Ann"][0] and rated["Bob"][0] > rated["Cy"][0]
    assert all(games == 1 and provisional for _, games, provisional in rated.values())


def test_partners_rate_as_one_side(alice: Any) -> None:
    night = NightFactory(owner=alice)
    game = GameFactory(night=night, slug="voormsi", players=["Ann", "Bob", "Cy", "Dee"])
    definition = game_def = reading.game_definition(game)
    options = definition.options(game.options)
    for number in range(1, 40):
        data = game_def.sample_deal(players=4, options=options, number=number)
        game_services.deal_record(game=game, by=alice, data=data)
        if scoreboard.game_standings(game).tally.finished:
            break
    standings = scoreboard.game_standings(game)
    assert standings.tally.finished
    rated = board(alice, slug="voormsi")
    assert rated["Ann"] == rated["Cy"] and rated["Bob"] == rated["Dee"]
    winners = {standings.names[s] for s in standings.seating.units[standings.tally.winners[0]]}
    losers = set(rated) - winners
    assert min(rated[w][0] for w in winners) > max(rated[p][0] for p in losers)


def test_the_leaderboard_is_the_nights_the_reader_can_see(alice: Any, bob: Any, carol: Any) -> None:
    night = NightFactory(owner=alice)
    night.recorders.add(bob)
    knock(night, alice, winner=0)
    assert set(board(bob)) == {"Ann", "Bob", "Cy"}
    assert board(carol) == {}
    assert ratings.leaderboard(of_user(carol)).games == 0


def test_filtering_by_game_and_by_year(alice: Any) -> None:
    last_year = NightFactory(owner=alice, date=datetime.date(2025, 6, 1))
    this_year = NightFactory(owner=alice, date=datetime.date(2026, 6, 1))
    knock(last_year, alice, winner=0)
    knock(this_year, alice, winner=2)
    assert board(alice, year=2025)["Ann"][1] == 1
    assert board(alice, year=2026)["Cy"][0] > board(alice, year=2026)["Ann"][0]
    assert board(alice)["Ann"][1] == 2
    assert board(alice, slug="voormsi") == {}
    assert ratings.years(of_user(alice)) == [2026, 2025]


def test_provisional_until_five_games(alice: Any) -> None:
    night = NightFactory(owner=alice)
    for round_ in range(5):
        knock(night, alice, winner=round_ % 3)
    assert {provisional for _, _, provisional in board(alice).values()} == {False}


def test_an_amend_of_an_earlier_game_changes_every_rating_after_it_as_a_fresh_reading_would(
    alice: Any,
) -> None:
    night = NightFactory(owner=alice)
    games = [knock(night, alice, winner=n % 3) for n in range(6)]
    before = board(alice)
    first = Entry.objects.filter(game=games[3], kind="record").get()
    hands = [{"seat": s, "held": 7} for s in (0, 1)]
    with_cy_out = {"went_out": 2, "hands": hands}
    # The end stands: an amend would be refused, so undo the end, amend, end again.
    game_services.game_end_undo(game=games[3], by=alice)
    game_services.deal_amend(game=games[3], deal_key=first.pk, by=alice, data=with_cy_out)
    game_services.game_end(game=games[3], by=alice)
    after = board(alice)
    assert after != before
    kept = ratings._runs[(of_user(alice).key, "", 0)][1]
    # The fourth game finished again at its new end, so it is now the last: only it and those
    # after its old place were rated again, not the three before it.
    assert kept.rated == 3
    assert kept == Run.of(kept.finishes)
    ratings.forget_runs()
    assert board(alice) == after


def test_a_void_that_unfinishes_a_game_takes_it_out_of_the_ratings(alice: Any) -> None:
    night = NightFactory(owner=alice)
    knock(night, alice, winner=0)
    second = knock(night, alice, winner=1, players=("Ann", "Bob", "Dee"))
    assert "Dee" in board(alice)
    game_services.game_end_undo(game=second, by=alice)
    assert "Dee" not in board(alice)
    assert board(alice)["Ann"][1] == 1


def test_a_finished_game_says_what_it_did_to_each_rating(alice: Any) -> None:
    night = NightFactory(owner=alice)
    knock(night, alice, winner=0)
    game = knock(night, alice, winner=1)
    moved = ratings.game_changes(of_user(alice), game)
    assert [m.name for m in moved] == ["Ann", "Bob", "Cy"]
    ann, bob, cy = moved
    assert ann.before > 0  # Ann won the first game
    assert bob.after - bob.before > ann.after - ann.before  # Bob won this one
    assert cy.change.after.mu < cy.change.before.mu
    unfinished = GameFactory(night=night, slug="rummy", players=["Ann", "Bob"])
    assert ratings.game_changes(of_user(alice), unfinished) == []


def test_a_players_ratings_per_game_with_their_history(alice: Any) -> None:
    night = NightFactory(owner=alice)
    for n in range(3):
        knock(night, alice, winner=n % 3)
    ann = Player.objects.get(owner=alice, name="Ann")
    (rummy,) = ratings.player_ratings(of_user(alice), ann)
    assert (rummy.slug, rummy.rating.games, len(rummy.points)) == ("rummy", 3, 3)
    assert rummy.points[-1].rating == rummy.rating


def nights_of_finished_games(owner: Any, count: int) -> None:
    """``count`` nights of one finished Rummy game each, written in as few queries as the
    ledger allows (its entries one by one, each sealing and chaining itself)."""
    players = [Player.objects.create(owner=owner, name=name) for name in ("Ann", "Bob", "Cy")]
    start = datetime.date(2026, 1, 1)
    nights = Night.objects.bulk_create(
        Night(owner=owner, date=start + datetime.timedelta(n)) for n in range(count)
    )
    options = options_as_dict(get_game("rummy").options())
    games = Game.objects.bulk_create(
        Game(night=night, number=1, slug="rummy", options=options, created_by=owner)
        for night in nights
    )
    Seat.objects.bulk_create(
        Seat(game=game, player=player, position=position)
        for game in games
        for position, player in enumerate(players)
    )
    for n, game in enumerate(games):
        hands = [{"seat": s, "held": 10 + s} for s in range(3) if s != n % 3]
        data = {"went_out": n % 3, "hands": hands}
        Entry.objects.create(game=game, kind="record", data=data, recorded_by=owner)
        Entry.objects.create(game=game, kind="end", data={}, recorded_by=owner)


def test_the_leaderboard_makes_as_many_queries_for_500_nights_as_for_10(
    alice: Any, bob: Any
) -> None:
    nights_of_finished_games(alice, 10)
    nights_of_finished_games(bob, 500)
    counts = []
    for user in (alice, bob):
        ratings.forget_runs()
        scoreboard.forget_kept()
        theirs = of_user(user)
        with CaptureQueriesContext(connection) as made:
            found = ratings.leaderboard(theirs, slug="rummy")
        counts.append(len(made))
        assert found.games in (10, 500)
    assert counts[0] == counts[1]


def test_the_pages_show_the_leaderboard_the_player_and_the_game(client: Client, alice: Any) -> None:
    night = NightFactory(owner=alice, date=datetime.date(2026, 3, 7))
    game = knock(night, alice, winner=1)
    client.force_login(alice)
    page = client.get(reverse("ratings"), {"game": "rummy", "year": "2026"})
    assert page.status_code == 200
    html = page.content.decode()
    assert "Ratings: Rummy, 2026" in html and "provisional" in html
    bob = Player.objects.get(owner=alice, name="Bob")
    html = client.get(reverse("player_detail", args=[bob.pk])).content.decode()
    assert "Ratings game by game" in html and 'href="/ratings/?game=rummy"' in html
    html = client.get(reverse("game_detail", args=[game.pk])).content.decode()
    assert "What this game did to the ratings" in html and "Bob 0.0 → " in html


@pytest.mark.parametrize("query", [{"game": "nope"}, {"year": "1999"}, {"year": "x" * 50}])
def test_a_leaderboard_asked_for_what_is_not_there_says_so_inline(
    client: Client, alice: Any, query: dict[str, str]
) -> None:
    client.force_login(alice)
    page = client.get(reverse("ratings"), query)
    assert page.status_code == 200
    assert "Select a valid choice" in page.content.decode()


def test_a_read_when_nothing_changed_asks_only_whether_anything_did(alice: Any) -> None:
    night = NightFactory(owner=alice)
    for winner in (0, 1, 2):
        knock(night, alice, winner=winner)
    mine = of_user(alice)
    first = ratings.leaderboard(mine)
    with CaptureQueriesContext(connection) as made:
        again = ratings.leaderboard(mine)
    assert len(made) == 2  # the ledgers' signature, and the players' names as they are now
    assert again == first
    night_services.night_player_rename(
        night=night, by=alice, player_id=Player.objects.get(name="Bob").pk, name="Robert"
    )
    assert "Robert" in board(alice) and "Bob" not in board(alice)
    knock(night, alice, winner=1, players=("Ann", "Robert", "Cy"))
    assert board(alice)["Robert"][1] == 4  # a new game is read at once


def test_the_api_answers_the_leaderboard_as_its_schema_says(alice: Any) -> None:
    night = NightFactory(owner=alice, date=datetime.date(2026, 3, 7))
    knock(night, alice, winner=2)
    client = APIClient()
    client.force_authenticate(alice)
    response = client.get("/api/v1/ratings/", {"game": "rummy", "year": 2026})
    assert response.status_code == 200
    body = response.json()
    assert (body["game"], body["year"], body["games"]) == ("rummy", 2026, 1)
    assert body["players"][0]["player"]["name"] == "Cy"
    assert body["players"][0]["provisional"] is True
    schema = json.loads(json.dumps(SchemaGenerator().get_schema(public=True), default=str))
    check_against_schema(schema, "/api/v1/ratings/", "get", 200, body)
    everything = client.get("/api/v1/ratings/").json()
    assert (everything["game"], everything["year"], everything["name"]) == (None, None, "All games")


@pytest.mark.parametrize(
    ("query", "field"),
    [({"game": "snap"}, "game"), ({"year": "next"}, "year"), ({"year": "99999999999"}, "year")],
)
def test_the_api_refuses_a_leaderboard_it_cannot_give_with_the_field(
    alice: Any, query: dict[str, str], field: str
) -> None:
    client = APIClient()
    client.force_authenticate(alice)
    response = client.get("/api/v1/ratings/", query)
    assert response.status_code == 400
    assert field in response.json()["errors"]


def test_settled_ratings_are_listed_before_provisional_ones_even_when_lower(alice: Any) -> None:
    """Issue 26, 11: the leaderboard lists every settled rating before any provisional one,
    so one lucky game does not put a newcomer above the players who have settled."""
    night = NightFactory(owner=alice)
    for _ in range(5):
        knock(night, alice, winner=0)  # Ann beats Bob and Cy five times: all three settle
    knock(night, alice, winner=0, players=("Dee", "Cy", "Bob"))  # Dee's one win
    rows = ratings.leaderboard(of_user(alice)).rows
    shown = {row.player.name: row.rating.shown for row in rows}
    assert shown["Dee"] > min(shown["Bob"], shown["Cy"])  # she would rank above a settled one
    assert [row.player.name for row in rows][-1] == "Dee"
    assert [row.provisional for row in rows] == [False, False, False, True]
    assert [row.place for row in rows] == [1, 2, 3, 4]


MU_LESS_3_SIGMA = "\N{GREEK SMALL LETTER MU} \N{MINUS SIGN} 3\N{GREEK SMALL LETTER SIGMA}"


def test_the_page_says_what_a_rating_is_and_when_it_settles(client: Client, alice: Any) -> None:
    """Issue 26, 9: with every player provisional, Cy (2 wins of 3) ranked below Ann (1 win)
    and nothing on the page said why. Ann and Cy won Voormsi as partners, Ben Treikort and
    Cy Knock Rummy: each partner's win counts, each game brings each partner nearer settling."""
    the_issues_night(alice)
    board = ratings.leaderboard(of_user(alice))
    rows = {row.player.name: row for row in board.rows}
    assert {name: (row.won, row.rating.games) for name, row in rows.items()} == {
        "Ann": (1, 3),
        "Ben": (1, 3),
        "Cy": (2, 3),
        "Di": (0, 1),
    }
    assert board.all_provisional
    assert (rows["Cy"].to_settle, rows["Di"].to_settle) == (2, 4)
    client.force_login(alice)
    html = client.get(reverse("ratings")).content.decode()
    said = f'cautious figure, <strong class="formula">{MU_LESS_3_SIGMA}</strong>'
    assert f"A rating is openskill's {said}" in html
    assert "provisional until 5 finished games; settled ratings are listed first" in html
    assert "Every rating here is still provisional" in html
    assert "provisional, 2 more games" in html and "provisional, 4 more games" in html
    cy = rows["Cy"].rating
    assert f"<td>{cy.mu:.2f}</td><td>{cy.sigma:.2f}</td><td>{cy.shown:.1f}</td>" in html


def test_a_players_page_says_what_their_rating_is(client: Client, alice: Any) -> None:
    night = NightFactory(owner=alice)
    knock(night, alice, winner=1)
    client.force_login(alice)
    bob = Player.objects.get(owner=alice, name="Bob")
    html = client.get(reverse("player_detail", args=[bob.pk])).content.decode()
    assert "provisional, 4 more games" in html
    assert f'cautious figure, <span class="formula">{MU_LESS_3_SIGMA}</span>' in html
    assert "provisional until 5 finished games" in html
