"""What a Brus hand scores, from its tricks or from a quick summary, and the checks that a
summary could have happened.

6a: a side that wins six tricks wins the hand, 1 point; 2 if they were the hand's first six
(Jan). A hand played out with no side on six goes to a side on exactly five tricks that held
the KC (the Outcome card), 1 point (with both sides on five, the KC decides: BR-6); otherwise
nobody scores. Both forms score the same way (:func:`score_hand`).

>>> score = score_hand(QuickHand((6, 0)), Table(4))
>>> score.points, score.outcome, str(score.summary)
((2, 0), 'jan', 'Jan! Side 1 took the first six tricks: 2 points.')
>>> [str(line) for line in score_hand(QuickHand((5, 4), kc=0), Table(4)).explanation(0)]
['5 tricks and the KC, with no side on six: the hand, +1 (6a)']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypedDict

from adjudicator.errors import BadEntryError, ImpossibleHandError
from adjudicator.messages import Message, Points, msg, msg_n, point_count
from adjudicator.said import side
from adjudicator.tricks.brus.hand import FIVE, SIX, CheckedHand, Hand, check_hand, check_over
from adjudicator.tricks.brus.rules import DEFAULTS, PLAYABLE, Options, Table
from adjudicator.tricks.plays import ScoreLineData

type Outcome = Literal["jan", "six", "kc", "none"]
JAN_POINTS = 2
HAND_POINTS = 1


@dataclass(frozen=True)
class QuickHand:
    """A hand as a summary: tricks won by each side (7s laid included), and the side that
    held the KC when the record names it."""

    won: tuple[int, ...]
    kc: int | None = None


class HandScoreData(TypedDict):
    """A hand's score as JSON: each side's points and tricks, how it was won, the working."""

    points: list[int]
    tricks: list[int]
    outcome: Outcome
    winner: int | None
    kc: int | None
    lines: list[ScoreLineData]


@dataclass(frozen=True)
class ScoreLine:
    """One line of a hand's working: the side, the points, the sentence, the rule."""

    side: int
    points: int
    text: str
    rule: str

    def as_dict(self) -> ScoreLineData:
        return {"side": self.side, "points": self.points, "text": self.text, "rule": self.rule}


@dataclass(frozen=True)
class HandScore:
    """A hand's points per side, with the working line by line.

    ``outcome`` is how it was won: ``jan``, ``six``, ``kc`` (five tricks and the Outcome card),
    or ``none``; ``winner`` the side that won it, if one did.
    """

    points: tuple[int, ...]
    tricks: tuple[int, ...]
    lines: tuple[ScoreLine, ...]
    outcome: Outcome
    winner: int | None
    kc: int | None
    summary: Message

    def explanation(self, unit: int) -> tuple[str, ...]:
        return tuple(line.text for line in self.lines if line.side == unit)

    def as_dict(self) -> HandScoreData:
        return {
            "points": list(self.points),
            "tricks": list(self.tricks),
            "outcome": self.outcome,
            "winner": self.winner,
            "kc": self.kc,
            "lines": [line.as_dict() for line in self.lines],
        }


def kc_needed(won: tuple[int, ...]) -> tuple[int, ...]:
    """The sides on exactly five tricks when no side has six: the KC decides for them (6a).

    >>> kc_needed((5, 4)), kc_needed((5, 5)), kc_needed((6, 5)), kc_needed((4, 4))
    ((0,), (0, 1), (), ())
    """
    if any(n >= SIX for n in won):
        return ()
    return tuple(s for s, n in enumerate(won) if n == FIVE)


def check_kc(won: tuple[int, ...], kc: int | None) -> None:
    """Refuse a hand whose score turns on the KC when the record does not say who held it."""
    fives = kc_needed(won)
    if fives and kc is None:
        question = (
            msg(
                "Which side held the KC? {side} has five tricks and nobody six, so the Outcome "
                "card decides the hand (6a, BR-6).",
                side=side(fives[0]),
            )
            if len(fives) == 1
            else msg(
                "Which side held the KC? Both sides have five tricks and nobody six, so the "
                "Outcome card decides the hand (6a, BR-6)."
            )
        )
        raise BadEntryError(question, field="kc")


def check_quick(quick: QuickHand, table: Table) -> None:
    """Refuse a summary that cannot have happened: both sides on six (the hand ends at the
    first six), or a hand played out in fewer tricks than its playable cards need."""
    won = quick.won
    if len(won) != len(table.sides) or any(n < 0 or n > SIX for n in won):
        raise BadEntryError(
            msg(
                "won lists the tricks of each side: {count} whole numbers from 0 to {most}.",
                count=len(table.sides),
                most=SIX,
            ),
            field="won",
        )
    sixes = [s for s, n in enumerate(won) if n >= SIX]
    if len(sixes) > 1:
        raise ImpossibleHandError(
            msg("Only one side can win six tricks: the hand ends at the first six (6a)."),
            field="won",
        )
    if not sixes and sum(won) < table.fewest_tricks:
        raise ImpossibleHandError(
            msg(
                "With no side on six, the hand was played out: the {cards} playable cards take "
                "at least {fewest} tricks at {players} players (one card a player a trick), not "
                "{count} (6a).",
                cards=len(PLAYABLE),
                fewest=table.fewest_tricks,
                players=table.players,
                count=sum(won),
            ),
            field="won",
        )
    check_kc(won, quick.kc)


def summarize(hand: Hand | CheckedHand, table: Table, options: Options = DEFAULTS) -> QuickHand:
    """The quick summary of a hand recorded by its tricks: it scores the same."""
    checked = hand if isinstance(hand, CheckedHand) else check_hand(hand, table, options)
    return QuickHand(checked.won(), checked.kc)


def score_hand(
    deal: Hand | QuickHand | CheckedHand, table: Table, options: Options = DEFAULTS
) -> HandScore:
    """What a hand scores per side (6a), from its tricks (checked, and over) or its summary."""
    if isinstance(deal, QuickHand):
        check_quick(deal, table)
        won, kc = deal.won, deal.kc
    else:
        checked = deal if isinstance(deal, CheckedHand) else check_hand(deal, table, options)
        check_over(checked)
        won, kc = checked.won(), checked.kc
        check_kc(won, kc)
    return _score(won, kc)


def _score(won: tuple[int, ...], kc: int | None) -> HandScore:
    units = range(len(won))
    points = [0] * len(won)
    lines: list[ScoreLine] = []
    sixes = [s for s in units if won[s] >= SIX]
    if sixes:
        winner = sixes[0]
        jan = all(won[s] == 0 for s in units if s != winner)
        points[winner] = JAN_POINTS if jan else HAND_POINTS
        for s in units:
            text: Message
            if s == winner and jan:
                text = msg(
                    "Jan, the first six tricks: {points} (6a)",
                    points=Points(JAN_POINTS, signed=True),
                )
            elif s == winner:
                text = msg(
                    "6 tricks: the hand, {points} (6a)", points=Points(HAND_POINTS, signed=True)
                )
            else:
                text = msg_n(
                    "{count} trick: nothing, the other side won six (6a)",
                    "{count} tricks: nothing, the other side won six (6a)",
                    won[s],
                )
            lines.append(ScoreLine(s, points[s], text, "6a"))
        # Two sides: the other side's tricks are one number.
        others = next(won[s] for s in units if s != winner)
        summary = (
            msg(
                "Jan! {side} took the first six tricks: {points}.",
                side=side(winner),
                points=point_count(JAN_POINTS),
            )
            if jan
            else msg("{side} won the hand, six tricks to {count}.", side=side(winner), count=others)
        )
        return HandScore(
            tuple(points), won, tuple(lines), "jan" if jan else "six", winner, kc, summary
        )
    fives = kc_needed(won)
    winner_or_none = kc if kc is not None and kc in fives else None
    first, second = won  # two sides, always
    for s in units:
        if s == winner_or_none:
            points[s] = HAND_POINTS
            text = msg(
                "5 tricks and the KC, with no side on six: the hand, {points} (6a)",
                points=Points(HAND_POINTS, signed=True),
            )
            rule = "6a"
        elif s in fives:
            text = msg(
                "5 tricks, but {side} held the KC: nothing (6a, BR-6)",
                side=side(kc if kc is not None else 0),
            )
            rule = "BR-6"
        else:
            text = msg_n(
                "{count} trick: nothing, no side won six (6a)",
                "{count} tricks: nothing, no side won six (6a)",
                won[s],
            )
            rule = "6a"
        lines.append(ScoreLine(s, points[s], text, rule))
    if winner_or_none is not None:
        summary = msg(
            "Played out, {first} to {second}: {side} won the hand with five tricks and the KC.",
            first=first,
            second=second,
            side=side(winner_or_none),
        )
        return HandScore(tuple(points), won, tuple(lines), "kc", winner_or_none, kc, summary)
    summary = (
        msg(
            "Played out, {first} to {second}: nobody won the hand (the KC was with the other "
            "side).",
            first=first,
            second=second,
        )
        if fives
        else msg(
            "Played out, {first} to {second}: nobody won the hand (no side won six tricks).",
            first=first,
            second=second,
        )
    )
    return HandScore(tuple(points), won, tuple(lines), "none", None, kc, summary)
