"""Writes that race, sent as real concurrent requests to a live server.

SQLite serializes every writer, so races only show on PostgreSQL: there two requests can both
pass a "does it exist yet?" check and meet at a unique constraint. Every such meeting must
give the loser the answer the second of two requests in turn gets (409 or 400), never a 500,
and leave the ledger as if the requests had come one after the other. The tests run on both
databases (CI runs the suite on each); each race is run several times, since one run may not
overlap.
"""

from __future__ import annotations

import base64
import json
import threading
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections import Counter
from collections.abc import Callable
from functools import partial
from http.cookiejar import CookieJar
from typing import Any

import pytest
from django.urls import reverse

from scorekeeper.models import Entry, Game, Night, NightPlayer, Player
from scorekeeper.nights.demo import SAMPLE_DEALS
from scorekeeper.standings import scoreboard
from scorekeeper.transfer import exporting
from tests.factories import GameFactory, UserFactory, played_night

ROUNDS = 8
pytestmark = pytest.mark.django_db(transaction=True)


def basic(user: str) -> str:
    return "Basic " + base64.b64encode(f"{user}:password".encode()).decode()


def send(
    url: str,
    body: dict[str, Any] | None = None,
    *,
    user: str = "alice",
    method: str = "POST",
    key: str | None = None,
) -> tuple[int, dict[str, Any]]:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method=method)
    request.add_header("Authorization", basic(user))
    request.add_header("Content-Type", "application/json")
    if key is not None:
        request.add_header("Idempotency-Key", key)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            raw = response.read()
            return response.status, json.loads(raw) if raw else {}
    except urllib.error.HTTPError as err:
        raw = err.read()
        try:
            return err.code, json.loads(raw)
        except ValueError:
            return err.code, {"html": raw.decode(errors="replace")[:200]}


def at_once(*calls: Callable[[], tuple[int, dict[str, Any]]]) -> list[tuple[int, dict[str, Any]]]:
    """Run the calls in threads released together; answers in the order of the calls."""
    barrier = threading.Barrier(len(calls))
    answers: list[tuple[int, dict[str, Any]] | None] = [None] * len(calls)

    def run(index: int, call: Callable[[], tuple[int, dict[str, Any]]]) -> None:
        barrier.wait()
        answers[index] = call()

    threads = [threading.Thread(target=run, args=pair) for pair in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert all(answer is not None for answer in answers)
    return [answer for answer in answers if answer is not None]


def statuses(answers: list[tuple[int, dict[str, Any]]]) -> Counter[int]:
    return Counter(status for status, _ in answers)


def deals_url(live_server: Any, game: Game) -> str:
    return live_server.url + reverse("api_game_deals", args=[game.pk])


def test_one_token_sent_to_two_games_at_once(live_server: Any, night: Night) -> None:
    """The issue's race: 201 + 500 on PostgreSQL, 20 times out of 20, before the fix."""
    for _ in range(ROUNDS):
        games = [GameFactory(night=night), GameFactory(night=night)]
        token = str(uuid.uuid4())
        answers = at_once(
            *(
                partial(
                    send, deals_url(live_server, game), {"deal": SAMPLE_DEALS[0], "token": token}
                )
                for game in games
            )
        )
        assert statuses(answers) == Counter({201: 1, 409: 1}), answers
        loser = next(body for status, body in answers if status == 409)
        assert (loser["code"], loser["field"]) == ("token_reused", "token")
        assert Entry.objects.filter(token=token).count() == 1


def test_a_double_tap_records_one_deal(live_server: Any, bridge_game: Game) -> None:
    for number in range(1, 4):
        body = {"deal": SAMPLE_DEALS[number - 1], "token": str(uuid.uuid4()), "number": number}
        answers = at_once(*(partial(send, deals_url(live_server, bridge_game), body),) * 2)
        # Both answer the one entry, as a retried request would.
        assert statuses(answers) == Counter({201: 2}), answers
        assert answers[0][1]["id"] == answers[1][1]["id"]
    assert bridge_game.entries.count() == 3


def test_one_write_sent_three_times_at_once_with_its_key_is_made_once(
    live_server: Any, night: Night
) -> None:
    """Issue 28: a retry racing the first try. The second and third wait for the first and are
    answered as it was; one deal, one night."""
    for round_ in range(ROUNDS):
        game = GameFactory(night=night)
        body = {"deal": SAMPLE_DEALS[0]}
        answers = at_once(
            *(partial(send, deals_url(live_server, game), body, key=f"d{round_}"),) * 3
        )
        assert statuses(answers) == Counter({201: 3}), answers
        assert len({json.dumps(answer, sort_keys=True) for _, answer in answers}) == 1
        assert game.entries.count() == 1
        nights = live_server.url + reverse("api_nights")
        made = at_once(*(partial(send, nights, {"date": "2026-11-27"}, key=f"n{round_}"),) * 3)
        assert statuses(made) == Counter({201: 3}), made
        assert len({answer["id"] for _, answer in made}) == 1
    assert Night.objects.filter(owner=night.owner).count() == 1 + ROUNDS


def test_two_phones_recording_the_same_deal_at_once(live_server: Any, bridge_game: Game) -> None:
    for number in range(1, ROUNDS + 1):
        answers = at_once(
            *(
                partial(
                    send,
                    deals_url(live_server, bridge_game),
                    {
                        "deal": SAMPLE_DEALS[(number - 1) % 6],
                        "token": str(uuid.uuid4()),
                        "number": number,
                    },
                    user=user,
                )
                for user in ("alice", "bob")
            )
        )
        if number > 7:  # Bridge Rummy is seven deals: both are refused, neither with a 500
            assert statuses(answers) == Counter({400: 1, 409: 1}) or statuses(answers) == Counter(
                {400: 2}
            ), answers
            continue
        assert statuses(answers) == Counter({201: 1, 409: 1}), answers
        loser = next(body for status, body in answers if status == 409)
        assert (loser["code"], loser["latest"]["number"], loser["expected"]) == (
            "stale_deal",
            number,
            number + 1,
        )
    assert [h.number for h in scoreboard.game_standings(bridge_game).history] == list(range(1, 8))


def test_two_amends_of_one_deal_at_once(live_server: Any, bridge_game: Game) -> None:
    status, first = send(deals_url(live_server, bridge_game), {"deal": SAMPLE_DEALS[0]})
    assert status == 201
    revision = first["id"]
    url = live_server.url + reverse("api_deal_amend", args=[bridge_game.pk, first["deal"]])
    for _ in range(ROUNDS):
        answers = at_once(
            *(
                partial(send, url, {"deal": SAMPLE_DEALS[0], "revision": revision}, user=user)
                for user in ("alice", "bob")
            )
        )
        assert statuses(answers) == Counter({201: 1, 409: 1}), answers
        revision = next(body["id"] for status, body in answers if status == 201)
    assert bridge_game.entries.count() == 1 + ROUNDS


def test_an_amend_and_a_void_of_one_deal_at_once(live_server: Any, bridge_game: Game) -> None:
    for _ in range(ROUNDS):
        status, entry = send(deals_url(live_server, bridge_game), {"deal": SAMPLE_DEALS[0]})
        assert status == 201
        deal = entry["deal"]
        amend = live_server.url + reverse("api_deal_amend", args=[bridge_game.pk, deal])
        void = live_server.url + reverse("api_deal_void", args=[bridge_game.pk, deal])
        answers = at_once(
            partial(send, amend, {"deal": SAMPLE_DEALS[1], "revision": entry["id"]}),
            partial(send, void, {"revision": entry["id"]}, user="bob"),
        )
        assert statuses(answers) == Counter({201: 1, 409: 1}), answers
        # Whatever won, the ledger replays.
        assert scoreboard.game_standings(bridge_game).problems == ()
        if answers[0][0] == 201:  # the amend won: void it, to keep the game short of seven
            send(void, {"revision": answers[0][1]["id"]})


def test_two_players_confirming_one_hand_and_an_amend_at_once(
    live_server: Any, bridge_game: Game
) -> None:
    """Tom and Alice (the other side of Mary, who recorded) confirm one deal from two phones
    while a third amends it: one confirmation stands, for the deal as it then stood; the other
    is told who confirmed first or that the deal changed, never a 500, never two."""
    bridge_game.night.confirmations = True
    bridge_game.night.save()
    for number in range(ROUNDS):
        status, entry = send(
            deals_url(live_server, bridge_game), {"deal": SAMPLE_DEALS[number % 6], "seat": 0}
        )
        assert status == 201, entry
        deal, revision = entry["deal"], entry["id"]
        confirm = live_server.url + reverse("api_deal_confirm", args=[bridge_game.pk, deal])
        amend = live_server.url + reverse("api_deal_amend", args=[bridge_game.pk, deal])
        answers = at_once(
            partial(send, confirm, {"seat": 1, "revision": revision}),
            partial(send, confirm, {"seat": 3, "revision": revision}, user="bob"),
            partial(send, amend, {"deal": SAMPLE_DEALS[number % 6], "revision": revision}),
        )
        confirms = answers[:2]
        assert 500 not in statuses(answers), answers
        assert statuses(confirms)[201] <= 1 and set(statuses(confirms)) <= {201, 409}, answers
        standing = Entry.objects.filter(game=bridge_game, deal_id=deal, kind="confirm")
        after = [e for e in standing if e.pk > revision]
        assert len(after) == statuses(confirms)[201]
        if after and answers[2][0] == 201:  # the amend came later: it waits again
            assert after[0].pk < answers[2][1]["id"]
        history = scoreboard.game_standings(bridge_game).history[-1]
        assert (history.confirmed is None) == (answers[2][0] == 201 or not after)
        send(
            live_server.url + reverse("api_deal_void", args=[bridge_game.pk, deal]),
            {"revision": history.current.pk},
        )  # keep the game short of its seventh deal


def test_one_new_player_added_twice_at_once(live_server: Any, alice: Any) -> None:
    """A double tap on "Add player" through the API: the loser hears the name is taken."""
    url = live_server.url + reverse("api_players")
    for round_ in range(ROUNDS):
        name = f"Harriet {round_}"
        answers = at_once(*(partial(send, url, {"name": name}),) * 2)
        assert statuses(answers) == Counter({201: 1, 400: 1}), answers
        loser = next(body for status, body in answers if status == 400)
        assert (loser["field"], loser["message"]) == (
            "name",
            f"You already have a player called {name}.",
        )
    assert Player.objects.filter(owner=alice).count() == ROUNDS


def test_one_export_imported_three_times_at_once(live_server: Any, alice: Any) -> None:
    """Issue 17: 201 + 400 + 400 on PostgreSQL ("That form was already used for another game");
    issue 28: three imports in turn made three copies. Each import here answers as in turn: the
    first writes the night, the others find it there (200, the same night), and nothing is
    written twice."""
    dave = UserFactory(username="dave")
    original = played_night(alice)
    url = live_server.url + reverse("api_import")
    rounds = 4
    for _ in range(rounds):
        document = exporting.export_document([original])
        for game in document["nights"][0]["games"]:
            for entry in game["entries"]:
                entry["token"] = str(uuid.uuid4())  # a file from another site: tokens unused
        tokens = [e["token"] for g in document["nights"][0]["games"] for e in g["entries"]]
        answers = at_once(*(partial(send, url, document, user="dave"),) * 3)
        assert statuses(answers) == Counter({201: 1, 200: 2}), answers
        assert len({body["nights"][0]["id"] for _, body in answers}) == 1
        kept = Entry.objects.filter(token__in=tokens)
        assert kept.count() == len(tokens)
        assert kept.values("game__night").distinct().count() == 1
    copies = Night.objects.filter(owner=dave)
    assert copies.count() == rounds
    expected = [scoreboard.game_standings(g).tally.totals for g in original.games.all()]
    for copy in copies:
        assert [scoreboard.game_standings(g).tally.totals for g in copy.games.all()] == expected
    assert Player.objects.filter(owner=dave).count() == 4


class Phone:
    """A signed-in browser session without a browser: cookies and the CSRF token of a page."""

    def __init__(self, live_server: Any, username: str) -> None:
        self.base = live_server.url
        self.jar = CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        login = self.base + reverse("login")
        self.post(login, {"username": username, "password": "password"}, referer=login)

    def csrf(self, url: str) -> str:
        html = self.opener.open(url, timeout=30).read().decode()
        marker = 'name="csrfmiddlewaretoken" value="'
        start = html.index(marker) + len(marker)
        return html[start : html.index('"', start)]

    def answer(
        self, url: str, fields: dict[str, str], *, referer: str
    ) -> tuple[int, dict[str, Any]]:
        return self.post(url, fields, referer=referer), {}

    def post(self, url: str, fields: dict[str, str], *, referer: str) -> int:
        token = self.csrf(referer)
        data = urllib.parse.urlencode({**fields, "csrfmiddlewaretoken": token}).encode()
        request = urllib.request.Request(url, data=data, method="POST")
        request.add_header("Referer", referer)
        request.add_header("HX-Request", "true")
        try:
            with self.opener.open(request, timeout=30) as response:
                return int(response.status)
        except urllib.error.HTTPError as err:
            return int(err.code)


def test_a_double_tap_on_add_player_on_the_night_page(live_server: Any, night: Night) -> None:
    """The page's form, two posts at once with one name: one seats the player, one says so."""
    phone = Phone(live_server, "alice")
    page = live_server.url + night.get_absolute_url()
    url = live_server.url + reverse("night_add_player", args=[night.pk])
    for round_ in range(ROUNDS):
        name = f"Zed {round_}"
        answers = at_once(*(partial(phone.answer, url, {"name": name}, referer=page),) * 2)
        # htmx posts answer 200 with the section, refused or not: never a 500.
        assert statuses(answers) == Counter({200: 2}), answers
        assert NightPlayer.objects.filter(night=night, player__name=name).count() == 1
    assert Player.objects.filter(owner=night.owner, name__startswith="Zed").count() == ROUNDS


def test_two_games_started_at_once_get_their_own_numbers(live_server: Any, night: Night) -> None:
    players = [Player.objects.create(owner=night.owner, name=n) for n in ("Ann", "Ben")]
    url = live_server.url + reverse("api_night_games", args=[night.pk])
    body = {"game": "brummy", "players": [p.pk for p in players], "options": {}}
    for _ in range(ROUNDS // 2):
        answers = at_once(*(partial(send, url, body),) * 2)
        assert statuses(answers) == Counter({201: 2}), answers
    numbers = sorted(night.games.values_list("number", flat=True))
    assert numbers == list(range(1, ROUNDS + 1))
