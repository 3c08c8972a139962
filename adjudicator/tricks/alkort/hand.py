"""An Alkort hand: its tricks checked play by play, when it is over, and what it scores, from
its tricks or from a quick summary (tricks won, and who won the first five in a row).

A hand ends when a side wins its fifth trick, scoring 1. A side that wins the first five tricks
in a row (a múk) plays on while the streak lasts: the hand ends at the first trick it loses, or
after all nine, and scores the length of the streak, 5 to 9 (8a, A-5).

>>> from adjudicator.tricks.plays import parse_tricks
>>> plays = [["AS", "9C", "3D", "QC"], ["JH", "2C", "4S", "3H"], ["6D", "4D", "2S", "KC"],
...          ["8C", "QD", "9S", "KH"], ["7H", "QS", "3C", "4H"], ["9H", "KD", "8S", "2H"]]
>>> tricks = parse_tricks([{"plays": [{"seat": s, "cards": c} for s, c in enumerate(p)]}
...                        for p in plays], 4)
>>> checked = check_hand(Hand(tricks), Table(4))
>>> checked.won(), checked.over
((5, 1), True)
>>> score = score_hand(summarize(checked), Table(4))
>>> score.points, str(score.lines[0].text)
((5, 0), 'won the first 5 tricks in a row, a múk: 5 (8a)')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypedDict

from adjudicator.cards import Card
from adjudicator.errors import (
    AdjudicationError,
    AlreadyPlayedError,
    ImpossibleHandError,
    IncompleteHandError,
    OutOfTurnError,
)
from adjudicator.messages import Message, msg, msg_n
from adjudicator.said import Ref, seat, seats, side
from adjudicator.tricks.alkort.rules import (
    DEFAULTS,
    MUK,
    TRICKS,
    TRICKS_TO_WIN,
    Options,
    Table,
    check_lead,
    check_trick,
    judge_trick,
)
from adjudicator.tricks.plays import ScoreLineData, Trick, TrickResult


@dataclass(frozen=True)
class Hand:
    """A hand by its tricks, in order; ``dealer`` is the seat that dealt, when noted."""

    tricks: tuple[Trick, ...]
    dealer: int | None = None


@dataclass(frozen=True)
class QuickHand:
    """A hand as the table sums it up: tricks won per side when play stopped, and the side that
    won the first five tricks in a row (a múk), if one did."""

    won: tuple[int, ...]
    first_five: int | None = None


def unit(index: int, table: Table) -> Ref:
    """A side as a sentence names it: a side at four, a player at two."""
    return side(index) if table.partnerships else seat(index)


# ---------------------------------------------------------------------------------------------
# Where a hand stands


@dataclass(frozen=True)
class Progress:
    """A hand after some tricks: tricks won per side, the unbroken run from the first trick
    (its side and length, ``streak_side`` ``None`` before any trick), and whether the run
    has been broken."""

    won: tuple[int, ...]
    streak_side: int | None
    streak: int
    broken: bool

    @classmethod
    def of(cls, winners: list[int], sides: int) -> Progress:
        """From the side that won each trick, in order."""
        won = [0] * sides
        streak = 0
        for s in winners:
            won[s] += 1
        first = winners[0] if winners else None
        while streak < len(winners) and winners[streak] == first:
            streak += 1
        return cls(tuple(won), first, streak, streak < len(winners))

    @property
    def muk(self) -> bool:
        return self.streak >= MUK

    @property
    def over(self) -> bool:
        """8a: over at a side's fifth trick; after a múk, at the first trick lost or the ninth."""
        if self.muk:
            return self.broken or self.streak == TRICKS
        return max(self.won) >= TRICKS_TO_WIN

    @property
    def winner(self) -> int | None:
        if self.muk:
            return self.streak_side
        best = max(self.won)
        return self.won.index(best) if best >= TRICKS_TO_WIN else None

    def why_over(self, table: Table) -> Message:
        """Why the hand was over (for refusing a trick after it)."""
        who = unit(self.winner or 0, table)
        if self.muk and self.broken:
            return msg_n(
                "{winner} won the first {count} trick in a row, and play stops at the first "
                "trick lost after a múk (A-5)",
                "{winner} won the first {count} tricks in a row, and play stops at the first "
                "trick lost after a múk (A-5)",
                self.streak,
                winner=who,
            )
        if self.muk:
            return msg("{winner} won all nine tricks", winner=who)
        return msg("{winner} had won five tricks (8a)", winner=who)


# ---------------------------------------------------------------------------------------------
# Checking a hand's plays


@dataclass(frozen=True)
class CheckedHand:
    """A hand whose every play was checked, with each trick's result."""

    hand: Hand
    table: Table
    results: tuple[TrickResult, ...]

    @property
    def progress(self) -> Progress:
        return Progress.of(
            [self.table.side_of(r.winner) for r in self.results], len(self.table.sides)
        )

    def won(self) -> tuple[int, ...]:
        """Tricks won by each side so far."""
        return self.progress.won

    @property
    def over(self) -> bool:
        return self.progress.over


def _where(trick: int, play: int | None = None, what: str = "cards") -> str:
    return f"tricks[{trick}]" if play is None else f"tricks[{trick}].plays[{play}].{what}"


def check_hand(
    hand: Hand, table: Table, options: Options = DEFAULTS, *, unfinished: bool = False
) -> CheckedHand:
    """Check every play of a hand in order and judge each trick; refuse the first problem.

    Refused, with the field and the seats: anything :func:`check_trick` refuses; a trick after
    the hand was over; a lead out of turn (the first from the dealer's left when the dealer is
    noted, then the winner of the trick before); a 7 led by a player who has won no trick
    (8a); a card already played in this hand; a trick with cards still to come, unless it is
    the last and ``unfinished`` allows it (it is then checked as far as it goes, not judged).
    A hand may stop before its end: :func:`check_over` wants it over.
    """
    played: dict[Card, tuple[int, int]] = {}
    results: list[TrickResult] = []
    won_by_seat = [0] * table.players
    leader = None if hand.dealer is None else (hand.dealer + 1) % table.players
    last = len(hand.tricks) - 1
    for number, trick in enumerate(hand.tricks):
        progress = Progress.of([table.side_of(r.winner) for r in results], len(table.sides))
        if progress.over:
            raise ImpossibleHandError(_after_end(number, progress, table), field=_where(number))
        if leader is not None and trick.leader != leader:
            if number:
                why = msg(
                    "{seat} led trick {number} out of turn: the winner of the last trick, "
                    "{winner}, leads the next.",
                    seat=seat(trick.leader),
                    number=number + 1,
                    winner=seat(leader),
                )
            else:
                why = msg(
                    "{seat} led the first trick out of turn: {dealer} dealt, so {leader}, at "
                    "their left, leads (A-6).",
                    seat=seat(trick.leader),
                    dealer=seat(hand.dealer or 0),
                    leader=seat(leader),
                )
            raise OutOfTurnError(
                why,
                field=_where(number, 0, "seat"),
                seats=dict.fromkeys([trick.leader, leader]),
            )
        try:
            check_trick(trick, table)
        except AdjudicationError as err:
            raise err.at(_where(number)) from None
        check_lead(trick, won_by_seat[trick.leader], field=_where(number, 0))
        for index, play in enumerate(trick.plays):
            card = play.cards[0]
            if card in played:
                when, who = played[card]
                raise AlreadyPlayedError(
                    msg(
                        "The {card} was already played in trick {number}, by {seat}: each card "
                        "is played once a hand.",
                        card=card,
                        number=when + 1,
                        seat=seat(who),
                    ),
                    cards=[card],
                    field=_where(number, index),
                    seats=dict.fromkeys([play.seat, who]),
                )
        if len(trick.plays) < table.players and not (unfinished and number == last):
            missing = [
                s for s in table.play_order(trick.leader) if s not in {p.seat for p in trick.plays}
            ]
            raise IncompleteHandError(
                msg(
                    "Trick {number} is not finished: {players} still to play.",
                    number=number + 1,
                    players=seats(missing),
                ),
                field=_where(number),
                seats=missing,
            )
        for play in trick.plays:
            played[play.cards[0]] = (number, play.seat)
        if len(trick.plays) < table.players:
            break  # the last trick, unfinished: checked as far as it goes, not judged
        result = judge_trick(trick, options)
        results.append(result)
        won_by_seat[result.winner] += 1
        leader = result.winner
    return CheckedHand(hand, table, tuple(results))


def _after_end(number: int, progress: Progress, table: Table) -> Message:
    return msg(
        "The hand was over after trick {number}: {why}. No trick follows.",
        number=number,
        why=progress.why_over(table),
    )


def check_over(checked: CheckedHand) -> CheckedHand:
    """Refuse a hand that is not over, saying what would end it."""
    table = checked.table
    progress = checked.progress
    if progress.over:
        return checked
    if progress.muk:
        why = msg_n(
            "{winner} won the first {count} trick in a row: after a múk play goes on until "
            "the other side wins a trick, or all nine are won (A-5). Record the tricks up to "
            "that one.",
            "{winner} won the first {count} tricks in a row: after a múk play goes on until "
            "the other side wins a trick, or all nine are won (A-5). Record the tricks up to "
            "that one.",
            progress.streak,
            winner=unit(progress.streak_side or 0, table),
        )
    else:
        why = msg(
            "The hand is not over: the tricks stand {a} to {b}, and play goes on until a side "
            "wins five (8a).",
            a=progress.won[0],
            b=progress.won[1],
        )
    raise IncompleteHandError(why, field="tricks")


# ---------------------------------------------------------------------------------------------
# A quick summary


def check_quick(quick: QuickHand, table: Table) -> None:
    """Refuse a summary that cannot be the end of a hand (8a, A-5), pointing at the field."""
    won = quick.won
    if sum(won) > TRICKS:
        raise ImpossibleHandError(
            msg("A hand has nine tricks, not {count}.", count=sum(won)), field="won", seats=[]
        )
    leaders = [u for u, n in enumerate(won) if n >= TRICKS_TO_WIN]
    if not leaders:
        raise IncompleteHandError(
            msg("Nobody has won five tricks: the hand goes on until a side does (8a)."),
            field="won",
        )
    winner = leaders[0]
    loser = 1 - winner
    who = unit(winner, table)
    if quick.first_five is None:
        if won[loser] == 0:
            raise ImpossibleHandError(
                msg_n(
                    "{count} trick to none means {winner} won the first five in a row (a múk): "
                    "say so under the first five.",
                    "{count} tricks to none means {winner} won the first five in a row (a múk): "
                    "say so under the first five.",
                    won[winner],
                    winner=who,
                ),
                field="first_five",
            )
        if won[winner] > TRICKS_TO_WIN:
            raise ImpossibleHandError(
                msg(
                    "Play stops when a side wins its fifth trick, so {winner} cannot have "
                    "{count}: only a run from the first trick (a múk) goes past five. If the "
                    "first five were won in a row, say so under the first five.",
                    winner=who,
                    count=won[winner],
                ),
                field="won",
            )
        return
    if quick.first_five != winner:
        raise ImpossibleHandError(
            msg(
                "{first} won the first five tricks in a row, so they won the hand; the tricks "
                "say {winner} did.",
                first=unit(quick.first_five, table),
                winner=who,
            ),
            field="first_five",
        )
    if won[loser] > 1:
        raise ImpossibleHandError(
            msg(
                "After a múk play stops at the first trick the other side wins (A-5), so "
                "{loser} cannot have won {count}.",
                loser=unit(loser, table),
                count=won[loser],
            ),
            field="won",
        )
    if won[loser] == 0 and won[winner] < TRICKS:
        raise IncompleteHandError(
            msg(
                "After a múk play goes on until the other side wins a trick, or all nine are "
                "won (A-5): {count} to none is not the end of the hand. If {loser} then won a "
                "trick, count it.",
                count=won[winner],
                loser=unit(loser, table),
            ),
            field="won",
        )


def summarize(checked: CheckedHand) -> QuickHand:
    """The quick summary a hand's tricks make (what the table would write down)."""
    progress = checked.progress
    return QuickHand(progress.won, progress.streak_side if progress.muk else None)


# ---------------------------------------------------------------------------------------------
# What a hand scores


@dataclass(frozen=True)
class ScoreLine:
    """One line of a hand's working: the side, the points, the sentence, the rule."""

    side: int
    points: int
    text: str
    rule: str

    def as_dict(self) -> ScoreLineData:
        return {"side": self.side, "points": self.points, "text": self.text, "rule": self.rule}


class HandScoreData(TypedDict):
    """A hand's score as JSON: each side's points and tricks, the winner and its run."""

    points: list[int]
    won: list[int]
    winner: int
    streak: int
    lines: list[ScoreLineData]


@dataclass(frozen=True)
class HandScore:
    """What a hand scores for each side: the winner's 1 (five tricks) or the length of its
    unbroken run from the first trick (a múk, 5 to 9), the other side nothing."""

    points: tuple[int, ...]
    won: tuple[int, ...]
    winner: int
    streak: int
    lines: tuple[ScoreLine, ...]

    def explanation(self, side_index: int) -> tuple[str, ...]:
        return tuple(line.text for line in self.lines if line.side == side_index)

    def as_dict(self) -> HandScoreData:
        return {
            "points": list(self.points),
            "won": list(self.won),
            "winner": self.winner,
            "streak": self.streak,
            "lines": [line.as_dict() for line in self.lines],
        }


def score_hand(hand: Hand | QuickHand, table: Table, options: Options = DEFAULTS) -> HandScore:
    """What a hand scores, from its tricks (checked and over) or from its summary (checked)."""
    if isinstance(hand, Hand):
        quick = summarize(check_over(check_hand(hand, table, options)))
    else:
        check_quick(hand, table)
        quick = hand
    won = quick.won
    winner = next(u for u, n in enumerate(won) if n >= TRICKS_TO_WIN)
    loser = 1 - winner
    text: Message
    if quick.first_five is not None:
        streak = won[winner]
        if streak == MUK:
            text, rule = (
                msg("won the first {count} tricks in a row, a múk: {count} (8a)", count=MUK),
                "8a",
            )
        else:
            text = msg(
                "won the first {count} tricks in a row, a stroke of {count}: {count} (8a, A-5)",
                count=streak,
            )
            rule = "A-5"
        points = streak
    else:
        streak = 0
        text, rule = msg("won five tricks to {count}: 1 (8a)", count=won[loser]), "8a"
        points = 1
    lines = [
        ScoreLine(winner, points, text, rule),
        ScoreLine(
            loser,
            0,
            msg_n("{count} trick: nothing (8a)", "{count} tricks: nothing (8a)", won[loser]),
            "8a",
        ),
    ]
    scores = [0] * len(won)
    scores[winner] = points
    return HandScore(
        tuple(scores), won, winner, streak, tuple(sorted(lines, key=lambda line: line.side))
    )


def summary(score: HandScore, table: Table, *, by_seats: bool = False) -> Message:
    """Who won the hand and how, as the tally says it (``by_seats``: naming a side by its
    seats, where no names will be put in)."""
    who = seats(table.sides[score.winner]) if by_seats else unit(score.winner, table)
    won = score.won
    if score.streak == MUK:
        return msg(
            "{winner} made a múk: the first five tricks in a row, {won} to {lost}.",
            winner=who,
            won=won[score.winner],
            lost=won[1 - score.winner],
        )
    if score.streak:
        return msg(
            "{winner} made a stroke of {count}: the first {count} tricks in a row.",
            winner=who,
            count=score.streak,
        )
    return msg("{winner} won the hand, 5 tricks to {lost}.", winner=who, lost=won[1 - score.winner])


__all__ = [
    "CheckedHand",
    "Hand",
    "HandScore",
    "Progress",
    "QuickHand",
    "ScoreLine",
    "check_hand",
    "check_over",
    "check_quick",
    "score_hand",
    "summarize",
    "summary",
    "unit",
]
