"""A night's pages: starting it, its players and who may record in it."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.models import Night, Player
from tests.factories import PlayerFactory

HX = {"HTTP_HX_REQUEST": "true"}


def players_url(night: Night) -> str:
    return reverse("night_add_player", args=[night.pk])


def recorders_url(night: Night) -> str:
    return reverse("night_add_recorder", args=[night.pk])


@pytest.fixture
def alice_client(client: Client, alice: Any) -> Client:
    client.force_login(alice)
    return client


def is_whole_page(html: str) -> bool:
    return "<html" in html or "<!doctype" in html.lower()


# Starting a night -------------------------------------------------------------------------------


def test_alice_starts_a_night(alice_client: Client, alice: Any) -> None:
    response = alice_client.post(
        reverse("night_create"), {"date": "2025-12-24", "place": "The pub", "notes": "Bring cards"}
    )
    night = Night.objects.get()
    assert response["Location"] == night.get_absolute_url()
    assert (night.owner, str(night.date), night.place) == (alice, "2025-12-24", "The pub")


def test_a_night_needs_a_date(alice_client: Client) -> None:
    response = alice_client.post(reverse("night_create"), {"date": "soon"})
    assert response.status_code == 400
    assert "Enter a valid date." in response.content.decode()
    assert not Night.objects.exists()


def test_starting_a_night_is_a_post(alice_client: Client) -> None:
    assert alice_client.get(reverse("night_create")).status_code == 405


# The night's page -------------------------------------------------------------------------------


def test_alice_sees_her_night(alice_client: Client, night: Night) -> None:
    response = alice_client.get(night.get_absolute_url())
    assert response.status_code == 200
    html = response.content.decode()
    assert "No games yet." in html
    assert "alice (owner), bob" in html
    assert f"{reverse('game_create', args=[night.pk])}?game=bridge-rummy" in html
    assert 'id="players"' in html and 'id="recorders"' in html


def test_bob_sees_the_night_but_cannot_add_recorders(
    client: Client, night: Night, bob: Any
) -> None:
    client.force_login(bob)
    html = client.get(night.get_absolute_url()).content.decode()
    assert "alice (owner), bob" in html
    assert recorders_url(night) not in html


def test_carol_gets_404_for_alices_night(client: Client, night: Night, carol: Any) -> None:
    client.force_login(carol)
    assert client.get(night.get_absolute_url()).status_code == 404
    assert client.post(players_url(night), {"name": "Zed"}).status_code == 404
    assert client.post(recorders_url(night), {"username": "carol"}).status_code == 404
    assert not Player.objects.exists()


# Players ----------------------------------------------------------------------------------------


def test_adding_a_player_without_scripts_returns_to_the_night(
    alice_client: Client, night: Night, alice: Any
) -> None:
    response = alice_client.post(players_url(night), {"name": "Mary"})
    assert response["Location"] == night.get_absolute_url()
    assert Player.objects.get().owner == alice
    assert (
        '<span class="chip">Mary</span>'
        in alice_client.get(night.get_absolute_url()).content.decode()
    )


def test_adding_a_player_with_htmx_returns_only_the_players(
    alice_client: Client, night: Night
) -> None:
    PlayerFactory(owner=night.owner, name="Mary")
    response = alice_client.post(players_url(night), {"name": "Tom"}, **HX)
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<section class="card" id="players">')
    assert not is_whole_page(html)
    assert 'id="recorders"' not in html
    assert '<span class="chip">Mary</span><span class="chip">Tom</span>' in html
    # The form is emptied for the next name.
    assert 'value="Tom"' not in html


def test_bob_adds_a_player_to_alices_list(client: Client, night: Night, bob: Any) -> None:
    client.force_login(bob)
    client.post(players_url(night), {"name": "Harriet"})
    assert Player.objects.get().owner == night.owner


@pytest.mark.parametrize(
    ("name", "says"),
    [
        pytest.param("mary", "Mary is already at the table.", id="already-seated"),
        pytest.param("", "This field is required.", id="empty"),
    ],
)
def test_a_refused_player_name_is_shown_by_the_form(
    alice_client: Client, night: Night, name: str, says: str
) -> None:
    night.players.add(PlayerFactory(owner=night.owner, name="Mary"))
    plain = alice_client.post(players_url(night), {"name": name})
    assert plain.status_code == 400
    assert says in plain.content.decode()
    assert is_whole_page(plain.content.decode())
    htmx = alice_client.post(players_url(night), {"name": name}, **HX)
    assert htmx.status_code == 200
    assert says in htmx.content.decode()
    assert not is_whole_page(htmx.content.decode())
    assert Player.objects.count() == 1


# Recorders --------------------------------------------------------------------------------------


def test_alice_lets_carol_record(alice_client: Client, night: Night, carol: Any) -> None:
    response = alice_client.post(recorders_url(night), {"username": "carol"})
    assert response["Location"] == night.get_absolute_url()
    assert night.recorders.filter(pk=carol.pk).exists()


def test_adding_a_recorder_with_htmx_returns_only_the_recorders(
    alice_client: Client, night: Night, carol: Any
) -> None:
    response = alice_client.post(recorders_url(night), {"username": "carol"}, **HX)
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<section class="card" id="recorders">')
    assert "alice (owner), bob, carol" in html
    assert not is_whole_page(html)


def test_an_unknown_account_cannot_record(alice_client: Client, night: Night) -> None:
    response = alice_client.post(recorders_url(night), {"username": "dave"})
    assert response.status_code == 400
    assert "There is no account called &#x27;dave&#x27;." in response.content.decode()


def test_bob_cannot_add_recorders(client: Client, night: Night, bob: Any, carol: Any) -> None:
    client.force_login(bob)
    response = client.post(recorders_url(night), {"username": "carol"})
    assert response.status_code == 403
    assert not night.recorders.filter(pk=carol.pk).exists()


def test_a_signed_out_visitor_is_sent_to_sign_in(client: Client, night: Night) -> None:
    for response in (
        client.get(night.get_absolute_url()),
        client.post(players_url(night), {"name": "Zed"}),
        client.post(reverse("night_create"), {"date": "2025-12-24"}),
    ):
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("login"))
    assert not Player.objects.exists()
