"""What a Brus hand scores, from its tricks or from a quick summary, and the checks that a
summary could have happened.

6a: a side that wins six tricks wins the hand, 1 point; 2 if they were the hand's first six
(Jan). A hand played out with no side on six goes to a side on exactly five tricks that held
the KC (the Outcome card), 1 point (with both sides on five, the KC decides: BR-6); otherwise
nobody scores. Both forms score the same way (:func:`score_hand`).

>>> score = score_hand(QuickHand((6, 0)), Table(4))
>>> score.points, score.outcome, str(score.summary)
((2, 0), 'jan', 'Jan! Side 1 took the first six tricks: 2 points.')
>>> score_hand(QuickHand((5, 4), kc=0), Table(4)).explanation(0)
('5 tricks and the KC, with no side on six: the hand, +1 (6a)',)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypedDict

from adjudicator.errors import BadEntryError, ImpossibleHandError
from adjudicator.said import Said, say, side
from adjudicator.tricks.brus.hand import FIVE, SIX, CheckedHand, Hand, check_hand, check_over
from adjudicator.tricks.brus.rules import DEFAULTS, PLAYABLE, Options, Table, tricks_word
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
        return {"side": self.side, "points": self.points, "text": str(self.text), "rule": self.rule}


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
    summary: Said

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
        who = " and ".join("{}" for _ in fives)
        verb = "has" if len(fives) == 1 else "have"
        raise BadEntryError(
            say(
                f"Which side held the KC? {who} {verb} five tricks and nobody six, so the "
                "Outcome card decides the hand (6a, BR-6).",
                *(side(s) for s in fives),
            ),
            field="kc",
        )


def check_quick(quick: QuickHand, table: Table) -> None:
    """Refuse a summary that cannot have happened: both sides on six (the hand ends at the
    first six), or a hand played out in fewer tricks than its playable cards need."""
    won = quick.won
    if len(won) != len(table.sides) or any(n < 0 or n > SIX for n in won):
        raise BadEntryError(
            f"won lists the tricks of each side: {len(table.sides)} whole numbers from 0 to 6.",
            field="won",
        )
    sixes = [s for s, n in enumerate(won) if n >= SIX]
    if len(sixes) > 1:
        raise ImpossibleHandError(
            "Only one side can win six tricks: the hand ends at the first six (6a).",
            field="won",
        )
    if not sixes and sum(won) < table.fewest_tricks:
        raise ImpossibleHandError(
            f"With no side on six, the hand was played out: the {len(PLAYABLE)} playable cards "
            f"take at least {table.fewest_tricks} tricks at {table.players} players (one card a "
            f"player a trick), not {sum(won)} (6a).",
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
            if s == winner and jan:
                text = f"Jan, the first six tricks: +{JAN_POINTS} (6a)"
            elif s == winner:
                text = f"6 tricks: the hand, +{HAND_POINTS} (6a)"
            else:
                text = f"{tricks_word(won[s])}: nothing, the other side won six (6a)"
            lines.append(ScoreLine(s, points[s], text, "6a"))
        others = " and ".join(str(won[s]) for s in units if s != winner)
        summary = (
            say(f"Jan! {{}} took the first six tricks: {JAN_POINTS} points.", side(winner))
            if jan
            else say(f"{{}} won the hand, six tricks to {others}.", side(winner))
        )
        return HandScore(
            tuple(points), won, tuple(lines), "jan" if jan else "six", winner, kc, summary
        )
    fives = kc_needed(won)
    winner_or_none = kc if kc is not None and kc in fives else None
    counts = " to ".join(str(n) for n in won)
    for s in units:
        if s == winner_or_none:
            points[s] = HAND_POINTS
            text = f"5 tricks and the KC, with no side on six: the hand, +{HAND_POINTS} (6a)"
            rule = "6a"
        elif s in fives:
            text = say(
                "5 tricks, but {} held the KC: nothing (6a, BR-6)",
                side(kc if kc is not None else 0),
            )
            rule = "BR-6"
        else:
            text = f"{tricks_word(won[s])}: nothing, no side won six (6a)"
            rule = "6a"
        lines.append(ScoreLine(s, points[s], text, rule))
    if winner_or_none is not None:
        summary = say(
            f"Played out, {counts}: {{}} won the hand with five tricks and the KC.",
            side(winner_or_none),
        )
        return HandScore(tuple(points), won, tuple(lines), "kc", winner_or_none, kc, summary)
    why = "the KC was with the other side" if fives else "no side won six tricks"
    summary = say(f"Played out, {counts}: nobody won the hand ({why}).")
    return HandScore(tuple(points), won, tuple(lines), "none", None, kc, summary)
