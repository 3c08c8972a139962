"""A night's pages: starting it, its players and who may record in it."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.games import services as game_services
from scorekeeper.models import Game, Night, Player
from scorekeeper.nights.demo import SAMPLE_DEALS
from tests.factories import GameFactory, NightFactory, PlayerFactory, UserFactory

HX = {"HTTP_HX_REQUEST": "true"}


def players_url(night: Night) -> str:
    return reverse("night_add_player", args=[night.pk])


def recorders_url(night: Night) -> str:
    return reverse("night_add_recorder", args=[night.pk])


def remove_url(night: Night) -> str:
    return reverse("night_remove_recorder", args=[night.pk])


def recorders_on(html: str) -> list[str]:
    """The names under "Who can record", as a reader sees them."""
    section = html[html.index('id="recorders"') :]
    people = section[section.index('<ul class="people">') : section.index("</ul>")]
    names = re.findall(r"<li><span>(.*?)</span>", people, re.S)
    return [re.sub(r"<[^>]+>", "", name).strip() for name in names]


@pytest.fixture
def alice_client(client: Client, alice: Any) -> Client:
    client.force_login(alice)
    return client


def at_table(html: str) -> list[str]:
    """The players the night page shows at the table, in order (each a chip to open)."""
    return re.findall(r'<summary class="chip" aria-label="[^"]*">([^<]+)</summary>', html)


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
    assert recorders_on(html) == ["alice (owner)", "bob"]
    assert 'id="players"' in html and 'id="recorders"' in html
    # People sit down before anyone picks a game: the table comes first, and the games are
    # offered once someone is at it.
    assert html.index('id="players"') < html.index('id="games"')
    assert "Add the players at the table first" in html
    assert "?game=bridge-rummy" not in html
    night.players.add(PlayerFactory(owner=night.owner, name="Mary"))
    html = alice_client.get(night.get_absolute_url()).content.decode()
    assert f"{reverse('game_create', args=[night.pk])}?game=bridge-rummy" in html


def test_the_night_page_lists_its_games_and_how_they_stand(
    alice_client: Client, night: Night, alice: Any
) -> None:
    game = GameFactory(night=night)
    game_services.deal_record(game=game, by=alice, data=SAMPLE_DEALS[0])  # Mary went out
    html = alice_client.get(night.get_absolute_url()).content.decode()
    assert (
        f'<a href="{game.get_absolute_url()}"><span class="game-name">Game 1: Bridge Rummy' in html
    )
    assert "still going: Mary leads on -20" in html


def test_bob_sees_the_night_but_cannot_add_recorders(
    client: Client, night: Night, bob: Any
) -> None:
    client.force_login(bob)
    html = client.get(night.get_absolute_url()).content.decode()
    assert recorders_on(html) == ["alice (owner)", "bob"]
    assert recorders_url(night) not in html
    assert remove_url(night) not in html


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
    assert at_table(alice_client.get(night.get_absolute_url()).content.decode()) == ["Mary"]


def test_adding_a_player_with_htmx_returns_only_the_players(
    alice_client: Client, night: Night
) -> None:
    night.players.add(PlayerFactory(owner=night.owner, name="Mary"))
    response = alice_client.post(players_url(night), {"name": "Tom"}, **HX)
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<section class="card" id="players">')
    assert not is_whole_page(html)
    assert 'id="recorders"' not in html
    assert at_table(html) == ["Mary", "Tom"]
    # The form is emptied for the next name.
    assert "value=" not in name_input(html)


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


def name_input(html: str) -> str:
    """The add-player form's name input tag."""
    match = re.search(r'<input type="text" name="name"[^>]*>', html)
    assert match, "no name input"
    return match.group(0)


def test_the_players_section_shows_the_table_in_the_order_they_sat(
    alice_client: Client, night: Night
) -> None:
    mary, tom, _zed = (PlayerFactory(owner=night.owner, name=n) for n in ("Mary", "Tom", "Zed"))
    night.players.add(tom)
    night.players.add(mary)
    html = alice_client.get(night.get_absolute_url()).content.decode()
    assert at_table(html) == ["Tom", "Mary"]
    # Alice's other players are one tap away from sitting down; those seated are not offered.
    assert re.findall(r'<button class="chip add" name="name" value="(\w+)"', html) == ["Zed"]


def test_tapping_a_chip_sits_that_player_down(alice_client: Client, night: Night) -> None:
    zed = PlayerFactory(owner=night.owner, name="Zed")
    response = alice_client.post(players_url(night), {"name": "Zed", "chip": "1"}, **HX)
    html = response.content.decode()
    assert list(night.players.all()) == [zed]
    assert at_table(html) == ["Zed"]
    assert 'class="chip add" name="name" value="Zed"' not in html  # no longer offered
    # A chip was tapped, not typed: the keyboard is not brought up.
    assert "autofocus" not in name_input(html)


def test_tapping_a_chip_without_scripts_returns_to_the_night(
    alice_client: Client, night: Night
) -> None:
    zed = PlayerFactory(owner=night.owner, name="Zed")
    response = alice_client.post(players_url(night), {"name": "Zed", "chip": "1"})
    assert response["Location"] == night.get_absolute_url()
    assert list(night.players.all()) == [zed]


def test_after_a_name_is_added_with_htmx_the_input_keeps_focus(
    alice_client: Client, night: Night
) -> None:
    page = alice_client.get(night.get_absolute_url()).content.decode()
    assert "autofocus" not in name_input(page)  # the first load leaves the keyboard down
    added = alice_client.post(players_url(night), {"name": "Tom"}, **HX).content.decode()
    assert "autofocus" in name_input(added)
    assert 'value="Tom"' not in name_input(added)
    refused = alice_client.post(players_url(night), {"name": "tom"}, **HX).content.decode()
    assert "Tom is already at the table." in refused
    assert "autofocus" in name_input(refused)


def test_after_an_add_without_scripts_the_page_does_not_grab_focus(
    alice_client: Client, night: Night
) -> None:
    alice_client.post(players_url(night), {"name": "Tom"})
    page = alice_client.get(night.get_absolute_url()).content.decode()
    assert "autofocus" not in name_input(page)


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
    assert recorders_on(html) == ["alice (owner)", "bob", "carol"]
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


def test_the_owner_sees_a_remove_button_for_each_recorder(
    alice_client: Client, night: Night, carol: Any
) -> None:
    night.recorders.add(carol)
    html = alice_client.get(night.get_absolute_url()).content.decode()
    assert f'action="{remove_url(night)}"' in html
    removes = re.findall(
        rf'action="{remove_url(night)}".*?name="username" value="(\w+)"', html, re.S
    )
    assert removes == ["bob", "carol"]
    assert 'hx-confirm="Stop bob recording in this night?' in html


def test_alice_removes_bob_without_scripts(alice_client: Client, night: Night, bob: Any) -> None:
    response = alice_client.post(remove_url(night), {"username": "bob"})
    assert response["Location"] == night.get_absolute_url()
    assert not night.recorders.exists()


def test_removing_a_recorder_with_htmx_returns_only_the_recorders(
    alice_client: Client, night: Night, carol: Any
) -> None:
    night.recorders.add(carol)
    response = alice_client.post(remove_url(night), {"username": "bob"}, **HX)
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<section class="card" id="recorders">')
    assert not is_whole_page(html)
    assert recorders_on(html) == ["alice (owner)", "carol"]
    assert list(night.recorders.all()) == [carol]


def test_removing_someone_who_does_not_record_says_so(
    alice_client: Client, night: Night, carol: Any
) -> None:
    plain = alice_client.post(remove_url(night), {"username": "carol"})
    assert plain.status_code == 400
    assert "&#x27;carol&#x27; does not record in this night." in plain.content.decode()
    htmx = alice_client.post(remove_url(night), {"username": "carol"}, **HX)
    assert htmx.status_code == 200
    assert "&#x27;carol&#x27; does not record in this night." in htmx.content.decode()
    assert recorders_on(htmx.content.decode()) == ["alice (owner)", "bob"]


def test_only_the_owner_may_remove_a_recorder(
    client: Client, night: Night, bob: Any, carol: Any
) -> None:
    night.recorders.add(carol)
    client.force_login(bob)
    assert client.post(remove_url(night), {"username": "carol"}).status_code == 403
    assert client.post(remove_url(night), {"username": "bob"}, **HX).status_code == 403
    dave = UserFactory(username="dave")
    client.force_login(dave)
    assert client.post(remove_url(night), {"username": "carol"}).status_code == 404
    assert set(night.recorders.all()) == {bob, carol}


def test_removing_a_recorder_is_a_post(alice_client: Client, night: Night) -> None:
    assert alice_client.get(remove_url(night)).status_code == 405


def test_a_signed_out_visitor_cannot_remove_a_recorder(client: Client, night: Night) -> None:
    response = client.post(remove_url(night), {"username": "bob"})
    assert response["Location"].startswith(reverse("login"))
    assert night.recorders.exists()


# Starting a game: the seats filled in -----------------------------------------------------------


def start_url(night: Night, query: str) -> str:
    return f"{reverse('game_create', args=[night.pk])}?{query}"


def seats_shown(html: str) -> list[str]:
    """The player chosen in each seat's select, "—" for an empty seat."""
    shown = []
    for select in re.findall(r'<select name="seat_\d+".*?</select>', html, re.S):
        chosen = re.search(r"<option [^>]*selected>(.*?)</option>", select)
        shown.append(chosen.group(1) if chosen else "—")
    return shown


def option_shown(html: str, name: str) -> str:
    select = re.search(rf'<select name="option_{name}".*?</select>', html, re.S)
    assert select
    chosen = re.search(r'<option value="([^"]*)"[^>]*selected>', select.group(0))
    assert chosen
    return chosen.group(1)


def sit(night: Night, *names: str) -> list[Player]:
    players = [PlayerFactory(owner=night.owner, name=name) for name in names]
    for player in players:
        night.players.add(player)
    return players


def test_the_seats_start_as_the_table_in_the_order_they_sat(
    alice_client: Client, night: Night
) -> None:
    PlayerFactory(owner=night.owner, name="Zed")  # on Alice's list, not at the table
    sit(night, "Tom", "Mary", "Dick")
    html = alice_client.get(start_url(night, "game=bridge-rummy")).content.decode()
    assert seats_shown(html) == ["Tom", "Mary", "Dick", "—", "—"]
    assert "Same seats as last game" not in html  # there is no last game


def test_the_seats_start_empty_when_the_table_is_too_small_for_the_game(
    alice_client: Client, night: Night
) -> None:
    sit(night, "Ann")
    html = alice_client.get(start_url(night, "game=bridge-rummy")).content.decode()
    assert set(seats_shown(html)) == {"—"}


@pytest.mark.parametrize(
    ("at_table", "game", "seats"),
    [
        pytest.param(4, "treikort", ["Ann", "Ben", "Cat"], id="treikort-at-four"),
        pytest.param(5, "brus", ["Ann", "Ben", "Cat", "Dan", "—", "—"], id="brus-at-five"),
        pytest.param(6, "bridge-rummy", ["Ann", "Ben", "Cat", "Dan", "Eve"], id="six-for-five"),
        pytest.param(3, "alkort", ["Ann", "Ben", "—", "—"], id="alkort-at-three"),
    ],
)
def test_a_table_bigger_than_the_game_fills_its_seats_in_table_order(
    alice_client: Client, night: Night, at_table: int, game: str, seats: list[str]
) -> None:
    """Issue 26: Treikort at a table of four left its three seats empty (8 taps to start)."""
    sit(night, *("Ann", "Ben", "Cat", "Dan", "Eve", "Fay")[:at_table])
    html = alice_client.get(start_url(night, f"game={game}")).content.decode()
    assert seats_shown(html) == seats


def test_a_table_bigger_than_the_game_seats_the_last_game_of_that_size(
    alice_client: Client, night: Night
) -> None:
    GameFactory(night=night, slug="treikort", players=["Cat", "Dan", "Ann"])
    GameFactory(night=night, slug="treikort", players=["Ann", "Eve", "Ben"])
    GameFactory(night=night, slug="voormsi", players=["Ann", "Ben", "Cat", "Dan"])
    # Eve goes home: the latest three-handed game still all at the table is the first one.
    eve = Player.objects.get(name="Eve")
    alice_client.post(
        reverse("night_table_player", args=[night.pk]), {"player": eve.pk, "leave": "1"}
    )
    html = alice_client.get(start_url(night, "game=treikort")).content.decode()
    assert seats_shown(html) == ["Cat", "Dan", "Ann"]
    # One tap starts it (the seats were the eight taps the issue counted).
    chosen = [Player.objects.get(name=name).pk for name in ("Cat", "Dan", "Ann")]
    response = alice_client.post(
        reverse("game_create", args=[night.pk]),
        {"game": "treikort", "option_games": "6", "option_pope": "on"}
        | {"option_pope_holds": "most_tricks"}
        | {f"seat_{p}": pk for p, pk in enumerate(chosen)},
    )
    started = Game.objects.get(night=night, number=4)
    assert response["Location"] == started.get_absolute_url()
    assert [s.player.name for s in started.seats.order_by("position")] == ["Cat", "Dan", "Ann"]


def test_a_player_taken_off_the_table_is_not_offered_in_the_seat_menus(
    alice_client: Client, night: Night
) -> None:
    """Issue 26: a player taken off the night's table still appeared in the seat menus."""
    PlayerFactory(owner=night.owner, name="Zed")  # on Alice's list, never at the table
    played = GameFactory(night=night, slug="brummy", players=["Tom", "Mary", "Dick"])
    dick = Player.objects.get(name="Dick")
    alice_client.post(
        reverse("night_table_player", args=[night.pk]), {"player": dick.pk, "leave": "1"}
    )
    html = alice_client.get(start_url(night, "game=brummy")).content.decode()
    for select in re.findall(r'<select name="seat_\d+".*?</select>', html, re.S):
        assert re.findall(r"<option [^>]*>(.*?)</option>", select) == ["—", "Tom", "Mary"]
    # A rematch leaves Dick's seat for the table to fill, and a menu posted from before is refused.
    html = alice_client.get(start_url(night, f"like={played.pk}")).content.decode()
    assert seats_shown(html)[:3] == ["Tom", "Mary", "—"]
    tom, mary = Player.objects.get(name="Tom"), Player.objects.get(name="Mary")
    response = alice_client.post(
        reverse("game_create", args=[night.pk]),
        {"game": "brummy", "seat_0": tom.pk, "seat_1": mary.pk, "seat_2": dick.pk},
    )
    assert response.status_code == 400
    assert night.games.count() == 1


def test_the_start_page_says_how_many_the_game_takes(alice_client: Client, night: Night) -> None:
    sit(night, "Ann", "Ben", "Cat", "Dan")
    html = alice_client.get(start_url(night, "game=brus")).content.decode()
    assert "Brus is for 4 or 6 players." in html


def test_same_seats_as_last_game_is_offered_and_fills_them(
    alice_client: Client, night: Night
) -> None:
    last = GameFactory(night=night, players=["Tom", "Mary", "Dick"])
    sit(night, "Zed")  # the table is now Tom, Mary, Dick, Zed
    html = alice_client.get(start_url(night, "game=brummy")).content.decode()
    assert seats_shown(html)[:5] == ["Tom", "Mary", "Dick", "Zed", "—"]
    link = start_url(night, f"game=brummy&amp;seats_of={last.pk}")
    assert f'href="{link}">Same seats as last game</a>' in html
    html = alice_client.get(link.replace("&amp;", "&")).content.decode()
    assert seats_shown(html)[:4] == ["Tom", "Mary", "Dick", "—"]
    assert "House rules <small>as written</small>" in html


def test_same_seats_is_not_offered_when_it_changes_nothing(
    alice_client: Client, night: Night
) -> None:
    GameFactory(night=night, players=["Tom", "Mary"])
    html = alice_client.get(start_url(night, "game=brummy")).content.decode()
    assert seats_shown(html)[:3] == ["Tom", "Mary", "—"]
    assert "Same seats as last game" not in html


def test_same_seats_is_not_offered_when_the_last_game_had_too_many_players(
    alice_client: Client, night: Night
) -> None:
    GameFactory(night=night, slug="brummy", players=["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"])
    html = alice_client.get(start_url(night, "game=bridge-rummy")).content.decode()
    assert "Same seats as last game" not in html


def test_a_rematch_keeps_the_game_the_seats_and_the_house_rules(
    alice_client: Client, night: Night
) -> None:
    sit(night, "Ann", "Ben", "Cat")  # at the table, but the rematch follows the game
    played = GameFactory(night=night, players=["Dick", "Mary", "Tom"])
    played.options |= {"ace_low_value": 1, "round_then_double": True}
    played.save()
    html = alice_client.get(start_url(night, f"like={played.pk}")).content.decode()
    assert "New game of Bridge Rummy" in html
    assert f"A rematch of Game {played.number}: Bridge Rummy" in html
    assert seats_shown(html) == ["Dick", "Mary", "Tom", "—", "—"]
    assert option_shown(html, "ace_low_value") == "1"
    assert re.search(r'<input type="checkbox" name="option_round_then_double"[^>]* checked', html)
    assert "House rules <small>2 changed</small>" in html


def test_a_rematch_link_with_the_game_named_works_too(alice_client: Client, night: Night) -> None:
    played = GameFactory(night=night, slug="brummy", players=["Tom", "Mary"])
    played.options |= {"target": 301}
    played.save()
    html = alice_client.get(start_url(night, f"game=brummy&like={played.pk}")).content.decode()
    assert seats_shown(html)[:3] == ["Tom", "Mary", "—"]
    assert 'name="option_target" value="301"' in html


def test_a_rematch_as_another_game_keeps_only_the_seats(alice_client: Client, night: Night) -> None:
    played = GameFactory(night=night, players=["Tom", "Mary"])
    played.options |= {"ace_low_value": 1}
    played.save()
    html = alice_client.get(start_url(night, f"game=brummy&like={played.pk}")).content.decode()
    assert "New game of Brummy" in html
    assert seats_shown(html)[:3] == ["Tom", "Mary", "—"]
    assert "House rules <small>as written</small>" in html


@pytest.mark.parametrize(
    "like",
    ["²", "-1", "1" * 40, "abc", "other-night"],
    ids=["superscript", "negative", "huge", "word", "other-night"],
)
def test_a_rematch_of_a_game_not_in_this_night_is_ignored(
    alice_client: Client, night: Night, like: str
) -> None:
    if like == "other-night":
        like = str(GameFactory(night=NightFactory(owner=night.owner)).pk)
    sit(night, "Ann", "Ben")
    response = alice_client.get(start_url(night, f"game=bridge-rummy&like={like}"))
    assert response.status_code == 200
    assert seats_shown(response.content.decode()) == ["Ann", "Ben", "—", "—", "—"]
    # Without a game named, there is nothing to start: back to the night.
    alone = alice_client.get(start_url(night, f"like={like}"))
    assert alone["Location"] == night.get_absolute_url()


def test_a_rematch_starts_a_new_game_with_the_same_rules(
    alice_client: Client, night: Night
) -> None:
    played = GameFactory(night=night, players=["Tom", "Mary"])
    played.options |= {"ace_low_value": 1}
    played.save()
    form = {
        "game": "bridge-rummy",
        "seat_0": played.seats.get(position=0).player_id,
        "seat_1": played.seats.get(position=1).player_id,
        "option_ace_low_value": "1",
        "option_min_naturals_per_meld": "1",
        "option_tie_break": "none",
    }
    response = alice_client.post(reverse("game_create", args=[night.pk]), form)
    rematch = Game.objects.get(number=2)
    assert response["Location"] == rematch.get_absolute_url()
    assert rematch.options == played.options
    assert [s.player.name for s in rematch.seats.all()] == ["Tom", "Mary"]


def test_a_house_rule_refused_opens_the_house_rules(alice_client: Client, night: Night) -> None:
    sit(night, "Tom", "Mary")
    tom, mary = night.players.all()
    form = {"game": "brummy", "seat_0": tom.pk, "seat_1": mary.pk, "option_target": "x"}
    html = alice_client.post(reverse("game_create", args=[night.pk]), form).content.decode()
    assert '<details class="house-rules" open>' in html
    assert "Enter a whole number." in html


# Renaming and taking players off the table ------------------------------------------------------


def table_url(night: Night) -> str:
    return reverse("night_table_player", args=[night.pk])


def test_a_player_at_the_table_is_renamed_in_place(alice_client: Client, night: Night) -> None:
    mary = PlayerFactory(owner=night.owner, name="Mary")
    night.players.add(mary)
    response = alice_client.post(table_url(night), {"player": mary.pk, "name": "Marie"}, **HX)
    assert response.status_code == 200 and not is_whole_page(response.content.decode())
    assert at_table(response.content.decode()) == ["Marie"]
    plain = alice_client.post(table_url(night), {"player": mary.pk, "name": "Mary"})
    assert plain["Location"] == night.get_absolute_url()
    assert Player.objects.get(pk=mary.pk).name == "Mary"


def test_a_refused_rename_says_why_beside_that_player(alice_client: Client, night: Night) -> None:
    mary, tom = (PlayerFactory(owner=night.owner, name=n) for n in ("Mary", "Tom"))
    # One at a time, as they sit down: add() of several inserts them in no set order.
    night.players.add(mary)
    night.players.add(tom)
    response = alice_client.post(table_url(night), {"player": tom.pk, "name": "mary"}, **HX)
    html = response.content.decode()
    assert "There is already a player called mary." in html
    # Tom's row is the one opened, with the refusal in it.
    opened = html[html.index("<details open>") :]
    assert opened.index("There is already") < opened.index(f'value="{tom.pk}"') + 200
    assert at_table(html) == ["Mary", "Tom"]
    plain = alice_client.post(table_url(night), {"player": tom.pk, "name": ""})
    assert plain.status_code == 400 and "Give the player a name." in plain.content.decode()


def test_a_player_is_taken_off_the_table_and_offered_again(
    alice_client: Client, night: Night
) -> None:
    mary, tom = (PlayerFactory(owner=night.owner, name=n) for n in ("Mary", "Tom"))
    night.players.add(mary)
    night.players.add(tom)
    response = alice_client.post(table_url(night), {"player": mary.pk, "leave": "1"}, **HX)
    html = response.content.decode()
    assert at_table(html) == ["Tom"]
    assert re.findall(r'<button class="chip add" name="name" value="(\w+)"', html) == ["Mary"]


def test_carol_cannot_change_alices_table(client: Client, night: Night, carol: Any) -> None:
    mary = PlayerFactory(owner=night.owner, name="Mary")
    night.players.add(mary)
    client.force_login(carol)
    response = client.post(table_url(night), {"player": mary.pk, "leave": "1"})
    assert response.status_code == 404
    assert list(night.players.all()) == [mary]
