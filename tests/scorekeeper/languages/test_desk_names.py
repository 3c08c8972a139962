"""The desk and a disputed hand speak of the players by name, never by seat number, where the
players are known (issue 27's "Seat 3 knocked on 2")."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from adjudicator.games import get_game
from scorekeeper.desk import disputes
from scorekeeper.games import services as game_services
from scorekeeper.models import Game, Night
from scorekeeper.standings import scoreboard
from tests.factories import GameFactory
from tests.scorekeeper.test_conformance import playable_samples

pytestmark = pytest.mark.django_db

PLAYERS = ["Ann", "Ben", "Cy"]
SEAT_NUMBER = re.compile(r"\b[Ss]eats? \d")


def knock_rummy(night: Night, alice: Any) -> tuple[Game, int]:
    game = GameFactory(night=night, slug="knock-rummy", players=PLAYERS)
    definition = get_game("knock-rummy")
    raw = playable_samples(definition, 3, definition.options({}), count=2)[0]
    entry = game_services.deal_record(game=game, by=alice, data=raw)
    return game, entry.pk


def test_a_disputed_hand_is_said_with_the_players_names(night: Night, alice: Any) -> None:
    game, hand = knock_rummy(night, alice)
    ruling = disputes.hand_dispute(game=game, deal_key=hand, by=alice)
    assert ruling.dispute is not None
    data = ruling.dispute.data
    # The ledger keeps the sentence as English text, as before, and as data to say it again.
    assert SEAT_NUMBER.search(data["summary"])
    assert set(data["said"]) >= {"id", "args"}
    with translation.override("en-gb"):  # as a page without Accept-Language speaks
        found = disputes.hand_disputes(scoreboard.game_standings(game))[hand][0]
    assert not SEAT_NUMBER.search(found.summary), found.summary
    assert any(name in found.summary for name in PLAYERS)
    page = Client()
    page.force_login(alice)
    shown = page.get(game.get_absolute_url()).content.decode()
    assert found.summary in shown.replace("&#x27;", "'")


def test_the_desk_opened_from_a_hand_answers_with_names(night: Night, alice: Any) -> None:
    game, hand = knock_rummy(night, alice)
    page = Client()
    page.force_login(alice)
    answer = page.get(reverse("desk"), {"from": game.pk, "deal": hand})
    assert answer.status_code == 200
    html = answer.content.decode()
    section = html[html.index('id="desk-answer"') :]
    working = section[: section.index("answer-json")]
    assert not SEAT_NUMBER.search(working), working[:2000]
    assert any(name in working for name in PLAYERS)
