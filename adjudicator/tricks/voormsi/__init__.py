"""Voormsi (Vorms): tricks in sides of two (or each alone), captures of the KH, exactly 9 to win.

The package is the game's public face, one import for the rules and the game (:class:`Voormsi`).

Rules: ``shared/seeds/003`` (Voormsi); rulings: ``shared/rulings.md`` sections 7, 10 and 11.
The parts: :mod:`.rules` (house rules, the table, the ranking, the trick),
:mod:`.hand` (a hand's plays checked), :mod:`.score` (what it scores, from
its tricks or a quick summary), :mod:`.record` (its JSON),
:mod:`.ladder` (the ladder to exactly 9), :mod:`.sample` (hands played at random
by the rules); :mod:`.game` fits them to the game contract.

Who wins a trick, and why:

>>> from adjudicator.tricks.voormsi import *
>>> trick = parse_trick({"plays": [{"seat": 0, "cards": "9C"}, {"seat": 1, "cards": "KH"},
...                                {"seat": 2, "cards": "JC"}, {"seat": 3, "cards": "5D"}]}, 4)
>>> result = trick_winner(trick)
>>> result.winner, str(result.reason)
(2, 'KH and JC are equal: the second played wins (7a)')

A hand, from its record, scored per side, and the ladder after it:

>>> options = parse_options(Options, {"trick_reading": "majority"})
>>> hand = parse_hand({"quick": {"tricks": [5, 4], "captures": [{"event": "jc", "side": 0}]}},
...                   4, options)
>>> score = score_hand(hand, Table.for_players(4, options), options)
>>> score.points
(3, 0)
>>> for line in score.explanation(0):
...     print(line)
5 tricks: five or more score 1 + (5 - 5) = 1 (V-1, house rule "Five or more tricks: 5 score 1, 6 score 2")
JC capture: +2 (7a)
>>> print(ladder_after(Ladder.start(4), score).status())
Seats 1 and 3 on 3, seats 2 and 4 on 0: first to exactly 9 wins.

Every sentence is a message: rendered with the players' names, and in Danish, Swedish or
Icelandic (:func:`adjudicator.messages.render`):

>>> from adjudicator.messages import render
>>> from adjudicator.said import Naming
>>> render(ladder_after(Ladder.start(4), score).status(), "da", Naming(("Ann", "Ben", "Cy", "Di")))
'Ann og Cy på 3, Ben og Di på 0: først til præcis 9 vinder.'
"""

from __future__ import annotations

from adjudicator.options import describe_options, parse_options
from adjudicator.tricks.plays import (
    Holding,
    Play,
    Trick,
    TrickResult,
    parse_trick,
    parse_tricks,
    trick_as_data,
)
from adjudicator.tricks.voormsi.game import Voormsi
from adjudicator.tricks.voormsi.hand import (
    CAPTURE_KINDS,
    CheckedHand,
    Hand,
    capture_kind,
    check_hand,
    holds,
)
from adjudicator.tricks.voormsi.ladder import Ladder, climb, ladder_after
from adjudicator.tricks.voormsi.record import hand_as_data, parse_hand, read_side
from adjudicator.tricks.voormsi.rules import (
    DEFAULTS,
    PACK,
    RANKING,
    SEVENS,
    Options,
    Table,
    beats,
    check_trick,
    denomination,
    judge_trick,
    power,
    trick_winner,
)
from adjudicator.tricks.voormsi.sample import sample_hand
from adjudicator.tricks.voormsi.score import (
    CAPTURE_POINTS,
    Capture,
    HandScore,
    QuickHand,
    ScoreLine,
    check_over,
    check_quick,
    score_hand,
    summarize,
    trick_points,
)

__all__ = [
    "CAPTURE_KINDS",
    "CAPTURE_POINTS",
    "DEFAULTS",
    "PACK",
    "RANKING",
    "SEVENS",
    "Capture",
    "CheckedHand",
    "Hand",
    "HandScore",
    "Holding",
    "Ladder",
    "Options",
    "Play",
    "QuickHand",
    "ScoreLine",
    "Table",
    "Trick",
    "TrickResult",
    "Voormsi",
    "beats",
    "capture_kind",
    "check_hand",
    "check_over",
    "check_quick",
    "check_trick",
    "climb",
    "denomination",
    "describe_options",
    "hand_as_data",
    "holds",
    "judge_trick",
    "ladder_after",
    "parse_hand",
    "parse_options",
    "parse_trick",
    "parse_tricks",
    "power",
    "read_side",
    "sample_hand",
    "score_hand",
    "summarize",
    "trick_as_data",
    "trick_points",
    "trick_winner",
]
