"""The number of queries a game's pages make does not grow with its deals (issue 12)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scorekeeper.live import board_cache, polling
from scorekeeper.models import Entry, Game, Night, Player
from scorekeeper.standings import scoreboard
from tests.factories import GameFactory, NightFactory, UserFactory
from tests.scorekeeper.standings.test_standings_kept import rummy_deal

HX = {"HTTP_HX_REQUEST": "true"}

PAGES = {
    "scoreboard": lambda g: (reverse("game_scoreboard", args=[g.pk]), HX),
    "game page": lambda g: (reverse("game_detail", args=[g.pk]), {}),
    "standings api": lambda g: (reverse("api_game_standings", args=[g.pk]), {}),
}


def game_of(night: Any, alice: Any, deals: int) -> Game:
    game = GameFactory(night=night, slug="rummy", players=["Mary", "Tom", "Dick"])
    rng = random.Random(deals)
    for _ in range(deals):
        Entry.objects.create(game=game, kind="record", data=rummy_deal(rng), recorded_by=alice)
    return game


def queries(client: Client, game: Game, page: str) -> int:
    url, headers = PAGES[page](game)
    scoreboard.forget_kept()
    cache.clear()  # the kept scoreboards: each page is measured rendered
    with CaptureQueriesContext(connection) as made:
        assert client.get(url, **headers).status_code == 200
    return len(made)


@pytest.mark.parametrize("page", PAGES)
def test_a_game_page_makes_as_many_queries_with_40_deals_as_with_2(
    client: Client, night: Any, alice: Any, page: str
) -> None:
    client.force_login(alice)
    few, many = game_of(night, alice, 2), game_of(night, alice, 40)
    queries(client, few, page)  # the first request of a session reads what later ones need not
    assert queries(client, many, page) == queries(client, few, page)


def test_a_kept_scoreboard_makes_as_many_queries_with_40_deals_as_with_2(
    client: Client, night: Any, alice: Any
) -> None:
    client.force_login(alice)
    few, many = game_of(night, alice, 2), game_of(night, alice, 40)
    url, headers = PAGES["scoreboard"](many)
    client.get(url, **headers)  # rendered and kept
    with CaptureQueriesContext(connection) as kept:
        assert client.get(url, **headers).status_code == 200
    # The session, the user, and one for the access check, the role and the board's signature:
    # not the ledger.
    assert len(kept) == 3
    url, headers = PAGES["scoreboard"](few)
    client.get(url, **headers)
    with CaptureQueriesContext(connection) as kept_few:
        assert client.get(url, **headers).status_code == 200
    assert len(kept_few) == len(kept)


# The poll that finds nothing new ----------------------------------------------------------------


def poll(client: Client, game: Game, *, key: str | None) -> int:
    """Queries made by the htmx poll of a board that has not changed (fast path with a key)."""
    version = board_cache.last_entry_id(game)
    url = reverse("game_scoreboard", args=[game.pk]) + f"?since={version}"
    headers = dict(HX, **({"HTTP_X_POLL_KEY": key} if key else {}))
    with CaptureQueriesContext(connection) as made:
        assert client.get(url, **headers).status_code == 204
    return len(made)


def key_for(client: Client, game: Game) -> str:
    response = client.get(reverse("game_scoreboard", args=[game.pk]), **HX)
    return str(response[polling.POLL_KEY_HEADER])


def test_the_unchanged_poll_makes_as_many_queries_with_40_deals_as_with_2(
    client: Client, night: Any, alice: Any
) -> None:
    client.force_login(alice)
    few, many = game_of(night, alice, 2), game_of(night, alice, 40)
    poll(client, few, key=None)
    # The full path: signing in, the access check and the marker.
    assert poll(client, many, key=None) == poll(client, few, key=None)
    # The fast path: the marker alone.
    assert poll(client, many, key=key_for(client, many)) == 1
    assert poll(client, few, key=key_for(client, few)) == 1


# Pages of many nights, games and players --------------------------------------------------------

NAMES = ["Mary", "Tom", "Dick", "Harry", "Jane", "Anne"]


def any_deal(rng: random.Random, players: int) -> dict[str, Any]:
    """A Rummy deal at a table of ``players``: one goes out, the others hold something."""
    out = rng.randrange(players)
    hands = [{"seat": s, "held": rng.randint(1, 30)} for s in range(players) if s != out]
    return {"went_out": out, "hands": hands}


@dataclass(frozen=True)
class World:
    """A user's nights: the newest one, and a player who sat at every game."""

    owner: Any
    night: Night
    player: Player


def world(owner: Any, *, nights: int, games: int, deals: int, players: int) -> World:
    """``nights`` nights of ``games`` Rummy games of ``deals`` deals each, ``players`` a table
    (the table turns from game to game, so the nights have more people than seats)."""
    rng = random.Random(nights * 100 + games)
    night = None
    for _ in range(nights):
        night = NightFactory(owner=owner)
        for g in range(games):
            names = [NAMES[0], *NAMES[1 + g % 2 :]][:players] if players > 2 else NAMES[:players]
            game = GameFactory(night=night, slug="rummy", players=names)
            for _ in range(deals):
                data = any_deal(rng, players)
                Entry.objects.create(game=game, kind="record", data=data, recorded_by=owner)
    assert night is not None
    return World(owner, night, Player.objects.get(owner=owner, name=NAMES[0]))


NIGHT_PAGES = {
    "home (nights list)": lambda w: reverse("home"),
    "night page": lambda w: reverse("night_detail", args=[w.night.pk]),
    "history list": lambda w: reverse("history"),
    "recap": lambda w: reverse("night_recap", args=[w.night.pk]),
    "player page": lambda w: reverse("player_detail", args=[w.player.pk]),
    "nights api": lambda w: reverse("api_nights"),
    "night api": lambda w: reverse("api_night", args=[w.night.pk]),
}


def page_queries(client: Client, at: World, page: str) -> int:
    client.force_login(at.owner)
    client.get(reverse("home"))  # the first request of a session reads what later ones need not
    scoreboard.forget_kept()
    with CaptureQueriesContext(connection) as made:
        assert client.get(NIGHT_PAGES[page](at)).status_code == 200
    return len(made)


@pytest.mark.parametrize("page", NIGHT_PAGES)
def test_a_page_of_nights_makes_as_many_queries_for_12_nights_as_for_1(db: Any, page: str) -> None:
    client = Client()
    few = world(UserFactory(username="few"), nights=1, games=1, deals=2, players=3)
    many = world(UserFactory(username="many"), nights=12, games=3, deals=12, players=5)
    assert page_queries(client, many, page) == page_queries(client, few, page)
