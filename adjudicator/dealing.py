"""How a game is dealt, as data: packs and jokers, the cards each player gets, and what is left
for the stock and the discard pile, at a given table size.

Every game declares its deal (:meth:`adjudicator.game.Game.dealing`); the contract turns it into
the ``deal`` question every game answers ("Rummy at five: how many cards each?").

>>> d = Dealing(players=5, cards=52, packs=1, jokers=0, each=6, discard=1, rule="4.1")
>>> d.dealt, d.stock
(30, 21)
>>> deal_answer(d, "Rummy")["explanation"][1]
'6 cards to each of the 5 players: 30 dealt (4.1).'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypedDict

from adjudicator.cards import JOKER, Pack


class DealAnswer(TypedDict):
    """The ``deal`` question's answer (:func:`deal_answer`), the same in every game."""

    players: int
    packs: int
    jokers: int
    cards: int
    each: int
    dealt: int
    discard: int
    set_aside: int
    stock: int
    rule: str
    summary: str
    explanation: list[str]


@dataclass(frozen=True)
class Dealing:
    """One table's deal. ``cards`` is every card in play (the game's pack); ``packs`` how many
    packs it is made from (a stripped pack counts one) and ``jokers`` how many jokers it holds.
    ``discard`` cards are turned up to start the discard pile, ``set_aside`` are out of play
    (Bridge Rummy's cut card); the rest after the deal is the stock. ``rule`` is the ruling id
    that says so, ``notes`` anything else the table should know about the deal."""

    players: int
    cards: int
    packs: int
    jokers: int
    each: int
    rule: str
    discard: int = 0
    set_aside: int = 0
    pack: str = ""
    notes: tuple[str, ...] = ()

    @property
    def dealt(self) -> int:
        return self.each * self.players

    @property
    def stock(self) -> int:
        """What is left face down after the deal, the turn-up and any card set aside."""
        return self.cards - self.dealt - self.discard - self.set_aside


def from_pack(
    pack: Pack,
    players: int,
    each: int,
    rule: str,
    *,
    discard: int = 0,
    set_aside: int = 0,
    notes: tuple[str, ...] = (),
) -> Dealing:
    """A deal from the game's own pack (so the figures cannot drift from the cards the app
    offers): its size, its jokers, and as many packs as a natural card has copies."""
    naturals = [n for card, n in pack.copies.items() if card != JOKER]
    return Dealing(
        players=players,
        cards=len(pack),
        packs=max(naturals, default=1),
        jokers=pack.copies.get(JOKER, 0),
        each=each,
        rule=rule,
        discard=discard,
        set_aside=set_aside,
        pack=pack.name,
        notes=notes,
    )


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _packs(d: Dealing) -> str:
    packs = "one pack" if d.packs == 1 else f"{d.packs} packs"
    jokers = "no jokers" if not d.jokers else _count(d.jokers, "joker")
    # A stripped pack is named (the 36-card Voormsi pack); whole packs say all there is.
    stripped = d.cards != 52 * d.packs + d.jokers
    what = f", the {d.pack}" if d.pack and stripped else ""
    return f"{packs} and {jokers}: {d.cards} cards{what}"


def deal_answer(d: Dealing, name: str) -> DealAnswer:
    """The ``deal`` question's answer: the figures, a summary and the working, each line
    citing the rule in brackets (as every answer does)."""
    if d.discard:
        pile = f"{_count(d.discard, 'card')} from the stock turned face up starts the discard pile"
    else:
        pile = "No card is turned up: the discard pile starts with the first discard"
    stock = (
        f"The other {d.stock} cards are the stock, face down"
        if d.stock
        else "No stock: every card is dealt, so nobody draws"
    )
    lines = [
        f"{name} at {d.players} is played with {_packs(d)} ({d.rule}).",
        f"{d.each} cards to each of the {d.players} players: {d.dealt} dealt ({d.rule}).",
    ]
    if d.set_aside:
        lines.append(f"{_count(d.set_aside, 'card')} set aside, out of play ({d.rule}).")
    lines += [f"{pile} ({d.rule}).", f"{stock} ({d.rule}).", *d.notes]
    jokers = f" with {_count(d.jokers, 'joker')}" if d.jokers else ""
    up = ", one card up" if d.discard == 1 else f", {d.discard} up" if d.discard else ""
    left = f"{d.stock} in the stock" if d.stock else "no stock"
    summary = f"{d.each} cards each from {d.cards}{jokers}; {left}{up}."
    return {
        "players": d.players,
        "packs": d.packs,
        "jokers": d.jokers,
        "cards": d.cards,
        "each": d.each,
        "dealt": d.dealt,
        "discard": d.discard,
        "set_aside": d.set_aside,
        "stock": d.stock,
        "rule": d.rule,
        "summary": summary,
        "explanation": lines,
    }


__all__ = ["DealAnswer", "Dealing", "deal_answer", "from_pack"]
