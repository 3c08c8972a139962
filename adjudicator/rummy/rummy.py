"""Rummy, the parent game: the first to declare every card wins, the others pay for their hands.

Rules: ``shared/seeds/002`` (Rummy); rulings: section 4.1 of ``shared/rulings.md`` (P-1 … P-3).
Each loser pays the winner the value of every card still in hand (court 10, ace 1, pips); every
payment is doubled when the winner went out with rummy, declaring the whole hand in one turn.

>>> game = Rummy()
>>> deal = game.parse_deal({"went_out": 0, "rummy": False,
...                         "hands": [{"seat": 1, "cards": "KS 7H 2D"}, {"seat": 2, "held": 5}]},
...                        players=3, options=game.options())
>>> [(p.payer, p.payee, p.amount) for p in game.score(deal, None, game.seating(3, game.options()),
...                                                  game.options()).payments]
[(1, 0, 19), (2, 0, 5)]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from random import Random
from typing import Any

from adjudicator.cards import STANDARD, format_cards
from adjudicator.dealing import Dealing, from_pack
from adjudicator.game import Open, Question, Scored, Target
from adjudicator.messages import msg
from adjudicator.options import option
from adjudicator.records import (
    FlagField,
    Record,
    SeatEntry,
    SeatField,
    Seating,
)
from adjudicator.rummy.answers import HeldDetail, SettleAnswer, TurnAnswer
from adjudicator.rummy.declaring import (
    judge_turn,
    read_turn_body,
    turn_answer,
)
from adjudicator.rummy.settlement import (
    RUMMY_HELD,
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

COUNTING = RUMMY_HELD


@dataclass(frozen=True)
class Options:
    """House rules of Rummy (``shared/rulings.md`` section 4.1b)."""

    must_discard_to_go_out: bool = option(
        False,
        msg("Going out needs a final discard: a player may not go out by melding every card."),
        rule="P-2",
    )
    target: int = target_option()


@dataclass(frozen=True)
class Deal:
    """One hand: who went out, whether with rummy, and what each other player held."""

    went_out: int
    rummy: bool
    hands: tuple[Hand, ...]


def limits(players: int) -> Limits:
    """4.1: a loser holds at most the cards dealt (every turn draws one and discards one;
    declaring only takes cards away), and at least one (none left means out)."""
    cards = dealt(players)
    why = msg("{cards} cards are dealt each at {players} players", cards=cards, players=players)
    return Limits(1, cards, cards * (players - 1), 1, why)


class Rummy(SettlementGame[Options, Deal]):
    slug = "rummy"
    name = "Rummy"
    options_type = Options
    detail_type = SettlementDetail
    min_players = 2
    max_players = 6

    def dealing(self, players: int, options: Options) -> Dealing:
        """4.1: one pack; 10 each for two, 7 for three or four, 6 for five or six; the stock's
        top card turned up starts the discard pile."""
        return from_pack(self.pack(options, players), players, dealt(players), "4.1", discard=1)

    def record(self, options: Options, players: int) -> Record:
        """Who went out, rummy or not, and each other player's cards or count in hand."""
        return Record(
            (
                SeatField("went_out", msg("Who went out?")),
                FlagField(
                    "rummy",
                    msg("Rummy"),
                    help=msg(
                        "the whole hand declared in one turn, nothing declared or laid off "
                        "before: every payment doubled"
                    ),
                ),
                hands_field(COUNTING, most_cards=dealt(players), least_count=1),
            )
        )

    def end_rule(self, options: Options, players: int) -> Open | Target:
        return end_rule(options.target)

    def read(self, values: Mapping[str, Any], seating: Seating, options: Options) -> Deal:
        hands = read_hands(values["hands"])
        check_hands(hands, COUNTING, limits(seating.players))
        return Deal(values["went_out"], values["rummy"], tuple(hands.values()))

    def write(self, deal: Deal) -> dict[str, Any]:
        hands: dict[int, SeatEntry] = write_hands({h.seat: h for h in deal.hands}, "held")
        return {"went_out": deal.went_out, "rummy": deal.rummy, "hands": hands}

    def score(self, deal: Deal, state: Any, seating: Seating, options: Options) -> Scored:
        ledger = Ledger(seating.players)
        valued = [value_hand(h, COUNTING) for h in deal.hands]
        who = seat(deal.went_out)
        if deal.rummy:
            ledger.note(
                deal.went_out,
                msg("{seat} went out with rummy: every payment doubled (4.1)", seat=who),
            )
            # P-1: rummy is going out with nothing declared or laid off earlier in the hand.
            losers_pay(ledger, deal.went_out, valued, times=2, why=msg("doubled for rummy (P-1)"))
            summary = msg("{seat} went out with rummy: every payment doubled", seat=who)
        else:
            ledger.note(deal.went_out, msg("{seat} went out (4.1)", seat=who))
            losers_pay(ledger, deal.went_out, valued)
            summary = msg("{seat} went out", seat=who)
        details: dict[int, SettlementDetail] = {v.seat: {"held": v.points} for v in valued}
        return ledger.scored(summary, details)

    def sample_deal(self, *, players: int, options: Options, number: int) -> dict[str, Any]:
        rng = Random(f"rummy-{players}-{number}")
        cards = list(STANDARD)
        rng.shuffle(cards)
        went_out = (number * 5) % players
        hands: list[dict[str, Any]] = []
        size = dealt(players)
        for who in range(players):
            if who == went_out:
                continue
            held = [cards.pop() for _ in range(rng.randint(max(1, size - 4), size))]
            if (who + number) % 3 == 0:
                total = sum(COUNTING.value(c) for c in held)
                hands.append({"seat": who, "held": total})
            else:
                hands.append({"seat": who, "cards": format_cards(held)})
        return {"went_out": went_out, "rummy": number % 6 == 5, "hands": hands}

    def own_questions(self) -> Mapping[str, Question]:
        return {
            **hand_questions(
                self,
                melds=COUNTING,
                deadwood=COUNTING,
                meld_summary=msg("Is this a meld in Rummy (ace low, sets of 3 or 4)?"),
                deadwood_summary=msg(
                    "The best melding of a hand, its unmatched count, and what it holds in all."
                ),
                settles=SettleAnswer[HeldDetail],
                # 4.1: ten cards dealt at two players (the most), and the one drawn each turn.
                most_held=dealt(2) + 1,
            ),
            **turn_question(
                "go-out",
                msg("Do these melds, lay-offs and discard go out, and is it rummy (paid double)?"),
                _answer_go_out,
            ),
        }


class GoOutAnswer(TurnAnswer):
    """``go-out`` in Rummy: the turn judged, and whether going out is rummy (doubled)."""

    rummy: bool


def _answer_go_out(data: Mapping[str, Any], options: Options) -> GoOutAnswer:
    body = read_turn_body(data, COUNTING.style)
    turn = judge_turn(
        body.hand,
        body.melds,
        body.layoffs,
        discard=body.discard,
        style=COUNTING.style,
        taken=body.taken,
        must_discard=options.must_discard_to_go_out,
    )
    # P-1: rummy when the whole hand goes in this one turn, nothing declared before.
    rummy = turn.goes_out and not body.declared_before
    lines: list[str] = []
    if turn.goes_out:
        lines.append(
            msg(
                "rummy: nothing declared or laid off before this turn, so every payment is "
                "doubled (P-1)"
            )
            if rummy
            else msg("declared or laid off on an earlier turn, so not rummy: payments are single")
        )
    answer: GoOutAnswer = {**turn_answer(turn), "rummy": rummy}
    answer["explanation"] += lines
    return answer
