"""Alkort as a game on the contract: four in two sides or two alone, a hand recorded trick by
trick or quickly, one hand scored, a target as the end rule, and the dispute desk's questions.

Rules: ``shared/seeds/003`` (Alkort); rulings: ``shared/rulings.md`` section 8 (8a, A-1 … A-6),
section 10 and section 11 (A-7, A-8). The rules live in :mod:`.rules` (the ranking, the
trick, the exchange) and :mod:`.hand` (a hand checked and scored).

Four play in two sides sitting crosswise (seats 1 and 3 against 2 and 4), two each alone. A
side is numbered like its first seat: at four, side 0 is JSON seats 0 and 2; at two, side
``n`` is seat ``n``. A hand is recorded one of two ways.

Trick by trick, up to the trick that ended the hand (``dealer`` optional: it lets the first
lead be checked)::

    {"dealer": 3,
     "tricks": [{"plays": [{"seat": 0, "cards": "AS"}, {"seat": 1, "cards": "9C"},
                           {"seat": 2, "cards": "3D"}, {"seat": 3, "cards": "QC"}]},
                …]}

Quickly: the tricks each side had won when play stopped, and the side that won the first five
in a row (a múk), if one did (``first_five`` optional)::

    {"won": [5, 3]}
    {"won": [7, 1], "first_five": 0}

>>> game = Alkort()
>>> options = game.options()
>>> deal = game.parse_deal({"won": [7, 1], "first_five": 0}, players=4, options=options)
>>> tally = game.tally([deal], players=4, options=options)
>>> tally.totals, str(tally.deals[0].summary)
((7, 0), 'Side 1 made a stroke of 7: the first 7 tricks in a row.')
>>> [str(line) for line in tally.deals[0].results[0].explanation]
['won the first 7 tricks in a row, a stroke of 7: 7 (8a, A-5)']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, NotRequired, TypedDict

from adjudicator.asking import (
    Asks,
)
from adjudicator.cards import Pack, parse_cards
from adjudicator.dealing import Dealing, from_pack
from adjudicator.errors import (
    AdjudicationError,
    BadEntryError,
    IllegalPlayError,
    TooManyCopiesError,
)
from adjudicator.game import Question, Scored, Target
from adjudicator.messages import Message, Verbatim, joined, msg, msg_n
from adjudicator.records import (
    SOMEONE,
    CardsField,
    CountField,
    Field,
    FlagField,
    PerSeatField,
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
from adjudicator.said import Ref, seat, seats
from adjudicator.seats import read_seat
from adjudicator.tally import SeatResult
from adjudicator.tricks.alkort.hand import (
    CheckedHand,
    Hand,
    HandScoreData,
    QuickHand,
    check_hand,
    check_over,
    check_quick,
    score_hand,
    summarize,
    summary,
)
from adjudicator.tricks.alkort.rules import (
    HAND_SIZE,
    PACK,
    TABLE_SIZES,
    TRICKS,
    Options,
    Table,
    check_lead,
    check_trick,
    judge_trick,
    spoilers,
)
from adjudicator.tricks.alkort.sample import sample_hand
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


class Detail(TypedDict):
    """What a side did in a hand, beside its points: the tricks it won, its unbroken run from
    the first trick if it won the hand (0 otherwise), and its lines of the working."""

    won: int
    streak: int
    lines: list[ScoreLineData]


class Alkort(TrickGame[Options, Deal]):
    """Alkort: tricks in sides of two (or two alone), five to win a hand, a múk to win more."""

    slug = "alkort"
    name = "Alkort"
    options_type = Options
    detail_type = Detail
    # The game is for 4 or 2, never 3 (table_sizes; check_players says why).
    min_players = 2
    max_players = 4
    # The player at the dealer's left leads the first trick; the deal passes left.

    def table_sizes(self) -> tuple[int, ...]:
        return tuple(TABLE_SIZES)

    def check_players(self, players: int) -> None:
        """2 or 4 players (8a): Treikort is the game for three.

        >>> Alkort().check_players(3)
        Traceback (most recent call last):
        ...
        adjudicator.errors.BadEntryError: Alkort is for 4 players in two sides, or for 2, not 3 (Treikort is the game for three).
        """
        if self.min_players <= players <= self.max_players and players not in TABLE_SIZES:
            try:
                Table.for_players(players)
            except AdjudicationError as err:
                raise BadEntryError(err.message, field="seats") from None
        super().check_players(players)

    def seating(self, players: int, options: Options) -> Seating:
        """Four in two sides sitting crosswise; two each alone (8a).

        >>> Alkort().seating(4, Options()).sides, Alkort().seating(2, Options()).units
        (((0, 2), (1, 3)), ((0,), (1,)))
        """
        self.check_players(players)
        return crosswise(players) if players == 4 else Seating(players)

    def dealing(self, players: int, options: Options) -> Dealing:
        """8a: nine each in packets of three; the rest (8 at four, 26 at two) a hidden stock,
        taken only by a friðufær exchange (A-3, A-7)."""
        rule = "A-7" if players == 2 else "8a"
        notes = (
            msg("Dealt in packets of three (8a)."),
            msg(
                "The stock stays hidden unless a player exchanges a hand of rubbish for its "
                "top 8 cards (A-3, A-7)."
            ),
        )
        return from_pack(self.pack(options, players), players, HAND_SIZE, rule, notes=notes)

    def pack(self, options: Options, players: int) -> Pack:
        """The 44 cards: a standard pack without its 10s and 5s (8a)."""
        return PACK

    def record(self, options: Options, players: int) -> Record:
        """A hand trick by trick, or quickly (tricks won, and who won the first five)."""
        sides = players == 4
        fields: list[Field] = [
            SeatField(
                "dealer",
                msg("Who dealt?"),
                optional=True,
                none_label=msg("Not noted"),
                help=msg(
                    "The player at the dealer's left leads the first trick (A-6): name the "
                    "dealer to have that checked."
                ),
            ),
            TricksField(
                "tricks",
                msg("The tricks, in the order played"),
                max_tricks=TRICKS,
                max_cards_per_play=1,
                help=msg(
                    "Each trick lists its four cards in turn (two at two players), up to the "
                    "trick that ended the hand: a side's fifth, or after a múk the first trick "
                    "the other side won (or the ninth)."
                ),
            ),
            PerSideField(
                "won",
                msg("Tricks won by each side when play stopped")
                if sides
                else msg("Tricks won by each player when play stopped"),
                CountField("won", msg("Tricks won"), maximum=TRICKS),
                help=msg(
                    "Play stops at a side's fifth trick; after a múk it goes on until the "
                    "other side wins a trick (count that trick), or all nine are won."
                ),
            ),
            SideField(
                "first_five",
                msg("Which side won the first five tricks in a row (a múk)?")
                if sides
                else msg("Which player won the first five tricks in a row (a múk)?"),
                optional=True,
                none_label=msg("Nobody"),
                help=msg(
                    "A múk scores 5; a longer unbroken run from the first trick scores its "
                    "length (a stroke of 6 to 9)."
                ),
            ),
        ]
        return Record(
            tuple(fields),
            ways=(
                Way("tricks", msg("Trick by trick"), ("dealer", "tricks")),
                Way("quick", msg("Quickly: tricks won, and any múk"), ("won", "first_five")),
            ),
        )

    def end_rule(self, options: Options, players: int) -> Target:
        """The first to the house target, with more than the other (8a: the rules give none)."""
        return Target(options.target)

    # --- one hand ------------------------------------------------------------------------------

    def read(self, values: Mapping[str, Any], seating: Seating, options: Options) -> Deal:
        """A :class:`Hand` whose every play is legal and which is over, or a :class:`QuickHand`
        that can be the end of a hand."""
        self.check_players(seating.players)
        table = Table.for_players(seating.players)
        if values.get("tricks") is not None:
            hand = Hand(
                tuple(_trick(number, each) for number, each in enumerate(values["tricks"])),
                values.get("dealer"),
            )
            check_over(check_hand(hand, table, options))
            return hand
        quick = QuickHand(tuple(values["won"]), values.get("first_five"))
        check_quick(quick, table)
        return quick

    def write(self, deal: Deal) -> dict[str, Any]:
        if isinstance(deal, QuickHand):
            return {
                "dealer": None,
                "tricks": None,
                "won": deal.won,
                "first_five": deal.first_five,
            }
        tricks = as_records(deal.tricks)
        return {"dealer": deal.dealer, "tricks": tricks, "won": None, "first_five": None}

    def score(self, deal: Deal, state: Any, seating: Seating, options: Options) -> Scored:
        """The hand's winner scores 1, or the length of its run from the first trick (a múk 5,
        a stroke 6 to 9); the other side nothing (8a, A-5)."""
        table = Table.for_players(seating.players)
        hand = score_hand(deal, table, options)
        results = []
        for unit in range(len(table.sides)):
            lines = tuple(line.text for line in hand.lines if line.side == unit)
            detail: Detail = {
                "won": hand.won[unit],
                "streak": hand.streak if unit == hand.winner else 0,
                "lines": [line.as_dict() for line in hand.lines if line.side == unit],
            }
            results.append(SeatResult(unit, hand.points[unit], lines, detail=detail))
        return Scored(results=tuple(results), summary=summary(hand, table))

    def notes(self, options: Options, players: int) -> list[str]:
        """The house rules in play, and the variant the table size makes (8a)."""
        notes = super().notes(options, players)
        if players == 4:
            notes.append(
                msg("{players} play against {others}", players=seats((0, 2)), others=seats((1, 3)))
            )
        else:
            notes.append(msg("two players, each alone: nobody shows a partner a card"))
        return notes

    def sample_deal(self, *, players: int, options: Options, number: int) -> dict[str, Any]:
        """A hand played at random by the rules (:func:`sample_hand`): odd numbers recorded
        trick by trick (every fourth naming the dealer), even ones as their quick summary."""
        dealer = (number - 1) % players if number % 4 == 1 else None
        data = sample_hand(
            players, options, seed=f"{self.slug}:{players}:{number}", dealer=dealer, streak=0.5
        )
        if number % 2:
            return data
        hand = self.parse_deal(data, players=players, options=options)
        assert isinstance(hand, Hand)
        quick = summarize(check_hand(hand, Table.for_players(players), options))
        return self.deal_as_data(quick, players=players, options=options)

    # --- the dispute desk ----------------------------------------------------------------------

    def own_questions(self) -> Mapping[str, Question]:
        """``trick``, ``hand``, ``tricks`` and ``exchange`` (may this hand take the stock?)."""
        return {
            **family_questions(
                self,
                trick=_answer_trick,
                hand=_answer_hand,
                tricks=_answer_tricks,
                record=_SO_FAR,
                trick_fields=(
                    FlagField(
                        "leader_has_won", msg("The leader has already won a trick this hand")
                    ),
                ),
            ),
            "exchange": Question(
                "exchange",
                msg(
                    "May this hand be exchanged for the stock (not friðufær), and who "
                    "exchanges when several may?"
                ),
                _answer_exchange,
                asks=Asks(
                    (
                        CardsField("cards", msg("The hand dealt"), 13),
                        PerSeatField(
                            "hands",
                            msg("Or: several hands dealt"),
                            (CardsField("cards", msg("The hand dealt"), 13),),
                            prompt=msg("The hand {seat} was dealt", seat=SOMEONE),
                        ),
                        SeatField("dealer", msg("The dealer"), optional=True),
                    ),
                    lambda players, options: {"cards": _sample_hand(players)},
                    players=True,
                    ways_for=lambda players, options: EXCHANGE_WAYS,
                ),
            ),
        }


def _trick(number: int, recorded: TrickRecord) -> Trick:
    """A recorded trick as a :class:`Trick`; a trick of no plays (or with ``held`` notes,
    which Alkort has no use for) is refused."""
    trick = read_trick(number, recorded)
    if recorded.held:
        who = recorded.held[0][0]
        raise BadEntryError(
            msg("Alkort has no cards to note as held: list only the plays."),
            field=f"tricks[{number}].held",
            seats=[who],
        )
    return trick


# ---------------------------------------------------------------------------------------------
# Questions
# ---------------------------------------------------------------------------------------------

_GAME = Alkort()


def _players(data: Mapping[str, Any]) -> int:
    return Table.for_players(data.get("players")).players


class TrickAnswer(TrickAnswerBase):
    """``trick``: who wins it and why; for an illegal play (a 7 led too soon, a trick not
    finished), the refusal a record would get (``legal`` false, ``problem``)."""

    winner: NotRequired[int]
    side: NotRequired[int]


class HandAnswer(HandScoreData, HandEcho):
    """``hand``: the hand as read and what it scores per side, with the working."""


def _answer_trick(data: Mapping[str, Any], options: Options) -> TrickAnswer:
    """Who wins one trick and why: its plays in turn, one card each. A 7 led is legal only when
    ``leader_has_won`` says the leader has already won a trick this hand (8a). An illegal play
    is answered (``legal`` false) with the refusal a record would get."""
    players = _players(data)
    table = Table.for_players(players)
    has_won = data.get("leader_has_won", False)
    if not isinstance(has_won, bool):
        raise BadEntryError(
            msg("leader_has_won is true or false: has the leader already won a trick this hand?"),
            field="leader_has_won",
        )
    trick = parse_trick({"plays": data.get("plays")}, players)
    shown = trick_as_data(trick)
    try:
        check_trick(trick, table)
        check_lead(trick, 1 if has_won else 0)
        if len(trick.plays) < players:
            missing = [
                s for s in table.play_order(trick.leader) if s not in {p.seat for p in trick.plays}
            ]
            raise IllegalPlayError(
                msg("The trick is not finished: {players} still to play.", players=seats(missing)),
                field="plays",
                seats=missing,
            )
    except IllegalPlayError as err:
        return {
            "players": players,
            "trick": shown,
            "legal": False,
            "problem": err.as_dict(),
            "explanation": [err.message],
        }
    result = judge_trick(trick, options)
    return {
        "players": players,
        "trick": shown,
        "legal": True,
        "winner": result.winner,
        "side": table.side_of(result.winner),
        "play": result.play,
        "beaten": result.beaten,
        "reason": result.reason,
        "rule": result.rule,
        "explanation": [
            *result.steps,
            msg("{seat} wins the trick: {why}", seat=seat(result.winner), why=result.reason),
        ],
    }


def _answer_hand(data: Mapping[str, Any], options: Options) -> HandAnswer:
    """A hand's score per side with the working, from the same JSON a deal is recorded in."""
    players = _players(data)
    deal = hand_asked(_GAME, data, players, options)
    table = Table.for_players(players)
    hand = score_hand(deal, table, options)
    explanation: list[str] = [
        msg("{players}: {line}", players=_who(line.side, table), line=line.text)
        for line in hand.lines
    ]
    for unit, points in enumerate(hand.points):
        who = _who(unit, table)
        if len(who.seats) == 1:  # at two, a player alone
            explanation.append(
                msg_n("{player} scores {count}", "{player} scores {count}", points, player=who)
            )
        else:
            explanation.append(
                msg_n("{players} score {count}", "{players} score {count}", points, players=who)
            )
    return {
        "players": players,
        "hand": _GAME.deal_as_data(deal, players=players, options=options),
        **hand.as_dict(),
        "summary": summary(hand, table, by_seats=True),
        "explanation": explanation,
    }


def _who(unit: int, table: Table) -> Ref:
    """A side by its seats (a question has no names to put in)."""
    return seats(table.sides[unit])


_SO_FAR = so_far(max_tricks=TRICKS, max_cards_per_play=4)


def _answer_tricks(data: Mapping[str, Any], options: Options) -> TricksAnswer:
    """A hand as far as it has been played, judged trick by trick, as the table enters it:
    each complete trick's winner and the reason, and the first illegal play with its reason
    (the tricks after it are not judged). The trick family's page widget asks this."""
    players = _players(data)
    table = Table.for_players(players)
    values = read_so_far(_SO_FAR, data, players)
    tricks = values["tricks"]
    dealer = values.get("dealer")

    def judge(so_far: tuple[TrickRecord, ...]) -> CheckedHand:
        hand = Hand(tuple(_trick(n, each) for n, each in enumerate(so_far)), dealer)
        # An unfinished trick is checked as far as it goes: a lead out of turn, a card
        # played twice or a 7 led too soon are refused as soon as they are entered.
        return check_hand(hand, table, options, unfinished=True)

    verdicts: list[TrickVerdict] = []
    won = [0] * len(table.sides)
    for number, recorded in enumerate(tricks):
        complete = len(recorded.plays) >= players
        try:
            checked = judge(tuple(tricks[: number + 1]))
        except AdjudicationError as err:
            breach = first_breach(tricks, number, err, judge)
            verdicts.append(refused(number, complete, err, breach))
            break
        if not complete:
            verdicts.append(unfinished(number))
            continue
        result = checked.results[number]
        unit = table.side_of(result.winner)
        won[unit] += 1
        verdicts.append(taken(number, result.winner, unit, result.reason, won))
    return {"players": players, "tricks": verdicts, "won": tuple(won)}


# ---------------------------------------------------------------------------------------------
# The exchange

EXCHANGE_WAYS = (
    Way("one", msg("One hand"), ("cards",)),
    Way(
        "several",
        msg("Several hands, and who dealt (the first from the dealer's left may)"),
        ("hands", "dealer"),
    ),
)


def _read_hand(raw: object, where: str, players: int) -> tuple[Any, ...]:
    if not isinstance(raw, str):
        raise BadEntryError(
            msg(
                "Give the {count} cards dealt, such as {example}.",
                count=HAND_SIZE,
                example=Verbatim("'2C 3S 4H …'"),
            ),
            field=where,
        )
    try:
        cards = parse_cards(raw)
        PACK.check(cards, field=where)
    except AdjudicationError as err:
        if not err.path:
            err.field = where
        raise
    if len(cards) != HAND_SIZE:
        raise BadEntryError(
            msg("A hand is dealt {count} cards, not {given}.", count=HAND_SIZE, given=len(cards)),
            cards=cards,
            field=where,
        )
    return cards


def _verdict(cards: tuple[Any, ...], options: Options) -> tuple[bool, tuple[Any, ...], Message]:
    spoiled = spoilers(cards, options)
    shown = joined(spoiled, " ")
    if options.fridufaer == "pagat":
        if spoiled:
            why = msg("{cards} could beat a led low 8, so the hand is friðufær (A-3)", cards=shown)
        else:
            why = msg("nothing in it could beat a led low 8, so the hand is not friðufær (A-3)")
    elif spoiled:
        why = msg_n(
            "{cards} is not rubbish, and only a hand of rubbish is not friðufær (A-3, A-8, "
            "house rule {rule} = {reading})",
            "{cards} are not rubbish, and only a hand of rubbish is not friðufær (A-3, A-8, "
            "house rule {rule} = {reading})",
            len(spoiled),
            cards=shown,
            rule=_FRIDUFAER,
            reading=_RUBBISH_ONLY,
        )
    else:
        why = msg(
            "every card is rubbish, so the hand is not friðufær (A-3, house rule {rule} = "
            "{reading})",
            rule=_FRIDUFAER,
            reading=_RUBBISH_ONLY,
        )
    return not spoiled, spoiled, why


class OneHand(TypedDict):
    """``exchange`` of one hand: may it be exchanged, and the cards that spoil it."""

    players: int
    reading: Literal["pagat", "seed_all_rubbish"]
    cards: str
    qualifies: bool
    spoilers: list[str]
    explanation: list[str]


class SeatHand(TypedDict):
    """One seat's hand judged for the exchange."""

    seat: int
    cards: str
    qualifies: bool
    spoilers: list[str]


class SeveralHands(TypedDict):
    """``exchange`` of several hands: each judged, and who exchanges (``null`` if nobody
    may, or several may and the dealer is not named)."""

    players: int
    reading: Literal["pagat", "seed_all_rubbish"]
    dealer: int | None
    hands: list[SeatHand]
    exchanges: int | None
    explanation: list[str]


def _answer_exchange(data: Mapping[str, Any], options: Options) -> OneHand | SeveralHands:
    """Whether a dealt hand may be exchanged for the stock (not friðufær: A-3, A-8): show it,
    keep one card, take the 8 stock cards (8 of the 26 at two players, A-7).

    Give one hand as ``cards``, or several as ``hands`` (``[{"seat": 0, "cards": …}]``) with
    ``dealer``: when more than one may, the first in turn from the dealer's left does (A-4).
    """
    players = _players(data)
    table = Table.for_players(players)
    stock = (
        msg("the {count} cards of the stock", count=table.stock)
        if table.stock == 8
        else msg("8 of the {count} cards of the stock (A-7)", count=table.stock)
    )
    what = msg("show the hand, keep one card and take {stock}", stock=stock)
    if "cards" in data:
        if "hands" in data:
            raise BadEntryError(
                msg("Give one hand as cards, or several as hands, not both."), field="hands"
            )
        cards = _read_hand(data["cards"], "cards", players)
        ok, spoiled, why = _verdict(cards, options)
        said: list[str] = [
            msg("may exchange: {why}", why=why) if ok else msg("may not exchange: {why}", why=why)
        ]
        if ok:
            said.append(msg("to exchange: {what}", what=what))
        return {
            "players": players,
            "reading": options.fridufaer,
            "cards": " ".join(str(c) for c in cards),
            "qualifies": ok,
            "spoilers": [str(c) for c in spoiled],
            "explanation": said,
        }
    raw = data.get("hands")
    if not isinstance(raw, list) or not raw:
        raise BadEntryError(
            msg(
                "Give the hand as cards ({cards}), or several as hands: {hands}.",
                cards=Verbatim('"2C 3S …"'),
                hands=Verbatim('[{"seat": 0, "cards": …}]'),
            ),
            field="cards",
        )
    dealer = data.get("dealer")
    if dealer is not None:
        dealer = read_seat(dealer, players, "dealer")
    found: dict[int, tuple[bool, tuple[Any, ...], Message, tuple[Any, ...]]] = {}
    used: list[Any] = []
    for index, item in enumerate(raw):
        where = f"hands[{index}]"
        if not isinstance(item, Mapping) or set(item) != {"seat", "cards"}:
            raise BadEntryError(msg("Each hand is an object with seat and cards."), field=where)
        try:
            who = read_seat(item["seat"], players, "seat")
        except AdjudicationError as err:
            raise err.at(where) from None
        if who in found:
            raise BadEntryError(
                msg("{seat} is listed twice.", seat=seat(who)), field=f"{where}.seat", seats=[who]
            )
        cards = _read_hand(item["cards"], f"{where}.cards", players)
        used += cards
        try:
            PACK.check(used, field=f"{where}.cards")
        except TooManyCopiesError as err:
            err.seats = (who,)
            raise
        ok, spoiled, why = _verdict(cards, options)
        found[who] = (ok, spoiled, why, cards)
    order = (
        sorted(found)
        if dealer is None
        else [(dealer + 1 + step) % players for step in range(players)]
    )
    may = [s for s in order if s in found and found[s][0]]
    explanation: list[str] = []
    for who in sorted(found):
        ok, _, why, _ = found[who]
        if ok:
            explanation.append(msg("{seat} may exchange: {why}", seat=seat(who), why=why))
        else:
            explanation.append(msg("{seat} may not exchange: {why}", seat=seat(who), why=why))
    exchanges: int | None = None
    if len(may) == 1:
        exchanges = may[0]
        explanation.append(msg("{seat} may {what}", seat=seat(exchanges), what=what))
    elif may and dealer is not None:
        exchanges = may[0]
        explanation.append(
            msg(
                "{players} may: the first in turn from the dealer's left, {seat}, exchanges "
                "(A-4) and may {what}",
                players=seats(sorted(may)),
                seat=seat(exchanges),
                what=what,
            )
        )
    elif may:
        explanation.append(
            msg(
                "{players} may: the first of them in turn from the dealer's left exchanges "
                "(A-4). Name the dealer to know who.",
                players=seats(sorted(may)),
            )
        )
    return {
        "players": players,
        "reading": options.fridufaer,
        "dealer": dealer,
        "hands": [
            {
                "seat": who,
                "cards": " ".join(str(c) for c in found[who][3]),
                "qualifies": found[who][0],
                "spoilers": [str(c) for c in found[who][1]],
            }
            for who in sorted(found)
        ],
        "exchanges": exchanges,
        "explanation": explanation,
    }


# The house rule A-3's reasons name under seed_all_rubbish, by the names a player reads.
_FRIDUFAER = msg("Friðufær")
_RUBBISH_ONLY = msg("Rubbish only: no 7s and no 8s")


def _sample_hand(players: int) -> str:
    """The first cards of Alkort's pack, nine of them, a hand's worth (a hand to ask about)."""
    return " ".join(str(card) for card in list(_GAME.pack(_GAME.options(), players))[:9])


__all__ = ["Alkort", "Deal"]
