"""A club's pages make as many queries for a club of 30 nights, three seasons and a merge as for
one of two nights (issue 29, item 7): nothing is read night by night or player by player."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scorekeeper.clubs import services as club_services
from scorekeeper.history import ratings, scope
from scorekeeper.models import Club, Entry, Game, Player
from scorekeeper.standings import scoreboard
from tests.factories import GameFactory, NightFactory, SeasonFactory, UserFactory

pytestmark = pytest.mark.django_db

NAMES = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")
WEEK = datetime.timedelta(weeks=1)


@dataclass
class Built:
    club: Club
    organiser: Any
    player: Player
    season: int


def finished_rummy(night: Any, names: list[str], n: int) -> Game:
    """A game of Rummy, one deal (seat ``n % 4`` went out) and its end."""
    game: Game = GameFactory(night=night, slug="rummy", players=names)
    winner = n % len(names)
    hands = [{"seat": s, "held": 5 + (7 * n + 3 * s) % 40} for s in range(len(names))]
    data = {"went_out": winner, "hands": [h for h in hands if h["seat"] != winner]}
    Entry.objects.create(game=game, kind="record", data=data, recorded_by=night.owner)
    Entry.objects.create(game=game, kind="end", data={}, recorded_by=night.owner)
    return game


def club_of(nights: int, seasons: int, *, merge: bool) -> Built:
    """A club of weekly nights up to last week, three games a night, ``seasons`` seasons of
    equal length over them (the last still running), its organiser linked to Ann; with
    ``merge``, Cy played the first three nights as "Cyd", merged into Cy afterwards."""
    organiser = UserFactory()
    club = club_services.club_create(by=organiser, name=f"Club of {nights}")
    today = datetime.date.today()
    first = today - WEEK * nights
    for n in range(nights):
        night = NightFactory(owner=organiser, club=club, date=first + WEEK * n)
        for g in range(3):
            names = [NAMES[(n + g + k) % len(NAMES)] for k in range(4)]
            if merge and n < 3:
                names = ["Cyd" if name == "Cy" else name for name in names]
            elif merge and "Cy" not in names and n < 6:
                names[0] = "Cy"  # Cy plays after the merge's nights too
            finished_rummy(night, names, n + g)
    length = nights // seasons + 1
    made = []
    for s in range(seasons):
        ends = first + WEEK * length * (s + 1) - datetime.timedelta(days=1)
        if s == seasons - 1:
            ends = today + WEEK
        made.append(
            SeasonFactory(club=club, starts=first + WEEK * length * s, ends=ends, name=f"S{s}")
        )
    players = {p.name: p for p in Player.objects.filter(club=club)}
    if merge:
        club_services.merge(
            club=club, by=organiser, merged_id=players["Cyd"].pk, into_id=players["Cy"].pk
        )
    club_services.claim_ask(club=club, by=organiser, player_id=players["Ann"].pk)
    return Built(club, organiser, players["Cy"], made[0].pk)


PAGES: dict[str, Callable[[Built], str]] = {
    "nights list (home)": lambda b: reverse("home"),
    "club page": lambda b: reverse("club_detail", args=[b.club.pk]),
    "all-time leaderboard": lambda b: reverse("club_detail", args=[b.club.pk]) + "?season=all",
    "club history, page 2": lambda b: reverse("club_detail", args=[b.club.pk]) + "?page=2",
    "season's table": lambda b: reverse("club_season", args=[b.club.pk, b.season]),
    "club player": lambda b: reverse("club_player", args=[b.club.pk, b.player.pk]),
    "club player, all time": lambda b: (
        reverse("club_player", args=[b.club.pk, b.player.pk]) + "?season=all"
    ),
    "one's own page": lambda b: reverse("my_page"),
}


def queries(built: Built, page: str, *, cold: bool) -> int:
    client = Client()
    client.force_login(built.organiser)
    url = PAGES[page](built)
    client.get(reverse("club_list"))  # the session's first request reads what later ones need not
    if not cold:
        client.get(url)
    else:
        scoreboard.forget_kept()
        ratings.forget_runs()
        cache.clear()
    with CaptureQueriesContext(connection) as made:
        assert client.get(url).status_code == 200
    return len(made)


@pytest.fixture
def small() -> Built:
    return club_of(2, 1, merge=False)


@pytest.fixture
def large() -> Built:
    return club_of(30, 3, merge=True)


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("cold", [True, False], ids=["cold", "warm"])
def test_a_club_page_makes_as_many_queries_for_30_nights_as_for_2(
    small: Built, large: Built, page: str, cold: bool
) -> None:
    assert queries(large, page, cold=cold) == queries(small, page, cold=cold)


def test_the_large_club_is_what_it_says(large: Built) -> None:
    """The comparison above means something: 30 nights (two pages of them), three seasons, a
    player merged, 90 finished games."""
    assert large.club.nights.count() == 30
    assert large.club.seasons.count() == 3
    assert Player.objects.filter(club=large.club, same_as=large.player).exists()
    assert ratings.leaderboard(scope.of_club(large.club)).games == 90
