"""Alkort properties, over random tricks and whole hands played by the rules (hypothesis).

* every trick has exactly one winner, a seat that played to it;
* a card that cannot win (a 7 that follows, a Queen or a low King that follows, rubbish other
  than a 2 or a 3) never changes the winner, wherever it falls after the lead;
* a hand played by the rules is never refused, ends where the rules end it, and scores the
  same from its tricks as from its quick summary; its record round-trips through JSON.
"""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.cards import Card, Rank
from adjudicator.tricks.alkort.game import Alkort
from adjudicator.tricks.alkort.hand import Hand, check_hand, score_hand, summarize
from adjudicator.tricks.alkort.rules import PACK, Options, Table, judge_trick, of_value
from adjudicator.tricks.alkort.sample import sample_hand
from adjudicator.tricks.plays import Play, Trick

GAME = Alkort()
options = st.builds(
    Options,
    two_beats_three=st.booleans(),
    fridufaer=st.sampled_from(["pagat", "seed_all_rubbish"]),
)
seeds = st.integers(min_value=0, max_value=2**32 - 1)
players = st.sampled_from([2, 4])


def random_trick(rng: random.Random, table: Table, deck: list[Card]) -> Trick:
    """A trick of one card from each seat in turn, from a shuffled deck (any lead: the 7
    lead's legality is the hand's business)."""
    rng.shuffle(deck)
    order = table.play_order(rng.randrange(table.players))
    return Trick(tuple(Play(s, (deck.pop(),)) for s in order))


def cannot_win(card: Card) -> bool:
    """A card that never takes a trick it follows to."""
    return card.rank is Rank.SEVEN or not (of_value(card) or card.rank in (Rank.TWO, Rank.THREE))


@settings(max_examples=200, deadline=None)
@given(seeds, players, options)
def test_every_trick_has_exactly_one_winner_who_played(
    seed: int, count: int, rules: Options
) -> None:
    trick = random_trick(random.Random(seed), Table(count), list(PACK))
    result = judge_trick(trick, rules)
    assert result.winner in {play.seat for play in trick.plays}
    assert trick.plays[result.play].seat == result.winner
    assert [p.seat for p in trick.plays].count(result.winner) == 1
    assert result.standing[-1] == result.play
    assert (result.beaten is None) == (result.play == 0)


@settings(max_examples=200, deadline=None)
@given(seeds, players, options, st.integers(min_value=0, max_value=10))
def test_a_card_that_cannot_win_never_changes_the_winner(
    seed: int, count: int, rules: Options, where: int
) -> None:
    rng = random.Random(seed)
    deck = list(PACK)
    trick = random_trick(rng, Table(count), deck)
    first = judge_trick(trick, rules)
    spare = [c for c in deck if cannot_win(c)]
    card = rng.choice(spare)
    position = 1 + where % len(trick.plays)
    plays = list(trick.plays)
    plays.insert(position, Play(9, (card,)))  # a seat of its own: only the card matters here
    second = judge_trick(Trick(tuple(plays)), rules)
    assert plays[second.play] == trick.plays[first.play]
    assert second.play != position


@settings(max_examples=80, deadline=None)
@given(seeds, players, options, st.booleans(), st.sampled_from([0.0, 0.7]))
def test_a_hand_scores_the_same_from_its_tricks_and_from_its_summary(
    seed: int, count: int, rules: Options, dealer: bool, streak: float
) -> None:
    data = sample_hand(
        count, rules, seed=seed, dealer=seed % count if dealer else None, streak=streak
    )
    hand = GAME.parse_deal(data, players=count, options=rules)  # never refused: played by the rules
    assert isinstance(hand, Hand)
    assert GAME.deal_as_data(hand, players=count, options=rules) == json.loads(json.dumps(data))
    table = Table(count)
    checked = check_hand(hand, table, rules)
    assert checked.over
    # Over at the last trick and not before: every shorter hand goes on.
    assert not check_hand(Hand(hand.tricks[:-1], hand.dealer), table, rules).over
    summary = summarize(checked)
    assert (
        GAME.parse_deal(
            GAME.deal_as_data(summary, players=count, options=rules), players=count, options=rules
        )
        == summary
    )
    by_tricks = score_hand(hand, table, rules)
    by_summary = score_hand(summary, table, rules)
    assert by_tricks == by_summary
    assert sum(by_tricks.points) in (1, 5, 6, 7, 8, 9)
