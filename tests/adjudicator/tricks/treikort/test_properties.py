"""Treikort properties, over random tricks, whole hands played by the rules and random sittings
(hypothesis):

* every trick has exactly one winner, a seat that played to it: the leader of a led 7, else the
  first played of the highest cards (9a);
* a card that cannot win (a 7 not led, or a card below the winning one) never changes the
  winner, wherever it is played;
* a hand played by the rules is never refused, round-trips, and a sitting scores the same from
  its tricks as from its quick summaries (totals, the Pope's marks, summaries and status);
* the Pope always has 13 or more over the window, and nobody has more (T-5), and each hand's
  Pope is the Pope after the hand before.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.cards import Card
from adjudicator.messages import Message
from adjudicator.tricks.plays import Play, Trick
from adjudicator.tricks.treikort import (
    PACK,
    Hand,
    Options,
    QuickHand,
    Treikort,
    is_seven,
    judge_trick,
    pope_after,
    sample_hand,
    tier,
    tricks_won,
)

GAME = Treikort()
seeds = st.integers(min_value=0, max_value=2**32 - 1)
options = st.builds(
    Options,
    games=st.integers(min_value=1, max_value=8),
    pope=st.booleans(),
    pope_holds=st.sampled_from(["most_tricks", "while_thirteen"]),
)
hand_counts = st.integers(min_value=0, max_value=9).flatmap(
    lambda a: st.integers(min_value=0, max_value=9 - a).map(lambda b: (a, b, 9 - a - b))
)


def random_trick(rng: random.Random, size: int = 3) -> tuple[Trick, list[Card]]:
    deck = list(PACK)
    rng.shuffle(deck)
    leader = rng.randrange(3)
    trick = Trick(tuple(Play((leader + i) % 3, (deck.pop(),)) for i in range(size)))
    return trick, deck


@settings(max_examples=200, deadline=None)
@given(seeds, st.integers(min_value=1, max_value=3))
def test_every_trick_has_exactly_one_winner_who_played(seed: int, size: int) -> None:
    trick, _ = random_trick(random.Random(seed), size)
    result = judge_trick(trick)
    assert result.winner in {play.seat for play in trick.plays}
    assert trick.plays[result.play].seat == result.winner
    assert result.standing[-1] == result.play
    cards = [play.cards[0] for play in trick.plays]
    if is_seven(cards[0]):
        assert result.play == 0  # a led 7 wins
    else:
        best = max(tier(c) for c in cards)
        assert result.play == next(i for i, c in enumerate(cards) if tier(c) == best)
        assert not is_seven(cards[result.play])


@settings(max_examples=200, deadline=None)
@given(seeds, st.integers(min_value=1, max_value=2))
def test_a_card_that_cannot_win_never_changes_the_winner(seed: int, position: int) -> None:
    rng = random.Random(seed)
    trick, rest = random_trick(rng)
    first = judge_trick(trick)
    if position == first.play:
        return  # the winner's own card is not one that cannot win
    winning = trick.plays[first.play].cards[0]
    lead = trick.plays[0].cards[0]

    def cannot_win(card: Card) -> bool:
        if is_seven(lead) or is_seven(card):
            return True
        # Played before the winning card, an equal card would win (the first played wins).
        below = tier(card) < tier(winning)
        return below if position < first.play else tier(card) <= tier(winning)

    losers = [c for c in rest if cannot_win(c)]
    if not losers:
        return
    plays = list(trick.plays)
    plays[position] = Play(plays[position].seat, (rng.choice(losers),))
    second = judge_trick(Trick(tuple(plays)))
    assert (second.play, second.winner) == (first.play, first.winner)


@settings(max_examples=40, deadline=None)
@given(seeds, options, st.integers(min_value=1, max_value=6))
def test_a_sitting_scores_the_same_from_its_tricks_and_from_its_quick_summaries(
    seed: int, rules: Options, count: int
) -> None:
    count = min(count, rules.games)
    by_tricks: list[Hand] = []
    by_quick: list[QuickHand] = []
    for number in range(count):
        dealer = (seed + number) % 3
        data = sample_hand(seed=seed + number, dealer=dealer, name_dealer=bool(number % 2))
        hand = GAME.parse_deal(data, players=3, options=rules)  # never refused
        assert isinstance(hand, Hand)
        assert GAME.deal_as_data(hand, players=3, options=rules) == data
        # The quick summary as a table would sum it up: each trick judged, its winner counted.
        counted = [0, 0, 0]
        for trick in hand.tricks:
            counted[judge_trick(trick).winner] += 1
        won = tuple(counted)
        assert tricks_won(hand) == won
        by_tricks.append(hand)
        by_quick.append(GAME.parse_deal({"won": list(won)}, players=3, options=rules))
    one = GAME.tally(by_tricks, players=3, options=rules)
    other = GAME.tally(by_quick, players=3, options=rules)
    assert one.totals == other.totals
    assert one.marks == other.marks
    assert (one.finished, one.winners) == (other.finished, other.winners)
    assert str(one.status) == str(other.status)
    assert [str(d.summary) for d in one.deals] == [str(d.summary) for d in other.deals]
    assert isinstance(one.status, Message)


@settings(max_examples=200, deadline=None)
@given(st.lists(hand_counts, max_size=12), st.sampled_from(["most_tricks", "while_thirteen"]))
def test_the_pope_has_13_or_more_and_nobody_has_more(
    hands: list[tuple[int, int, int]], holds: str
) -> None:
    rules = Options(pope_holds=holds)  # type: ignore[arg-type]
    status = pope_after(hands, rules)
    totals = status.window_tricks
    if status.pope is not None:
        assert totals[status.pope] >= 13
        if holds == "most_tricks":
            assert totals[status.pope] == max(totals)
    else:
        # Nobody is Pope only when nobody has 13, or two or more tie for the most.
        most = max(totals, default=0)
        assert most < 13 or sum(1 for t in totals if t == most) > 1
    # Each hand's Pope is the Pope after the hands before it.
    for n in range(len(hands)):
        assert status.played_as_pope[n] == pope_after(hands[:n], rules).pope
