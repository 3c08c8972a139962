"""A game's pages: starting it, its scoreboard, and the poll that keeps every phone up to date."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.games import services as game_services
from scorekeeper.models import Game, Night, Player
from scorekeeper.nights.demo import SAMPLE_DEALS, SAMPLE_PLAYERS
from tests.factories import PlayerFactory

HX = {"HTTP_HX_REQUEST": "true"}
DEAL_7 = {
    "went_out": 0,
    "hands": [{"seat": 1, "held": 20}, {"seat": 2, "held": 30}, {"seat": 3, "not_down": True}],
}


@pytest.fixture
def alice_client(client: Client, alice: Any) -> Client:
    client.force_login(alice)
    return client


@pytest.fixture
def players(night: Night) -> list[Player]:
    """The four, sat down at the night's table (the seat menus offer the table)."""
    sat = [PlayerFactory(owner=night.owner, name=name) for name in SAMPLE_PLAYERS]
    for player in sat:
        night.players.add(player)
    return sat


def start_url(night: Night) -> str:
    return reverse("game_create", args=[night.pk])


def board_url(game: Game, since: int | None = None) -> str:
    url = reverse("game_scoreboard", args=[game.pk])
    return url if since is None else f"{url}?since={since}"


def is_whole_page(html: str) -> bool:
    return "<html" in html or "<!doctype" in html.lower()


def house_rules(**changed: str) -> dict[str, str]:
    """The house-rule fields as the page posts them: the defaults, with some changed."""
    defaults = {
        "option_ace_low_value": "10",
        "option_min_naturals_per_meld": "1",
        "option_tie_break": "none",
    }
    return defaults | {f"option_{name}": value for name, value in changed.items()}


# Starting a game --------------------------------------------------------------------------------


def test_the_start_page_offers_seats_and_house_rules(
    alice_client: Client, night: Night, players: list[Player]
) -> None:
    response = alice_client.get(f"{start_url(night)}?game=bridge-rummy")
    assert response.status_code == 200
    html = response.content.decode()
    assert "New game of Bridge Rummy" in html
    for position in range(5):  # Bridge Rummy seats up to five
        assert f'name="seat_{position}"' in html
    assert f'<option value="{players[0].pk}">Mary</option>' in html
    assert 'name="option_ace_low_value"' in html
    assert 'name="option_round_then_double"' in html
    # Choices read as words, not raw values.
    assert '<option value="most_stars">Most stars wins</option>' in html
    assert '<option value="none" selected>Shared win</option>' in html


def test_an_absurd_house_rule_is_refused_with_its_range(
    alice_client: Client, night: Night, players: list[Player]
) -> None:
    seats = {f"seat_{i}": p.pk for i, p in enumerate(players)}
    form = {"game": "bridge-rummy", **seats, **house_rules(min_naturals_per_meld="1" + "0" * 30)}
    response = alice_client.post(start_url(night), form)
    assert response.status_code == 400
    assert "Ensure this value is less than or equal to 3." in response.content.decode()
    assert not Game.objects.exists()


def test_alice_starts_a_game_with_seats_and_a_house_rule(
    alice_client: Client, night: Night, players: list[Player]
) -> None:
    seats = {f"seat_{i}": p.pk for i, p in enumerate(reversed(players))}
    form = {"game": "bridge-rummy", **seats, **house_rules(ace_low_value="1")}
    form["option_round_then_double"] = "on"
    response = alice_client.post(start_url(night), form)
    game = Game.objects.get()
    assert response["Location"] == game.get_absolute_url()
    assert [s.player.name for s in game.seats.order_by("position")] == list(
        reversed(SAMPLE_PLAYERS)
    )
    assert game.options["ace_low_value"] == 1
    assert game.options["round_then_double"] is True
    assert game.options["hand_rummy_own_melds_only"] is False
    html = alice_client.get(game.get_absolute_url()).content.decode()
    assert "house rule ace_low_value: Ace counts 1 (A-2-3 is 6)" in html


@pytest.mark.parametrize(
    ("seats", "says"),
    [
        pytest.param([0], "This field is required.", id="only-one-seat"),
        pytest.param([0, 1, 0], "A player can take only one seat.", id="mary-twice"),
    ],
)
def test_it_refuses_a_seating(
    alice_client: Client, night: Night, players: list[Player], seats: list[int], says: str
) -> None:
    form = {"game": "bridge-rummy", **house_rules()}
    form |= {f"seat_{i}": players[p].pk for i, p in enumerate(seats)}
    response = alice_client.post(start_url(night), form)
    assert response.status_code == 400
    assert says in response.content.decode()
    assert not Game.objects.exists()


def test_an_unknown_game_goes_back_to_the_night(alice_client: Client, night: Night) -> None:
    response = alice_client.get(f"{start_url(night)}?game=canasta")
    assert response["Location"] == night.get_absolute_url()


def test_carol_cannot_start_a_game_in_alices_night(
    client: Client, night: Night, carol: Any, players: list[Player]
) -> None:
    client.force_login(carol)
    form = {"game": "bridge-rummy", "seat_0": players[0].pk, "seat_1": players[1].pk}
    assert client.post(start_url(night), form | house_rules()).status_code == 404
    assert not Game.objects.exists()


# The game's page --------------------------------------------------------------------------------


def test_a_new_game_shows_its_seats_and_the_record_form(
    alice_client: Client, bridge_game: Game
) -> None:
    response = alice_client.get(bridge_game.get_absolute_url())
    assert response.status_code == 200
    html = response.content.decode()
    assert "No deals yet; 7 to play, lowest total wins." in html
    assert "No deals yet." in html
    for name in SAMPLE_PLAYERS:
        assert f'<th scope="col" class="leader">{name}</th>' in html
    assert "Record deal 1" in html
    assert f'action="{reverse("deal_record", args=[bridge_game.pk])}"' in html


def test_after_the_seventh_deal_the_page_says_game_over_and_offers_no_form(
    alice_client: Client, bridge_game: Game, alice: Any
) -> None:
    for deal in (*SAMPLE_DEALS, DEAL_7):
        game_services.deal_record(game=bridge_game, by=alice, data=deal)
    html = alice_client.get(bridge_game.get_absolute_url()).content.decode()
    assert "Game over: Mary wins on 40." in html
    assert 'id="record"' not in html
    assert "Record deal" not in html
    assert 'name="went_out"' not in html


def test_bob_sees_the_record_form(client: Client, bridge_game: Game, bob: Any) -> None:
    client.force_login(bob)
    assert 'id="record"' in client.get(bridge_game.get_absolute_url()).content.decode()


def test_carol_gets_404_for_alices_game(client: Client, bridge_game: Game, carol: Any) -> None:
    client.force_login(carol)
    assert client.get(bridge_game.get_absolute_url()).status_code == 404
    assert client.get(board_url(bridge_game, since=0)).status_code == 404


def test_a_signed_out_visitor_is_sent_to_sign_in(client: Client, bridge_game: Game) -> None:
    for url in (bridge_game.get_absolute_url(), board_url(bridge_game, since=0)):
        response = client.get(url)
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("login"))


# The scoreboard poll ----------------------------------------------------------------------------


def test_the_poll_is_204_while_nothing_changed(
    alice_client: Client, bridge_game: Game, alice: Any
) -> None:
    assert alice_client.get(board_url(bridge_game, since=0), **HX).status_code == 204
    entry = game_services.deal_record(game=bridge_game, by=alice, data=SAMPLE_DEALS[0])
    response = alice_client.get(board_url(bridge_game, since=entry.pk), **HX)
    assert response.status_code == 204
    assert response.content == b""


def test_the_poll_returns_the_board_when_the_ledger_moved(
    alice_client: Client, bridge_game: Game, bob: Any
) -> None:
    before = alice_client.get(bridge_game.get_absolute_url()).content.decode()
    assert "?since=0" in before
    entry = game_services.deal_record(
        game=bridge_game, by=bob, data=SAMPLE_DEALS[0]
    )  # on bob's phone
    response = alice_client.get(board_url(bridge_game, since=0), **HX)
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<section class="card board" id="board"')
    assert not is_whole_page(html)
    assert 'id="record"' not in html
    assert "After deal 1 of 7: Mary lowest on -20." in html
    # The next poll asks from the new entry on.
    assert re.search(rf'hx-get="[^"]*\?since={entry.pk}"', html)
    assert response["Vary"] and "HX-Request" in response["Vary"]


def test_the_poll_without_since_returns_the_board(alice_client: Client, bridge_game: Game) -> None:
    response = alice_client.get(board_url(bridge_game))
    assert response.status_code == 200
    assert 'id="board"' in response.content.decode()


# Removing a game started by mistake -------------------------------------------------------------


def test_a_game_with_nothing_recorded_offers_to_go_and_goes(
    alice_client: Client, bridge_game: Game
) -> None:
    page = alice_client.get(bridge_game.get_absolute_url()).content.decode()
    assert "Remove this game" in page
    url = reverse("game_remove", args=[bridge_game.pk])
    response = alice_client.post(url, **HX)
    assert response.status_code == 204
    assert response["HX-Redirect"] == bridge_game.night.get_absolute_url()
    assert not Game.objects.filter(pk=bridge_game.pk).exists()


def test_a_game_with_a_deal_does_not_offer_to_go_and_refuses_in_words(
    alice_client: Client, bridge_game: Game, alice: Any
) -> None:
    game_services.deal_record(game=bridge_game, by=alice, data=SAMPLE_DEALS[0])
    assert (
        "Remove this game" not in alice_client.get(bridge_game.get_absolute_url()).content.decode()
    )
    url = reverse("game_remove", args=[bridge_game.pk])
    htmx = alice_client.post(url, **HX)
    assert htmx.status_code == 200
    assert "has deals in its ledger, so it stays" in htmx.content.decode()
    plain = alice_client.post(url)
    assert plain.status_code == 400
    assert Game.objects.filter(pk=bridge_game.pk).exists()
