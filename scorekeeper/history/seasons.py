"""A club's seasons looked back on: a season's table (final once the season is over, with its
champion), and the club's story, night by night.

Both read a club's scope (:func:`scorekeeper.history.scope.of_club`): a season's table the
nights dated in the season, from its first day to its last, with every merged player read as
the player they were merged into; the all-time table is the same read without the season.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.core.paginator import Page, Paginator

from scorekeeper.clubs import seasons
from scorekeeper.history import ratings, records
from scorekeeper.history.scope import of_club
from scorekeeper.models import Club, Night, Player, Season

NIGHTS_PER_PAGE = 20


@dataclass(frozen=True)
class SeasonTable:
    """A season's table: every player by rating across all games over the season's finished
    games, each with the games they finished and won; final, with a champion, once the
    season is over."""

    season: Season
    finished: bool
    board: ratings.Leaderboard
    nights: int

    @property
    def rows(self) -> tuple[ratings.Standing, ...]:
        return self.board.rows

    @property
    def games(self) -> int:
        """The finished games the table counts."""
        return self.board.games

    @property
    def champion(self) -> Player | None:
        """First place in the final table (nobody before the season is over, or if nobody
        finished a game in it)."""
        if not self.finished or not self.board.rows:
            return None
        return self.board.rows[0].player


def season_table(club: Club, season: Season, *, today: datetime.date | None = None) -> SeasonTable:
    """The table of one of the club's seasons: the leaderboard across all games over the
    nights dated in it, and how many nights it had. Eight queries, however long the season."""
    if season.club_id != club.pk:
        raise ValueError(f"season {season.pk} is not club {club.pk}'s")
    scope = of_club(club, season)
    board = ratings.leaderboard(scope)
    return SeasonTable(
        season=season,
        finished=seasons.finished(season, today),
        board=board,
        nights=scope.nights.count(),
    )


@dataclass(frozen=True)
class Story:
    """One page of a club's nights, newest first, each with its games replayed."""

    page: Page[Night]
    past: list[records.PastNight]


def club_story(club: Club, season: Season | None = None, *, page: int | str | None = 1) -> Story:
    """The club's nights (of one season, when given), newest first, a page at a time, each
    with its games, winners and corrections. As many queries for a page however many nights."""
    nights = of_club(club, season).nights
    found = Paginator(nights, NIGHTS_PER_PAGE).get_page(page)
    return Story(found, records.past_nights(found.object_list))
