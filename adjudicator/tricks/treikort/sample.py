"""Treikort hands played out at random, but by the rules, as JSON records: for a demo night,
the game's conformance tests and the property tests.

The pack is shuffled and dealt nine each; the seat at the dealer's left leads; each player
plays any card, except that a 7 is led only by a player who has won a trick (9a).

>>> from adjudicator.tricks.plays import parse_tricks
>>> from adjudicator.tricks.treikort.rules import Hand, check_hand
>>> record = sample_hand(seed="demo", dealer=2)
>>> record["dealer"], len(record["tricks"])
(2, 9)
>>> checked = check_hand(Hand(parse_tricks(record["tricks"], 3), record["dealer"]))
>>> sum(checked.won())
9
"""

from __future__ import annotations

import random
from typing import Any

from adjudicator.tricks.plays import Play, Trick
from adjudicator.tricks.treikort.rules import (
    HAND_SIZE,
    PACK,
    PLAYERS,
    TRICKS,
    is_seven,
    judge_trick,
)


def sample_hand(
    *, seed: int | str = 0, dealer: int | None = None, name_dealer: bool = True
) -> dict[str, Any]:
    """A whole hand's record by tricks, shuffled and played from ``seed``.

    ``dealer`` deals (the seat at their left leads the first trick); without one, the first
    leader is drawn at random. ``name_dealer`` puts the dealer in the record.
    """
    rng = random.Random(seed)
    deck = list(PACK)
    rng.shuffle(deck)
    hands = [deck[s * HAND_SIZE : (s + 1) * HAND_SIZE] for s in range(PLAYERS)]
    leader = rng.randrange(PLAYERS) if dealer is None else (dealer + 1) % PLAYERS
    wins = [0] * PLAYERS
    tricks: list[dict[str, Any]] = []
    for _ in range(TRICKS):
        plays: list[Play] = []
        for step in range(PLAYERS):
            who = (leader + step) % PLAYERS
            hand = hands[who]
            # 9a: no 7 led before winning a trick (nine cards hold at most four 7s).
            leads_first = step == 0 and not wins[who]
            choices = [c for c in hand if not is_seven(c)] if leads_first else hand
            card = rng.choice(choices)
            hand.remove(card)
            plays.append(Play(who, (card,)))
        result = judge_trick(Trick(tuple(plays)))
        wins[result.winner] += 1
        leader = result.winner
        tricks.append({"plays": [play.as_data() for play in plays]})
    record: dict[str, Any] = {}
    if dealer is not None and name_dealer:
        record["dealer"] = dealer
    record["tricks"] = tricks
    return record


__all__ = ["sample_hand"]
