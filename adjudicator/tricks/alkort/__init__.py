"""Alkort: tricks in sides of two (or two alone), five to win a hand, a múk to win more.

The package is the game's public face, one import for the rules and the game (:class:`Alkort`).

Rules: ``shared/seeds/003`` (Alkort); rulings: ``shared/rulings.md`` sections 8, 10 and 11.
The parts: :mod:`.rules` (house rules, the table, the ranking, the trick, the exchange),
:mod:`.hand` (a hand's plays checked, when it is over, what it scores, from its tricks
or a quick summary), :mod:`.sample` (hands played at random by the rules) and
:mod:`.game` (the game on the contract, and its questions).

Who wins a trick, and why:

>>> from adjudicator.tricks.alkort import *
>>> trick = parse_trick({"plays": [{"seat": 0, "cards": "KS"}, {"seat": 1, "cards": "3C"},
...                                {"seat": 2, "cards": "2D"}, {"seat": 3, "cards": "7H"}]}, 4)
>>> result = trick_winner(trick)
>>> result.winner, str(result.reason)
(2, 'the KS was led and nothing of value followed (a 7 that follows counts for nothing): the first 2 played, the 2D, takes it (8a, A-1)')

A hand from its quick summary, scored per side:

>>> score = score_hand(QuickHand((1, 6), first_five=1), Table(4))
>>> score.points, [str(line) for line in score.explanation(1)]
((0, 6), ['won the first 6 tricks in a row, a stroke of 6: 6 (8a, A-5)'])

May this hand take the stock?

>>> spoilers(parse_cards("2C 3S 4H 9C QD KS 7H 8C 8D")), spoilers(parse_cards("AS 2C 3S 4H 9C QD KS 7H 8C"))
((), (Card('AS'),))
"""

from __future__ import annotations

from adjudicator.cards import parse_cards
from adjudicator.options import describe_options, parse_options
from adjudicator.tricks.alkort.game import Alkort
from adjudicator.tricks.alkort.hand import (
    CheckedHand,
    Hand,
    HandScore,
    Progress,
    QuickHand,
    ScoreLine,
    check_hand,
    check_over,
    check_quick,
    score_hand,
    summarize,
    summary,
)
from adjudicator.tricks.alkort.rules import (
    DEFAULTS,
    LOWEST,
    PACK,
    RUBBISH,
    SEVENS,
    TIERS,
    Options,
    SevenLedTooSoonError,
    Table,
    check_lead,
    check_trick,
    judge_trick,
    of_value,
    power,
    spoilers,
    trick_winner,
)
from adjudicator.tricks.alkort.sample import sample_hand
from adjudicator.tricks.plays import Play, Trick, TrickResult, parse_trick, parse_tricks

__all__ = [
    "DEFAULTS",
    "LOWEST",
    "PACK",
    "RUBBISH",
    "SEVENS",
    "TIERS",
    "Alkort",
    "CheckedHand",
    "Hand",
    "HandScore",
    "Options",
    "Play",
    "Progress",
    "QuickHand",
    "ScoreLine",
    "SevenLedTooSoonError",
    "Table",
    "Trick",
    "TrickResult",
    "check_hand",
    "check_lead",
    "check_over",
    "check_quick",
    "check_trick",
    "describe_options",
    "judge_trick",
    "of_value",
    "parse_cards",
    "parse_options",
    "parse_trick",
    "parse_tricks",
    "power",
    "sample_hand",
    "score_hand",
    "spoilers",
    "summarize",
    "summary",
    "trick_winner",
]
