"""The URLs: ids that no row can have are 404s, and the pages keep Django's HTML error pages.

SQLite raises OverflowError (a 500) for an integer past 2**63 - 1 in a query; ``<id:...>``
(scorekeeper/web/converters.py) does not match such a number, so the URL is simply not found.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import NoReverseMatch, resolve, reverse

from scorekeeper.models import Game
from scorekeeper.web.converters import MAX_ID, IdConverter

TOO_LARGE = [
    pytest.param(str(2**63), id="2-to-the-63"),
    pytest.param("99999999999999999999", id="twenty-digits"),
    pytest.param("9" * 5000, id="five-thousand-digits"),
]


@pytest.fixture
def alice_client(client: Client, alice: Any) -> Client:
    client.force_login(alice)
    return client


def is_django_html_404(response: Any) -> bool:
    return (
        response.status_code == 404
        and response["Content-Type"].startswith("text/html")
        and "<h1>Not Found</h1>" in response.content.decode()
    )


@pytest.mark.parametrize("number", TOO_LARGE)
@pytest.mark.parametrize(
    ("method", "path"),
    [
        pytest.param("get", "/nights/{n}/", id="night"),
        pytest.param("post", "/nights/{n}/players/", id="night-players"),
        pytest.param("post", "/nights/{n}/recorders/", id="night-recorders"),
        pytest.param("post", "/nights/{n}/games/", id="night-games"),
        pytest.param("get", "/games/{n}/", id="game"),
        pytest.param("get", "/games/{n}/scoreboard/", id="scoreboard"),
        pytest.param("post", "/games/{n}/deals/", id="record"),
        pytest.param("get", "/games/{n}/grid-score/", id="grid-score"),
        pytest.param("get", "/games/{n}/best-grid/", id="best-grid"),
        pytest.param("get", "/games/{game}/deals/{n}/amend/", id="amend-a-deal"),
        pytest.param("post", "/games/{game}/deals/{n}/amend/", id="send-an-amend"),
        pytest.param("post", "/games/{game}/deals/{n}/void/", id="void-a-deal"),
        pytest.param("get", "/games/{n}/deals/1/amend/", id="amend-in-a-game"),
    ],
)
def test_a_page_for_an_id_too_large_is_not_found(
    alice_client: Client, bridge_game: Game, method: str, path: str, number: str
) -> None:
    url = path.format(n=number, game=bridge_game.pk)
    response = getattr(alice_client, method)(url)  # an exception here fails the test
    assert is_django_html_404(response), response.content[:300]
    assert not bridge_game.entries.exists()


def test_the_largest_id_is_looked_up_and_not_found(alice_client: Client, bridge_game: Game) -> None:
    for url in (f"/games/{MAX_ID}/", f"/nights/{MAX_ID}/"):
        assert resolve(url).kwargs == {"pk": MAX_ID}
        assert is_django_html_404(alice_client.get(url)), url
    amend = f"/games/{bridge_game.pk}/deals/{MAX_ID}/amend/"
    assert resolve(amend).kwargs == {"pk": bridge_game.pk, "deal": MAX_ID}
    # the page's own answer for a deal the game does not have: back to the game
    response = alice_client.get(amend)
    assert response.status_code == 302
    assert response["Location"] == reverse("game_detail", args=[bridge_game.pk])


@pytest.mark.parametrize(
    ("text", "value"),
    [
        pytest.param("1", 1, id="one"),
        pytest.param("0", 0, id="zero"),
        pytest.param("007", 7, id="leading-zeros"),
        pytest.param(str(MAX_ID), MAX_ID, id="the-largest-id"),
    ],
)
def test_an_id_in_a_url(text: str, value: int) -> None:
    assert resolve(f"/games/{text}/").kwargs == {"pk": value}


@pytest.mark.parametrize(
    "text",
    [
        pytest.param(str(MAX_ID + 1), id="one-past-the-largest"),
        pytest.param("-1", id="negative"),
        pytest.param("1.0", id="a-fraction"),
        pytest.param("\N{SUPERSCRIPT TWO}", id="a-superscript-digit"),
        pytest.param("\N{ARABIC-INDIC DIGIT THREE}", id="another-scripts-digit"),
        pytest.param("0" * 20 + "1", id="twenty-one-digits"),
    ],
)
def test_not_an_id_in_a_url(alice_client: Client, text: str) -> None:
    assert is_django_html_404(alice_client.get(f"/games/{text}/"))


def test_no_url_is_made_for_an_id_too_large() -> None:
    assert reverse("game_detail", args=[MAX_ID]) == f"/games/{MAX_ID}/"
    with pytest.raises(NoReverseMatch):
        reverse("game_detail", args=[MAX_ID + 1])
    with pytest.raises(NoReverseMatch):
        reverse("api_game", args=[-1])


def test_the_converter_round_trips() -> None:
    converter = IdConverter()
    assert converter.to_url(converter.to_python("0042")) == "42"


# Pages keep Django's HTML error pages -----------------------------------------------------------


def test_a_page_that_does_not_exist_is_html(alice_client: Client) -> None:
    assert is_django_html_404(alice_client.get("/no-such-page/"))


def test_a_page_for_another_host_is_an_html_400(client: Client) -> None:
    response = client.get("/", HTTP_HOST="scorekeeper.example")
    assert response.status_code == 400
    assert response["Content-Type"].startswith("text/html")
    assert "<h1>Bad Request (400)</h1>" in response.content.decode()


def test_a_crash_on_a_page_is_an_html_500(
    alice: Any, bridge_game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("a bug")

    monkeypatch.setattr("scorekeeper.pages.views.games.scoreboard.game_standings", broken)
    client = Client(raise_request_exception=False)
    client.force_login(alice)
    response = client.get(reverse("game_detail", args=[bridge_game.pk]))
    assert response.status_code == 500
    assert response["Content-Type"].startswith("text/html")
    assert "<h1>Server Error (500)</h1>" in response.content.decode()
