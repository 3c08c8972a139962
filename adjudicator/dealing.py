"""How a game is dealt, as data: packs and jokers, the cards each player gets, and what is left
for the stock and the discard pile, at a given table size.

Every game declares its deal (:meth:`adjudicator.game.Game.dealing`); the contract turns it into
the ``deal`` question every game answers ("Rummy at five: how many cards each?").

>>> d = Dealing(players=5, cards=52, packs=1, jokers=0, each=6, discard=1, rule="4.1")
>>> d.dealt, d.stock
(30, 21)
>>> str(deal_answer(d, "Rummy")["explanation"][1])
'6 cards to each of the 5 players: 30 dealt (4.1).'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypedDict

from adjudicator.cards import JOKER, Pack
from adjudicator.messages import Message, Verbatim, msg, msg_n


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
    pack: str = ""  # the pack's name, a message ("36-card Voormsi pack")
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


def _packs(d: Dealing) -> Message:
    """What the game is played with: "one pack and no jokers: 52 cards"."""
    packs = msg("one pack") if d.packs == 1 else msg_n("{count} pack", "{count} packs", d.packs)
    jokers = (
        msg("no jokers") if not d.jokers else msg_n("{count} joker", "{count} jokers", d.jokers)
    )
    cards = msg_n("{count} card", "{count} cards", d.cards)
    # A stripped pack is named (the 36-card Voormsi pack); whole packs say all there is.
    stripped = d.cards != 52 * d.packs + d.jokers
    if d.pack and stripped:
        return msg(
            "{packs} and {jokers}: {cards}, the {pack}",
            packs=packs,
            jokers=jokers,
            cards=cards,
            pack=d.pack,
        )
    return msg("{packs} and {jokers}: {cards}", packs=packs, jokers=jokers, cards=cards)


def _summary(d: Dealing) -> Message:
    """The deal in one line: "7 cards each from 52; 23 in the stock, one card up."."""
    source: int | Message = d.cards
    if d.jokers:
        jokers = msg_n("{count} joker", "{count} jokers", d.jokers)
        source = msg("{cards} with {jokers}", cards=d.cards, jokers=jokers)
    left = (
        msg_n("{count} in the stock", "{count} in the stock", d.stock)
        if d.stock
        else msg("no stock")
    )
    if d.discard == 1:
        left = msg("{left}, one card up", left=left)
    elif d.discard:
        left = msg("{left}, {up} up", left=left, up=d.discard)
    return msg_n(
        "{count} card each from {source}; {left}.",
        "{count} cards each from {source}; {left}.",
        d.each,
        source=source,
        left=left,
    )


def deal_answer(d: Dealing, name: str) -> DealAnswer:
    """The ``deal`` question's answer: the figures, a summary and the working, each line
    citing the rule in brackets (as every answer does). ``name`` is the game's name (a
    message where the game's name is said otherwise in another language)."""
    rule = Verbatim(d.rule)
    if d.discard:
        pile = msg_n(
            "{count} card from the stock turned face up starts the discard pile ({rule}).",
            "{count} cards from the stock turned face up start the discard pile ({rule}).",
            d.discard,
            rule=rule,
        )
    else:
        pile = msg(
            "No card is turned up: the discard pile starts with the first discard ({rule}).",
            rule=rule,
        )
    stock = (
        msg_n(
            "The other {count} card is the stock, face down ({rule}).",
            "The other {count} cards are the stock, face down ({rule}).",
            d.stock,
            rule=rule,
        )
        if d.stock
        else msg("No stock: every card is dealt, so nobody draws ({rule}).", rule=rule)
    )
    lines: list[str] = [
        msg(
            "{game} at {players} is played with {packs} ({rule}).",
            game=name,
            players=d.players,
            packs=_packs(d),
            rule=rule,
        ),
        msg_n(
            "{count} card to each of the {players} players: {dealt} dealt ({rule}).",
            "{count} cards to each of the {players} players: {dealt} dealt ({rule}).",
            d.each,
            players=d.players,
            dealt=d.dealt,
            rule=rule,
        ),
    ]
    if d.set_aside:
        lines.append(
            msg_n(
                "{count} card set aside, out of play ({rule}).",
                "{count} cards set aside, out of play ({rule}).",
                d.set_aside,
                rule=rule,
            )
        )
    lines += [pile, stock, *d.notes]
    summary = _summary(d)
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
