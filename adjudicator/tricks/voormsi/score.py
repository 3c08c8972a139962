"""What a Voormsi hand scores, from its tricks or from a quick summary, and the checks that a
summary could have happened.

A quick summary is what a table that did not write every trick down knows at the end: tricks
per side, who won the first five, the capture events. Both forms score the same way
(:func:`score_hand`).

>>> table = Table(4)
>>> quick = QuickHand(tricks=(7, 2), first_five=0, captures=(Capture("jc", 1),))
>>> score = score_hand(quick, table)
>>> score.points
(4, 2)
>>> [str(line) for line in score.explanation(0)]
['7 tricks: more than five score 1 + (7 - 5) = 3 (V-1)', 'won the first five tricks in a row: +1 (7a)']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypedDict

from adjudicator.errors import (
    AdjudicationError,
    IllegalCallError,
    ImpossibleHandError,
    IncompleteHandError,
)
from adjudicator.messages import Message, Verbatim, msg, msg_n
from adjudicator.tricks import plays
from adjudicator.tricks.plays import Trick
from adjudicator.tricks.voormsi.hand import (
    CaptureKind,
    CheckedHand,
    Hand,
    capture_kind,
    check_hand,
    holds,
    mid,
)
from adjudicator.tricks.voormsi.rules import (
    ALL_NINE_KEEPS_CAPTURES,
    DEFAULTS,
    JC,
    KH,
    THREE_D,
    TRICK_READINGS,
    Options,
    Table,
    house_rule,
    inside,
)

# 7a capture events: what each earns the side that makes it (the partner capture earns
# nothing: it resets the side's score to 0 and ends the game).
CAPTURE_POINTS: dict[CaptureKind, int] = {
    "simple": 1,
    "jc": 2,
    "partner": 0,
    "3d": 1,
    "3d_double": 2,
}
CAPTURE_NAMES: dict[CaptureKind, Message] = {
    "simple": msg("simple capture"),
    "jc": msg("{jc} capture", jc=JC),
    "partner": msg("partner capture"),
    "3d": msg("{three_d} capture", three_d=THREE_D),
    "3d_double": msg("{three_d} double capture", three_d=THREE_D),
}
FIRST_FIVE = 5


@dataclass(frozen=True)
class Capture:
    """One capture event of a quick summary: its kind and the side that made it."""

    event: CaptureKind
    side: int


@dataclass(frozen=True)
class QuickHand:
    """A hand as a summary: trick units per side (V-7), the side that won the first five (or
    ``None``), the capture events that scored, and the side that called, if any."""

    tricks: tuple[int, ...]
    first_five: int | None = None
    captures: tuple[Capture, ...] = ()
    call: int | None = None


class ScoreLineData(plays.ScoreLineData):
    """One line of a hand's working as JSON, with the capture it was for and its trick."""

    event: str | None
    trick: int | None


class HandScoreData(TypedDict):
    """A hand's score as JSON: each side's points and tricks, what happened, the working."""

    points: list[int]
    tricks: list[int]
    first_five: int | None
    all_tricks: int | None
    call: int | None
    partner_capture: int | None
    complete: bool
    lines: list[ScoreLineData]


@dataclass(frozen=True)
class ScoreLine:
    """One line of a hand's working: the side, the points, the sentence, the rule."""

    side: int
    points: int
    text: Message
    rule: str
    event: CaptureKind | None = None
    trick: int | None = None

    def as_dict(self) -> ScoreLineData:
        return {
            "side": self.side,
            "points": self.points,
            "text": self.text,
            "rule": self.rule,
            "event": self.event,
            "trick": self.trick,
        }


@dataclass(frozen=True)
class HandScore:
    """What a hand scores for each side, and every line of the working.

    ``partner_capture`` is the side whose own partner capture resets it to 0 and ends the game
    (the other side wins); ``call`` the side that stopped the hand (the ladder checks the call
    makes exactly the target); ``all_tricks`` the side that took every trick.
    """

    points: tuple[int, ...]
    tricks: tuple[int, ...]
    lines: tuple[ScoreLine, ...]
    first_five: int | None = None
    all_tricks: int | None = None
    call: int | None = None
    partner_capture: int | None = None
    complete: bool = True

    def explanation(self, side: int) -> tuple[Message, ...]:
        return tuple(line.text for line in self.lines if line.side == side)

    def as_dict(self) -> HandScoreData:
        return {
            "points": list(self.points),
            "tricks": list(self.tricks),
            "first_five": self.first_five,
            "all_tricks": self.all_tricks,
            "call": self.call,
            "partner_capture": self.partner_capture,
            "complete": self.complete,
            "lines": [line.as_dict() for line in self.lines],
        }


@dataclass(frozen=True)
class _Event:
    kind: CaptureKind
    side: int
    points: int
    text: Message
    rule: str
    trick: int | None = None


def _trick_event(checked: CheckedHand, number: int, jc_trick: int | None) -> _Event | None:
    hand, table = checked.hand, checked.table
    trick, result = hand.tricks[number], checked.results[number]
    kind = capture_kind(trick, result, table)
    if kind is None:
        return None
    winner = trick.plays[result.play]
    side = table.side_of(winner.seat)
    if kind == "simple":
        return _simple_capture(checked, number, jc_trick)
    beaten = trick.plays[result.beaten] if result.beaten is not None else winner
    cards = {"kh": KH, "jc": JC}
    if kind == "jc":
        text = msg(
            "{jc} capture in trick {trick}: {winner}'s {jc} took {beaten}'s winning {kh}: +2",
            trick=number + 1,
            winner=mid(winner.seat),
            beaten=mid(beaten.seat),
            **cards,
        )
    elif kind == "partner":
        text = msg(
            "partner capture in trick {trick}: {winner}'s {jc} took their partner {beaten}'s "
            "winning {kh}: {side} go back to 0 and the game ends, {other} winning",
            trick=number + 1,
            winner=mid(winner.seat),
            beaten=mid(beaten.seat),
            side=inside(table.side_seats(side)),
            other=table.side_seats(1 - side),
            **cards,
        )
    elif kind == "3d":
        text = msg(
            "{three_d} capture in trick {trick}: {winner}'s {three_d} took the winning {kh}: +1",
            trick=number + 1,
            winner=mid(winner.seat),
            three_d=THREE_D,
            kh=KH,
        )
    else:
        text = msg(
            "{three_d} double capture in trick {trick}: {winner}'s {three_d} took the winning "
            "{jc} after the {kh} was played: +2",
            trick=number + 1,
            winner=mid(winner.seat),
            three_d=THREE_D,
            **cards,
        )
    rule = "V-16" if checked.units[number] > 1 else "7a"
    return _Event(kind, side, CAPTURE_POINTS[kind], text, rule, number)


def _simple_capture(checked: CheckedHand, number: int, jc_trick: int | None) -> _Event:
    """Winning a trick with the KH scores 1, unless (i) the KH was the last card played,
    (ii) the JC was played to an earlier trick of the hand, (iii) the KH's player holds the JC
    too. V-14: a JC played earlier in the same trick does not stop it."""
    hand, table = checked.hand, checked.table
    trick, result = hand.tricks[number], checked.results[number]
    winner = trick.plays[result.play]
    side = table.side_of(winner.seat)
    rule = "V-16" if checked.units[number] > 1 else "7a"
    head = msg(
        "simple capture in trick {trick}: {seat} won it with the {kh}",
        trick=number + 1,
        seat=mid(winner.seat),
        kh=KH,
    )
    text: Message
    if result.play == len(trick.plays) - 1:
        if checked.units[number] > 1:
            text = msg(
                "{head}, but the {kh}'s play was the last card played: no point", head=head, kh=KH
            )
        else:
            text = msg("{head}, but the {kh} was the last card played: no point", head=head, kh=KH)
        return _Event("simple", side, 0, text, rule, number)
    if jc_trick is not None and jc_trick < number:
        text = msg(
            "{head}, but the {jc} was played in trick {trick}: no point",
            head=head,
            jc=JC,
            trick=jc_trick + 1,
        )
        return _Event("simple", side, 0, text, rule, number)
    proof = holds(hand, checked.stock, winner.seat, JC, number)
    if proof is not None:
        text = msg(
            "{head}, but they held the {jc} too ({proof}): no point", head=head, jc=JC, proof=proof
        )
        return _Event("simple", side, 0, text, "V-20" if table.players == 2 else rule, number)
    later = [
        n
        for n, t in enumerate(hand.tricks)
        if n > number and any(JC in p.cards and p.seat == winner.seat for p in t.plays)
    ]
    if later:
        text = msg(
            "{head}: +1 ({seat} plays the {jc} in trick {trick} but may have drawn it since; if "
            "they held it here, record it under held and the point goes)",
            head=head,
            seat=mid(winner.seat),
            jc=JC,
            trick=later[0] + 1,
        )
    else:
        text = msg("{head}: +1", head=head)
    # V-14: a JC played earlier in this same trick does not stop the capture.
    rule = "V-14" if _jc_here(trick) else rule
    return _Event("simple", side, 1, text, rule, number)


def _jc_here(trick: Trick) -> bool:
    return any(JC in play.cards for play in trick.plays)


def _first_five(checked: CheckedHand) -> int | None:
    """The side that won the first five trick units unbroken (V-7), if any yet."""
    table = checked.table
    if not checked.results:
        return None
    side = table.side_of(checked.results[0].winner)
    run = 0
    for result, units in zip(checked.results, checked.units, strict=True):
        if table.side_of(result.winner) != side:
            return None
        run += units
        if run >= FIRST_FIVE:
            return side
    return None


# ---------------------------------------------------------------------------------------------
# Scoring


@dataclass(frozen=True)
class _Facts:
    """What a hand scores from, whether read from its tricks or from a quick summary."""

    tricks: tuple[int, ...]
    first_five: int | None
    events: tuple[_Event, ...]
    call: int | None
    complete: bool
    # The trick that completed the first five, when the hand's tricks say it.
    first_five_by: int | None = None


def trick_points(tricks: int, reading: str = "literal") -> int:
    """Trick points for a side's trick units under the V-1 reading.

    >>> [trick_points(n) for n in (4, 5, 6, 7, 8)]
    [0, 0, 2, 3, 4]
    >>> [trick_points(n, "majority") for n in (4, 5, 6)], [trick_points(n, "over_six") for n in (5, 6, 8)]
    ([0, 1, 2], [0, 1, 3])
    """
    floor = 6 if reading == "over_six" else 5
    scoring = tricks >= 5 if reading == "majority" else tricks > 5
    return 1 + tricks - floor if scoring else 0


def _trick_line(tricks: int, earned: int, reading: str) -> Message:
    """A side's trick points, worked (V-1), naming the house rule read when not the seed's."""
    if reading == "literal":
        if earned:
            return msg_n(
                "{count} trick: more than five score 1 + ({count} - 5) = {points} (V-1)",
                "{count} tricks: more than five score 1 + ({count} - 5) = {points} (V-1)",
                tricks,
                points=earned,
            )
        return msg_n(
            "{count} trick: no trick points (V-1)", "{count} tricks: no trick points (V-1)", tricks
        )
    rule = house_rule(TRICK_READINGS[reading])
    if not earned:
        return msg_n(
            "{count} trick: no trick points (V-1, {house_rule})",
            "{count} tricks: no trick points (V-1, {house_rule})",
            tricks,
            house_rule=rule,
        )
    if reading == "majority":
        return msg_n(
            "{count} trick: five or more score 1 + ({count} - 5) = {points} (V-1, {house_rule})",
            "{count} tricks: five or more score 1 + ({count} - 5) = {points} (V-1, {house_rule})",
            tricks,
            points=earned,
            house_rule=rule,
        )
    return msg_n(
        "{count} trick: six or more score 1 + ({count} - 6) = {points} (V-1, {house_rule})",
        "{count} tricks: six or more score 1 + ({count} - 6) = {points} (V-1, {house_rule})",
        tricks,
        points=earned,
        house_rule=rule,
    )


def _first_five_line(by: int | None, every: bool) -> Message:
    """The first-five bonus (7a), with the tricks that made it where known; none when one side
    took every trick (V-8)."""
    if every:
        if by is None:
            return msg(
                "won the first five tricks in a row: no bonus when one side takes every trick (V-8)"
            )
        return msg(
            "won the first five tricks in a row (tricks 1 to {last}): no bonus when one side "
            "takes every trick (V-8)",
            last=by,
        )
    if by is None:
        return msg("won the first five tricks in a row: +1 (7a)")
    return msg("won the first five tricks in a row (tricks 1 to {last}): +1 (7a)", last=by)


def _cited(line: Message, rule: str) -> Message:
    """A capture's line with the ruling it applies: ``JC capture: +2 (7a)``."""
    return msg("{line} ({rule})", line=line, rule=Verbatim(rule))


def _score(facts: _Facts, table: Table, options: Options) -> HandScore:
    lines: list[ScoreLine] = []
    sides = range(len(table.sides))
    points = [0] * len(table.sides)
    partner = next((e for e in facts.events if e.kind == "partner"), None)
    every = None
    if facts.complete:
        every = next((s for s in sides if facts.tricks[s] == table.tricks), None)
    if facts.call is not None:
        lines.append(
            ScoreLine(
                facts.call,
                0,
                msg(
                    "{side} called the hand over after losing a trick: the points earned so far "
                    "count",
                    side=inside(table.side_seats(facts.call)),
                ),
                "V-19",
            )
        )
    if partner is not None:
        lines.append(
            ScoreLine(partner.side, 0, partner.text, partner.rule, "partner", partner.trick)
        )
        for event in facts.events:
            if event is not partner:
                text = msg(
                    "{line}; not scored: the game ended with the partner capture", line=event.text
                )
                lines.append(ScoreLine(event.side, 0, text, event.rule, event.kind, event.trick))
        return _hand_score(facts, table, lines, every, partner.side)
    for side in sides:
        n = facts.tricks[side]
        earned = trick_points(n, options.trick_reading)
        if not n:
            continue
        if every is not None:
            all_of_them = msg_n(
                "{count} trick: all of them, so no trick points (V-8)",
                "{count} tricks: all of them, so no trick points (V-8)",
                n,
            )
            line = ScoreLine(side, 0, all_of_them, "V-8")
        else:
            line = ScoreLine(side, earned, _trick_line(n, earned, options.trick_reading), "V-1")
        lines.append(line)
        points[side] += line.points
    if facts.first_five is not None and table.first_five_bonus:
        first = _first_five_line(facts.first_five_by, every is not None)
        if every is None:
            lines.append(ScoreLine(facts.first_five, 1, first, "7a"))
            points[facts.first_five] += 1
        else:
            lines.append(ScoreLine(facts.first_five, 0, first, "V-8"))
    for event in facts.events:
        earned = event.points
        text = _cited(event.text, event.rule)
        if every is not None and earned:
            if options.all_nine_keeps_captures:
                text = msg("{line}, kept though one side took every trick (V-18)", line=event.text)
            else:
                earned = 0
                text = msg("{line}; not scored: one side took every trick (V-8)", line=event.text)
        lines.append(ScoreLine(event.side, earned, text, event.rule, event.kind, event.trick))
        points[event.side] += earned
    if every is not None:
        if options.all_nine_keeps_captures:
            text = msg(
                "{side} took every trick: only captures score ({house_rule}) (V-8)",
                side=inside(table.side_seats(every)),
                house_rule=house_rule(ALL_NINE_KEEPS_CAPTURES),
            )
        else:
            text = msg(
                "{side} took every trick: nobody scores this hand (V-8)",
                side=inside(table.side_seats(every)),
            )
        for side in sides:
            lines.append(ScoreLine(side, 0, text, "V-8"))
    return HandScore(
        points=tuple(points),
        tricks=facts.tricks,
        lines=tuple(lines),
        first_five=facts.first_five if table.first_five_bonus else None,
        all_tricks=every,
        call=facts.call,
        complete=facts.complete,
    )


def _hand_score(
    facts: _Facts, table: Table, lines: list[ScoreLine], every: int | None, partner: int
) -> HandScore:
    return HandScore(
        points=(0,) * len(table.sides),
        tricks=facts.tricks,
        lines=tuple(lines),
        first_five=facts.first_five if table.first_five_bonus else None,
        all_tricks=every,
        call=facts.call,
        partner_capture=partner,
        complete=facts.complete,
    )


def _facts_from_tricks(checked: CheckedHand) -> _Facts:
    hand, table = checked.hand, checked.table
    jc_trick = next(
        (n for n, t in enumerate(hand.tricks) if any(JC in p.cards for p in t.plays)), None
    )
    events = []
    for number in range(len(hand.tricks)):
        event = _trick_event(checked, number, jc_trick)
        if event is not None:
            events.append(event)
    first = _first_five(checked) if table.first_five_bonus else None
    by = None
    if first is not None:
        upto = 0
        for number, units in enumerate(checked.units):
            upto += units
            if upto >= FIRST_FIVE:
                by = number + 1
                break
    return _Facts(checked.won(), first, tuple(events), hand.call, checked.complete, by)


_CALL_AT_THE_END = msg("A call stops a hand in the middle, not once every trick is played (V-10).")


def check_over(checked: CheckedHand) -> None:
    """Refuse a hand that is not over: a hand scores once complete, called straight after the
    calling side lost a trick (V-10), or ended by a partner capture."""
    hand, table = checked.hand, checked.table
    played = sum(checked.units)
    if hand.call is not None:
        if checked.partner_capture is not None:
            raise IllegalCallError(
                msg(
                    "The game ended in trick {trick} with a partner capture: nobody can call "
                    "after it.",
                    trick=checked.partner_capture + 1,
                ),
                field="call",
                seats=table.sides[hand.call],
            )
        if not hand.tricks or checked.complete:
            raise IllegalCallError(
                msg("A call stops a hand in the middle, not before the first trick (V-10).")
                if not hand.tricks
                else _CALL_AT_THE_END,
                field="call",
                seats=table.sides[hand.call],
            )
        last = checked.results[-1].winner
        if table.side_of(last) == hand.call:
            raise IllegalCallError(
                msg(
                    "{side} won the last trick: a side may call only straight after losing a "
                    "trick (V-10).",
                    side=table.side_seats(hand.call),
                ),
                field="call",
                seats=table.sides[hand.call],
            )
        return
    if checked.partner_capture is None and not checked.complete:
        raise IncompleteHandError(
            msg(
                "This hand has {played} of its {tricks} tricks: record the rest, or the call "
                "that stopped it.",
                played=played,
                tricks=table.tricks,
            ),
            field="tricks",
        )


def _facts_from_quick(quick: QuickHand, table: Table) -> _Facts:
    try:
        check_quick(quick, table)
    except AdjudicationError as err:
        raise err.at("quick") from None
    events = []
    for capture in quick.captures:
        if capture.event == "partner":
            text = msg(
                "partner capture: {side} go back to 0 and the game ends, {other} winning",
                side=inside(table.side_seats(capture.side)),
                other=table.side_seats(1 - capture.side),
            )
        else:
            text = msg(
                "{capture}: +{points}",
                capture=CAPTURE_NAMES[capture.event],
                points=CAPTURE_POINTS[capture.event],
            )
        events.append(
            _Event(capture.event, capture.side, CAPTURE_POINTS[capture.event], text, "7a")
        )
    complete = sum(quick.tricks) == table.tricks and quick.call is None
    return _Facts(quick.tricks, quick.first_five, tuple(events), quick.call, complete)


def score_hand(
    record: Hand | QuickHand | CheckedHand,
    table: Table,
    options: Options = DEFAULTS,
) -> HandScore:
    """What a hand scores for each side, with the working, from its tricks or its summary.

    Per side: trick points (V-1), the first five tricks (+1, not at three players), each
    capture event (7a, V-14, V-16); all the tricks to one side scores nothing (V-8, or captures
    only under V-18); a partner capture resets its side to 0 and ends the game. A called hand
    counts the points earned so far (V-19); the ladder checks they make exactly the target.
    """
    if isinstance(record, QuickHand):
        return _score(_facts_from_quick(record, table), table, options)
    checked = record if isinstance(record, CheckedHand) else check_hand(record, table, options)
    check_over(checked)
    return _score(_facts_from_tricks(checked), table, options)


def summarize(record: Hand | CheckedHand, table: Table, options: Options = DEFAULTS) -> QuickHand:
    """The quick summary of a hand by tricks: it scores the same (:func:`score_hand`).

    Captures that scored nothing (a simple capture excluded) are left out, as a table
    summing up would leave them out.
    """
    checked = record if isinstance(record, CheckedHand) else check_hand(record, table, options)
    check_over(checked)
    facts = _facts_from_tricks(checked)
    captures = tuple(
        Capture(e.kind, e.side) for e in facts.events if e.points or e.kind == "partner"
    )
    return QuickHand(facts.tricks, facts.first_five, captures, facts.call)


def check_quick(quick: QuickHand, table: Table) -> None:
    """Refuse a summary that cannot have happened, naming its field within the summary.

    Tricks must add up to the hand's total (less when a call or a partner capture stopped
    it); the first five need five tricks and are not scored at three; every capture involves
    the one KH, so a hand has at most one, made by a side that won a trick; a partner capture
    needs partners and ends the game, so no call can follow it.
    """
    sides = len(table.sides)
    total, most = sum(quick.tricks), table.tricks
    partner = [c for c in quick.captures if c.event == "partner"]
    stopped = quick.call is not None or bool(partner)
    if len(quick.tricks) != sides or any(n < 0 for n in quick.tricks):
        raise ImpossibleHandError(
            msg(
                "tricks gives one count per side: {sides} at {players} players.",
                sides=sides,
                players=table.players,
            ),
            field="tricks",
        )
    named = [("first_five", quick.first_five), ("call", quick.call)]
    named += [(f"captures[{i}].side", c.side) for i, c in enumerate(quick.captures)]
    for where, side in named:
        if side is not None and not 0 <= side < sides:
            raise ImpossibleHandError(
                msg(
                    "There is no side {side} at {players} players.",
                    side=side,
                    players=table.players,
                ),
                field=where,
            )
    if not stopped and total != most:
        raise ImpossibleHandError(
            msg(
                "The tricks add up to {total}, but a hand at {players} players has {most}; a "
                "hand stopped early needs its call or partner capture.",
                total=total,
                players=table.players,
                most=most,
            ),
            field="tricks",
        )
    if total > most:
        raise ImpossibleHandError(
            msg(
                "The tricks add up to {total}, but a hand at {players} players has only {most}.",
                total=total,
                players=table.players,
                most=most,
            ),
            field="tricks",
        )
    if quick.first_five is not None:
        side = quick.first_five
        if not table.first_five_bonus:
            raise ImpossibleHandError(
                msg("Three players score no bonus for the first five tricks."),
                field="first_five",
                seats=table.sides[side],
            )
        if quick.tricks[side] < FIRST_FIVE:
            raise ImpossibleHandError(
                msg_n(
                    "{side} won {count} trick, so cannot have won the first five.",
                    "{side} won {count} tricks, so cannot have won the first five.",
                    quick.tricks[side],
                    side=table.side_seats(side),
                ),
                field="first_five",
                seats=table.sides[side],
            )
    elif table.first_five_bonus:
        sweeper = [
            s for s in range(sides) if quick.tricks[s] >= FIRST_FIVE and total == quick.tricks[s]
        ]
        if sweeper:
            raise ImpossibleHandError(
                msg(
                    "{side} won every trick, so they won the first five: give first_five.",
                    side=table.side_seats(sweeper[0]),
                ),
                field="first_five",
                seats=table.sides[sweeper[0]],
            )
    if len(quick.captures) > 1:
        raise ImpossibleHandError(
            msg(
                "Every capture event is made in the one trick the {kh} falls to, so a hand has "
                "at most one, not {count}.",
                kh=KH,
                count=len(quick.captures),
            ),
            field="captures",
        )
    for index, capture in enumerate(quick.captures):
        where = f"captures[{index}]"
        if capture.event == "partner" and not table.partnerships:
            raise ImpossibleHandError(
                msg("A partner capture needs partners: only the four-player game has them (V-20)."),
                field=f"{where}.event",
                seats=table.sides[capture.side],
            )
        if quick.tricks[capture.side] < 1:
            raise ImpossibleHandError(
                msg(
                    "A {capture} is made by winning a trick, and {side} won none.",
                    capture=CAPTURE_NAMES[capture.event],
                    side=table.side_seats(capture.side),
                ),
                field=f"{where}.side",
                seats=table.sides[capture.side],
            )
    if quick.call is not None:
        caller = quick.call
        if partner:
            raise ImpossibleHandError(
                msg("The partner capture ended the game: nobody can call after it."),
                field="call",
                seats=table.sides[caller],
            )
        if total >= most:
            raise IllegalCallError(
                _CALL_AT_THE_END,
                field="call",
                seats=table.sides[caller],
            )
        if total - quick.tricks[caller] < 1:
            raise IllegalCallError(
                msg(
                    "{side} lost no trick: a side may call only straight after losing one (V-10).",
                    side=table.side_seats(caller),
                ),
                field="call",
                seats=table.sides[caller],
            )
