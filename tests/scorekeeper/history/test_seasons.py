"""A season reads the nights dated in it, from its first day to its last; all time is every
season together; a season's table is final once it is over, with its champion."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.utils import timezone

from scorekeeper.clubs import services as club_services
from scorekeeper.history import ratings, records, rivals
from scorekeeper.history.scope import of_club
from scorekeeper.history.seasons import club_story, season_table
from scorekeeper.models import Season
from scorekeeper.standings import scoreboard
from tests.scorekeeper.history.club_ledgers import Ledger, build, rummy

ONE_DAY = datetime.timedelta(days=1)


@pytest.fixture(autouse=True)
def _fresh() -> Any:
    ratings.forget_runs()
    scoreboard.forget_kept()
    yield
    ratings.forget_runs()


SPRING_STARTS, SPRING_ENDS = datetime.date(2026, 3, 1), datetime.date(2026, 5, 31)


@pytest.fixture
def club(alice: Any) -> tuple[Ledger, list[Season]]:
    """A night on each side of each of spring's edges, one game each, a different winner each:
    Ann the day before spring, Bob on its first day, Cy on its last, Dee the day after."""
    script = [
        (SPRING_STARTS - ONE_DAY, [rummy("Ann", "Bob", "Cy", "Dee", winner=0)]),
        (SPRING_STARTS, [rummy("Ann", "Bob", "Cy", "Dee", winner=1)]),
        (SPRING_ENDS, [rummy("Ann", "Bob", "Cy", "Dee", winner=2)]),
        (SPRING_ENDS + ONE_DAY, [rummy("Ann", "Bob", "Cy", "Dee", winner=3)]),
    ]
    ledger = build(alice, "Thursdays", script)
    first = datetime.date(2026, 1, 1)
    seasons = [
        club_services.season_create(
            club=ledger.club, by=alice, name="Winter", starts=first, ends=SPRING_STARTS - ONE_DAY
        )
    ]
    for name, ends in (("Spring", SPRING_ENDS), ("Summer", datetime.date(2026, 8, 31))):
        # Each starts the day after the last one ends.
        seasons.append(
            club_services.season_create(club=ledger.club, by=alice, name=name, ends=ends)
        )
    return ledger, seasons


def winners(ledger: Ledger, season: Season | None) -> set[str]:
    board = ratings.leaderboard(of_club(ledger.club, season))
    return {row.player.name for row in board.rows if row.won}


def test_a_season_counts_its_first_and_last_day_and_not_the_days_around_it(
    club: tuple[Ledger, list[Season]],
) -> None:
    ledger, (winter, spring, summer) = club
    assert spring.starts == SPRING_STARTS  # the day after winter ends
    assert winners(ledger, spring) == {"Bob", "Cy"}
    assert winners(ledger, winter) == {"Ann"}
    assert winners(ledger, summer) == {"Dee"}
    assert ratings.leaderboard(of_club(ledger.club, spring)).games == 2


def test_all_time_is_every_season_together(club: tuple[Ledger, list[Season]]) -> None:
    ledger, seasons = club
    by_season = [
        {rated.game.pk for rated in ratings.rated_games(of_club(ledger.club, season))}
        for season in seasons
    ]
    all_time = {rated.game.pk for rated in ratings.rated_games(of_club(ledger.club))}
    assert all_time == set().union(*by_season) == {game.pk for game in ledger.games}
    assert sum(map(len, by_season)) == len(all_time)  # no game in two seasons
    assert winners(ledger, None) == {"Ann", "Bob", "Cy", "Dee"}


def test_a_players_page_in_a_season_reads_only_its_games(
    club: tuple[Ledger, list[Season]],
) -> None:
    ledger, (_, spring, _) = club
    bob, scope = ledger.player("Bob"), of_club(ledger.club, spring)
    assert records.player_record(scope, bob).played == 2
    assert records.player_record(of_club(ledger.club), bob).played == 4
    (rummy_rating,) = ratings.player_ratings(scope, bob)
    assert [point.date for point in rummy_rating.points] == [SPRING_STARTS, SPRING_ENDS]
    found = rivals.rivals(scope, bob)
    assert (found.finished, found.longest.length) == (2, 1)


def test_a_season_table_says_who_played_and_won_and_is_final_once_over(
    club: tuple[Ledger, list[Season]],
) -> None:
    ledger, (_, spring, _) = club
    table = season_table(ledger.club, spring)
    assert (table.season, table.finished, table.games, table.nights) == (spring, True, 2, 2)
    rows = {row.player.name: (row.place, row.played, row.won) for row in table.rows}
    assert {name: played_won for name, (_, *played_won) in rows.items()} == {
        "Ann": [2, 0],
        "Bob": [2, 1],
        "Cy": [2, 1],
        "Dee": [2, 0],
    }
    # First place is the best rating: Ann was second twice, Bob and Cy each first once and
    # third once (Rummy places the rest by what they hold, and Ann held least).
    assert table.champion == table.rows[0].player == ledger.player("Ann")
    assert season_table(ledger.club, spring, today=SPRING_ENDS).champion is None  # not over


def test_a_season_ended_today_has_its_final_table_from_tomorrow(alice: Any) -> None:
    today = timezone.localdate()
    ledger = build(
        alice,
        "Fridays",
        [
            (today - 3 * ONE_DAY, [rummy("Ann", "Bob", winner=1)]),
            (today, [rummy("Ann", "Bob", winner=1), rummy("Bob", "Ann", winner=1)]),
        ],
    )
    season = club_services.season_create(
        club=ledger.club,
        by=alice,
        name="Autumn",
        starts=today - 10 * ONE_DAY,
        ends=today + 30 * ONE_DAY,
    )
    running = season_table(ledger.club, season, today=today)
    assert (running.finished, running.champion, running.games) == (False, None, 3)
    ended = club_services.season_end(club=ledger.club, by=alice, season_id=season.pk)
    assert ended.ends == today
    # Today is still in the season (both ends are in): its table is final from tomorrow.
    assert season_table(ledger.club, ended, today=today).champion is None
    final = season_table(ledger.club, ended, today=today + ONE_DAY)
    assert (final.finished, final.games, final.nights) == (True, 3, 2)
    assert final.champion == ledger.player("Bob")
    late = build(alice, "", [(today + ONE_DAY, [rummy("Ann", "Bob", winner=0)])], club=ledger.club)
    after = season_table(ledger.club, ended, today=today + 2 * ONE_DAY)
    assert after.games == 3 and late.games[0].pk not in {
        rated.game.pk for rated in ratings.rated_games(of_club(ledger.club, ended))
    }


def test_a_season_of_another_club_is_refused(alice: Any, club: tuple[Ledger, list[Season]]) -> None:
    _, (winter, _, _) = club
    other = club_services.club_create(by=alice, name="Elsewhere")
    with pytest.raises(ValueError, match="is not club"):
        season_table(other, winter)


def test_the_clubs_story_is_its_nights_newest_first(club: tuple[Ledger, list[Season]]) -> None:
    ledger, (_, spring, _) = club
    story = club_story(ledger.club)
    assert [past.night.date for past in story.past] == [
        SPRING_ENDS + ONE_DAY,
        SPRING_ENDS,
        SPRING_STARTS,
        SPRING_STARTS - ONE_DAY,
    ]
    assert story.past[0].games[0].finished and story.page.paginator.count == 4
    assert [p.night.date for p in club_story(ledger.club, spring).past] == [
        SPRING_ENDS,
        SPRING_STARTS,
    ]


@pytest.mark.parametrize("nights", [1, 6])
def test_a_season_table_takes_as_many_queries_for_six_nights_as_for_one(
    alice: Any, nights: int, django_assert_num_queries: Any
) -> None:
    first = datetime.date(2026, 3, 2)
    script = [
        (first + n * ONE_DAY, [rummy("Ann", "Bob", "Cy", winner=n % 3)]) for n in range(nights)
    ]
    ledger = build(alice, "Mondays", script)
    spring = club_services.season_create(
        club=ledger.club, by=alice, name="Spring", starts=SPRING_STARTS, ends=SPRING_ENDS
    )
    ratings.forget_runs()
    scoreboard.forget_kept()
    # Who is who; the ledgers' signature, and each game's ledger mark (what the next read
    # after a change replays by); the games, their seats, their ledgers; the players' names;
    # the nights counted.
    with django_assert_num_queries(8):
        assert season_table(ledger.club, spring).games == nights
