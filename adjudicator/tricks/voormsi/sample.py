"""Voormsi hands played out at random, but by the rules, as JSON records: for a demo night,
a game's conformance test and the property tests.

Each player knows their own cards here, so the compulsory play (V-4) is always made and any
``held`` note is true. Draws follow 7a: after each trick each player draws back up to four,
the winner first. A hand stops at a partner capture, as the game does.

>>> from adjudicator.tricks.voormsi.record import parse_hand
>>> record = sample_hand(4, seed="demo")
>>> sum(len(t["plays"][0]["cards"].split()) for t in record["tricks"]) <= 9
True
>>> parse_hand(record, 4) is not None
True
"""

from __future__ import annotations

import random
from collections import defaultdict
from typing import Any

from adjudicator.cards import Card
from adjudicator.tricks.plays import Play, Trick
from adjudicator.tricks.voormsi.hand import capture_kind
from adjudicator.tricks.voormsi.rules import (
    DEFAULTS,
    JC,
    KH,
    PACK,
    Options,
    Table,
    denomination,
    judge_trick,
)

REFILL = 4  # "replenish his hand back to four cards"


def _must_play(
    plays: list[Play], seat: int, hand: list[Card], table: Table, options: Options
) -> Card | None:
    """The card the compulsory play forces on ``seat`` now, if any (V-4)."""
    if not plays:
        return None
    result = judge_trick(Trick(tuple(plays)), options)
    winning = plays[result.standing[-1]]
    winning_card, must = (JC, KH) if options.forced_play == "seed" else (KH, JC)
    if winning_card in winning.cards and table.opponents(winning.seat, seat) and must in hand:
        return must
    return None


def _lead(rng: random.Random, hand: list[Card], most: int, multi: float) -> list[Card]:
    """One card, or now and then several of one denomination (V-17: as many as one likes)."""
    groups: dict[str, list[Card]] = defaultdict(list)
    for card in hand:
        groups[denomination(card)].append(card)
    several = [cards for cards in groups.values() if len(cards) >= 2]
    if several and most >= 2 and rng.random() < multi:
        cards = rng.choice(several)
        return rng.sample(cards, rng.randint(2, min(len(cards), most)))
    return [rng.choice(hand)]


def sample_hand(
    players: int,
    options: Options = DEFAULTS,
    *,
    seed: int | str = 0,
    multi: float = 0.3,
    held: float = 0.0,
    dealer: int | None = None,
) -> dict[str, Any]:
    """A whole hand's record by tricks, shuffled and played from ``seed``.

    ``multi`` is how often a leader with two or more cards of a denomination leads several;
    ``held`` how often a trick notes a card some seat holds; ``dealer`` names the dealer (the
    first trick is then led from their left), else the first leader is drawn at random.
    """
    rng = random.Random(seed)
    table = Table.for_players(players, options)
    deck = list(PACK)
    rng.shuffle(deck)
    size = table.hand_size
    hands = [deck[seat * size : (seat + 1) * size] for seat in range(players)]
    stock = deck[players * size :]
    turns = table.plays_per_trick // players
    record: dict[str, Any] = {}
    if dealer is None:
        leader = rng.randrange(players)
    else:
        record["dealer"] = dealer
        leader = (dealer + 1) % players
    tricks: list[dict[str, Any]] = []
    while any(hands):
        notes: list[dict[str, Any]] = []
        if rng.random() < held:
            seat = rng.randrange(players)
            if hands[seat]:
                notes.append({"seat": seat, "cards": str(rng.choice(hands[seat]))})
        plays: list[Play] = []
        count = 0
        for seat in table.play_order(leader):
            hand = hands[seat]
            if not plays:
                cards = _lead(rng, hand, len(hand) // turns, multi)
                count = len(cards)
            else:
                forced = _must_play(plays, seat, hand, table, options)
                rest = [c for c in hand if c != forced]
                picked = rng.sample(rest, count - (1 if forced else 0))
                cards = ([forced] if forced else []) + picked
            for card in cards:
                hand.remove(card)
            plays.append(Play(seat, tuple(cards)))
        trick = Trick(tuple(plays))
        played = {str(c) for c in trick.cards}
        data: dict[str, Any] = {"plays": [p.as_data() for p in plays]}
        # A note names only a card kept in hand through the trick.
        notes = [n for n in notes if n["cards"] not in played]
        if notes:
            data["held"] = notes
        tricks.append(data)
        result = judge_trick(trick, options)
        # Draw back up to four, the winner first, everyone the same number (7a).
        each = min(max(0, REFILL - len(hands[result.winner])), len(stock) // players)
        for step in range(players):
            seat = (result.winner + step) % players
            hands[seat] += stock[:each]
            stock = stock[each:]
        leader = result.winner
        if capture_kind(trick, result, table) == "partner":
            break  # "the game immediately ends"
    record["tricks"] = tricks
    return record
