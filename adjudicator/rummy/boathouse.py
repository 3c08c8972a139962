"""Boathouse Rummy: the whole hand declared at once; losers pay only for their unmatched cards.

Rules: ``shared/seeds/002`` (Boathouse Rummy); rulings: section 4.2 of ``shared/rulings.md``
(BH-1 … BH-3). The ace is high, low or round the corner (K-A-2); a loser pays the value of the
cards the best melding of their own hand leaves over, aces 11 (the engine finds that melding).

>>> game = BoathouseRummy()
>>> options = game.options()
>>> deal = game.parse_deal({"went_out": 0, "hands": [{"seat": 1,
...                         "cards": "KS AS 2S 7H 8C 8D 9D 10D JD 4C"}]},
...                        players=2, options=options)
>>> scored = game.score(deal, None, game.seating(2, options), options)
>>> [r.points for r in scored.results], scored.results[1].explanation[0]
([19, -19], 'Seat 2 pays seat 1 19: 7H 4C 8C = 19 unmatched (aces 11, Boathouse), melding KS AS 2S; 8D 9D 10D JD')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from random import Random
from typing import Any, NotRequired, TypedDict

from adjudicator.cards import STANDARD, Card, format_cards
from adjudicator.dealing import Dealing, from_pack
from adjudicator.game import Open, Question, Scored, Target
from adjudicator.messages import msg
from adjudicator.options import option
from adjudicator.records import (
    Record,
    SeatField,
    Seating,
)
from adjudicator.rummy.answers import SettleAnswer, TurnAnswer
from adjudicator.rummy.declaring import (
    judge_turn,
    read_turn_body,
    turn_answer,
)
from adjudicator.rummy.melding_rules import best_melding
from adjudicator.rummy.settlement import (
    BOATHOUSE_UNMATCHED,
    Hand,
    Ledger,
    Limits,
    SettlementDetail,
    SettlementGame,
    check_hands,
    dealt,
    end_rule,
    hand_questions,
    hands_field,
    losers_pay,
    read_hands,
    target_option,
    turn_question,
    value_hand,
    write_hands,
)
from adjudicator.said import seat

COUNTING = BOATHOUSE_UNMATCHED


@dataclass(frozen=True)
class Options:
    """House rules of Boathouse Rummy (``shared/rulings.md`` section 4.2b).

    BH-2 (the winner may keep a final discard or meld everything) and BH-3 (sets stay 3-4
    cards) are rulings without a house option.
    """

    double_payments: bool = option(
        False,
        msg(
            "Double every payment, as the parent game's rummy would: every Boathouse win "
            "declares the whole hand at once."
        ),
        rule="BH-1",
    )
    target: int = target_option()


@dataclass(frozen=True)
class Deal:
    """One hand: who declared the whole hand, and what each other player held."""

    went_out: int
    hands: tuple[Hand, ...]


def limits(players: int) -> Limits:
    """4.2: a turn draws one or two cards and discards one, and nothing is declared before the
    whole hand: a loser holds at least the cards dealt. The winner and every other loser hold
    at least as many, which bounds the rest."""
    cards = dealt(players)
    why = msg(
        "{cards} cards are dealt each at {players} players, and a Boathouse hand only grows "
        "until it is declared whole",
        cards=cards,
        players=players,
    )
    return Limits(cards, len(STANDARD) - cards * (players - 1), len(STANDARD) - cards, 0, why)


class BoathouseRummy(SettlementGame[Options, Deal]):
    slug = "boathouse-rummy"
    name = "Boathouse Rummy"
    options_type = Options
    detail_type = SettlementDetail
    min_players = 2
    max_players = 6

    def dealing(self, players: int, options: Options) -> Dealing:
        """4.2: dealt as the parent game (4.1)."""
        return from_pack(
            self.pack(options, players),
            players,
            dealt(players),
            "4.2",
            discard=1,
            notes=(msg("Dealt as in Rummy, the parent game (4.1)."),),
        )

    def record(self, options: Options, players: int) -> Record:
        """Who declared the whole hand, and each other player's cards or unmatched count."""
        return Record(
            (
                SeatField("went_out", msg("Who declared the whole hand?")),
                hands_field(COUNTING, most_cards=limits(players).most, least_count=0),
            )
        )

    def end_rule(self, options: Options, players: int) -> Open | Target:
        return end_rule(options.target)

    def read(self, values: Mapping[str, Any], seating: Seating, options: Options) -> Deal:
        hands = read_hands(values["hands"])
        check_hands(hands, COUNTING, limits(seating.players))
        return Deal(values["went_out"], tuple(hands.values()))

    def write(self, deal: Deal) -> dict[str, Any]:
        hands = write_hands({h.seat: h for h in deal.hands}, "unmatched")
        return {"went_out": deal.went_out, "hands": hands}

    def score(self, deal: Deal, state: Any, seating: Seating, options: Options) -> Scored:
        ledger = Ledger(seating.players)
        valued = [value_hand(h, COUNTING) for h in deal.hands]
        ledger.note(
            deal.went_out, msg("{seat} declared the whole hand (4.2)", seat=seat(deal.went_out))
        )
        if options.double_payments:
            losers_pay(
                ledger, deal.went_out, valued, times=2, why=msg("doubled (house rule, BH-1)")
            )
        else:
            # BH-1: every win is all at once, so the parent's rummy doubling does not apply.
            losers_pay(ledger, deal.went_out, valued)
        details: dict[int, SettlementDetail] = {v.seat: {"unmatched": v.points} for v in valued}
        return ledger.scored(
            msg("{seat} declared the whole hand", seat=seat(deal.went_out)), details
        )

    def sample_deal(self, *, players: int, options: Options, number: int) -> dict[str, Any]:
        rng = Random(f"boathouse-{players}-{number}")
        cards = list(STANDARD)
        rng.shuffle(cards)
        went_out = (number * 5) % players
        size = dealt(players)
        cards = cards[size:]  # the winner's hand
        hands: list[dict[str, Any]] = []
        for who in range(players):
            if who == went_out:
                continue
            held = [cards.pop() for _ in range(size + (number + who) % 2)]
            if (who + number) % 3 == 0:
                count = best_melding(held, COUNTING.style, COUNTING.value).count
                hands.append({"seat": who, "unmatched": count})
            else:
                hands.append({"seat": who, "cards": format_cards(held)})
        return {"went_out": went_out, "hands": hands}

    def own_questions(self) -> Mapping[str, Question]:
        return {
            **hand_questions(
                self,
                melds=COUNTING,
                deadwood=COUNTING,
                meld_summary=msg(
                    "Is this a meld in Boathouse Rummy (ace high, low or round the corner)?"
                ),
                deadwood_summary=msg(
                    "The best melding of a hand and its unmatched count (aces 11)."
                ),
                settles=SettleAnswer[BoathouseDetail],
                # 4.2: a hand only grows until it is declared whole: at two players, all but
                # the other player's (at least the ten dealt), as a loser's hand is bounded.
                most_held=limits(2).most,
            ),
            **turn_question(
                "go-out",
                msg("Can this hand be declared whole now (with or without a final discard)?"),
                _answer_go_out,
            ),
        }


def _whole(cards: tuple[Card, ...]) -> list[tuple[Card, ...]] | None:
    """Melds covering every card, if the cards can all be melded (fewest left is none)."""
    melding = best_melding(cards, COUNTING.style, lambda c: 1)
    if melding.leftover:
        return None
    return [tuple(mc.card for mc in m.cards) for m in melding.melds]


class BoathouseDetail(TypedDict):
    """A seat's ``detail`` in Boathouse Rummy: the unmatched count it paid on (the player
    who declared has none)."""

    unmatched: NotRequired[int]


class GoOutAnswer(TurnAnswer):
    """``go-out`` in Boathouse Rummy: the turn judged, with the melds of the declaration
    (found by the engine when none were given)."""

    melds: list[str]


def _answer_go_out(data: Mapping[str, Any], options: Options) -> GoOutAnswer:
    body = read_turn_body(data, COUNTING.style)
    refused: list[str] = []
    melds = list(body.melds)
    discard = body.discard
    if body.layoffs:
        # 4.2: no progressive melding, so there is nothing on the table to lay off onto.
        refused.append(
            msg("there are no lay-offs in Boathouse: the whole hand is declared at once")
        )
    if not body.melds_given and not body.layoffs:
        # The engine looks for the declaration: the whole hand, or all but one discard (BH-2).
        found = None
        if discard is None:
            found = _whole(tuple(body.hand))
            for card in dict.fromkeys(body.hand):
                if found is not None:
                    break
                if card not in body.taken:
                    found, discard = _whole(_without(body.hand, card)), card
            if found is None:
                discard = None
        elif discard in body.hand:
            found = _whole(_without(body.hand, discard))
        melds = found or []
    turn = judge_turn(body.hand, melds, (), discard=discard, style=COUNTING.style, taken=body.taken)
    problems = [*refused, *turn.problems]
    lines = [*turn.explanation, *refused]
    if not turn.empties_hand:
        lines.append(
            msg("the hand ends only when a player declares the whole hand in one turn (4.2)")
        )
    return {
        **turn_answer(turn),
        "melds": [format_cards(m) for m in melds],
        "goes_out": turn.empties_hand and not problems,
        "legal": not problems,
        "problems": problems,
        "explanation": [*lines, *turn.problems],
    }


def _without(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    rest = list(cards)
    rest.remove(card)
    return tuple(rest)
