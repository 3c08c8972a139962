"""The home page: a welcome for visitors, the list of nights for players."""

from __future__ import annotations

import datetime
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.games import services as game_services
from scorekeeper.models import Night
from scorekeeper.nights.demo import SAMPLE_DEALS
from tests.factories import GameFactory, NightFactory

HOME = reverse("home")
# The Sample Score Card's seventh deal: Mary wins on 40.
DEAL_7 = {
    "went_out": 0,
    "hands": [{"seat": 1, "held": 20}, {"seat": 2, "held": 30}, {"seat": 3, "not_down": True}],
}


def test_a_visitor_is_welcomed_with_the_games_it_knows(client: Client, db: Any) -> None:
    response = client.get(HOME)
    assert response.status_code == 200
    html = response.content.decode()
    assert "Keep score at the card table" in html
    assert reverse("login") in html
    assert reverse("signup") in html


@pytest.mark.parametrize(
    "said",
    [
        "Bridge Rummy (2 to 5 players)",
        "Treikort (3 players)",  # not "3 to 3"
        "Brus (4 or 6 players)",  # not a range: Brus refuses five
        "Alkort (2 or 4 players)",
        "Continental Rummy (2 to 12 players)",
    ],
)
def test_the_games_it_knows_say_how_many_play(client: Client, db: Any, said: str) -> None:
    """Issue 26: the counts a game takes, from its description, never a range around them."""
    assert said in client.get(HOME).content.decode()


def test_alice_sees_her_nights_newest_first(client: Client, night: Night, alice: Any) -> None:
    older = NightFactory(owner=alice, date=datetime.date(2020, 1, 3), place="The pub")
    client.force_login(alice)
    html = client.get(HOME).content.decode()
    assert html.index(night.get_absolute_url()) < html.index(older.get_absolute_url())
    assert "Fri 3 Jan 2020" in html
    assert "The pub" in html
    assert "(alice's)" not in html


def test_bob_sees_alices_night_marked_as_hers(client: Client, night: Night, bob: Any) -> None:
    client.force_login(bob)
    html = client.get(HOME).content.decode()
    assert night.get_absolute_url() in html
    assert "(alice's)" in html


def test_carol_does_not_see_alices_night(client: Client, night: Night, carol: Any) -> None:
    client.force_login(carol)
    html = client.get(HOME).content.decode()
    assert night.get_absolute_url() not in html
    assert "No nights yet." in html


def test_the_home_page_offers_to_start_a_night(client: Client, alice: Any) -> None:
    client.force_login(alice)
    html = client.get(HOME).content.decode()
    assert f'action="{reverse("night_create")}"' in html
    assert f'value="{datetime.date.today():%Y-%m-%d}"' in html


def test_each_night_lists_its_games_with_the_winner_or_who_leads(
    client: Client, night: Night, alice: Any
) -> None:
    finished = GameFactory(night=night)
    for deal in (*SAMPLE_DEALS, DEAL_7):
        game_services.deal_record(game=finished, by=alice, data=deal)
    going = GameFactory(night=night)
    for deal in SAMPLE_DEALS[:2]:
        game_services.deal_record(game=going, by=alice, data=deal)
    GameFactory(night=night, slug="brummy", players=["Tom", "Mary"])
    client.force_login(alice)
    html = client.get(HOME).content.decode()
    lines = [
        " ".join(re.sub(r"<[^>]+>", " ", line).split())
        for line in re.findall(r'<ul class="games">(.*?)</ul>', html, re.S)[0].split("</li>")
        if line.strip()
    ]
    assert lines == [
        "Game 1: Bridge Rummy ♛ Mary won",
        "Game 2: Bridge Rummy still going: Tom leads on 20",
        "Game 3: Brummy still going: no deals yet",
    ]
    assert f'href="{finished.get_absolute_url()}"' in html
    assert '<span class="won">' in html  # marked by the badge and weight, not an underline


def test_the_nights_list_shows_twenty_nights_a_page_newest_first(
    client: Client, alice: Any
) -> None:
    """A club's member sees every night of the club: years of weekly nights, a page at a time
    (issue 29), each page as many queries as the first (tests/scorekeeper/test_club_query_counts)."""
    first = datetime.date(2024, 1, 4)
    for n in range(23):
        NightFactory(owner=alice, date=first + datetime.timedelta(weeks=n), place=f"Week {n}")
    client.force_login(alice)

    def weeks(html: str) -> list[int]:
        return [int(n) for n in re.findall(r"· Week (\d+)\s", html)]

    newest = client.get(HOME).content.decode()
    assert weeks(newest) == list(range(22, 2, -1))
    assert "Page 1 of 2" in newest and 'href="?page=2"' in newest
    older = client.get(HOME, {"page": 2}).content.decode()
    assert weeks(older) == [2, 1, 0]
    assert "Page 2 of 2" in older and 'href="?page=1"' in older
