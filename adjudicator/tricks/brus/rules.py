"""Brus's house rules, its table, its cards, and one trick played out turn by turn.

Rules: ``shared/seeds/003`` (Brus and its six-player variant); rulings: ``shared/rulings.md``
section 6 (6a, BR-1 … BR-7) and BR-8 in section 11, whose ids the comments and sentences cite.

A trick, as a record lists it, is one turn for each seat in order round the table, starting
with the seat on lead (the winner of the trick before; for the first trick, the dealer's left):

* a seat on lead may first lay 7s, each one a trick of its own (BR-4); it then leads one
  playable card, or, with none, passes the lead to its left (6a): a play of 7s alone, or no
  cards at all. The next seat is then on lead in the same way;
* after the lead, each other seat in turn plays one playable card higher than the highest so
  far, or passes (no cards). A seat that passed the lead has no turn after it: it holds nothing
  that could be played.

>>> from adjudicator.tricks.plays import parse_trick
>>> trick = parse_trick({"plays": [{"seat": 0, "cards": "7H AD"}, {"seat": 1, "cards": ""},
...                                {"seat": 2, "cards": "9D"}, {"seat": 3, "cards": "9C"}]}, 4)
>>> result = judge_trick(trick, Table(4))
>>> result.winner, str(result.reason)
(3, 'the 9C is the highest card played (6a); seat 1 laid the 7H: a trick of its own (BR-4)')

Every sentence is a message (:mod:`.words`): the English above, in Swedish, Danish or
Icelandic at the edge, with the players' names.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from adjudicator.cards import BRUS, Card, Rank, parse_cards
from adjudicator.errors import (
    AdjudicationError,
    AlreadyPlayedError,
    BadEntryError,
    IllegalPlayError,
    OutOfTurnError,
)
from adjudicator.messages import Listed, Message, joined, listed, msg, msg_n
from adjudicator.options import option
from adjudicator.records import crosswise
from adjudicator.said import Ref, seat, seats
from adjudicator.tricks.plays import Play, Trick, TrickResult

PACK = BRUS
TABLE_SIZES = (4, 6)

# 6a: the 18 playable cards, high to low. Each has a rank of its own: no two are equal.
PLAYABLE: tuple[Card, ...] = parse_cards("JC 8S KH 9C 9S 9H 9D AC AS AH AD JS JH JD 6C 6S 6H 6D")
# The tiers a player thinks in (for the tests and the docs): Spit, Dull, Brus, 9s, Aces, Jacks,
# 6s; within a tier the suits run clubs, spades, hearts, diamonds.
TIERS: tuple[tuple[str, tuple[Card, ...]], ...] = (
    ("Spit", parse_cards("JC")),
    ("Dull", parse_cards("8S")),
    ("Brus", parse_cards("KH")),
    ("nines", parse_cards("9C 9S 9H 9D")),
    ("aces", parse_cards("AC AS AH AD")),
    ("jacks", parse_cards("JS JH JD")),
    ("sixes", parse_cards("6C 6S 6H 6D")),
)
SEVENS: tuple[Card, ...] = parse_cards("7C 7S 7H 7D")
# 6a with BR-1: the seed lists the 8S among these, a misprint for the 8H (the 8S is Dull).
UNPLAYABLE: tuple[Card, ...] = parse_cards("8C 8H 8D 10C 10S 10H 10D QC QS QH QD KC KS KD")
KC = Card.parse("KC")  # the Outcome card
EIGHT_H = Card.parse("8H")
# Most plays: four 7s laid, then the card led.
MOST_CARDS_A_PLAY = len(SEVENS) + 1

_POWER = {card: len(PLAYABLE) - place for place, card in enumerate(PLAYABLE)}


def is_playable(card: Card) -> bool:
    return card in _POWER


def is_seven(card: Card) -> bool:
    return card.rank is Rank.SEVEN


def power(card: Card) -> int:
    """A playable card's rank, higher beating lower: 18 for Spit down to 1 for the 6D.

    >>> power(Card.parse("JC")), power(Card.parse("6D"))
    (18, 1)
    >>> power(Card.parse("9D")) > power(Card.parse("AC"))
    True
    """
    return _POWER[card]


def beats(card: Card, highest: Card) -> bool:
    """Whether a playable ``card`` beats the ``highest`` card so far (6a).

    >>> beats(Card.parse("8S"), Card.parse("KH")), beats(Card.parse("6C"), Card.parse("JD"))
    (True, False)
    """
    return power(card) > power(highest)


def card_name(card: Card) -> Message:
    """``the JC (Spit)``, ``the 9D``: a card as a sentence names it, a matador with its name
    (each a sentence of its own, so that a language may call it its own way).

    >>> str(card_name(Card.parse("JC"))), str(card_name(Card.parse("9D")))
    ('the JC (Spit)', 'the 9D')
    """
    if card == PLAYABLE[0]:
        return msg("the {card} (Spit)", card=card)
    if card == PLAYABLE[1]:
        return msg("the {card} (Dull)", card=card)
    if card == PLAYABLE[2]:
        return msg("the {card} (Brus)", card=card)
    return msg("the {card}", card=card)


def cards_named(cards: Sequence[Card]) -> Message:
    """``the 7H``, ``the 7H and 7S``, ``the 7H, 7S and 7D``."""
    return msg("the {cards}", cards=listed(cards))


@dataclass(frozen=True)
class Options:
    """House rules of Brus (``shared/rulings.md`` sections 6 and 10).

    The table size chooses the variant: four in two sides of two, six in two sides of three
    (6a); it is not an option.
    """

    hands: int = option(
        12,
        msg(
            "How many hands make a game; the side with the higher total then wins (a tie is "
            "shared). Twelve lets every player deal alike at four or six."
        ),
        minimum=1,
        maximum=100,
        rule="6a",
    )
    must_beat: bool = option(
        False,
        msg(
            "A player who can beat the highest card so far must play a higher card (pagat); by "
            "default a player may pass anyway, as the seed says a player 'may only play' a "
            "higher card."
        ),
        rule="BR-3",
    )


DEFAULTS = Options()


@dataclass(frozen=True)
class Table:
    """Four or six players in two sides sitting alternately (6a): at four, seats 0 and 2
    (JSON) against 1 and 3; at six, 0, 2 and 4 against 1, 3 and 5. Side ``n`` holds seat ``n``.

    >>> Table(6).sides, Table(6).hand_size, Table(4).hand_size, Table(6).fewest_tricks
    (((0, 2, 4), (1, 3, 5)), 6, 9, 3)
    """

    players: int

    @classmethod
    def for_players(cls, players: int) -> Table:
        """The table for this many players, refusing any count but four or six."""
        if isinstance(players, bool) or not isinstance(players, int) or players not in TABLE_SIZES:
            refusal = (
                msg(
                    "Brus is for four players (two sides of two) or six (two sides of three), "
                    "not {count}.",
                    count=players,
                )
                if isinstance(players, int) and abs(players) < 1000
                else msg(
                    "Brus is for four players (two sides of two) or six (two sides of three), "
                    "not that many."
                )
            )
            raise BadEntryError(refusal, field="seats")
        return cls(players)

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        return crosswise(self.players).sides

    def side_of(self, seat_index: int) -> int:
        return seat_index % 2

    @property
    def hand_size(self) -> int:
        """The whole pack is dealt (BR-2): 9 each at four, 6 each at six."""
        return len(PACK) // self.players

    @property
    def fewest_tricks(self) -> int:
        """The fewest tricks that play out all 18 playable cards (at most one a seat a trick):
        5 at four players, 3 at six."""
        return -(-len(PLAYABLE) // self.players)

    def next_seat(self, seat_index: int) -> int:
        """The seat to the left: play goes clockwise."""
        return (seat_index + 1) % self.players


# ---------------------------------------------------------------------------------------------
# One trick, turn by turn
# ---------------------------------------------------------------------------------------------

type Move = Literal["seven", "lead_pass", "lead", "beat", "pass"]


@dataclass(frozen=True)
class Event:
    """What one turn did: a 7 laid, the lead passed on, a card led, a card that beat the
    highest, a pass (``card`` then being the highest card the seat passed over)."""

    move: Move
    seat: int
    card: Card | None = None


def _field(index: int, what: str = "cards") -> str:
    return f"plays[{index}].{what}"


@dataclass
class TrickInPlay:
    """One trick as its turns come: each turn checked against the rules of the trick alone.

    ``on_lead`` is the seat whose turn opens the trick (``None``: anyone may, as when a trick
    is judged on its own), and ``why`` the sentence saying why, for a refusal. What the rest of
    the hand knows (cards played earlier, the hand already over) is the caller's to check.
    """

    table: Table
    on_lead: int | None = None
    why: Message | None = None
    plays: list[Play] = field(default_factory=list)
    lead: int | None = None  # the index of the play holding the card led
    highest: int | None = None  # the index of the play holding the highest card
    beaten: int | None = None  # the play the highest took over from
    standing: list[int] = field(default_factory=list)
    laid: list[tuple[int, tuple[Card, ...]]] = field(default_factory=list)  # (seat, 7s) in order
    steps: list[Message] = field(default_factory=list)
    seen: dict[Card, int] = field(default_factory=dict)

    @property
    def complete(self) -> bool:
        """Every seat has had its turn."""
        return len(self.plays) == self.table.players

    def expected(self) -> int | None:
        """The seat whose turn it is (``None`` before a free first turn)."""
        if not self.plays:
            return self.on_lead
        return self.table.next_seat(self.plays[-1].seat)

    def card_of(self, index: int) -> Card:
        return next(c for c in self.plays[index].cards if is_playable(c))

    def add(self, play: Play) -> list[Event]:
        """Take one turn; return what it did, or refuse it with the reason (a field path
        ``plays[i]…`` and the seats it is about)."""
        index = len(self.plays)
        self._check_turn(index, play.seat)
        try:
            PACK.check(play.cards, field=_field(index))
        except AdjudicationError as err:
            raise err.about(play.seat) from None
        for card in play.cards:
            if card in self.seen:
                earlier = self.seen[card]
                raise AlreadyPlayedError(
                    msg(
                        "The {card} is played twice in this trick, by {players}.",
                        card=card,
                        players=_both(earlier, play.seat),
                    ),
                    cards=[card],
                    field=_field(index),
                    seats=dict.fromkeys([play.seat, earlier]),
                )
            self.seen[card] = play.seat
        events = self._rule(index, play)
        self.plays.append(play)
        if self.highest is not None:
            self.standing.append(self.highest)
        return events

    def _check_turn(self, index: int, who: int) -> None:
        if self.complete:
            raise IllegalPlayError(
                msg_n(
                    "Every player has had a turn in this trick ({count} turn); {seat}'s play "
                    "belongs to the next trick.",
                    "Every player has had a turn in this trick ({count} turns); {seat}'s play "
                    "belongs to the next trick.",
                    self.table.players,
                    seat=seat(who),
                ),
                field=_field(index, "seat"),
                seats=[who],
            )
        expected = self.expected()
        if expected is None or expected == who:
            return
        if index == 0:
            message = (
                msg(
                    "{expected} is on lead here, not {seat}.",
                    expected=seat(expected),
                    seat=seat(who),
                )
                if self.why is None
                else msg(
                    "{expected} is on lead here, not {seat}: {why} (6a).",
                    expected=seat(expected),
                    seat=seat(who),
                    why=self.why,
                )
            )
        else:
            message = msg(
                "It was {expected}'s turn to play or pass, not {seat}'s: the turn goes to the "
                "left, one each (6a).",
                expected=seat(expected),
                seat=seat(who),
            )
        raise OutOfTurnError(message, field=_field(index, "seat"), seats=[who, expected])

    def _rule(self, index: int, play: Play) -> list[Event]:
        where = _field(index)
        who = play.seat
        for card in play.cards:
            if not is_playable(card) and not is_seven(card):
                raise IllegalPlayError(
                    _unplayable(card, who), cards=[card], field=where, seats=[who]
                )
        sevens = tuple(c for c in play.cards if is_seven(c))
        cards = [c for c in play.cards if is_playable(c)]
        if len(cards) > 1:
            raise IllegalPlayError(
                msg(
                    "{seat} played {cards} together: one card a turn (6a).",
                    seat=seat(who),
                    cards=joined(cards, " "),
                ),
                cards=cards,
                field=where,
                seats=[who],
            )
        if sevens and self.lead is not None:
            raise IllegalPlayError(
                msg(
                    "{seat} cannot lay {sevens} now: only the player on lead lays 7s, before "
                    "leading (BR-4).",
                    seat=seat(who),
                    sevens=cards_named(sevens),
                ),
                cards=sevens,
                field=where,
                seats=[who],
            )
        events: list[Event] = []
        if sevens:
            self.laid.append((who, sevens))
            events += [Event("seven", who, c) for c in sevens]
            self.steps.append(
                msg(
                    "{seat} lays {sevens}: {tricks} (BR-4)",
                    seat=seat(who),
                    sevens=cards_named(sevens),
                    tricks=_own_tricks(sevens),
                )
            )
        if self.lead is None:
            if not cards:
                events.append(Event("lead_pass", who))
                self.steps.append(
                    msg("{seat} has nothing to lead: the lead passes left (6a)", seat=seat(who))
                )
                return events
            self.lead = self.highest = index
            events.append(Event("lead", who, cards[0]))
            self.steps.append(msg("{seat} leads {card}", seat=seat(who), card=card_name(cards[0])))
            return events
        highest = self.card_of(self.highest) if self.highest is not None else None
        assert highest is not None
        if not cards:
            events.append(Event("pass", who, highest))
            self.steps.append(msg("{seat} passes", seat=seat(who)))
            return events
        card = cards[0]
        if not beats(card, highest):
            raise IllegalPlayError(
                msg(
                    "{seat}'s {card} does not beat {highest}: a card played to a trick must beat "
                    "the highest so far; without one, the player passes (6a).",
                    seat=seat(who),
                    card=card,
                    highest=card_name(highest),
                ),
                cards=[card],
                field=where,
                seats=[who],
            )
        self.beaten, self.highest = self.highest, index
        events.append(Event("beat", who, card))
        self.steps.append(msg("{seat} beats it with {card}", seat=seat(who), card=card_name(card)))
        return events

    def result(self) -> TrickResult:
        """Who wins the trick as it stands: the highest card's player (6a); with no card led,
        the seat that laid the last 7s (a trick the hand ended in, BR-4)."""
        if self.highest is None:
            sevens = self._sevens_said(first=True)
            if not self.laid:
                raise ValueError("no card and no 7 in this trick")
            who = self.laid[-1][0]
            index = max(i for i, p in enumerate(self.plays) if p.seat == who)
            reason = sevens or msg("nothing was led")
            return TrickResult(who, index, reason, "BR-4", lead=index, steps=tuple(self.steps))
        card = self.card_of(self.highest)
        main = (
            msg("nobody beat {card} led (6a)", card=card_name(card))
            if self.highest == self.lead
            else msg("{card} is the highest card played (6a)", card=card_name(card))
        )
        sevens = self._sevens_said(first=False)
        reason = main if sevens is None else _join(main, sevens)
        assert self.lead is not None
        return TrickResult(
            winner=self.plays[self.highest].seat,
            play=self.highest,
            reason=reason,
            rule="6a",
            lead=self.lead,
            beaten=self.beaten,
            standing=tuple(self.standing),
            steps=tuple(self.steps),
        )

    def _sevens_said(self, *, first: bool) -> Message | None:
        """The 7s laid, a clause for each seat that laid them; ``first``: the clauses open the
        sentence (else they follow another, after a semicolon)."""
        if not self.laid:
            return None
        parts = [
            msg(
                "{seat} laid {sevens}: {tricks} (BR-4)",
                seat=seat(who) if first and at == 0 else _mid(who),
                sevens=cards_named(cards),
                tricks=_own_tricks(cards),
            )
            for at, (who, cards) in enumerate(self.laid)
        ]
        return parts[0] if len(parts) == 1 else _join(*parts)


def _own_tricks(sevens: Sequence[Card]) -> Message:
    """What 7s laid are: ``a trick of its own``, ``2 tricks of their own`` (BR-4)."""
    return msg_n("a trick of its own", "{count} tricks of their own", len(sevens))


def _both(one: int, other: int) -> Ref:
    return seat(one) if one == other else seats(sorted({one, other}))


def _mid(who: int) -> Listed:
    """A seat named in a clause that follows another after a semicolon: said mid-sentence
    ("seat 1", not "Seat 1"), which a seat opening its own clause would not be."""
    return listed([seat(who)])


def _join(*clauses: Message) -> Message:
    """Clauses as one sentence, joined by semicolons, each its own message."""
    return msg("{clauses}", clauses=joined(clauses, "; "))


def _unplayable(card: Card, who: int) -> Message:
    if card == KC:
        why = msg(
            "the KC is the Outcome card: unplayable, it stays in hand to decide a hand of five "
            "tricks (6a)"
        )
    elif card == EIGHT_H:
        why = msg("the 8H is unplayable (the 8S, Dull, is the playable eight: BR-1)")
    else:
        why = msg("the {card} is one of the 14 unplayable cards, never played (6a)", card=card)
    return msg("{seat} cannot play the {card}: {why}.", seat=seat(who), card=card, why=why)


def judge_trick(
    trick: Trick,
    table: Table,
    *,
    on_lead: int | None = None,
    why: Message | None = None,
) -> TrickResult:
    """Every turn of one trick checked, and who wins it (see the module's docstring).

    >>> from adjudicator.tricks.plays import parse_trick
    >>> judge_trick(parse_trick({"plays": [{"seat": 2, "cards": "9C"},
    ...                                    {"seat": 3, "cards": "6D"}]}, 4), Table(4))
    Traceback (most recent call last):
    ...
    adjudicator.errors.IllegalPlayError: Seat 4's 6D does not beat the 9C: a card played to a trick must beat the highest so far; without one, the player passes (6a).
    """
    state = play_out(trick.plays, table, on_lead=on_lead, why=why)
    if state.highest is None and not state.laid:
        raise IllegalPlayError(
            msg("Nobody led: a trick needs a card led, or 7s laid."), field="plays", seats=()
        )
    return state.result()


def play_out(
    plays: Iterable[Play],
    table: Table,
    *,
    on_lead: int | None = None,
    why: Message | None = None,
) -> TrickInPlay:
    """The turns of one trick taken in order (refused at the first illegal one)."""
    state = TrickInPlay(table, on_lead, why)
    for play in plays:
        state.add(play)
    return state
