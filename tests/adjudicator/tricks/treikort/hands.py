"""Treikort hands for the tests, written trick by trick with the seats filled in."""

from __future__ import annotations

from typing import Any

from adjudicator.cards import Card
from adjudicator.tricks.plays import Play, Trick
from adjudicator.tricks.treikort import judge_trick


def record(tricks: list[list[str]], *, leader: int = 0, **extra: Any) -> dict[str, Any]:
    """A hand's JSON from its cards alone: seats in turn, each trick led by the last winner."""
    data = []
    for number, cards in enumerate(tricks):
        plays = [{"seat": (leader + i) % 3, "cards": c} for i, c in enumerate(cards)]
        data.append({"plays": plays})
        if number < len(tricks) - 1:
            trick = Trick(tuple(Play(p["seat"], (Card.parse(p["cards"]),)) for p in plays))
            leader = judge_trick(trick).winner
    return {**extra, "tricks": data}


# A whole hand, each trick's cards in the order played: seat 1 leads (seat 3 dealt), wins the
# first four tricks and leads a 7 to the fifth; seat 2 takes the rest.
HAND = [
    ["QC", "8C", "8H"],  # Ann: the QC is highest
    ["2S", "8D", "6C"],  # Ann
    ["KD", "6D", "6H"],  # Ann
    ["2H", "6S", "JC"],  # Ann
    ["7H", "4C", "JD"],  # Ann: a led 7 wins
    ["9D", "8S", "JH"],  # Ben's 8S beats the 9D
    ["AS", "JS", "AD"],  # Ben leads the AS; Ann's AD only ties it
    ["7S", "AH", "9H"],  # Ben leads a 7 (he has won a trick)
    ["AC", "7D", "7C"],  # Ben
]


def whole_hand() -> dict[str, Any]:
    return record(HAND, leader=0, dealer=2)
