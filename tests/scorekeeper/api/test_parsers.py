"""The API's JSON parser refuses a lone surrogate once, naming the field (issue 26, item 10.3:
``"\\udc00"`` anywhere the API echoed input was a 500, UnicodeEncodeError in the renderer,
43 distinct ones per engine). Every endpoint is tried in test_bad_bodies.py; here, every
question of every game, every game's deal, and the parser itself."""

from __future__ import annotations

import copy
import json
import re
from typing import Any

import pytest
from rest_framework.test import APIClient

from adjudicator.games import all_games
from scorekeeper.api.parsers import BadJSON, loads
from scorekeeper.models import Entry
from tests.factories import GameFactory

LONE = "5H \udc00"


def _first_string(value: Any, path: str = "") -> str | None:
    """The path of the first string in ``value``, as the API names a field."""
    if isinstance(value, str):
        return path
    items = (
        [(f"{path}.{k}" if path else k, v) for k, v in value.items()]
        if isinstance(value, dict)
        else [(f"{path}[{i}]", v) for i, v in enumerate(value)]
        if isinstance(value, list)
        else []
    )
    for where, item in items:
        found = _first_string(item, where)
        if found is not None:
            return found
    return None


def _replace(value: Any, path: str, text: str) -> Any:
    """``value`` with the string at ``path`` (``hands[0].cards``) replaced by ``text``."""
    out = copy.deepcopy(value)
    steps: list[Any] = [
        int(step[1:-1]) if step.startswith("[") else step
        for step in re.findall(r"\[\d+\]|[^.\[\]]+", path)
    ]
    here = out
    for step in steps[:-1]:
        here = here[step]
    here[steps[-1]] = text
    return out


QUESTIONS = [
    pytest.param(game, name, id=f"{game.slug}-{name}")
    for game in all_games()
    for name, question in game.questions().items()
    if question.asks is not None
    and _first_string(question.asks.example(game.table_sizes()[-1], game.options()))
]


@pytest.mark.parametrize(("game", "name"), QUESTIONS)
def test_every_question_refuses_a_lone_surrogate_naming_the_field(
    anonymous_api: APIClient, game: Any, name: str
) -> None:
    asks = game.questions()[name].asks
    players = game.table_sizes()[-1]
    body = dict(asks.example(players, game.options()))
    if asks.players:
        body["players"] = players
    where = _first_string(body)
    assert where is not None
    response = anonymous_api.post(
        f"/api/v1/adjudicate/{game.slug}/{name}/",
        json.dumps(_replace(body, where, LONE)),
        content_type="application/json",
    )
    assert response.status_code == 400, response.content
    assert (response.json()["code"], response.json()["field"]) == ("parse_error", where)
    # A house rule's name is a key: refused the same way, naming the options.
    response = anonymous_api.post(
        f"/api/v1/adjudicate/{game.slug}/{name}/",
        json.dumps({**body, "options": {"\udc00": True}}),
        content_type="application/json",
    )
    assert response.status_code == 400, response.content
    assert response.json()["field"] == "options"


DEALS = [
    pytest.param(game, id=game.slug)
    for game in all_games()
    if _first_string(game.sample_deal(players=game.min_players, options=game.options(), number=1))
]


@pytest.mark.parametrize("game", DEALS)
def test_every_games_deal_refuses_a_lone_surrogate_naming_the_field(
    api: APIClient, night: Any, game: Any
) -> None:
    players = game.min_players
    names = [f"Player {n}" for n in range(players)]
    played = GameFactory(night=night, slug=game.slug, players=names)
    deal = game.sample_deal(players=players, options=game.options(), number=1)
    where = _first_string(deal)
    assert where is not None
    response = api.post(
        f"/api/v1/games/{played.pk}/deals/",
        json.dumps({"deal": _replace(deal, where, LONE)}),
        content_type="application/json",
    )
    assert response.status_code == 400, response.content
    assert (response.json()["code"], response.json()["field"]) == ("parse_error", f"deal.{where}")
    assert not Entry.objects.filter(game=played).exists()


@pytest.mark.parametrize(
    ("text", "field", "says"),
    [
        pytest.param('{"a": "\\udc00"}', "a", "The text of a", id="a-value"),
        pytest.param('{"\\udc00": 1}', None, "A key of the body", id="a-key-of-the-body"),
        pytest.param('{"p": [{"\\ud800x": 1}]}', "p[0]", "A key of p[0]", id="a-nested-key"),
        pytest.param(
            '[1, {"k": ["ok", "\\udfff"]}]', "[1].k[1]", "The text of [1].k[1]", id="list"
        ),
        pytest.param('"\\ud83c"', None, "The text of the body", id="half-a-pair"),
    ],
)
def test_the_parser_names_where_the_lone_surrogate_is(
    text: str, field: str | None, says: str
) -> None:
    with pytest.raises(BadJSON) as refused:
        loads(text)
    assert refused.value.field == field
    assert str(refused.value).startswith(f"{says} is not valid Unicode")


def test_a_pair_escaped_together_is_the_character_it_encodes() -> None:
    # The joker's own character, 🃏, escaped as JSON escapes it: a card like any other.
    assert loads('{"cards": "\\ud83c\\udccf 5H"}') == {"cards": "🃏 5H"}
