"""Looking back within a club (its leaderboard, a season's table, a player's ratings, record
and rivals; all time or ``?season=``) and at one's own games (``/api/v1/me/``).

alice organises the Thursday club, bob records in it, carol is a member; the club's one night
is the played night of tests/factories.py (Bridge Rummy to its end, Mary first; Brummy going).
"""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.utils import timezone

from scorekeeper.clubs import services
from scorekeeper.games import services as game_services
from scorekeeper.models import Club, Night, Player
from scorekeeper.nights.demo import SAMPLE_DEALS
from tests.factories import (
    GameFactory,
    NightFactory,
    PlayerFactory,
    SeasonFactory,
    played_night,
)
from tests.scorekeeper.api.test_clubs import as_, refused, url

pytestmark = pytest.mark.django_db
DAY = datetime.timedelta(days=1)


@pytest.fixture
def club_night(club: Club, alice: Any) -> Night:
    night = played_night(alice)
    Night.objects.filter(pk=night.pk).update(club=club)
    Player.objects.filter(owner=alice).update(club=club)
    return night


def player(name: str) -> Player:
    return Player.objects.get(name=name)


def test_the_club_leaderboard_ranks_its_players(club: Club, carol: Any, club_night: Night) -> None:
    answer = as_(carol).get(url("api_club_ratings", club.pk))
    assert answer.status_code == 200, answer.content
    board = answer.json()
    assert (board["game"], board["games"]) == (None, 1)
    assert board["players"][0]["player"]["name"] == "Mary"
    assert {row["player"]["name"] for row in board["players"]} == {"Mary", "Tom", "Dick", "Alice"}


def test_a_season_reads_only_the_nights_dated_in_it(
    club: Club, carol: Any, club_night: Night
) -> None:
    today = timezone.localdate()
    now = SeasonFactory(club=club, starts=today - DAY, ends=today + DAY)
    before = SeasonFactory(club=club, starts=today - 30 * DAY, ends=today - 2 * DAY)
    client = as_(carol)
    on = client.get(url("api_club_ratings", club.pk), {"season": now.pk}).json()
    off = client.get(url("api_club_ratings", club.pk), {"season": before.pk}).json()
    assert (on["games"], off["games"]) == (1, 0)
    assert off["players"] == []
    table = client.get(url("api_club_season_table", club.pk, before.pk)).json()
    assert (table["season"]["finished"], table["nights"], table["champion"]) == (True, 0, None)
    assert table["leaderboard"]["games"] == 0
    table = client.get(url("api_club_season_table", club.pk, now.pk)).json()
    assert (table["season"]["current"], table["nights"], table["champion"]) == (True, 1, None)
    assert table["leaderboard"]["players"][0]["player"]["name"] == "Mary"
    one_game = client.get(url("api_club_ratings", club.pk), {"season": now.pk, "game": "brummy"})
    assert one_game.json()["game"] == "brummy"


def test_a_finished_season_has_its_champion(club: Club, alice: Any, carol: Any) -> None:
    today = timezone.localdate()
    night = NightFactory(owner=alice, club=club, date=today - 5 * DAY)
    game = GameFactory(night=night, slug="bridge-rummy")
    last = {
        "went_out": 0,
        "hands": [{"seat": 1, "held": 20}, {"seat": 2, "held": 30}, {"seat": 3, "not_down": True}],
    }
    for deal in [*SAMPLE_DEALS, last]:
        game_services.deal_record(game=game, by=alice, data=deal)
    over = SeasonFactory(club=club, starts=today - 10 * DAY, ends=today - DAY)
    table = as_(carol).get(url("api_club_season_table", club.pk, over.pk)).json()
    assert table["leaderboard"]["games"] == 1
    first = table["leaderboard"]["players"][0]["player"]
    assert table["champion"] == first
    assert (table["season"]["finished"], table["nights"]) == (True, 1)


def test_a_season_of_another_club_is_refused_naming_it(club: Club, carol: Any) -> None:
    theirs = SeasonFactory()
    response = as_(carol).get(url("api_club_ratings", club.pk), {"season": theirs.pk})
    refused(response, code="invalid", field="season")
    response = as_(carol).get(url("api_club_season_table", club.pk, theirs.pk))
    refused(response, code="not_found", field=None, status=404)


@pytest.mark.parametrize("query", [{"season": "autumn"}, {"season": "0"}, {"game": "chess"}])
def test_a_query_that_is_not_one_is_refused(club: Club, carol: Any, query: dict[str, str]) -> None:
    response = as_(carol).get(url("api_club_ratings", club.pk), query)
    refused(response, code="invalid", field=next(iter(query)))


def test_a_merged_pair_is_one_on_the_leaderboard(
    club: Club, alice: Any, carol: Any, club_night: Night
) -> None:
    maria = PlayerFactory(owner=alice, club=club, name="Maria")
    services.merge(club=club, by=alice, merged_id=player("Mary").pk, into_id=maria.pk)
    board = as_(carol).get(url("api_club_ratings", club.pk)).json()
    assert board["players"][0]["player"] == {"id": maria.pk, "name": "Maria"}
    assert "Mary" not in {row["player"]["name"] for row in board["players"]}


def test_a_club_players_ratings_record_and_rivals(
    club: Club, carol: Any, club_night: Night
) -> None:
    mary = player("Mary")
    client = as_(carol)
    ratings = client.get(url("api_club_player_ratings", club.pk, mary.pk)).json()
    assert [(r["game"], r["games"], len(r["points"])) for r in ratings] == [("bridge-rummy", 1, 1)]
    record = client.get(url("api_club_player_record", club.pk, mary.pk)).json()
    assert record["player"] == {"id": mary.pk, "name": "Mary"}
    assert (record["played"], record["won"]) == (2, 1)
    rivals = client.get(url("api_club_player_rivals", club.pk, mary.pk)).json()
    assert (rivals["finished"], rivals["current_streak"]) == (1, 1)


def test_a_players_season_is_theirs_in_it_only(club: Club, carol: Any, club_night: Night) -> None:
    today = timezone.localdate()
    before = SeasonFactory(club=club, starts=today - 30 * DAY, ends=today - 2 * DAY)
    mary = player("Mary")
    client = as_(carol)
    query = {"season": before.pk}
    assert client.get(url("api_club_player_ratings", club.pk, mary.pk), query).json() == []
    assert client.get(url("api_club_player_record", club.pk, mary.pk), query).json()["played"] == 0


def test_a_player_of_another_roster_is_not_found_here(
    club: Club, carol: Any, dave: Any, club_night: Night
) -> None:
    theirs = PlayerFactory(owner=dave, name="Dee")
    for name in ("api_club_player_ratings", "api_club_player_record", "api_club_player_rivals"):
        refused(
            as_(carol).get(url(name, club.pk, theirs.pk)), code="not_found", field=None, status=404
        )


def test_nobody_outside_the_club_reads_its_history(
    club: Club, dave: Any, club_night: Night
) -> None:
    client = as_(dave)
    mary = player("Mary")
    for address in (
        url("api_club_ratings", club.pk),
        url("api_club_player_ratings", club.pk, mary.pk),
        url("api_club_player_rivals", club.pk, mary.pk),
    ):
        refused(client.get(address), code="not_found", field=None, status=404)


def test_me_is_empty_until_a_player_is_confirmed_as_me(carol: Any) -> None:
    assert as_(carol).get(url("api_me")).json() == {
        "players": [],
        "nights": 0,
        "ratings": [],
        "record": None,
        "rivals": None,
    }


def test_me_reads_my_games_once_a_player_is_me(
    club: Club, alice: Any, carol: Any, club_night: Night
) -> None:
    mary = player("Mary")
    claim = services.claim_ask(club=club, by=carol, player_id=mary.pk)
    services.claim_answer(club=club, by=alice, claim_id=claim.pk, confirmed=True)
    me = as_(carol).get(url("api_me")).json()
    assert me["players"] == [
        {"id": mary.pk, "name": "Mary", "club": {"id": club.pk, "name": "Thursday Brus"}}
    ]
    assert me["nights"] == 1
    assert [r["game"] for r in me["ratings"]] == ["bridge-rummy"]
    assert (me["record"]["won"], me["rivals"]["finished"]) == (1, 1)
