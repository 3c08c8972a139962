"""Every input of every question and every deal is bounded by what the rules allow, the bounds
are in its schema, and a body past any of them is refused, naming the field, before any rule
runs (issue 17: 16,000 aces of spades took a worker 12 s)."""

from __future__ import annotations

from typing import Any

import pytest

from adjudicator.asking import input_schema
from adjudicator.bounds import cards_schema, check_bounds
from adjudicator.errors import BadEntryError, TooManyCopiesError
from adjudicator.game import Game
from adjudicator.games import all_games, get_game
from adjudicator.records import json_schema
from tests.oversize import HUGE, beyond, unbounded

QUESTIONS = [
    pytest.param(game, name, players, id=f"{game.slug}-{name}-{players}")
    for game in all_games()
    for name in game.questions()
    for players in game.table_sizes()
]
DEALS = [
    pytest.param(game, players, id=f"{game.slug}-{players}")
    for game in all_games()
    for players in game.table_sizes()
]


def _schema(game: Game[Any, Any], name: str, players: int) -> dict[str, Any]:
    asks = game.questions()[name].asks
    assert asks is not None
    return input_schema(asks, players, game.options())


@pytest.mark.parametrize(("game", "name", "players"), QUESTIONS)
def test_every_list_and_string_a_question_takes_is_bounded(
    game: Game[Any, Any], name: str, players: int
) -> None:
    assert list(unbounded(_schema(game, name, players))) == []


@pytest.mark.parametrize(("game", "players"), DEALS)
def test_every_list_and_string_of_a_deal_is_bounded(game: Game[Any, Any], players: int) -> None:
    schema = json_schema(game.record(game.options(), players), players)
    assert list(unbounded(schema)) == []


def test_the_walk_finds_what_is_left_unbounded() -> None:
    # The structural tests above can fail: a list, a string or an open object without a bound.
    schema = {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "melds": {"type": "array", "items": {"type": "string"}},
            "seat": {"type": "integer"},
            "notes": {"type": "object"},
        },
    }
    assert list(unbounded(schema)) == ["melds", "melds[]", "notes.*"]


@pytest.mark.parametrize(("game", "name", "players"), QUESTIONS)
def test_a_question_refuses_a_body_past_each_bound_naming_the_field(
    game: Game[Any, Any], name: str, players: int
) -> None:
    asks = game.questions()[name].asks
    assert asks is not None
    overgrown = list(beyond(_schema(game, name, players)))
    # Only a question of no fields (``deal``: the table size alone) has nothing to overgrow.
    fields = asks.fields(players, game.options())
    assert overgrown or not fields, "a question takes something bounded"
    for path, body in overgrown:
        if asks.players:
            body = {**body, "players": players}
        with pytest.raises(BadEntryError) as refused:
            game.ask(name, body)
        assert refused.value.field == path, refused.value.message


@pytest.mark.parametrize(("game", "players"), DEALS)
def test_a_deal_past_each_bound_is_refused_naming_the_field(
    game: Game[Any, Any], players: int
) -> None:
    options = game.options()
    schema = json_schema(game.record(options, players), players)
    for path, body in beyond(schema):
        with pytest.raises(BadEntryError) as refused:
            game.parse_deal(body, players=players, options=options)
        assert refused.value.field == path, refused.value.message


@pytest.mark.parametrize(
    ("question", "body", "field"),
    [
        pytest.param("meld", {"cards": "AS " * 16_000}, "cards", id="meld-48-kb-of-aces"),
        pytest.param("claim-joker", {"meld": "AS " * HUGE, "cards": "5C"}, "meld", id="claim"),
        pytest.param(
            "joker-into-run", {"cards": "JK=7C", "onto": "AS " * HUGE}, "onto", id="joker-into"
        ),
        pytest.param("initial-meld", {"melds": ["KS KH KD"] * 64_000}, "melds", id="64,000-melds"),
        pytest.param(
            "go-out",
            {"hand": "KS", "layoffs": [{"cards": "KS", "onto": "KS KH KD"}] * HUGE},
            "layoffs",
            id="go-out-layoffs",
        ),
    ],
)
def test_the_issues_bodies_are_refused(question: str, body: dict[str, Any], field: str) -> None:
    with pytest.raises(BadEntryError) as refused:
        get_game("bridge-rummy").ask(question, body)
    assert refused.value.field == field


def test_fifteen_cards_are_a_meld_too_many() -> None:
    with pytest.raises(BadEntryError, match=r"cards holds at most 14 cards, not 15\.") as refused:
        get_game("bridge-rummy").ask(
            "meld", {"cards": "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AH 2H"}
        )
    assert refused.value.field == "cards"
    assert refused.value.cards[:2] == ("AS", "2S")


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        pytest.param(
            "AS AS AS",
            "AS appears 3 times, but the Bridge Rummy pack (two packs and two jokers) has only 2.",
            id="a-third-ace-of-spades",
        ),
        pytest.param(
            "JK=5C JK=6C jk(7c)",
            "JK appears 3 times, but the Bridge Rummy pack (two packs and two jokers) has only 2.",
            id="a-third-joker-standing-for-a-card",
        ),
    ],
)
def test_a_card_more_often_than_the_pack_holds_it_is_refused(cards: str, message: str) -> None:
    with pytest.raises(TooManyCopiesError) as refused:
        get_game("bridge-rummy").ask("meld", {"cards": cards})
    assert (refused.value.field, refused.value.message) == ("cards", message)


def test_a_bound_inside_a_seats_entry_names_the_seat() -> None:
    rummy = get_game("rummy")
    body = {"went_out": 0, "hands": [{"seat": 1, "held": 5}, {"seat": 2, "cards": "AS " * HUGE}]}
    with pytest.raises(BadEntryError) as refused:
        rummy.parse_deal(body, players=3, options=rummy.options())
    assert (refused.value.field, refused.value.seats) == ("hands[1].cards", (2,))


def test_a_string_of_cards_counts_every_copy_toward_its_bound() -> None:
    # Issue 26: a bound that counted distinct cards only let "AS AS KS QS" past a limit of 3.
    with pytest.raises(BadEntryError, match=r"This holds at most 3 cards, not 4\."):
        check_bounds(cards_schema(3), "AS AS KS QS")
    # Through a question: claim-joker's cards hold at most 2, from two packs of Bridge Rummy.
    with pytest.raises(BadEntryError, match=r"cards holds at most 2 cards, not 3\.") as refused:
        get_game("bridge-rummy").ask("claim-joker", {"meld": "KS KH JK", "cards": "KD KD KC"})
    assert refused.value.field == "cards"
