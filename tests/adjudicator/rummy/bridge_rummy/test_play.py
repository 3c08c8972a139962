"""Bridge Rummy at the table: taking the discard, claiming jokers, jokers in runs, going out, and
the deadwood of a hand (``shared/seeds/001``; rulings section 3a and R-4, R-6, R-7, R-8)."""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.cards import ALL_CARDS, JOKER, Card, parse_cards
from adjudicator.errors import (
    AdjudicationError,
    BadCardError,
    BadEntryError,
    TooManyCopiesError,
)
from adjudicator.rummy.bridge_rummy import BridgeRummy
from adjudicator.rummy.bridge_rummy.melding import held_value
from adjudicator.rummy.melding_rules import BRIDGE_RUMMY, is_valid_meld

GAME = BridgeRummy()


def ask(question: str, **data: Any) -> dict[str, Any]:
    return GAME.ask(question, data)


# ---------------------------------------------------------------------------------------------
# take-discard: "A discard may be taken only if it is melded immediately"
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "allowed", "problem"),
    [
        pytest.param(
            {"card": "KC", "melds": ["KS KH KD KC", "10H JH QH"]},
            True,
            None,
            id="not-down-part-of-a-first-meld-of-50",
        ),
        pytest.param(
            {"card": "KC", "melds": ["KS KH KC"]},
            False,
            "not yet down, so the discard must be part of a first meld of 50 or more, and this "
            "one makes 30",
            id="not-down-short-of-50",
        ),
        pytest.param(
            {"card": "KC", "melds": ["KS KH KC"], "layoffs": [{"cards": "7C", "onto": "4C 5C 6C"}]},
            False,
            "not yet down, so the discard must be part of a first meld of 50 or more, and this "
            "one makes 37",
            id="not-down-layoffs-count-but-still-short",
        ),
        pytest.param(
            {
                "card": "KC",
                "melds": ["KS KH KC"],
                "layoffs": [{"cards": "JD QD", "onto": "KD AD 2D"}],
            },
            False,
            "lay-off JD QD: the meld laid onto is not a meld: KD AD 2D are not in sequence (the "
            "ace is high or low, not round the corner in Bridge Rummy)",
            id="not-down-a-bad-layoff-spoils-it",
        ),
        pytest.param(
            {
                "card": "KC",
                "melds": ["KS KH KC"],
                "layoffs": [{"cards": "10C JC", "onto": "7C 8C 9C"}],
            },
            True,
            None,
            id="not-down-layoffs-the-same-turn-make-50",
        ),
        pytest.param(
            {"card": "7C", "melds": ["7C 7H 7D"], "down": True},
            True,
            None,
            id="down-melded-at-once",
        ),
        pytest.param(
            {"card": "7C", "layoffs": [{"cards": "7C", "onto": "4C 5C 6C"}], "down": True},
            False,
            "7C may not be taken merely to lay off on a meld already down (4C 5C 6C)",
            id="never-merely-to-lay-off",
        ),
        pytest.param(
            {"card": "7C", "melds": ["KS KH KD"], "down": True},
            False,
            "7C must be melded at once, in a new meld laid this turn",
            id="must-be-melded-at-once",
        ),
        pytest.param(
            {"card": "7C", "melds": ["7C 7C 7D"], "down": True},
            False,
            "7C 7C 7D: a set needs every suit different (7C 7C)",
            id="the-meld-must-stand",
        ),
        pytest.param(
            {"card": "5C", "melds": ["4C 5C JK=6C"], "down": True},
            False,
            "4C 5C JK=6C: a joker may go in a run only while another player holds one or three "
            "cards, or when the card it stands for is cinched (both 6C out of play)",
            id="joker-rules-apply-to-the-meld",
        ),
        pytest.param(
            {"card": "JK", "melds": ["KS KH JK"], "down": True},
            False,
            "a joker reaches the discard pile only as the going-out discard, which ends the "
            "deal, so there is no joker to take",
            id="no-joker-is-ever-discarded-to-take",
        ),
    ],
)
def test_take_discard(data: dict[str, Any], allowed: bool, problem: str | None) -> None:
    answer = ask("take-discard", **data)
    assert answer["allowed"] is allowed
    assert answer["rule"].startswith("A discard may be taken only to meld it at once")
    if problem is None:
        assert answer["problems"] == []
        assert answer["explanation"][-1].endswith("it may be taken")
    else:
        assert problem in answer["problems"]
        assert answer["explanation"][-1].endswith("may not be taken")


def test_take_discard_lists_every_problem() -> None:
    answer = ask("take-discard", card="7C", melds=["KS KS KH"], down=True)
    assert answer["problems"] == [
        "7C must be melded at once, in a new meld laid this turn",
        "KS KS KH: a set needs every suit different (KS KS)",
    ]


def test_take_discard_shows_the_first_meld_working() -> None:
    answer = ask("take-discard", card="KC", melds=["KS KH KD KC", "10H JH QH"])
    assert answer["explanation"] == [
        "set KS KH KD KC: KS 10 + KH 10 + KD 10 + KC 10 = 40",
        "run 10H JH QH: 10H 10 + JH 10 + QH 10 = 30",
        "total 70: reaches 50",
        "KC goes at once into KS KH KD KC, part of a first meld of 70: it may be taken",
    ]


def test_take_discard_r1_house_rule_can_leave_the_first_meld_short() -> None:
    data = {"card": "3S", "melds": ["AS 2S 3S", "KS KH KD", "QD QC QH"]}
    assert ask("take-discard", **data)["allowed"] is True  # 15 + 30 + 30
    assert ask("take-discard", **data, options={"ace_low_value": 1})["allowed"] is True  # 66
    short = {"card": "3S", "melds": ["AS 2S 3S", "KS KH KD", "4D 4C 4H"]}
    assert ask("take-discard", **short)["allowed"] is True  # 15 + 30 + 12 = 57
    assert ask("take-discard", **short, options={"ace_low_value": 1})["allowed"] is False  # 48


# ---------------------------------------------------------------------------------------------
# claim-joker
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("meld", "cards", "allowed", "after"),
    [
        pytest.param("KS KH JK", "KD KC", True, "KS KH KD KC", id="3-card-set-both-missing-suits"),
        pytest.param("KS KH JK", "KD", False, None, id="3-card-set-one-suit-is-not-enough"),
        pytest.param("KS KH JK=KD", "KC", False, None, id="3-card-set-not-even-its-own-suit"),
        pytest.param("KS KH JK", "KD KD", False, None, id="3-card-set-the-same-suit-twice"),
        pytest.param("KS KH JK", "KS KD", False, None, id="3-card-set-a-suit-already-there"),
        pytest.param("KS KH JK", "QD QC", False, None, id="3-card-set-wrong-rank"),
        pytest.param("KS KH KD JK", "KC", True, "KS KH KD KC", id="4-card-set-the-missing-card"),
        pytest.param("KS KH KD JK", "KC KC", False, None, id="4-card-set-one-card-only"),
        pytest.param("KS KH KD JK", "KD", False, None, id="4-card-set-not-a-missing-card"),
        pytest.param(
            "KS JK JK", "KH KD", True, "KS KH KD JK=KC", id="two-jokers-the-other-stays-whole"
        ),
        pytest.param("4C JK 6C", "5C", True, "4C 5C 6C", id="run-the-card-it-represents"),
        pytest.param("4C JK 6C", "5D", False, None, id="run-another-five-will-not-do"),
        pytest.param("4C JK 6C", "5C 7C", False, None, id="run-one-card-only"),
        pytest.param(
            "4C JK=5C JK=6C 7C", "6C", True, "4C JK=5C 6C 7C", id="run-two-jokers-the-one-it-meant"
        ),
        pytest.param("QS KS JK=AS", "AS", True, "QS KS AS", id="run-the-high-ace"),
    ],
)
def test_claim_joker(meld: str, cards: str, allowed: bool, after: str | None) -> None:
    answer = ask("claim-joker", meld=meld, cards=cards)
    assert answer["allowed"] is allowed
    assert bool(answer["problems"]) is not allowed
    if allowed:
        assert answer["meld_after"] == after
        assert answer["must_play_this_turn"] is True
        assert answer["explanation"][-1] == "The claimed joker must be played in this same turn."


def test_claim_joker_from_a_run_says_which_card() -> None:
    answer = ask("claim-joker", meld="4C JK 6C", cards="5D")
    assert answer["problems"] == [
        "from a run, a joker is claimed with the one card it stands for (5C), not 5D"
    ]


def test_claim_joker_from_a_3_card_set_lists_every_problem() -> None:
    answer = ask("claim-joker", meld="KS KH JK", cards="KS")
    assert answer["problems"] == [
        "KS are not missing from the set",
        "a 3-card set gives up its joker for 2 cards (both missing suits), not 1",
    ]


def test_claim_joker_needs_a_joker_and_a_meld() -> None:
    assert ask("claim-joker", meld="KS KH KD", cards="KC")["problems"] == [
        "there is no joker in KS KH KD to claim"
    ]
    answer = ask("claim-joker", meld="KS KS JK", cards="KD KC")
    assert answer["allowed"] is False
    assert answer["problems"][0].startswith("the cards on the table are not a meld: ")
    assert ask("claim-joker", meld="KS KH JK", cards="JK KC")["allowed"] is False


def test_claim_joker_from_a_run_needs_no_one_or_three() -> None:
    # "Jokers may be claimed from a run at any time": no table is asked for, nor taken.
    assert ask("claim-joker", meld="4C JK=5C 6C", cards="5C")["allowed"]
    with pytest.raises(BadEntryError) as caught:
        ask("claim-joker", meld="4C JK=5C 6C", cards="5C", other_hand_sizes=[5])
    assert caught.value.field == "other_hand_sizes"


# ---------------------------------------------------------------------------------------------
# joker-into-run: One-or-Three or a cinch
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "allowed"),
    [
        pytest.param({"cards": "4C JK 6C"}, False, id="neither-one-or-three-nor-cinch"),
        pytest.param({"cards": "4C JK 6C", "other_hand_sizes": [1]}, True, id="another-holds-1"),
        pytest.param({"cards": "4C JK 6C", "other_hand_sizes": [3]}, True, id="another-holds-3"),
        pytest.param(
            {"cards": "4C JK 6C", "other_hand_sizes": [2, 4, 5]}, False, id="two-four-five"
        ),
        pytest.param(
            {"cards": "4C JK 6C", "other_hand_sizes": [3], "announced": [False]},
            False,
            id="R-7-a-3-not-announced-does-not-count",
        ),
        pytest.param(
            {"cards": "4C JK 6C", "other_hand_sizes": [3, 1], "announced": [False, True]},
            True,
            id="R-7-another-announced",
        ),
        pytest.param(
            {"cards": "4C JK 6C", "out_of_play": "5C 5C"}, True, id="cinched-both-copies-out"
        ),
        pytest.param({"cards": "4C JK 6C", "out_of_play": "5C"}, False, id="one-copy-no-cinch"),
        pytest.param(
            {"cards": "JK=7C", "onto": "4C 5C 6C", "out_of_play": "7C 7C"},
            True,
            id="onto-a-run-cinched",
        ),
        pytest.param(
            {"cards": "JK=7C", "onto": "4C JK=5C 6C", "out_of_play": "7C 7C"},
            True,
            id="onto-a-run-only-the-new-joker-is-judged",
        ),
        pytest.param({"cards": "JK=7C", "onto": "4C 5C 6C"}, False, id="onto-a-run-refused"),
        pytest.param({"cards": "KS KH JK"}, True, id="a-joker-in-a-set-always"),
        pytest.param({"cards": "JK", "onto": "KS KH KD"}, True, id="a-joker-onto-a-set-always"),
    ],
)
def test_joker_into_run(data: dict[str, Any], allowed: bool) -> None:
    answer = ask("joker-into-run", **data)
    assert answer["allowed"] is allowed
    assert bool(answer["problems"]) is not allowed
    assert "One-or-Three" in answer["rule"]


def test_joker_into_run_explains_the_count_of_copies_out() -> None:
    answer = ask(
        "joker-into-run",
        cards="4C JK 6C",
        other_hand_sizes=[3],
        announced=[False],
        out_of_play="5C",
    )
    assert answer["explanation"] == [
        "no other player has announced holding 1 or 3 cards",
        "a player holding 3 cards has not announced it, so it does not count (R-7)",
        "JK=5C: 1 of the two 5C out of play, not cinched",
        "a joker may go in a run only while another player holds one or three cards, or when "
        "the card it stands for is cinched (both 5C out of play)",
        "the joker may not go in",
    ]
    assert answer["run"] == "4C JK=5C 6C"


def test_joker_into_run_r7_own_hand_has_no_place() -> None:
    # only others count; a player alone with 3 cards gives the rule nothing.
    assert ask("joker-into-run", cards="4C JK 6C", other_hand_sizes=[])["allowed"] is False


def test_joker_into_run_r6_house_rule_single_layoff_onto_a_melded_joker() -> None:
    data = {"cards": "7C", "onto": "4C JK=5C 6C"}
    with pytest.raises(BadEntryError):  # no joker goes in: that is the lay-off question
        ask("joker-into-run", **data)
    answer = ask(
        "joker-into-run",
        cards="JK=7C",
        onto="4C JK=5C 6C",
        out_of_play="7C 7C",
        options={"single_layoff_to_joker_needs_one_or_three": True},
    )
    assert answer["allowed"] is False
    assert answer["problems"] == [
        "house rule: a single card may be laid off onto a meld with a joker only while another "
        "player holds one or three cards"
    ]


# ---------------------------------------------------------------------------------------------
# go-out
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "allowed", "hand_rummy", "problem"),
    [
        pytest.param(
            {"hand": "KS KH KD 9H", "melds": ["KS KH KD"], "discard": "9H", "down": True},
            True,
            False,
            None,
            id="down-melds-and-discard",
        ),
        pytest.param(
            {"hand": "KS KH KD", "melds": ["KS KH KD"], "down": True},
            False,
            False,
            "no one goes out without a discard: a discard always ends the turn",
            id="a-discard-is-always-needed",
        ),
        pytest.param(
            {"hand": "KS KH KD JK", "melds": ["KS KH KD"], "discard": "JK", "down": True},
            True,
            False,
            None,
            id="a-joker-may-be-the-going-out-discard",
        ),
        pytest.param(
            {"hand": "KS KH KD JK 4C", "melds": ["KS KH KD"], "discard": "JK", "down": True},
            False,
            False,
            "a joker may be discarded only as the going-out discard",
            id="a-joker-is-discarded-only-going-out",
        ),
        pytest.param(
            {"hand": "KS KH KD 4C 9H", "melds": ["KS KH KD"], "discard": "9H", "down": True},
            False,
            False,
            "4C still in hand: going out lays out every card but the discard",
            id="every-card-laid-out",
        ),
        pytest.param(
            {"hand": "KS KH 9H", "melds": ["KS KH KD"], "discard": "9H", "down": True},
            False,
            False,
            "KD not in the hand",
            id="only-cards-held",
        ),
        pytest.param(
            {
                "hand": "7C 9H",
                "layoffs": [{"cards": "7C", "onto": "4C 5C 6C"}],
                "discard": "9H",
                "down": True,
            },
            True,
            False,
            None,
            id="down-a-lay-off-then-the-discard",
        ),
        pytest.param(
            {
                "hand": "KS KH KD 4C 5C 6C 7C 9H",
                "melds": ["KS KH KD", "4C 5C 6C 7C"],
                "discard": "9H",
            },
            True,
            True,
            None,
            id="R-4-not-down-all-at-once-is-a-hand-rummy",
        ),
        pytest.param(
            {"hand": "4C 5C 6C 7C 9H", "melds": ["4C 5C 6C 7C"], "discard": "9H"},
            False,
            False,
            "not yet down, so going out is a first meld, which needs 50; this one makes 22",
            id="not-down-needs-50",
        ),
        pytest.param(
            {"hand": "4C JK 6C 9H", "melds": ["4C JK 6C"], "discard": "9H", "down": True},
            False,
            False,
            "4C JK 6C: a joker may go in a run only while another player holds one or three "
            "cards, or when the card it stands for is cinched (both 5C out of play)",
            id="joker-in-run-rules-still-apply",
        ),
    ],
)
def test_go_out(data: dict[str, Any], allowed: bool, hand_rummy: bool, problem: str | None) -> None:
    answer = ask("go-out", **data)
    assert answer["allowed"] is allowed
    assert answer["hand_rummy"] is hand_rummy
    if problem is None:
        assert answer["problems"] == []
    else:
        assert problem in answer["problems"]


def test_go_out_r4_house_rule_own_melds_only() -> None:
    data = {
        "hand": "KS KH KD QS QH QD 8C 9H",
        "melds": ["KS KH KD", "QS QH QD"],
        "layoffs": [{"cards": "8C", "onto": "5C 6C 7C"}],
        "discard": "9H",
    }
    assert ask("go-out", **data)["hand_rummy"] is True
    answer = ask("go-out", **data, options={"hand_rummy_own_melds_only": True})
    assert (answer["allowed"], answer["hand_rummy"]) == (True, False)
    assert "house rule “Hand rummy own melds only”" in answer["explanation"][-2]


def test_go_out_says_how_it_scores() -> None:
    answer = ask("go-out", hand="KS KH KD 9H", melds=["KS KH KD"], discard="9H", down=True)
    assert answer["explanation"][-1] == "every card laid out and 9H discarded: going out (-20)"


# ---------------------------------------------------------------------------------------------
# deadwood
# ---------------------------------------------------------------------------------------------


def test_deadwood_best_melding_and_what_is_charged() -> None:
    answer = ask("deadwood", hand="7H 8H 9H 5C 5D 5S KC", claimed=49)
    assert answer["melds"] == ["5S 5D 5C", "7H 8H 9H"]
    assert (answer["leftover"], answer["count"], answer["held"], answer["charge"]) == (
        "KC",
        10,
        49,
        50,
    )
    assert answer["claim_right"] is False
    assert answer["explanation"][-2:] == [
        "a player caught after going down is charged every card held, melds in hand included: "
        "49 → 50 (A K Q J 10 count 10, a joker 15)",
        "claimed 49: that is every card held (what is charged), not the unmatched count 10",
    ]


@pytest.mark.parametrize(
    ("hand", "count"),
    [
        pytest.param("AS KD", 20, id="ace-and-king-10-each"),
        pytest.param("JK", 15, id="joker-15"),
        pytest.param("QS KS AS", 0, id="q-k-a-is-a-run"),
        pytest.param("KS AS 2S", 22, id="no-round-the-corner"),
        pytest.param("KS KS KH", 30, id="a-set-needs-different-suits"),
        pytest.param("KS KS KH KH KD KD", 0, id="six-kings-as-two-sets"),
        pytest.param("KS JK JK", 0, id="R-8-one-natural-and-two-jokers"),
    ],
)
def test_deadwood_under_bridge_rummy_melds(hand: str, count: int) -> None:
    answer = ask("deadwood", hand=hand, claimed=count)
    assert answer["count"] == count
    assert answer["claim_right"] is True


def test_deadwood_r8_house_rule_two_naturals() -> None:
    assert ask("deadwood", hand="KS JK JK", options={"min_naturals_per_meld": 2})["count"] == 40


def _simple_unmatched(hand: tuple[Card, ...]) -> int:
    """An independent exhaustive search: try every meld made of a subset, keep the least left."""
    best = sum(held_value(c) for c in hand)
    if len(hand) < 3:
        return best
    first, rest = hand[0], hand[1:]
    best = held_value(first) + _simple_unmatched(rest)
    for size in range(2, len(rest) + 1):
        for picked in itertools.combinations(range(len(rest)), size):
            cards = (first, *(rest[i] for i in picked))
            if is_valid_meld(cards, BRIDGE_RUMMY):
                left = tuple(c for i, c in enumerate(rest) if i not in picked)
                best = min(best, _simple_unmatched(left))
    return best


_POOL = [*ALL_CARDS, *ALL_CARDS, JOKER, JOKER]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(range(len(_POOL))), min_size=1, max_size=8, unique=True))
def test_deadwood_is_never_above_a_simple_search(picks: list[int]) -> None:
    hand = tuple(_POOL[i] for i in picks)
    answer = ask("deadwood", hand=" ".join(str(c) for c in hand))
    assert answer["count"] <= _simple_unmatched(hand)
    assert answer["held"] == sum(held_value(c) for c in hand)
    melded = Counter(
        c
        for m in answer["melds"]
        for c in parse_cards(" ".join(t.split("=")[0] for t in m.split()))
    )
    assert melded + Counter(parse_cards(answer["leftover"])) == Counter(hand)


# ---------------------------------------------------------------------------------------------
# Malformed input: a 400-worthy AdjudicationError naming the field
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "data", "error", "field"),
    [
        pytest.param("take-discard", {}, BadEntryError, "card", id="take-no-card"),
        pytest.param("take-discard", {"card": "7C 8C"}, BadEntryError, "card", id="take-two-cards"),
        pytest.param("take-discard", {"card": "7X"}, BadCardError, "card", id="take-bad-card"),
        pytest.param(
            "take-discard", {"card": "7C", "down": "yes"}, BadEntryError, "down", id="down-a-string"
        ),
        pytest.param(
            "take-discard", {"card": "7C", "melds": "7C 7H 7D"}, BadEntryError, "melds", id="melds"
        ),
        pytest.param(
            "take-discard",
            {"card": "7C", "melds": ["7C 7H 7Z"]},
            BadCardError,
            "melds[0]",
            id="melds-bad-card",
        ),
        pytest.param(
            "take-discard",
            {"card": "7C", "layoffs": [{"cards": "7C"}]},
            BadEntryError,
            "layoffs",
            id="layoff-no-onto",
        ),
        pytest.param(
            "take-discard",
            {"card": "7C", "other_hand_sizes": [3], "announced": [True, False]},
            BadEntryError,
            "announced",
            id="announced-not-one-per-player",
        ),
        pytest.param(
            "take-discard",
            {"card": "7C", "other_hand_sizes": [3], "announced": ["yes"]},
            BadEntryError,
            "announced",
            id="announced-not-a-flag",
        ),
        pytest.param("claim-joker", {"cards": "KD KC"}, BadEntryError, "meld", id="claim-no-meld"),
        pytest.param("claim-joker", {"meld": "KS KH JK"}, BadEntryError, "cards", id="claim-none"),
        pytest.param(
            "claim-joker",
            {"meld": "KS KH JK", "cards": "KD K"},
            BadCardError,
            "cards",
            id="claim-bad-card",
        ),
        pytest.param(
            "claim-joker", {"meld": "KS JK=KS=KD", "cards": "KD"}, BadCardError, "meld", id="meld"
        ),
        pytest.param(
            "joker-into-run", {"cards": "4C 5C 6C"}, BadEntryError, "cards", id="into-no-joker"
        ),
        pytest.param(
            "joker-into-run",
            {"cards": "JK=7C", "onto": 7},
            BadEntryError,
            "onto",
            id="into-onto-a-number",
        ),
        pytest.param(
            "joker-into-run",
            {"cards": "4C JK 6C", "out_of_play": "5C 5Q"},
            BadCardError,
            "out_of_play",
            id="into-bad-out-of-play",
        ),
        pytest.param("go-out", {"discard": "9H"}, BadEntryError, "hand", id="go-out-no-hand"),
        pytest.param(
            "go-out", {"hand": "KS KH", "discard": ["9H"]}, BadEntryError, "discard", id="discard"
        ),
        pytest.param(
            "go-out", {"hand": "KS KH", "discard": "9H 8H"}, BadEntryError, "discard", id="two"
        ),
        pytest.param(
            "go-out", {"hand": "JK JK JK"}, TooManyCopiesError, "hand", id="go-out-three-jokers"
        ),
        pytest.param("deadwood", {}, BadEntryError, "hand", id="deadwood-no-hand"),
        pytest.param(
            "deadwood",
            {"hand": "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AH 2H 3H"},
            BadEntryError,
            "hand",
            id="deadwood-sixteen-cards",
        ),
        pytest.param(
            "deadwood", {"hand": "AS", "claimed": -1}, BadEntryError, "claimed", id="claimed-neg"
        ),
        pytest.param(
            "deadwood", {"hand": "AS", "claimed": True}, BadEntryError, "claimed", id="claimed-bool"
        ),
        pytest.param(
            "deadwood", {"hand": "AS", "claimed": "10"}, BadEntryError, "claimed", id="claimed-str"
        ),
    ],
)
def test_malformed_input_is_refused_with_its_field(
    question: str, data: dict[str, Any], error: type[AdjudicationError], field: str
) -> None:
    with pytest.raises(error) as caught:
        GAME.ask(question, data)
    assert caught.value.code == error.code
    assert caught.value.field == field


_JSONISH = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-5, max_value=20)
    | st.sampled_from(["", "7C", "JK", "KS KH JK", "4C JK 6C", "4C 5C 6C", "JK=5C", "7X", "5C 5C"]),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.sampled_from(["cards", "onto"]), inner, max_size=2)
    ),
    max_leaves=6,
)
_KEYS = [
    "card",
    "cards",
    "meld",
    "onto",
    "hand",
    "discard",
    "down",
    "melds",
    "layoffs",
    "claimed",
    "other_hand_sizes",
    "announced",
    "out_of_play",
]


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(["take-discard", "claim-joker", "joker-into-run", "go-out", "deadwood"]),
    st.dictionaries(st.sampled_from(_KEYS), _JSONISH, max_size=6),
)
def test_random_bodies_never_raise_anything_but_an_adjudication_error(
    question: str, body: dict[str, Any]
) -> None:
    try:
        answer = GAME.ask(question, body)
    except AdjudicationError:
        return
    assert isinstance(answer["explanation"], list)
