"""The Voormsi ladder: each side climbs to exactly 9 (12 at three players), and bounces back
from an overshoot.

>>> def scored(*points):  # a hand's score, bare of its working
...     return HandScore(points=points, tricks=(0,) * len(points), lines=())
>>> ladder = ladder_after(Ladder.start(4), scored(7, 2))
>>> ladder = ladder_after(ladder, scored(4, 0))
>>> ladder.points, str(ladder.explanation[0])
((7, 2), 'seats 1 and 3: 7 + 4 = 11, 2 over 9: back to 7 (7a)')
>>> print(ladder_after(ladder, scored(2, 0)).status())
Seats 1 and 3 win: exactly 9.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypedDict

from adjudicator.errors import BadEntryError, GameOverError, IllegalCallError
from adjudicator.messages import Message, joined, msg
from adjudicator.said import seats
from adjudicator.tricks.voormsi.rules import Table, inside
from adjudicator.tricks.voormsi.score import HandScore

Ending = Literal["target", "call", "partner_capture"]


class LadderData(TypedDict):
    """The ladder as JSON: each side's place, whether and how the game ended, the working."""

    points: list[int]
    target: int
    finished: bool
    winners: list[int]
    ended_by: Ending | None
    status: str
    explanation: list[str]


@dataclass(frozen=True)
class Ladder:
    """Where each side stands on the ladder, and who won once the game is over.

    ``points`` is per side (see :class:`~adjudicator.tricks.voormsi.rules.Table` for how sides
    are numbered). ``winners`` is empty while the game goes on; it holds more than one side
    only when several land exactly on the target at the end of the same hand (a shared win).
    ``ended_by`` says how the game ended; ``explanation`` is the working of the last hand.
    """

    players: int
    points: tuple[int, ...]
    winners: tuple[int, ...] = ()
    ended_by: Ending | None = None
    explanation: tuple[Message, ...] = ()

    @classmethod
    def start(cls, players: int) -> Ladder:
        """Every side at the foot of the ladder.

        >>> Ladder.start(3).points, Ladder.start(3).target
        ((0, 0, 0), 12)
        """
        table = Table.for_players(players)
        return cls(players, (0,) * len(table.sides))

    @property
    def table(self) -> Table:
        return Table(self.players)

    @property
    def target(self) -> int:
        return self.table.target

    @property
    def finished(self) -> bool:
        return bool(self.winners)

    def status(self) -> Message:
        """One sentence for the table.

        >>> print(Ladder.start(4).status())
        Seats 1 and 3 on 0, seats 2 and 4 on 0: first to exactly 9 wins.
        """
        table = self.table
        if self.finished:
            how = {
                "target": msg("exactly {target}", target=self.target),
                "call": msg("exactly {target}, on a call", target=self.target),
                "partner_capture": msg("the other side's partner capture"),
            }[self.ended_by or "target"]
            if len(self.winners) > 1 and table.partnerships:
                return msg("Both sides share the win: {how}.", how=how)
            if len(self.winners) > 1:
                shared = seats([s for side in self.winners for s in table.sides[side]])
                return msg("{players} share the win: {how}.", players=shared, how=how)
            (winner,) = self.winners
            if table.partnerships:
                return msg("{side} win: {how}.", side=table.side_seats(winner), how=how)
            return msg("{seat} wins: {how}.", seat=table.side_seats(winner), how=how)
        standing = joined(
            (
                msg(
                    "{side} on {points}",
                    side=table.side_seats(side) if not side else inside(table.side_seats(side)),
                    points=points,
                )
                for side, points in enumerate(self.points)
            ),
            ", ",
        )
        return msg(
            "{standing}: first to exactly {target} wins.", standing=standing, target=self.target
        )

    def as_dict(self) -> LadderData:
        return {
            "points": list(self.points),
            "target": self.target,
            "finished": self.finished,
            "winners": list(self.winners),
            "ended_by": self.ended_by,
            "status": self.status(),
            "explanation": list(self.explanation),
        }


def climb(before: int, earned: int, target: int) -> tuple[int, Message]:
    """One side's new place on the ladder and the working: past the target, it bounces back
    by the excess (7 + 4 = 11 → 9 - 2 = 7), never below 0 (V-9).

    >>> after, working = climb(7, 4, 9)
    >>> after, str(working)
    (7, '7 + 4 = 11, 2 over 9: back to 7 (7a)')
    >>> after, working = climb(8, 20, 9)
    >>> after, str(working)
    (0, '8 + 20 = 28, 19 over 9: back to 0, the foot of the ladder (V-9)')
    """
    total = before + earned
    sums = {"before": before, "earned": earned, "total": total}
    if total < target:
        return total, msg("{before} + {earned} = {total}", **sums)
    if total == target:
        return total, msg(
            "{before} + {earned} = {total}: exactly {target} (7a)", target=target, **sums
        )
    excess = total - target
    after = target - excess
    if after < 0:
        return 0, msg(
            "{before} + {earned} = {total}, {excess} over {target}: back to 0, the foot of the "
            "ladder (V-9)",
            excess=excess,
            target=target,
            **sums,
        )
    return after, msg(
        "{before} + {earned} = {total}, {excess} over {target}: back to {after} (7a)",
        excess=excess,
        target=target,
        after=after,
        **sums,
    )


def ladder_after(state: Ladder, hand: HandScore) -> Ladder:
    """The ladder after one hand's score (:func:`~.score.score_hand`).

    A partner capture resets its side to 0 and ends the game, the other side winning. A call
    (V-10, V-19) must bring the calling side to exactly the target with the points earned so
    far, or it is refused; the caller then wins, the other sides' points so far counting too
    (and bouncing). Otherwise every side climbs (and bounces), and the side exactly on the
    target wins. No hand follows the end of the game.
    """
    table = state.table
    sides = range(len(table.sides))
    if state.finished:
        raise GameOverError(
            msg("The game is over ({status}): no hand can follow.", status=state.status())
        )
    if len(hand.points) != len(table.sides):
        raise BadEntryError(
            msg(
                "This hand was scored for {scored} sides, the ladder has {sides}.",
                scored=len(hand.points),
                sides=len(table.sides),
            ),
            field="hand",
        )
    if hand.partner_capture is not None:
        loser = hand.partner_capture
        points: list[int] = list(state.points)
        points[loser] = 0
        winners = tuple(side for side in sides if side != loser)
        lines: list[Message] = [
            msg(
                "{side}: partner capture: back to 0, and the game ends (7a)",
                side=inside(table.side_seats(loser)),
            ),
            *(
                msg("{side} win at the partner capture (7a)", side=inside(table.side_seats(side)))
                for side in winners
            ),
        ]
        return Ladder(state.players, tuple(points), winners, "partner_capture", tuple(lines))
    if hand.call is not None:
        caller = hand.call
        before, earned = state.points[caller], hand.points[caller]
        if before + earned != table.target:
            raise IllegalCallError(
                msg(
                    "{side} called the hand over, but {before} + {earned} = {total}, not exactly "
                    "{target}: a call must make exactly {target} (V-19).",
                    side=table.side_seats(caller),
                    before=before,
                    earned=earned,
                    total=before + earned,
                    target=table.target,
                ),
                field="call",
                seats=table.sides[caller],
            )
    points = []
    lines = []
    for side in sides:
        after, working = climb(state.points[side], hand.points[side], table.target)
        points.append(after)
        lines.append(msg("{side}: {working}", side=inside(table.side_seats(side)), working=working))
    if hand.call is not None:
        return Ladder(state.players, tuple(points), (hand.call,), "call", tuple(lines))
    # "The first team exactly on target wins": two landing on it in the same hand share it.
    winners = tuple(side for side in sides if points[side] == table.target)
    return Ladder(
        state.players, tuple(points), winners, "target" if winners else None, tuple(lines)
    )
