"""The history pages: past nights and search, a night's recap, players, export and import."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.desk import asking
from scorekeeper.models import Night, Player
from scorekeeper.transfer import exporting
from tests.factories import UserFactory, played_night


@pytest.fixture
def alices(client: Client, alice: Any) -> Client:
    client.force_login(alice)
    return client


def test_history_lists_nights_with_winners_and_corrections(alices: Client, alice: Any) -> None:
    night = played_night(alice)
    page = alices.get(reverse("history")).content.decode()
    assert night.get_absolute_url() in page
    assert "♛ Mary won" in page and "2 amended" in page
    assert reverse("night_recap", args=[night.pk]) in page


def test_history_search_is_a_plain_get_form(alices: Client, alice: Any) -> None:
    night = played_night(alice)
    other = played_night(alice, place="The pub")
    Player.objects.filter(owner=alice, name="Dick").update(name="Richard")
    page = alices.get(reverse("history"), {"player": "rich", "game": ""}).content.decode()
    assert '<form method="get"' in page
    assert "Nights found" in page and "(2)" in page
    page = alices.get(reverse("history"), {"player": "nobody"}).content.decode()
    assert "No night matches that search." in page
    assert night.get_absolute_url() not in page and other.get_absolute_url() not in page
    page = alices.get(reverse("history"), {"game": "voormsi"}).content.decode()
    assert "No night matches" in page


def test_an_unknown_game_in_the_search_is_ignored_not_a_500(alices: Client, alice: Any) -> None:
    played_night(alice)
    response = alices.get(reverse("history"), {"game": "<canasta>"})
    assert response.status_code == 200
    assert "Select a valid choice" in response.content.decode()


def test_the_recap_shows_tallies_chart_and_every_deal(alices: Client, alice: Any) -> None:
    night = played_night(alice)
    page = alices.get(reverse("night_recap", args=[night.pk])).content.decode()
    assert 'class="card recap"' in page
    assert page.count("<svg") == 2 and "<title" in page and "<desc" in page
    assert "Running totals of Game 1: Bridge Rummy" in page
    assert "The numbers behind the chart" in page
    assert "Tom recounted" not in page  # notes live in the game's history, not the recap
    assert "@media print" in Path("static/scorekeeper/app.css").read_text()


def test_the_history_and_the_recap_keep_the_nights_rulings(alices: Client, alice: Any) -> None:
    night = played_night(alice)
    asking.ruling_save(
        night=night,
        by=alice,
        slug="knock-rummy",
        question="knock",
        data={"cards": "2S 3S 4S 7D 7C 7H KD"},
        note="we knock on anything",
    )
    history = alices.get(reverse("history")).content.decode()
    assert "1 ruling saved from the dispute desk" in history
    recap = alices.get(reverse("night_recap", args=[night.pk])).content.decode()
    # The question as a player puts it (its title), not its key.
    assert "Knock Rummy: May this hand knock?" in recap
    assert "we knock on anything" in recap
    assert "onclick" not in recap and "data-print" in recap


def test_the_game_page_draws_the_running_tally(alices: Client, alice: Any) -> None:
    night = played_night(alice)
    game = night.games.get(number=2)
    page = alices.get(game.get_absolute_url()).content.decode()
    assert f'id="chart-{game.pk}"' in page
    assert "polyline" in page and "After 2 deals: Mary 48" in page


def test_other_peoples_nights_and_players_answer_404(
    client: Client, alice: Any, carol: Any
) -> None:
    night = played_night(alice)
    mary = Player.objects.get(owner=alice, name="Mary")
    client.force_login(carol)
    assert client.get(reverse("night_recap", args=[night.pk])).status_code == 404
    assert client.get(reverse("night_export", args=[night.pk])).status_code == 404
    assert client.get(reverse("player_detail", args=[mary.pk])).status_code == 404
    assert night.get_absolute_url() not in client.get(reverse("history")).content.decode()


def test_a_player_page_shows_games_wins_feats_and_head_to_head(alices: Client, alice: Any) -> None:
    played_night(alice)
    mary = Player.objects.get(owner=alice, name="Mary")
    tom = Player.objects.get(owner=alice, name="Tom")
    page = alices.get(reverse("player_detail", args=[mary.pk])).content.decode()
    assert "2 games played, 1 won" in page
    assert "Stars: <strong>4</strong>" in page and "Best grid: <strong>30</strong>" in page
    page = alices.get(reverse("player_detail", args=[mary.pk]), {"vs": tom.pk}).content.decode()
    assert "Mary finished ahead 1 time, Tom 0" in page
    bad = alices.get(reverse("player_detail", args=[mary.pk]), {"vs": "²"})
    assert bad.status_code == 200


def test_the_player_list_links_every_visible_player(alices: Client, alice: Any) -> None:
    played_night(alice)
    page = alices.get(reverse("player_list")).content.decode()
    assert page.count('href="/players/') == 4


@pytest.mark.parametrize("fmt", ["json", "csv"])
def test_a_night_downloads_as_json_or_csv(alices: Client, alice: Any, fmt: str) -> None:
    night = played_night(alice)
    response = alices.get(reverse("night_export", args=[night.pk]), {"format": fmt})
    assert response.status_code == 200
    assert f'.{fmt}"' in response["Content-Disposition"]
    if fmt == "json":
        assert json.loads(response.content)["nights"][0]["date"] == night.date.isoformat()
    else:
        assert response.content.decode().startswith("date,place,game_number")


def test_everything_downloads_and_imports_back(alices: Client, alice: Any, client: Client) -> None:
    played_night(alice)
    body = alices.get(reverse("export_all"), {"format": "json"}).content
    dave = UserFactory(username="dave")
    client.force_login(dave)
    assert client.get(reverse("export")).status_code == 200
    upload = io.BytesIO(body)
    upload.name = "export.json"
    response = client.post(reverse("import"), {"file": upload})
    night = Night.objects.get(owner=dave)
    assert response.status_code == 302 and response["Location"] == night.get_absolute_url()


def _refused(client: Client, content: bytes) -> str:
    """Upload a file that is refused: the answer is a redirect back to the export page
    (post/redirect/get), which says why under the file field, once."""
    upload = io.BytesIO(content)
    upload.name = "x.json"
    response = client.post(reverse("import"), {"file": upload})
    assert (response.status_code, response["Location"]) == (302, reverse("export"))
    page = client.get(reverse("export"))
    assert page.status_code == 200
    said = page.content.decode()
    assert 'role="alert"' in said
    assert 'role="alert"' not in client.get(reverse("export")).content.decode()
    return said


@pytest.mark.parametrize(
    ("content", "says"),
    [
        pytest.param(b"not json", "The file is not JSON.", id="not-json"),
        pytest.param(b"[" * 200_000, "The file is not JSON.", id="too-deep"),
        pytest.param(b'{"format": "x"}', "not a Scorekeeper export", id="not-an-export"),
        pytest.param(
            b'{"nights": [{"place": "The \\udc00 Swan"}]}',
            "The text of nights[0].place is not valid Unicode",
            id="a-lone-surrogate",
        ),
    ],
)
def test_a_bad_upload_says_why_and_writes_nothing(
    client: Client, alice: Any, content: bytes, says: str
) -> None:
    client.force_login(alice)
    assert says in _refused(client, content)
    assert not Night.objects.exists()


def test_an_upload_whose_ledger_does_not_replay_is_refused(alices: Client, alice: Any) -> None:
    document = exporting.export_document([played_night(alice)])
    document["nights"][0]["games"][0]["entries"][0]["data"]["went_out"] = 9
    assert "does not replay" in _refused(alices, json.dumps(document).encode())
    assert Night.objects.count() == 1


def test_an_upload_with_a_crafted_time_is_refused_inline_naming_it(
    alices: Client, alice: Any
) -> None:
    """Issue 17: a time that overflows when taken to UTC was a 500 (OverflowError)."""
    page = alices.get(reverse("export")).content.decode()
    assert "10000 ledger entries" in page
    document = exporting.export_document([played_night(alice)])
    document["nights"][0]["games"][0]["entries"][0]["recorded_at"] = "9999-12-31T23:59:59-12:00"
    said = _refused(alices, json.dumps(document).encode())
    assert "nights[0].games[0].entries[0].recorded_at" in said
    assert Night.objects.count() == 1


def test_an_import_of_several_nights_lands_on_the_history_naming_them(
    alices: Client, alice: Any, client: Client
) -> None:
    nights = [played_night(alice), played_night(alice, place="The pub")]
    body = json.dumps(exporting.export_document(nights)).encode()
    client.force_login(UserFactory(username="dave"))
    upload = io.BytesIO(body)
    upload.name = "x.json"
    response = client.post(reverse("import"), {"file": upload}, follow=True)
    assert response.redirect_chain == [(reverse("history"), 302)]
    assert "Imported 2 nights: " in response.content.decode()
    assert "at The pub" in response.content.decode()


@pytest.mark.parametrize("count", [1, 10])
def test_the_history_and_player_pages_do_not_grow_their_queries(
    client: Client, db: Any, count: int, django_assert_max_num_queries: Any
) -> None:
    owner = UserFactory(username="olga")
    for _ in range(count):
        played_night(owner)
    client.force_login(owner)
    mary = Player.objects.get(owner=owner, name="Mary")
    tom = Player.objects.get(owner=owner, name="Tom")
    with django_assert_max_num_queries(9):
        assert client.get(reverse("history")).status_code == 200
    # The record and head to head, then the ratings and rivals: their ledgers' signature,
    # each game's ledger mark (only a game whose mark changed is replayed again), the finished
    # games with their seats and ledgers, the players' names.
    with django_assert_max_num_queries(18):
        url = reverse("player_detail", args=[mary.pk])
        assert client.get(url, {"vs": tom.pk}).status_code == 200


def test_ten_nights_cost_the_pages_no_more_queries_than_one(client: Client, db: Any) -> None:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    owner = UserFactory(username="olga")
    client.force_login(owner)

    def counts() -> tuple[int, ...]:
        mary = Player.objects.get(owner=owner, name="Mary")
        found = []
        for url, query in (
            (reverse("history"), {}),
            (reverse("history"), {"player": "mary"}),
            (reverse("player_detail", args=[mary.pk]), {}),
            (reverse("night_recap", args=[Night.objects.filter(owner=owner).first().pk]), {}),  # type: ignore[union-attr]
        ):
            with CaptureQueriesContext(connection) as queries:
                assert client.get(url, query).status_code == 200
            found.append(len(queries))
        return tuple(found)

    played_night(owner)
    one = counts()
    for _ in range(9):
        played_night(owner)
    assert counts() == one
