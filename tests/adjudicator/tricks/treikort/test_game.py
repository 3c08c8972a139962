"""Treikort as a game on the contract: three alone, a hand recorded two ways, a sitting of hands
as the game (T-3), the Pope in the tally (9a, T-4, T-5), and the questions."""

from __future__ import annotations

import json
from typing import Any

import jsonschema
import pytest

from adjudicator.errors import AdjudicationError, GameOverError
from adjudicator.game import FixedDeals
from adjudicator.games import get_game
from adjudicator.messages import Message
from adjudicator.records import describe, json_schema
from adjudicator.said import Naming
from adjudicator.tally import Tally
from adjudicator.tricks.treikort import (
    Hand,
    Options,
    QuickHand,
    Treikort,
    hand_counts,
    pope_after,
    sample_hand,
    tricks_won,
)
from tests.adjudicator.tricks.treikort.hands import HAND, record, whole_hand

GAME = Treikort()
OPTIONS = GAME.options()
NAMES = Naming(("Ann", "Ben", "Cy"))


def parse(data: dict[str, Any], options: Options = OPTIONS) -> Any:
    return GAME.parse_deal(data, players=3, options=options)


def quick(*won: tuple[int, int, int], options: Options = OPTIONS) -> list[QuickHand]:
    return [parse({"won": list(w)}, options) for w in won]


def tally(deals: list[Any], options: Options = OPTIONS) -> Tally:
    return GAME.tally(deals, players=3, options=options)


def named(text: str) -> str:
    return text.named(NAMES) if isinstance(text, Message) else text


# --- The game's description -------------------------------------------------------------------


def test_treikort_is_in_the_list_of_games() -> None:
    game = get_game("treikort")
    assert isinstance(game, Treikort)
    assert (game.name, game.family, game.min_players, game.max_players) == (
        "Treikort",
        "tricks",
        3,
        3,
    )
    assert game.lower_is_better is False
    assert [(m.key, m.symbol) for m in game.marks] == [("pope", "♛")]


@pytest.mark.parametrize("players", [2, 4])
def test_only_three_play(players: int) -> None:
    with pytest.raises(AdjudicationError) as caught:
        GAME.seating(players, OPTIONS)
    assert (caught.value.code, caught.value.field) == ("bad_entry", "seats")
    assert GAME.seating(3, OPTIONS).units == ((0,), (1,), (2,))


@pytest.mark.parametrize(
    "games",
    [
        pytest.param(1, id="T-3-one-hand"),
        pytest.param(6, id="T-3-default-six"),
        pytest.param(60, id="T-3-most"),
    ],
)
def test_a_game_is_a_sitting_of_so_many_hands(games: int) -> None:
    options = GAME.options({"games": games})
    assert GAME.end_rule(options, 3) == FixedDeals(games)
    assert OPTIONS.games == 6


def test_the_record_has_two_ways() -> None:
    described = describe(GAME.record(OPTIONS, 3))
    assert [(w["key"], w["fields"]) for w in described["ways"]] == [
        ("tricks", ["dealer", "tricks"]),
        ("quick", ["won"]),
    ]
    fields = {f["key"]: f for f in described["fields"]}
    assert [f["kind"] for f in described["fields"]] == ["seat", "tricks", "per_side"]
    assert (
        fields["tricks"]["max_tricks"],
        fields["tricks"]["max_cards_per_play"],
        fields["tricks"]["plays_per_trick"],
    ) == (9, 1, 3)
    assert fields["won"]["entry"]["maximum"] == 9
    assert fields["dealer"]["optional"] is True


# --- The record, both ways --------------------------------------------------------------------

ROUND_TRIPS = [
    pytest.param({"won": [5, 3, 1]}, id="quick"),
    pytest.param({"won": [9, 0, 0]}, id="quick-all-nine"),
    pytest.param(whole_hand(), id="tricks-dealer"),
    pytest.param(sample_hand(seed=4), id="tricks-no-dealer"),
]


@pytest.mark.parametrize("data", ROUND_TRIPS)
def test_both_ways_round_trip_through_the_canonical_form(data: dict[str, Any]) -> None:
    deal = parse(data)
    assert isinstance(deal, Hand if "tricks" in data else QuickHand)
    canonical = GAME.deal_as_data(deal, players=3, options=OPTIONS)
    assert canonical == data
    jsonschema.validate(canonical, json_schema(GAME.record(OPTIONS, 3), 3))
    assert parse(json.loads(json.dumps(canonical))) == deal


def test_the_canonical_forms() -> None:
    assert GAME.deal_as_data(parse({"won": [5, 3, 1]}), players=3, options=OPTIONS) == {
        "won": [5, 3, 1]
    }
    hand = parse({"tricks": whole_hand()["tricks"], "dealer": 2})
    data = GAME.deal_as_data(hand, players=3, options=OPTIONS)
    assert list(data) == ["dealer", "tricks"]
    assert data["tricks"][0] == {
        "plays": [
            {"seat": 0, "cards": "QC"},
            {"seat": 1, "cards": "8C"},
            {"seat": 2, "cards": "8H"},
        ]
    }


REFUSALS = [
    pytest.param({"won": [5, 3, 0]}, "impossible_hand", "won", (), id="T-3-quick-short-of-nine"),
    pytest.param({"won": [10, 0, 0]}, "bad_entry", "won[0]", (), id="quick-past-nine"),
    pytest.param({"won": [5, 4]}, "bad_entry", "won", (), id="quick-two-players"),
    pytest.param({"won": [5, 3, 1], "tricks": []}, "bad_entry", "deal", (), id="both-ways"),
    pytest.param({}, "bad_entry", "deal", (), id="neither-way"),
    pytest.param(
        record([["7H", "AS", "8C"]]),
        "illegal_play",
        "tricks[0].plays[0].cards",
        (0,),
        id="9a-a-7-led-before-winning-a-trick",
    ),
    pytest.param(
        record([["AS", "8C", "8H"]], leader=1, dealer=2),
        "out_of_turn",
        "tricks[0].plays[0].seat",
        (1, 0),
        id="9a-the-dealers-left-leads",
    ),
    pytest.param(
        {"tricks": [{"plays": [{"seat": 0, "cards": "AS"}, {"seat": 2, "cards": "8C"}]}]},
        "out_of_turn",
        "tricks[0].plays[1].seat",
        (2, 1),
        id="9a-round-the-table",
    ),
    pytest.param(
        record([["AS", "8C", "8H"], ["AS", "6C", "6D"]]),
        "too_many_copies",
        "tricks[1].plays[0].cards",
        (0,),
        id="a-card-played-twice-in-a-hand",
    ),
    pytest.param(
        record([["AS", "KS", "8H"]]),
        "not_in_pack",
        "tricks[0].plays[1].cards",
        (1,),
        id="9a-a-card-not-in-the-pack",
    ),
    pytest.param(
        record([["AS", "6C 6D", "8H"]]),
        "bad_entry",
        "tricks[0].plays[1].cards",
        (1,),
        id="one-card-a-play",
    ),
    pytest.param(
        record([["AS", "", "8H"]]),
        "illegal_play",
        "tricks[0].plays[1].cards",
        (1,),
        id="no-passing",
    ),
    pytest.param(
        {"tricks": [{"plays": [{"seat": 0, "cards": "AS"}], "held": [{"seat": 1, "cards": "QC"}]}]},
        "bad_entry",
        "tricks[0].held",
        (1,),
        id="nothing-is-noted-as-held",
    ),
    pytest.param(
        record(HAND[:8], dealer=2),
        "incomplete_hand",
        "tricks",
        (),
        id="9a-a-hand-is-nine-tricks",
    ),
    pytest.param(
        record([*HAND, ["8C", "8H", "8D"]]),
        "bad_entry",
        "tricks",
        (),
        id="no-tenth-trick",
    ),
]


@pytest.mark.parametrize(("data", "code", "field", "seats"), REFUSALS)
def test_refusals_carry_their_code_field_and_seats(
    data: dict[str, Any], code: str, field: str, seats: tuple[int, ...]
) -> None:
    with pytest.raises(AdjudicationError) as caught:
        parse(data)
    err = caught.value
    assert (err.code, err.field, err.seats) == (code, field, seats)
    json.dumps(err.as_dict())


def test_a_refusal_names_the_players() -> None:
    with pytest.raises(AdjudicationError) as caught:
        parse(record([["7H", "AS", "8C"]]))
    assert caught.value.named(NAMES) == (
        "Ann may not lead the 7H: a 7 may be led only by a player who has already won a trick "
        "this hand (9a)."
    )


# --- One hand scored --------------------------------------------------------------------------


def test_a_hand_by_tricks_scores_each_players_tricks_with_which_they_won() -> None:
    result = tally([parse(whole_hand())])
    deal = result.deals[0]
    assert [r.points for r in deal.results] == [5, 4, 0]
    assert deal.results[0].explanation[0] == "5 tricks of 9: tricks 1, 2, 3, 4 and 5 (T-3)"
    assert deal.results[1].explanation[0] == "4 tricks of 9: tricks 6, 7, 8 and 9 (T-3)"
    assert deal.results[2].explanation[0] == "0 tricks of 9 (T-3)"
    assert deal.results[0].explanation[1] == (
        "5 tricks over hand 1: 13 or more make the Pope (T-4)"
    )
    assert named(deal.summary) == "Ann won the hand, 5 tricks to 4 and 0."
    assert deal.results[1].detail == {"tricks": 4, "pope": False, "window_tricks": 4}


def test_a_hand_scores_the_same_from_its_tricks_and_its_quick_summary() -> None:
    by_tricks = tally([parse(whole_hand())])
    by_quick = tally(quick((5, 4, 0)))
    assert by_tricks.totals == by_quick.totals == (5, 4, 0)
    assert tricks_won(parse(whole_hand())) == (5, 4, 0)


@pytest.mark.parametrize(
    ("won", "summary"),
    [
        pytest.param((5, 3, 1), "Ann won the hand, 5 tricks to 3 and 1.", id="T-3-most-tricks"),
        pytest.param((1, 4, 4), "Ben and Cy won 4 tricks each; Ann took 1.", id="T-3-tie-shared"),
        pytest.param((3, 3, 3), "Ann, Ben and Cy won 3 tricks each.", id="T-3-three-way-tie"),
        pytest.param((0, 9, 0), "Ben won the hand, 9 tricks to 0 and 0.", id="T-3-all-nine"),
    ],
)
def test_the_hand_summary_names_who_won_it(won: tuple[int, int, int], summary: str) -> None:
    assert named(tally(quick(won)).deals[0].summary) == summary


# --- The sitting ----------------------------------------------------------------------------------


def test_the_most_tricks_over_the_sitting_wins_and_then_the_game_is_over() -> None:
    options = GAME.options({"games": 3, "pope": False})
    hands = quick((5, 3, 1), (2, 3, 4), (1, 4, 4), options=options)
    result = tally(hands, options)
    assert result.finished
    assert (result.totals, result.winners) == ((8, 10, 9), (1,))
    assert named(result.status) == "Game over: Ben wins on 10."
    with pytest.raises(GameOverError):
        tally([*hands, *quick((3, 3, 3), options=options)], options)


def test_a_tie_on_most_tricks_is_shared() -> None:
    options = GAME.options({"games": 2, "pope": False})
    result = tally(quick((5, 3, 1), (3, 5, 1), options=options), options)
    assert result.winners == (0, 1)
    assert named(result.status) == "Game over: Ann and Ben win on 8."


# --- The Pope in the tally ------------------------------------------------------------------------

POPE_HANDS = [(5, 4, 0), (6, 2, 1), (3, 3, 3), (4, 4, 1), (1, 1, 7)]


def test_the_pope_is_told_hand_by_hand_and_marked_for_each_hand_played_as_pope() -> None:
    result = tally(quick(*POPE_HANDS))
    assert [named(d.summary) for d in result.deals] == [
        "Ann won the hand, 5 tricks to 4 and 0.",
        "Ann won the hand, 6 tricks to 2 and 1.",
        "Ann, Ben and Cy won 3 tricks each. Ann is Pope: 14 tricks over hands 1 to 3, 13 or more "
        "(9a, T-4).",
        "Ann and Ben won 4 tricks each; Cy took 1. Ann stays Pope: 13 tricks over hands 2 to 4 "
        "(9a, T-4).",
        "Cy won the hand, 7 tricks to 1 and 1. Ann is no longer Pope: 8 tricks over hands 3 to 5, "
        "short of 13 (9a, T-4).",
    ]
    # Ann played hands 4 and 5 as Pope.
    assert result.marks == {"pope": (2, 0, 0)}
    assert "played the hand as Pope ♛, with the two exchanges (9a)" in (
        result.deals[3].results[0].explanation
    )
    assert result.deals[3].results[0].detail["pope"] is True
    assert named(result.status) == (
        "After hand 5 of 6: Ann highest on 19. Ann is no longer Pope: 8 tricks over hands 3 to "
        "5, short of 13 (9a, T-4)."
    )


def test_while_someone_is_pope_the_status_says_so_and_the_notes_remind_the_exchanges() -> None:
    result = tally(quick(*POPE_HANDS[:3]))
    assert named(result.status) == (
        "After hand 3 of 6: Ann highest on 14. Ann is Pope: 14 tricks over hands 1 to 3, 13 or "
        "more (9a, T-4)."
    )
    assert [named(n) for n in result.notes] == [
        "The Pope: 13 or more tricks over the last three hands (9a, T-4); ♛ counts the hands "
        "played as Pope.",
        "Ann is Pope: before the cards are played, Ann takes the highest card from one opponent "
        "of their choosing (if two cards tie for highest, the opponent picks which, T-2) and "
        "gives back any card; then takes a 7 from the other opponent, who gives none if they "
        "hold no 7, and gives back any card (9a).",
    ]
    json.dumps(result.as_dict())


def test_the_tallys_pope_is_the_pope_functions() -> None:
    result = tally(quick(*POPE_HANDS))
    assert hand_counts(result) == tuple(POPE_HANDS)
    for n in range(1, len(POPE_HANDS) + 1):
        status = pope_after(POPE_HANDS[:n])
        assert tally(quick(*POPE_HANDS[:n])).marks["pope"] == tuple(
            sum(1 for p in status.played_as_pope if p == s) for s in range(3)
        )


def test_the_house_rule_pope_holds_reaches_the_tally() -> None:
    hands = [(6, 3, 0), (5, 4, 0), (3, 6, 0), (5, 4, 0), (4, 4, 1)]
    most = tally(quick(*hands))
    held = GAME.options({"pope_holds": "while_thirteen"})
    holds = tally(quick(*hands, options=held), held)
    # After hand 4, Ben (14) takes the title from Ann (13), unless the Pope holds it at 13.
    assert most.marks["pope"] == (1, 1, 0)
    assert holds.marks["pope"] == (2, 0, 0)
    assert (
        "house rule pope_holds: The Pope keeps the title while at 13 or more, whoever has more"
        in [str(n) for n in holds.notes]
    )


def test_without_the_pope_nothing_is_said_or_marked() -> None:
    options = GAME.options({"pope": False})
    result = tally(quick(*POPE_HANDS, options=options), options)
    assert result.marks == {"pope": (0, 0, 0)}
    assert named(result.deals[2].summary) == "Ann, Ben and Cy won 3 tricks each."
    assert all(
        "Pope" not in line for d in result.deals for r in d.results for line in r.explanation
    )
    assert named(result.status) == "After hand 5 of 6: Ann highest on 19."
    assert [str(n) for n in result.notes] == ["house rule pope: off"]


def test_a_game_over_still_names_the_pope_but_reminds_no_exchanges() -> None:
    options = GAME.options({"games": 3})
    result = tally(quick(*POPE_HANDS[:3], options=options), options)
    assert result.finished
    assert named(result.status) == (
        "Game over: Ann wins on 14. Ann is Pope: 14 tricks over hands 1 to 3, 13 or more (9a, T-4)."
    )
    assert len(result.notes) == 2  # the house rule and the Pope rule, no exchanges


# --- Sample deals -------------------------------------------------------------------------------


def test_sample_deals_alternate_ways_and_pass_the_deal_left() -> None:
    samples = [GAME.sample_deal(players=3, options=OPTIONS, number=n) for n in range(1, 9)]
    assert ["tricks" in s for s in samples] == [True, False] * 4
    assert ["dealer" in s for s in samples] == [True, False, False, False] * 2
    assert samples[0]["dealer"] == 0 and samples[4]["dealer"] == 1  # hands 1 and 5
    for number, sample in enumerate(samples, start=1):
        deal = parse(sample)
        assert GAME.deal_as_data(deal, players=3, options=OPTIONS) == sample
        if "tricks" in sample:
            # The deal passes left: the seat at the left of hand n's dealer leads it.
            assert sample["tricks"][0]["plays"][0]["seat"] == number % 3
    assert sum(sum(tricks_won(parse(s))) for s in samples) == 9 * 8
