"""Brus hands played out at random, but by the rules, as JSON records: for a demo night, the
conformance tests and the property tests.

Each player knows their own cards here: a seat on lead lays its 7s (most of the time) and leads
a playable card if it has one, else passes the lead; a follower plays a higher card or passes
(always plays one when it can under the house rule ``must_beat``, BR-3). The hand stops at a
side's sixth trick, or when the last playable card has been played (6a, BR-8). Any ``held``
note is true: a card that seat keeps through the trick.

>>> from adjudicator.tricks.brus.hand import Hand, check_hand
>>> from adjudicator.tricks.plays import parse_tricks
>>> record = sample_hand(4, seed="demo")
>>> checked = check_hand(Hand(parse_tricks(record["tricks"], 4)), Table(4))
>>> checked.over
True
"""

from __future__ import annotations

import random
from typing import Any

from adjudicator.cards import Card, format_cards
from adjudicator.tricks.brus.hand import SIX
from adjudicator.tricks.brus.rules import (
    DEFAULTS,
    KC,
    PACK,
    Options,
    Table,
    beats,
    is_playable,
    is_seven,
)


def sample_hand(
    players: int,
    options: Options = DEFAULTS,
    *,
    seed: int | str = 0,
    dealer: int | None = None,
    held: float = 0.0,
    kc: bool | None = None,
    lay: float = 0.85,
    passes: float = 0.3,
) -> dict[str, Any]:
    """A whole hand's record by tricks, shuffled and played from ``seed``.

    ``dealer`` names the dealer (the first trick then opens at their left), else the first seat
    on lead is drawn at random. ``held`` is how often a trick notes a card some seat keeps;
    ``kc`` whether the record names the side that held the KC (``None``: only when the score
    turns on it). ``lay`` is how often a seat on lead lays the 7s it holds, ``passes`` how often
    a follower who could beat passes anyway (never under ``must_beat``).
    """
    rng = random.Random(seed)
    table = Table.for_players(players)
    deck = list(PACK)
    rng.shuffle(deck)
    size = table.hand_size
    hands = [deck[s * size : (s + 1) * size] for s in range(players)]
    kc_side = table.side_of(next(s for s in range(players) if KC in hands[s]))
    record: dict[str, Any] = {}
    if dealer is None:
        on_lead = rng.randrange(players)
    else:
        record["dealer"] = dealer
        on_lead = table.next_seat(dealer)
    won = [0, 0]
    tricks: list[dict[str, Any]] = []
    over = False
    while not over:
        plays: list[tuple[int, list[Card]]] = []
        who = on_lead
        highest: Card | None = None
        winner = on_lead
        # The lead: 7s laid, then a card led, or the lead passed to the left (6a, BR-4).
        while highest is None:
            hand = hands[who]
            laid: list[Card] = []
            sevens = [c for c in hand if is_seven(c)]
            if sevens and rng.random() < lay:
                for card in sevens:
                    hand.remove(card)
                    laid.append(card)
                    won[table.side_of(who)] += 1
                    if won[table.side_of(who)] >= SIX:
                        over = True
                        break
            playable = [c for c in hand if is_playable(c)]
            if over or not playable:
                plays.append((who, laid))
                if over:
                    break
                who = table.next_seat(who)
                continue
            highest = rng.choice(playable)
            hand.remove(highest)
            plays.append((who, [*laid, highest]))
            winner = who
        # The others in turn: a higher card, or a pass (6a, BR-3).
        while not over and len(plays) < players:
            who = table.next_seat(who)
            assert highest is not None
            beaters = [c for c in hands[who] if is_playable(c) and beats(c, highest)]
            if beaters and (options.must_beat or rng.random() >= passes):
                highest = rng.choice(beaters)
                hands[who].remove(highest)
                plays.append((who, [highest]))
                winner = who
            else:
                plays.append((who, []))
        data: dict[str, Any] = {
            "plays": [{"seat": s, "cards": format_cards(cards)} for s, cards in plays]
        }
        if held and rng.random() < held:
            keeper = rng.randrange(players)
            kept = [c for c in hands[keeper] if is_playable(c) or c == KC]
            if kept:
                data["held"] = [{"seat": keeper, "cards": str(rng.choice(kept))}]
        tricks.append(data)
        if over:
            break
        won[table.side_of(winner)] += 1
        on_lead = winner
        left = any(is_playable(c) for hand in hands for c in hand)
        over = won[table.side_of(winner)] >= SIX or not left
    record["tricks"] = tricks
    needed = max(won) < SIX and max(won) == 5
    if kc or (kc is None and needed):
        record["kc"] = kc_side
    return record
