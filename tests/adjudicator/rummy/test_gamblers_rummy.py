"""Gambler's Rummy: rules ``shared/seeds/002``, rulings ``shared/rulings.md`` 4.4 (G-1) and G-2."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from adjudicator.errors import AdjudicationError, BadEntryError, ImpossibleCountError
from adjudicator.records import CountField
from adjudicator.rummy.gamblers import Gamblers
from adjudicator.said import Naming
from adjudicator.tally import Tally, format_points

GAME = Gamblers()
NAMES = Naming(("Ann", "Ben", "Cy", "Di"))
LOWEST = {"lowest_count_wins_on_refusal": True}


def tally(raw: list[dict[str, Any]], **options: Any) -> Tally:
    opts = GAME.options(options)
    parsed = [GAME.parse_deal(d, players=4, options=opts) for d in raw]
    return GAME.tally(parsed, players=4, options=opts)


def refusal(data: dict[str, Any], **options: Any) -> AdjudicationError:
    with pytest.raises(AdjudicationError) as caught:
        GAME.parse_deal(data, players=4, options=GAME.options(options))
    return caught.value


OUT = {
    "went_out": 2,
    "hands": [
        {"seat": 0, "cards": "AS 2S KD"},
        {"seat": 1, "held": 20},
        {"seat": 3, "cards": "AH"},
    ],
}


@pytest.mark.parametrize("players", [3, 5])
def test_4_4_exactly_four_players(players: int) -> None:
    with pytest.raises(BadEntryError) as caught:
        GAME.check_players(players)
    assert "for 4 to 4 players" in caught.value.message or "not" in caught.value.message


def test_4_4_going_out_settles_as_the_parent_ace_1_never_doubled() -> None:
    result = tally([OUT])
    assert result.totals == (-13, -20, 34, -1)
    lines = [x.named(NAMES) for x in result.deals[0].results[2].explanation]
    assert lines[0] == (
        "Cy went out: settled as the parent game, never doubled (4.4: a whole hand may not be "
        "declared in one turn)"
    )
    assert "Cy collects 13 from Ann: AS 2S KD = 13 in hand (court 10, ace 1)" in lines


def test_4_4_there_is_no_rummy_to_record() -> None:
    err = refusal({**OUT, "rummy": True})
    assert isinstance(err, BadEntryError)
    assert err.field == "rummy"


def test_4_4_seven_cards_each_bound_a_hand() -> None:
    hands = [{"seat": 0, "cards": "AS 2S 3S 4S 5S 6S 7S 8S"}, *OUT["hands"][1:]]
    err = refusal({**OUT, "hands": hands})
    assert isinstance(err, ImpossibleCountError)
    assert err.named(NAMES) == (
        "Ann can hold at most 7 cards, not 8: 7 cards are dealt each in Gambler's Rummy."
    )


# 4.4 settles a going-out as the parent game: a loser still holds a card, and an ace counts 1,
# so 1 is the least count in hand and 0 is refused.
@pytest.mark.parametrize(
    ("held", "refused"),
    [
        pytest.param(1, None, id="4.4-a-lone-ace-counts-1"),
        pytest.param(
            0, "Ben still holds at least one card, worth at least 1, so not 0.", id="4.4-0"
        ),
    ],
)
def test_4_4_a_loser_holds_at_least_one_card_so_counts_at_least_1(
    held: int, refused: str | None
) -> None:
    raw = {
        "went_out": 0,
        "hands": [{"seat": 1, "held": held}, {"seat": 2, "held": 5}, {"seat": 3, "held": 5}],
    }
    # The form asks for no less than the rule allows.
    record = GAME.record(GAME.options(), 4)
    count = next(f for f in record.fields if f.key == "hands").entry("held")
    assert isinstance(count, CountField) and count.minimum == 1
    if refused is None:
        assert tally([raw]).totals == (10 + held, -held, -5, -5)
        return
    err = refusal(raw)
    assert isinstance(err, ImpossibleCountError)
    assert (err.field, err.seats) == ("hands[0].held", (1,))
    assert err.named(NAMES) == refused


def test_4_4_the_whole_hand_may_not_be_declared_in_one_turn() -> None:
    answer = GAME.ask(
        "declare",
        {"hand": "7H 8H 9H 5C 5D 5S KC", "melds": ["7H 8H 9H", "5C 5D 5S"], "discard": "KC"},
    )
    assert answer["legal"] is False and answer["goes_out"] is False
    assert answer["problems"] == [
        "the whole hand may not be declared in one turn in Gambler's Rummy (4.4): declare part "
        "of it now (even a single lay-off) and go out on a later turn"
    ]


def test_4_4_going_out_on_the_second_declaring_turn_after_a_single_lay_off() -> None:
    first = GAME.ask(
        "declare",
        {
            "hand": "10H 5C 5D 5S KC 2D",
            "layoffs": [{"cards": "10H", "onto": "7H 8H 9H"}],
            "discard": "2D",
        },
    )
    assert first["legal"] and not first["goes_out"] and first["left"] == "5S 5D 5C KC"
    second = GAME.ask(
        "declare",
        {
            "hand": "5C 5D 5S KC 6D",
            "melds": ["5C 5D 5S"],
            "layoffs": [{"cards": "KC", "onto": "JC QC 10C"}],
            "discard": "6D",
            "declared_before": True,
        },
    )
    assert second["legal"] and second["goes_out"]


REFUSED = {"refused": 1}


def test_G_1_a_refusal_of_the_top_discard_is_a_dead_hand_by_default() -> None:
    result = tally([REFUSED])
    assert result.totals == (0, 0, 0, 0)
    assert result.deals[0].payments == ()
    assert result.deals[0].summary.named(NAMES) == "Ben refused the top discard: a dead hand"
    assert result.deals[0].results[3].explanation[0].named(NAMES) == (
        "Ben refused the top discard after the stock ran out: a dead hand, no payments (G-1)"
    )


def test_G_1_the_record_is_one_way_or_the_other() -> None:
    err = refusal({**OUT, "refused": 1})
    assert isinstance(err, BadEntryError)
    assert err.field == "deal"
    ways = GAME.record(GAME.options(), 4).ways
    assert [w.key for w in ways] == ["out", "refused"]


def hands(*counts: Any) -> list[dict[str, Any]]:
    return [
        {"seat": s, "cards": c} if isinstance(c, str) else {"seat": s, "unmatched": c}
        for s, c in enumerate(counts)
    ]


def test_G_1_house_rule_the_lowest_unmatched_count_collects_the_differences() -> None:
    result = tally([{"refused": 0, "hands": hands(12, 3, 20, 7)}], **LOWEST)
    assert result.totals == (-9, 30, -17, -4)
    line = result.deals[0].results[0].explanation[1].named(NAMES)
    assert line == "Ann pays Ben 9: 12 unmatched, as the table agreed, 9 more than the lowest 3"


def test_G_2_the_count_is_the_unmatched_count_of_the_best_melding() -> None:
    # Di's 7H 8H 9H 2C: the run is matched, so her count is 2, the lowest.
    result = tally([{"refused": 0, "hands": hands(12, 3, 20, "7H 8H 9H 2C")}], **LOWEST)
    assert result.totals == (-10, -1, -18, 29)


def test_G_2_tied_lowest_share_each_payment_exactly() -> None:
    result = tally([{"refused": 3, "hands": hands(4, 4, 9, 4)}], **LOWEST)
    third = Fraction(5, 3)
    assert result.totals == (third, third, -5, third)
    assert [format_points(t) for t in result.totals] == ["1⅔", "1⅔", "-5", "1⅔"]
    payments = result.deals[0].payments
    assert {(p.payer, p.payee, p.amount) for p in payments} == {
        (2, 0, third),
        (2, 1, third),
        (2, 3, third),
    }
    line = result.deals[0].results[2].explanation[1].named(NAMES)
    assert line == (
        "Cy pays Ann 1⅔: 9 unmatched, as the table agreed, 5 more than the lowest 4, shared by "
        "the 3 tied lowest (G-2)"
    )


def test_G_2_all_tied_nobody_pays() -> None:
    result = tally([{"refused": 3, "hands": hands(6, 6, 6, 6)}], **LOWEST)
    assert result.totals == (0, 0, 0, 0)


def test_G_1_house_rule_needs_every_hand_after_a_refusal() -> None:
    err = refusal({"refused": 0, "hands": hands(1, 2, 3)}, **LOWEST)
    assert isinstance(err, BadEntryError)
    assert "Di" in err.named(NAMES)


def test_G_1_house_rule_refuses_a_count_of_the_wrong_kind() -> None:
    wrong = [{"seat": 0, "held": 5}, *hands(0, 2, 3, 4)[1:]]
    err = refusal({"refused": 0, "hands": wrong}, **LOWEST)
    assert err.message.named(NAMES) == (
        "After a refusal the lowest unmatched count wins (G-1, G-2): give Ann's cards or "
        "unmatched count, not the count in hand."
    )
    out = {
        "went_out": 0,
        "hands": [{"seat": 1, "unmatched": 3}, {"seat": 2, "held": 4}, {"seat": 3, "held": 4}],
    }
    err = refusal(out, **LOWEST)
    assert err.field == "hands[0].unmatched"
    # Going out still settles as the parent game under the house rule.
    assert tally([OUT], **LOWEST).totals == (-13, -20, 34, -1)


# G-1's house rule, G-2: after a refusal the unmatched count decides, and a hand whose cards
# all meld counts 0 (it wins); below 0 is refused.
@pytest.mark.parametrize(
    ("unmatched", "refused"),
    [
        pytest.param(0, None, id="G-2-all-matched-counts-0"),
        pytest.param(
            -1, "Ann still holds at least one card, worth at least 0, so not -1.", id="G-2-negative"
        ),
    ],
)
def test_G_2_the_least_unmatched_count_after_a_refusal_is_0(
    unmatched: int, refused: str | None
) -> None:
    raw = {"refused": 1, "hands": hands(unmatched, 5, 5, 5)}
    # The form asks for no less than the rule allows.
    record = GAME.record(GAME.options(LOWEST), 4)
    count = next(f for f in record.fields if f.key == "hands").entry("unmatched")
    assert isinstance(count, CountField) and count.minimum == 0
    if refused is None:
        assert tally([raw], **LOWEST).totals == (15, -5, -5, -5)
        return
    err = refusal(raw, **LOWEST)
    assert isinstance(err, ImpossibleCountError)
    assert (err.field, err.seats) == ("hands[0].unmatched", (0,))
    assert err.named(NAMES) == refused


def test_G_1_an_unmatched_count_above_seven_cards_is_refused() -> None:
    err = refusal({"refused": 0, "hands": hands(71, 2, 3, 4)}, **LOWEST)
    assert isinstance(err, ImpossibleCountError)


def test_deadwood_and_meld_questions() -> None:
    answer = GAME.ask("deadwood", {"cards": "7H 8H 9H 2C", "claimed": 2})
    assert answer["count"] == 2 and answer["claim_right"]
    assert GAME.ask("meld", {"cards": "QS KS AS"})["valid"] is False


def test_settle_question_with_a_shared_payment() -> None:
    answer = GAME.ask(
        "settle", {"players": 4, "refused": 0, "hands": hands(1, 1, 2, 1), "options": LOWEST}
    )
    assert [r["points"] for r in answer["results"]] == [0.3333, 0.3333, -1, 0.3333]
