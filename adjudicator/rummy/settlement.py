"""What the rummy family's settlement games share: a loser's hand, its value, who pays whom.

In Rummy and its variants (rulings section 4) a hand ends when someone goes out, and the
others pay the winner for what they still hold. This module holds what those games have in
common, so that each game module only says its own rules:

* :class:`Counting`: how a game values the cards a player is left with. Every card (Rummy:
  "the value of the cards still in hand") or only the cards the best melding leaves over
  (Boathouse; Gambler's and Knock Rummy's unmatched count), and what each card is worth.
* :class:`Hand` and :func:`value_hand`: a player's hand as the table records it, the cards
  (the engine does the counting and the melding) or a count the table agreed.
* :func:`dealt`, :func:`check_hands`: how many cards the deal gives, and the hands that many
  cards make impossible, refused with a sentence.
* :class:`SettlementGame`: what those games declare alike on the contract (one standard pack,
  a deal the table calls a hand, points that are money changing hands), and :func:`end_rule`,
  their end: a running net, or a target (P-3), and the house rule that sets the target
  (:func:`target_option`).
* :class:`Ledger`: payments between seats, each explained on both sides, turned into a
  settlement :class:`~adjudicator.game.Scored` whose points are each seat's net.
* :func:`losers_pay`, :func:`lowest_collects`: the two ways the family settles a hand. Every
  loser pays the winner the value of their hand; or (Gambler's G-1, Knock Rummy) the lowest
  count collects the difference from everyone, tied lowest sharing it exactly (K-2, G-2).
* The record of losers' hands (:func:`hands_field`, :func:`read_hands`, :func:`write_hands`)
  and the answers to the questions every game asks (:func:`answer_meld`,
  :func:`answer_deadwood`, :func:`answer_settle`), in one question table
  (:func:`hand_questions`), beside the question on one turn that three of them ask
  (:func:`turn_question`).

>>> hand = Hand(1, cards=parse_cards("7H 8H 9H KC"))
>>> value_hand(hand, RUMMY_HELD).points, value_hand(hand, RUMMY_UNMATCHED).points
(34, 10)
>>> ledger = Ledger(2)
>>> losers_pay(ledger, 0, [value_hand(hand, RUMMY_HELD)])
>>> [(p.payer, p.payee, p.amount) for p in ledger.payments], ledger.nets()
([(1, 0, 34)], [34, -34])
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal, NotRequired, TypedDict

from adjudicator.asking import CLAIM, Asks, deal_input
from adjudicator.cards import (
    ALL_CARDS,
    STANDARD,
    Card,
    Pack,
    format_cards,
    parse_cards,
    sort_cards,
)
from adjudicator.errors import (
    AdjudicationError,
    BadEntryError,
    ImpossibleCountError,
    SearchTooLongError,
)
from adjudicator.game import Game, Open, Question, Scored, Target
from adjudicator.messages import Message, Points, Verbatim, joined, msg, msg_n
from adjudicator.options import option
from adjudicator.records import SOMEONE, CardsField, CountField, PerSeatField, SeatEntry
from adjudicator.rummy.answers import DeadwoodAnswer, MeldAnswer, SettleAnswer
from adjudicator.rummy.declaring import TURN_OPTIONAL, turn_fields
from adjudicator.rummy.melding_rules import (
    BOATHOUSE,
    RUMMY,
    CardValue,
    Melding,
    MeldStyle,
    best_melding,
    boathouse_value,
    meld_problems,
    rummy_value,
    shown_cards,
    shown_meld,
    shown_melds,
)
from adjudicator.said import Ref, say, seat, seats
from adjudicator.tally import Payment, SeatResult, whole
from adjudicator.tally import Points as Amount

# ---------------------------------------------------------------------------------------------
# The games on the contract
# ---------------------------------------------------------------------------------------------


class SettlementGame[O, D](Game[O, D]):
    """A settlement game on the contract (Rummy, Boathouse, Gambler's, Knock Rummy): what they
    declare alike. One standard pack, as the parent game (4.1); the table calls a deal a hand;
    points are money changing hands, so more is better and each hand settles."""

    family = "rummy"
    lower_is_better = False
    settles = True
    deal_word = "hand"

    def pack(self, options: O, players: int) -> Pack:
        return STANDARD


def target_option() -> Any:
    """The house rule ``target`` of a settlement game (P-3): none by default, a running net."""
    return option(
        0,
        msg(
            "Play to this many points net (0: no target; each hand is settled on its own and the "
            "table keeps a running net)."
        ),
        minimum=0,
        maximum=10_000,
        rule="P-3",
    )


def end_rule(target: int) -> Open | Target:
    """P-3: no target by default (each hand settles, a running net); or a points target."""
    return Target(target) if target else Open()


# ---------------------------------------------------------------------------------------------
# Counting a hand
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Counting:
    """How a game values the cards a player is left with.

    ``unmatched_only``: only the cards left over by the best melding count (the engine finds
    it, ruling 4's common definitions); otherwise every card held counts. ``note`` names the
    card values in an explanation ("court 10, ace 1").
    """

    style: MeldStyle
    value: CardValue
    unmatched_only: bool
    note: str

    @property
    def what(self) -> Message:
        """What the count is called: ``unmatched`` or ``in hand``."""
        return msg("unmatched") if self.unmatched_only else msg("in hand")

    @property
    def pack(self) -> Pack:
        return self.style.pack

    def most(self, cards: int) -> int:
        """The most ``cards`` cards of the pack can count (the highest values first).

        >>> RUMMY_HELD.most(7), RUMMY_HELD.most(21), BOATHOUSE_UNMATCHED.most(2)
        (70, 204, 22)
        """
        values = sorted((self.value(c) for c in self.pack), reverse=True)
        return sum(values[: max(cards, 0)])


# Ruling 4.1: court cards 10, the ace 1, other cards their pips; in Rummy every card held counts.
RUMMY_HELD = Counting(RUMMY, rummy_value, False, msg("court 10, ace 1"))
# Ruling 4 (common definitions): the unmatched count, as Gambler's G-2 and Knock Rummy use it.
RUMMY_UNMATCHED = Counting(RUMMY, rummy_value, True, msg("court 10, ace 1"))
# Ruling 4.2: a Boathouse loser pays only for unmatched cards, aces 11, round-the-corner runs.
BOATHOUSE_UNMATCHED = Counting(BOATHOUSE, boathouse_value, True, msg("aces 11, Boathouse"))


@dataclass(frozen=True)
class Hand:
    """A player's hand as recorded: the cards, or the count the table agreed (one of them)."""

    seat: int
    cards: tuple[Card, ...] | None = None
    count: int | None = None


@dataclass(frozen=True)
class Valued:
    """A hand counted: its points, the working in words, and the best melding when searched."""

    seat: int
    points: int
    working: str
    melding: Melding | None = None


def value_hand(hand: Hand, counting: Counting) -> Valued:
    """What a hand counts, with the working: the engine's count for cards, or the agreed count.

    >>> str(value_hand(Hand(2, cards=parse_cards("7H 8C 8D AS")), BOATHOUSE_UNMATCHED).working)
    'AS 7H 8D 8C = 34 unmatched (aces 11, Boathouse)'
    >>> str(value_hand(Hand(2, count=12), RUMMY_HELD).working)
    '12 in hand, as the table agreed'
    """
    if hand.cards is None:
        count = hand.count or 0
        agreed = (
            msg("{count} unmatched, as the table agreed", count=count)
            if counting.unmatched_only
            else msg("{count} in hand, as the table agreed", count=count)
        )
        return Valued(hand.seat, count, agreed)
    if not counting.unmatched_only:
        points = sum(counting.value(c) for c in hand.cards)
        shown = msg(
            "{cards} = {points} in hand ({note})",
            cards=shown_cards(hand.cards),
            points=points,
            note=counting.note,
        )
        return Valued(hand.seat, points, shown)
    try:
        melding = best_melding(hand.cards, counting.style, counting.value)
    except SearchTooLongError as err:
        # Ruling 4: the count is the best melding's, so a hand too costly to search is not
        # guessed at; the table can give the count it agrees instead.
        raise SearchTooLongError(
            msg(
                "{seat}'s {count} cards can be melded in too many ways to search them all: "
                "give the count the table agrees instead.",
                seat=seat(hand.seat),
                count=len(hand.cards),
            ),
            field="hands",
            seats=(hand.seat,),
        ) from err
    left = shown_cards(sort_cards(melding.leftover)) if melding.leftover else msg("nothing")
    if melding.melds:
        shown = msg(
            "{cards} = {count} unmatched ({note}), melding {melds}",
            cards=left,
            count=melding.count,
            note=counting.note,
            melds=shown_melds(melding.melds, "; "),
        )
    else:
        shown = msg(
            "{cards} = {count} unmatched ({note})",
            cards=left,
            count=melding.count,
            note=counting.note,
        )
    return Valued(hand.seat, melding.count, shown, melding)


# ---------------------------------------------------------------------------------------------
# How many cards a player can hold
# ---------------------------------------------------------------------------------------------


def dealt(players: int) -> int:
    """Ruling 4.1: 10 cards each for two players, 7 for three or four, 6 for five or six.

    >>> [dealt(n) for n in range(2, 7)]
    [10, 7, 7, 6, 6]
    """
    return 10 if players <= 2 else 7 if players <= 4 else 6


@dataclass(frozen=True)
class Limits:
    """What the deal allows a hand: from ``least`` to ``most`` cards, a count of at least
    ``least_count``, and together no more than ``together`` cards (``why`` says which rule)."""

    least: int
    most: int
    together: int
    least_count: int
    why: str


def check_hands(
    hands: Mapping[int, Hand], counting: Counting, limits: Limits, *, field: str = "hands"
) -> None:
    """Refuse a hand the deal makes impossible, naming the rule; then the hands together.

    Each hand holds ``limits.least`` to ``limits.most`` cards, so its count is at most what
    the pack's best ``most`` cards are worth; together the hands hold at most
    ``limits.together`` cards, worth at most the pack's best that many.
    """
    for index, hand in enumerate(hands.values()):
        who = seat(hand.seat)
        if hand.cards is not None:
            held = len(hand.cards)
            where = f"{field}[{index}].cards"
            if held < limits.least:
                raise ImpossibleCountError(
                    msg_n(
                        "{seat} holds at least {count} card, not {held}: {why}.",
                        "{seat} holds at least {count} cards, not {held}: {why}.",
                        limits.least,
                        seat=who,
                        held=held,
                        why=limits.why,
                    ),
                    cards=hand.cards,
                    field=where,
                    seats=(hand.seat,),
                )
            if held > limits.most:
                raise ImpossibleCountError(
                    msg_n(
                        "{seat} can hold at most {count} card, not {held}: {why}.",
                        "{seat} can hold at most {count} cards, not {held}: {why}.",
                        limits.most,
                        seat=who,
                        held=held,
                        why=limits.why,
                    ),
                    cards=hand.cards,
                    field=where,
                    seats=(hand.seat,),
                )
            continue
        count = hand.count or 0
        most = counting.most(limits.most)
        where = f"{field}[{index}].{'unmatched' if counting.unmatched_only else 'held'}"
        if count > most:
            raise ImpossibleCountError(
                (
                    msg_n(
                        "{seat} can hold at most {count} card, worth at most {most} ({note}), "
                        "so not {claimed} unmatched: {why}.",
                        "{seat} can hold at most {count} cards, worth at most {most} ({note}), "
                        "so not {claimed} unmatched: {why}.",
                        limits.most,
                        seat=who,
                        most=most,
                        note=counting.note,
                        claimed=count,
                        why=limits.why,
                    )
                    if counting.unmatched_only
                    else msg_n(
                        "{seat} can hold at most {count} card, worth at most {most} ({note}), "
                        "so not {claimed} in hand: {why}.",
                        "{seat} can hold at most {count} cards, worth at most {most} ({note}), "
                        "so not {claimed} in hand: {why}.",
                        limits.most,
                        seat=who,
                        most=most,
                        note=counting.note,
                        claimed=count,
                        why=limits.why,
                    )
                ),
                field=where,
                seats=(hand.seat,),
            )
        if count < limits.least_count:
            raise ImpossibleCountError(
                msg(
                    "{seat} still holds at least one card, worth at least {least}, so not {count}.",
                    seat=who,
                    least=limits.least_count,
                    count=count,
                ),
                field=where,
                seats=(hand.seat,),
            )
    _check_together(hands, counting, limits, field)


def _check_together(
    hands: Mapping[int, Hand], counting: Counting, limits: Limits, field: str
) -> None:
    cards = sum(len(h.cards) if h.cards is not None else limits.most for h in hands.values())
    cards = min(cards, limits.together)
    total = sum(value_hand(h, counting).points for h in hands.values())
    most = counting.most(cards)
    if len(hands) > 1 and total > most:
        who = tuple(sorted(hands))
        raise ImpossibleCountError(
            msg(
                "Together {players} count {total}, but {cards} cards of one pack are worth at "
                "most {most} ({note}): {why}.",
                players=seats(who),
                total=total,
                cards=cards,
                most=most,
                note=counting.note,
                why=limits.why,
            ),
            field=field,
            seats=who,
        )


# ---------------------------------------------------------------------------------------------
# Payments
# ---------------------------------------------------------------------------------------------


class SettlementDetail(TypedDict):
    """What a settlement game (Rummy, Boathouse, Gambler's) gives each player beside their net:
    the count of a loser's hand, ``held`` when another went out (Rummy, Gambler's) or
    ``unmatched`` when unmatched cards are what counts (Boathouse; Gambler's lowest count after a
    refusal). The player who went out, and everyone in a dead hand, has neither."""

    held: NotRequired[int]
    unmatched: NotRequired[int]


class Ledger:
    """Payments between seats for one hand, each explained to the payer and to the payee.

    :meth:`scored` turns them into a settlement deal: each seat's points are its net, and the
    explanation lines say who paid whom what and why.
    """

    def __init__(self, players: int) -> None:
        self.players = players
        self.payments: list[Payment] = []
        self.lines: dict[int, list[str]] = {s: [] for s in range(players)}

    def pay(self, payer: int, payee: int, amount: Amount, why: str) -> None:
        """``payer`` pays ``payee`` ``amount`` (nothing is recorded for 0), because ``why``."""
        amount = whole(amount)
        if amount == 0:
            return
        shown = Points(amount)
        self.payments.append(Payment(payer, payee, amount))
        self.lines[payer].append(
            msg(
                "{payer} pays {payee} {points}: {why}",
                payer=seat(payer),
                payee=seat(payee),
                points=shown,
                why=why,
            )
        )
        self.lines[payee].append(
            msg(
                "{payee} collects {points} from {payer}: {why}",
                payee=seat(payee),
                payer=seat(payer),
                points=shown,
                why=why,
            )
        )

    def note(self, who: int, line: str) -> None:
        self.lines[who].append(line)

    def nets(self) -> list[Amount]:
        """Each seat's net: what it collected less what it paid."""
        net: list[Amount] = [0] * self.players
        for p in self.payments:
            net[p.payer] -= p.amount
            net[p.payee] += p.amount
        return [whole(n) for n in net]

    def results(
        self, details: Mapping[int, SettlementDetail] | None = None
    ) -> tuple[SeatResult, ...]:
        details = details or {}
        out = []
        for who, net in enumerate(self.nets()):
            lines = self.lines[who] or [msg("{seat} neither pays nor collects", seat=seat(who))]
            none: SettlementDetail = {}
            out.append(SeatResult(who, net, tuple(lines), detail=details.get(who, none)))
        return tuple(out)

    def scored(self, summary: str, details: Mapping[int, SettlementDetail] | None = None) -> Scored:
        return Scored(results=self.results(details), summary=summary, payments=tuple(self.payments))


def losers_pay(
    ledger: Ledger, winner: int, losers: Sequence[Valued], *, times: int = 1, why: str = ""
) -> None:
    """Rule 4.1: each loser pays the winner what their hand counts, ``times`` over (rummy's
    double), ``why`` added to the working ("doubled for rummy (P-1)")."""
    for loser in losers:
        working = msg("{working}, {why}", working=loser.working, why=why) if why else loser.working
        ledger.pay(loser.seat, winner, loser.points * times, working)


def lowest_collects(ledger: Ledger, counts: Sequence[Valued], *, rule: str) -> tuple[int, ...]:
    """The lowest count collects from everyone else the difference; tied lowest share each
    payment equally, exactly (K-2, G-2: "the result can be fractional"). Returns the winners.

    >>> ledger = Ledger(4)
    >>> lowest_collects(ledger, [Valued(0, 5, ""), Valued(1, 5, ""), Valued(2, 10, ""),
    ...                          Valued(3, 20, "")], rule="G-2")
    (0, 1)
    >>> ledger.nets()
    [10, 10, -5, -15]
    """
    low = min(v.points for v in counts)
    winners = tuple(v.seat for v in counts if v.points == low)
    for payer in counts:
        if payer.seat in winners:
            continue
        difference = payer.points - low
        why = (
            msg(
                "{working}, {difference} more than the lowest {low}, shared by the {count} tied "
                "lowest ({rule})",
                working=payer.working,
                difference=difference,
                low=low,
                count=len(winners),
                rule=Verbatim(rule),
            )
            if len(winners) > 1
            else msg(
                "{working}, {difference} more than the lowest {low}",
                working=payer.working,
                difference=difference,
                low=low,
            )
        )
        for winner in winners:
            amount = Fraction(difference, len(winners))
            ledger.pay(payer.seat, winner, amount, why)
    return winners


# ---------------------------------------------------------------------------------------------
# The record of losers' hands
# ---------------------------------------------------------------------------------------------


def hands_field(
    counting: Counting,
    *,
    most_cards: int,
    least_count: int,
    skip: str | None = "went_out",
    label: str = msg("What each other player held"),
    extra: tuple[CountField, ...] = (),
) -> PerSeatField:
    """Each loser's hand: the cards (card picker) or the count the table agrees.

    The count's key is ``held`` (every card counts) or ``unmatched`` (the best melding's
    leftover), so a stored deal says which was meant.
    """
    count = CountField(
        "unmatched" if counting.unmatched_only else "held",
        msg("Unmatched count") if counting.unmatched_only else msg("Count in hand"),
        minimum=least_count,
        maximum=counting.most(most_cards),
    )
    return PerSeatField(
        "hands",
        label,
        skip=skip,
        entries=(
            CardsField("cards", msg("Cards"), min_cards=1, max_cards=most_cards),
            count,
            *extra,
        ),
        prompt=msg(
            "Say what {players} held (the cards, or a count the table agrees)", players=SOMEONE
        ),
        skipped=msg("{seat} went out, so holds nothing to pay for", seat=SOMEONE),
    )


def read_hands(entries: Mapping[int, SeatEntry]) -> dict[int, Hand]:
    """The hands of a per-seat field as parsed: cards, or a count under ``held``/``unmatched``."""
    hands = {}
    for who, entry in entries.items():
        if entry.key == "cards":
            hands[who] = Hand(who, cards=tuple(sort_cards(entry.value)))
        else:
            hands[who] = Hand(who, count=entry.value)
    return hands


def write_hands(hands: Mapping[int, Hand], count_key: str) -> dict[int, SeatEntry]:
    return {
        who: SeatEntry("cards", h.cards) if h.cards is not None else SeatEntry(count_key, h.count)
        for who, h in hands.items()
    }


def refuse_entry_kind(
    entries: Mapping[int, SeatEntry], key: str, sentence: str | Callable[[Ref], str]
) -> None:
    """Refuse any seat's entry given as ``key`` (a count that means something else here).

    ``sentence`` makes the refusal for the seat: a function of it (``lambda who: msg("… {seat}
    …", seat=who)``), or, as before messages, a text with ``{}`` where the seat goes.
    """
    for who, entry in entries.items():
        if entry.key == key:
            said = sentence(seat(who)) if callable(sentence) else say(sentence, seat(who))
            raise BadEntryError(said, field=f"hands[{entry.index}].{key}", seats=(who,))


# ---------------------------------------------------------------------------------------------
# Questions every settlement game answers
# ---------------------------------------------------------------------------------------------

MOST_QUESTION_CARDS = len(ALL_CARDS)


def cards_of(data: Mapping[str, Any], key: str, counting: Counting) -> tuple[Card, ...]:
    """Cards from a question's body, checked against the game's pack."""
    value = data.get(key)
    if not isinstance(value, str) or not value.strip():
        raise BadEntryError(
            msg("{field} must be a string of cards, such as '7H 8H 9H KC'.", field=Verbatim(key)),
            field=key,
        )
    if len(value) > 8 * MOST_QUESTION_CARDS:
        raise BadEntryError(
            msg(
                "{field} holds at most {count} cards.",
                field=Verbatim(key),
                count=MOST_QUESTION_CARDS,
            ),
            field=key,
        )
    try:
        cards = parse_cards(value)
        counting.pack.check(cards)
    except AdjudicationError as err:
        raise err.at(key) from None
    return cards


def answer_meld(data: Mapping[str, Any], counting: Counting) -> MeldAnswer:
    """Is this one meld in the game's style? Every problem at once, and what it would count."""
    cards = cards_of(data, "cards", counting)
    problems = meld_problems(cards, counting.style)
    shown = format_cards(cards)
    kind: Literal["set", "run"] | None = None
    game = counting.style.name
    explanation: list[str]
    if not problems:
        kind = "set" if len({c.rank for c in cards}) == 1 else "run"
        explanation = [
            msg("{cards} is a set in {game}", cards=shown_cards(cards), game=game)
            if kind == "set"
            else msg("{cards} is a run in {game}", cards=shown_cards(cards), game=game)
        ]
    else:
        explanation = [
            msg(
                "{cards} is not a meld in {game}: {problems}",
                cards=shown_cards(cards),
                game=game,
                problems=joined(problems, "; "),
            )
        ]
    return {
        "cards": shown,
        "valid": not problems,
        "kind": kind,
        "problems": list(problems),
        "explanation": explanation,
    }


def answer_deadwood(data: Mapping[str, Any], counting: Counting) -> DeadwoodAnswer:
    """The best melding of a hand and its unmatched count; checks a ``claimed`` count."""
    cards = cards_of(data, "cards", counting)
    claimed = data.get("claimed")
    if claimed is not None and (isinstance(claimed, bool) or not isinstance(claimed, int)):
        raise BadEntryError(
            msg("claimed is the unmatched count a player announced."), field="claimed"
        )
    try:
        melding = best_melding(cards, counting.style, counting.value)
    except AdjudicationError as err:  # too costly to search: the count is not guessed at
        raise err.at("cards") from None
    values = joined((joined((c, counting.value(c)), " ") for c in melding.leftover), ", ")
    explanation: list[str] = [
        *(msg("meld {meld}", meld=shown_meld(m)) for m in melding.melds),
        msg(
            "unmatched: {values} = {count} ({note})",
            values=values if melding.leftover else msg("nothing"),
            count=melding.count,
            note=counting.note,
        ),
    ]
    held = sum(counting.value(c) for c in cards)
    answer: DeadwoodAnswer = {
        "cards": format_cards(cards),
        "melds": [str(m) for m in melding.melds],
        "unmatched": format_cards(melding.leftover),
        "count": melding.count,
        "in_hand": held,
        "explanation": explanation,
    }
    if not counting.unmatched_only:
        explanation.append(
            msg("every card in hand counts when another player goes out: {held}", held=held)
        )
    if claimed is not None:
        right = claimed == melding.count
        answer["claimed"] = claimed
        answer["claim_right"] = right
        explanation.append(
            msg("the claim of {claimed} is right", claimed=claimed)
            if right
            else msg(
                "the claim of {claimed} is wrong: the lowest unmatched count is {count}",
                claimed=claimed,
                count=melding.count,
            )
        )
    return answer


def answer_settle(game: Game[Any, Any], data: Mapping[str, Any], options: Any) -> SettleAnswer[Any]:
    """Who pays whom for one hand, from the raw entries (``players`` and the deal's fields)."""
    players = data.get("players")
    if isinstance(players, bool) or not isinstance(players, int):
        raise BadEntryError(msg("players is how many sat at the table."), field="players")
    game.check_players(players)
    raw = {k: v for k, v in data.items() if k not in ("players", "options")}
    deal = game.parse_deal(raw, players=players, options=options)
    scored = game.score(
        deal,
        game.start(game.seating(players, options), options),
        game.seating(players, options),
        options,
    )
    return {
        "deal": game.deal_as_data(deal, players=players, options=options),
        "summary": scored.summary,
        "payments": [p.as_dict() for p in scored.payments],
        "results": [r.as_dict() for r in scored.results],
        "explanation": [line for r in scored.results for line in r.explanation],
    }


def hand_questions(
    game: Game[Any, Any],
    *,
    melds: Counting,
    deadwood: Counting,
    meld_summary: str,
    deadwood_summary: str,
    settles: Any,
    most_held: int,
) -> dict[str, Question]:
    """The ``meld``, ``deadwood`` and ``settle`` questions a settlement game of the family
    answers, each with what it takes (the dispute desk's form) and a sample it answers.
    ``settles`` is the ``settle`` answer's type: :class:`SettleAnswer` of the game's seat
    ``detail``; ``most_held``: the most cards one hand of the game can hold, which bounds the
    ``deadwood`` question's hand."""

    def meld(data: Mapping[str, Any], options: Any) -> MeldAnswer:
        return answer_meld(data, melds)

    def count(data: Mapping[str, Any], options: Any) -> DeadwoodAnswer:
        return answer_deadwood(data, deadwood)

    def settle(data: Mapping[str, Any], options: Any) -> SettleAnswer[Any]:
        return answer_settle(game, data, options)

    hand = (
        CardsField("cards", msg("The hand"), most_held),
        CountField("claimed", msg("The count claimed"), maximum=1000),
    )
    return {
        "meld": Question(
            "meld",
            meld_summary,
            meld,
            asks=Asks((CardsField("cards", msg("The meld"), 13),), {"cards": "5H 6H 7H"}),
        ),
        "deadwood": Question(
            "deadwood",
            deadwood_summary,
            count,
            asks=Asks(hand, {"cards": "5H 6H 7H KS 2C", "claimed": 12}, optional=CLAIM),
        ),
        "settle": Question(
            "settle",
            msg("Who pays whom for one hand, from the raw entries?"),
            settle,
            asks=deal_input(game),
            answers=settles,
        ),
    }


def turn_question(
    key: str,
    summary: str,
    answer: Callable[[Mapping[str, Any], Any], Mapping[str, Any]],
    *,
    also: Mapping[str, Any] | None = None,
) -> dict[str, Question]:
    """A settlement game's question on one turn's declaration (Rummy's and Boathouse's
    ``go-out``, Gambler's ``declare``): what it takes (the dispute desk's form) and a sample it
    answers, with ``also`` added to the sample."""
    sample = {"hand": "5H 6H 7H 9C 9S 9D KC", "melds": ["5H 6H 7H", "9C 9S 9D"], "discard": "KC"}
    asks = Asks(turn_fields(), {**sample, **(also or {})}, optional=TURN_OPTIONAL)
    return {key: Question(key, summary, answer, asks=asks)}
