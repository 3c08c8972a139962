"""Voormsi hands for the tests: played out at random by the rules, or written trick by trick
with the seats filled in."""

from __future__ import annotations

from typing import Any

from adjudicator.cards import parse_cards
from adjudicator.tricks.plays import Play, Trick
from adjudicator.tricks.voormsi.rules import DEFAULTS, Options, Table, judge_trick
from adjudicator.tricks.voormsi.sample import sample_hand


def play_hand(
    seed: int,
    players: int,
    options: Options = DEFAULTS,
    *,
    multi: float = 0.3,
    held: float = 0.2,
    dealer: bool = False,
) -> dict[str, Any]:
    """A whole hand's JSON record, played at random but by the rules, with ``held`` notes."""
    seat = seed % players if dealer else None
    return sample_hand(players, options, seed=seed, multi=multi, held=held, dealer=seat)


def record(
    players: int,
    tricks: list[list[str]],
    *,
    leader: int = 0,
    options: Options = DEFAULTS,
    **extra: Any,
) -> dict[str, Any]:
    """A hand's JSON record from its plays alone: the seats follow the turn order, each trick
    led by the winner of the one before (the first by ``leader``).

    ``tricks`` lists each trick's plays in order, as card text (``["9C 9S", "AH AD", …]``).
    ``extra`` goes into the record (``call=1``, ``dealer=3``).
    """
    table = Table(players)
    data: list[dict[str, Any]] = []
    for cards in tricks:
        order = table.play_order(leader)
        plays = [{"seat": seat, "cards": text} for seat, text in zip(order, cards, strict=False)]
        data.append({"plays": plays})
        trick = Trick(tuple(Play(p["seat"], parse_cards(p["cards"])) for p in plays))
        leader = judge_trick(trick, options).winner
    return {"tricks": data, **extra}
