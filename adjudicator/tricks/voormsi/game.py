"""Voormsi (Vorms) as a game on the contract: seats and sides, the record of a hand two ways,
one hand scored, the ladder to exactly 9 as the end rule, and the dispute desk's questions.

The rules are the library's (:mod:`adjudicator.tricks.voormsi`); this module only fits them to
:class:`~adjudicator.game.Game`. Rulings: ``shared/rulings.md`` section 7 and V-14 … V-20.

Four play in two sides sitting crosswise (seats 1 and 3 against 2 and 4); three or two play
each alone. A side is numbered like its first seat: at four, side 0 is JSON seats 0 and 2;
otherwise side ``n`` is seat ``n``. A hand is recorded one of two ways.

Trick by trick (``dealer``, ``call`` and each trick's ``held`` are optional)::

    {"dealer": 3,
     "tricks": [{"plays": [{"seat": 0, "cards": "9C"}, {"seat": 1, "cards": "AS"},
                           {"seat": 2, "cards": "KH"}, {"seat": 3, "cards": "6D"}],
                 "held": [{"seat": 1, "cards": "JC"}]},
                …],
     "call": 1}

Quickly, as the table sums the hand up (``first_five``, ``captures`` and ``call`` optional;
no ``first_five`` at three players, no ``partner`` capture without partners)::

    {"won": [6, 3], "first_five": 0, "captures": [{"event": "jc", "side": 1}], "call": null}

``won`` counts trick units per side (a trick of two cards counts 2, V-7). ``call`` is the side
that stopped the hand straight after losing a trick (V-10); its points so far must make exactly
the target (V-19). A hand that is not over (every trick played, a call, or a partner capture)
is refused, with the reason.

>>> game = Voormsi()
>>> options = game.options()
>>> deal = game.parse_deal({"won": [7, 2], "first_five": 0,
...                         "captures": [{"event": "jc", "side": 1}]}, players=4, options=options)
>>> tally = game.tally([deal], players=4, options=options)
>>> tally.totals, str(tally.deals[0].summary)
((4, 2), 'Side 1 won the hand, 7 tricks to 2.')
>>> from adjudicator.messages import render
>>> from adjudicator.said import Naming
>>> render(tally.deals[0].summary, "da", Naming(("Ann", "Ben", "Cy", "Di"), ((0, 2), (1, 3))))
'Ann og Cys side vandt spillet, 7 stik mod 2.'

>>> [str(line) for line in tally.deals[0].results[1].explanation]
['2 tricks: no trick points (V-1)', 'JC capture: +2 (7a)', 'ladder: 0 + 2 = 2']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NotRequired, TypedDict

from adjudicator.asking import (
    Asks,
    RowsField,
)
from adjudicator.cards import Pack
from adjudicator.dealing import Dealing, from_pack
from adjudicator.errors import (
    AdjudicationError,
    BadEntryError,
    IllegalPlayError,
    ImpossibleHandError,
)
from adjudicator.game import ExactTarget, Feat, Question, Scored
from adjudicator.messages import Message, Verbatim, joined, listed, msg, msg_n
from adjudicator.records import (
    CountField,
    EventsField,
    Field,
    PerSideField,
    Record,
    SeatField,
    Seating,
    SideField,
    TrickRecord,
    TricksField,
    Way,
    crosswise,
)
from adjudicator.said import Ref, seat, seats, side
from adjudicator.tally import SeatResult, Tally
from adjudicator.tricks.family import (
    HandEcho,
    TrickAnswerBase,
    TrickGame,
    TricksAnswer,
    TrickVerdict,
    as_records,
    as_trick,
    family_questions,
    first_breach,
    hand_asked,
    lone_trick,
    players_asked,
    read_so_far,
    read_trick,
    refused,
    so_far,
    taken,
    unfinished,
)
from adjudicator.tricks.plays import Trick, parse_trick, trick_as_data
from adjudicator.tricks.voormsi.hand import (
    CAPTURE_KINDS,
    CaptureKind,
    CheckedHand,
    Hand,
    capture_kind,
    check_hand,
)
from adjudicator.tricks.voormsi.ladder import Ladder, LadderData, climb, ladder_after
from adjudicator.tricks.voormsi.record import read_side
from adjudicator.tricks.voormsi.rules import (
    JC,
    KH,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PACK,
    THREE_D,
    Options,
    Table,
    inside,
    trick_complete,
)
from adjudicator.tricks.voormsi.sample import sample_hand
from adjudicator.tricks.voormsi.score import (
    CAPTURE_NAMES,
    CAPTURE_POINTS,
    Capture,
    HandScore,
    HandScoreData,
    QuickHand,
    ScoreLineData,
    check_over,
    check_quick,
    score_hand,
    summarize,
    trick_points,
)

type Deal = Hand | QuickHand

# 7a's capture events, as a table names them on the quick form.
CAPTURE_LABELS: dict[str, Message] = {
    "simple": msg("Simple capture: won a trick with the {kh} (+1)", kh=KH),
    "jc": msg("{jc} capture: the {jc} took the winning {kh} from an opponent (+2)", kh=KH, jc=JC),
    "partner": msg(
        "Partner capture: the {jc} took the partner's winning {kh} (back to 0, game over)",
        kh=KH,
        jc=JC,
    ),
    "3d": msg(
        "{three_d} capture: the {three_d} took the winning {kh} (+1)", three_d=THREE_D, kh=KH
    ),
    "3d_double": msg(
        "{three_d} double capture: the {three_d} took the winning {jc} after the {kh} fell (+2)",
        three_d=THREE_D,
        kh=KH,
        jc=JC,
    ),
}


# ---------------------------------------------------------------------------------------------
# Who a sentence is about
# ---------------------------------------------------------------------------------------------


def _unit(index: int, table: Table, *, by_seats: bool = False) -> Ref:
    """A scoring unit as a sentence names it: a side at four (or its seats, where no names
    will be put in), a seat otherwise."""
    if table.partnerships and not by_seats:
        return side(index)
    return seats(table.sides[index])


# ---------------------------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------------------------


class Detail(TypedDict):
    """What a side did in a hand, beside its points: the trick units it took, what the hand
    scored it before the ladder (its points may differ: a partner capture sends the ladder
    back to 0), where its ladder stands after the hand, and its lines of the working."""

    tricks: int
    hand_points: int
    ladder: int
    lines: list[ScoreLineData]


class Voormsi(TrickGame[Options, Deal]):
    """Voormsi: tricks in sides of two (or each alone), captures of the KH, exactly 9 to win."""

    slug = "voormsi"
    name = "Voormsi"
    options_type = Options
    detail_type = Detail
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    # The dealer rotates clockwise after each hand; the player at the dealer's left leads.

    def seating(self, players: int, options: Options) -> Seating:
        """Four in two sides sitting crosswise; three or two each alone (7a).

        >>> Voormsi().seating(4, Options()).sides, Voormsi().seating(3, Options()).units
        (((0, 2), (1, 3)), ((0,), (1,), (2,)))
        """
        self.check_players(players)
        return crosswise(players) if players == 4 else Seating(players)

    def dealing(self, players: int, options: Options) -> Dealing:
        """7a: four cards each, the rest a stock drawn from after each trick; under V-12's
        house rule the whole pack is dealt (9 each at four, 12 at three, 18 at two, V-20)."""
        each = Table.for_players(players, options).hand_size
        if options.whole_pack:
            rule = "V-20" if players == 2 else "V-12"
            notes: tuple[str, ...] = (msg("The whole pack is dealt: no stock, no drawing (V-12)."),)
        else:
            rule = "7a"
            notes = (
                msg(
                    "After each trick every player, the winner first, draws back up to four; "
                    "when the stock cannot give everyone the same number, the rest stay (7a)."
                ),
            )
        return from_pack(self.pack(options, players), players, each, rule, notes=notes)

    def pack(self, options: Options, players: int) -> Pack:
        """The 36 cards: A K Q J 9 8 7 6 5 of each suit, the KD replaced by the 3D."""
        return PACK

    def record(self, options: Options, players: int) -> Record:
        """A hand trick by trick, or quickly (tricks won, the first five, the captures); and
        the call that stopped it, if one did, either way."""
        table = Table.for_players(players, options)
        sides = table.partnerships
        fields: list[Field] = [
            SeatField(
                "dealer",
                msg("Who dealt?"),
                optional=True,
                none_label=msg("Not noted"),
                help=msg(
                    "The player at the dealer's left leads the first trick: name the dealer to "
                    "have that checked."
                ),
            ),
            TricksField(
                "tricks",
                msg("The tricks, in the order played"),
                max_tricks=table.tricks,
                plays_per_trick=table.plays_per_trick,
                matched=True,
                help=msg(
                    "Each trick lists its plays in turn: the seat and its card, or several cards "
                    "of one rank when led that way (the others then play as many). Under held, "
                    "note a card a player is known to have kept in hand (for the {kh} that must "
                    "be played onto a winning {jc}).",
                    kh=KH,
                    jc=JC,
                ),
            ),
            PerSideField(
                "won",
                msg("Tricks won by each side") if sides else msg("Tricks won by each player"),
                CountField("won", msg("Tricks won"), maximum=table.tricks),
                help=msg("A trick of two cards counts as two (V-7)."),
            ),
        ]
        if table.first_five_bonus:
            fields.append(
                SideField(
                    "first_five",
                    msg("Which side won the first five tricks in a row?")
                    if sides
                    else msg("Which player won the first five tricks in a row?"),
                    optional=True,
                    none_label=msg("Nobody"),
                )
            )
        if sides:
            call_help = msg(
                "Straight after losing a trick, a side whose points so far make exactly {target} "
                "may stop the hand (V-10, V-19).",
                target=table.target,
            )
        else:
            call_help = msg(
                "Straight after losing a trick, a player whose points so far make exactly "
                "{target} may stop the hand (V-10, V-19).",
                target=table.target,
            )
        fields += [
            EventsField(
                "captures",
                msg("Captures of the {kh}", kh=KH),
                tuple(
                    (kind, CAPTURE_LABELS[kind])
                    for kind in CAPTURE_KINDS
                    if kind != "partner" or table.partnerships
                ),
                help=msg(
                    "At most one a hand: every capture is made in the trick the {kh} falls to.",
                    kh=KH,
                ),
            ),
            SideField(
                "call",
                msg("Which side called the hand over?")
                if sides
                else msg("Which player called the hand over?"),
                optional=True,
                none_label=msg("Nobody: it was played out"),
                help=call_help,
            ),
        ]
        quick = ("won", "first_five", "captures") if table.first_five_bonus else ("won", "captures")
        return Record(
            tuple(fields),
            optional=frozenset({"call", "captures"}),
            ways=(
                Way("tricks", msg("Trick by trick"), ("dealer", "tricks")),
                Way("quick", msg("Quickly: tricks won and captures"), quick),
            ),
        )

    def end_rule(self, options: Options, players: int) -> ExactTarget:
        """Exactly 9 to win (12 at three players); past it, a side bounces back (7a, V-9)."""
        return ExactTarget(Table.for_players(players, options).target)

    # --- one hand ------------------------------------------------------------------------------

    def read(self, values: Mapping[str, Any], seating: Seating, options: Options) -> Deal:
        """The library's :class:`Hand` or :class:`QuickHand`, checked by its rules: every play,
        and that the hand is over (complete, called, or ended by a partner capture)."""
        table = Table.for_players(seating.players, options)
        if values.get("tricks") is not None:
            hand = Hand(
                tuple(_trick(number, each) for number, each in enumerate(values["tricks"])),
                values.get("call"),
                values.get("dealer"),
            )
            check_over(check_hand(hand, table, options))
            return hand
        quick = QuickHand(
            tricks=tuple(values["won"]),
            first_five=values.get("first_five"),
            captures=tuple(Capture(event, who) for event, who in values.get("captures") or ()),
            call=values.get("call"),
        )
        try:
            check_quick(quick, table)
        except AdjudicationError as err:
            # The library calls the tricks per side "tricks"; this record calls them "won".
            if err.path[:1] == ("tricks",):
                err.path = ("won", *err.path[1:])
            raise
        return quick

    def write(self, deal: Deal) -> dict[str, Any]:
        if isinstance(deal, QuickHand):
            return {
                "dealer": None,
                "tricks": None,
                "won": deal.tricks,
                "first_five": deal.first_five,
                "captures": tuple((c.event, c.side) for c in deal.captures),
                "call": deal.call,
            }
        return {
            "dealer": deal.dealer,
            "tricks": as_records(deal.tricks),
            "won": None,
            "first_five": None,
            "captures": None,
            "call": deal.call,
        }

    def feats(self, tally: Tally) -> tuple[Feat, ...]:
        """A ladder won: one for each side that finished on exactly the target (or won by a
        call or a partner capture), in a game that is over."""
        won = tuple(
            int(tally.finished and unit in tally.winners) for unit in range(len(tally.totals))
        )
        return (Feat("ladders_won", msg("ladders won"), won),)

    def start(self, seating: Seating, options: Options) -> Ladder:
        return Ladder.start(seating.players)

    def score(self, deal: Deal, state: Any, seating: Seating, options: Options) -> Scored:
        """One hand by the library's :func:`score_hand`, the ladder moved by its
        :func:`ladder_after`.

        Each unit's points are what the hand earned it; the tally's :class:`ExactTarget`
        bounces them as :func:`climb` does. Where the ladder does more than climb, the points
        and ``ends`` say so: a partner capture takes its side back to 0 (its points are minus
        what it had) and ends the game, the other side winning; a call ends it, the caller
        winning on exactly the target even if another side lands there too.
        """
        ladder: Ladder = state
        table = Table.for_players(seating.players, options)
        hand = score_hand(deal, table, options)
        after = ladder_after(ladder, hand)
        results = []
        for unit in range(len(table.sides)):
            before = ladder.points[unit]
            lines: list[str] = [line.text for line in hand.lines if line.side == unit]
            points = hand.points[unit]
            if hand.partner_capture == unit:
                points = -before
                lines.append(
                    msg("ladder: {before} back to 0, and the game ends (7a)", before=before)
                )
            elif hand.partner_capture is not None:
                lines.append(
                    msg(
                        "ladder: stays on {before}; the partner capture wins the game (7a)",
                        before=before,
                    )
                )
            else:
                working = climb(before, points, table.target)[1]
                lines.append(msg("ladder: {working}", working=working))
            detail: Detail = {
                "tricks": hand.tricks[unit],
                "hand_points": hand.points[unit],
                "ladder": after.points[unit],
                "lines": [line.as_dict() for line in hand.lines if line.side == unit],
            }
            results.append(SeatResult(unit, points, tuple(lines), detail=detail))
        ends = after.winners if after.ended_by in ("call", "partner_capture") else None
        return Scored(
            results=tuple(results),
            summary=_summary(hand, table, options),
            state=after,
            ends=ends,
        )

    def notes(self, options: Options, players: int) -> list[str]:
        """The house rules in play, and the variant the table size makes (7a)."""
        notes = super().notes(options, players)
        table = Table.for_players(players, options)
        if table.partnerships:
            notes.append(
                msg(
                    "{side} play against {other}",
                    side=seats(table.sides[0]),
                    other=seats(table.sides[1]),
                )
            )
        elif players == 3:
            notes.append(msg("three players, each alone: 12 tricks a hand, no first-five bonus"))
        else:
            notes.append(msg("two players: each plays twice to every trick"))
        return notes

    def sample_deal(self, *, players: int, options: Options, number: int) -> dict[str, Any]:
        """A hand played at random by the rules (:func:`sample_hand`): odd numbers recorded
        trick by trick (every fourth naming the dealer), even ones as their quick summary."""
        dealer = (number - 1) % players if number % 4 == 1 else None
        seed = f"{self.slug}:{players}:{number}"
        data = sample_hand(players, options, seed=seed, held=0.2, dealer=dealer)
        if number % 2:
            return data
        hand = self.parse_deal(data, players=players, options=options)
        assert isinstance(hand, Hand)
        quick = summarize(hand, Table.for_players(players, options), options)
        return self.deal_as_data(quick, players=players, options=options)

    # --- the dispute desk ----------------------------------------------------------------------

    def own_questions(self) -> Mapping[str, Question]:
        """``trick`` (who wins it, or why a play is illegal), ``hand`` (its score, from its
        tricks or its summary), ``ladder`` (where it stands after these hand scores)."""
        shared = family_questions(
            self,
            trick=_answer_trick,
            hand=_answer_hand,
            tricks=_answer_tricks,
            record=_SO_FAR,
            held=True,
        )
        return {
            "trick": shared["trick"],
            "hand": shared["hand"],
            "ladder": Question(
                "ladder",
                msg("Where does the ladder stand after these hand scores, and has anyone won?"),
                _answer_ladder,
                asks=Asks(
                    (
                        RowsField(
                            "hands",
                            msg("Each hand's points, side by side"),
                            width="sides",
                            maximum=20,
                        ),
                    ),
                    lambda players, options: {"hands": _sample_ladder(self, players, options)},
                    players=True,
                ),
            ),
            "tricks": shared["tricks"],
        }


def _trick(number: int, recorded: TrickRecord) -> Trick:
    """A recorded trick as the library's :class:`Trick`; refuse the shapes it cannot judge."""
    trick = read_trick(number, recorded)
    for index, (who, cards) in enumerate(recorded.held):
        if not cards:
            raise BadEntryError(
                msg("{seat}: name the cards held, such as 'KH'.", seat=seat(who)),
                field=f"tricks[{number}].held[{index}].cards",
                seats=(who,),
            )
    return trick


def _summary(hand: HandScore, table: Table, options: Options, *, by_seats: bool = False) -> Message:
    """Who won the hand, with the trick counts; or what stopped it."""
    units = range(len(table.sides))

    def unit(index: int) -> Ref:
        return _unit(index, table, by_seats=by_seats)

    if hand.partner_capture is not None:
        loser = hand.partner_capture
        winner = next(u for u in units if u != loser)
        return msg(
            "{side} made a partner capture: the game ends, {other} winning.",
            side=unit(loser),
            other=unit(winner),
        )
    if hand.all_tricks is not None:
        if options.all_nine_keeps_captures:
            return msg("{side} took every trick: only captures score.", side=unit(hand.all_tricks))
        return msg("{side} took every trick: nobody scores this hand.", side=unit(hand.all_tricks))
    most = max(hand.tricks)
    top = [u for u in units if hand.tricks[u] == most]
    rest = [hand.tricks[u] for u in units if u not in top]
    if hand.call is not None:
        counts = joined(
            (msg("{side} {count}", side=inside(unit(u)), count=hand.tricks[u]) for u in units),
            ", ",
        )
        return msg(
            "{side} called the hand over; tricks so far: {counts}.",
            side=unit(hand.call),
            counts=counts,
        )
    if len(top) == 1:
        return msg_n(
            "{side} won the hand, {count} trick to {others}.",
            "{side} won the hand, {count} tricks to {others}.",
            most,
            side=unit(top[0]),
            others=listed(rest),
        )
    if table.partnerships:
        return msg_n(
            "The two sides won {count} trick each.", "The two sides won {count} tricks each.", most
        )
    return msg_n(
        "{players} won {count} trick each.",
        "{players} won {count} tricks each.",
        most,
        players=seats([s for u in top for s in table.sides[u]]),
    )


# ---------------------------------------------------------------------------------------------
# Questions
# ---------------------------------------------------------------------------------------------

_GAME = Voormsi()


def _players(data: Mapping[str, Any]) -> int:
    return players_asked(_GAME, data)


class TrickAnswer(TrickAnswerBase):
    """``trick``: who wins it and why (the capture it makes, the lock that decided it), or,
    for an illegal play, the refusal a record would get (``legal`` false, ``problem``)."""

    winner: NotRequired[int]
    side: NotRequired[int]
    lead: NotRequired[int]
    locked_by: NotRequired[str | None]
    capture: NotRequired[CaptureKind | None]


class HandAnswer(HandScoreData, HandEcho):
    """``hand``: the hand as read and what it scores per side, with the working."""


class LadderStep(TypedDict):
    """One hand's climb on the ladder."""

    hand: int
    points: list[int]
    call: int | None
    partner_capture: int | None
    ladder: list[int]
    explanation: list[str]


class LadderAnswer(LadderData):
    """``ladder``: the ladder after each hand in turn, and where it ends."""

    players: int
    steps: list[LadderStep]


def _answer_trick(data: Mapping[str, Any], options: Options) -> TrickAnswer:
    """Who wins one trick and why, judged on its own as a hand's first trick: its plays in
    turn, as many cards each as led, and the compulsory play when ``held`` proves the card was
    in hand. An illegal play is answered (``legal`` false) with the refusal a record would get.
    """
    players = _players(data)
    body = {key: data[key] for key in ("plays", "held") if key in data}
    trick = parse_trick(body, players)
    table = Table.for_players(players, options)
    shown = trick_as_data(trick)
    try:
        checked = check_hand(Hand((trick,)), table, options)
    except IllegalPlayError as err:
        lone_trick(err)
        return {
            "players": players,
            "trick": shown,
            "legal": False,
            "problem": err.as_dict(),
            "explanation": [err.message],
        }
    except AdjudicationError as err:
        lone_trick(err)
        raise
    result = checked.results[0]
    kind = capture_kind(trick, result, table)
    explanation: list[str] = [
        *result.steps,
        msg("{seat} wins the trick: {why}", seat=inside(seat(result.winner)), why=result.reason),
    ]
    if kind is not None:
        explanation.append(_capture_line(kind, trick, result.play, table))
    return {
        "players": players,
        "trick": shown,
        "legal": True,
        "winner": result.winner,
        "side": table.side_of(result.winner),
        "play": result.play,
        "lead": result.lead,
        "beaten": result.beaten,
        "reason": result.reason,
        "rule": result.rule,
        "locked_by": None if result.locked_by is None else str(result.locked_by),
        "capture": kind,
        "explanation": explanation,
    }


def _capture_line(kind: CaptureKind, trick: Trick, play: int, table: Table) -> Message:
    if kind == "partner":
        return msg(
            "partner capture: {side} go back to 0 and the game ends (7a)",
            side=inside(table.side_seats(table.side_of(trick.plays[play].seat))),
        )
    if kind != "simple":
        return msg(
            "{capture}: +{points} (7a)", capture=CAPTURE_NAMES[kind], points=CAPTURE_POINTS[kind]
        )
    if play == len(trick.plays) - 1:
        return msg("simple capture: none, the {kh} was the last card played (7a)", kh=KH)
    return msg(
        "simple capture: +1, unless the {jc} fell in an earlier trick of the hand or the {kh}'s "
        "player also holds the {jc} (7a)",
        kh=KH,
        jc=JC,
    )


def _answer_hand(data: Mapping[str, Any], options: Options) -> HandAnswer:
    """A hand's score per side with the working, from the same JSON a deal is recorded in."""
    players = _players(data)
    deal = hand_asked(_GAME, data, players, options)
    table = Table.for_players(players, options)
    hand = score_hand(deal, table, options)
    explanation: list[str] = [
        msg("{side}: {line}", side=inside(table.side_seats(line.side)), line=line.text)
        for line in hand.lines
    ]
    for unit, points in enumerate(hand.points):
        if table.partnerships:
            explanation.append(
                msg("{side} score {points}", side=inside(table.side_seats(unit)), points=points)
            )
        else:
            explanation.append(
                msg("{seat} scores {points}", seat=inside(table.side_seats(unit)), points=points)
            )
    if hand.call is not None:
        explanation.append(
            msg(
                "the call stands only if these points take {side} to exactly {target} (V-19): "
                "the ladder question checks it",
                side=table.side_seats(hand.call),
                target=table.target,
            )
        )
    return {
        "players": players,
        "hand": _GAME.deal_as_data(deal, players=players, options=options),
        **hand.as_dict(),
        "summary": _summary(hand, table, options, by_seats=True),
        "explanation": explanation,
    }


def _most_points(table: Table, options: Options) -> int:
    """The most one side can score in a hand: all tricks but one, the first five, a capture."""
    bonus = 1 if table.first_five_bonus else 0
    return (
        trick_points(table.tricks - 1, options.trick_reading) + bonus + max(CAPTURE_POINTS.values())
    )


def _hand_scores(raw: object, where: str, table: Table, options: Options) -> HandScore:
    """One hand's score for the ladder: ``[2, 0]``, or ``{"points": [...], "call": 0}``, or
    ``{"partner_capture": 1}``."""
    sides = len(table.sides)
    most = _most_points(table, options)
    forms = {
        "sides": sides,
        "most": most,
        "with_call": Verbatim('{"points": [...], "call": side}'),
        "with_capture": Verbatim('{"partner_capture": side}'),
    }
    if table.partnerships:
        shape = msg(
            "Each hand is its points per side ({sides} whole numbers from 0 to {most}), or "
            "{with_call}, or {with_capture}.",
            **forms,
        )
    else:
        shape = msg(
            "Each hand is its points per player ({sides} whole numbers from 0 to {most}), or "
            "{with_call}, or {with_capture}.",
            **forms,
        )
    call = partner = None
    if isinstance(raw, Mapping):
        extra = [k for k in raw if k not in ("points", "call", "partner_capture")]
        if extra:
            raise BadEntryError(shape, field=f"{where}.{str(extra[0])[:40]}")
        try:
            if raw.get("call") is not None:
                call = read_side(raw["call"], table, "call")
            if raw.get("partner_capture") is not None:
                if not table.partnerships:
                    raise ImpossibleHandError(
                        msg(
                            "A partner capture needs partners: only the four-player game has them."
                        ),
                        field="partner_capture",
                    )
                partner = read_side(raw["partner_capture"], table, "partner_capture")
        except AdjudicationError as err:
            raise err.at(where) from None
        if call is not None and partner is not None:
            raise ImpossibleHandError(
                msg("The partner capture ended the game: nobody can call after it."),
                field=f"{where}.call",
            )
        points = raw.get("points", [0] * sides if partner is not None else None)
        where_points = f"{where}.points"
    else:
        points, where_points = raw, where
    if (
        not isinstance(points, list)
        or len(points) != sides
        or not all(
            isinstance(p, int) and not isinstance(p, bool) and 0 <= p <= most for p in points
        )
    ):
        raise BadEntryError(shape, field=where_points)
    if partner is not None and any(points):
        raise ImpossibleHandError(
            msg("A hand ended by a partner capture scores nothing: the game ends there."),
            field=where_points,
        )
    return HandScore(
        points=tuple(points),
        tricks=(0,) * sides,
        lines=(),
        call=call,
        partner_capture=partner,
    )


def _answer_ladder(data: Mapping[str, Any], options: Options) -> LadderAnswer:
    """The ladder after each hand in turn, every climb and bounce worked, and who won."""
    players = _players(data)
    table = Table.for_players(players, options)
    raw = data.get("hands")
    if not isinstance(raw, list) or not raw:
        raise BadEntryError(
            msg(
                "hands lists each hand's points per side in order, such as {example}.",
                example=Verbatim("[[2, 0], [0, 3]]"),
            ),
            field="hands",
        )
    if len(raw) > 1_000:
        raise BadEntryError(msg("hands lists at most 1,000 hands."), field="hands")
    ladder = Ladder.start(players)
    steps: list[LadderStep] = []
    explanation: list[str] = []
    for index, item in enumerate(raw):
        where = f"hands[{index}]"
        hand = _hand_scores(item, where, table, options)
        try:
            ladder = ladder_after(ladder, hand)
        except AdjudicationError as err:
            # A call that misses the target (hands[i].call), a hand after the end (hands[i]).
            raise err.at(where) from None
        steps.append(
            {
                "hand": index + 1,
                "points": list(hand.points),
                "call": hand.call,
                "partner_capture": hand.partner_capture,
                "ladder": list(ladder.points),
                "explanation": list(ladder.explanation),
            }
        )
        explanation += [
            msg("hand {number}: {line}", number=index + 1, line=line) for line in ladder.explanation
        ]
    explanation.append(ladder.status())
    return {
        "players": players,
        "target": table.target,
        "steps": steps,
        **ladder.as_dict(),
        "explanation": explanation,
    }


def _sample_ladder(game: Any, players: int, options: Any) -> list[list[int]]:
    """Two hands' points, one number for each side (or each player playing alone)."""
    units = len(game.seating(players, options).units)
    return [[2] + [0] * (units - 1), [0, 3] + [0] * (units - 2)]


__all__ = ["CAPTURE_LABELS", "Deal", "Voormsi"]


_SO_FAR = so_far(max_tricks=12)


def _answer_tricks(data: Mapping[str, Any], options: Options) -> TricksAnswer:
    """A hand as far as it has been played, judged trick by trick, as the table enters it:
    each complete trick's winner and the reason, and the first illegal play with its reason
    and the card that broke the rule (the tricks after it are not judged). A trick still
    being played is checked as far as it goes, so a play the rules forbid (a lead of two
    ranks, a card played twice, a play out of turn, a pass) is refused at its card. The
    trick family's page widget asks this."""
    players = _players(data)
    table = Table.for_players(players, options)
    values = read_so_far(_SO_FAR, data, players)
    tricks = values["tricks"]
    dealer = values.get("dealer")

    def judge(so_far: tuple[TrickRecord, ...]) -> CheckedHand:
        hand = Hand(tuple(_trick(n, each) for n, each in enumerate(so_far)), None, dealer)
        return check_hand(hand, table, options, unfinished=True)

    verdicts: list[TrickVerdict] = []
    won = [0] * len(table.sides)
    for number in range(len(tricks)):
        try:
            checked = judge(tuple(tricks[: number + 1]))
        except AdjudicationError as err:
            complete = bool(tricks[number].plays) and trick_complete(
                as_trick(tricks[number]), table
            )
            breach = first_breach(tricks, number, err, judge)
            verdicts.append(refused(number, complete, err, breach))
            break
        if len(checked.results) <= number:
            verdicts.append(unfinished(number))
            continue
        result = checked.results[number]
        unit = table.side_of(result.winner)
        won[unit] += len(tricks[number].plays[0][1])
        verdicts.append(taken(number, result.winner, unit, result.reason, won))
    return {"players": players, "tricks": verdicts, "won": tuple(won)}
