"""What a score always is, over random deals and house rules (issue 11's property tests).

- Bridge Rummy: every charge, and so every total, is a multiple of ten (held counts round to
  the ten, R-rulings; a star's -20, a hand rummy's doubling keep it so).
- Brummy and Brummagem: a grid scores the sum of its lines, each line's cards are the grid's
  own (rows cover every card once), and a player's points are that sum plus the knock bonus.
- Every settlement game: each hand's nets sum to zero and match its payments, the running
  nets sum to zero, and "who pays whom" squares them in fewer payments than there are units.

A trick's one winner is proven for each trick game in ``tests/adjudicator/tricks/*/
test_properties.py``. The deals come from the fuzz generators (each game's sample deals,
mutated) and, for grids, from random deals of a shuffled pack; a deal the engine refuses
proves nothing here and is skipped (``test_fuzz.py`` checks refusals).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from adjudicator.cards import ALL_CARDS, format_cards, parse_cards
from adjudicator.errors import AdjudicationError
from adjudicator.game import Game
from adjudicator.games import GAMES, get_game
from adjudicator.tally import Tally
from tests.adjudicator.test_fuzz import FUZZ, house_rules, mutated, sample

SETTLING = [pytest.param(game, id=game.slug) for game in GAMES if game.settles]
GRIDS = [pytest.param(get_game(slug), id=slug) for slug in ("brummy", "brummagem")]


def _tally(game: Game[Any, Any], raws: list[Any], players: int, options: Any) -> Tally:
    """The tally of the deals the engine accepts, in order (skip the example if none is)."""
    deals: list[Any] = []
    for raw in raws:
        try:
            deal = game.parse_deal(raw, players=players, options=options)
            game.tally([*deals, deal], players=players, options=options)
        except AdjudicationError:
            continue
        deals.append(deal)
    assume(deals)
    return game.tally(deals, players=players, options=options)


@st.composite
def deals_of(draw: st.DrawFn, game: Game[Any, Any]) -> tuple[list[Any], int, Any]:
    players = draw(st.sampled_from(game.table_sizes()), label="players")
    options = game.options(draw(house_rules(game), label="options"))
    count = draw(st.integers(1, 4), label="deals")
    raws = []
    for number in range(1, count + 1):
        own = sample(game, players, number)
        raws.append(draw(st.one_of(st.just(own), mutated(own, players, most=2))))
    return raws, players, options


# Bridge Rummy: multiples of ten -------------------------------------------------------------


@st.composite
def bridge_rummy_deals(draw: st.DrawFn) -> tuple[list[Any], int, Any]:
    """Sample deals with every other player's hand redrawn: a held count, held cards, or
    never down."""
    game = get_game("bridge-rummy")
    players = draw(st.sampled_from(game.table_sizes()), label="players")
    options = game.options(draw(house_rules(game), label="options"))
    raws = []
    for number in range(1, draw(st.integers(1, 7)) + 1):
        deal = sample(game, players, number)
        out = deal["went_out"]
        hands = []
        for seat in range(players):
            if seat == out:
                continue
            hand = draw(
                st.one_of(
                    st.builds(lambda n: {"held": n}, st.integers(0, 130)),
                    st.builds(
                        lambda cs: {"cards": format_cards(cs)},
                        st.lists(st.sampled_from(ALL_CARDS), min_size=1, max_size=13, unique=True),
                    ),
                    st.just({"not_down": True}),
                )
            )
            hands.append({"seat": seat, **hand})
        raws.append(
            {
                **deal,
                "hand_rummy": draw(st.booleans()),
                "hands": [h for h in deal["hands"] if h["seat"] == out] + hands,
            }
        )
    return raws, players, options


@FUZZ
@given(st.one_of(bridge_rummy_deals(), deals_of(get_game("bridge-rummy"))))
def test_bridge_rummy_charges_are_multiples_of_ten(drawn: tuple[list[Any], int, Any]) -> None:
    game = get_game("bridge-rummy")
    raws, players, options = drawn
    tally = _tally(game, raws, players, options)
    for deal in tally.deals:
        for result in deal.results:
            assert result.points % 10 == 0, (deal.summary, result)
        assert all(total % 10 == 0 for total in deal.totals), deal
    assert all(total % 10 == 0 for total in tally.totals)


# Brummy and Brummagem: a grid's total is the sum of its lines -------------------------------


@st.composite
def grid_deals(draw: st.DrawFn, game: Game[Any, Any]) -> tuple[list[Any], int, Any]:
    """Deals of a shuffled single pack: each player a whole grid, someone knocking."""
    options = game.options(draw(house_rules(game), label="options"))
    cells = len(sample(game, game.min_players)["grids"][0]["cards"].split())
    players = draw(st.sampled_from([n for n in game.table_sizes() if n * cells <= len(ALL_CARDS)]))
    raws = []
    for _ in range(draw(st.integers(1, 3))):
        pack = draw(st.permutations(ALL_CARDS))
        grids = [
            {"seat": seat, "cards": format_cards(pack[seat * cells : (seat + 1) * cells])}
            for seat in range(players)
        ]
        raws.append({"knocked": draw(st.integers(0, players - 1)), "grids": grids})
    return raws, players, options


@pytest.mark.parametrize("game", GRIDS)
@FUZZ
@given(data=st.data())
def test_a_grid_scores_the_sum_of_its_lines(game: Game[Any, Any], data: st.DataObject) -> None:
    raws, players, options = data.draw(st.one_of(grid_deals(game), deals_of(game)))
    tally = _tally(game, raws, players, options)
    checked = 0
    for deal in tally.deals:
        for result in deal.results:
            lines = result.detail.get("lines")
            if not lines:  # "only the total" was recorded: there are no lines to add
                continue
            base = sum(line["points"] for line in lines)
            assert int(result.detail["base"]) == base, result
            assert result.points == base + int(result.detail.get("bonus") or 0), result
            grid = Counter(parse_cards(result.detail["grid"]))
            rows = [line for line in lines if line["key"].startswith("row_")]
            assert sum((Counter(parse_cards(r["cards"])) for r in rows), Counter()) == grid
            for line in lines:
                assert Counter(parse_cards(line["cards"])) <= grid, line
            checked += 1
    assume(checked)


# Settlement games: nets sum to zero and who-pays-whom squares them -------------------------


@pytest.mark.parametrize("game", SETTLING)
@FUZZ
@given(data=st.data())
def test_a_settlement_sums_to_zero_and_squares(game: Game[Any, Any], data: st.DataObject) -> None:
    raws, players, options = data.draw(deals_of(game))
    tally = _tally(game, raws, players, options)
    units = len(tally.totals)
    for deal in tally.deals:
        assert sum(result.points for result in deal.results) == 0, deal
        paid = [0] * units
        for payment in deal.payments:
            assert payment.amount > 0 and payment.payer != payment.payee, payment
            paid[payment.payer] -= payment.amount
            paid[payment.payee] += payment.amount
        points = [0] * units
        for result in deal.results:
            points[result.seat] += result.points
        assert paid == points, deal
        assert sum(deal.totals) == 0
    assert sum(tally.totals) == 0
    squared = list(tally.totals)
    for payment in tally.settlement:
        assert payment.amount > 0
        squared[payment.payer] += payment.amount
        squared[payment.payee] -= payment.amount
    assert squared == [0] * units, (tally.totals, tally.settlement)
    assert len(tally.settlement) <= max(units - 1, 0)
