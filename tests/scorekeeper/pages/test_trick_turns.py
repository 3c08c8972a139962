"""The trick pad is told whose turn it is by the game page, from the game's description."""

from __future__ import annotations

import html
import json
import re
from typing import Any

import pytest
from django.test import Client

from adjudicator.tricks.voormsi import Voormsi
from scorekeeper.models import Game, Night
from scorekeeper.pages.deal_forms import DealForm
from tests.factories import GameFactory

NAMES = ["Ann", "Ben", "Cy", "Di"]


def _turns(page: str) -> tuple[dict[str, Any], str | None]:
    tricks = re.search(r"<fieldset class=\"tricks\"[^>]*>", page)
    assert tricks is not None
    turns = re.search(r'data-turns="([^"]*)"', tricks.group(0))
    dealer = re.search(r'data-dealer="(\d+)"', tricks.group(0))
    assert turns is not None
    return json.loads(html.unescape(turns.group(1))), dealer.group(1) if dealer else None


@pytest.fixture
def voormsi(night: Night) -> Game:
    game: Game = GameFactory(night=night, slug="voormsi", players=NAMES)
    return game


def test_the_page_says_who_leads_after_each_dealer_and_who_deals_next(
    client: Client, alice: Any, voormsi: Game
) -> None:
    client.force_login(alice)
    turns, dealer = _turns(client.get(voormsi.get_absolute_url()).content.decode())
    assert turns == {
        "leaders": [1, 2, 3, 0],
        "direction": 1,
        "matched": True,
        "passes": False,
        "keeps": [],
    }
    assert dealer == "0"  # Ann deals the first hand; the page says Ben leads


def test_play_the_other_way_round_reaches_the_pad(
    voormsi: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A game that plays to the right: the leader sits at the dealer's right.
    monkeypatch.setattr(Voormsi, "play_passes", -1)
    form = DealForm(game=voormsi, seats=tuple(voormsi.seats.all()))
    turns = json.loads(form.turns_data)
    assert (turns["leaders"], turns["direction"]) == ([3, 0, 1, 2], -1)


def test_a_game_without_tricks_has_no_turns_to_tell(night: Night) -> None:
    game: Game = GameFactory(night=night, slug="bridge-rummy")
    form = DealForm(game=game, seats=tuple(game.seats.all()))
    turns = json.loads(form.turns_data)
    assert (turns["matched"], turns["passes"], turns["keeps"]) == (False, False, [])
