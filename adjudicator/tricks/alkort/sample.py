"""Alkort hands played out at random, but by the rules, as JSON records: for a demo night, a
game's conformance test and the property tests.

Nine cards each; the first trick led from the dealer's left (or by a seat drawn at random when
no dealer is named), each later one by the winner of the one before. Nobody leads a 7 before
winning a trick (8a). Play stops where the rules stop it (8a, A-5).

>>> record = sample_hand(4, seed="demo")
>>> 5 <= len(record["tricks"]) <= 9
True
"""

from __future__ import annotations

import random
from typing import Any

from adjudicator.cards import Card, Rank
from adjudicator.tricks.alkort.hand import Progress
from adjudicator.tricks.alkort.rules import (
    DEFAULTS,
    HAND_SIZE,
    PACK,
    Options,
    Table,
    judge_trick,
    power,
)
from adjudicator.tricks.plays import Play, Trick


def _lead(rng: random.Random, hand: list[Card], may_lead_seven: bool) -> Card:
    choices = [c for c in hand if may_lead_seven or c.rank is not Rank.SEVEN]
    return rng.choice(choices or hand)


def sample_hand(
    players: int,
    options: Options = DEFAULTS,
    *,
    seed: int | str = 0,
    dealer: int | None = None,
    streak: float = 0.0,
) -> dict[str, Any]:
    """A whole hand's record by tricks, shuffled and played from ``seed``.

    ``dealer`` names the dealer (the first trick is then led from their left). ``streak`` is
    how often a side that has won every trick so far is dealt its best card to lead again, so
    that múks and strokes come up in samples more often than by chance.
    """
    rng = random.Random(seed)
    table = Table.for_players(players)
    deck = list(PACK)
    rng.shuffle(deck)
    hands = [deck[s * HAND_SIZE : (s + 1) * HAND_SIZE] for s in range(players)]
    record: dict[str, Any] = {}
    if dealer is None:
        leader = rng.randrange(players)
    else:
        record["dealer"] = dealer
        leader = (dealer + 1) % players
    won_by_seat = [0] * players
    winners: list[int] = []
    tricks: list[dict[str, Any]] = []
    while not Progress.of(winners, len(table.sides)).over:
        plays: list[Play] = []
        for position, who in enumerate(table.play_order(leader)):
            hand = hands[who]
            if position == 0:
                keep_going = winners and len(set(winners)) == 1 and rng.random() < streak
                if keep_going:
                    # The leader's strongest card: a 7 when allowed, else the highest tier.
                    card = max(hand, key=lambda c: 99 if c.rank is Rank.SEVEN else _rank(c))
                else:
                    card = _lead(rng, hand, won_by_seat[who] > 0)
            else:
                card = rng.choice(hand)
            hand.remove(card)
            plays.append(Play(who, (card,)))
        trick = Trick(tuple(plays))
        tricks.append({"plays": [p.as_data() for p in plays]})
        result = judge_trick(trick, options)
        won_by_seat[result.winner] += 1
        winners.append(table.side_of(result.winner))
        leader = result.winner
    record["tricks"] = tricks
    return record


def _rank(card: Card) -> int:
    return power(card) or 0


__all__ = ["sample_hand"]
