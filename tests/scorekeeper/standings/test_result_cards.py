"""Result cards: a game's and a night's result as SVG, at two sizes, saying only what the
reader can see, every line in the picture."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.access import sharing
from scorekeeper.games import services as game_services
from scorekeeper.models import Game
from scorekeeper.standings import result_cards, scoreboard
from tests.factories import GameFactory, NightFactory, UserFactory

SVG = "{http://www.w3.org/2000/svg}"


def ended_rummy(night: Any, by: Any, players: list[str], winner: int) -> Game:
    game = GameFactory(night=night, slug="rummy", players=players)
    hands = [{"seat": s, "held": 10 + 5 * s} for s in range(len(players)) if s != winner]
    game_services.deal_record(game=game, by=by, data={"went_out": winner, "hands": hands})
    game_services.game_end(game=game, by=by)
    return game


def texts(svg: bytes) -> list[str]:
    root = ET.fromstring(svg)  # well-formed XML, whatever the names hold
    return [element.text or "" for element in root.iter(f"{SVG}text")]


@pytest.fixture
def owner(db: Any) -> Any:
    return UserFactory(username="owner-account-9")


def test_a_game_card_says_who_won_and_every_total_best_first(client: Client, owner: Any) -> None:
    night = NightFactory(owner=owner, place="The Anchor")
    game = ended_rummy(night, owner, ["Ann", "Bob", "<Cy & Co>"], winner=1)
    client.force_login(owner)
    response = client.get(reverse("game_result_card", args=[game.pk]), {"size": "square"})
    assert response.status_code == 200
    assert response["Content-Type"] == "image/svg+xml; charset=utf-8"
    root = ET.fromstring(response.content)
    assert (root.get("width"), root.get("height")) == ("1080", "1080")
    said = texts(response.content)
    assert "Rummy" in said and "Bob won" in said
    assert any("The Anchor" in text for text in said)
    totals = scoreboard.game_standings(game).tally.totals
    lines = said[said.index("Bob won") + 1 :]
    assert lines[:2] == ["Bob", str(totals[1])]  # the winner first
    assert "<Cy & Co>" in lines  # escaped in the SVG, read back whole
    assert "owner-account-9" not in response.content.decode()


def test_the_wide_card_is_1200_by_630_and_counts_what_does_not_fit(
    client: Client, owner: Any
) -> None:
    night = NightFactory(owner=owner)
    for winner in range(7):
        ended_rummy(night, owner, ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus"][:3], winner % 3)
    client.force_login(owner)
    response = client.get(reverse("night_result_card", args=[night.pk]), {"size": "wide"})
    root = ET.fromstring(response.content)
    assert (root.get("width"), root.get("height")) == ("1200", "630")
    said = texts(response.content)
    assert "Game night" in said
    assert "Ann won 3 of 7 games" in said
    assert [t for t in said if t.startswith(("1. Rummy", "2. Rummy"))] == [
        "1. Rummy: Ann won, up 35",
        "2. Rummy: Bob won, up 30",
    ]
    assert "and 3 more" in said
    layout = result_cards.lay_out(result_cards.night_card(night), "wide")
    assert all(p.y <= 630 - result_cards.MARGIN for p in layout.lines)
    assert layout.more_y <= 630 - result_cards.MARGIN
    square = result_cards.lay_out(result_cards.night_card(night), "square")
    assert (len(square.lines), square.more) == (7, 0)


def test_long_names_and_headlines_are_cut_to_the_card(owner: Any) -> None:
    night = NightFactory(owner=owner)
    long = "Bartholomew-Maximilian Fitzgerald"
    game = ended_rummy(night, owner, [long, "Bo"], winner=0)
    card = result_cards.game_card(game, scoreboard.game_standings(game))
    layout = result_cards.lay_out(card, "wide")
    assert layout.lines[0].line.left == long[: result_cards.NAME_CHARS - 1].rstrip() + "…"
    assert len(layout.headline) <= (1200 - 2 * result_cards.MARGIN) // 26


def test_a_link_visitors_card_names_no_account(client: Client, owner: Any) -> None:
    night = NightFactory(owner=owner)
    recorder = UserFactory(username="recorder-account-7")
    night.recorders.add(recorder)
    game = ended_rummy(night, recorder, ["Ann", "Bob"], winner=0)
    token = sharing.link_make(night=night, by=owner)
    client.get(reverse("share_join", args=[token]))
    for url in (
        reverse("game_result_card", args=[game.pk]),
        reverse("night_result_card", args=[night.pk]),
    ):
        response = client.get(url)
        assert response.status_code == 200
        body = response.content.decode()
        assert "Ann" in body
        assert "owner-account-9" not in body and "recorder-account-7" not in body


def test_a_size_that_is_not_offered_is_refused_in_words(client: Client, owner: Any) -> None:
    night = NightFactory(owner=owner)
    client.force_login(owner)
    response = client.get(reverse("night_result_card", args=[night.pk]), {"size": "huge"})
    assert response.status_code == 400
    assert "square or wide" in response.content.decode()


def test_the_pages_offer_the_cards(client: Client, owner: Any) -> None:
    night = NightFactory(owner=owner)
    game = ended_rummy(night, owner, ["Ann", "Bob"], winner=0)
    client.force_login(owner)
    for url, card in (
        (game.get_absolute_url(), reverse("game_result_card", args=[game.pk])),
        (night.get_absolute_url(), reverse("night_result_card", args=[night.pk])),
    ):
        html = client.get(url).content.decode()
        assert f'data-result-card="{card}"' in html
        assert "Square picture" in html and "Wide picture" in html
