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
from adjudicator.messages import Listed, Message, msg, msg_n
from adjudicator.said import seat, seats
from adjudicator.tricks.plays import Trick, TrickResult
from adjudicator.tricks.voormsi.rules import (
    DEFAULTS,
    FORCED_PLAYS,
    JC,
    KH,
    PACK,
    THREE_D,
    Options,
    Table,
    check_trick,
    house_rule,
    inside,
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


def mid(index: int) -> Listed:
    """A seat opening a clause quoted mid-sentence (see :func:`~.rules.inside`)."""
    return inside(seat(index))


def _where(trick: int, play: int | None = None, what: str = "cards") -> str:
    return f"tricks[{trick}]" if play is None else f"tricks[{trick}].plays[{play}].{what}"


# ---------------------------------------------------------------------------------------------
# What a seat is known to have held


def holds(hand: Hand, stock: Sequence[int], seat: int, card: Card, trick: int) -> Message | None:
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
        return msg("{seat} plays it to this trick", seat=mid(seat))
    no_draws = stock[trick] == 0
    for number, each in enumerate(hand.tricks):
        for holding in each.held:
            if holding.seat == seat and card in holding.cards and (number <= trick or no_draws):
                return msg(
                    "{seat} is recorded holding it at trick {trick}",
                    seat=mid(seat),
                    trick=number + 1,
                )
    if played is not None and played[1] == seat and no_draws:
        if stock[0] == 0:
            return msg(
                "{seat} plays it in trick {trick}, and nobody draws",
                seat=mid(seat),
                trick=played[0] + 1,
            )
        return msg(
            "{seat} plays it in trick {trick}, and nobody draws from trick {since} on",
            seat=mid(seat),
            trick=played[0] + 1,
            since=trick + 1,
        )
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
                msg(
                    "The game ended in trick {trick} with a partner capture: no trick follows.",
                    trick=ended + 1,
                ),
                field=_where(number),
            )
        playing = unfinished and number == len(hand.tricks) - 1 and not trick_complete(trick, table)
        try:
            check_trick(trick, table, unfinished=playing)
        except AdjudicationError as err:
            raise err.at(_where(number)) from None
        if leader is not None and trick.leader != leader:
            if number:
                text = msg(
                    "{seat} led trick {trick} out of turn: the winner of the last trick leads "
                    "the next, {leader}.",
                    seat=seat(trick.leader),
                    trick=number + 1,
                    leader=seat(leader),
                )
            else:
                text = msg(
                    "{seat} led trick {trick} out of turn: {dealer} dealt, so the seat at their "
                    "left leads, {leader}.",
                    seat=seat(trick.leader),
                    trick=number + 1,
                    dealer=mid(hand.dealer or 0),
                    leader=seat(leader),
                )
            raise OutOfTurnError(
                text,
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
    if when == number:
        text = msg(
            "{card} was already played earlier in this trick, by {seat}: each card is played "
            "once a hand.",
            card=card,
            seat=seats([who]),
        )
    else:
        text = msg(
            "{card} was already played in trick {trick}, by {seat}: each card is played once a "
            "hand.",
            card=card,
            trick=when + 1,
            seat=seats([who]),
        )
    return AlreadyPlayedError(
        text,
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
        places = {"trick": number + 1, "seat": seat(trick.leader), "led": len(trick.plays[0].cards)}
        if stock == 0:
            text = msg_n(
                "Each player holds only {count} card at trick {trick} (the stock is used up), "
                "so {seat} cannot lead {led}.",
                "Each player holds only {count} cards at trick {trick} (the stock is used up), "
                "so {seat} cannot lead {led}.",
                size,
                **places,
            )
        else:
            text = msg_n(
                "Each player holds only {count} card at trick {trick} (the stock is nearly used "
                "up), so {seat} cannot lead {led}.",
                "Each player holds only {count} cards at trick {trick} (the stock is nearly used "
                "up), so {seat} cannot lead {led}.",
                size,
                **places,
            )
        raise IllegalPlayError(
            text,
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
                    msg(
                        "{seat} cannot have held the {card} at trick {trick}: {problem}.",
                        seat=seat(holding.seat),
                        card=card,
                        trick=number + 1,
                        problem=problem,
                    ),
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
                msg_n(
                    "{seat} holds {count} card at trick {trick} and plays {own}, so cannot also "
                    "have held {held} more.",
                    "{seat} holds {count} cards at trick {trick} and plays {own}, so cannot also "
                    "have held {held} more.",
                    size,
                    seat=seat(holding.seat),
                    trick=number + 1,
                    own=own,
                    held=len(cards),
                ),
                cards=holding.cards,
                field=where,
                seats=[holding.seat],
            )


def _held_problem(hand: Hand, number: int, holder: int, card: Card) -> Message | None:
    for when, trick in enumerate(hand.tricks):
        for play in trick.plays:
            if card not in play.cards:
                continue
            if when < number:
                return msg("it was played in trick {trick}", trick=when + 1)
            if play.seat != holder:
                return msg("{seat} plays it in trick {trick}", seat=mid(play.seat), trick=when + 1)
            if when == number:
                return msg("it is played to this trick (held lists only cards kept in hand)")
        for holding in trick.held:
            if card in holding.cards and holding.seat != holder:
                return msg(
                    "{seat} is recorded holding it at trick {trick}",
                    seat=mid(holding.seat),
                    trick=when + 1,
                )
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
        if options.forced_play == "seed":
            text = msg(
                "{seat} had to play the {kh} to trick {trick}: {winner} was winning it with the "
                "{jc}, and you must play the {kh} onto an opponent's winning {jc} (V-4). They "
                "held it: {proof}.",
                seat=seat(play.seat),
                trick=number + 1,
                winner=mid(winning.seat),
                kh=KH,
                jc=JC,
                proof=proof,
            )
        else:
            text = msg(
                "{seat} had to play the {jc} to trick {trick}: {winner} was winning it with the "
                "{kh}, and you must play the {jc} onto an opponent's winning {kh} ({house_rule}) "
                "(V-4). They held it: {proof}.",
                seat=seat(play.seat),
                trick=number + 1,
                winner=mid(winning.seat),
                kh=KH,
                jc=JC,
                house_rule=house_rule(FORCED_PLAYS["parlett"]),
                proof=proof,
            )
        raise CompulsoryPlayError(
            text,
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
