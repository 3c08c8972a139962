"""Brus as a game on the contract: two sides sitting alternately, the record of a hand two ways,
one hand scored, a set number of hands as the end rule, and the dispute desk's questions.

The rules are the library's (:mod:`.rules`, :mod:`.hand`, :mod:`.score`); this
module only fits them to :class:`~adjudicator.game.Game`. Rulings: ``shared/rulings.md``
section 6 (6a, BR-1 … BR-7) and BR-8.

Four play in two sides of two (JSON seats 0 and 2 against 1 and 3), six in two sides of three
(0, 2 and 4 against 1, 3 and 5). Side ``n`` holds seat ``n``. A hand is recorded one of two
ways, and either way may say which side held the KC (``kc``): the score turns on it when the
hand is played out with a side on five tricks and nobody on six (6a, BR-6).

Trick by trick (``dealer`` and each trick's ``held`` optional). Each trick is one turn for each
seat in order, starting with the seat on lead: 7s laid and the card led, the lead passed on
(7s alone, or ``""``), a higher card, or a pass (``""``). The hand's last trick stops where
the hand ends: at a 7 that is a side's sixth trick, or after the last playable card::

    {"dealer": 3,
     "tricks": [{"plays": [{"seat": 0, "cards": "7H 9D"}, {"seat": 1, "cards": ""},
                           {"seat": 2, "cards": "AC"}, {"seat": 3, "cards": "9C"}],
                 "held": [{"seat": 1, "cards": "6D"}]},
                …],
     "kc": 1}

Quickly, as the table sums the hand up (``won``: tricks per side, 7s laid included)::

    {"won": [6, 2]}
    {"won": [5, 4], "kc": 0}

Jan needs no entry: a side that won six while the other won none took the first six.

Defaults where the rulings leave a choice (each refusal says which):

* a lead pass means the seat held no playable card: a card it plays later, or a playable card
  noted held, is refused whatever the house rules (the seed: "If the player has no Playable
  cards in hand, he must pass"); laying 7s is never compulsory (BR-8's "may lay");
* under ``must_beat`` (BR-3), a pass over a card is refused once the record proves the seat
  held a higher one then: a card it plays later, or a note under ``held``;
* a 7 that is a side's sixth trick ends the hand at once: a 7 or card after it in the same
  turn, or any later turn, is refused; after the last playable card the other seats' passes
  may be written or left out;
* the KC's side is asked for only when it decides; a KC noted under ``held`` names it too;
* a game is 12 hands unless the table sets 1 to 100 (so every seat deals alike at four or
  six); a tie for the higher total after the last hand is shared;
* the game contract takes a range of table sizes, so five is described, but a hand at five is
  refused (Brus is for four or six, 6a).

>>> game = Brus()
>>> options = game.options()
>>> deal = game.parse_deal({"won": [6, 0]}, players=4, options=options)
>>> tally = game.tally([deal], players=4, options=options)
>>> tally.totals, str(tally.deals[0].summary)
((2, 0), 'Jan! Side 1 took the first six tricks: 2 points.')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, NotRequired, TypedDict

from adjudicator.cards import Pack
from adjudicator.dealing import Dealing, from_pack
from adjudicator.errors import AdjudicationError, IllegalPlayError
from adjudicator.game import FixedDeals, Question, Scored
from adjudicator.messages import Message, Points, msg, msg_n
from adjudicator.records import (
    CountField,
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
from adjudicator.said import seat, seats, side
from adjudicator.tally import SeatResult, Tally
from adjudicator.tricks.brus.hand import SIX, CheckedHand, Hand, check_hand, check_over
from adjudicator.tricks.brus.rules import (
    MOST_CARDS_A_PLAY,
    PACK,
    SEVENS,
    TABLE_SIZES,
    UNPLAYABLE,
    Options,
    Table,
)
from adjudicator.tricks.brus.sample import sample_hand
from adjudicator.tricks.brus.score import (
    HandScoreData,
    Outcome,
    QuickHand,
    check_kc,
    check_quick,
    score_hand,
    summarize,
)
from adjudicator.tricks.family import (
    HandEcho,
    TrickAnswerBase,
    TrickGame,
    TricksAnswer,
    TrickVerdict,
    as_records,
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
from adjudicator.tricks.plays import (
    ScoreLineData,
    Trick,
    parse_trick,
    trick_as_data,
)

type Deal = Hand | QuickHand

# The most trick records a hand can have: each but the last wins a trick for someone, and the
# hand ends at a side's sixth: five and five, then the one that makes six.
MOST_TRICKS = 2 * (SIX - 1) + 1


class Detail(TypedDict):
    """What a side did in a hand, beside its points: the tricks it took, how the hand was won
    (the same for both sides), and its lines of the working."""

    tricks: int
    outcome: Outcome
    lines: list[ScoreLineData]


class Brus(TrickGame[Options, Deal]):
    """Brus: two sides, playable and unplayable cards, 7s laid as tricks, six tricks to win."""

    slug = "brus"
    name = "Brus"
    options_type = Options
    detail_type = Detail
    # Four or six (6a). The contract takes a range, so five is in it: a five-player game can be
    # described, but every deal is refused (see :meth:`read`).
    min_players = min(TABLE_SIZES)
    max_players = max(TABLE_SIZES)
    # "The role of dealer rotates in a clockwise direction after each hand"; the player to the
    # dealer's immediate left has the first lead.

    def table_sizes(self) -> tuple[int, ...]:
        """Four, or six in two sides of three; never five (6a)."""
        return tuple(TABLE_SIZES)

    def seating(self, players: int, options: Options) -> Seating:
        """Two sides sitting alternately (6a): 0 and 2 against 1 and 3; 0, 2 and 4 against 1, 3
        and 5.

        >>> Brus().seating(6, Options()).sides
        ((0, 2, 4), (1, 3, 5))
        """
        self.check_players(players)
        return crosswise(players) if players in TABLE_SIZES else Seating(players)

    def dealing(self, players: int, options: Options) -> Dealing:
        """6a, BR-2: the whole pack, one at a time: 9 each at four, 6 each at six."""
        each = Table(players).hand_size
        return from_pack(self.pack(options, players), players, each, "BR-2")

    def pack(self, options: Options, players: int) -> Pack:
        """The 36 cards: the 2s, 3s, 4s and 5s taken out (6a)."""
        return PACK

    def record(self, options: Options, players: int) -> Record:
        """A hand trick by trick, or quickly (tricks won per side); and, either way, the side
        that held the KC."""
        return Record(
            (
                SeatField(
                    "dealer",
                    msg("Who dealt?"),
                    optional=True,
                    none_label=msg("Not noted"),
                    help=msg(
                        "The player at the dealer's left opens the first trick: name the "
                        "dealer to have that checked."
                    ),
                ),
                TricksField(
                    "tricks",
                    msg("The tricks, in the order played"),
                    max_tricks=MOST_TRICKS,
                    max_cards_per_play=MOST_CARDS_A_PLAY,
                    passes=True,
                    keeps_lead=tuple(str(card) for card in SEVENS),
                    # 6a: "these 14 cards … can never be played".
                    never_played=tuple(str(card) for card in UNPLAYABLE),
                    help=msg(
                        "Every player has a turn in each trick, in order from the player on "
                        "lead: a pass is a turn with no cards. On lead, lay any 7s first (each "
                        "is a trick of its own), then lead one playable card, or pass the lead "
                        "on with nothing to lead. After the lead, play a higher card or pass."
                    ),
                ),
                PerSideField(
                    "won",
                    msg("Tricks won by each side"),
                    CountField("won", msg("Tricks won"), maximum=SIX),
                    help=msg(
                        "Each 7 laid counts one trick. The hand ends at a side's sixth trick: "
                        "six against none is Jan."
                    ),
                ),
                SideField(
                    "kc",
                    msg("Which side held the KC (the Outcome card)?"),
                    optional=True,
                    none_label=msg("Not noted"),
                    help=msg(
                        "Needed when the hand is played out with a side on five tricks and "
                        "nobody on six: the side with the KC wins it (6a, BR-6)."
                    ),
                ),
            ),
            optional=frozenset({"kc"}),
            ways=(
                Way("tricks", msg("Trick by trick"), ("dealer", "tricks")),
                Way("quick", msg("Quickly: tricks won by each side"), ("won",)),
            ),
        )

    def end_rule(self, options: Options, players: int) -> FixedDeals:
        """A set number of hands, the higher total winning (6a); a tie is shared."""
        return FixedDeals(options.hands)

    def tally(
        self, deals: Sequence[Deal], *, players: int, options: Options, known: Tally | None = None
    ) -> Tally:
        """The contract's tally, its status said side against side: "Ann, Cy and Ed lead Ben,
        Di and Flo on 3", "the two sides are level on 3" (never all six names in one crowd).

        >>> game = Brus()
        >>> hands = [game.parse_deal({"won": won}, players=6, options=Options())
        ...          for won in ([6, 1], [1, 6])]
        >>> str(game.tally(hands, players=6, options=Options()).status)
        'After hand 2 of 12: the two sides are level on 1.'
        """
        result = super().tally(deals, players=players, options=options, known=known)
        if players not in TABLE_SIZES:
            return result
        return replace(result, status=_status(result, options.hands, players))

    # --- one hand ------------------------------------------------------------------------------

    def read(self, values: Mapping[str, Any], seating: Seating, options: Options) -> Deal:
        """The library's :class:`Hand` or :class:`QuickHand`, checked by its rules: every turn,
        that the hand is over, and that the KC is named when the score turns on it."""
        table = Table.for_players(seating.players)
        kc = values.get("kc")
        if values.get("tricks") is not None:
            hand = Hand(
                tuple(_trick(number, each) for number, each in enumerate(values["tricks"])),
                values.get("dealer"),
                kc,
            )
            checked = check_hand(hand, table, options)
            check_over(checked)
            check_kc(checked.won(), checked.kc)
            return hand
        quick = QuickHand(tuple(values["won"]), kc)
        check_quick(quick, table)
        return quick

    def write(self, deal: Deal) -> dict[str, Any]:
        if isinstance(deal, QuickHand):
            return {"dealer": None, "tricks": None, "won": deal.won, "kc": deal.kc}
        tricks = as_records(deal.tricks)
        return {"dealer": deal.dealer, "tricks": tricks, "won": None, "kc": deal.kc}

    def score(self, deal: Deal, state: Any, seating: Seating, options: Options) -> Scored:
        """One hand by the library's :func:`score_hand`: a point to the side that won it, two
        for Jan (6a)."""
        table = Table.for_players(seating.players)
        hand = score_hand(deal, table, options)
        results = []
        for unit in range(len(table.sides)):
            lines = hand.explanation(unit)
            detail: Detail = {
                "tricks": hand.tricks[unit],
                "outcome": hand.outcome,
                "lines": [line.as_dict() for line in hand.lines if line.side == unit],
            }
            results.append(SeatResult(unit, hand.points[unit], lines, detail=detail))
        return Scored(results=tuple(results), summary=hand.summary)

    def notes(self, options: Options, players: int) -> list[str]:
        """The house rules in play, and who plays with whom."""
        notes = super().notes(options, players)
        if players in TABLE_SIZES:
            sides = crosswise(players).sides
            notes.append(
                msg(
                    "{players} play against {others}",
                    players=seats(sides[0]),
                    others=seats(sides[1]),
                )
            )
        else:
            notes.append(
                msg("Brus is for four or six players: no hand can be recorded at this table")
            )
        return notes

    def sample_deal(self, *, players: int, options: Options, number: int) -> dict[str, Any]:
        """A hand played at random by the rules (:func:`sample_hand`): odd numbers recorded
        trick by trick (every fourth naming the dealer), even ones as their quick summary;
        every third names the KC's side even when the score does not turn on it."""
        dealer = (number - 1) % players if number % 4 == 1 else None
        seed = f"{self.slug}:{players}:{number}"
        kc = True if number % 3 == 0 else None
        data = sample_hand(players, options, seed=seed, dealer=dealer, held=0.2, kc=kc)
        if number % 2:
            return data
        hand = self.parse_deal(data, players=players, options=options)
        assert isinstance(hand, Hand)
        quick = summarize(hand, Table.for_players(players), options)
        return self.deal_as_data(quick, players=players, options=options)

    # --- the dispute desk ----------------------------------------------------------------------

    def own_questions(self) -> Mapping[str, Question]:
        """``trick`` (who wins it, or why a play is illegal), ``hand`` (its score, from its
        tricks or its summary), ``tricks`` (a hand so far, judged trick by trick)."""
        return family_questions(
            self,
            trick=_answer_trick,
            hand=_answer_hand,
            tricks=_answer_tricks,
            record=_SO_FAR,
            held=True,
        )


def _trick(number: int, recorded: TrickRecord) -> Trick:
    """A recorded trick as the library's :class:`Trick`; refuse a trick with no turns."""
    return read_trick(
        number,
        recorded,
        refusal=msg("A trick lists its turns in order: each seat's card, 7s or pass."),
    )


def _status(tally: Tally, hands: int, players: int) -> Message:
    """How a Brus game stands, side against side (6a: the higher total after the set number
    of hands wins; a tie is shared)."""
    totals = tally.totals
    sides = crosswise(players).sides
    if tally.finished:
        if len(tally.winners) == 1:
            return msg(
                "Game over: {side} wins on {points}.",
                side=side(tally.winners[0]),
                points=Points(totals[tally.winners[0]]),
            )
        return msg(
            "Game over: the two sides are level on {points} and share the win.",
            points=Points(totals[0]),
        )
    if not tally.deals:
        return msg_n(
            "No hands yet; {count} to play, highest total wins.",
            "No hands yet; {count} to play, highest total wins.",
            hands,
        )
    played = len(tally.deals)
    if len(tally.leaders) > 1:
        return msg(
            "After hand {number} of {hands}: the two sides are level on {points}.",
            number=played,
            hands=hands,
            points=Points(totals[0]),
        )
    ahead = tally.leaders[0]
    return msg(
        "After hand {number} of {hands}: {players} lead {others} on {points}.",
        number=played,
        hands=hands,
        players=seats(sides[ahead]),
        others=seats(sides[1 - ahead]),
        points=Points(totals[ahead]),
    )


# ---------------------------------------------------------------------------------------------
# Questions
# ---------------------------------------------------------------------------------------------

_GAME = Brus()


def _players(data: Mapping[str, Any]) -> int:
    return players_asked(_GAME, data)


class Seven(TypedDict):
    """A 7 laid to the trick (which passes the lead on), by whom and for which side."""

    seat: int
    cards: str
    side: int


class TrickAnswer(TrickAnswerBase):
    """``trick``: who wins it and why, the 7s laid and the tricks won; for a trick given in
    part, who stands highest so far (``complete`` false); for an illegal play, the refusal a
    record would get (``legal`` false, ``problem``)."""

    complete: NotRequired[bool]
    winner: NotRequired[int | None]
    standing: NotRequired[int | None]
    side: NotRequired[int]
    lead: NotRequired[int]
    sevens: NotRequired[list[Seven]]
    won: NotRequired[list[int]]


class HandAnswer(HandScoreData, HandEcho):
    """``hand``: the hand as read and what it scores per side, with the working."""


class BrusTricksAnswer(TricksAnswer):
    """``tricks`` in Brus: also whether the hand is over."""

    over: bool


def _answer_trick(data: Mapping[str, Any], options: Options) -> TrickAnswer:
    """Who wins one trick and why, judged on its own as a hand's first trick: each turn in
    order from the seat on lead, 7s laid, the lead passed on, each card beating the highest or
    a pass. An illegal play is answered (``legal`` false) with the refusal a record would get.
    A trick given only in part is judged as far as it goes (``complete`` false)."""
    players = _players(data)
    body = {key: data[key] for key in ("plays", "held") if key in data}
    trick = parse_trick(body, players)
    table = Table.for_players(players)
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
    state = checked.in_play
    result = checked.results[0] if state is None else None
    if result is None:
        assert state is not None
        highest = state.highest
        sevens: list[Seven] = [
            {"seat": who, "cards": " ".join(str(c) for c in cards), "side": table.side_of(who)}
            for who, cards in state.laid
        ]
        return {
            "players": players,
            "trick": shown,
            "legal": True,
            "complete": False,
            "winner": None,
            "standing": None if highest is None else state.plays[highest].seat,
            "sevens": sevens,
            "won": list(checked.won()),
            "explanation": list(state.steps),
        }
    laid: list[Seven] = [
        {"seat": unit.seat, "cards": str(unit.seven), "side": unit.side}
        for unit in checked.units
        if unit.seven is not None
    ]
    return {
        "players": players,
        "trick": shown,
        "legal": True,
        "complete": True,
        "winner": result.winner,
        "side": table.side_of(result.winner),
        "play": result.play,
        "lead": result.lead,
        "beaten": result.beaten,
        "reason": result.reason,
        "rule": result.rule,
        "sevens": laid,
        "won": list(checked.won()),
        "explanation": [
            *result.steps,
            msg("{seat} wins the trick: {reason}", seat=seat(result.winner), reason=result.reason),
        ],
    }


def _answer_hand(data: Mapping[str, Any], options: Options) -> HandAnswer:
    """A hand's score per side with the working, from the same JSON a deal is recorded in."""
    players = _players(data)
    deal = hand_asked(_GAME, data, players, options)
    table = Table.for_players(players)
    hand = score_hand(deal, table, options)
    explanation: list[str] = [
        msg("{side}: {line}", side=side(line.side), line=line.text) for line in hand.lines
    ]
    explanation += [
        msg("{side} scores {points}", side=side(unit), points=Points(points))
        for unit, points in enumerate(hand.points)
    ]
    return {
        "players": players,
        "hand": _GAME.deal_as_data(deal, players=players, options=options),
        **hand.as_dict(),
        "summary": hand.summary,
        "explanation": explanation,
    }


_SO_FAR = so_far(max_tricks=MOST_TRICKS, max_cards_per_play=MOST_CARDS_A_PLAY)


def _answer_tricks(data: Mapping[str, Any], options: Options) -> BrusTricksAnswer:
    """A hand as far as it has been played, judged trick by trick, as the table enters it:
    each complete trick's winner and the reason, and the first illegal play with its reason
    (the tricks after it are not judged). ``over`` says whether the hand has ended. The trick
    family's page widget asks this."""
    players = _players(data)
    table = Table.for_players(players)
    values = read_so_far(_SO_FAR, data, players)
    tricks = values["tricks"]
    dealer = values.get("dealer")

    def judge(so_far: tuple[TrickRecord, ...]) -> CheckedHand:
        hand = Hand(tuple(_trick(n, each) for n, each in enumerate(so_far)), dealer)
        return check_hand(hand, table, options)

    verdicts: list[TrickVerdict] = []
    won: tuple[int, ...] = (0,) * len(table.sides)
    over = False
    for number in range(len(tricks)):
        try:
            checked = judge(tuple(tricks[: number + 1]))
        except AdjudicationError as err:
            verdicts.append(refused(number, False, err, first_breach(tricks, number, err, judge)))
            break
        result = checked.results[number]
        if result is None:
            verdicts.append(unfinished(number))
            continue
        won = checked.won()
        over = checked.over
        verdicts.append(
            taken(number, result.winner, table.side_of(result.winner), result.reason, won)
        )
    return {"players": players, "tricks": verdicts, "won": won, "over": over}


__all__ = ["MOST_TRICKS", "Brus", "Deal"]
