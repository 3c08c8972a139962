"""Knock Rummy (Poker Rum): rules ``shared/seeds/002``, rulings ``shared/rulings.md`` 4.1, 4.5
(K-1 … K-4) and K-4 in section 11."""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.cards import ALL_CARDS, Card, format_cards, parse_cards
from adjudicator.errors import (
    AdjudicationError,
    BadEntryError,
    ImpossibleCountError,
    ImpossibleHandError,
    NotInPackError,
    TooManyCopiesError,
)
from adjudicator.game import Open, Target
from adjudicator.games import get_game
from adjudicator.messages import render
from adjudicator.records import Seating
from adjudicator.rummy.knock_rummy import (
    KnockRummy,
    Options,
    count_cards,
    hand_size,
    most_unmatched,
    settle,
)
from adjudicator.rummy.melding_rules import RUMMY, is_valid_meld, rummy_value
from adjudicator.said import Naming
from adjudicator.tally import Tally, format_points

GAME = KnockRummy()
DEFAULTS = Options()
NAMES = Naming(("Ann", "Ben", "Cy", "Di", "Ed", "Flo"))


def counts_deal(knocked: int, *counts: int) -> dict[str, Any]:
    return {
        "knocked": knocked,
        "hands": [{"seat": s, "count": c} for s, c in enumerate(counts)],
    }


def score(raw: dict[str, Any], *, players: int | None = None, **options: Any) -> Any:
    players = players or len(raw["hands"])
    opts = GAME.options(options)
    deal = GAME.parse_deal(raw, players=players, options=opts)
    return GAME.score(deal, None, Seating(players), opts)


def nets(raw: dict[str, Any], **options: Any) -> list[Any]:
    return [r.points for r in score(raw, **options).results]


def paid(raw: dict[str, Any], **options: Any) -> list[tuple[int, int, Any]]:
    return [(p.payer, p.payee, p.amount) for p in score(raw, **options).payments]


def said(raw: dict[str, Any], seat: int, **options: Any) -> list[str]:
    """Seat's explanation with the players' names put in."""
    return [render(line, "en", NAMES) for line in score(raw, **options).results[seat].explanation]


def tally(raws: list[dict[str, Any]], *, players: int, **options: Any) -> Tally:
    opts = GAME.options(options)
    deals = [GAME.parse_deal(r, players=players, options=opts) for r in raws]
    return GAME.tally(deals, players=players, options=opts)


def test_the_game_is_listed_as_a_settlement_game() -> None:
    game = get_game("knock-rummy")
    assert isinstance(game, KnockRummy)
    assert game.settles and not game.lower_is_better
    assert (game.min_players, game.max_players) == (2, 6)


# ---------------------------------------------------------------------------------------------
# 4.1: the deal, the melds, the values
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "size"),
    [(2, 10), (3, 7), (4, 7), (5, 6), (6, 6)],
    ids=["4.1-two-get-10", "4.1-three-get-7", "4.1-four-get-7", "4.1-five-get-6", "4.1-six-get-6"],
)
def test_4_1_every_hand_is_the_dealt_size_when_counted(players: int, size: int) -> None:
    assert hand_size(players) == size
    cards = [c for c in ALL_CARDS]
    hands = [
        {"seat": s, "cards": format_cards(cards[s * size : (s + 1) * size])} for s in range(players)
    ]
    score({"knocked": 0, "hands": hands}, players=players)  # accepted
    hands[1] = {"seat": 1, "cards": format_cards(cards[size : 2 * size + 1])}
    hands[2 % players] = {"seat": 2 % players, "count": 5} if players > 2 else hands[0]
    with pytest.raises(ImpossibleHandError) as caught:
        score({"knocked": 0, "hands": hands}, players=players)
    assert caught.value.field == "hands[1].cards"
    assert caught.value.seats == (1,)
    assert f"held {size + 1} cards" in str(caught.value)
    short = [*hands[:1], {"seat": 1, "cards": format_cards(cards[size : 2 * size - 1])}]
    with pytest.raises(ImpossibleHandError):
        score({"knocked": 0, "hands": [*short, *hands[2:]]}, players=players)


def test_4_1_the_record_asks_for_the_dealt_number_of_cards() -> None:
    for players in range(2, 7):
        hands = GAME.record(DEFAULTS, players).get("hands")
        cards = hands.entry("cards")  # type: ignore[union-attr]
        assert cards.min_cards == cards.max_cards == hand_size(players)  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("cards", "count"),
    [
        pytest.param("QS KS AS 2H 4D 6C 8C", 41, id="4.1-q-k-a-not-a-sequence"),
        pytest.param("AS 2S 3S 9H 9D 9C KC", 10, id="4.1-a-2-3-is-a-sequence-ace-low"),
        pytest.param("KS AS 2S 9H 9D 9C 4C", 17, id="4.1-not-round-the-corner"),
        pytest.param("7S 7H 7D 7C 2S 3S 4S", 0, id="4.1-set-of-four"),
        pytest.param("KS KH KD 5C 6C 7C 8C", 0, id="4.1-run-of-four"),
        pytest.param("JS QD KC AH 10S 2D 3C", 46, id="4-courts-10-ace-1"),
        # Common definitions: the engine searches. 7H in the run leaves 7S 7D (14); in the set
        # it leaves 5H 6H (11).
        pytest.param("5H 6H 7H 7S 7D 2C 2D", 15, id="4-the-engine-finds-the-minimum"),
    ],
)
def test_4_unmatched_count_of_a_hand(cards: str, count: int) -> None:
    assert count_cards(parse_cards(cards)) == count
    raw = {
        "knocked": 1,
        "hands": [{"seat": 0, "cards": cards}, {"seat": 1, "count": 0}, {"seat": 2, "count": 0}],
    }
    assert score(raw).results[0].detail["count"] == count


def test_4_1_one_pack_so_a_card_held_twice_is_refused() -> None:
    raw = {
        "knocked": 0,
        "hands": [
            {"seat": 0, "cards": "AS 2S 3S 9H 9D 9C KC"},
            {"seat": 1, "cards": "AS 2H 3H 4H 5D 6D 8C"},
            {"seat": 2, "count": 20},
        ],
    }
    with pytest.raises(TooManyCopiesError) as caught:
        score(raw)
    assert caught.value.field == "hands[1].cards"
    with pytest.raises(NotInPackError):
        score({**raw, "hands": [raw["hands"][0], {"seat": 1, "cards": "JK 2H 3H 4H 5D 6D 8C"}]})


@pytest.mark.parametrize("cards", [6, 7, 10])
def test_4_a_count_no_hand_can_hold_is_refused(cards: int) -> None:
    players = {6: 5, 7: 3, 10: 2}[cards]
    most = most_unmatched(cards)
    ok = counts_deal(0, *([most] + [0] * (players - 1)))
    score(ok, players=players)
    too_many = counts_deal(0, *([most + 1] + [0] * (players - 1)))
    with pytest.raises(ImpossibleCountError) as caught:
        score(too_many, players=players)
    assert caught.value.field == "hands[0].count"
    assert caught.value.seats == (0,)
    with pytest.raises(ImpossibleCountError):
        score(counts_deal(0, *([-1] + [0] * (players - 1))), players=players)


def test_4_the_highest_count_is_reached_by_a_real_hand() -> None:
    """most_unmatched is not a guess: these hands hold it, with no meld in them."""
    tens = parse_cards("10S JS QH KH 10D JD QC KC 9H 9C")
    for size, most in ((10, 98), (7, 70), (6, 60)):
        assert count_cards(tens[:size]) == most_unmatched(size) == most


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(ALL_CARDS), min_size=10, max_size=10, unique=True))
def test_4_no_ten_card_hand_counts_more_than_the_limit(hand: list[Card]) -> None:
    assert count_cards(hand) <= most_unmatched(10)


# ---------------------------------------------------------------------------------------------
# 4.5: settlement
# ---------------------------------------------------------------------------------------------


def test_4_5_rule_1_knocker_alone_lowest_collects_the_differences() -> None:
    raw = counts_deal(0, 3, 20, 10)
    assert paid(raw) == [(1, 0, 17), (2, 0, 7)]
    assert nets(raw) == [24, -17, -7]
    assert said(raw, 1)[-2:] == ["pays Ann 17: 17 difference (20 - 3)", "net -17"]
    assert "lowest alone on 3: the knocker wins (4.5 rule 1)" in said(raw, 0)


def test_4_5_rule_1_knocker_with_every_card_matched_gets_25_more_from_each() -> None:
    raw = {
        "knocked": 0,
        "hands": [
            {"seat": 0, "cards": "AS 2S 3S 4S 7H 7D 7C"},
            {"seat": 1, "count": 20},
            {"seat": 2, "count": 10},
        ],
    }
    assert paid(raw) == [(1, 0, 45), (2, 0, 35)]
    lines = said(raw, 0)
    assert lines[0] == (
        "knocked on 0 (any count may knock, K-4): melds AS 2S 3S 4S, 7H 7D 7C; "
        "every card matched = 0"
    )
    assert (
        "collects 45 from Ben: 20 difference (20 - 0) + 25 bonus: the knocker won with every "
        "card matched = 45"
    ) in lines
    assert lines[-1] == "net +80"


def test_4_5_rule_2_a_player_tying_the_knocker_wins_and_the_knocker_pays_nothing() -> None:
    raw = counts_deal(0, 5, 5, 12, 30)
    assert paid(raw) == [(2, 1, 7), (3, 1, 25)]
    assert nets(raw) == [0, 32, -7, -25]
    knocker = said(raw, 0)
    assert "tied for lowest on 5 by Ben, who wins over the knocker (4.5 rule 2)" in knocker
    assert "pays nothing: 0 difference (5 - 5), and no penalty on a tie (K-1)" in knocker


def test_K_1_house_rule_the_tied_knocker_pays_the_penalty() -> None:
    raw = counts_deal(0, 5, 5, 12)
    assert paid(raw, penalty_on_tie=True) == [(0, 1, 10), (2, 1, 7)]
    assert (
        "pays Ben 10: 0 difference (5 - 5) + 10 penalty: knocked and was tied (house rule, K-1)"
        " = 10"
    ) in said(raw, 0, penalty_on_tie=True)


def test_4_5_rule_3_an_undercut_knocker_pays_the_difference_and_10() -> None:
    raw = counts_deal(1, 14, 9, 4)
    assert paid(raw) == [(0, 2, 10), (1, 2, 15)]
    assert nets(raw) == [-10, -15, 25]
    assert said(raw, 1)[-3:] == [
        "knocked on 9 but Cy is lower on 4 (4.5 rule 3)",
        "pays Cy 15: 5 difference (9 - 4) + 10 penalty: knocked but was not lowest = 15",
        "net -15",
    ]
    assert "lowest on 4, below the knocker Ben: wins (4.5 rule 3)" in said(raw, 2)


def test_K_1_the_undercut_penalty_does_not_depend_on_the_house_rule() -> None:
    assert paid(counts_deal(1, 14, 9, 4), penalty_on_tie=True) == [(0, 2, 10), (1, 2, 15)]


def test_K_2_tied_winners_share_each_payment_exactly() -> None:
    raw = counts_deal(0, 10, 3, 3, 8)
    # Ann (the knocker) owes 7 + 10 = 17, Di owes 5: Ben and Cy take half each.
    assert paid(raw) == [
        (0, 1, Fraction(17, 2)),
        (0, 2, Fraction(17, 2)),
        (3, 1, Fraction(5, 2)),
        (3, 2, Fraction(5, 2)),
    ]
    assert nets(raw) == [-17, 11, 11, -5]
    assert (
        "pays Ben 8½: 7 difference (10 - 3) + 10 penalty: knocked but was not lowest = 17, "
        "shared by the 2 tied winners: 8½ each (K-2)"
    ) in said(raw, 0)
    assert "tied for lowest with Cy: no payment between them" in said(raw, 1)


def test_K_2_three_tied_winners_make_thirds_and_the_tally_keeps_them_exact() -> None:
    raw = counts_deal(0, 2, 2, 2, 2, 12)
    # Rule 2 with three non-knockers tied: Ed's 10 is shared three ways.
    assert nets(raw) == [0, Fraction(10, 3), Fraction(10, 3), Fraction(10, 3), -10]
    result = tally([raw, raw, raw], players=5)
    assert result.totals == (0, 10, 10, 10, -30)
    assert [format_points(t) for t in result.totals] == ["0", "10", "10", "10", "-30"]
    once = tally([raw], players=5)
    assert once.totals[1] == Fraction(10, 3)
    assert "3⅓" in " ".join(said(raw, 1))


def test_K_2_house_rule_each_tied_winner_collects_in_full() -> None:
    raw = counts_deal(3, 10, 3, 3, 3)
    # Rule 2: Ben and Cy tie the knocker Di; Ann pays each of them 7 in full.
    assert paid(raw, tied_winners="each_full") == [(0, 1, 7), (0, 2, 7)]
    assert (
        "in full to each of the 2 tied winners (house rule, K-2/K-4)"
        in said(raw, 0, tied_winners="each_full")[-2]
    )


def test_K_4_each_full_with_an_undercut_knocker_pays_the_penalty_to_each() -> None:
    raw = counts_deal(0, 10, 3, 3, 8)
    assert paid(raw, tied_winners="each_full") == [(0, 1, 17), (0, 2, 17), (3, 1, 5), (3, 2, 5)]
    assert nets(raw, tied_winners="each_full") == [-34, 22, 22, -10]


def test_K_3_a_tie_at_zero_wins_for_the_other_player_without_the_bonus() -> None:
    raw = counts_deal(0, 0, 0, 20)
    assert paid(raw) == [(2, 1, 20)]


def test_K_3_house_rule_any_winner_on_zero_gets_25_from_every_other_player() -> None:
    raw = counts_deal(0, 0, 0, 20)
    # K-4: every other player pays it, the tied knocker included.
    assert paid(raw, bonus_to_any_zero_winner=True) == [(0, 1, 25), (2, 1, 45)]
    assert (
        "pays Ben 25: 0 difference (0 - 0) + 25 bonus: a winner with every card matched "
        "(house rule, K-3) = 25"
    ) in said(raw, 0, bonus_to_any_zero_winner=True)
    # An undercutter on 0: the difference, the bonus and the knocker's penalty.
    undercut = counts_deal(0, 4, 0, 20)
    assert paid(undercut, bonus_to_any_zero_winner=True) == [(0, 1, 39), (2, 1, 45)]
    assert paid(undercut) == [(0, 1, 14), (2, 1, 20)]


def test_K_4_the_zero_bonus_is_shared_per_tied_winners() -> None:
    raw = counts_deal(0, 6, 0, 0, 10)
    shared = paid(raw, bonus_to_any_zero_winner=True)
    assert shared == [
        (0, 1, Fraction(41, 2)),
        (0, 2, Fraction(41, 2)),
        (3, 1, Fraction(35, 2)),
        (3, 2, Fraction(35, 2)),
    ]
    full = paid(raw, bonus_to_any_zero_winner=True, tied_winners="each_full")
    assert full == [(0, 1, 41), (0, 2, 41), (3, 1, 35), (3, 2, 35)]


def test_K_4_there_is_no_minimum_count_to_knock() -> None:
    raw = counts_deal(0, 60, 40, 50, 55, 58)
    assert paid(raw, players=5)[0] == (0, 1, 30)
    answer = GAME.ask("knock", {"cards": "10S JS QH KH 10D JD QC"})
    assert answer["may_knock"] is True
    assert answer["count"] == 70
    assert "no minimum count to knock (K-4)" in " ".join(answer["explanation"])
    assert any("K-4" in note for note in GAME.notes(DEFAULTS, 3))


@settings(max_examples=300, deadline=None)
@given(
    counts=st.lists(st.integers(0, 60), min_size=2, max_size=6),
    data=st.data(),
    penalty_on_tie=st.booleans(),
    tied_winners=st.sampled_from(["share", "each_full"]),
    bonus=st.booleans(),
)
def test_4_5_settlement_properties(
    counts: list[int],
    data: st.DataObject,
    penalty_on_tie: bool,
    tied_winners: str,
    bonus: bool,
) -> None:
    knocker = data.draw(st.integers(0, len(counts) - 1))
    options = GAME.options(
        {
            "penalty_on_tie": penalty_on_tie,
            "tied_winners": tied_winners,
            "bonus_to_any_zero_winner": bonus,
        }
    )
    s = settle(counts, knocker, options)
    low = min(counts)
    assert all(counts[w] == low for w in s.winners)
    assert s.winners, "someone always wins"
    # The knocker wins only alone (rule 2: a tie goes to the other player).
    assert (knocker in s.winners) == (s.winners == (knocker,))
    assert sum(s.net()) == 0
    for p in s.payments:
        assert p.payee in s.winners and p.payer not in s.winners and p.amount > 0
    for w in s.winners:
        assert s.net()[w] >= 0
    # Without the penalty or a bonus, a winner collects at most the differences.
    if not penalty_on_tie and not bonus and low > 0 and tied_winners == "share":
        diffs = sum(c - low for c in counts) + (10 if knocker not in s.winners else 0)
        assert sum(s.net()[w] for w in s.winners) == diffs - (
            10 if s.case == "tie_with_knocker" else 0
        )


# ---------------------------------------------------------------------------------------------
# Explanations with cards entered
# ---------------------------------------------------------------------------------------------


def test_explanations_show_each_count_the_melding_and_who_is_low() -> None:
    raw = {
        "knocked": 2,
        "hands": [
            {"seat": 0, "cards": "5H 6H 7H 7S 7D 2C 2D"},
            {"seat": 1, "count": 20},
            {"seat": 2, "cards": "AS 2S 3S 9H 9D 9C KC"},
        ],
    }
    ann = said(raw, 0)
    assert ann[0] == "melds 7S 7H 7D; unmatched 5H 5 + 6H 6 + 2D 2 + 2C 2 = 15"
    assert ann[1] == "pays Cy 5: 5 difference (15 - 10)"
    assert said(raw, 1)[0] == "unmatched count 20, as the table agreed"
    cy = said(raw, 2)
    assert cy[0].startswith("knocked on 10 (any count may knock, K-4): melds AS 2S 3S, 9H 9D 9C")
    assert cy[1] == "lowest alone on 10: the knocker wins (4.5 rule 1)"
    assert score(raw).summary.named(NAMES) == "Cy knocked on 10 and was lowest alone"
    detail = score(raw).results[2].detail
    assert detail == {
        "count": 10,
        "knocked": True,
        "won": True,
        "melds": ["AS 2S 3S", "9H 9D 9C"],
        "unmatched": "KC",
    }


# ---------------------------------------------------------------------------------------------
# P-3: how the game ends
# ---------------------------------------------------------------------------------------------


def test_P_3_by_default_the_table_plays_on_with_a_running_net() -> None:
    assert isinstance(GAME.end_rule(DEFAULTS, 3), Open)
    result = tally([counts_deal(0, 3, 20, 10)] * 50, players=3)
    assert not result.finished
    assert result.totals == (1200, -850, -350)
    assert result.status == "After hand 50: Seat 1 is up 1200."
    assert [(p.payer, p.payee, p.amount) for p in result.settlement] == [(1, 0, 850), (2, 0, 350)]


def test_P_3_house_rule_a_target_ends_the_game() -> None:
    assert GAME.end_rule(GAME.options({"target": 100}), 3) == Target(100)
    result = tally([counts_deal(0, 3, 20, 10)] * 5, players=3, target=100)
    assert result.finished and result.winners == (0,)
    assert result.totals == (120, -85, -35)


# ---------------------------------------------------------------------------------------------
# Questions
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "valid"),
    [("QS KS AS", False), ("AS 2S 3S", True), ("8H 8D 8C 8S", True), ("8H 8D", False)],
    ids=["4.1-q-k-a", "4.1-a-2-3", "4.1-set-of-four", "pair"],
)
def test_the_meld_question(cards: str, valid: bool) -> None:
    answer = GAME.ask("meld", {"cards": cards})
    assert answer["valid"] is valid
    assert answer["explanation"]


def test_the_deadwood_question_checks_a_claim() -> None:
    body = {"cards": "5H 6H 7H 7S 7D 2C 2D"}
    answer = GAME.ask("deadwood", body)
    assert (answer["count"], answer["melds"], answer["unmatched"]) == (
        15,
        ["7S 7H 7D"],
        "5H 6H 2D 2C",
    )
    assert "claim_right" not in answer
    high = GAME.ask("deadwood", {**body, "claimed": 18})
    assert high["claim_right"] is False
    assert "the claimed 18 is too high: the best melding leaves 15" in high["explanation"]
    assert GAME.ask("deadwood", {**body, "claimed": 15})["claim_right"] is True
    low = GAME.ask("deadwood", {**body, "claimed": 4})
    assert "the claimed 4 is too low: no melding leaves less than 15" in low["explanation"]
    with pytest.raises(BadEntryError) as caught:
        GAME.ask("deadwood", {**body, "claimed": "15"})
    assert caught.value.field == "claimed"


def test_a_hand_question_with_players_holds_the_hand_to_the_dealt_size() -> None:
    with pytest.raises(BadEntryError) as caught:
        GAME.ask("deadwood", {"cards": "5H 6H 7H", "players": 4})
    assert caught.value.field == "cards"
    assert GAME.ask("deadwood", {"cards": "5H 6H 7H", "players": None})["count"] == 0


def test_the_settle_question_answers_from_raw_entries() -> None:
    body = {**counts_deal(1, 14, 9, 4), "players": 3, "options": {"penalty_on_tie": True}}
    answer = GAME.ask("settle", body)
    assert answer["payments"] == [
        {"payer": 0, "payee": 2, "amount": 10},
        {"payer": 1, "payee": 2, "amount": 15},
    ]
    assert answer["payments_shown"] == ["Seat 1 pays seat 3 10", "Seat 2 pays seat 3 15"]
    assert answer["summary"] == "Seat 2 knocked on 9 and was undercut by seat 3 on 4"
    assert [r["points"] for r in answer["results"]] == [-10, -15, 25]
    with pytest.raises(BadEntryError) as caught:
        GAME.ask("settle", counts_deal(1, 14, 9, 4))
    assert caught.value.field == "players"


# ---------------------------------------------------------------------------------------------
# Properties: the engine's count against an independent search; no stray exceptions
# ---------------------------------------------------------------------------------------------


def brute_force_count(hand: tuple[Card, ...]) -> int:
    """The lowest unmatched count by trying every meld (any 3+ cards that are one) at each step."""
    if not hand:
        return 0
    first, rest = hand[0], hand[1:]
    best = rummy_value(first) + brute_force_count(rest)
    for size in range(2, len(rest) + 1):
        for others in itertools.combinations(rest, size):
            if is_valid_meld((first, *others), RUMMY):
                left = tuple(c for c in rest if c not in others)
                best = min(best, brute_force_count(left))
    return best


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(ALL_CARDS), min_size=1, max_size=10, unique=True))
def test_4_the_best_count_matches_an_independent_search(hand: list[Card]) -> None:
    assert count_cards(hand) == brute_force_count(tuple(hand))


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(["meld", "deadwood", "knock", "settle"]),
    st.dictionaries(
        st.sampled_from(["cards", "claimed", "players", "knocked", "hands", "options"]),
        st.one_of(
            st.none(),
            st.booleans(),
            st.integers(-5, 200),
            st.text(max_size=20),
            st.lists(st.sampled_from(ALL_CARDS), max_size=12).map(format_cards),
            st.lists(
                st.fixed_dictionaries(
                    {"seat": st.integers(-1, 6)},
                    optional={
                        "count": st.integers(-5, 120),
                        "cards": st.lists(st.sampled_from(ALL_CARDS), max_size=11).map(
                            format_cards
                        ),
                    },
                ),
                max_size=7,
            ),
        ),
    ),
)
def test_questions_raise_nothing_but_adjudication_errors(name: str, body: dict[str, Any]) -> None:
    outcome = ask(name, body)
    if isinstance(outcome, AdjudicationError):
        assert outcome.code != AdjudicationError.code
        assert outcome.field
    else:
        assert outcome["explanation"]


def ask(name: str, body: dict[str, Any]) -> dict[str, Any] | AdjudicationError:
    """The answer, or the refusal (any other exception fails the test)."""
    try:
        return GAME.ask(name, body)
    except AdjudicationError as err:
        return err


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 6), st.integers(1, 400))
def test_every_sample_hand_is_a_legal_record(players: int, number: int) -> None:
    raw = GAME.sample_deal(players=players, options=DEFAULTS, number=number)
    result = score(raw, players=players)
    assert sum(r.points for r in result.results) == 0
