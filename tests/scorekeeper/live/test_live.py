"""Live at the table: the 2-second poll's cheap "nothing changed", the big screen, whose deal it
is, and the warning for a player left without an entry."""

from __future__ import annotations

import re
import uuid
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries

from scorekeeper.games import services as game_services
from scorekeeper.live import polling
from scorekeeper.models import Game
from scorekeeper.nights.demo import SAMPLE_DEALS

HX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def alice_client(client: Client, alice: Any) -> Client:
    client.force_login(alice)
    return client


def board_url(game: Game, since: int) -> str:
    return f"{reverse('game_scoreboard', args=[game.pk])}?since={since}"


def screen_url(game: Game) -> str:
    return reverse("game_screen", args=[game.pk])


def poll_key_of(html: str) -> str:
    found = re.search(r'hx-headers=\'\{"X-Poll-Key": "([^"]+)"\}\'', html)
    assert found, "the board carries its poll key"
    return found.group(1)


def page_key(client: Client, game: Game) -> str:
    return poll_key_of(client.get(game.get_absolute_url()).content.decode())


# The poll -----------------------------------------------------------------------------------------


def test_the_board_polls_every_two_seconds(alice_client: Client, bridge_game: Game) -> None:
    html = alice_client.get(bridge_game.get_absolute_url()).content.decode()
    assert 'hx-trigger="every 2s"' in html


def test_an_unchanged_poll_with_a_fresh_key_costs_one_query(
    alice_client: Client,
    bridge_game: Game,
    alice: Any,
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    entry = game_services.deal_record(game=bridge_game, by=alice, data=SAMPLE_DEALS[0])
    key = page_key(alice_client, bridge_game)
    with django_assert_num_queries(1):  # the change marker; no session, user or access read
        response = alice_client.get(board_url(bridge_game, entry.pk), HTTP_X_POLL_KEY=key, **HX)
    assert response.status_code == 204
    assert response.content == b""
    assert response["ETag"] == f'"g{bridge_game.pk}-{entry.pk}"'
    assert "sessionid" not in response.cookies  # no session write


def test_without_a_key_the_poll_checks_everything_and_hands_out_a_key(
    alice_client: Client, bridge_game: Game
) -> None:
    response = alice_client.get(board_url(bridge_game, 0), **HX)
    assert response.status_code == 204
    key = response[polling.POLL_KEY_HEADER]
    response = alice_client.get(board_url(bridge_game, 0), HTTP_X_POLL_KEY=key, **HX)
    assert response.status_code == 204
    assert polling.POLL_KEY_HEADER not in response  # the fast path: nothing more to hand out


@pytest.mark.parametrize("change", ["record", "amend", "void"])
def test_the_poll_sends_the_board_after_a_deal_is_recorded_amended_or_voided(
    alice_client: Client, bridge_game: Game, alice: Any, bob: Any, change: str
) -> None:
    first = game_services.deal_record(game=bridge_game, by=alice, data=SAMPLE_DEALS[0])
    key = page_key(alice_client, bridge_game)
    since = first.pk
    if change == "record":
        game_services.deal_record(game=bridge_game, by=bob, data=SAMPLE_DEALS[1])
    elif change == "amend":
        game_services.deal_amend(
            game=bridge_game, deal_key=first.pk, by=bob, data=SAMPLE_DEALS[1], note="miscounted"
        )
    else:
        game_services.deal_void(game=bridge_game, deal_key=first.pk, by=bob, note="never dealt")
    response = alice_client.get(board_url(bridge_game, since), HTTP_X_POLL_KEY=key, **HX)
    assert response.status_code == 200
    assert response.content.decode().lstrip().startswith('<section class="card board"')


def test_a_conditional_get_is_answered_304(
    alice_client: Client, bridge_game: Game, alice: Any
) -> None:
    entry = game_services.deal_record(game=bridge_game, by=alice, data=SAMPLE_DEALS[0])
    url = reverse("game_scoreboard", args=[bridge_game.pk])
    board = alice_client.get(url)
    assert board.status_code == 200
    assert board["ETag"] == f'"g{bridge_game.pk}-{entry.pk}"'
    again = alice_client.get(url, HTTP_IF_NONE_MATCH=board["ETag"])
    assert again.status_code == 304


def test_a_key_from_another_session_or_game_takes_the_full_path(
    alice_client: Client, bridge_game: Game, carol: Any, client: Client
) -> None:
    key = page_key(alice_client, bridge_game)
    # Carol, who has no part in the night, cannot use Alice's key from her own session.
    carol_client = Client()
    carol_client.force_login(carol)
    response = carol_client.get(board_url(bridge_game, 0), HTTP_X_POLL_KEY=key, **HX)
    assert response.status_code == 404
    # Nor without signing in at all (the key is tied to the session cookie).
    anonymous = Client()
    anonymous.cookies["sessionid"] = "made-up"
    response = anonymous.get(board_url(bridge_game, 0), HTTP_X_POLL_KEY=key, **HX)
    assert response.status_code == 302


def test_an_old_key_checks_access_again(
    alice_client: Client, bridge_game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    key = page_key(alice_client, bridge_game)
    bridge_game.night.owner = bridge_game.night.recorders.create(username="dora")
    bridge_game.night.save()  # Alice no longer owns the night: she has lost access
    monkeypatch.setattr(polling, "POLL_KEY_AGE", -1)
    response = alice_client.get(board_url(bridge_game, 0), HTTP_X_POLL_KEY=key, **HX)
    assert response.status_code == 404


# Whose deal it is -------------------------------------------------------------------------------


def test_the_page_says_who_deals_and_who_plays_first(
    alice_client: Client, bridge_game: Game, alice: Any
) -> None:
    html = alice_client.get(bridge_game.get_absolute_url()).content.decode()
    # Counter-clockwise: Mary deals first, the player at her right (Alice) plays first.
    assert html.count("Deal 1: Mary deals, Alice plays first") == 2  # board and deal form
    game_services.deal_record(game=bridge_game, by=alice, data=SAMPLE_DEALS[0])
    html = alice_client.get(bridge_game.get_absolute_url()).content.decode()
    assert "Deal 2: Alice deals, Dick plays first" in html


# The big screen ---------------------------------------------------------------------------------


def test_the_big_screen_shows_the_tally_and_the_latest_working_without_controls(
    alice_client: Client, bridge_game: Game, alice: Any
) -> None:
    page = alice_client.get(bridge_game.get_absolute_url()).content.decode()
    assert f'href="{screen_url(bridge_game)}"' in page
    game_services.deal_record(game=bridge_game, by=alice, data=SAMPLE_DEALS[0])
    response = alice_client.get(screen_url(bridge_game))
    html = response.content.decode()
    assert response.status_code == 200
    assert "<form" not in html and "<button" not in html
    assert "After deal 1 of 7: Mary lowest on -20." in html
    assert "<h2>Deal 1</h2>" in html
    assert 'hx-trigger="every 2s"' in html


def test_the_big_screen_polls_cheaply(
    alice_client: Client,
    bridge_game: Game,
    alice: Any,
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    entry = game_services.deal_record(game=bridge_game, by=alice, data=SAMPLE_DEALS[0])
    key = poll_key_of(alice_client.get(screen_url(bridge_game)).content.decode())
    url = f"{screen_url(bridge_game)}?since={entry.pk}"
    with django_assert_num_queries(1):
        assert alice_client.get(url, HTTP_X_POLL_KEY=key, **HX).status_code == 204
    game_services.deal_record(game=bridge_game, by=alice, data=SAMPLE_DEALS[1])
    response = alice_client.get(url, HTTP_X_POLL_KEY=key, **HX)
    assert response.status_code == 200
    assert response.content.decode().lstrip().startswith('<section id="screen"')


def test_the_big_screen_is_not_for_strangers(bridge_game: Game, carol: Any) -> None:
    client = Client()
    client.force_login(carol)
    assert client.get(screen_url(bridge_game)).status_code == 404


# A player without an entry ----------------------------------------------------------------------


def test_a_deal_leaving_a_player_without_an_entry_names_them(
    alice_client: Client, bridge_game: Game
) -> None:
    fields = {
        "went_out": 0,
        "token": str(uuid.uuid4()),
        "how_1": "held",
        "held_1": 20,
        "how_2": "held",
        "how_3": "held",
    }
    response = alice_client.post(reverse("deal_record", args=[bridge_game.pk]), fields)
    assert response.status_code == 400
    html = response.content.decode()
    assert re.search(r"data-empty-text>Dick, Alice have no entry\.", html)
    assert not bridge_game.entries.exists()


# The fast path, answered before the heavy middleware -----------------------------------------


def test_a_fresh_keyed_unchanged_poll_is_answered_before_sessions_and_sign_in(
    alice_client: Client, bridge_game: Game, alice: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from django.contrib.auth.middleware import AuthenticationMiddleware
    from django.contrib.sessions.middleware import SessionMiddleware

    entry = game_services.deal_record(game=bridge_game, by=alice, data=SAMPLE_DEALS[0])
    key = page_key(alice_client, bridge_game)

    def never(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("the fast poll must not reach the session or sign-in layers")

    monkeypatch.setattr(SessionMiddleware, "process_request", never)
    monkeypatch.setattr(AuthenticationMiddleware, "process_request", never)
    response = alice_client.get(board_url(bridge_game, entry.pk), HTTP_X_POLL_KEY=key, **HX)
    assert response.status_code == 204
    assert response["ETag"] == f'"g{bridge_game.pk}-{entry.pk}"'
    # 204 to htmx, 304 to a plain conditional GET, per session: caches must keep them apart.
    assert response["Vary"] == "HX-Request, Cookie"
    # A plain conditional GET with the key is answered as early: 304.
    url = reverse("game_scoreboard", args=[bridge_game.pk])
    again = alice_client.get(url, HTTP_IF_NONE_MATCH=response["ETag"], HTTP_X_POLL_KEY=key)
    assert again.status_code == 304
    # A poll that is not current takes the full path, through the session (so the guard above
    # is live: it would have tripped had the fast poll gone that way).
    with pytest.raises(AssertionError):
        alice_client.get(board_url(bridge_game, 0), HTTP_X_POLL_KEY=key, **HX)


def test_the_fast_poll_still_checks_the_host(
    alice_client: Client, bridge_game: Game, alice: Any
) -> None:
    entry = game_services.deal_record(game=bridge_game, by=alice, data=SAMPLE_DEALS[0])
    key = page_key(alice_client, bridge_game)
    response = alice_client.get(
        board_url(bridge_game, entry.pk), HTTP_X_POLL_KEY=key, HTTP_HOST="evil.example", **HX
    )
    assert response.status_code == 400


@pytest.mark.parametrize(
    "path",
    [
        "/games/{pk}/scoreboard/x",  # not the scoreboard's URL
        "/games/{pk}/",
        "/games/99999999999999999999/scoreboard/",  # more than any id: the URL conf's 404
        "/games/²/scoreboard/",
    ],
)
def test_the_poll_middleware_passes_other_paths_on(rf: Any, bridge_game: Game, path: str) -> None:
    passed: list[str] = []

    def rest_of_the_stack(request: Any) -> Any:
        passed.append(request.path)
        return "the rest"

    middleware = polling.PollMiddleware(rest_of_the_stack)
    request = rf.get(path.format(pk=bridge_game.pk), {"since": "0"})
    assert middleware(request) == "the rest"
    assert passed
