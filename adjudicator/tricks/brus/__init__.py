"""Brus (Bräus, Gotland): two sides, playable and unplayable cards, 7s laid as tricks, six to win.

The package is the game's public face, one import for the rules and the game (:class:`Brus`).

Rules: ``shared/seeds/003`` (Brus and its six-player variant); rulings: ``shared/rulings.md``
section 6 and BR-8. The parts: :mod:`.rules` (house rules, the table, the cards, one
trick turn by turn), :mod:`.hand` (a hand's tricks checked, and where it ended),
:mod:`.score` (what it scores, from its tricks or a quick summary), :mod:`.sample`
(hands played at random by the rules); :mod:`.game` fits them to the game contract.

Who wins a trick, and why:

>>> from adjudicator.tricks.brus import *
>>> trick = parse_trick({"plays": [{"seat": 0, "cards": "KH"}, {"seat": 1, "cards": "8S"},
...                                {"seat": 2, "cards": ""}, {"seat": 3, "cards": ""}]}, 4)
>>> result = judge_trick(trick, Table(4))
>>> result.winner, str(result.reason)
(1, 'the 8S (Dull) is the highest card played (6a)')

A hand, quickly, scored per side:

>>> score_hand(QuickHand((5, 5), kc=1), Table(4)).points
(0, 1)
"""

from __future__ import annotations

from adjudicator.tricks.brus.game import Brus
from adjudicator.tricks.brus.hand import CheckedHand, Hand, Unit, check_hand, check_over
from adjudicator.tricks.brus.rules import (
    DEFAULTS,
    KC,
    PACK,
    PLAYABLE,
    SEVENS,
    TIERS,
    UNPLAYABLE,
    Options,
    Table,
    TrickInPlay,
    beats,
    is_playable,
    is_seven,
    judge_trick,
    play_out,
    power,
)
from adjudicator.tricks.brus.sample import sample_hand
from adjudicator.tricks.brus.score import (
    HandScore,
    QuickHand,
    ScoreLine,
    check_kc,
    check_quick,
    kc_needed,
    score_hand,
    summarize,
)
from adjudicator.tricks.plays import Play, Trick, TrickResult, parse_trick, parse_tricks

__all__ = [
    "DEFAULTS",
    "KC",
    "PACK",
    "PLAYABLE",
    "SEVENS",
    "TIERS",
    "UNPLAYABLE",
    "Brus",
    "CheckedHand",
    "Hand",
    "HandScore",
    "Options",
    "Play",
    "QuickHand",
    "ScoreLine",
    "Table",
    "Trick",
    "TrickInPlay",
    "TrickResult",
    "Unit",
    "beats",
    "check_hand",
    "check_kc",
    "check_over",
    "check_quick",
    "is_playable",
    "is_seven",
    "judge_trick",
    "kc_needed",
    "parse_trick",
    "parse_tricks",
    "play_out",
    "power",
    "sample_hand",
    "score_hand",
    "summarize",
]
