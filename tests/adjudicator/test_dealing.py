"""The ``deal`` question every game answers: packs, jokers, cards each, the turn-up and the
stock at a table size, from the game's declared deal, each figure as its rules say."""

from __future__ import annotations

from typing import Any

import pytest

from adjudicator.cards import JOKER
from adjudicator.errors import AdjudicationError
from adjudicator.game import Game
from adjudicator.games import all_games, get_game
from adjudicator.rule_notes import cited

TABLES = [(game, n) for game in all_games() for n in game.table_sizes()]


@pytest.mark.parametrize(("game", "players"), TABLES, ids=lambda v: getattr(v, "slug", str(v)))
def test_every_game_deals_exactly_its_pack_at_every_table_size(
    game: Game[Any, Any], players: int
) -> None:
    options = game.options({})
    pack = game.pack(options, players)
    answer = game.ask("deal", {"players": players})
    assert answer["cards"] == len(pack)
    assert answer["jokers"] == pack.copies.get(JOKER, 0)
    assert answer["each"] > 0 and answer["stock"] >= 0
    assert answer["each"] * players + answer["stock"] + answer["discard"] + answer[
        "set_aside"
    ] == len(pack)
    assert answer["rule"] in cited(answer["explanation"][0])


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.slug)
def test_the_deal_question_refuses_a_table_size_the_game_is_not_for(
    game: Game[Any, Any],
) -> None:
    outside = max(game.table_sizes()) + 1
    with pytest.raises(AdjudicationError) as caught:
        game.ask("deal", {"players": outside})
    assert caught.value.field in {"players", "seats"}
    with pytest.raises(AdjudicationError):
        game.ask("deal", {})


# slug, players, house rules: packs, jokers, cards each, stock, turned up, set aside
FIGURES = [
    pytest.param("rummy", 2, {}, (1, 0, 10, 31, 1, 0), id="4.1-rummy-ten-each-for-two"),
    pytest.param("rummy", 4, {}, (1, 0, 7, 23, 1, 0), id="4.1-rummy-seven-each-for-four"),
    pytest.param("rummy", 5, {}, (1, 0, 6, 21, 1, 0), id="4.1-rummy-six-each-at-five"),
    pytest.param("boathouse-rummy", 6, {}, (1, 0, 6, 15, 1, 0), id="4.2-boathouse-as-rummy"),
    pytest.param("knock-rummy", 3, {}, (1, 0, 7, 30, 1, 0), id="4.5-knock-as-rummy"),
    pytest.param("gamblers-rummy", 4, {}, (1, 0, 7, 23, 1, 0), id="4.4-gamblers-seven-each"),
    pytest.param("continental-rummy", 5, {}, (2, 2, 15, 30, 1, 0), id="4.3-two-packs-to-five"),
    pytest.param(
        "continental-rummy", 6, {}, (3, 3, 15, 68, 1, 0), id="4.3-continental-three-packs-at-six"
    ),
    pytest.param("continental-rummy", 9, {}, (4, 4, 15, 76, 1, 0), id="4.3-four-packs-at-nine"),
    pytest.param("crummy-rummy", 6, {}, (2, 4, 10, 47, 1, 0), id="5a-two-packs-four-jokers"),
    pytest.param("bridge-rummy", 4, {}, (2, 2, 14, 49, 0, 1), id="3a-fourteen-each-cut-card-out"),
    pytest.param("brummy", 4, {}, (1, 0, 9, 15, 1, 0), id="1a-one-pack-up-to-four"),
    pytest.param("brummy", 5, {}, (2, 0, 9, 58, 1, 0), id="1a-two-packs-past-four"),
    pytest.param("brummy", 3, {"double_pack": True}, (2, 0, 9, 76, 1, 0), id="1a-double-by-rule"),
    pytest.param("brummagem", 2, {}, (1, 0, 12, 27, 1, 0), id="2a-twelve-each"),
    pytest.param("voormsi", 4, {}, (1, 0, 4, 20, 0, 0), id="7a-four-each-and-a-stock"),
    pytest.param("voormsi", 3, {"whole_pack": True}, (1, 0, 12, 0, 0, 0), id="V-12-whole-pack"),
    pytest.param("voormsi", 2, {"whole_pack": True}, (1, 0, 18, 0, 0, 0), id="V-20-18-each"),
    pytest.param("brus", 4, {}, (1, 0, 9, 0, 0, 0), id="BR-2-nine-each-no-stock"),
    pytest.param("brus", 6, {}, (1, 0, 6, 0, 0, 0), id="BR-2-six-each-at-six"),
    pytest.param("alkort", 4, {}, (1, 0, 9, 8, 0, 0), id="8a-eight-in-the-stock"),
    pytest.param("alkort", 2, {}, (1, 0, 9, 26, 0, 0), id="A-7-twenty-six-at-two"),
    pytest.param("treikort", 3, {}, (1, 0, 9, 0, 0, 0), id="9a-whole-pack-nine-each"),
]


@pytest.mark.parametrize(("slug", "players", "options", "figures"), FIGURES)
def test_the_deal_is_what_the_rules_say(
    slug: str, players: int, options: dict[str, Any], figures: tuple[int, ...]
) -> None:
    answer = get_game(slug).ask("deal", {"players": players, "options": options})
    got = tuple(answer[k] for k in ("packs", "jokers", "each", "stock", "discard", "set_aside"))
    assert got == figures


def test_rummy_at_five_says_it_in_words_citing_its_rule() -> None:
    answer = get_game("rummy").ask("deal", {"players": 5})
    assert answer["summary"] == "6 cards each from 52; 21 in the stock, one card up."
    assert "6 cards to each of the 5 players: 30 dealt (4.1)." in answer["explanation"]
