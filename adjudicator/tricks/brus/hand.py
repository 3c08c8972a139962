"""A Brus hand by its tricks, checked turn by turn, and where it ended.

Each trick is one turn a seat in order round the table (:mod:`.rules`). The first trick
opens with any seat, or, when the record names the ``dealer``, with the seat at the dealer's
left; each later one with the winner of the trick before. The whole pack is dealt (BR-2), so
the 18 playable cards are all in the players' hands at the start and nobody ever gains one:

* the hand is over as soon as a side has six tricks, a 7 laid counting as a trick in the order
  laid (6a, BR-5); or once every playable card has been played (BR-8): 7s not laid by then
  count for nothing;
* a seat that passed the lead held no playable card from then on: a card it plays later, or a
  playable card noted under ``held`` for it, is refused (6a);
* with the house rule ``must_beat`` (BR-3), a seat that passed over a card held nothing above
  it from then on: the same evidence refuses the pass.

Cards noted under a trick's ``held`` are cards that seat kept in hand, unplayed, through that
trick: they feed the two checks above, and the KC noted there must agree with ``kc``.

>>> from adjudicator.tricks.plays import parse_tricks
>>> tricks = parse_tricks([{"plays": [{"seat": 0, "cards": "7C 7S 7H 7D"},
...                                   {"seat": 1, "cards": "JC"}, {"seat": 2, "cards": ""},
...                                   {"seat": 3, "cards": ""}]}], 4)
>>> checked = check_hand(Hand(tricks), Table(4))
>>> checked.won(), checked.results[0].winner, checked.over
((4, 1), 1, False)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from adjudicator.cards import Card
from adjudicator.errors import (
    AdjudicationError,
    AlreadyPlayedError,
    BadEntryError,
    CompulsoryPlayError,
    IllegalPlayError,
    ImpossibleHandError,
    IncompleteHandError,
)
from adjudicator.messages import Message, joined, msg, msg_n
from adjudicator.said import seat, seats, side
from adjudicator.tricks.brus.rules import (
    DEFAULTS,
    KC,
    PACK,
    PLAYABLE,
    Event,
    Options,
    Table,
    TrickInPlay,
    beats,
    card_name,
    is_playable,
)
from adjudicator.tricks.plays import Play, Trick, TrickResult

SIX = 6  # "one partnership manages to earn six tricks"
FIVE = 5  # "if one team manages to win five tricks … AND … the King of clubs"

type Ending = Literal["six", "played_out"]


@dataclass(frozen=True)
class Hand:
    """A hand by its tricks, in order; ``dealer`` the seat that dealt, ``kc`` the side that
    held the KC (the Outcome card), when the record names them."""

    tricks: tuple[Trick, ...]
    dealer: int | None = None
    kc: int | None = None


@dataclass(frozen=True)
class Unit:
    """One trick won: by which side and seat, in which of the record's tricks, and with which
    7 when it was a 7 laid (``None``: the trick's cards)."""

    side: int
    seat: int
    trick: int
    seven: Card | None = None


@dataclass(frozen=True)
class CheckedHand:
    """A hand whose every turn was checked.

    ``results[t]`` says who won trick ``t`` (``None`` for a last trick still being played);
    ``units`` are the tricks won in the order they were won, 7s included (BR-5); ``ended`` how
    the hand ended, if it has (``"six"``: a side's sixth trick; ``"played_out"``: no playable
    card left), in trick ``ended_at``; ``left`` the playable cards not yet played; ``kc`` the
    side that held the KC, as the record names it or notes the KC held.
    """

    hand: Hand
    table: Table
    results: tuple[TrickResult | None, ...]
    units: tuple[Unit, ...]
    ended: Ending | None
    ended_at: int | None
    left: tuple[Card, ...]
    in_play: TrickInPlay | None = field(default=None, compare=False)
    kc: int | None = None

    @property
    def over(self) -> bool:
        return self.ended is not None

    def won(self) -> tuple[int, ...]:
        """Tricks won by each side so far (7s laid included)."""
        totals = [0] * len(self.table.sides)
        for unit in self.units:
            totals[unit.side] += 1
        return tuple(totals)

    def won_after(self, trick: int) -> tuple[int, ...]:
        """Tricks won by each side up to and including trick ``trick`` of the record."""
        totals = [0] * len(self.table.sides)
        for unit in self.units:
            if unit.trick <= trick:
                totals[unit.side] += 1
        return tuple(totals)

    @property
    def jan(self) -> int | None:
        """The side that won the first six tricks (Jan, 6a), if one did."""
        if self.ended != "six":
            return None
        won = self.won()
        winner = next(s for s, n in enumerate(won) if n >= SIX)
        return winner if all(n == 0 for s, n in enumerate(won) if s != winner) else None


def _at(trick: int, play: int | None = None, what: str = "cards") -> str:
    return f"tricks[{trick}]" if play is None else f"tricks[{trick}].plays[{play}].{what}"


@dataclass
class _Evidence:
    """What the record proves a seat held, or did not, as the hand goes on."""

    nothing_since: dict[int, int] = field(default_factory=dict)  # seat -> trick of a lead pass
    below: dict[int, list[tuple[int, Card]]] = field(default_factory=dict)  # must-beat passes
    held: dict[int, dict[Card, int]] = field(default_factory=dict)  # noted, not yet played

    def holder(self, card: Card) -> tuple[int, int] | None:
        for who, cards in self.held.items():
            if card in cards:
                return who, cards[card]
        return None


class _Checker:
    """Walks a hand's tricks turn by turn, refusing the first thing that cannot have happened."""

    def __init__(self, hand: Hand, table: Table, options: Options) -> None:
        self.hand = hand
        self.table = table
        self.options = options
        self.played: dict[Card, tuple[int, int]] = {}  # card -> (trick, seat)
        self.units: list[Unit] = []
        self.results: list[TrickResult | None] = []
        self.ended: Ending | None = None
        self.ended_at: int | None = None
        self.evidence = _Evidence()
        self.in_play: TrickInPlay | None = None
        self.kc_noted: int | None = None

    def won(self) -> list[int]:
        totals = [0] * len(self.table.sides)
        for unit in self.units:
            totals[unit.side] += 1
        return totals

    def left(self) -> tuple[Card, ...]:
        return tuple(c for c in PLAYABLE if c not in self.played)

    def run(self) -> CheckedHand:
        on_lead: int | None = None
        why: Message | None = None
        if self.hand.dealer is not None:
            on_lead = self.table.next_seat(self.hand.dealer)
            why = msg(
                "{seat} dealt, so the player at their left opens the first trick",
                seat=seat(self.hand.dealer),
            )
        count = len(self.hand.tricks)
        for number, trick in enumerate(self.hand.tricks):
            if self.ended is not None:
                raise ImpossibleHandError(self._over_said(), field=_at(number), seats=())
            if not trick.plays:
                raise BadEntryError(
                    msg("A trick lists its turns in order: each seat's card, 7s or pass."),
                    field=f"tricks[{number}].plays",
                )
            state = TrickInPlay(self.table, on_lead, why)
            for index, play in enumerate(trick.plays):
                self._turn(number, index, play, state)
            self._held(number, trick, state)
            result = self._close(number, state, last=number == count - 1)
            self.results.append(result)
            if result is None:
                self.in_play = state
                break
            on_lead = result.winner
            why = msg(
                "{seat} won trick {number}, so opens trick {next}",
                seat=seat(result.winner),
                number=number + 1,
                next=number + 2,
            )
        return CheckedHand(
            hand=self.hand,
            table=self.table,
            results=tuple(self.results),
            units=tuple(self.units),
            ended=self.ended,
            ended_at=self.ended_at,
            left=self.left(),
            in_play=self.in_play,
            kc=self.hand.kc if self.hand.kc is not None else self.kc_noted,
        )

    def _over_said(self) -> Message:
        assert self.ended_at is not None
        if self.ended == "six":
            winner = next(s for s, n in enumerate(self.won()) if n >= SIX)
            return msg(
                "The hand was over in trick {number}: {side} had won six tricks (6a).",
                number=self.ended_at + 1,
                side=side(winner),
            )
        return msg(
            "The hand was over after trick {number}: every playable card had been played, and "
            "7s still in hand count for nothing (BR-8).",
            number=self.ended_at + 1,
        )

    # --- one turn ------------------------------------------------------------------------------

    def _turn(self, number: int, index: int, play: Play, state: TrickInPlay) -> None:
        if self.ended is not None:
            raise ImpossibleHandError(
                self._over_said(), field=_at(number, index, "seat"), seats=[play.seat]
            )
        for card in play.cards:
            if card in self.played:
                trick, who = self.played[card]
                raise AlreadyPlayedError(
                    msg(
                        "The {card} was already played, in trick {number} by {seat}.",
                        card=card,
                        number=trick + 1,
                        seat=seat(who),
                    ),
                    cards=[card],
                    field=_at(number, index),
                    seats=dict.fromkeys([play.seat, who]),
                )
            holder = self.evidence.holder(card)
            if holder is not None and holder[0] != play.seat:
                raise ImpossibleHandError(
                    msg(
                        "{holder} is recorded holding {card} in trick {number}, so {seat} cannot "
                        "play it.",
                        holder=seat(holder[0]),
                        card=card_name(card),
                        number=holder[1] + 1,
                        seat=seat(play.seat),
                    ),
                    cards=[card],
                    field=_at(number, index),
                    seats=[play.seat, holder[0]],
                )
        try:
            events = state.add(play)
        except AdjudicationError as err:
            raise err.at(f"tricks[{number}]") from None
        for card in play.cards:
            self.played[card] = (number, play.seat)
            self.evidence.held.get(play.seat, {}).pop(card, None)
        for at, event in enumerate(events):
            self._event(number, index, play, event, rest=events[at + 1 :])
            if self.ended is not None:
                break

    def _event(self, number: int, index: int, play: Play, event: Event, rest: list[Event]) -> None:
        who = event.seat
        where = _at(number, index)
        if event.move == "seven":
            assert event.card is not None
            self.units.append(Unit(self.table.side_of(who), who, number, event.card))
            if self.won()[self.table.side_of(who)] >= SIX:
                self.ended, self.ended_at = "six", number
                after = [e.card for e in rest if e.card is not None]
                if after:
                    raise ImpossibleHandError(
                        msg(
                            "{seat}'s {card} was their side's sixth trick, which ends the hand "
                            "(6a): {cards} cannot follow it.",
                            seat=seat(who),
                            card=event.card,
                            cards=joined(after, " "),
                        ),
                        cards=after,
                        field=where,
                        seats=[who],
                    )
            return
        if event.move == "lead_pass":
            for card, noted in self.evidence.held.get(who, {}).items():
                if is_playable(card):
                    raise IllegalPlayError(
                        msg(
                            "{seat} passed the lead with nothing to lead, but is recorded "
                            "holding {card} (trick {number}): a player on lead with a playable "
                            "card leads it (6a).",
                            seat=seat(who),
                            card=card_name(card),
                            number=noted + 1,
                        ),
                        cards=[card],
                        field=where,
                        seats=[who],
                    )
            self.evidence.nothing_since.setdefault(who, number)
            return
        if event.move == "pass":
            if not self.options.must_beat:
                return
            assert event.card is not None
            for card, noted in self.evidence.held.get(who, {}).items():
                if is_playable(card) and beats(card, event.card):
                    raise CompulsoryPlayError(
                        self._must_beat_said(
                            who,
                            number,
                            event.card,
                            card,
                            msg("noted in trick {number}", number=noted + 1),
                        ),
                        cards=[card],
                        field=where,
                        seats=[who],
                    )
            self.evidence.below.setdefault(who, []).append((number, event.card))
            return
        assert event.card is not None
        self._proves_held(who, event.card, number, where, held=False)

    def _must_beat_said(
        self, who: int, passed: int, over: Card, card: Card, how: Message
    ) -> Message:
        # The house rule by the name its page gives it ("Must beat"), never its key.
        return msg(
            "{seat} passed over {over} in trick {number} while holding {card} ({how}): under "
            "the house rule Must beat, a player who can beat must (BR-3).",
            seat=seat(who),
            over=card_name(over),
            number=passed + 1,
            card=card_name(card),
            how=how,
        )

    def _proves_held(self, who: int, card: Card, number: int, where: str, *, held: bool) -> None:
        """``who`` held ``card`` (playable) through trick ``number``, as a play (or, ``held``, a
        note) of that trick shows: refuse what contradicts it."""
        how = (
            msg(
                "is noted holding {card} in trick {number}",
                card=card_name(card),
                number=number + 1,
            )
            if held
            else msg("plays {card} here", card=card_name(card))
        )
        proof = msg("noted in trick {number}", number=number + 1) if held else msg("played here")
        since = self.evidence.nothing_since.get(who)
        if since is not None and since <= number:
            raise IllegalPlayError(
                msg(
                    "{seat} had nothing to lead in trick {number} (the lead passed on), so held "
                    "no playable card from then on, yet {how} (6a).",
                    seat=seat(who),
                    number=since + 1,
                    how=how,
                ),
                cards=[card],
                field=where,
                seats=[who],
            )
        for passed, over in self.evidence.below.get(who, []):
            if passed <= number and beats(card, over):
                raise CompulsoryPlayError(
                    self._must_beat_said(who, passed, over, card, proof),
                    cards=[card],
                    field=where,
                    seats=[who],
                )

    # --- cards noted as held -------------------------------------------------------------------

    def _held(self, number: int, trick: Trick, state: TrickInPlay) -> None:
        for index, holding in enumerate(trick.held):
            who = holding.seat
            where = f"tricks[{number}].held[{index}].cards"
            if not holding.cards:
                raise BadEntryError(
                    msg("{seat}: name the cards held, such as 'AC'.", seat=seat(who)),
                    field=where,
                    seats=[who],
                )
            try:
                PACK.check(holding.cards, field=where)
            except AdjudicationError as err:
                raise err.about(who) from None
            for card in holding.cards:
                if card in self.played:
                    trick_at, by = self.played[card]
                    raise ImpossibleHandError(
                        msg(
                            "{seat} cannot have held {card} through trick {number}: {player} "
                            "played it in trick {played}.",
                            seat=seat(who),
                            card=card_name(card),
                            number=number + 1,
                            player=seat(by),
                            played=trick_at + 1,
                        ),
                        cards=[card],
                        field=where,
                        seats=dict.fromkeys([who, by]),
                    )
                holder = self.evidence.holder(card)
                if holder is not None and holder[0] != who:
                    raise ImpossibleHandError(
                        msg(
                            "{holder} is already recorded holding {card} (trick {number}), so "
                            "{seat} cannot.",
                            holder=seat(holder[0]),
                            card=card_name(card),
                            number=holder[1] + 1,
                            seat=seat(who),
                        ),
                        cards=[card],
                        field=where,
                        seats=[who, holder[0]],
                    )
                if (
                    card == KC
                    and self.hand.kc is not None
                    and self.table.side_of(who) != self.hand.kc
                ):
                    raise ImpossibleHandError(
                        msg(
                            "{seat} is recorded holding the KC, but the record says {side} held "
                            "it.",
                            seat=seat(who),
                            side=side(self.hand.kc),
                        ),
                        cards=[card],
                        field=where,
                        seats=[who],
                    )
                if card == KC:
                    self.kc_noted = self.table.side_of(who)
                if is_playable(card):
                    self._proves_held(who, card, number, where, held=True)
                self.evidence.held.setdefault(who, {}).setdefault(card, number)

    # --- the end of a trick --------------------------------------------------------------------

    def _close(self, number: int, state: TrickInPlay, *, last: bool) -> TrickResult | None:
        """The trick's result once it is over, with the hand's end; ``None`` while the last
        trick of the record is still being played."""
        if self.ended == "six":
            # A 7 laid was a side's sixth trick: the hand ended in this trick (6a).
            self.ended_at = number
            return state.result()
        left = self.left()
        if state.lead is None:
            if state.complete:
                raise ImpossibleHandError(
                    msg_n(
                        "Nobody led in trick {number}, yet {count} playable card is still in "
                        "hand ({cards}): whoever holds one leads it (6a).",
                        "Nobody led in trick {number}, yet {count} playable cards are still in "
                        "hand ({cards}): whoever holds one leads it (6a).",
                        len(left),
                        number=number + 1,
                        cards=joined(left, " "),
                    ),
                    cards=left,
                    field=_at(number),
                )
        elif state.complete or not left:
            result = state.result()
            who = result.winner
            self.units.append(Unit(self.table.side_of(who), who, number))
            if self.won()[self.table.side_of(who)] >= SIX:
                self.ended, self.ended_at = "six", number
            elif not left:
                self.ended, self.ended_at = "played_out", number
            return result
        if last:
            return None
        missing: list[int] = []
        nxt = state.expected()
        while nxt is not None and len(missing) + len(state.plays) < self.table.players:
            missing.append(nxt)
            nxt = self.table.next_seat(nxt)
        raise ImpossibleHandError(
            msg(
                "Trick {number} is missing the turn of {players}: every player plays or passes "
                "in turn (6a), a pass written with no cards.",
                number=number + 1,
                players=seats(missing),
            ),
            field=f"tricks[{number}].plays",
            seats=missing,
        )


def check_hand(hand: Hand, table: Table, options: Options = DEFAULTS) -> CheckedHand:
    """Check every turn of a hand, in order; refuse the first problem with its field
    (``tricks[3].plays[1].cards``) and seats. The last trick may still be being played."""
    return _Checker(hand, table, options).run()


def check_over(checked: CheckedHand) -> None:
    """Refuse a hand that is not over: a trick still being played, or no side on six tricks
    with playable cards still in hand."""
    if checked.in_play is not None:
        state = checked.in_play
        nxt = state.expected()
        number = len(checked.results)
        raise IncompleteHandError(
            msg(
                "Trick {number} is still being played: {seat} to play or pass. Record the hand "
                "to its end (a side's sixth trick, or the last playable card).",
                number=number,
                seat=seat(nxt if nxt is not None else 0),
            ),
            field=f"tricks[{number - 1}].plays",
            seats=[nxt] if nxt is not None else [],
        )
    if not checked.over:
        left = checked.left
        raise IncompleteHandError(
            msg_n(
                "The hand is not over: no side has six tricks, and {count} playable card is "
                "still in hand ({cards}). Record the tricks to the end, or record the hand "
                "quickly.",
                "The hand is not over: no side has six tricks, and {count} playable cards are "
                "still in hand ({cards}). Record the tricks to the end, or record the hand "
                "quickly.",
                len(left),
                cards=joined(left, " "),
            ),
            cards=left,
            field="tricks",
        )
