"""The home page: a welcome for visitors, the list of nights for players."""

from __future__ import annotations

import datetime
from typing import Any

from django.test import Client
from django.urls import reverse

from scorekeeper.models import Night
from tests.factories import NightFactory

HOME = reverse("home")


def test_a_visitor_is_welcomed_with_the_games_it_knows(client: Client, db: Any) -> None:
    response = client.get(HOME)
    assert response.status_code == 200
    html = response.content.decode()
    assert "Keep score at the card table" in html
    assert "Bridge Rummy (2\u20135 players)" in html
    assert reverse("login") in html
    assert reverse("signup") in html


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
