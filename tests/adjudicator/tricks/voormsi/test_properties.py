"""Voormsi properties, over random tricks and whole hands played by the rules (hypothesis).

* every legal trick has exactly one winner, a seat that played to it;
* a play holding a 7, added after the lead of a trick not led by 7s, never changes the winner;
* a hand played by the rules is never refused, and scores the same from its tricks as from its
  quick summary; its record round-trips through JSON.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.cards import Card, Rank
from adjudicator.tricks.plays import Play, Trick
from adjudicator.tricks.voormsi import (
    PACK,
    Hand,
    Options,
    Table,
    check_hand,
    denomination,
    hand_as_data,
    parse_hand,
    score_hand,
    summarize,
    trick_winner,
)
from tests.adjudicator.tricks.voormsi.simulate import play_hand

THREE_D = Card.parse("3D")

options = st.builds(
    Options,
    trick_reading=st.sampled_from(["literal", "majority", "over_six"]),
    ks_rule=st.sampled_from(["seed", "parlett", "after_any_seven"]),
    forced_play=st.sampled_from(["seed", "parlett"]),
    multi_beat=st.sampled_from(["matching", "each_beats_highest"]),
    all_nine_keeps_captures=st.booleans(),
    whole_pack=st.booleans(),
)
seeds = st.integers(min_value=0, max_value=2**32 - 1)
players = st.sampled_from([2, 3, 4])


def random_trick(rng: random.Random, table: Table, deck: list[Card]) -> Trick:
    """A legal trick: a lead of one denomination (sometimes several cards), the rest anything."""
    rng.shuffle(deck)
    lead = [deck.pop()]
    if rng.random() < 0.4:
        same = [c for c in deck if denomination(c) == denomination(lead[0])]
        lead += same[: rng.randint(0, len(same))]
        for card in lead[1:]:
            deck.remove(card)
    order = table.play_order(rng.randrange(table.players))
    plays = [Play(order[0], tuple(lead))]
    for seat in order[1:]:
        plays.append(Play(seat, tuple(deck.pop() for _ in lead)))
    return Trick(tuple(plays))


@settings(max_examples=150, deadline=None)
@given(seeds, players, options)
def test_every_legal_trick_has_exactly_one_winner_who_played(
    seed: int, count: int, rules: Options
) -> None:
    table = Table(count)
    trick = random_trick(random.Random(seed), table, list(PACK))
    result = trick_winner(trick, rules, players=count)
    assert result.winner in {play.seat for play in trick.plays}
    assert trick.plays[result.play].seat == result.winner
    assert result.standing[-1] == result.play >= result.lead
    # The 3D never wins when led.
    assert not (result.play == 0 and trick.plays[0].cards == (THREE_D,))
    assert (result.beaten is None) == (result.play == result.lead)


@settings(max_examples=150, deadline=None)
@given(seeds, options, st.integers(min_value=0, max_value=10))
def test_a_seven_not_led_never_changes_the_winner(seed: int, rules: Options, where: int) -> None:
    rng = random.Random(seed)
    deck = list(PACK)
    trick = random_trick(rng, Table(4), deck)
    first = trick_winner(trick, rules)
    lead = trick.plays[first.lead]
    if all(c.rank is Rank.SEVEN for c in lead.cards):
        return  # a 7-led trick: a higher 7 does beat the led 7
    sevens = [c for c in deck if c.rank is Rank.SEVEN]
    if not sevens:
        return
    size = len(lead.cards)
    others = [c for c in deck if c.rank is not Rank.SEVEN]
    cards = [rng.choice(sevens), *rng.sample(others, size - 1)]
    rng.shuffle(cards)
    position = first.lead + 1 + where % (len(trick.plays) - first.lead)
    plays = list(trick.plays)
    plays.insert(position, Play(rng.randrange(4), tuple(cards)))
    second = trick_winner(Trick(tuple(plays)), rules)
    assert plays[second.play] == trick.plays[first.play]


@settings(max_examples=60, deadline=None)
@given(seeds, players, options, st.booleans())
def test_a_hand_scores_the_same_from_its_tricks_and_from_its_summary(
    seed: int, count: int, rules: Options, dealer: bool
) -> None:
    data = play_hand(seed, count, rules, dealer=dealer)
    hand = parse_hand(data, count, rules)  # never refused: it was played by the rules
    assert isinstance(hand, Hand)
    assert hand_as_data(hand) == data
    table = Table.for_players(count, rules)
    by_tricks = score_hand(hand, table, rules)
    summary = summarize(hand, table, rules)
    assert parse_hand(hand_as_data(summary), count, rules) == summary
    by_summary = score_hand(summary, table, rules)
    assert by_tricks.points == by_summary.points
    assert (by_tricks.partner_capture, by_tricks.all_tricks, by_tricks.first_five) == (
        by_summary.partner_capture,
        by_summary.all_tricks,
        by_summary.first_five,
    )
    assert sum(by_tricks.tricks) <= table.tricks


@settings(max_examples=60, deadline=None)
@given(seeds, players, options, st.integers(min_value=0, max_value=20))
def test_a_called_hand_scores_the_same_from_its_tricks_and_from_its_summary(
    seed: int, count: int, rules: Options, stop: int
) -> None:
    data = play_hand(seed, count, rules)
    table = Table.for_players(count, rules)
    full = parse_hand(data, count, rules)
    assert isinstance(full, Hand)
    if score_hand(full, table, rules).partner_capture is not None:
        return  # the game ended at the partner capture: nobody calls
    # Stop the hand after some trick; a side that lost it calls.
    number = stop % (len(full.tricks) - 1)
    tricks = data["tricks"][: number + 1]
    so_far = parse_hand({"tricks": tricks}, count, rules, over=False)
    assert isinstance(so_far, Hand)
    winner = table.side_of(check_hand(so_far, table, rules).results[-1].winner)
    caller = next(side for side in range(len(table.sides)) if side != winner)
    called = parse_hand({"tricks": tricks, "call": caller}, count, rules)
    by_tricks = score_hand(called, table, rules)
    by_summary = score_hand(summarize(called, table, rules), table, rules)
    assert by_tricks.points == by_summary.points
    assert by_tricks.call == caller and not by_tricks.complete
