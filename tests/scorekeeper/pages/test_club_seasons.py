"""A club's seasons, a season's table and share card, the leaderboard's filter, a club player's
page and one's own page. alice organises, bob records, carol is a member, dave is in no club.
The club has one played night today: Bridge Rummy to its end, Mary winning."""

from __future__ import annotations

import datetime
from types import SimpleNamespace
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.clubs import seasons as season_reads
from scorekeeper.clubs import services
from scorekeeper.history import ratings
from scorekeeper.models import Club, Night, Player, Season
from tests.factories import played_night

pytestmark = pytest.mark.django_db


def today() -> datetime.date:
    return datetime.date.today()


@pytest.fixture
def played(club: Club, alice: Any) -> Night:
    """alice's played night today, the club's (its players on the club's roster)."""
    ratings.forget_runs()
    night = played_night(alice, place="Ann's")
    Player.objects.filter(owner=alice).update(club=club)
    Night.objects.filter(pk=night.pk).update(club=club)
    return night


@pytest.fixture
def season(club: Club, alice: Any) -> Season:
    return services.season_create(
        club=club,
        by=alice,
        name="Autumn",
        starts=today() - datetime.timedelta(days=10),
        ends=today() + datetime.timedelta(days=10),
    )


def seasons(club: Club) -> str:
    return reverse("club_seasons", args=[club.pk])


@pytest.mark.parametrize(
    ("person", "status", "names"),
    [
        pytest.param("alice", 200, True, id="organiser"),
        pytest.param("bob", 200, False, id="recorder"),
        pytest.param("carol", 200, False, id="member"),
        pytest.param("dave", 404, False, id="stranger"),
    ],
)
def test_the_seasons_page_as_each_role(
    phones: dict[str, Client], club: Club, season: Season, person: str, status: int, names: bool
) -> None:
    response = phones[person].get(seasons(club))
    assert response.status_code == status
    page = response.content.decode()
    assert (reverse("club_season_create", args=[club.pk]) in page) is names
    assert (reverse("club_season_end", args=[club.pk]) in page) is names
    if status == 200:
        assert "Autumn" in page


def test_the_first_season_asks_when_it_starts(phones: dict[str, Client], club: Club) -> None:
    page = phones["alice"].get(seasons(club)).content.decode()
    assert 'type="date" name="starts"' in page
    response = phones["alice"].post(
        reverse("club_season_create", args=[club.pk]),
        {"name": "Spring", "starts": "2026-03-01", "ends": "2026-05-31"},
    )
    assert response["Location"] == seasons(club)
    made = Season.objects.get()
    assert (made.starts, made.ends) == (datetime.date(2026, 3, 1), datetime.date(2026, 5, 31))


def test_the_next_season_starts_where_the_last_ended(
    phones: dict[str, Client], club: Club, season: Season
) -> None:
    page = phones["alice"].get(seasons(club)).content.decode()
    after = season.ends + datetime.timedelta(days=1)
    assert f'name="starts" value="{after:%Y-%m-%d}"' in page
    phones["alice"].post(
        reverse("club_season_create", args=[club.pk]),
        {
            "name": "Winter",
            "starts": f"{after:%Y-%m-%d}",
            "ends": f"{after.replace(year=after.year + 1):%Y-%m-%d}",
        },
    )
    assert Season.objects.get(name="Winter").starts == after


def test_a_season_ending_before_it_starts_is_refused_inline(
    phones: dict[str, Client], club: Club
) -> None:
    response = phones["alice"].post(
        reverse("club_season_create", args=[club.pk]),
        {"name": "Spring", "starts": "2026-03-01", "ends": "2026-02-01"},
    )
    assert response.status_code == 400
    assert "A season ends on or after the day it starts (2026-03-01)." in response.content.decode()
    assert not Season.objects.exists()


def test_a_member_may_not_name_seasons(phones: dict[str, Client], club: Club) -> None:
    response = phones["bob"].post(
        reverse("club_season_create", args=[club.pk]),
        {"name": "Spring", "starts": "2026-03-01", "ends": "2026-05-31"},
    )
    assert response.status_code == 403


def test_ending_the_season_today_makes_its_table_final_with_a_share_card(
    phones: dict[str, Client],
    club: Club,
    season: Season,
    played: Night,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    page = phones["carol"].get(reverse("club_season", args=[club.pk, season.pk])).content.decode()
    assert "The table so far" in page and "Mary" in page
    response = phones["alice"].post(
        reverse("club_season_end", args=[club.pk]), {"season": season.pk}
    )
    assert response["Location"] == seasons(club)
    season.refresh_from_db()
    assert season.ends == today()
    # Its last day: said so, and no second "End today".
    listed = phones["alice"].get(seasons(club)).content.decode()
    assert "its last day: the table is final from tomorrow" in listed
    assert "End Autumn today" not in listed
    tomorrow = today() + datetime.timedelta(days=1)
    monkeypatch.setattr(season_reads, "timezone", SimpleNamespace(localdate=lambda: tomorrow))
    page = phones["carol"].get(reverse("club_season", args=[club.pk, season.pk])).content.decode()
    card = reverse("club_season_card", args=[club.pk, season.pk])
    assert "Final table" in page and f'data-result-card="{card}"' in page
    svg = phones["carol"].get(card, {"size": "square"})
    assert svg["Content-Type"].startswith("image/svg+xml")
    text = svg.content.decode()
    assert "Autumn, The Thursday circle" in text and "Mary tops the final table" in text
    assert phones["carol"].get(card, {"size": "huge"}).status_code == 400


def test_ending_a_season_that_is_over_is_refused_inline(
    phones: dict[str, Client], club: Club, season: Season
) -> None:
    Season.objects.filter(pk=season.pk).update(ends=today() - datetime.timedelta(days=1))
    response = phones["alice"].post(
        reverse("club_season_end", args=[club.pk]), {"season": season.pk}
    )
    assert response.status_code == 400
    assert "Autumn is over: its table is final." in response.content.decode()


def test_the_club_page_shows_the_seasons_leaderboard_and_all_time(
    phones: dict[str, Client], club: Club, season: Season, played: Night
) -> None:
    url = reverse("club_detail", args=[club.pk])
    page = phones["carol"].get(url).content.decode()
    assert "Leaderboard: Autumn" in page and "Mary" in page
    page = phones["carol"].get(url, {"season": "all"}).content.decode()
    assert "Leaderboard: all time" in page and "Mary" in page
    Season.objects.filter(pk=season.pk).update(
        starts=today() + datetime.timedelta(days=1), ends=today() + datetime.timedelta(days=9)
    )
    page = phones["carol"].get(url, {"season": season.pk}).content.decode()
    assert "Leaderboard: Autumn" in page and "No finished games yet." in page


def test_a_club_players_page(
    phones: dict[str, Client], club: Club, season: Season, played: Night
) -> None:
    mary = Player.objects.get(name="Mary")
    url = reverse("club_player", args=[club.pk, mary.pk])
    page = phones["carol"].get(url).content.decode()
    assert "At The Thursday circle, in Autumn." in page
    assert "Bridge Rummy" in page and "Rivals and records" in page
    page = phones["carol"].get(url, {"season": "all"}).content.decode()
    assert "At The Thursday circle, all time." in page
    assert phones["dave"].get(url).status_code == 404


def test_my_page_says_how_to_link_when_nobody_is_me(phones: dict[str, Client]) -> None:
    page = phones["dave"].get(reverse("my_page")).content.decode()
    assert "No player is linked to you yet." in page
    assert f'href="{reverse("club_list")}"' in page


def test_my_page_shows_my_games_once_i_am_a_player(
    phones: dict[str, Client], club: Club, played: Night, carol: Any
) -> None:
    mary = Player.objects.get(name="Mary")
    services.claim_ask(club=club, by=carol, player_id=mary.pk)
    services.claim_answer(
        club=club, by=club.created_by, claim_id=mary.claims.get().pk, confirmed=True
    )
    page = phones["carol"].get(reverse("my_page")).content.decode()
    assert "Mary at The Thursday circle" in page
    assert "Bridge Rummy" in page and "1 night" in page
