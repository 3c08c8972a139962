"""A long game's page stays small (issue 26, item 10.11: a 1,500-hand Knock Rummy game's page
and its scoreboard were 5.5 MB): the board lists the newest hands, with the whole game's
totals, and the older hands are a tap away, a page at a time (a plain link; with htmx, put in
the board's list in place), each with its Amend, Void and Dispute."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.games import confirmations
from scorekeeper.games import services as game_services
from scorekeeper.models import Entry, Game, Night
from scorekeeper.pages.templatetags.hands import OLDER_PAGE, ON_THE_BOARD
from scorekeeper.pages.templatetags.points import points
from scorekeeper.standings import scoreboard
from tests.factories import GameFactory

HX = {"HTTP_HX_REQUEST": "true"}
KB = 1024
TO = "\N{EN DASH}"  # between two hand numbers


def knock(rng: random.Random) -> dict[str, Any]:
    """A Knock Rummy hand at three with every count agreed at the table."""
    return {
        "knocked": rng.randrange(3),
        "hands": [{"seat": seat, "count": rng.randint(0, 40)} for seat in range(3)],
    }


def knock_rummy(night: Night, by: Any, hands: int) -> Game:
    """A Knock Rummy game with no target (it never ends) of ``hands`` hands."""
    game = GameFactory(night=night, slug="knock-rummy", players=["Ann", "Ben", "Cy"])
    rng = random.Random(hands)
    Entry.insert_ledger(
        [
            Entry(id=pk, game=game, kind="record", data=knock(rng), recorded_by=by)
            for pk in Entry.next_ids(hands)
        ]
    )
    return game


def keys(game: Game) -> list[int]:
    """Each hand's deal key, hand 1 first."""
    return list(game.entries.filter(kind="record").order_by("id").values_list("pk", flat=True))


def listed(html: str) -> list[int]:
    """The deal keys of the hands a page lists, in order."""
    return [int(k) for k in re.findall(r'<li class="deal[^"]*" id="deal-(\d+)">', html)]


def hands_url(game: Game, before: int) -> str:
    return f"{reverse('game_hands', args=[game.pk])}?before={before}"


@pytest.fixture
def alice_client(client: Client, alice: Any) -> Client:
    client.force_login(alice)
    return client


@pytest.fixture
def long_game(night: Night, alice: Any) -> Game:
    return knock_rummy(night, alice, 1500)


def pages(client: Client, game: Game) -> tuple[str, str]:
    """The game page and its scoreboard fragment, as rendered."""
    page = client.get(game.get_absolute_url())
    board = client.get(reverse("game_scoreboard", args=[game.pk]), **HX)
    assert page.status_code == board.status_code == 200
    return page.content.decode(), board.content.decode()


def test_a_1500_hand_games_page_and_board_are_as_small_as_a_200_hand_games(
    alice_client: Client, night: Night, alice: Any, long_game: Game
) -> None:
    shorter = knock_rummy(night, alice, 200)
    shorter_page, shorter_board = pages(alice_client, shorter)
    page, board = pages(alice_client, long_game)
    # Before: 5.5 MB. Now the newest hands' worth and a chart of a hundred points a line,
    # whatever the game's length: as much as a game of 200 hands (the numbers are longer).
    for long_html, shorter_html in ((page, shorter_page), (board, shorter_board)):
        assert len(long_html) < len(shorter_html) + KB
        assert len(long_html) < 96 * KB


def test_the_board_lists_the_newest_hands_and_the_whole_games_totals(
    alice_client: Client, long_game: Game
) -> None:
    page, board = pages(alice_client, long_game)
    every = keys(long_game)
    standings = scoreboard.game_standings(long_game)
    for html in (page, board):
        assert listed(html) == every[-ON_THE_BOARD:]  # hands 1,481 to 1,500
        # The tally's rows are those hands', and its foot the whole game's totals.
        rows = re.findall(r'<tr class="running">(.*?)</tr>', html, re.S)
        assert len(rows) == ON_THE_BOARD
        foot = re.search(r"<tfoot>(.*?)</tfoot>", html, re.S)
        assert foot is not None
        assert re.findall(r"<strong>(.*?)</strong>", foot.group(1)) == [
            points(t) for t in standings.tally.totals
        ]
        # The older hands are a tap away: in the tally, and first in the list of hands, a
        # plain link that htmx puts in the list in its place.
        older = hands_url(long_game, 1481)
        assert f'<a href="{older}">Hands 1{TO}1480</a>' in html
        link = re.search(r'<li class="older-hands">(.*?)</li>', html, re.S)
        assert link is not None
        assert f'href="{older}"' in link.group(1)
        assert f'hx-get="{older}"' in link.group(1)
        assert 'hx-target="closest li"' in link.group(1)
        assert f"Hands 1431{TO}1480, older" in link.group(1)
        # The chart draws the whole game, a hundred points a line at most.
        for drawn in re.findall(r'<polyline fill="none" points="([^"]*)"', html):
            assert len(drawn.split()) <= 101


def test_the_older_hands_page_lists_a_page_of_hands_with_their_links(
    alice_client: Client, long_game: Game
) -> None:
    every = keys(long_game)
    response = alice_client.get(hands_url(long_game, 1481))
    assert response.status_code == 200
    html = response.content.decode()
    assert f"<h1>Game 1: Knock Rummy: hands 1431{TO}1480</h1>" in html
    assert listed(html) == every[1430:1480]
    assert len(listed(html)) == OLDER_PAGE
    # Each hand as on the board: its working, Amend and Dispute, and a Void that comes back
    # here (a plain form; htmx swaps this page's list).
    key = every[1440]  # hand 1441
    amend = reverse("deal_amend", args=[long_game.pk, key])
    assert f'href="{amend}?before=1481"' in html
    assert f'href="{reverse("desk")}?from={long_game.pk}&amp;deal={key}"' in html
    void = re.search(
        rf'<form method="post" action="{reverse("deal_void", args=[long_game.pk, key])}"[^>]*>(.*?)</form>',
        html,
        re.S,
    )
    assert void is not None
    assert 'hx-target="#hands"' in void.group(0)
    assert '<input type="hidden" name="before" value="1481">' in void.group(1)
    # The way on: older, and the newest hands on the game's page; none newer (they are the
    # board's).
    assert f'href="{hands_url(long_game, 1431)}">Hands 1381{TO}1430, older</a>' in html
    assert ", newer</a>" not in html
    assert f'href="{long_game.get_absolute_url()}">The newest hands' in html
    # The page before it links back to it.
    older = alice_client.get(hands_url(long_game, 1431)).content.decode()
    assert listed(older) == every[1380:1430]
    assert f'href="{hands_url(long_game, 1481)}">Hands 1431{TO}1480, newer</a>' in older
    # The first page: hand 1 on, nothing older.
    first = alice_client.get(hands_url(long_game, 51)).content.decode()
    assert listed(first) == every[:50]
    assert ", older</a>" not in first


def test_older_hands_come_into_the_boards_list_with_htmx(
    alice_client: Client, long_game: Game
) -> None:
    every = keys(long_game)
    response = alice_client.get(hands_url(long_game, 1481), **HX)
    html = response.content.decode()
    assert "<html" not in html  # the list's items alone
    assert listed(html) == every[1430:1480]
    # In the board, a Void swaps the game as the board's own do; the next link asks in place.
    assert html.count('hx-target="#game"') == OLDER_PAGE
    assert f'hx-get="{hands_url(long_game, 1431)}"' in html
    assert response["Vary"].count("HX-Request") == 1


def test_voiding_a_hand_from_the_older_hands_page_comes_back_to_it(
    alice_client: Client, long_game: Game
) -> None:
    key = keys(long_game)[1440]
    url = reverse("deal_void", args=[long_game.pk, key])
    response = alice_client.post(url, {"revision": key, "before": "1481"})
    assert response.status_code == 302
    assert response["Location"] == f"{hands_url(long_game, 1481)}#deal-{key}"
    assert Entry.objects.filter(kind="void", deal_id=key).exists()
    html = alice_client.get(response["Location"]).content.decode()
    assert f'<li class="deal voided" id="deal-{key}">' in html


def test_a_void_refused_on_the_older_hands_page_says_why_there(
    alice_client: Client, alice: Any, long_game: Game
) -> None:
    game_services.game_end(game=long_game, by=alice)  # a Knock Rummy game with no target
    key = keys(long_game)[1440]
    response = alice_client.post(
        reverse("deal_void", args=[long_game.pk, key]), {"revision": key, "before": "1481"}
    )
    assert response.status_code == 400
    html = response.content.decode()
    assert f"<h1>Game 1: Knock Rummy: hands 1431{TO}1480</h1>" in html
    assert "The table ended this game, so its hands are final." in html
    assert not Entry.objects.filter(kind="void", deal_id=key).exists()


def test_amending_a_hand_from_the_older_hands_page_comes_back_to_it(
    alice_client: Client, long_game: Game
) -> None:
    from scorekeeper.pages.deal_forms import DealForm
    from tests.scorekeeper.test_conformance import form_post

    key = keys(long_game)[1440]
    url = f"{reverse('deal_amend', args=[long_game.pk, key])}?before=1481"
    page = alice_client.get(url).content.decode()
    back = f"{hands_url(long_game, 1481)}#deal-{key}"
    assert f'<a href="{back}">Cancel</a>' in page
    entry = Entry.objects.get(pk=key)
    form = DealForm.from_data(entry.data, game=long_game, seats=tuple(long_game.seats.all()))
    response = alice_client.post(url, form_post(form) | {"revision": str(key), "note": "recount"})
    assert response.status_code == 302
    assert response["Location"] == back
    assert Entry.objects.filter(kind="amend", deal_id=key).exists()


def test_a_hand_waiting_off_the_board_is_linked_where_it_is_listed(
    alice_client: Client, night: Night, alice: Any
) -> None:
    confirmations.night_ask_confirmations(night=night, by=alice, on=True)
    game = knock_rummy(night, alice, 100)
    every = keys(game)
    html = alice_client.get(game.get_absolute_url()).content.decode()
    # Hand 3 waits for the other side: its link goes to the page of older hands with it.
    waiting = re.search(r'<div class="unconfirmed-list" id="unconfirmed">(.*?)</div>', html, re.S)
    assert waiting is not None
    href = re.search(r'<a href="([^"]+)">hand 3</a>', waiting.group(1))
    assert href is not None
    # (the board lists hands 81 to 100; "older" brings 31 to 80, then 1 to 30)
    assert href.group(1) == f"{hands_url(game, 31)}#deal-{every[2]}"
    page, _, anchor = href.group(1).partition("#")
    assert f'id="{anchor}"' in alice_client.get(page).content.decode()
    # Hand 100 is on the board itself.
    assert re.search(rf'<a href="#deal-{every[99]}">hand 100</a>', waiting.group(1))


def test_a_watcher_sees_the_older_hands_without_changing_them(
    client: Client, night: Night, alice: Any, carol: Any, long_game: Game
) -> None:
    from scorekeeper.access import sharing

    sharing.night_join(night=night, user=carol)
    client.force_login(carol)
    html = client.get(hands_url(long_game, 1481)).content.decode()
    assert len(listed(html)) == OLDER_PAGE
    assert "Amend</a>" not in html
    assert "deal_void" not in html and "/void/" not in html
    assert "Dispute this hand" in html


def test_a_long_games_chart_draws_one_hand_in_so_many_and_says_so(
    alice_client: Client, night: Night, alice: Any, long_game: Game
) -> None:
    html = alice_client.get(long_game.get_absolute_url()).content.decode()
    chart = re.search(r'<figure class="tally-chart".*?</figure>', html, re.S)
    assert chart is not None
    # Its description and its numbers still say the whole game: every 15th hand and the last.
    assert "<desc" in chart.group(0) and "After 1500 hands:" in chart.group(0)
    assert "One hand in 15, as drawn, and the last." in chart.group(0)
    numbers = re.findall(r'<tr><th scope="row">(\d+)</th>', chart.group(0))
    assert numbers == [str(n) for n in range(15, 1501, 15)]
    # A game of no more hands than a chart draws is drawn hand by hand.
    short = knock_rummy(night, alice, 100)
    html = alice_client.get(short.get_absolute_url()).content.decode()
    assert "One hand in" not in html
    assert "After 100 hands:" in html


def test_the_big_screen_lists_the_newest_hands_too(alice_client: Client, long_game: Game) -> None:
    response = alice_client.get(reverse("game_screen", args=[long_game.pk]))
    html = response.content.decode()
    assert len(html) < 16 * KB  # 109 KB before, a row for every hand
    history = re.search(r'<details class="screen-history" open>(.*?)</details>', html, re.S)
    assert history is not None
    assert f"The newest hands (hands 1{TO}1480 on the game's page)" in history.group(1)
    rows = re.findall(r'<tr><th scope="row">(\d+)', history.group(1))
    assert rows == [str(n) for n in range(1481, 1501)]
