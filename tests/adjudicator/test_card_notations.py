"""Every way of writing cards that docs/games.md and the engine's own output use is taken
wherever cards are, through the bounds (issue 26, item 8: a grid written row by row, as
``str()`` of a grid prints it and ``Grid.parse``'s doctest writes it, was refused: the bound
counted each ``/`` as a card, and a deal's grid did not read rows at all).

The bound and the parsers read a string of cards with one tokenizer (``cards.card_rows``), so
a bound counts exactly the cards the parser will read, in every notation."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

import pytest

from adjudicator.asking import input_schema
from adjudicator.bounds import MAX_CARDS, cards_schema, check_bounds
from adjudicator.cards import ALL_CARDS, JOKER, Card, format_cards, parse_cards
from adjudicator.errors import BadCardError, BadEntryError, InvalidGridError
from adjudicator.game import Game
from adjudicator.games import all_games, get_game
from adjudicator.grids.lines import Grid
from adjudicator.records import json_schema
from adjudicator.rummy.melding_rules import BRIDGE_RUMMY, read_meld
from tests.oversize import largest, variants

_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def _each(cards: list[Card], write: Callable[[Card], str], joiner: str = " ") -> str:
    return joiner.join(write(c) for c in cards)


def _symbol_after(c: Card) -> str:
    return "JK" if c.is_joker else f"{str(c)[:-1]}{_SYMBOLS[str(c)[-1]]}"


def _symbol_before(c: Card) -> str:
    return "JK" if c.is_joker else f"{_SYMBOLS[str(c)[-1]]}{str(c)[:-1]}"


def _rows(cards: list[Card], mark: str) -> str:
    """The cards in three rows, as ``str()`` of a grid writes them (``mark`` between rows)."""
    third = len(cards) // 3
    rows = [cards[:third], cards[third : 2 * third], cards[2 * third :]]
    return mark.join(format_cards(row) for row in rows)


# name -> how the cards are written. Every form docs/games.md's "Card notation" names, and every
# form the engine writes: str() of a card, of a joker standing for a card, of a meld, of a grid.
NOTATIONS: dict[str, Callable[[list[Card]], str]] = {
    "canonical (format_cards, str of a card)": format_cards,
    "lower case": lambda cs: format_cards(cs).lower(),
    "T for ten": lambda cs: format_cards(cs).replace("10", "T"),
    "suit symbol after": lambda cs: _each(cs, _symbol_after),
    "suit symbol before": lambda cs: _each(cs, _symbol_before),
    "commas": lambda cs: format_cards(cs).replace(" ", ", "),
    "commas without spaces": lambda cs: format_cards(cs).replace(" ", ","),
    "semicolons": lambda cs: format_cards(cs).replace(" ", "; "),
    "new lines (a desk form's text box)": lambda cs: format_cards(cs).replace(" ", "\n"),
    "JOKER": lambda cs: _each(cs, lambda c: "JOKER" if c.is_joker else str(c)),
    "the joker's card": lambda cs: _each(cs, lambda c: "🃏" if c.is_joker else str(c)),
    "JK=10C (str of a meld's joker)": lambda cs: _each(
        cs, lambda c: "JK=10C" if c.is_joker else str(c)
    ),
    "JK:10C": lambda cs: _each(cs, lambda c: "JK:10C" if c.is_joker else str(c)),
    "JK(10C)": lambda cs: _each(cs, lambda c: "JK(10C)" if c.is_joker else str(c), ", "),
    "a grid's rows (str of a grid)": lambda cs: _rows(cs, " / "),
    "a grid's rows with bars": lambda cs: _rows(cs, " | "),
    "rows without spaces": lambda cs: _rows(cs, "/"),
}


def _cards(count: int) -> list[Card]:
    """``count`` cards, a ten (the longest rank) every other card and a joker every fifth."""
    tens = [c for c in ALL_CARDS if str(c).startswith("10")]
    others = [c for c in ALL_CARDS if not str(c).startswith("10")]
    return [
        JOKER if i % 5 == 4 else tens[i % len(tens)] if i % 2 else others[i % len(others)]
        for i in range(count)
    ]


def card_fields(
    schema: Mapping[str, Any], value: Any, path: str = ""
) -> Iterator[tuple[str, int, Any]]:
    """Every string of cards in ``value``: its path, how many cards it may hold, and a function
    of the string that gives the whole value with it there. Of a list, its first item (the
    others are held to the same schema)."""
    if isinstance(value, list):
        items = schema.get("items")
        if isinstance(items, Mapping) and value:
            for inner, most, put in card_fields(items, value[0], f"{path}[0]"):
                yield inner, most, _in_list(value, 0, put)
    elif isinstance(value, str) and MAX_CARDS in schema:
        yield path, schema[MAX_CARDS], lambda text: text
    elif isinstance(value, dict):
        for key, item in value.items():
            for variant in variants(schema):
                prop = variant.get("properties", {}).get(key)
                if isinstance(prop, Mapping):
                    where = f"{path}.{key}" if path else key
                    for inner, most, put in card_fields(prop, item, where):
                        yield inner, most, _in_dict(value, key, put)
                    break


def _in_list(value: list[Any], i: int, put: Callable[[str], Any]) -> Callable[[str], Any]:
    return lambda text: [*value[:i], put(text), *value[i + 1 :]]


def _in_dict(value: dict[str, Any], key: str, put: Callable[[str], Any]) -> Callable[[str], Any]:
    return lambda text: {**value, key: put(text)}


def _question_schemas() -> Iterator[Any]:
    for game in all_games():
        for name, question in game.questions().items():
            if question.asks is None:
                continue
            for players in game.table_sizes():
                schema = input_schema(question.asks, players, game.options())
                yield pytest.param(schema, game, id=f"{game.slug}-{name}-{players}")
        for players in game.table_sizes():
            schema = json_schema(game.record(game.options(), players), players)
            yield pytest.param(schema, game, id=f"{game.slug}-deal-{players}")


SCHEMAS = list(_question_schemas())


@pytest.mark.parametrize(("schema", "game"), SCHEMAS)
def test_every_string_of_cards_takes_its_bound_in_every_notation_and_not_one_more(
    schema: dict[str, Any], game: Game[Any, Any]
) -> None:
    body = largest(schema, game.pack(game.options(), game.table_sizes()[-1]))
    for path, most, put in card_fields(schema, body):
        for name, write in NOTATIONS.items():
            if "rows" in name and most % 3:
                continue  # only a whole grid is written in rows
            check_bounds(schema, put(write(_cards(most))))  # at its bound: taken
            with pytest.raises(BadEntryError) as refused:
                check_bounds(schema, put(write(_cards(most + 1))))
            # One more card is counted as one more, whatever the notation (never a "/"); a
            # bound of one card says "1 card" (issue 27: "1 cards" was wrong).
            cards = "card" if most == 1 else "cards"
            assert f"holds at most {most} {cards}, not {most + 1}." in refused.value.message, name
            assert refused.value.field == path


# The notation examples of docs/games.md and the doctests, each with how many cards it holds.
WRITTEN = [
    pytest.param("AS 10H JC QD 2S JK", 6, id="readme-examples"),
    pytest.param("as, th ♣q jk", 4, id="cards-doctest"),
    pytest.param("♠a a♠ Th 10h", 4, id="readme-forgiving"),
    pytest.param("JK=5C JK:5C JK(5C)", 3, id="readme-designations"),
    pytest.param("th 9c jc / 10d qc jd / 2s 10s js", 9, id="grid-parse-doctest"),
    pytest.param("5H 6H 7H 8H / 5S 6S 8C 8S / 5D 9C 7D 8D", 12, id="grid-str-doctest"),
    pytest.param("4C JK=5C 6C", 3, id="meld-answer"),
    pytest.param(str(Grid.parse("5h 6h 7h 5s 6s 8s 5d 9c 7d")), 9, id="str-of-a-grid"),
    pytest.param(str(read_meld("QS JK AS", BRIDGE_RUMMY)), 3, id="str-of-a-meld"),
]


@pytest.mark.parametrize(("text", "count"), WRITTEN)
def test_the_written_examples_are_counted_as_the_cards_they_hold(text: str, count: int) -> None:
    check_bounds(cards_schema(count), text)
    one_fewer = {**cards_schema(count - 1), "maxLength": 1000}  # the count, not the length
    with pytest.raises(BadEntryError, match=rf"holds at most {count - 1} cards, not {count}\."):
        check_bounds(one_fewer, text)


GRIDS = [
    pytest.param("brummy", "th 9c jc / 10d qc jd / 2s 10s js", id="brummy-doctest"),
    pytest.param("brummy", "10H 9C JC | 10D QC JD | 2S 10S JS", id="brummy-bars"),
    pytest.param("brummy", "♥10 ♣9 ♣J/♦10 ♣Q ♦J/♠2 ♠10 ♠J", id="brummy-symbols-no-spaces"),
    pytest.param("brummagem", "5H 6H 7H 8H / 5S 6S 8C 8S / 5D 9C 7D 8D", id="brummagem-str"),
]


@pytest.mark.parametrize(("slug", "rows"), GRIDS)
@pytest.mark.parametrize("question", ["grid", "best-grid"])
def test_a_grid_written_row_by_row_is_answered_as_the_same_grid(
    slug: str, rows: str, question: str
) -> None:
    game = get_game(slug)
    flat = format_cards(parse_cards(rows.replace("/", " ").replace("|", " ")))
    assert game.ask(question, {"cards": rows}) == game.ask(question, {"cards": flat})


@pytest.mark.parametrize(("slug", "rows"), GRIDS)
def test_a_deals_grid_written_row_by_row_scores_as_the_same_grid(slug: str, rows: str) -> None:
    game = get_game(slug)
    options = game.options()
    flat = format_cards(parse_cards(rows.replace("/", " ").replace("|", " ")))

    def scored(cards: str) -> Any:
        deal = {"knocked": 0, "grids": [{"seat": 0, "cards": cards}, {"seat": 1, "total": 10}]}
        parsed = game.parse_deal(deal, players=2, options=options)
        return game.tally([parsed], players=2, options=options).totals

    assert scored(rows) == scored(flat)
    # The engine's own output, read back: a grid's str() is a deal's grid too.
    assert scored(str(Grid.parse(rows, game.shape))) == scored(flat)  # type: ignore[attr-defined]


def test_a_deals_grid_in_ragged_rows_is_refused_naming_the_seat() -> None:
    game = get_game("brummy")
    deal = {
        "knocked": 0,
        "grids": [
            {"seat": 0, "total": 10},
            {"seat": 1, "cards": "th 9c / jc 10d qc jd / 2s 10s js"},
        ],
    }
    with pytest.raises(InvalidGridError) as refused:
        game.parse_deal(deal, players=2, options=game.options())
    assert refused.value.message == "A 3x3 grid has 3 rows of 3 cards; got rows of 2, 4, 3."
    assert (refused.value.field, refused.value.seats) == ("grids[1].cards", (1,))


def test_a_row_break_where_no_grid_is_taken_is_refused_by_the_parser_not_the_bound() -> None:
    with pytest.raises(BadCardError) as refused:
        get_game("rummy").ask("meld", {"cards": "5H 6H / 7H"})
    assert refused.value.message == (
        "'/' is not a card: only the rows of a grid are separated by / or |."
    )
    assert refused.value.field == "cards"


def test_a_deadwood_answers_melds_are_melds_when_asked_again() -> None:
    # The engine's own output read back: str() of a meld, its joker written JK=6S.
    crummy = get_game("crummy-rummy")
    answer = crummy.ask("deadwood", {"cards": "4S 5S JK 7S 9D 9H 9C"})
    assert answer["melds"] == ["4S 5S JK=6S 7S", "9H 9D 9C"]
    for meld in answer["melds"]:
        assert crummy.ask("meld", {"cards": meld})["valid"] is True
