"""Rummy, the parent game: rules ``shared/seeds/002``, rulings ``shared/rulings.md`` 4.1 (P-1 … P-3)."""

from __future__ import annotations

from typing import Any

import pytest

from adjudicator.errors import (
    AdjudicationError,
    BadEntryError,
    GameOverError,
    ImpossibleCountError,
    NotInPackError,
    TooManyCopiesError,
)
from adjudicator.game import Open, Target
from adjudicator.games import get_game
from adjudicator.records import CountField
from adjudicator.rummy.rummy import Deal, Options, Rummy
from adjudicator.said import Naming
from adjudicator.tally import Tally

GAME = Rummy()
DEFAULTS = Options()
NAMES = Naming(("Ann", "Ben", "Cy", "Di", "Ed", "Flo"))


def deal(data: dict[str, Any], *, players: int = 3, **options: Any) -> Deal:
    return GAME.parse_deal(data, players=players, options=GAME.options(options))


def tally(raw: list[dict[str, Any]], *, players: int = 3, **options: Any) -> Tally:
    opts = GAME.options(options)
    parsed = [GAME.parse_deal(d, players=players, options=opts) for d in raw]
    return GAME.tally(parsed, players=players, options=opts)


def refusal(data: dict[str, Any], *, players: int = 3) -> AdjudicationError:
    with pytest.raises(AdjudicationError) as caught:
        deal(data, players=players)
    return caught.value


def ask(question: str, **body: Any) -> dict[str, Any]:
    return GAME.ask(question, body)


def test_it_is_found_by_its_slug_and_settles() -> None:
    assert get_game("rummy") is not None
    assert GAME.settles and not GAME.lower_is_better


@pytest.mark.parametrize("players", [1, 7])
def test_4_1_up_to_six_players(players: int) -> None:
    with pytest.raises(BadEntryError):
        GAME.check_players(players)


# ---------------------------------------------------------------------------------------------
# Settlement: each loser pays the winner the value of the cards still in hand
# ---------------------------------------------------------------------------------------------


def test_4_1_each_loser_pays_the_winner_court_10_ace_1_pips() -> None:
    raw = {"went_out": 0, "hands": [{"seat": 1, "cards": "KS QH JD AS 7C"}, {"seat": 2, "held": 9}]}
    result = tally([raw])
    assert result.totals == (47, -38, -9)
    [first] = result.deals
    assert [(p.payer, p.payee, p.amount) for p in first.payments] == [(1, 0, 38), (2, 0, 9)]
    ben = first.results[1].explanation
    # Aces are low, and court cards 10: A 1 + K Q J 30 + 7 = 38; the cards sorted by suit.
    assert ben[0].named(NAMES) == "Ben pays Ann 38: AS KS QH JD 7C = 38 in hand (court 10, ace 1)"
    ann = [line.named(NAMES) for line in first.results[0].explanation]
    assert "Ann went out (4.1)" in ann
    assert "Ann collects 9 from Cy: 9 in hand, as the table agreed" in ann


def test_4_1_every_card_in_hand_counts_matched_or_not() -> None:
    # A loser pays for a meld still held: in the parent game nothing is subtracted.
    result = tally(
        [{"went_out": 2, "hands": [{"seat": 0, "cards": "7H 8H 9H"}, {"seat": 1, "held": 1}]}]
    )
    assert result.totals == (-24, -1, 25)


def test_4_1_rummy_doubles_every_payment() -> None:
    raw = {
        "went_out": 1,
        "rummy": True,
        "hands": [{"seat": 0, "cards": "KS 2H"}, {"seat": 2, "held": 10}],
    }
    result = tally([raw])
    assert result.totals == (-24, 44, -20)
    line = result.deals[0].results[0].explanation[0].named(NAMES)
    assert line == "Ann pays Ben 24: KS 2H = 12 in hand (court 10, ace 1), doubled for rummy (P-1)"
    assert "Ben went out with rummy: every payment doubled (4.1)" in [
        x.named(NAMES) for x in result.deals[0].results[1].explanation
    ]


def test_settlement_nets_sum_to_zero_and_say_who_pays_whom() -> None:
    raws = [GAME.sample_deal(players=5, options=DEFAULTS, number=n) for n in range(1, 8)]
    result = tally(raws, players=5)
    assert sum(result.totals) == 0
    for d in result.deals:
        assert sum(r.points for r in d.results) == 0
    assert result.settlement


# ---------------------------------------------------------------------------------------------
# Cards dealt bound what a loser can hold
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "cards"),
    [
        pytest.param(2, "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS", id="2-players-10-cards"),
        pytest.param(4, "AS 2S 3S 4S 5S 6S 7S 8S", id="4-players-7-cards"),
        pytest.param(6, "AS 2S 3S 4S 5S 6S 7S", id="6-players-6-cards"),
    ],
)
def test_4_1_a_loser_holds_at_most_the_cards_dealt(players: int, cards: str) -> None:
    hands = [{"seat": s, "held": 5} for s in range(1, players)]
    hands[0] = {"seat": 1, "cards": cards}
    err = refusal({"went_out": 0, "hands": hands}, players=players)
    assert isinstance(err, ImpossibleCountError)
    assert err.field == "hands[0].cards"
    assert err.seats == (1,)
    dealt = {2: 10, 4: 7, 6: 6}[players]
    assert err.named(NAMES) == (
        f"Ben can hold at most {dealt} cards, not {dealt + 1}: {dealt} cards are dealt each at "
        f"{players} players."
    )


def test_4_1_a_count_above_what_the_dealt_cards_can_be_worth_is_refused() -> None:
    err = refusal({"went_out": 0, "hands": [{"seat": 1, "held": 71}, {"seat": 2, "held": 5}]})
    assert isinstance(err, ImpossibleCountError)
    assert err.field == "hands[0].held"
    assert err.named(NAMES) == (
        "Ben can hold at most 7 cards, worth at most 70 (court 10, ace 1), so not 71 in hand: "
        "7 cards are dealt each at 3 players."
    )


def test_4_1_the_losers_together_cannot_hold_more_tens_than_the_pack_has() -> None:
    # Three losers of 7 cards: 21 cards, but only 16 cards of the pack are worth 10.
    hands = [{"seat": s, "held": 70} for s in (1, 2, 3)]
    err = refusal({"went_out": 0, "hands": hands}, players=4)
    assert isinstance(err, ImpossibleCountError)
    assert err.named(NAMES) == (
        "Together Ben, Cy and Di count 210, but 21 cards of one pack are worth at most 204 "
        "(court 10, ace 1): 7 cards are dealt each at 4 players."
    )


# 4.1: a loser still holds a card (none left is going out), and the cheapest card, an ace,
# counts 1: so 1 is the least count in hand, and 0 is refused.
@pytest.mark.parametrize(
    ("held", "refused"),
    [
        pytest.param(1, None, id="4.1-a-lone-ace-counts-1"),
        pytest.param(
            0, "Ben still holds at least one card, worth at least 1, so not 0.", id="4.1-0"
        ),
        pytest.param(
            -1, "Ben still holds at least one card, worth at least 1, so not -1.", id="4.1-negative"
        ),
    ],
)
def test_4_1_a_loser_holds_at_least_one_card_so_counts_at_least_1(
    held: int, refused: str | None
) -> None:
    raw = {"went_out": 0, "hands": [{"seat": 1, "held": held}, {"seat": 2, "held": 5}]}
    # The form asks for no less than the rule allows.
    record = GAME.record(DEFAULTS, 3)
    count = next(f for f in record.fields if f.key == "hands").entry("held")
    assert isinstance(count, CountField) and count.minimum == 1
    if refused is None:
        assert tally([raw]).totals == (5 + held, -held, -5)
        return
    err = refusal(raw)
    assert isinstance(err, ImpossibleCountError)
    assert (err.field, err.seats) == ("hands[0].held", (1,))
    assert err.named(NAMES) == refused


def test_4_1_one_pack_so_no_card_twice_in_a_deal() -> None:
    err = refusal(
        {"went_out": 0, "hands": [{"seat": 1, "cards": "KS"}, {"seat": 2, "cards": "KS 2H"}]}
    )
    assert isinstance(err, TooManyCopiesError)
    err = refusal({"went_out": 0, "hands": [{"seat": 1, "cards": "JK"}, {"seat": 2, "held": 2}]})
    assert isinstance(err, NotInPackError)


def test_the_winner_has_no_hand_to_pay_for() -> None:
    err = refusal({"went_out": 0, "hands": [{"seat": 0, "held": 5}, {"seat": 1, "held": 5}]})
    assert err.field == "hands[0].seat"


# ---------------------------------------------------------------------------------------------
# P-3: no target by default; a house target
# ---------------------------------------------------------------------------------------------


def test_P_3_no_target_each_hand_settled_with_a_running_net() -> None:
    assert GAME.end_rule(DEFAULTS, 3) == Open()
    raws = [
        {"went_out": 0, "hands": [{"seat": 1, "held": 30}, {"seat": 2, "held": 20}]},
        {"went_out": 1, "hands": [{"seat": 0, "held": 10}, {"seat": 2, "held": 5}]},
    ]
    result = tally(raws)
    assert result.totals == (40, -15, -25)
    assert not result.finished
    assert result.status.named(NAMES) == "After hand 2: Ann is up 40."


def test_P_3_house_target_ends_the_game() -> None:
    assert GAME.end_rule(GAME.options({"target": 100}), 3) == Target(100)
    raws = [
        {"went_out": 0, "hands": [{"seat": 1, "held": 60}, {"seat": 2, "held": 50}]},
    ]
    result = tally(raws, target=100)
    assert result.finished and result.winners == (0,)
    more = GAME.parse_deal(raws[0], players=3, options=GAME.options({"target": 100}))
    with pytest.raises(GameOverError):
        GAME.tally([more, more], players=3, options=GAME.options({"target": 100}))


# ---------------------------------------------------------------------------------------------
# Questions: meld, deadwood, settle, go-out (P-1, P-2)
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "valid"),
    [
        pytest.param("AS 2S 3S", True, id="4.1-ace-low"),
        pytest.param("QS KS AS", False, id="4.1-q-k-a-is-not-a-sequence"),
        pytest.param("KS AS 2S", False, id="4.1-not-round-the-corner"),
        pytest.param("9D 9H 9C 9S", True, id="4.1-set-of-four"),
        pytest.param("9D 10D", False, id="4.1-two-cards-are-no-meld"),
    ],
)
def test_4_1_meld_question(cards: str, valid: bool) -> None:
    answer = ask("meld", cards=cards)
    assert answer["valid"] is valid
    assert answer["explanation"]


def test_deadwood_question_finds_the_best_melding_and_checks_a_claim() -> None:
    answer = ask("deadwood", cards="7H 8H 9H 5C 5D 5S KC", claimed=12)
    assert answer["count"] == 10
    assert answer["unmatched"] == "KC"
    assert answer["in_hand"] == 49
    assert answer["claim_right"] is False
    assert "the claim of 12 is wrong: the lowest unmatched count is 10" in answer["explanation"]
    assert ask("deadwood", cards="7H 8H 9H 5C", claimed=5)["claim_right"] is True


def test_settle_question_answers_payments_from_raw_entries() -> None:
    answer = ask(
        "settle",
        players=3,
        went_out=2,
        rummy=True,
        hands=[{"seat": 0, "held": 7}, {"seat": 1, "cards": "AS"}],
    )
    assert answer["payments"] == [
        {"payer": 0, "payee": 2, "amount": 14},
        {"payer": 1, "payee": 2, "amount": 2},
    ]
    assert [r["points"] for r in answer["results"]] == [-14, -2, 16]


def test_settle_question_refuses_an_impossible_hand() -> None:
    with pytest.raises(ImpossibleCountError):
        ask("settle", players=2, went_out=0, hands=[{"seat": 1, "held": 101}])


HAND = "7H 8H 9H 5C 5D 5S KC"


def test_P_1_going_out_in_one_turn_with_nothing_before_is_rummy() -> None:
    answer = ask("go-out", hand=HAND, melds=["7H 8H 9H", "5C 5D 5S"], discard="KC")
    assert answer["goes_out"] and answer["rummy"]
    later = ask(
        "go-out", hand=HAND, melds=["7H 8H 9H", "5C 5D 5S"], discard="KC", declared_before=True
    )
    assert later["goes_out"] and not later["rummy"]


def test_P_1_a_lay_off_counts_as_declaring() -> None:
    answer = ask(
        "go-out",
        hand="10H 5C 5D 5S",
        melds=["5C 5D 5S"],
        layoffs=[{"cards": "10H", "onto": "7H 8H 9H"}],
    )
    assert answer["goes_out"] and answer["rummy"]
    bad = ask(
        "go-out",
        hand="JH 5C 5D 5S",
        melds=["5C 5D 5S"],
        layoffs=[{"cards": "JH", "onto": "7H 8H 9H"}],
    )
    assert not bad["goes_out"] and bad["problems"]


def test_P_2_default_going_out_by_melding_everything() -> None:
    answer = ask("go-out", hand="7H 8H 9H 5C 5D 5S", melds=["7H 8H 9H", "5C 5D 5S"])
    assert answer["goes_out"] is True


def test_P_2_house_rule_going_out_needs_a_final_discard() -> None:
    body = {"hand": "7H 8H 9H 5C 5D 5S", "melds": ["7H 8H 9H", "5C 5D 5S"]}
    answer = GAME.ask("go-out", {**body, "options": {"must_discard_to_go_out": True}})
    assert answer["goes_out"] is False
    assert answer["problems"] == [
        'house rule "Must discard to go out": going out needs a final discard (P-2)'
    ]
    with_discard = GAME.ask(
        "go-out",
        {
            "hand": HAND,
            "melds": ["7H 8H 9H", "5C 5D 5S"],
            "discard": "KC",
            "options": {"must_discard_to_go_out": True},
        },
    )
    assert with_discard["goes_out"] is True


def test_4_1_a_card_taken_from_the_discard_pile_is_not_discarded_the_same_turn() -> None:
    answer = ask("go-out", hand=HAND, melds=["7H 8H 9H", "5C 5D 5S"], discard="KC", taken="KC")
    assert not answer["goes_out"]
    assert answer["problems"] == [
        "KC was taken from the discard pile this turn, so it cannot be discarded in the same "
        "turn (4.1)"
    ]


def test_go_out_refuses_cards_not_in_the_hand_and_says_what_is_left() -> None:
    answer = ask("go-out", hand="7H 8H 9H KC", melds=["7H 8H 9H 10H"])
    assert answer["problems"] == ["10H not in the hand"]
    partial = ask("go-out", hand="7H 8H 9H KC 2D", melds=["7H 8H 9H"], discard="2D")
    assert partial["left"] == "KC" and not partial["goes_out"] and partial["legal"]


@pytest.mark.parametrize(
    "body",
    [
        {"hand": 5},
        {"hand": "7H 8H 9H", "melds": "7H 8H 9H"},
        {"hand": "7H 8H 9H", "layoffs": [{"cards": "7H"}]},
        {"hand": "7H 8H 9H", "discard": "7H 8H"},
        {"hand": "7H 8H 9H", "declared_before": "yes"},
        {"hand": "7H JK"},
    ],
)
def test_go_out_refuses_a_malformed_body_naming_the_field(body: dict[str, Any]) -> None:
    with pytest.raises(AdjudicationError) as caught:
        ask("go-out", **body)
    assert caught.value.field
