"""Bridge Rummy: melds, the 50-point initial meld, deal charges rounded to tens, stars, seven deals.

Its parts: :mod:`.melding` (the house rules, what a card and a meld are worth, the joker rules),
:mod:`.play` (the play questions: a discard, a joker claimed, going out; the deadwood) and
:mod:`.game` (the game on the contract: its deals, its charges and its questions).
"""

from __future__ import annotations

from adjudicator.rummy.bridge_rummy.game import BridgeRummy

__all__ = ["BridgeRummy"]
