"""Treikort's house rules, its pack and ranking, who wins a trick, and a hand's plays checked.

Rules: ``shared/seeds/003`` (Treikort); rulings: ``shared/rulings.md`` section 9 (9a, T-1 …
T-4) and T-5 in section 11, whose ids the comments and sentences cite.

Three play, each alone, with 27 cards: nine each, nine tricks of one card from each player.
The highest card wins a trick, ties going to the first played; a 7 wins only when led, and a
player may not lead one before winning a trick in the hand.

>>> from adjudicator.tricks.plays import parse_trick
>>> trick = parse_trick({"plays": [{"seat": 0, "cards": "AS"}, {"seat": 1, "cards": "AH"},
...                                {"seat": 2, "cards": "7C"}]}, 3)
>>> result = judge_trick(trick)
>>> result.winner, str(result.reason)
(0, 'the AS led and nothing beat it: the AH only tied it, and the first played wins (9a)')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from adjudicator.cards import TREIKORT, Card, Rank, parse_cards
from adjudicator.errors import (
    AdjudicationError,
    AlreadyPlayedError,
    BadEntryError,
    IllegalPlayError,
    IncompleteHandError,
    OutOfTurnError,
)
from adjudicator.messages import Message, listed, msg, msg_n
from adjudicator.options import option
from adjudicator.said import seat, seats
from adjudicator.tricks.plays import Play, Trick, TrickResult

PACK = TREIKORT
PLAYERS = 3
HAND_SIZE = 9  # "nine cards to each player … until the entire deck has been dealt"
TRICKS = len(PACK) // PLAYERS  # one card from each player a trick: 9
POPE_TRICKS = 13  # "13 or more tricks over the course of any three games" (9a)
POPE_WINDOW = 3  # the last three hands, a rolling window (T-4)

# 9a, high to low; the cards of one tier are equal (the first played of them wins). The seed's
# "each of diamonds" in the last tier is the 8D (T-1).
RANKING: tuple[tuple[Card, ...], ...] = tuple(
    parse_cards(tier)
    for tier in (
        "QC",
        "2S",
        "KD",
        "2H",
        "4C",
        "8S",
        "9H",
        "9D",
        "AS AH AD AC",
        "JS JH JD JC",
        "6S 6H 6D 6C",
        "8C 8H 8D",
    )
)
SEVENS: tuple[Card, ...] = parse_cards("7S 7H 7D 7C")

_TIER: dict[Card, int] = {
    card: len(RANKING) - number for number, tier in enumerate(RANKING) for card in tier
}
for _seven in SEVENS:
    _TIER[_seven] = 0


def tier(card: Card) -> int:
    """A card's strength as a follower: 12 for the QC down to 1 for the low 8s; 0 for a 7,
    which never wins unless led.

    >>> tier(Card.parse("QC")), tier(Card.parse("AS")) == tier(Card.parse("AC")), tier(SEVENS[0])
    (12, True, 0)
    """
    return _TIER[card]


def is_seven(card: Card) -> bool:
    return card.rank is Rank.SEVEN


@dataclass(frozen=True)
class Options:
    """House rules of Treikort (``shared/rulings.md`` section 9 and T-5).

    The ranking, the 7s and the deal are not options: the seed settles them (9a, T-1). A
    Scorekeeper game of Treikort is a sitting of ``games`` hands (each hand is one Treikort
    "game" as the seed counts them for the Pope); the most tricks over them wins (T-3).
    """

    games: int = option(
        6,
        msg(
            "How many hands (the seed's games of nine tricks) make one game here. Each "
            "player's total is their tricks over them; the most tricks wins, ties shared (T-3)."
        ),
        minimum=1,
        maximum=60,
        rule="T-3",
    )
    pope: bool = option(
        True,
        msg(
            "Play the Pope: a player with 13 or more tricks over the last three hands is Pope "
            "and makes two exchanges at the start of each hand while the title holds (9a)."
        ),
        rule="9a",
    )
    pope_holds: Literal["most_tricks", "while_thirteen"] = option(
        "most_tricks",
        # Each choice by what a player reads for it (its label), never its key.
        msg(
            "Who is Pope when two players have 13 or more over the last three hands: the one "
            "with more tricks (the sitting Pope keeps the title on a tie, else nobody has it "
            "until the tie breaks), or the sitting Pope while at 13 or more, whoever has more "
            "(the seed's 'as long as he continues')."
        ),
        labels={
            "most_tricks": msg("More tricks over the last three takes the title; a tie keeps it"),
            "while_thirteen": msg("The Pope keeps the title while at 13 or more, whoever has more"),
        },
        rule="T-5",
    )


DEFAULTS = Options()


# ---------------------------------------------------------------------------------------------
# Who wins a trick


def judge_trick(trick: Trick) -> TrickResult:
    """Who wins a trick of single cards, and why, play by play (9a).

    A led 7 wins whatever follows. Otherwise the highest card wins, a 7 that is not led never
    does, and among equal cards (two Aces) the first played wins. The trick need not be
    complete: the result is who is winning so far. Legality is :func:`check_hand`'s business.

    >>> from adjudicator.tricks.plays import parse_trick
    >>> def t(*cards):
    ...     return parse_trick({"plays": [{"seat": i, "cards": c} for i, c in enumerate(cards)]}, 3)
    >>> str(judge_trick(t("7H", "QC", "2S")).reason)
    'a led 7 wins the trick, whatever else is played (9a)'
    >>> r = judge_trick(t("6C", "AS", "AH"))
    >>> r.winner, str(r.reason)
    (1, 'the AS beats the 6C: the AH after it only tied it, and the first played wins (9a)')
    """
    plays = trick.plays
    lead = plays[0].cards[0]
    seven_led = is_seven(lead)
    steps: list[str] = [msg("{seat} led the {card}", seat=seat(plays[0].seat), card=lead)]
    winning, beaten = 0, None
    standing = [0]
    tied: list[Card] = []
    for index in range(1, len(plays)):
        card = plays[index].cards[0]
        best = plays[winning].cards[0]
        who = seat(plays[index].seat)
        if seven_led:
            step = msg("{seat} played the {card}: nothing beats a led 7 (9a)", seat=who, card=card)
        elif is_seven(card):
            step = msg("{seat} played the {card}: a 7 not led never wins (9a)", seat=who, card=card)
        elif tier(card) > tier(best):
            beaten, winning, tied = winning, index, []
            step = msg(
                "{seat} played the {card}: it beats the {best} (9a)", seat=who, card=card, best=best
            )
        elif tier(card) == tier(best):
            tied.append(card)
            step = msg(
                "{seat} played the {card}: it only ties the {best}, and the first played wins (9a)",
                seat=who,
                card=card,
                best=best,
            )
        else:
            step = msg(
                "{seat} played the {card}: it does not beat the {best} (9a)",
                seat=who,
                card=card,
                best=best,
            )
        steps.append(step)
        standing.append(winning)
    return TrickResult(
        winner=plays[winning].seat,
        play=winning,
        reason=_reason(trick, winning, beaten, tied),
        rule="9a",
        lead=0,
        beaten=beaten,
        standing=tuple(standing),
        steps=tuple(steps),
    )


def _reason(trick: Trick, winning: int, beaten: int | None, tied: Sequence[Card]) -> Message:
    """Why the winning card wins (9a): a led 7; the card led that nothing beat; the card that
    beat it; and the cards that only tied it, the first played of equals winning."""
    plays = trick.plays
    win = plays[winning].cards[0]
    if is_seven(plays[0].cards[0]):
        return msg("a led 7 wins the trick, whatever else is played (9a)")
    ties = listed(msg("the {card}", card=card) for card in tied)
    if beaten is None:
        if tied:
            return msg(
                "the {card} led and nothing beat it: {ties} only tied it, and the first played "
                "wins (9a)",
                card=win,
                ties=ties,
            )
        if len(plays) > 1 and all(is_seven(p.cards[0]) for p in plays[1:]):
            return msg("the {card} led and nothing beat it: a 7 not led never wins (9a)", card=win)
        return msg("the {card} led and nothing beat it (9a)", card=win)
    # A card that beat the one led is no 7 (a 7 not led never wins), so only ties can follow it.
    lost = plays[beaten].cards[0]
    if tied:
        return msg(
            "the {card} beats the {beaten}: {ties} after it only tied it, and the first played "
            "wins (9a)",
            card=win,
            beaten=lost,
            ties=ties,
        )
    return msg("the {card} beats the {beaten} (9a)", card=win, beaten=lost)


# ---------------------------------------------------------------------------------------------
# A hand's plays, checked


@dataclass(frozen=True)
class Hand:
    """A hand by its tricks, in order; ``dealer`` is the seat that dealt, when noted (the seat
    at their left leads the first trick)."""

    tricks: tuple[Trick, ...]
    dealer: int | None = None


@dataclass(frozen=True)
class CheckedHand:
    """A hand whose every play was checked, with the result of each trick (the last may be
    unfinished: its result is who is winning it so far)."""

    hand: Hand
    results: tuple[TrickResult, ...]

    @property
    def finished_tricks(self) -> int:
        return sum(1 for trick in self.hand.tricks if len(trick.plays) == PLAYERS)

    @property
    def complete(self) -> bool:
        """All nine tricks played."""
        return self.finished_tricks == TRICKS

    def won(self) -> tuple[int, ...]:
        """Tricks won by each seat, counting only finished tricks."""
        counts = [0] * PLAYERS
        for trick, result in zip(self.hand.tricks, self.results, strict=True):
            if len(trick.plays) == PLAYERS:
                counts[result.winner] += 1
        return tuple(counts)


class Checker:
    """Checks a hand's tricks one at a time, in order, as they are played (what a hand's record
    and the page's trick entry both need): each play's turn, card and lead, each trick judged.

    ``dealer``, when known, fixes the first leader (the seat at the dealer's left). ``wins``
    counts the tricks each seat has won so far; a 7 may be led only by a seat that has won one.
    """

    def __init__(self, dealer: int | None = None, wins: Sequence[int] = (0,) * PLAYERS) -> None:
        self.leader: int | None = None if dealer is None else (dealer + 1) % PLAYERS
        self.played: dict[Card, tuple[int, int]] = {}
        self.wins = list(wins)
        self.results: list[TrickResult] = []

    def add(self, trick: Trick, number: int, *, unfinished: bool = False) -> TrickResult:
        """Check trick ``number`` (from 0) and judge it; with ``unfinished`` it may lack plays
        (it is being played), and its result is who is winning so far.

        A refusal's field is relative to the trick (``plays[1].cards``).
        """
        if trick.held:
            raise BadEntryError(
                msg("Treikort has no compulsory play, so no card needs noting as held."),
                field="held",
                seats=dict.fromkeys(h.seat for h in trick.held),
            )
        if not trick.plays:
            raise BadEntryError(
                msg("A trick lists its plays in the order they were made."), field="plays"
            )
        for index, play in enumerate(trick.plays):
            self._check_play(play, number, index, trick)
        if len(trick.plays) < PLAYERS and not unfinished:
            waiting = [(trick.leader + i) % PLAYERS for i in range(len(trick.plays), PLAYERS)]
            raise IllegalPlayError(
                msg(
                    "Trick {number} has only {count} of its 3 plays, with {players} still to play.",
                    number=number + 1,
                    count=len(trick.plays),
                    players=seats(waiting),
                ),
                field="plays",
                seats=waiting,
            )
        result = judge_trick(trick)
        self.results.append(result)
        if len(trick.plays) == PLAYERS:
            self.wins[result.winner] += 1
            self.leader = result.winner
        return result

    def _check_play(self, play: Play, number: int, index: int, trick: Trick) -> None:
        where = f"plays[{index}].cards"
        if index >= PLAYERS:
            raise IllegalPlayError(
                msg_n(
                    "Trick {number} has {count} play: each of the 3 players plays once.",
                    "Trick {number} has {count} plays: each of the 3 players plays once.",
                    len(trick.plays),
                    number=number + 1,
                ),
                field=f"plays[{index}]",
                seats=[play.seat],
            )
        expected = self.leader if index == 0 else (trick.leader + index) % PLAYERS
        if expected is not None and play.seat != expected:
            raise OutOfTurnError(
                _out_of_turn(play.seat, expected, number, index, trick),
                field=f"plays[{index}].seat",
                seats=[play.seat, expected],
            )
        if not play.cards:
            raise IllegalPlayError(
                msg("{seat} must play a card: Treikort has no passing.", seat=seat(play.seat)),
                field=where,
                seats=[play.seat],
            )
        if len(play.cards) > 1:
            raise IllegalPlayError(
                msg_n(
                    "{seat} played {count} card: each player plays one card to a trick.",
                    "{seat} played {count} cards: each player plays one card to a trick.",
                    len(play.cards),
                    seat=seat(play.seat),
                ),
                cards=play.cards,
                field=where,
                seats=[play.seat],
            )
        card = play.cards[0]
        try:
            PACK.check([card], field=where)
        except AdjudicationError as err:
            raise err.about(play.seat) from None
        if card in self.played:
            when, who = self.played[card]
            already = (
                msg(
                    "The {card} was already played earlier in this trick, by {seat}: each card "
                    "is played once a hand.",
                    card=card,
                    seat=seat(who),
                )
                if when == number
                else msg(
                    "The {card} was already played in trick {number}, by {seat}: each card is "
                    "played once a hand.",
                    card=card,
                    number=when + 1,
                    seat=seat(who),
                )
            )
            raise AlreadyPlayedError(
                already,
                cards=[card],
                field=where,
                seats=dict.fromkeys([play.seat, who]),
            )
        if index == 0 and is_seven(card) and not self.wins[play.seat]:
            raise IllegalPlayError(
                msg(
                    "{seat} may not lead the {card}: a 7 may be led only by a player who has "
                    "already won a trick this hand (9a).",
                    seat=seat(play.seat),
                    card=card,
                ),
                cards=[card],
                field=where,
                seats=[play.seat],
            )
        self.played[card] = (number, play.seat)


def check_hand(hand: Hand, *, complete: bool = True) -> CheckedHand:
    """Check every play of a hand in order and judge each trick; refuse the first problem with
    its field (``tricks[2].plays[1].cards``) and seats.

    Refused: more or fewer than one card a play; a card not in the pack, or played twice; a
    play out of turn (round the table from the leader; the seat at the dealer's left leads the
    first trick, the winner of each trick the next); a 7 led by a player who has won no trick
    this hand (9a); a trick with a play too many; a ``held`` note (Treikort has no compulsory
    play). With ``complete`` every trick must have its three plays and the hand all nine;
    without, the last trick may be unfinished (a hand as the table enters it).
    """
    checker = Checker(hand.dealer)
    for number, trick in enumerate(hand.tricks):
        last = number == len(hand.tricks) - 1
        try:
            checker.add(trick, number, unfinished=last and not complete)
        except AdjudicationError as err:
            raise err.at(f"tricks[{number}]") from None
    if complete and len(hand.tricks) != TRICKS:
        raise IncompleteHandError(
            msg_n(
                "A hand is over once all {tricks} tricks are played; {count} is recorded. "
                "Record the rest, or record the hand quickly (tricks won by each player).",
                "A hand is over once all {tricks} tricks are played; {count} are recorded. "
                "Record the rest, or record the hand quickly (tricks won by each player).",
                len(hand.tricks),
                tricks=TRICKS,
            ),
            field="tricks",
        )
    return CheckedHand(hand, tuple(checker.results))


def _out_of_turn(who: int, expected: int, number: int, index: int, trick: Trick) -> Message:
    if index:
        return msg(
            "{seat} played out of turn: after {leader} led, it was {expected}'s turn.",
            seat=seat(who),
            leader=seat(trick.leader),
            expected=seat(expected),
        )
    if number:
        return msg(
            "{seat} led trick {number} out of turn: the winner of trick {last}, {expected}, "
            "leads the next.",
            seat=seat(who),
            number=number + 1,
            last=number,
            expected=seat(expected),
        )
    return msg(
        "{seat} led the first trick out of turn: the dealer was {dealer}, so {expected}, at "
        "their left, leads.",
        seat=seat(who),
        dealer=seat((expected - 1) % PLAYERS),
        expected=seat(expected),
    )


__all__ = [
    "DEFAULTS",
    "HAND_SIZE",
    "PACK",
    "PLAYERS",
    "POPE_TRICKS",
    "POPE_WINDOW",
    "RANKING",
    "SEVENS",
    "TRICKS",
    "CheckedHand",
    "Checker",
    "Hand",
    "Options",
    "check_hand",
    "is_seven",
    "judge_trick",
    "tier",
]
