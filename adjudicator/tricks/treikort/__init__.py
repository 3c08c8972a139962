"""Treikort ("3-Man Alkort"): three players each alone, 27 cards, nine tricks a hand, the Pope.

The package is the game's public face, one import for the rules and the game (:class:`Treikort`).

Rules: ``shared/seeds/003`` (Treikort); rulings: ``shared/rulings.md`` section 9 and T-5.
The parts: :mod:`.rules` (house rules, the pack and ranking, the trick, a hand's plays
checked), :mod:`.pope` (the Pope, for a sitting and for a night),
:mod:`.sample` (hands played at random by the rules) and :mod:`.game` (the
game on the contract, and its questions).

Who wins a trick, and why:

>>> from adjudicator.tricks.treikort import *
>>> trick = parse_trick({"plays": [{"seat": 2, "cards": "9D"}, {"seat": 0, "cards": "KD"},
...                                {"seat": 1, "cards": "7S"}]}, 3)
>>> result = judge_trick(trick)
>>> result.winner, str(result.reason)
(0, 'the KD beats the 9D (9a)')

Who is Pope after a sitting's hands, and across a night's sittings:

>>> print(pope_after([(5, 4, 0), (6, 2, 1), (3, 3, 3)]).reason)
Seat 1 is Pope: 14 tricks over hands 1 to 3, 13 or more (9a, T-4).
>>> night_pope([(["ann", "ben", "cy"], [(9, 0, 0)]), (["ben", "ann", "cy"], [(0, 4, 5)])]).pope
'ann'
"""

from __future__ import annotations

from adjudicator.options import describe_options, parse_options
from adjudicator.tricks.plays import Play, Trick, TrickResult, parse_trick, trick_as_data
from adjudicator.tricks.treikort.game import POPE, QuickHand, Treikort, pope_status, tricks_won
from adjudicator.tricks.treikort.pope import (
    NightPope,
    PopeStatus,
    PopeStep,
    exchanges,
    hand_counts,
    hands_phrase,
    night_pope,
    pope_after,
)
from adjudicator.tricks.treikort.rules import (
    DEFAULTS,
    PACK,
    PLAYERS,
    POPE_TRICKS,
    POPE_WINDOW,
    RANKING,
    SEVENS,
    TRICKS,
    CheckedHand,
    Checker,
    Hand,
    Options,
    check_hand,
    is_seven,
    judge_trick,
    tier,
)
from adjudicator.tricks.treikort.sample import sample_hand

__all__ = [
    "DEFAULTS",
    "PACK",
    "PLAYERS",
    "POPE",
    "POPE_TRICKS",
    "POPE_WINDOW",
    "RANKING",
    "SEVENS",
    "TRICKS",
    "CheckedHand",
    "Checker",
    "Hand",
    "NightPope",
    "Options",
    "Play",
    "PopeStatus",
    "PopeStep",
    "QuickHand",
    "Treikort",
    "Trick",
    "TrickResult",
    "check_hand",
    "describe_options",
    "exchanges",
    "hand_counts",
    "hands_phrase",
    "is_seven",
    "judge_trick",
    "night_pope",
    "parse_options",
    "parse_trick",
    "pope_after",
    "pope_status",
    "sample_hand",
    "tier",
    "trick_as_data",
    "tricks_won",
]
