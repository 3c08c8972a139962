"""The API speaks the language asked, and gives every explanation as data too: for each game,
the working of each hand, rendered back from its data, is the text the API sent."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from adjudicator.games import all_games
from adjudicator.messages import catalog, from_data, render
from scorekeeper.languages.speaking import engine_language
from scorekeeper.ledger import reading
from scorekeeper.models import Game
from tests.factories import GameFactory
from tests.scorekeeper.test_conformance import playable_samples

pytestmark = pytest.mark.django_db

# A sentence with words of its own, outside its places, reads differently in each language.
PLACE = re.compile(r"\{\w+\}")
WORDS = re.compile(r"[A-Za-z]{2,}")
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


def asked() -> list[tuple[str, str, dict[str, Any]]]:
    """Every question of every game, with the example its schema publishes."""
    out = []
    for game in all_games():
        for name, question in game.questions().items():
            if question.asks is None:
                continue
            example = question.asks.example(game.max_players, game.options())
            if question.asks.players:
                example["players"] = game.max_players
            out.append((game.slug, name, example))
    return out


QUESTIONS = asked()


@pytest.mark.parametrize(
    ("slug", "question", "example"), QUESTIONS, ids=[f"{s}-{q}" for s, q, _ in QUESTIONS]
)
def test_every_question_answers_in_each_language_with_its_sentences_as_data(
    slug: str, question: str, example: dict[str, Any]
) -> None:
    client = APIClient()
    url = reverse("api_adjudicate", args=[slug, question])
    english = client.post(url, example, format="json")
    assert english.status_code == 200, english.content
    assert english["Content-Language"] == "en-gb"  # an integrator's default
    sentences = english.json()["said"]
    assert sentences, "an answer with no sentence"
    for language in ("sv", "da", "is"):
        answer = client.post(url, example, format="json", HTTP_ACCEPT_LANGUAGE=language)
        assert answer.status_code == 200, answer.content
        assert answer["Content-Language"] == language
        body = answer.json()
        assert body["said"] == sentences  # the data is the same whatever the language
        same = []
        for pointer, data in body["said"].items():
            text = resolve(body, pointer)
            assert render(from_data(data), language) == text, pointer
            if (
                text == resolve(english.json(), pointer)
                and WORDS.search(PLACE.sub("", data["id"]))
                and data["id"] not in catalog(language)._catalog  # "diagonal" is Swedish too
            ):
                same.append(text)
        assert same == [], f"left in English in {language}"
        # Every other text of the answer is data (cards, keys, names), not a sentence.
        plain = [
            (pointer, text)
            for pointer, text in leaves(body)
            if pointer not in body["said"]
            and pointer.split("/")[1] != "said"
            and ENGLISH.search(text)
        ]
        assert plain == [], f"sentences that are not messages in {language}"


# Two words in a row, in plain letters: a sentence, not a card, a key or a notation.
ENGLISH = re.compile(r"\b[A-Za-z]{3,}\s+[A-Za-z]{2,}\b")


def leaves(body: Any, at: str = "") -> list[tuple[str, str]]:
    """Every text in an answer, by its JSON Pointer."""
    if isinstance(body, dict):
        return [leaf for key, item in body.items() for leaf in leaves(item, f"{at}/{key}")]
    if isinstance(body, list):
        return [leaf for n, item in enumerate(body) for leaf in leaves(item, f"{at}/{n}")]
    return [(at, body)] if isinstance(body, str) else []


def resolve(body: Any, pointer: str) -> Any:
    """The value at a JSON Pointer."""
    for part in pointer.split("/")[1:]:
        part = part.replace("~1", "/").replace("~0", "~")
        body = body[int(part)] if isinstance(body, list) else body[part]
    return body
