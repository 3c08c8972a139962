"""A Voormsi hand by its tricks, checked play by play.

The first trick may be led by anyone (or, when the record names the ``dealer``, by the seat at
the dealer's left); each later one by the winner of the one before. Cards the record proves a
seat held feed the compulsory play (V-4) and the third exclusion of the simple capture: see
:func:`holds`. What a hand scores is :mod:`.score`'s business.

>>> from adjudicator.tricks.plays import parse_tricks
>>> tricks = parse_tricks([{"plays": [{"seat": s, "cards": c} for s, c in
...                                   enumerate(["KH", "5D", "JC", "6D"])]}], 4)
>>> checked = check_hand(Hand(tricks), Table(4))
>>> checked.results[0].winner, checked.partner_capture, checked.complete
(2, 0, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from adjudicator.cards import Card
from adjudicator.errors import (
    AdjudicationError,
    AlreadyPlayedError,
    CompulsoryPlayError,
    IllegalPlayError,
    ImpossibleHandError,
    OutOfTurnError,
)
from adjudicator.tricks.plays import Trick, TrickResult
from adjudicator.tricks.voormsi.rules import (
    DEFAULTS,
    JC,
    KH,
    PACK,
    THREE_D,
    Options,
    Table,
    check_trick,
    judge_trick,
    trick_complete,
)

CaptureKind = Literal["simple", "jc", "partner", "3d", "3d_double"]
CAPTURE_KINDS: tuple[CaptureKind, ...] = ("simple", "jc", "partner", "3d", "3d_double")


@dataclass(frozen=True)
class Hand:
    """A hand by its tricks, in order. ``call`` is the side that stopped the hand after the
    last trick (V-10); ``dealer`` is the seat that dealt, when the record names it."""

    tricks: tuple[Trick, ...]
    call: int | None = None
    dealer: int | None = None


@dataclass(frozen=True)
class CheckedHand:
    """A hand whose every play was checked, with each trick's result.

    ``units[t]`` is what trick ``t`` counts (the cards led, V-7); ``stock[t]`` the cards left
    in the stock as trick ``t`` began; ``partner_capture`` the trick in which a partner capture
    ended the game, if one did.
    """

    hand: Hand
    table: Table
    results: tuple[TrickResult, ...]
    units: tuple[int, ...]
    stock: tuple[int, ...]
    partner_capture: int | None = None

    @property
    def complete(self) -> bool:
        """Every trick of the hand was played (9, or 12 at three players)."""
        return sum(self.units) == self.table.tricks

    def won(self) -> tuple[int, ...]:
        """Trick units won by each side so far."""
        totals = [0] * len(self.table.sides)
        for result, units in zip(self.results, self.units, strict=True):
            totals[self.table.side_of(result.winner)] += units
        return tuple(totals)


def _where(trick: int, play: int | None = None, what: str = "cards") -> str:
    return f"tricks[{trick}]" if play is None else f"tricks[{trick}].plays[{play}].{what}"


# ---------------------------------------------------------------------------------------------
# What a seat is known to have held


def holds(hand: Hand, stock: Sequence[int], seat: int, card: Card, trick: int) -> str | None:
    """How the record proves ``seat`` held ``card`` as trick ``trick`` began, or ``None``.

    Proof is either a ``held`` entry of this or an earlier trick (a card leaves a hand only by
    being played), or the seat playing the card in this trick or a later one when no card was
    drawn in between: the stock was already empty (always, with the whole pack dealt, V-12).
    A card played later after drawing may have been drawn: that proves nothing.
    """
    played: tuple[int, int] | None = None
    for number, each in enumerate(hand.tricks):
        for play in each.plays:
            if card in play.cards:
                played = (number, play.seat)
    if played is not None and played[0] < trick:
        return None
    if played == (trick, seat):
        return f"seat {seat + 1} plays it to this trick"
    no_draws = stock[trick] == 0
    for number, each in enumerate(hand.tricks):
        for holding in each.held:
            if holding.seat == seat and card in holding.cards and (number <= trick or no_draws):
                return f"seat {seat + 1} is recorded holding it at trick {number + 1}"
    if played is not None and played[1] == seat and no_draws:
        since = "nobody draws" if stock[0] == 0 else f"nobody draws from trick {trick + 1} on"
        return f"seat {seat + 1} plays it in trick {played[0] + 1}, and {since}"
    return None


def _stock(table: Table, tricks: Sequence[Trick]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Stock left and each player's hand size as each trick begins (one more entry: after).

    After each trick each player draws back up to four, the winner first; "if there are not
    enough cards remaining … each player will draw the same number", the leftover undrawn.
    """
    stock = len(PACK) - table.players * table.hand_size
    hand = table.hand_size
    stocks, hands = [], []
    turns = table.plays_per_trick // table.players
    for trick in tricks:
        stocks.append(stock)
        hands.append(hand)
        played = len(trick.plays[0].cards) * turns
        drawn = min(max(0, table.hand_size - (hand - played)), stock // table.players)
        hand = hand - played + drawn
        stock -= table.players * drawn
    stocks.append(stock)
    hands.append(hand)
    return tuple(stocks), tuple(hands)


# ---------------------------------------------------------------------------------------------
# Checking a hand's plays


def check_hand(
    hand: Hand, table: Table, options: Options = DEFAULTS, *, unfinished: bool = False
) -> CheckedHand:
    """Check every play of a hand in order and judge each trick; refuse the first problem.

    Refused, with the field and the seats: anything :func:`check_trick` refuses; a card
    already played in this hand; a play out of turn (the winner leads the next trick); a
    lead of more cards than the players hold; the compulsory play held back (V-4), when the
    record proves the card was held; a ``held`` entry the record contradicts; a trick after a
    partner capture ended the game. A hand may be unfinished: :func:`score_hand` wants it
    complete, called or ended.

    With ``unfinished`` the last trick may still be being played (the trick pad's hand so
    far): it is checked as far as it goes, card by card, and not judged, so ``results``
    holds the complete tricks only.
    """
    stock, sizes = _stock(table, hand.tricks)
    played: dict[Card, tuple[int, int]] = {}
    results: list[TrickResult] = []
    units: list[int] = []
    ended: int | None = None
    leader = None if hand.dealer is None else (hand.dealer + 1) % table.players
    for number, trick in enumerate(hand.tricks):
        if ended is not None:
            raise ImpossibleHandError(
                f"The game ended in trick {ended + 1} with a partner capture: no trick follows.",
                field=_where(number),
            )
        playing = unfinished and number == len(hand.tricks) - 1 and not trick_complete(trick, table)
        try:
            check_trick(trick, table, unfinished=playing)
        except AdjudicationError as err:
            raise err.at(_where(number)) from None
        if leader is not None and trick.leader != leader:
            if number:
                why = "the winner of the last trick leads the next"
            else:
                why = f"seat {(hand.dealer or 0) + 1} dealt, so the seat at their left leads"
            raise OutOfTurnError(
                f"Seat {trick.leader + 1} led trick {number + 1} out of turn: {why}, seat "
                f"{leader + 1}.",
                field=_where(number, 0, "seat"),
                seats=[trick.leader, leader],
            )
        _check_sizes(trick, number, table, sizes[number], stock[number])
        for index, play in enumerate(trick.plays):
            for card in play.cards:
                if card in played:
                    when, who = played[card]
                    raise _already_played(card, number, index, play.seat, when, who)
                played[card] = (number, play.seat)
        _check_held(hand, number, table, sizes[number], stock[number])
        if playing:
            # Who is winning as each play so far was made (a follower still laying their
            # cards is not judged yet): what the compulsory play turns on (V-4).
            laid = (
                trick.plays
                if len(trick.plays[-1].cards) == len(trick.plays[0].cards)
                else trick.plays[:-1]
            )
            standing = judge_trick(Trick(laid, trick.held), options)
            _check_compulsory(hand, number, standing, table, stock, options)
            break
        result = judge_trick(trick, options)
        _check_compulsory(hand, number, result, table, stock, options)
        results.append(result)
        units.append(len(trick.plays[0].cards))
        if capture_kind(trick, result, table) == "partner":
            ended = number
        leader = result.winner
    return CheckedHand(hand, table, tuple(results), tuple(units), stock, ended)


def _already_played(
    card: Card, number: int, index: int, seat: int, when: int, who: int
) -> AlreadyPlayedError:
    where = "earlier in this trick" if when == number else f"in trick {when + 1}"
    return AlreadyPlayedError(
        f"{card} was already played {where}, by seat {who + 1}: each card is played once a hand.",
        cards=[card],
        field=_where(number, index),
        seats=dict.fromkeys([seat, who]),
    )


def _check_sizes(trick: Trick, number: int, table: Table, size: int, stock: int) -> None:
    turns = table.plays_per_trick // table.players
    wanted = len(trick.plays[0].cards) * turns
    # At two, a player who runs out mid-trick draws from the stock (7a variants).
    can = size + (stock // table.players if table.players == 2 else 0)
    if wanted > can:
        why = "the stock is used up" if stock == 0 else "the stock is nearly used up"
        raise IllegalPlayError(
            f"Each player holds only {size} card{'s' if size != 1 else ''} at trick {number + 1} "
            f"({why}), so seat {trick.leader + 1} cannot lead {len(trick.plays[0].cards)}.",
            cards=trick.plays[0].cards,
            field=_where(number, 0),
            seats=[trick.leader],
        )


def _check_held(hand: Hand, number: int, table: Table, size: int, stock: int) -> None:
    """A ``held`` entry must fit the record: a card in the pack, not played already, not
    played later or held by anyone else, and no more cards than the seat can hold."""
    trick = hand.tricks[number]
    turns = table.plays_per_trick // table.players
    noted: dict[int, set[Card]] = {}
    for index, holding in enumerate(trick.held):
        where = f"tricks[{number}].held[{index}].cards"
        try:
            PACK.check(holding.cards, field=where)
        except AdjudicationError as err:
            raise err.about(holding.seat) from None
        for card in holding.cards:
            problem = _held_problem(hand, number, holding.seat, card)
            if problem:
                raise ImpossibleHandError(
                    f"Seat {holding.seat + 1} cannot have held the {card} at trick {number + 1}: "
                    f"{problem}.",
                    cards=[card],
                    field=where,
                    seats=[holding.seat],
                )
        # Several notes for one seat add up.
        cards = noted.setdefault(holding.seat, set())
        cards.update(holding.cards)
        own = len(trick.plays[0].cards) * turns
        extra = stock // table.players if table.players == 2 else 0
        if len(cards) + own > size + extra:
            raise ImpossibleHandError(
                f"Seat {holding.seat + 1} holds {size} cards at trick {number + 1} and plays "
                f"{own}, so cannot also have held {len(cards)} more.",
                cards=holding.cards,
                field=where,
                seats=[holding.seat],
            )


def _held_problem(hand: Hand, number: int, seat: int, card: Card) -> str | None:
    for when, trick in enumerate(hand.tricks):
        for play in trick.plays:
            if card not in play.cards:
                continue
            if when < number:
                return f"it was played in trick {when + 1}"
            if play.seat != seat:
                return f"seat {play.seat + 1} plays it in trick {when + 1}"
            if when == number:
                return "it is played to this trick (held lists only cards kept in hand)"
        for holding in trick.held:
            if card in holding.cards and holding.seat != seat:
                return f"seat {holding.seat + 1} is recorded holding it at trick {when + 1}"
    return None


def _check_compulsory(
    hand: Hand,
    number: int,
    result: TrickResult,
    table: Table,
    stock: Sequence[int],
    options: Options,
) -> None:
    """V-4. Seed: an opponent winning with the JC, you must play the KH if you hold it.
    Parlett: the KH winning, an opponent holding the JC must play it. Refused only when the
    record proves the card was held (:func:`holds`)."""
    if options.forced_play == "seed":
        winning_card, must = JC, KH
    else:
        winning_card, must = KH, JC
    trick = hand.tricks[number]
    for index in range(1, len(trick.plays)):
        play = trick.plays[index]
        winning = trick.plays[result.standing[index - 1]]
        if winning_card not in winning.cards or not table.opponents(winning.seat, play.seat):
            continue
        # "he must play it as part of that trick": at two players, either of one's two plays.
        mine = [p for p in trick.plays[:index] if p.seat == play.seat]
        later = [p for p in trick.plays[index:] if p.seat == play.seat]
        if any(must in p.cards for p in mine + later):
            continue
        proof = holds(hand, stock, play.seat, must, number)
        if proof is None:
            continue
        rule = (
            "you must play the KH onto an opponent's winning JC"
            if options.forced_play == "seed"
            else "you must play the JC onto an opponent's winning KH (house rule forced_play = "
            "parlett)"
        )
        raise CompulsoryPlayError(
            f"Seat {play.seat + 1} had to play the {must} to trick {number + 1}: seat "
            f"{winning.seat + 1} was winning it with the {winning_card}, and {rule} (V-4). "
            f"They held it: {proof}.",
            cards=[must],
            field=_where(number, index),
            seats=[play.seat],
        )


# ---------------------------------------------------------------------------------------------
# Capture events


def capture_kind(trick: Trick, result: TrickResult, table: Table) -> CaptureKind | None:
    """The capture event a trick makes, if any, before the simple capture's exclusions.

    7a: the KH wins (simple); the JC takes the winning KH (JC capture, or partner capture from
    the KH's partner); the 3D takes the winning KH (3D capture) or the winning JC after the KH
    was played (double). V-16: in a trick of several cards, "winning" is the winning play.
    V-20: one player's own JC over their own KH is no capture.
    """
    winning = trick.plays[result.play]
    if KH in winning.cards:
        return "simple"
    if result.beaten is None:
        return None
    beaten = trick.plays[result.beaten]
    if JC in winning.cards and KH in beaten.cards:
        if winning.seat == beaten.seat:
            return None  # V-20: one player's own JC over their own KH
        return "jc" if table.opponents(winning.seat, beaten.seat) else "partner"
    if THREE_D in winning.cards:
        kh_before = any(KH in p.cards for p in trick.plays[: result.play])
        if JC in beaten.cards and kh_before:
            return "3d_double"
        if KH in beaten.cards:
            return "3d"
    return None
