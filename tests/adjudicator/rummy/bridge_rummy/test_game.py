"""Bridge Rummy: rules ``shared/seeds/001``, rulings ``shared/rulings.md`` section 3 (R-1 … R-11)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

import pytest

from adjudicator.cards import parse_cards
from adjudicator.errors import (
    AdjudicationError,
    BadCardError,
    BadEntryError,
    BadOptionError,
    GameOverError,
    ImpossibleCountError,
    InitialMeldTooLowError,
    TooManyCopiesError,
    UnknownOptionError,
)
from adjudicator.games import get_game
from adjudicator.rummy.bridge_rummy.game import BridgeRummy, Deal, charge_deal
from adjudicator.rummy.bridge_rummy.melding import (
    Options,
    Table,
    held_value,
    judge_initial_meld,
    judge_layoff,
    judge_meld,
    round10,
)
from adjudicator.tally import SeatResult, Tally

GAME = BridgeRummy()
DEFAULTS = Options()
ONE_OR_THREE = Table(other_hand_sizes=(3,))
JOKER_IN_RUN = (
    "a joker may go in a run only while another player holds one or three cards, or when the "
    "card it stands for is cinched (both {} out of play)"
)
R6 = (
    "house rule: a single card may be laid off onto a meld with a joker only while another "
    "player holds one or three cards"
)


def deal(data: dict[str, Any], *, players: int = 4, options: Options = DEFAULTS) -> Deal:
    return GAME.parse_deal(data, players=players, options=options)


def tally(raw: Sequence[dict[str, Any]], *, players: int, **options: Any) -> Tally:
    opts = GAME.options(options)
    return GAME.tally(
        [deal(d, players=players, options=opts) for d in raw], players=players, options=opts
    )


def charge(hand: dict[str, Any], *, hand_rummy: bool = False, **options: Any) -> SeatResult:
    """What the one loser of a two-player deal pays for ``hand``."""
    opts = GAME.options(options)
    raw = {"went_out": 0, "hand_rummy": hand_rummy, "hands": [{"seat": 1, **hand}]}
    return charge_deal(deal(raw, players=2, options=opts), opts)[1]


# ---------------------------------------------------------------------------------------------
# Card values
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("points", "rounded"),
    [
        pytest.param(25, 20, id="25-down"),
        pytest.param(26, 30, id="26-up"),
        pytest.param(5, 0, id="5-down"),
        pytest.param(6, 10, id="6-up"),
        pytest.param(15, 10, id="15-down"),
        pytest.param(16, 20, id="16-up"),
        pytest.param(0, 0, id="0"),
        pytest.param(30, 30, id="30-stays"),
        pytest.param(53, 50, id="53-down"),
        pytest.param(99, 100, id="99-up"),
        pytest.param(195, 190, id="195-down"),
    ],
)
def test_round10_five_or_less_rounds_down_six_or_more_up(points: int, rounded: int) -> None:
    assert round10(points) == rounded


@pytest.mark.parametrize(
    ("text", "value"),
    [
        pytest.param("AS", 10, id="ace-10"),
        pytest.param("KD", 10, id="king-10"),
        pytest.param("QH", 10, id="queen-10"),
        pytest.param("JC", 10, id="jack-10"),
        pytest.param("10S", 10, id="ten-10"),
        pytest.param("9D", 9, id="nine-pips"),
        pytest.param("2C", 2, id="two-pips"),
        pytest.param("JK", 15, id="joker-15"),
    ],
)
def test_held_value(text: str, value: int) -> None:
    assert held_value(parse_cards(text)[0]) == value


# ---------------------------------------------------------------------------------------------
# Meld values towards the 50
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "options", "value"),
    [
        pytest.param("AS 2S 3S", DEFAULTS, 15, id="R-1-A-2-3-is-15-by-default"),
        pytest.param("AS 2S 3S", Options(ace_low_value=1), 6, id="R-1-A-2-3-is-6-ace-low-1"),
        pytest.param("AS 2S 3S 4S", Options(ace_low_value=1), 10, id="R-1-A-2-3-4-ace-low-1"),
        pytest.param("QS KS AS", DEFAULTS, 30, id="R-1-Q-K-A-is-30"),
        pytest.param("QS KS AS", Options(ace_low_value=1), 30, id="R-1-Q-K-A-stays-30"),
        pytest.param("AS AH AD", Options(ace_low_value=1), 30, id="set-of-aces-always-10-each"),
        pytest.param("KS KH JK", DEFAULTS, 30, id="R-2-K-K-JK-is-30"),
        pytest.param("7S 7H JK=7C", DEFAULTS, 21, id="R-2-joker-counts-its-card-in-a-set"),
        pytest.param("7S 7H 7D 7C", DEFAULTS, 28, id="set-of-four"),
        pytest.param("9H 10H JH QH KH", DEFAULTS, 49, id="courts-and-ten-are-10"),
    ],
)
def test_meld_value(cards: str, options: Options, value: int) -> None:
    verdict = judge_meld(cards, Table(), options)
    assert verdict.valid
    assert verdict.value == value


@pytest.mark.parametrize(
    ("cards", "options", "value"),
    [
        pytest.param("4C JK 6C", DEFAULTS, 15, id="joker-counts-the-card-it-stands-for"),
        pytest.param("JK=AS 2S 3S", DEFAULTS, 15, id="joker-as-low-ace-10"),
        pytest.param("JK=AS 2S 3S", Options(ace_low_value=1), 6, id="joker-as-low-ace-1"),
        pytest.param("QS KS JK=AS", Options(ace_low_value=1), 30, id="joker-as-high-ace-10"),
    ],
)
def test_joker_in_a_run_counts_as_its_card(cards: str, options: Options, value: int) -> None:
    assert judge_meld(cards, ONE_OR_THREE, options).value == value


@pytest.mark.parametrize(
    ("cards", "options", "explanation"),
    [
        pytest.param(
            "AS 2S 3S", DEFAULTS, ("run AS 2S 3S: AS 10 + 2S 2 + 3S 3 = 15",), id="default"
        ),
        pytest.param(
            "AS 2S 3S",
            Options(ace_low_value=1),
            (
                "run AS 2S 3S: AS 1 + 2S 2 + 3S 3 = 6",
                "house rule “Ace low value”: the ace in A-2-3 counts 1 (R-1)",
            ),
            id="ace-low-value-1",
        ),
        pytest.param(
            "KS KH JK",
            DEFAULTS,
            ("set KS KH JK=KD: KS 10 + KH 10 + JK=KD 10 = 30",),
            id="joker-in-a-set",
        ),
    ],
)
def test_meld_explanation(cards: str, options: Options, explanation: tuple[str, ...]) -> None:
    assert judge_meld(cards, Table(), options).explanation == explanation


@pytest.mark.parametrize(
    ("cards", "problems"),
    [
        pytest.param("KS KS KH", 1, id="set-duplicate-suit"),
        pytest.param("KS AS 2S", 1, id="no-round-the-corner"),
        pytest.param("QS KS AS 2S", 1, id="no-2-on-Q-K-A"),
        pytest.param("KS KH KD KC KS", 2, id="six-kings-meld-as-two-sets"),
    ],
)
def test_bridge_rummy_refuses_what_the_rules_refuse(cards: str, problems: int) -> None:
    verdict = judge_meld(cards, ONE_OR_THREE, DEFAULTS)
    assert not verdict.valid
    assert verdict.value == 0
    assert len(verdict.problems) == problems


@pytest.mark.parametrize(
    ("options", "valid"),
    [
        pytest.param(DEFAULTS, True, id="R-8-one-natural-is-legal"),
        pytest.param(Options(min_naturals_per_meld=2), False, id="R-8-house-two-naturals"),
    ],
)
def test_one_natural_card_with_jokers(options: Options, valid: bool) -> None:
    assert judge_meld("KS JK JK", Table(), options).valid is valid


# ---------------------------------------------------------------------------------------------
# Jokers in runs: the One-or-Three rule and cinches
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "table", "refused"),
    [
        pytest.param("4C JK 6C", Table(), ["5C"], id="refused-without-one-or-three"),
        pytest.param("4C JK 6C", Table(other_hand_sizes=(1,)), [], id="another-holds-one"),
        pytest.param("4C JK 6C", Table(other_hand_sizes=(3,)), [], id="another-holds-three"),
        pytest.param("4C JK 6C", Table(other_hand_sizes=(8, 3, 5)), [], id="any-other-one"),
        pytest.param("4C JK 6C", Table(other_hand_sizes=(2, 4, 5)), ["5C"], id="two-four-five"),
        pytest.param(
            "4C JK 6C", Table(out_of_play=parse_cards("5C 5C")), [], id="cinched-both-copies-out"
        ),
        pytest.param(
            "4C JK 6C", Table(out_of_play=parse_cards("5C")), ["5C"], id="one-copy-out-no-cinch"
        ),
        pytest.param(
            "4C JK 6C",
            Table(out_of_play=parse_cards("5C 5D 5H")),
            ["5C"],
            id="other-fives-out-no-cinch",
        ),
        pytest.param(
            "4C JK=5C JK=6C 7C",
            Table(out_of_play=parse_cards("5C 5C")),
            ["6C"],
            id="only-the-cinched-joker-allowed",
        ),
        pytest.param(
            "4C JK=5C JK=6C 7C",
            Table(other_hand_sizes=(2,), out_of_play=parse_cards("5C 5C 6C 6C")),
            [],
            id="both-cinched",
        ),
        pytest.param("KS KH JK", Table(), [], id="joker-in-a-set-always-allowed"),
        pytest.param("KS JK JK", Table(other_hand_sizes=(2,)), [], id="two-jokers-in-a-set"),
    ],
)
def test_joker_in_a_run_needs_one_or_three_or_a_cinch(
    cards: str, table: Table, refused: list[str]
) -> None:
    verdict = judge_meld(cards, table, DEFAULTS)
    assert list(verdict.problems) == [JOKER_IN_RUN.format(card) for card in refused]
    assert verdict.valid is (not refused)


@pytest.mark.parametrize(
    "others",
    [
        pytest.param((), id="alone-with-three"),
        pytest.param((2, 4), id="others-hold-two-and-four"),
    ],
)
def test_r7_own_hand_size_does_not_count(others: tuple[int, ...]) -> None:
    # "someone ELSE has one or three cards"; the Table has no place for one's own hand.
    assert [f.name for f in dataclasses.fields(Table)] == ["other_hand_sizes", "out_of_play"]
    assert not judge_meld("4C JK 6C", Table(other_hand_sizes=others), DEFAULTS).valid
    answer = GAME.ask("meld", {"cards": "4C JK 6C", "other_hand_sizes": list(others)})
    assert answer["valid"] is False


# ---------------------------------------------------------------------------------------------
# Lay-offs
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("added", "onto", "table", "value", "problems"),
    [
        pytest.param("7C", "4C 5C 6C", Table(), 7, [], id="natural-onto-a-run"),
        pytest.param("KC", "KS KH KD", Table(), 10, [], id="natural-onto-a-set"),
        pytest.param("2C 3C", "4C 5C 6C", Table(), 5, [], id="two-below-a-run"),
        pytest.param("JS", "QS KS AS", Table(), 10, [], id="below-Q-K-A"),
        pytest.param(
            "7C", "4C JK=5C 6C", Table(), 7, [], id="natural-onto-a-run-with-a-joker-already"
        ),
        pytest.param(
            "JK=7C", "4C 5C 6C", Table(), 0, [JOKER_IN_RUN.format("7C")], id="joker-onto-a-run"
        ),
        pytest.param("JK=7C", "4C 5C 6C", ONE_OR_THREE, 7, [], id="joker-onto-a-run-one-or-three"),
        pytest.param("JK", "KS KH KD", Table(), 10, [], id="joker-onto-a-set"),
        pytest.param(
            "2S",
            "QS KS AS",
            Table(),
            0,
            [
                "QS KS AS 2S are not in sequence (the ace is high or low, not round the corner "
                "in Bridge Rummy)"
            ],
            id="no-2-on-Q-K-A",
        ),
    ],
)
def test_layoff(added: str, onto: str, table: Table, value: int, problems: list[str]) -> None:
    layoff = judge_layoff(added, onto, table, DEFAULTS)
    assert layoff.value == value
    assert list(layoff.verdict.problems) == problems


def test_layoff_onto_something_that_is_not_a_meld() -> None:
    layoff = judge_layoff("7C", "4C 5C", Table(), DEFAULTS)
    assert layoff.value == 0
    assert layoff.verdict.problems[0].startswith("the meld laid onto is not a meld: ")


def test_layoff_explanation() -> None:
    assert judge_layoff("7C", "4C 5C 6C", Table(), DEFAULTS).verdict.explanation == (
        "laid off 7C onto 4C 5C 6C: 7",
    )


@pytest.mark.parametrize(
    ("added", "onto", "table", "house_rule", "refused"),
    [
        pytest.param("7C", "4C JK=5C 6C", Table(), False, False, id="off-by-default"),
        pytest.param("7C", "4C JK=5C 6C", Table(), True, True, id="single-card-onto-joker-run"),
        pytest.param("KC", "KS KH JK", Table(), True, True, id="single-card-onto-joker-set"),
        pytest.param("7C", "4C JK=5C 6C", ONE_OR_THREE, True, False, id="allowed-one-or-three"),
        pytest.param(
            "7C", "4C JK=5C 6C", Table(other_hand_sizes=(1,)), True, False, id="allowed-one"
        ),
        pytest.param("7C 8C", "4C JK=5C 6C", Table(), True, False, id="two-cards-not-single"),
        pytest.param("7C", "4C 5C 6C", Table(), True, False, id="meld-without-a-joker"),
        pytest.param("JK", "KS KH KD", Table(), True, False, id="joker-onto-a-set-without-one"),
    ],
)
def test_r6_house_rule_single_layoff_onto_a_melded_joker(
    added: str, onto: str, table: Table, house_rule: bool, refused: bool
) -> None:
    options = Options(single_layoff_to_joker_needs_one_or_three=house_rule)
    layoff = judge_layoff(added, onto, table, options)
    assert list(layoff.verdict.problems) == ([R6] if refused else [])
    assert (layoff.value == 0) is refused


# ---------------------------------------------------------------------------------------------
# The initial meld of 50
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("melds", "layoffs", "options", "total", "reaches"),
    [
        pytest.param(["9H 10H JH QH KH"], [], DEFAULTS, 49, False, id="49-short"),
        pytest.param(["10H JH QH KH AH"], [], DEFAULTS, 50, True, id="50-reaches"),
        pytest.param(
            ["KS KH KD", "AS 2S 3S"], [("5H", "6H 7H 8H")], DEFAULTS, 50, True, id="layoff-makes-50"
        ),
        pytest.param(
            ["KS KH KD", "AS 2S 3S"], [("4H", "5H 6H 7H")], DEFAULTS, 49, False, id="layoff-49"
        ),
        pytest.param(
            ["KS KH KD", "AS 2S 3S"],
            [("5H", "6H 7H 8H")],
            Options(ace_low_value=1),
            41,
            False,
            id="R-1-ace-low-1-falls-short",
        ),
        pytest.param(
            ["KS KH KD", "4C 5C 6C"], [("7C", "4C 5C 6C")], DEFAULTS, 52, True, id="docs-example"
        ),
        pytest.param(
            [],
            [("JS 10S 9S 8S", "QS KS AS"), ("KC", "KS KH KD")],
            DEFAULTS,
            47,
            False,
            id="only-layoffs",
        ),
        pytest.param(
            ["KS KH KD"],
            [("QC JC 10C", "KC AC 2C"), ("4D", "5D 6D 7D")],
            DEFAULTS,
            34,
            False,
            id="layoff-onto-a-non-meld-adds-nothing",
        ),
    ],
)
def test_initial_meld_counts_layoffs_towards_the_50(
    melds: list[str],
    layoffs: list[tuple[str, str]],
    options: Options,
    total: int,
    reaches: bool,
) -> None:
    result = judge_initial_meld(melds, layoffs, Table(), options)
    assert result.total == total
    assert result.reaches_50 is reaches


def test_initial_meld_explains_the_total() -> None:
    short = judge_initial_meld(["9H 10H JH QH KH"], [], Table(), DEFAULTS)
    assert short.explanation()[-1] == "total 49: short of 50"
    made = judge_initial_meld(["KS KH KD", "4C 5C 6C"], [("7C", "4C 5C 6C")], Table(), DEFAULTS)
    assert made.explanation() == (
        "set KS KH KD: KS 10 + KH 10 + KD 10 = 30",
        "run 4C 5C 6C: 4C 4 + 5C 5 + 6C 6 = 15",
        "laid off 7C onto 4C 5C 6C: 7",
        "total 52: reaches 50",
    )


def test_an_invalid_meld_spoils_the_initial_meld_even_with_50_elsewhere() -> None:
    result = judge_initial_meld(["KS KS KH", "10H JH QH KH AH"], [], Table(), DEFAULTS)
    assert not result.valid
    assert not result.reaches_50
    assert result.explanation()[-1] == "not every meld stands, so the initial meld cannot be made"


def test_a_joker_in_a_run_spoils_the_initial_meld_without_one_or_three() -> None:
    melds = ["10H JK=JH QH KH AH"]
    assert not judge_initial_meld(melds, [], Table(), DEFAULTS).reaches_50
    assert judge_initial_meld(melds, [], ONE_OR_THREE, DEFAULTS).reaches_50


FOURTEEN_OWN = ["AS 2S 3S 4S 5S", "KH KD KC", "7C 8C 9C", "JD JH JS"]
ELEVEN_OWN = ["AS 2S 3S 4S 5S", "KH KD KC", "JD JH JS"]
THREE_LAID_OFF = [("7C 8C 9C", "4C 5C 6C")]


@pytest.mark.parametrize(
    ("melds", "layoffs", "hand_size", "options", "hand_rummy"),
    [
        pytest.param(FOURTEEN_OWN, [], 15, DEFAULTS, True, id="fourteen-melded-one-discard"),
        pytest.param(FOURTEEN_OWN, [], 16, DEFAULTS, False, id="a-card-left-over"),
        pytest.param(FOURTEEN_OWN, [], None, DEFAULTS, None, id="hand-size-not-given"),
        pytest.param(ELEVEN_OWN, THREE_LAID_OFF, 15, DEFAULTS, True, id="R-4-layoffs-count"),
        pytest.param(
            ELEVEN_OWN,
            THREE_LAID_OFF,
            15,
            Options(hand_rummy_own_melds_only=True),
            False,
            id="R-4-house-own-melds-only",
        ),
        pytest.param(
            FOURTEEN_OWN,
            [],
            15,
            Options(hand_rummy_own_melds_only=True),
            True,
            id="R-4-house-own-melds-suffice",
        ),
        pytest.param(
            ["AS 2S 3S 4S 5S", "AH 2H 3H 4H 5H", "AD 2D 3D 4D"],
            [],
            15,
            Options(ace_low_value=1),
            False,
            id="fourteen-cards-short-of-50-is-no-first-meld",
        ),
        pytest.param(
            ["AS 2S 3S 4S 5S", "KH KD KC", "7C 8C 9C", "JD JD JS"],
            [],
            15,
            DEFAULTS,
            False,
            id="an-invalid-meld-is-no-hand-rummy",
        ),
    ],
)
def test_hand_rummy_is_a_first_meld_that_leaves_only_the_discard(
    melds: list[str],
    layoffs: list[tuple[str, str]],
    hand_size: int | None,
    options: Options,
    hand_rummy: bool | None,
) -> None:
    result = judge_initial_meld(melds, layoffs, Table(), options, hand_size=hand_size)
    assert result.hand_rummy is hand_rummy
    said = "every card but the discard laid out in the first meld: hand rummy"
    assert (said in result.explanation()) is bool(hand_rummy)


# ---------------------------------------------------------------------------------------------
# Deal charges
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand_rummy", "points", "explanation"),
    [
        pytest.param(False, -20, "went out: -20, and a star", id="went-out--20"),
        pytest.param(True, -40, "hand rummy: -40, and a star", id="hand-rummy--40"),
    ],
)
def test_the_winner_scores_and_earns_a_star(
    hand_rummy: bool, points: int, explanation: str
) -> None:
    raw = {"went_out": 0, "hand_rummy": hand_rummy, "hands": [{"seat": 1, "held": 20}]}
    winner = charge_deal(deal(raw, players=2), DEFAULTS)[0]
    assert (winner.seat, winner.points, winner.star) == (0, points, True)
    assert winner.explanation == (explanation,)


@pytest.mark.parametrize(
    ("hand", "hand_rummy", "options", "points", "explanation"),
    [
        pytest.param(
            {"not_down": True}, False, {}, 100, ("never went down: 100",), id="never-down-100"
        ),
        pytest.param(
            {"not_down": True},
            True,
            {},
            200,
            ("never went down, after a hand rummy: 200",),
            id="never-down-after-hand-rummy-200",
        ),
        pytest.param(
            {"held": 36}, False, {}, 40, ("held 36 → 40: 6 or more rounds up",), id="36-up-40"
        ),
        pytest.param(
            {"held": 26}, False, {}, 30, ("held 26 → 30: 6 or more rounds up",), id="26-up-30"
        ),
        pytest.param(
            {"held": 25}, False, {}, 20, ("held 25 → 20: 5 or less rounds down",), id="25-down-20"
        ),
        pytest.param(
            {"held": 5}, False, {}, 0, ("held 5 → 0: 5 or less rounds down",), id="5-down-0"
        ),
        pytest.param(
            {"held": 30}, False, {}, 30, ("held 30 → 30: already a multiple of ten",), id="30"
        ),
        pytest.param(
            {"held": 100}, False, {}, 100, ("held 100 → 100: already a multiple of ten",), id="100"
        ),
        pytest.param(
            {"held": 13},
            True,
            {},
            30,
            ("held 13, doubled after a hand rummy → 26 → 30: 6 or more rounds up",),
            id="R-3-double-then-round-13-26-30",
        ),
        pytest.param(
            {"held": 12},
            True,
            {},
            20,
            ("held 12, doubled after a hand rummy → 24 → 20: 5 or less rounds down",),
            id="R-3-double-then-round-12-24-20",
        ),
        pytest.param(
            {"held": 13},
            True,
            {"round_then_double": True},
            20,
            (
                "held 13 → 10: 5 or less rounds down; doubled after a hand rummy → 20 "
                "(house rule “Round then double”)",
            ),
            id="R-3-house-round-then-double-13-10-20",
        ),
        pytest.param(
            {"held": 13},
            False,
            {"round_then_double": True},
            10,
            ("held 13 → 10: 5 or less rounds down",),
            id="R-3-house-no-doubling-without-hand-rummy",
        ),
        pytest.param(
            {"held": 100},
            True,
            {},
            200,
            ("held 100, doubled after a hand rummy → 200 → 200: already a multiple of ten",),
            id="most-after-hand-rummy-200",
        ),
        pytest.param(
            {"cards": "KS 9H 7D"},
            False,
            {},
            30,
            ("held KS 10 + 9H 9 + 7D 7 = 26", "held 26 → 30: 6 or more rounds up"),
            id="cards-summed",
        ),
        pytest.param(
            {"cards": "as jk 2c"},
            False,
            {},
            30,
            ("held AS 10 + JK 15 + 2C 2 = 27", "held 27 → 30: 6 or more rounds up"),
            id="cards-joker-15-ace-10",
        ),
        pytest.param(
            {"cards": "JK 2C 3D"},
            True,
            {},
            40,
            (
                "held JK 15 + 2C 2 + 3D 3 = 20",
                "held 20, doubled after a hand rummy → 40 → 40: already a multiple of ten",
            ),
            id="cards-after-hand-rummy",
        ),
        pytest.param(
            {"cards": "JK JK 10S 10H 10D 10C KS KH KD"},
            False,
            {},
            100,
            (
                "held JK 15 + JK 15 + 10S 10 + 10H 10 + 10D 10 + 10C 10 + KS 10 + KH 10 + "
                "KD 10 = 100",
                "held 100 → 100: already a multiple of ten",
            ),
            id="R-9-the-most-a-player-who-went-down-can-hold",
        ),
    ],
)
def test_a_loser_is_charged(
    hand: dict[str, Any],
    hand_rummy: bool,
    options: dict[str, Any],
    points: int,
    explanation: tuple[str, ...],
) -> None:
    result = charge(hand, hand_rummy=hand_rummy, **options)
    assert result.points == points
    assert result.explanation == explanation
    assert not result.star


# ---------------------------------------------------------------------------------------------
# Deal entries the engine refuses
# ---------------------------------------------------------------------------------------------

OTHERS = [{"seat": 2, "held": 20}, {"seat": 3, "held": 20}]


@pytest.mark.parametrize(
    ("hand", "hand_rummy", "field"),
    [
        pytest.param({"held": 101}, False, "hands[0].held", id="R-9-held-101"),
        pytest.param({"held": 150}, True, "hands[0].held", id="R-9-held-150-after-hand-rummy"),
        pytest.param({"held": 1}, False, "hands[0].held", id="held-1-no-card-is-worth-1"),
        pytest.param({"held": 0}, False, "hands[0].held", id="held-0-would-have-gone-out"),
        pytest.param({"held": -5}, False, "hands[0].held", id="held-negative"),
        pytest.param(
            {"cards": "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S"}, False, "hands[0].cards", id="R-9-10-cards"
        ),
        pytest.param({"cards": ""}, False, "hands[0].cards", id="no-cards"),
    ],
)
def test_an_impossible_count_is_refused(hand: dict[str, Any], hand_rummy: bool, field: str) -> None:
    raw = {"went_out": 0, "hand_rummy": hand_rummy, "hands": [{"seat": 1, **hand}, *OTHERS]}
    with pytest.raises(ImpossibleCountError) as caught:
        deal(raw)
    assert caught.value.code == "impossible_count"
    assert caught.value.field == field
    assert "Seat 2" in str(caught.value)


@pytest.mark.parametrize(
    ("raw", "field", "says"),
    [
        pytest.param(
            {"went_out": 0, "hands": OTHERS}, "hands", "Say what seat 2 held", id="missing-seat"
        ),
        pytest.param(
            {"went_out": 0, "hands": [{"seat": 1, "held": 20}, *OTHERS, {"seat": 2, "held": 30}]},
            "hands[3].seat",
            "Seat 3 is listed twice",
            id="seat-twice",
        ),
        pytest.param(
            {"went_out": 0, "hands": [{"seat": 0, "held": 20}, {"seat": 1, "held": 20}, *OTHERS]},
            "hands[0].seat",
            "Seat 1 went out",
            id="winner-listed-in-hands",
        ),
        pytest.param(
            {"went_out": 0, "hands": [{"seat": 4, "held": 20}, *OTHERS]},
            "hands[0].seat",
            "There is no seat 5: this table has seats 1 to 4 (0 to 3 in JSON).",
            id="seat-out-of-range",
        ),
        pytest.param(
            {"went_out": 0, "hands": [{"seat": -1, "held": 20}, *OTHERS]},
            "hands[0].seat",
            "A seat number cannot be negative: this table has seats 1 to 4 (0 to 3 in JSON).",
            id="seat-negative",
        ),
        pytest.param(
            {"went_out": 0, "hands": [{"held": 20}, *OTHERS]},
            "hands[0].seat",
            "seat must be a seat number: this table has seats 1 to 4 (0 to 3 in JSON).",
            id="seat-not-given",
        ),
        pytest.param(
            {"went_out": 0, "hands": [{"seat": "1", "held": 20}, *OTHERS]},
            "hands[0].seat",
            "seat must be a seat number: this table has seats 1 to 4 (0 to 3 in JSON).",
            id="seat-a-string",
        ),
        pytest.param(
            {"went_out": 4, "hands": OTHERS},
            "went_out",
            "There is no seat 5: this table has seats 1 to 4 (0 to 3 in JSON).",
            id="winner-out-of-range",
        ),
        pytest.param(
            {"went_out": 10**5000, "hands": OTHERS},
            "went_out",
            "There is no seat that high: this table has seats 1 to 4 (0 to 3 in JSON).",
            id="winner-a-huge-number",
        ),
        pytest.param(
            {"hands": OTHERS},
            "went_out",
            "went_out is missing: Who went out?",
            id="winner-not-given",
        ),
        pytest.param(
            {"went_out": True, "hands": OTHERS}, "went_out", "went_out must be", id="winner-a-bool"
        ),
        pytest.param(
            {"went_out": 0, "hands": [{"seat": 1, "held": 20, "not_down": True}, *OTHERS]},
            "hands[0]",
            "give exactly one of held",
            id="held-and-not-down",
        ),
        pytest.param(
            {"went_out": 0, "hands": [{"seat": 1, "held": 20, "cards": "KS 10H"}, *OTHERS]},
            "hands[0]",
            "give exactly one of held",
            id="held-and-cards",
        ),
        pytest.param(
            {"went_out": 0, "hands": [{"seat": 1}, *OTHERS]},
            "hands[0]",
            "give exactly one of held",
            id="none-of-them",
        ),
        pytest.param(
            {"went_out": 0, "hands": [{"seat": 1, "not_down": False}, *OTHERS]},
            "hands[0].not_down",
            "not_down must be true",
            id="not-down-false",
        ),
        pytest.param(
            {"went_out": 0, "hands": [{"seat": 1, "held": "20"}, *OTHERS]},
            "hands[0].held",
            "held must be a whole number",
            id="held-a-string",
        ),
        pytest.param(
            {"went_out": 0, "hands": [{"seat": 1, "held": 20.5}, *OTHERS]},
            "hands[0].held",
            "held must be a whole number",
            id="held-a-fraction",
        ),
        pytest.param(
            {"went_out": 0, "hands": [{"seat": 1, "held": True}, *OTHERS]},
            "hands[0].held",
            "held must be a whole number",
            id="held-a-bool",
        ),
        pytest.param(
            {"went_out": 0, "hands": [{"seat": 1, "cards": ["KS"]}, *OTHERS]},
            "hands[0].cards",
            "cards must be a string",
            id="cards-a-list",
        ),
        pytest.param(
            {"went_out": 0, "hand_rummy": "yes", "hands": OTHERS},
            "hand_rummy",
            "hand_rummy must be true or false",
            id="hand-rummy-a-string",
        ),
        pytest.param({"went_out": 0}, "hands", "hands is missing", id="hands-not-given"),
        pytest.param(
            {"went_out": 0, "hands": {"1": 20}},
            "hands",
            "hands lists an entry for each seat",
            id="hands-an-object",
        ),
        pytest.param(
            {"went_out": 0, "hands": [20, *OTHERS]},
            "hands[0]",
            "Each entry is an object with a seat and held, cards or not_down.",
            id="hand-a-number",
        ),
    ],
)
def test_a_bad_entry_is_refused_with_its_field(raw: dict[str, Any], field: str, says: str) -> None:
    with pytest.raises(BadEntryError) as caught:
        deal(raw)
    assert caught.value.code == "bad_entry"
    assert caught.value.field == field
    assert says in str(caught.value)


def test_a_deal_must_be_an_object() -> None:
    with pytest.raises(BadEntryError) as caught:
        deal(["went_out", 0])  # type: ignore[arg-type]
    assert caught.value.field == "deal"


@pytest.mark.parametrize(
    "players", [pytest.param(1, id="one-player"), pytest.param(6, id="six-players")]
)
def test_bridge_rummy_is_for_two_to_five(players: int) -> None:
    with pytest.raises(BadEntryError) as caught:
        deal({"went_out": 0, "hands": []}, players=players)
    assert caught.value.field == "seats"


def test_a_bad_card_in_a_hand_is_quoted_with_its_field() -> None:
    with pytest.raises(BadCardError) as caught:
        deal({"went_out": 0, "hands": [{"seat": 1, "cards": "KS 11H"}, *OTHERS]})
    assert caught.value.field == "hands[0].cards"
    assert caught.value.cards == ("11H",)


@pytest.mark.parametrize(
    ("hands", "culprit"),
    [
        pytest.param(["AS AS", "AS"], "AS", id="three-AS-across-hands"),
        pytest.param(["JK JK", "JK"], "JK", id="three-jokers-across-hands"),
    ],
)
def test_the_hands_together_must_fit_the_pack(hands: list[str], culprit: str) -> None:
    raw = {
        "went_out": 0,
        "hands": [
            {"seat": 1, "cards": hands[0]},
            {"seat": 2, "cards": hands[1]},
            {"seat": 3, "held": 20},
        ],
    }
    with pytest.raises(TooManyCopiesError) as caught:
        deal(raw)
    # The hand that went past what the pack holds is the one named, with its seat.
    assert caught.value.field == "hands[1].cards"
    assert caught.value.seats == (2,)
    assert caught.value.cards == (culprit,)


def test_a_deal_round_trips_through_its_canonical_form() -> None:
    raw = {
        "went_out": 2,
        "hands": [
            {"seat": 3, "cards": "ks, th; jk"},
            {"seat": 0, "not_down": True},
            {"seat": 1, "held": 36},
        ],
    }
    parsed = deal(raw)
    data = GAME.deal_as_data(parsed, players=4, options=GAME.options())
    assert data == {
        "went_out": 2,
        "hand_rummy": False,
        "hands": [
            {"seat": 0, "not_down": True},
            {"seat": 1, "held": 36},
            {"seat": 3, "cards": "KS 10H JK"},
        ],
    }
    assert deal(data) == parsed


# ---------------------------------------------------------------------------------------------
# The game: stars, seven deals, ties
# ---------------------------------------------------------------------------------------------


def won_by(
    seat: int, *, players: int = 2, held: int = 20, hand_rummy: bool = False
) -> dict[str, Any]:
    hands = [{"seat": s, "held": held} for s in range(players) if s != seat]
    return {"went_out": seat, "hand_rummy": hand_rummy, "hands": hands}


def test_r5_the_fourth_star_earns_minus_100_once() -> None:
    result = tally([won_by(0)] * 6, players=2)
    points = [d.results[0].points for d in result.deals]
    assert points == [-20, -20, -20, -120, -20, -20]
    assert result.deals[3].results[0].explanation == (
        "went out: -20, and a star",
        "fourth star: -100",
    )
    assert all("fourth star" not in " ".join(d.results[0].explanation) for d in result.deals[4:])
    assert result.marks["stars"] == (6, 0)
    assert result.totals == (-220, 120)


def test_a_fourth_star_by_hand_rummy_earns_both() -> None:
    result = tally([won_by(0)] * 3 + [won_by(0, hand_rummy=True)], players=2)
    assert result.deals[3].results[0].points == -140


def test_stars_are_counted_per_seat() -> None:
    result = tally([won_by(0), won_by(1), won_by(1)], players=2)
    assert result.marks["stars"] == (1, 2)


def test_a_game_is_seven_deals() -> None:
    deals = [won_by(d % 2) for d in range(7)]
    assert not tally(deals[:6], players=2).finished
    result = tally(deals, players=2)
    assert result.finished
    assert result.status == "Game over: Seat 1 wins on -120."
    with pytest.raises(GameOverError) as caught:
        tally([*deals, won_by(0)], players=2)
    assert caught.value.code == "game_over"


@pytest.mark.parametrize(
    ("deals", "status", "leaders"),
    [
        pytest.param([], "No deals yet; 7 to play, lowest total wins.", (0, 1), id="no-deals"),
        pytest.param([won_by(1)], "After deal 1 of 7: Seat 2 lowest on -20.", (1,), id="one"),
        pytest.param(
            [won_by(0), won_by(1)],
            "After deal 2 of 7: Seats 1 and 2 lowest on 0.",
            (0, 1),
            id="level",
        ),
    ],
)
def test_status_during_the_game(
    deals: list[dict[str, Any]], status: str, leaders: tuple[int, ...]
) -> None:
    result = tally(deals, players=2)
    assert result.status == status
    assert result.leaders == leaders
    assert result.winners == ()
    assert result.lower_is_better


# Seat 1 wins four (with the fourth-star bonus), seat 2 three; both finish on 120.
TIE_ON_STARS = [
    {"went_out": 0, "hands": [{"seat": 1, "not_down": True}]},
    {"went_out": 0, "hands": [{"seat": 1, "held": 40}]},
    {"went_out": 0, "hands": [{"seat": 1, "held": 20}]},
    {"went_out": 0, "hands": [{"seat": 1, "held": 20}]},
    {"went_out": 1, "hands": [{"seat": 0, "not_down": True}]},
    {"went_out": 1, "hands": [{"seat": 0, "not_down": True}]},
    {"went_out": 1, "hands": [{"seat": 0, "not_down": True}]},
]
# Seats 1 and 2 win three deals each and finish on 20; seat 3 wins one.
TIE_ON_TOTAL_AND_STARS = (
    [won_by(0, players=3)] * 3 + [won_by(1, players=3)] * 3 + [won_by(2, players=3)]
)


@pytest.mark.parametrize(
    ("deals", "players", "tie_break", "winners", "status"),
    [
        pytest.param(
            TIE_ON_STARS,
            2,
            "none",
            (0, 1),
            "Game over: Seats 1 and 2 win on 120.",
            id="R-11-shared",
        ),
        pytest.param(
            TIE_ON_STARS,
            2,
            "most_stars",
            (0,),
            "Game over: Seat 1 wins on 120.",
            id="R-11-most-stars",
        ),
        pytest.param(
            TIE_ON_TOTAL_AND_STARS,
            3,
            "most_stars",
            (0, 1),
            "Game over: Seats 1 and 2 win on 20.",
            id="R-11-most-stars-still-level",
        ),
    ],
)
def test_ties_after_seven_deals(
    deals: list[dict[str, Any]],
    players: int,
    tie_break: str,
    winners: tuple[int, ...],
    status: str,
) -> None:
    result = tally(deals, players=players, tie_break=tie_break)
    assert result.finished
    assert result.winners == winners
    assert result.status == status


def test_stars_of_the_tie_on_stars() -> None:
    result = tally(TIE_ON_STARS, players=2)
    assert result.totals == (120, 120)
    assert result.marks["stars"] == (4, 3)


def test_changed_house_rules_are_noted_on_the_tally() -> None:
    assert tally([], players=4, tie_break="most_stars").notes == (
        "house rule tie_break: Most stars wins",
    )
    assert tally([], players=4).notes == ()


# ---------------------------------------------------------------------------------------------
# The Sample Score Card (rulings 3c): Mary, Tom, Dick, Alice
# ---------------------------------------------------------------------------------------------

MARY, TOM, DICK, ALICE = range(4)
NOT_DOWN = {"not_down": True}


def _sample_card(end: int) -> list[dict[str, Any]]:
    """Deals 1-6; ``end`` 0 takes the low end of each held range in 3c, 1 the high end."""

    def h(low: int, high: int) -> dict[str, int]:
        return {"held": (low, high)[end]}

    def out(winner: int, hand_rummy: bool = False, **held: dict[str, Any]) -> dict[str, Any]:
        seats = {"mary": MARY, "tom": TOM, "dick": DICK, "alice": ALICE}
        hands = [{"seat": seats[name], **entry} for name, entry in held.items()]
        return {"went_out": winner, "hand_rummy": hand_rummy, "hands": hands}

    return [
        out(MARY, tom=h(36, 36), dick=h(5, 5), alice=NOT_DOWN),
        out(TOM, mary=NOT_DOWN, dick=h(53, 53), alice=h(25, 25)),
        out(MARY, hand_rummy=True, tom=h(58, 62), dick=NOT_DOWN, alice=h(23, 27)),
        out(DICK, mary=NOT_DOWN, tom=h(26, 35), alice=NOT_DOWN),
        out(MARY, tom=h(26, 35), dick=h(6, 15), alice=h(46, 55)),
        out(TOM, mary=h(36, 45), dick=h(6, 15), alice=NOT_DOWN),
    ]


SAMPLE_CARD = [
    # deal, charges, running totals (Mary, Tom, Dick, Alice), stars
    (1, (-20, 40, 0, 100), (-20, 40, 0, 100), (1, 0, 0, 0)),
    (2, (100, -20, 50, 20), (80, 20, 50, 120), (1, 1, 0, 0)),
    (3, (-40, 120, 200, 50), (40, 140, 250, 170), (2, 1, 0, 0)),
    (4, (100, 30, -20, 100), (140, 170, 230, 270), (2, 1, 1, 0)),
    (5, (-20, 30, 10, 50), (120, 200, 240, 320), (3, 1, 1, 0)),
    (6, (40, -20, 10, 100), (160, 180, 250, 420), (3, 2, 1, 0)),
]


@pytest.mark.parametrize("end", [pytest.param(0, id="low-end"), pytest.param(1, id="high-end")])
@pytest.mark.parametrize(
    ("number", "charges", "totals", "stars"),
    [pytest.param(*row, id=f"deal-{row[0]}") for row in SAMPLE_CARD],
)
def test_sample_score_card_deals_1_to_6_reproduce_exactly(
    end: int,
    number: int,
    charges: tuple[int, ...],
    totals: tuple[int, ...],
    stars: tuple[int, ...],
) -> None:
    result = tally(_sample_card(end)[:number], players=4)
    last = result.deals[-1]
    assert last.number == number
    assert tuple(r.points for r in last.results) == charges
    assert last.totals == totals
    assert result.totals == totals
    assert result.marks["stars"] == stars
    assert not result.finished


def _deal_7(alice: dict[str, Any], hand_rummy: bool = False) -> dict[str, Any]:
    return {
        "went_out": MARY,
        "hand_rummy": hand_rummy,
        "hands": [{"seat": TOM, "held": 20}, {"seat": DICK, "held": 30}, {"seat": ALICE, **alice}],
    }


@pytest.mark.parametrize(
    "alice",
    [
        pytest.param({"held": 200}, id="held-200"),
        pytest.param({"held": 101}, id="held-101"),
        pytest.param({"cards": "JK JK 10S 10H 10D 10C KS KH KD QS"}, id="ten-cards"),
    ],
)
def test_r10_sample_deal_7_alice_cannot_be_charged_200_after_a_normal_win(
    alice: dict[str, Any],
) -> None:
    # a player who went down holds at most 9 cards, 100 points; the card's +200 for
    # Alice would need a hand rummy, and then Mary would finish on 20, not 40.
    with pytest.raises(ImpossibleCountError) as caught:
        deal(_deal_7(alice))
    assert caught.value.field == f"hands[2].{next(iter(alice))}"
    assert "R-9" in str(caught.value)


def test_r10_sample_deal_7_as_the_engine_scores_it() -> None:
    result = tally([*_sample_card(0), _deal_7(NOT_DOWN)], players=4)
    mary = result.deals[-1].results[MARY]
    assert mary.points == -120
    assert mary.explanation == ("went out: -20, and a star", "fourth star: -100")
    assert result.totals == (40, 200, 280, 520)
    assert result.marks["stars"] == (4, 2, 1, 0)
    assert result.finished
    assert result.winners == (MARY,)
    assert result.status == "Game over: Seat 1 wins on 40."


def test_r10_sample_deal_7_as_a_hand_rummy_would_not_give_mary_40() -> None:
    result = tally([*_sample_card(0), _deal_7(NOT_DOWN, hand_rummy=True)], players=4)
    assert result.totals[MARY] == 20
    assert result.totals[ALICE] == 620


# ---------------------------------------------------------------------------------------------
# Questions: settling disputes without recording anything
# ---------------------------------------------------------------------------------------------


QUESTIONS = [
    "meld",
    "initial-meld",
    "settle",
    "deadwood",
    "take-discard",
    "claim-joker",
    "joker-into-run",
    "go-out",
]


def test_the_game_is_registered_with_its_questions() -> None:
    assert isinstance(get_game("bridge-rummy"), BridgeRummy)
    assert get_game("bridge-rummy").name == "Bridge Rummy"
    assert list(GAME.questions()) == [*QUESTIONS, "deal"]


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        pytest.param(
            {"cards": "4c jk 6c", "other_hand_sizes": [3]},
            {
                "cards": "4C JK=5C 6C",
                "valid": True,
                "kind": "run",
                "value": 15,
                "problems": [],
                "explanation": ["run 4C JK=5C 6C: 4C 4 + JK=5C 5 + 6C 6 = 15"],
            },
            id="joker-in-run-one-or-three",
        ),
        pytest.param(
            {"cards": "4C JK 6C", "out_of_play": "5c, 5c"},
            {"valid": True, "value": 15},
            id="joker-in-run-cinched",
        ),
        pytest.param(
            {"cards": "4C JK 6C"},
            {"valid": False, "kind": "run", "value": 0, "problems": [JOKER_IN_RUN.format("5C")]},
            id="joker-in-run-refused",
        ),
        pytest.param(
            {"cards": "AS 2S 3S", "options": {"ace_low_value": 1}},
            {"valid": True, "value": 6},
            id="house-rule-ace-low-1",
        ),
        pytest.param(
            {"cards": "KS KS KH"},
            {"valid": False, "kind": None, "value": 0},
            id="not-a-meld",
        ),
    ],
)
def test_question_meld(data: dict[str, Any], expected: dict[str, Any]) -> None:
    answer = GAME.ask("meld", data)
    assert {key: answer[key] for key in expected} == expected


def test_question_initial_meld() -> None:
    answer = GAME.ask(
        "initial-meld",
        {
            "melds": ["KS KH KD", "4C 5C 6C"],
            "layoffs": [{"cards": "7C", "onto": "4C 5C 6C"}],
            "hand_size": 8,
        },
    )
    assert answer["total"] == 52
    assert answer["reaches_50"] is True
    assert answer["hand_rummy"] is True
    assert [m["value"] for m in answer["melds"]] == [30, 15]
    assert answer["layoffs"][0]["laid_off"] == "7C"
    assert answer["layoffs"][0]["value"] == 7
    assert answer["explanation"][-1] == (
        "every card but the discard laid out in the first meld: hand rummy"
    )


def test_question_initial_meld_short_of_50_is_no_hand_rummy() -> None:
    answer = GAME.ask(
        "initial-meld",
        {"melds": ["KS KH KD"], "layoffs": [{"cards": "7C", "onto": "4C 5C 6C"}], "hand_size": 5},
    )
    assert (answer["total"], answer["reaches_50"], answer["hand_rummy"]) == (37, False, False)


def test_question_settle() -> None:
    answer = GAME.ask(
        "settle",
        {
            "players": 2,
            "went_out": 0,
            "hand_rummy": True,
            "hands": [{"seat": 1, "cards": "ks 3h"}],
            "options": {"round_then_double": True},
        },
    )
    assert answer["deal"] == {
        "went_out": 0,
        "hand_rummy": True,
        "hands": [{"seat": 1, "cards": "KS 3H"}],
    }
    assert [r["points"] for r in answer["results"]] == [-40, 20]
    assert answer["results"][1]["explanation"] == [
        "held KS 10 + 3H 3 = 13",
        "held 13 → 10: 5 or less rounds down; doubled after a hand rummy → 20 "
        "(house rule “Round then double”)",
    ]
    assert answer["explanation"] == [
        "Seat 1 scores -40: hand rummy: -40, and a star",
        "Seat 2 scores 20: held KS 10 + 3H 3 = 13; held 13 → 10: 5 or less rounds down; "
        "doubled after a hand rummy → 20 (house rule “Round then double”)",
    ]


@pytest.mark.parametrize(
    ("question", "data", "error", "field"),
    [
        pytest.param("meld", {}, BadEntryError, "cards", id="meld-no-cards"),
        pytest.param("meld", {"cards": "  "}, BadEntryError, "cards", id="meld-blank-cards"),
        pytest.param("meld", {"cards": ["4C"]}, BadEntryError, "cards", id="meld-cards-a-list"),
        pytest.param("meld", {"cards": "4C 11C 6C"}, BadCardError, "cards", id="meld-bad-card"),
        pytest.param(
            "meld", {"cards": "4C 5C=6C 7C"}, BadCardError, "cards", id="meld-natural-designated"
        ),
        pytest.param(
            "meld",
            {"cards": "4C JK 6C", "other_hand_sizes": "3"},
            BadEntryError,
            "other_hand_sizes",
            id="meld-sizes-a-string",
        ),
        pytest.param(
            "meld",
            {"cards": "4C JK 6C", "other_hand_sizes": [-1]},
            BadEntryError,
            "other_hand_sizes",
            id="meld-size-negative",
        ),
        pytest.param(
            "meld",
            {"cards": "4C JK 6C", "other_hand_sizes": [True]},
            BadEntryError,
            "other_hand_sizes",
            id="meld-size-a-bool",
        ),
        pytest.param(
            "meld",
            {"cards": "4C JK 6C", "out_of_play": ["5C"]},
            BadEntryError,
            "out_of_play",
            id="meld-out-of-play-a-list",
        ),
        pytest.param(
            "meld",
            {"cards": "4C JK 6C", "out_of_play": "5C 5Z"},
            BadCardError,
            "out_of_play",
            id="meld-out-of-play-bad-card",
        ),
        pytest.param(
            "meld",
            {"cards": "4C JK 6C", "options": {"jokers_wild": True}},
            UnknownOptionError,
            "options.jokers_wild",
            id="meld-unknown-option",
        ),
        pytest.param(
            "meld",
            {"cards": "AS 2S 3S", "options": {"ace_low_value": 5}},
            BadOptionError,
            "options.ace_low_value",
            id="meld-bad-option",
        ),
        pytest.param(
            "initial-meld", {"melds": "KS KH KD"}, BadEntryError, "melds", id="melds-a-string"
        ),
        pytest.param("initial-meld", {"melds": [5]}, BadEntryError, "melds", id="melds-of-numbers"),
        pytest.param(
            "initial-meld",
            {"layoffs": [{"cards": "7C"}]},
            BadEntryError,
            "layoffs",
            id="layoff-without-onto",
        ),
        pytest.param(
            "initial-meld", {"layoffs": ["7C"]}, BadEntryError, "layoffs", id="layoff-a-string"
        ),
        pytest.param("initial-meld", {}, InitialMeldTooLowError, "melds", id="nothing-given"),
        pytest.param(
            "initial-meld",
            {"melds": ["KS KH KD"], "hand_size": "8"},
            BadEntryError,
            "hand_size",
            id="hand-size-a-string",
        ),
        pytest.param(
            "initial-meld",
            {"melds": ["KS KH KD"], "hand_size": True},
            BadEntryError,
            "hand_size",
            id="hand-size-a-bool",
        ),
        pytest.param(
            "initial-meld",
            {"melds": ["KS KH KD", "4C 11C 6C"]},
            BadCardError,
            "melds[1]",
            id="bad-card-in-second-meld",
        ),
        pytest.param(
            "initial-meld",
            {"layoffs": [{"cards": "7C", "onto": "4C 5C 6X"}]},
            BadCardError,
            "layoffs[0].onto",
            id="bad-card-in-layoff-onto",
        ),
        pytest.param(
            "initial-meld",
            {"melds": ["KS KH KD"], "other_hand_sizes": {"tom": 3}},
            BadEntryError,
            "other_hand_sizes",
            id="initial-meld-bad-table",
        ),
        pytest.param(
            "settle", {"went_out": 0, "hands": []}, BadEntryError, "players", id="no-players"
        ),
        pytest.param(
            "settle",
            {"players": "4", "went_out": 0, "hands": []},
            BadEntryError,
            "players",
            id="players-a-string",
        ),
        pytest.param(
            "settle",
            {"players": 6, "went_out": 0, "hands": []},
            BadEntryError,
            "players",  # the question's own key (issue 26), not a record's seats
            id="six-players",
        ),
        pytest.param(
            "settle",
            {"players": 2, "went_out": 0, "hands": [{"seat": 1, "held": 101}]},
            ImpossibleCountError,
            "hands[0].held",
            id="impossible-count",
        ),
        pytest.param(
            "settle",
            {"players": 2, "went_out": 0, "hands": [{"seat": 0, "held": 20}]},
            BadEntryError,
            "hands[0].seat",
            id="winner-in-hands",
        ),
    ],
)
def test_a_question_refuses_bad_input_with_code_and_field(
    question: str, data: dict[str, Any], error: type[AdjudicationError], field: str
) -> None:
    with pytest.raises(error) as caught:
        GAME.ask(question, data)
    assert caught.value.code == error.code
    assert caught.value.field == field


def test_an_unknown_question_names_the_ones_there_are() -> None:
    with pytest.raises(AdjudicationError) as caught:
        GAME.ask("who-cheated", {})
    assert caught.value.field == "question"
    assert ", ".join(QUESTIONS) in str(caught.value)


def test_a_question_needs_an_object() -> None:
    with pytest.raises(BadEntryError) as caught:
        GAME.ask("meld", ["4C", "JK", "6C"])  # type: ignore[arg-type]
    assert caught.value.field == "body"


@pytest.mark.parametrize("players", [10**5000, -(10**5000)], ids=["huge", "huge-negative"])
def test_question_deal_refuses_a_huge_count_of_players(players: int) -> None:
    # Found by tests/adjudicator/test_fuzz.py: the refusal once wrote the number out, and Python
    # will not turn an int of more than 4,300 digits into text (a ValueError escaped).
    with pytest.raises(BadEntryError) as caught:
        GAME.ask("settle", {"players": players, "went_out": 0, "hands": []})
    assert caught.value.code == "bad_entry"
    assert "5,001 digits long" in str(caught.value)
