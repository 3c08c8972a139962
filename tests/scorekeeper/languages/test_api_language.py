"""The API speaks the language asked, and gives every explanation as data too: for each game,
the working of each hand, rendered back from its data, is the text the API sent."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from adjudicator.games import all_games
from adjudicator.messages import from_data, render
from scorekeeper.languages.speaking import engine_language
from scorekeeper.ledger import reading
from scorekeeper.models import Game
from tests.factories import GameFactory
from tests.scorekeeper.test_conformance import playable_samples

pytestmark = pytest.mark.django_db

NAMES = ["Ann", "Ben", "Cy", "Di", "Ed", "Flo"]


def played(alice: Any, slug: str) -> Game:
    definition = next(d for d in all_games() if d.slug == slug)
    players = max(n for n in definition.table_sizes() if n <= len(NAMES))
    game = GameFactory(night__owner=alice, slug=slug, players=NAMES[:players])
    client = APIClient()
    client.force_authenticate(alice)
    options = definition.options({})
    for raw in playable_samples(definition, players, options, count=2):
        answer = client.post(
            reverse("api_game_deals", args=[game.pk]), {"deal": raw}, format="json"
        )
        assert answer.status_code == 201, answer.content
    return game


@pytest.mark.parametrize("slug", [d.slug for d in all_games()])
@pytest.mark.parametrize("language", ["en-gb", "sv", "da", "is"])
def test_the_working_as_data_renders_back_to_the_text_sent(
    alice: Any, slug: str, language: str
) -> None:
    game = played(alice, slug)
    client = APIClient()
    client.force_authenticate(alice)
    answer = client.get(
        reverse("api_game_standings", args=[game.pk]), HTTP_ACCEPT_LANGUAGE=language
    )
    assert answer.status_code == 200
    assert answer["Content-Language"] == language
    seats = tuple(game.seats.select_related("player").order_by("position"))
    definition = reading.game_definition(game)
    naming = reading.naming(seats, definition.seating(len(seats), definition.options(game.options)))
    lines = 0
    for deal in answer.json()["deals"]:
        for result in deal["results"]:
            assert len(result["said"]) == len(result["explanation"])
            for data, text in zip(result["said"], result["explanation"], strict=True):
                assert render(from_data(data), engine_language(language), naming) == text
                lines += 1
    assert lines > 0
