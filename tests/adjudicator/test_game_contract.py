"""The one tally loop every game shares: deals add up, marks are counted, the end rule ends it.

The games here are tiny and made up: each deal simply says what every scoring unit scored, so
the tests read as the story of a game (seat 1 scores 7, then 4; the target is 9: it bounces
back to 7). What a real game adds is only :meth:`~adjudicator.game.Game.score`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

import pytest

from adjudicator.cards import STANDARD, Pack
from adjudicator.dealing import Dealing, from_pack
from adjudicator.errors import AdjudicationError, BadEntryError, GameOverError
from adjudicator.game import EndRule, ExactTarget, FixedDeals, Game, Mark, Scored, Target
from adjudicator.games import get_game
from adjudicator.messages import render
from adjudicator.options import option
from adjudicator.records import (
    CountField,
    PerSideField,
    Record,
    Seating,
    SideField,
    crosswise,
)
from adjudicator.said import Naming
from adjudicator.tally import SeatResult, Tally

# ---------------------------------------------------------------------------------------------
# The made-up games
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Options:
    jokers_wild: bool = option(False, "Jokers are wild.")
    short_deck: bool = option(True, "Play without the twos.")
    hand_size: int = option(7, "Cards dealt to each player.", minimum=3, maximum=13)
    ace: Literal[1, 11] = option(
        1, "What an ace counts.", labels={1: "Ace is 1", 11: "Ace counts 11"}
    )


@dataclass(frozen=True)
class Deal:
    """What each scoring unit scored, the stars each earned, and who won outright."""

    points: tuple[int, ...]
    stars: tuple[int, ...] = ()
    ends: tuple[int, ...] | None = None


def deal(*points: int, stars: Sequence[int] = (), ends: Sequence[int] | None = None) -> Deal:
    return Deal(tuple(points), tuple(stars), None if ends is None else tuple(ends))


class Race(Game[Options, Deal]):
    """Highest total wins; the end rule is whatever the test says."""

    slug = "race"
    name = "Race"
    family = "grids"
    options_type = Options
    min_players = 2
    max_players = 6
    lower_is_better = False

    def __init__(self, rule: EndRule) -> None:
        self.rule = rule
        self.tie_breaks: list[tuple[int, ...]] = []

    def pack(self, options: Options, players: int) -> Pack:
        return STANDARD

    def dealing(self, players: int, options: Options) -> Dealing:
        return from_pack(STANDARD, players, options.hand_size, "R-0", discard=1)

    def record(self, options: Options, players: int) -> Record:
        return Record(
            (
                PerSideField("points", "Points", CountField("points", "Points", maximum=100)),
                SideField("outright", "Who won outright?", optional=True),
            )
        )

    def end_rule(self, options: Options, players: int) -> EndRule:
        return self.rule

    def read(self, values: Mapping[str, Any], seating: Seating, options: Options) -> Deal:
        outright = values["outright"]
        return Deal(values["points"], ends=None if outright is None else (outright,))

    def write(self, deal: Deal) -> dict[str, Any]:
        return {"points": deal.points, "outright": deal.ends[0] if deal.ends else None}

    def start(self, seating: Seating, options: Options) -> Any:
        return 0

    def score(self, deal: Deal, state: Any, seating: Seating, options: Options) -> Scored:
        results = tuple(
            SeatResult(unit, points, (f"scored {points}",))
            for unit, points in enumerate(deal.points)
        )
        marks = {"stars": deal.stars} if deal.stars else {}
        return Scored(results, f"deal {state + 1}", state=state + 1, marks=marks, ends=deal.ends)

    def break_tie(
        self, winners: tuple[int, ...], marks: Mapping[str, tuple[int, ...]], options: Options
    ) -> tuple[int, ...]:
        self.tie_breaks.append(winners)
        return super().break_tie(winners, marks, options)

    def sample_deal(self, *, players: int, options: Options, number: int) -> dict[str, Any]:
        units = len(self.seating(players, options).units)
        return {"points": [number] * units, "outright": None}


class LowestWins(Race):
    lower_is_better = True


class Starred(Race):
    """A star beside a name for each deal won; the most stars breaks a tie at the end."""

    marks = (Mark("stars", "*", "a star: won the deal"),)

    def break_tie(
        self, winners: tuple[int, ...], marks: Mapping[str, tuple[int, ...]], options: Options
    ) -> tuple[int, ...]:
        self.tie_breaks.append(winners)
        most = max(marks["stars"][u] for u in winners)
        return tuple(u for u in winners if marks["stars"][u] == most)


class Partners(Race):
    """Four play, partners sitting crosswise: each deal scores the two sides."""

    min_players = 4
    max_players = 4

    def seating(self, players: int, options: Options) -> Seating:
        self.check_players(players)
        return crosswise(players)


OPTIONS = Options()
NAMES = Naming(("Mary", "Tom", "Dick"))
PARTNER_NAMES = Naming(("Ann", "Ben", "Cy", "Di"), ((0, 2), (1, 3)))


def tally(game: Race, deals: Sequence[Deal], players: int = 2) -> Tally:
    return game.tally(deals, players=players, options=OPTIONS)


def game_over(game: Race, deals: Sequence[Deal], players: int = 2) -> GameOverError:
    with pytest.raises(GameOverError) as caught:
        tally(game, deals, players)
    return caught.value


# ---------------------------------------------------------------------------------------------
# Adding up
# ---------------------------------------------------------------------------------------------


def test_each_deal_adds_to_the_running_totals() -> None:
    result = tally(Race(FixedDeals(3)), [deal(5, 2), deal(0, 4)])
    assert [d.totals for d in result.deals] == [(5, 2), (5, 6)]
    assert [d.number for d in result.deals] == [1, 2]
    assert result.totals == (5, 6)
    assert result.leaders == (1,)
    assert result.deals[1].results[1].explanation == ("scored 4",)


def test_the_state_each_deal_leaves_is_handed_to_the_next() -> None:
    result = tally(Race(FixedDeals(3)), [deal(1, 1), deal(1, 1), deal(1, 1)])
    assert [d.summary for d in result.deals] == ["deal 1", "deal 2", "deal 3"]


def test_no_deals_is_a_game_not_yet_started() -> None:
    result = tally(Race(FixedDeals(3)), [], players=3)
    assert result.totals == (0, 0, 0)
    assert result.leaders == (0, 1, 2)
    assert not result.finished
    assert result.winners == ()
    assert result.deals == ()


def test_the_tally_carries_the_seating_and_which_way_is_better() -> None:
    result = tally(LowestWins(FixedDeals(3)), [deal(5, 2)], players=2)
    assert result.seating == Seating(2)
    assert result.lower_is_better is True


# ---------------------------------------------------------------------------------------------
# FixedDeals: so many deals, then the best total wins
# ---------------------------------------------------------------------------------------------


def test_a_fixed_number_of_deals_ends_after_the_last() -> None:
    game = LowestWins(FixedDeals(3))
    two = tally(game, [deal(5, 2), deal(4, 9)])
    assert not two.finished
    assert two.winners == ()
    three = tally(game, [deal(5, 2), deal(4, 9), deal(0, 1)])
    assert three.finished
    assert three.winners == (0,)


def test_a_deal_after_the_last_is_refused() -> None:
    err = game_over(LowestWins(FixedDeals(3)), [deal(5, 2), deal(4, 9), deal(0, 1), deal(1, 1)])
    assert err.code == "game_over"
    assert err.field == "deals[3]"
    assert str(err) == "The game is over: Seat 1 won, so no more deals can be recorded."
    assert (
        render(err.message, "en", NAMES)
        == "The game is over: Mary won, so no more deals can be recorded."
    )


def test_equal_best_totals_share_the_win() -> None:
    result = tally(Race(FixedDeals(2)), [deal(5, 2, 7), deal(5, 8, 2)], players=3)
    assert result.finished
    assert result.winners == (0, 1)
    assert result.status == "Game over: Seats 1 and 2 win on 10."
    assert render(result.status, "en", NAMES) == "Game over: Mary and Tom win on 10."


# ---------------------------------------------------------------------------------------------
# Target: the first to reach it, alone in the lead
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("deals", "players", "winners"),
    [
        pytest.param([deal(10, 5)], 2, None, id="below-the-target"),
        pytest.param([deal(10, 5), deal(10, 5)], 2, (0,), id="reaches-it-exactly"),
        pytest.param([deal(25, 21)], 2, (0,), id="both-past-one-ahead"),
        pytest.param([deal(15, 30)], 2, (1,), id="past-it-in-one-deal"),
        pytest.param([deal(10, 10), deal(10, 10)], 2, None, id="exact-tie-on-the-target"),
        pytest.param([deal(25, 25)], 2, None, id="exact-tie-past-the-target"),
        pytest.param([deal(25, 25), deal(0, 1)], 2, (1,), id="the-next-deal-breaks-the-tie"),
        pytest.param([deal(30, 25, 25)], 3, (0,), id="a-tie-behind-the-leader-does-not-matter"),
    ],
)
def test_a_target_game_ends_with_a_single_leader_at_or_past_it(
    deals: list[Deal], players: int, winners: tuple[int, ...] | None
) -> None:
    result = tally(Race(Target(20)), deals, players)
    assert result.finished is (winners is not None)
    assert result.winners == (winners or ())


def test_a_deal_after_a_target_game_is_won_is_refused() -> None:
    err = game_over(Race(Target(20)), [deal(10, 25), deal(5, 5)])
    assert str(err) == "The game is over: Seat 2 won, so no more deals can be recorded."
    assert err.field == "deals[1]"


# ---------------------------------------------------------------------------------------------
# ExactTarget: exactly on it to win; past it bounces back
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("total", "bounced"),
    [
        pytest.param(0, 0, id="nothing-yet"),
        pytest.param(5, 5, id="short-stays"),
        pytest.param(9, 9, id="exactly-on-it"),
        pytest.param(10, 8, id="one-past"),
        pytest.param(11, 7, id="7-plus-4"),
        pytest.param(17, 1, id="eight-past"),
        pytest.param(18, 0, id="nine-past-to-nothing"),
        pytest.param(30, 0, id="floored-at-nothing"),
    ],
)
def test_a_total_past_the_exact_target_bounces_back(total: int, bounced: int) -> None:
    assert ExactTarget(9).bounce(total) == bounced


@pytest.mark.parametrize(
    ("deals", "totals", "winners"),
    [
        pytest.param([deal(7, 0), deal(4, 0)], (7, 0), None, id="7-then-4-bounces-to-7"),
        pytest.param([deal(7, 0), deal(2, 0)], (9, 0), (0,), id="7-then-2-is-exactly-9"),
        pytest.param([deal(9, 3)], (9, 3), (0,), id="9-at-once"),
        pytest.param([deal(12, 0)], (6, 0), None, id="12-at-once-bounces-to-6"),
        pytest.param([deal(5, 0), deal(20, 0)], (0, 0), None, id="floored-at-0"),
        pytest.param([deal(7, 0), deal(4, 0), deal(2, 0)], (9, 0), (0,), id="from-the-bounce"),
        pytest.param([deal(4, 5), deal(5, 4)], (9, 9), (0, 1), id="both-on-it-at-once"),
    ],
)
def test_an_exact_target_game_is_won_exactly_on_it(
    deals: list[Deal], totals: tuple[int, ...], winners: tuple[int, ...] | None
) -> None:
    result = tally(Race(ExactTarget(9)), deals)
    assert result.totals == totals
    assert result.finished is (winners is not None)
    assert result.winners == (winners or ())


def test_each_deals_running_total_is_already_bounced() -> None:
    result = tally(Race(ExactTarget(9)), [deal(7, 0), deal(4, 0)])
    assert [d.totals for d in result.deals] == [(7, 0), (7, 0)]
    # What the deal scored is kept as scored: only the total bounces.
    assert result.deals[1].results[0].points == 4


def test_the_first_exactly_on_target_wins_and_ends_the_game() -> None:
    # Seat 1 reaches 9 in the second deal; seat 2 would have reached it in the third.
    deals = [deal(5, 8), deal(4, 0), deal(0, 1)]
    assert tally(Race(ExactTarget(9)), deals[:2]).winners == (0,)
    err = game_over(Race(ExactTarget(9)), deals)
    assert str(err) == "The game is over: Seat 1 won, so no more deals can be recorded."


# ---------------------------------------------------------------------------------------------
# Scored.ends: a deal that wins the game outright
# ---------------------------------------------------------------------------------------------


def test_a_deal_that_ends_the_game_ends_it_at_once_with_those_winners() -> None:
    game = Race(FixedDeals(7))
    result = tally(game, [deal(10, 0), deal(0, 3, ends=[1])])
    assert result.finished
    assert result.winners == (1,)
    assert result.leaders == (0,)  # the leader on points did not win
    assert result.status == "Game over: Seat 2 wins on 3."
    err = game_over(game, [deal(10, 0), deal(0, 3, ends=[1]), deal(1, 1)])
    assert err.field == "deals[2]"


def test_an_outright_win_ends_even_a_target_game_short_of_the_target() -> None:
    result = tally(Race(Target(100)), [deal(0, 1, ends=[0])])
    assert result.winners == (0,)
    assert result.status == "Game over: Seat 1 wins on 0."


def test_an_outright_win_can_be_recorded_like_any_deal() -> None:
    game = Race(Target(100))
    parsed = game.parse_deal({"points": [0, 1], "outright": 0}, players=2, options=OPTIONS)
    assert parsed == deal(0, 1, ends=[0])
    assert game.deal_as_data(parsed, players=2, options=OPTIONS) == {
        "points": [0, 1],
        "outright": 0,
    }
    assert game.tally([parsed], players=2, options=OPTIONS).winners == (0,)


# ---------------------------------------------------------------------------------------------
# Marks, and the tie broken only at the end
# ---------------------------------------------------------------------------------------------


def test_marks_are_summed_for_each_unit() -> None:
    deals = [deal(1, 0, 0, stars=[1, 0, 0]), deal(0, 0, 1, stars=[0, 0, 1]), deal(1, 0, 0)]
    deals.append(deal(1, 0, 0, stars=[1, 0, 0]))
    result = tally(Starred(FixedDeals(7)), deals, players=3)
    assert result.marks == {"stars": (2, 0, 1)}
    assert result.as_dict()["marks"] == {"stars": [2, 0, 1]}


def test_a_game_that_awards_marks_shows_none_before_any_deal() -> None:
    assert tally(Starred(FixedDeals(7)), [], players=3).marks == {"stars": (0, 0, 0)}


def test_a_game_without_marks_has_none() -> None:
    result = tally(Race(FixedDeals(3)), [deal(1, 0), deal(0, 1)])
    assert result.marks == {}
    assert result.as_dict()["marks"] == {}


def test_a_tie_is_not_broken_while_the_game_goes_on() -> None:
    game = Starred(FixedDeals(2))
    result = tally(game, [deal(5, 5, stars=[0, 1])])
    assert result.leaders == (0, 1)
    assert result.winners == ()
    assert game.tie_breaks == []


def test_a_tie_at_the_end_is_broken_once_by_the_games_rule() -> None:
    game = Starred(FixedDeals(2))
    result = tally(game, [deal(5, 5, stars=[0, 1]), deal(3, 3)])
    assert game.tie_breaks == [(0, 1)]
    assert result.winners == (1,)
    assert result.leaders == (0, 1)  # still level on points
    assert result.status == "Game over: Seat 2 wins on 8."


def test_the_refusal_of_a_deal_after_the_end_names_the_winners_after_the_tie_break() -> None:
    err = game_over(Starred(FixedDeals(2)), [deal(5, 5, stars=[0, 1]), deal(3, 3), deal(1, 1)])
    assert str(err) == "The game is over: Seat 2 won, so no more deals can be recorded."


def test_bridge_rummys_most_stars_names_the_same_winner_when_a_deal_comes_too_late() -> None:
    # R-11: level on 120 after seven deals, seat 1 with four stars to seat 2's three.
    game = get_game("bridge-rummy")
    options = game.options({"tie_break": "most_stars"})
    raw = [
        {"went_out": 0, "hands": [{"seat": 1, "not_down": True}]},
        {"went_out": 0, "hands": [{"seat": 1, "held": 40}]},
        {"went_out": 0, "hands": [{"seat": 1, "held": 20}]},
        {"went_out": 0, "hands": [{"seat": 1, "held": 20}]},
        {"went_out": 1, "hands": [{"seat": 0, "not_down": True}]},
        {"went_out": 1, "hands": [{"seat": 0, "not_down": True}]},
        {"went_out": 1, "hands": [{"seat": 0, "not_down": True}]},
    ]
    deals = [game.parse_deal(d, players=2, options=options) for d in raw]
    assert game.tally(deals, players=2, options=options).status == "Game over: Seat 1 wins on 120."
    with pytest.raises(GameOverError) as caught:
        game.tally([*deals, deals[0]], players=2, options=options)
    assert str(caught.value) == "The game is over: Seat 1 won, so no more deals can be recorded."


# ---------------------------------------------------------------------------------------------
# Partners: totals per side, and sentences that name the side
# ---------------------------------------------------------------------------------------------


def test_partners_score_as_one_side() -> None:
    result = tally(Partners(Target(20)), [deal(12, 8), deal(3, 4)], players=4)
    assert result.seating == crosswise(4)
    assert result.totals == (15, 12)
    assert result.leaders == (0,)
    assert result.status == "Side 1 leads with 15, 5 short of 20."
    assert (
        render(result.status, "en", PARTNER_NAMES)
        == "Ann and Cy's side leads with 15, 5 short of 20."
    )


def test_the_winning_side_is_named_by_its_players() -> None:
    result = tally(Partners(Target(20)), [deal(12, 8), deal(3, 14)], players=4)
    assert result.winners == (1,)
    assert result.status == "Game over: Side 2 wins on 22."
    assert render(result.status, "en", PARTNER_NAMES) == "Game over: Ben and Di's side wins on 22."


def test_a_deal_after_a_side_has_won_is_refused_naming_the_side() -> None:
    err = game_over(Partners(Target(20)), [deal(25, 0), deal(1, 1)], players=4)
    assert str(err) == "The game is over: Side 1 won, so no more deals can be recorded."
    assert render(err.message, "en", PARTNER_NAMES) == (
        "The game is over: Ann and Cy's side won, so no more deals can be recorded."
    )


def test_two_sides_sharing_the_win_win_together() -> None:
    result = tally(Partners(FixedDeals(1)), [deal(10, 10)], players=4)
    assert result.winners == (0, 1)
    assert result.status == "Game over: Seats 1, 2, 3 and 4 win on 10."
    assert render(result.status, "en", PARTNER_NAMES) == "Game over: Ann, Ben, Cy and Di win on 10."


def test_a_partnership_game_takes_only_its_number_of_players() -> None:
    with pytest.raises(BadEntryError) as caught:
        tally(Partners(Target(20)), [], players=3)
    assert caught.value.field == "seats"
    assert str(caught.value) == "Race is for 4 players, not 3."


# ---------------------------------------------------------------------------------------------
# The status: one sentence for the table, for each end rule, before, during and after
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "deals", "players", "status"),
    [
        pytest.param(
            LowestWins(FixedDeals(3)),
            [],
            2,
            "No deals yet; 3 to play, lowest total wins.",
            id="fixed-lowest-before",
        ),
        pytest.param(
            LowestWins(FixedDeals(3)),
            [deal(7, 5)],
            2,
            "After deal 1 of 3: Seat 2 lowest on 5.",
            id="fixed-lowest-during",
        ),
        pytest.param(
            LowestWins(FixedDeals(3)),
            [deal(7, 5), deal(0, 2), deal(8, 7)],
            2,
            "Game over: Seat 2 wins on 14.",
            id="fixed-lowest-after",
        ),
        pytest.param(
            Race(FixedDeals(3)),
            [],
            2,
            "No deals yet; 3 to play, highest total wins.",
            id="fixed-highest-before",
        ),
        pytest.param(
            Race(FixedDeals(3)),
            [deal(7, 5, 7), deal(3, 0, 3)],
            3,
            "After deal 2 of 3: Seats 1 and 3 highest on 10.",
            id="fixed-highest-during-tied",
        ),
        pytest.param(
            Race(Target(20)), [], 2, "No deals yet; first to 20 wins.", id="target-before"
        ),
        pytest.param(
            Race(Target(20)),
            [deal(12, 3)],
            2,
            "Seat 1 leads with 12, 8 short of 20.",
            id="target-during",
        ),
        pytest.param(
            Race(Target(20)),
            [deal(5, 5)],
            2,
            "Seats 1 and 2 lead with 5, 15 short of 20.",
            id="target-during-tied",
        ),
        pytest.param(
            Race(Target(20)),
            [deal(25, 25)],
            2,
            "Seats 1 and 2 tie on 25, past 20: another deal decides.",
            id="target-tied-past-it",
        ),
        pytest.param(
            Race(Target(20)),
            [deal(20, 20, 3)],
            3,
            "Seats 1 and 2 tie on 20, the target: another deal decides.",
            id="target-tied-on-it",
        ),
        pytest.param(
            Race(Target(20)),
            [deal(12, 3), deal(18, 3)],
            2,
            "Game over: Seat 1 wins on 30.",
            id="target-after",
        ),
        pytest.param(
            Race(ExactTarget(9)), [], 2, "No deals yet; exactly 9 wins.", id="exact-before"
        ),
        pytest.param(
            Race(ExactTarget(9)),
            [deal(0, 7), deal(0, 4)],
            2,
            "Seat 2 leads with 7, 2 short of 9.",
            id="exact-during-after-a-bounce",
        ),
        pytest.param(
            Race(ExactTarget(9)),
            [deal(0, 7), deal(3, 2)],
            2,
            "Game over: Seat 2 wins on 9.",
            id="exact-after",
        ),
    ],
)
def test_the_status_says_where_the_game_stands(
    game: Race, deals: list[Deal], players: int, status: str
) -> None:
    assert tally(game, deals, players).status == status


def test_the_status_puts_the_players_names_in() -> None:
    result = tally(Race(Target(20)), [deal(5, 12, 5)], players=3)
    assert render(result.status, "en", NAMES) == "Tom leads with 12, 8 short of 20."
    assert result.as_dict()["status"] == "Seat 2 leads with 12, 8 short of 20."


def test_a_game_over_with_nobody_named_says_only_that() -> None:
    result = tally(Race(FixedDeals(7)), [deal(1, 2, ends=[])])
    assert result.finished
    assert result.winners == ()
    assert result.status == "Game over."


# ---------------------------------------------------------------------------------------------
# Notes: the house rules in play
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("changed", "notes"),
    [
        pytest.param({}, [], id="defaults-say-nothing"),
        pytest.param({"jokers_wild": True}, ["house rule jokers_wild: on"], id="switched-on"),
        pytest.param({"short_deck": False}, ["house rule short_deck: off"], id="switched-off"),
        pytest.param({"hand_size": 10}, ["house rule hand_size: 10"], id="a-number"),
        pytest.param({"ace": 11}, ["house rule ace: Ace counts 11"], id="a-choice-by-its-label"),
        pytest.param(
            {"ace": 11, "jokers_wild": True},
            ["house rule jokers_wild: on", "house rule ace: Ace counts 11"],
            id="several-in-declaration-order",
        ),
    ],
)
def test_notes_show_the_changed_house_rules_with_their_labels(
    changed: dict[str, Any], notes: list[str]
) -> None:
    game = Race(FixedDeals(3))
    options = game.options(changed)
    assert game.notes(options, 2) == notes
    assert game.tally([], players=2, options=options).notes == tuple(notes)


# ---------------------------------------------------------------------------------------------
# The rest of the contract a made-up game gets for free
# ---------------------------------------------------------------------------------------------


def test_a_deal_is_parsed_through_the_record_and_written_back() -> None:
    game = Partners(FixedDeals(3))
    parsed = game.parse_deal({"points": [12, 8]}, players=4, options=OPTIONS)
    assert parsed == deal(12, 8)
    assert game.deal_as_data(parsed, players=4, options=OPTIONS) == {
        "points": [12, 8],
        "outright": None,
    }


def test_a_malformed_deal_is_refused_by_the_record_before_the_game_reads_it() -> None:
    with pytest.raises(AdjudicationError) as caught:
        Partners(FixedDeals(3)).parse_deal({"points": [12, 8, 1]}, players=4, options=OPTIONS)
    assert caught.value.field == "points"
    assert str(caught.value) == "points lists 2 numbers, one for each side."
