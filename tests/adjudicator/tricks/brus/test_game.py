"""Brus as a game on the contract: two sides, the record two ways (trick by trick with passes
as turns with no cards, or quickly), a set number of hands, and the questions ``trick``,
``hand`` and ``tricks``."""

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
from adjudicator.tricks.brus.game import MOST_TRICKS, Brus
from adjudicator.tricks.brus.hand import Hand
from adjudicator.tricks.brus.rules import Options
from adjudicator.tricks.brus.score import QuickHand
from tests.adjudicator.tricks.brus.test_hand import BOTH_ON_FIVE, JAN, PLAYED_OUT, record

GAME = Brus()
OPTIONS = GAME.options()
FOUR = Naming(("Ann", "Ben", "Cy", "Di"), ((0, 2), (1, 3)))
SIX = Naming(("Ann", "Ben", "Cy", "Di", "Ed", "Flo"), ((0, 2, 4), (1, 3, 5)))


def parse(data: dict[str, Any], players: int = 4, options: Options = OPTIONS) -> Any:
    return GAME.parse_deal(data, players=players, options=options)


def tally(*deals: dict[str, Any], players: int = 4, options: Options = OPTIONS) -> Tally:
    return GAME.tally([parse(d, players, options) for d in deals], players=players, options=options)


def refusal(data: dict[str, Any], players: int = 4) -> AdjudicationError:
    with pytest.raises(AdjudicationError) as caught:
        parse(data, players)
    return caught.value


# --- The game's description -------------------------------------------------------------------


def test_brus_is_in_the_list_of_games() -> None:
    game = get_game("brus")
    assert isinstance(game, Brus)
    assert (game.name, game.family, game.min_players, game.max_players) == ("Brus", "tricks", 4, 6)
    assert game.lower_is_better is False


@pytest.mark.parametrize(
    ("players", "sides"),
    [
        pytest.param(4, ((0, 2), (1, 3)), id="6a-four-in-two-sides-of-two"),
        pytest.param(6, ((0, 2, 4), (1, 3, 5)), id="6a-six-in-two-sides-of-three-alternately"),
    ],
)
def test_seating(players: int, sides: tuple[Any, ...]) -> None:
    seating = GAME.seating(players, OPTIONS)
    assert (seating.players, seating.sides, seating.units) == (players, sides, sides)


def test_five_players_cannot_play() -> None:
    # Four, or six in two sides of three; never five (6a).
    assert GAME.table_sizes() == (4, 6)
    err = refusal({"won": [6, 0]}, players=5)
    assert (err.code, err.field) == ("bad_entry", "seats")
    assert "not 5" in str(err)


def test_the_record_has_two_ways_and_the_kc_either_way() -> None:
    for players in (4, 6):
        described = describe(GAME.record(OPTIONS, players))
        assert [(w["key"], w["fields"]) for w in described["ways"]] == [
            ("tricks", ["dealer", "tricks"]),
            ("quick", ["won"]),
        ]
        fields = {f["key"]: f for f in described["fields"]}
        assert [f["kind"] for f in described["fields"]] == ["seat", "tricks", "per_side", "side"]
        assert fields["tricks"]["max_tricks"] == MOST_TRICKS == 11
        assert fields["tricks"]["max_cards_per_play"] == 5  # four 7s laid, then the card led
        assert fields["tricks"]["plays_per_trick"] == 0  # one turn a seat
        assert fields["won"]["entry"]["maximum"] == 6
        assert fields["kc"]["optional"] is True


@pytest.mark.parametrize(
    ("house_rules", "hands"),
    [
        pytest.param({}, 12, id="6a-twelve-hands-by-default"),
        pytest.param({"hands": 3}, 3, id="6a-hands-as-the-table-sets"),
    ],
)
def test_the_end_rule_is_a_set_number_of_hands(house_rules: dict[str, Any], hands: int) -> None:
    options = GAME.options(house_rules)
    assert GAME.end_rule(options, 4) == GAME.end_rule(options, 6) == FixedDeals(hands)


# --- Recording a hand ---------------------------------------------------------------------------


def test_a_pass_is_a_turn_with_no_cards_in_the_record_and_its_schema() -> None:
    data = record(4, JAN, dealer=3)
    assert data["tricks"][0]["plays"][1] == {"seat": 1, "cards": ""}
    deal = parse(data)
    assert isinstance(deal, Hand)
    assert GAME.deal_as_data(deal, players=4, options=OPTIONS) == data
    jsonschema.validate(data, json_schema(GAME.record(OPTIONS, 4), 4))


@pytest.mark.parametrize(
    "data",
    [
        pytest.param({"won": [6, 2]}, id="quick"),
        pytest.param({"won": [5, 4], "kc": 0}, id="quick-with-the-kc"),
        pytest.param(record(4, PLAYED_OUT), id="tricks-played-out"),
        pytest.param(record(4, BOTH_ON_FIVE, kc=1), id="tricks-with-the-kc"),
        pytest.param(record(4, JAN, held={0: [(1, "KC")]}), id="tricks-with-a-card-held"),
    ],
)
def test_a_hand_round_trips_through_its_canonical_form(data: dict[str, Any]) -> None:
    deal = parse(data)
    again = GAME.deal_as_data(deal, players=4, options=OPTIONS)
    assert again == data
    assert parse(json.loads(json.dumps(again))) == deal
    jsonschema.validate(again, json_schema(GAME.record(OPTIONS, 4), 4))


def test_the_quick_way_reads_as_a_quick_hand() -> None:
    assert parse({"won": [5, 4], "kc": 0}) == QuickHand((5, 4), 0)


@pytest.mark.parametrize(
    ("data", "code", "field"),
    [
        pytest.param({"won": [6, 6]}, "impossible_hand", "won", id="6a-one-six-a-hand"),
        pytest.param({"won": [5, 3]}, "bad_entry", "kc", id="6a-name-the-kc-on-five"),
        pytest.param({"won": [6, 0], "tricks": []}, "bad_entry", "deal", id="one-way-only"),
        pytest.param(
            {"tricks": [{"plays": []}]}, "bad_entry", "tricks[0].plays", id="a-trick-has-turns"
        ),
        pytest.param(
            record(4, PLAYED_OUT[:2]), "incomplete_hand", "tricks", id="6a-record-to-the-end"
        ),
        pytest.param(record(4, BOTH_ON_FIVE), "bad_entry", "kc", id="BR-6-name-the-kc-by-tricks"),
        pytest.param(
            record(4, [["9C", "", "", ""], ["9C", "", "", ""]]),
            "too_many_copies",
            "tricks[1].plays[0].cards",
            id="6a-a-card-played-twice",
        ),
        pytest.param(
            record(4, [["9C", "10H"]]),
            "illegal_play",
            "tricks[0].plays[1].cards",
            id="6a-unplayable",
        ),
    ],
)
def test_a_hand_that_cannot_be_recorded_is_refused(
    data: dict[str, Any], code: str, field: str
) -> None:
    err = refusal(data)
    assert (err.code, err.field) == (code, field)


def test_a_refusal_names_the_players() -> None:
    err = refusal(record(4, [["9C", "", "AC"]]))
    assert err.named(FOUR) == (
        "Cy's AC does not beat the 9C: a card played to a trick must beat the highest so far; "
        "without one, the player passes (6a)."
    )


# --- The tally ------------------------------------------------------------------------------------


def test_each_hand_scores_its_side_with_the_working() -> None:
    result = tally({"won": [6, 0]}, record(4, BOTH_ON_FIVE, kc=1), {"won": [4, 6]})
    assert result.totals == (2, 2)
    first, second, third = result.deals
    assert (
        first.summary.named(FOUR) == "Jan! Ann and Cy's side took the first six tricks: 2 points."
    )
    assert [r.explanation for r in second.results] == [
        ("5 tricks, but side 2 held the KC: nothing (6a, BR-6)",),
        ("5 tricks and the KC, with no side on six: the hand, +1 (6a)",),
    ]
    assert second.results[0].explanation[0].named(FOUR) == (
        "5 tricks, but Ben and Di's side held the KC: nothing (6a, BR-6)"
    )
    assert third.results[1].detail == {
        "tricks": 6,
        "outcome": "six",
        "lines": [{"side": 1, "points": 1, "text": "6 tricks: the hand, +1 (6a)", "rule": "6a"}],
    }
    assert str(result.status) == "After hand 3 of 12: the two sides are level on 2."


def test_the_game_ends_after_the_set_hands_the_higher_total_winning() -> None:
    options = GAME.options({"hands": 2})
    result = tally({"won": [6, 3]}, {"won": [6, 0]}, options=options)
    assert (result.finished, result.winners, result.totals) == (True, (0,), (3, 0))
    assert result.status.named(FOUR) == "Game over: Ann and Cy's side wins on 3."
    with pytest.raises(GameOverError):
        tally({"won": [6, 3]}, {"won": [6, 0]}, {"won": [0, 6]}, options=options)


def test_a_tie_after_the_last_hand_is_shared() -> None:
    options = GAME.options({"hands": 2})
    result = tally({"won": [6, 3]}, {"won": [3, 6]}, options=options)
    assert (result.finished, result.winners) == (True, (0, 1))


def test_six_players_score_per_side_of_three() -> None:
    result = tally({"won": [1, 6]}, {"won": [5, 1], "kc": 0}, players=6)
    assert result.totals == (1, 1)
    assert (
        result.deals[0].summary.named(SIX)
        == "Ben, Di and Flo's side won the hand, six tricks to 1."
    )
    assert "Seats 1, 3 and 5 play against seats 2, 4 and 6" in [
        str(n) for n in GAME.notes(OPTIONS, 6)
    ]


def test_the_house_rule_must_beat_is_noted_under_the_tally() -> None:
    options = GAME.options({"must_beat": True})
    assert "house rule must_beat: on" in GAME.notes(options, 4)


# --- The questions ------------------------------------------------------------------------------


def ask(question: str, body: dict[str, Any]) -> dict[str, Any]:
    return GAME.ask(question, body)


def test_the_trick_question_judges_one_trick() -> None:
    plays = record(4, [["7H 7S AD", "9D", "", ""]])["tricks"][0]["plays"]
    answer = ask("trick", {"players": 4, "plays": plays})
    assert answer["legal"] is True and answer["complete"] is True
    assert (answer["winner"], answer["side"], answer["play"], answer["lead"], answer["beaten"]) == (
        1,
        1,
        1,
        0,
        0,
    )
    assert answer["sevens"] == [
        {"seat": 0, "cards": "7H", "side": 0},
        {"seat": 0, "cards": "7S", "side": 0},
    ]
    assert answer["won"] == [2, 1]
    assert answer["explanation"][-1] == (
        "Seat 2 wins the trick: the 9D is the highest card played (6a); seat 1 laid the 7H and "
        "7S: 2 tricks of their own (BR-4)"
    )
    json.dumps(answer)


def test_the_trick_question_says_why_a_turn_is_illegal() -> None:
    plays = [{"seat": 0, "cards": "9C"}, {"seat": 1, "cards": "8H"}]
    answer = ask("trick", {"players": 4, "plays": plays})
    assert answer["legal"] is False
    assert (answer["problem"]["code"], answer["problem"]["field"], answer["problem"]["seats"]) == (
        "illegal_play",
        "plays[1].cards",
        [1],
    )
    assert "BR-1" in answer["explanation"][0]


def test_the_trick_question_judges_a_trick_in_part() -> None:
    answer = ask("trick", {"players": 6, "plays": [{"seat": 2, "cards": "9C"}]})
    assert (answer["complete"], answer["winner"], answer["standing"]) == (False, None, 2)


def test_the_trick_question_under_must_beat_uses_what_was_held() -> None:
    body = {
        "players": 4,
        "plays": [{"seat": 0, "cards": "9D"}, {"seat": 1, "cards": ""}],
        "held": [{"seat": 1, "cards": "9C"}],
    }
    assert ask("trick", body)["legal"] is True
    answer = ask("trick", body | {"options": {"must_beat": True}})
    assert answer["legal"] is False
    assert (answer["problem"]["code"], answer["problem"]["field"]) == (
        "compulsory_play",
        "held[0].cards",
    )


def test_the_hand_question_scores_a_hand_either_way() -> None:
    quick = ask("hand", {"players": 4, "won": [5, 4], "kc": 0})
    assert (quick["points"], quick["outcome"], quick["winner"]) == ([1, 0], "kc", 0)
    assert (
        quick["summary"] == "Played out, 5 to 4: Side 1 won the hand with five tricks and the KC."
    )
    assert quick["explanation"][-2:] == ["Side 1 scores 1", "Side 2 scores 0"]
    by_tricks = ask("hand", {"players": 4, **record(4, JAN)})
    assert (by_tricks["points"], by_tricks["outcome"], by_tricks["tricks"]) == (
        [2, 0],
        "jan",
        [6, 0],
    )
    json.dumps(by_tricks)


def test_the_tricks_question_judges_each_trick_as_entered() -> None:
    data = record(4, [["7H 7S AD", "9D", "", ""], ["JC", "", ""]])
    answer = ask("tricks", {"players": 4, **data})
    first, second = answer["tricks"]
    assert set(first) == {"number", "complete", "problem", "winner", "side", "reason", "won"}
    assert (first["complete"], first["winner"], first["side"], first["won"]) == (True, 1, 1, (2, 1))
    assert isinstance(first["reason"], Message)
    assert first["reason"].named(FOUR) == (
        "the 9D is the highest card played (6a); Ann laid the 7H and 7S: 2 tricks of their own (BR-4)"
    )
    assert second == {"number": 2, "complete": False, "problem": None}
    assert (answer["won"], answer["over"]) == ((2, 1), False)


def test_the_tricks_question_stops_at_the_first_illegal_turn() -> None:
    data = record(4, [["9C", "", "", ""], ["8S", "", "AS"], ["6D"]])
    answer = ask("tricks", {"players": 4, **data})
    assert len(answer["tricks"]) == 2
    problem = answer["tricks"][1]["problem"]
    assert isinstance(problem, AdjudicationError)
    assert (problem.code, problem.field, problem.seats) == (
        "illegal_play",
        "tricks[1].plays[2].cards",
        (2,),
    )
    assert answer["won"] == (1, 0)


def test_the_tricks_question_says_when_the_hand_is_over() -> None:
    answer = ask("tricks", {"players": 4, **record(4, PLAYED_OUT)})
    assert answer["over"] is True
    assert answer["tricks"][-1]["complete"] is True  # the last playable card ends it at once
    after = ask("tricks", {"players": 4, **record(4, [*PLAYED_OUT, ["7C"]])})
    assert after["tricks"][-1]["problem"].code == "impossible_hand"


@pytest.mark.parametrize("question", ["trick", "hand", "tricks"])
def test_the_questions_are_for_four_or_six(question: str) -> None:
    with pytest.raises(AdjudicationError) as caught:
        ask(question, {"players": 5})
    assert (caught.value.code, caught.value.field) == ("bad_entry", "players")
