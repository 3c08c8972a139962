"""Voormsi hands played out by the rules from a shuffled pack, for the property tests.

Every player knows their own cards here, so the compulsory play (V-4) is always made, and the
``held`` notes the simulation adds are true. A hand stops at a partner capture, as the game
does.
"""

from __future__ import annotations

import random
from collections import defaultdict
from typing import Any

from adjudicator.cards import Card, parse_cards
from adjudicator.tricks.plays import Play, Trick
from adjudicator.tricks.voormsi_rules import (
    DEFAULTS,
    JC,
    KH,
    PACK,
    Options,
    Table,
    denomination,
    judge_trick,
)


def _must_play(
    trick: list[Play], seat: int, hand: list[Card], table: Table, options: Options
) -> Card | None:
    """The card the compulsory play forces on ``seat`` now, if any (V-4)."""
    if not trick:
        return None
    result = judge_trick(Trick(tuple(trick)), options)
    winning = trick[result.standing[-1]]
    winning_card, must = (JC, KH) if options.forced_play == "seed" else (KH, JC)
    if winning_card in winning.cards and table.opponents(winning.seat, seat) and must in hand:
        return must
    return None


def _lead(rng: random.Random, hand: list[Card], most: int, multi: float) -> list[Card]:
    groups: dict[str, list[Card]] = defaultdict(list)
    for card in hand:
        groups[denomination(card)].append(card)
    several = [cards for cards in groups.values() if len(cards) >= 2]
    if several and most >= 2 and rng.random() < multi:
        cards = rng.choice(several)
        count = rng.randint(2, min(len(cards), most))
        return rng.sample(cards, count)
    return [rng.choice(hand)]


def play_hand(
    seed: int,
    players: int,
    options: Options = DEFAULTS,
    *,
    multi: float = 0.3,
    held: float = 0.2,
    dealer: bool = False,
) -> dict[str, Any]:
    """A whole hand's JSON record, played at random but by the rules."""
    rng = random.Random(seed)
    table = Table.seat(players, options)
    deck = list(PACK)
    rng.shuffle(deck)
    hands = [deck[seat * table.hand_size : (seat + 1) * table.hand_size] for seat in range(players)]
    stock = deck[players * table.hand_size :]
    turns = table.plays_per_trick // players
    record: dict[str, Any] = {}
    if dealer:
        record["dealer"] = rng.randrange(players)
        leader = (record["dealer"] + 1) % players
    else:
        leader = rng.randrange(players)
    tricks: list[dict[str, Any]] = []
    while any(hands):
        order = table.play_order(leader)
        plays: list[Play] = []
        notes: list[dict[str, Any]] = []
        # A note of a card still in hand, made before anyone plays: what the table saw.
        if rng.random() < held:
            seat = rng.randrange(players)
            if hands[seat]:
                notes.append({"seat": seat, "cards": str(rng.choice(hands[seat]))})
        size = len(hands[leader])
        k = 0
        for seat in order:
            hand = hands[seat]
            if not plays:
                cards = _lead(rng, hand, size // turns, multi)
                k = len(cards)
            else:
                forced = _must_play(plays, seat, hand, table, options)
                rest = [c for c in hand if c != forced]
                cards = ([forced] if forced else []) + rng.sample(rest, k - (1 if forced else 0))
            for card in cards:
                hand.remove(card)
            plays.append(Play(seat, tuple(cards)))
        # Notes name only cards not played to this trick.
        notes = [n for n in notes if all(n["cards"] not in map(str, p.cards) for p in plays)]
        trick = Trick(tuple(plays))
        data: dict[str, Any] = {"plays": [p.as_data() for p in plays]}
        if notes:
            data["held"] = notes
        tricks.append(data)
        winner = judge_trick(trick, options).winner
        # Draw back up to four, the winner first, everyone the same number.
        need = max(0, 4 - len(hands[winner])) if not options.whole_pack else 0
        each = min(need, len(stock) // players)
        for step in range(players):
            seat = (winner + step) % players
            hands[seat] += stock[:each]
            stock = stock[each:]
        leader = winner
        if _partner_capture(trick, options, table):
            break
    record["tricks"] = tricks
    return record


def _partner_capture(trick: Trick, options: Options, table: Table) -> bool:
    result = judge_trick(trick, options)
    if result.beaten is None:
        return False
    winning, beaten = trick.plays[result.play], trick.plays[result.beaten]
    return (
        JC in winning.cards
        and KH in beaten.cards
        and winning.seat != beaten.seat
        and not table.opponents(winning.seat, beaten.seat)
    )


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
