"""Gambler's Rummy: four players, seven cards, no rummy, and the stock gone through only once.

Rules: ``shared/seeds/002`` (Gambler's Rummy); rulings: section 4.4 of ``shared/rulings.md``
(G-1) and G-2 in section 11. A hand ends one of two ways, recorded as two ways:

* a player goes out: each loser pays the value of every card in hand, as the parent game, never
  doubled (a whole hand declared in one turn is not allowed, so rummy cannot happen);
* after the stock ran out, a player refuses the top discard: a dead hand, no payments (G-1), or
  under the house rule the lowest unmatched count collects the differences, tied lowest sharing
  (G-2, exactly, in fractions where it falls so).

>>> game = Gamblers()
>>> options = game.options({"lowest_count_wins_on_refusal": True})
>>> deal = game.parse_deal({"refused": 2, "hands": [
...     {"seat": 0, "unmatched": 5}, {"seat": 1, "cards": "2S 3H"},
...     {"seat": 2, "unmatched": 10}, {"seat": 3, "unmatched": 20}]},
...     players=4, options=options)
>>> [str(r.points) for r in game.score(deal, None, game.seating(4, options), options).results]
['10', '10', '-5', '-15']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from random import Random
from typing import Any, NotRequired, TypedDict

from adjudicator.cards import STANDARD, format_cards
from adjudicator.dealing import Dealing, from_pack
from adjudicator.errors import BadEntryError
from adjudicator.game import Open, Question, Scored, Target
from adjudicator.messages import Message, msg, msg_n
from adjudicator.options import option
from adjudicator.records import (
    CountField,
    Record,
    SeatEntry,
    SeatField,
    Seating,
    Way,
)
from adjudicator.rummy.answers import SettleAnswer, TurnAnswer
from adjudicator.rummy.declaring import (
    judge_turn,
    read_turn_body,
    turn_answer,
)
from adjudicator.rummy.melding_rules import best_melding
from adjudicator.rummy.settlement import (
    RUMMY_HELD,
    RUMMY_UNMATCHED,
    Hand,
    Ledger,
    Limits,
    SettlementDetail,
    SettlementGame,
    check_hands,
    end_rule,
    hand_questions,
    hands_field,
    losers_pay,
    lowest_collects,
    read_hands,
    target_option,
    turn_question,
    value_hand,
    write_hands,
)
from adjudicator.said import seat, seats

PLAYERS = 4
DEALT = 7  # 4.4: exactly four players, seven cards each


@dataclass(frozen=True)
class Options:
    """House rules of Gambler's Rummy (``shared/rulings.md`` 4.4b and G-2)."""

    lowest_count_wins_on_refusal: bool = option(
        False,
        msg(
            "When a refusal of the top discard ends the hand, the lowest unmatched count "
            "collects from each other player the difference (tied lowest share it), instead of "
            "a dead hand."
        ),
        rule="G-1",
    )
    target: int = target_option()


@dataclass(frozen=True)
class Deal:
    """One hand: who went out, or (``went_out`` None) who refused the top discard; the hands
    (empty for a dead hand under the default G-1)."""

    went_out: int | None
    refused: int | None
    hands: tuple[Hand, ...]


# 4.4: every turn draws one card and discards one; declaring only takes cards away. A player
# holds at most the seven dealt, and at least one (none left is out).
LIMITS = Limits(
    1,
    DEALT,
    DEALT * PLAYERS,
    1,
    msg("{count} cards are dealt each in Gambler's Rummy", count=DEALT),
)
REFUSAL_LIMITS = Limits(1, DEALT, DEALT * PLAYERS, 0, LIMITS.why)


class Gamblers(SettlementGame[Options, Deal]):
    slug = "gamblers-rummy"
    name = "Gambler's Rummy"
    options_type = Options
    detail_type = SettlementDetail
    min_players = PLAYERS
    max_players = PLAYERS

    def dealing(self, players: int, options: Options) -> Dealing:
        """4.4: four players, seven cards each; the stock is gone through once."""
        return from_pack(
            self.pack(options, players),
            players,
            DEALT,
            "4.4",
            discard=1,
            notes=(
                msg(
                    "The stock is gone through once: after it, each player must take the top "
                    "discard, and the hand ends when one refuses it (4.4)."
                ),
            ),
        )

    def record(self, options: Options, players: int) -> Record:
        """Two ways: a player went out (the others' cards or counts in hand), or a refusal of
        the top discard ended it (and, under G-1's house rule, everyone's unmatched count)."""
        went_out = SeatField("went_out", msg("Who went out?"))
        refused = SeatField(
            "refused",
            msg("Who refused the top discard?"),
            help=msg("after the stock ran out: the hand ends there"),
        )
        if not options.lowest_count_wins_on_refusal:
            hands = hands_field(RUMMY_HELD, most_cards=DEALT, least_count=1)
            return Record(
                (went_out, refused, hands),
                ways=(
                    Way("out", msg("A player went out"), ("went_out", "hands")),
                    Way("refused", msg("The top discard was refused: dead hand"), ("refused",)),
                ),
            )
        # G-1's house rule: both ways need every hand, counted in hand or unmatched.
        unmatched = CountField(
            "unmatched", msg("Unmatched count"), minimum=0, maximum=RUMMY_UNMATCHED.most(DEALT)
        )
        hands = hands_field(
            RUMMY_HELD,
            most_cards=DEALT,
            least_count=1,
            label=msg("What each player held (the one who went out has nothing)"),
            extra=(unmatched,),
        )
        return Record(
            (went_out, refused, hands),
            ways=(
                Way("out", msg("A player went out"), ("went_out",)),
                Way(
                    "refused",
                    msg("The top discard was refused: lowest count wins"),
                    ("refused",),
                ),
            ),
        )

    def end_rule(self, options: Options, players: int) -> Open | Target:
        return end_rule(options.target)

    def read(self, values: Mapping[str, Any], seating: Seating, options: Options) -> Deal:
        entries = values["hands"] or {}
        if values["went_out"] is not None:
            for who, entry in entries.items():
                if entry.key == "unmatched":
                    _refuse(
                        entry,
                        who,
                        msg(
                            "When a player goes out, {seat} pays for every card in hand (4.4, "
                            "as the parent game): give the cards or the count in hand, not the "
                            "unmatched count.",
                            seat=seat(who),
                        ),
                    )
            hands = read_hands(entries)
            check_hands(hands, RUMMY_HELD, LIMITS)
            return Deal(values["went_out"], None, tuple(hands.values()))
        for who, entry in entries.items():
            if entry.key == "held":
                _refuse(
                    entry,
                    who,
                    msg(
                        "After a refusal the lowest unmatched count wins (G-1, G-2): give "
                        "{seat}'s cards or unmatched count, not the count in hand.",
                        seat=seat(who),
                    ),
                )
        hands = read_hands(entries)
        check_hands(hands, RUMMY_UNMATCHED, REFUSAL_LIMITS)
        return Deal(None, values["refused"], tuple(hands.values()))

    def write(self, deal: Deal) -> dict[str, Any]:
        key = "held" if deal.went_out is not None else "unmatched"
        hands: dict[int, SeatEntry] = write_hands({h.seat: h for h in deal.hands}, key)
        if deal.went_out is not None:
            return {"went_out": deal.went_out, "refused": None, "hands": hands}
        return {"went_out": None, "refused": deal.refused, "hands": hands or None}

    def score(self, deal: Deal, state: Any, seating: Seating, options: Options) -> Scored:
        ledger = Ledger(seating.players)
        if deal.went_out is not None:
            ledger.note(
                deal.went_out,
                msg(
                    "{seat} went out: settled as the parent game, never doubled (4.4: a whole "
                    "hand may not be declared in one turn)",
                    seat=seat(deal.went_out),
                ),
            )
            valued = [value_hand(h, RUMMY_HELD) for h in deal.hands]
            losers_pay(ledger, deal.went_out, valued)
            details: dict[int, SettlementDetail] = {v.seat: {"held": v.points} for v in valued}
            return ledger.scored(msg("{seat} went out", seat=seat(deal.went_out)), details)
        assert deal.refused is not None
        refused = seat(deal.refused)
        if not options.lowest_count_wins_on_refusal:
            for who in range(seating.players):
                ledger.note(
                    who,
                    msg(
                        "{seat} refused the top discard after the stock ran out: a dead hand, "
                        "no payments (G-1)",
                        seat=refused,
                    ),
                )
            return ledger.scored(msg("{seat} refused the top discard: a dead hand", seat=refused))
        counts = [value_hand(h, RUMMY_UNMATCHED) for h in deal.hands]
        for who in range(seating.players):
            ledger.note(
                who,
                msg(
                    "{seat} refused the top discard after the stock ran out: the lowest "
                    "unmatched count collects (house rule, G-1)",
                    seat=refused,
                ),
            )
        winners = lowest_collects(ledger, counts, rule="G-2")
        details = {v.seat: {"unmatched": v.points} for v in counts}
        # One winner "has the lowest count"; two or more "have the tied lowest counts".
        return ledger.scored(
            msg_n(
                "{seat} refused the top discard: {players} has the lowest count",
                "{seat} refused the top discard: {players} have the tied lowest counts",
                len(winners),
                seat=refused,
                players=seats(winners),
            ),
            details,
        )

    def sample_deal(self, *, players: int, options: Options, number: int) -> dict[str, Any]:
        rng = Random(f"gamblers-{number}-{options.lowest_count_wins_on_refusal}")
        cards = list(STANDARD)
        rng.shuffle(cards)
        hands: list[dict[str, Any]] = []
        if number % 4 == 3:
            refused = number % PLAYERS
            if not options.lowest_count_wins_on_refusal:
                return {"refused": refused}
            for who in range(PLAYERS):
                held = [cards.pop() for _ in range(rng.randint(3, DEALT))]
                if (who + number) % 2:
                    count = best_melding(held, RUMMY_UNMATCHED.style, RUMMY_UNMATCHED.value).count
                    hands.append({"seat": who, "unmatched": count})
                else:
                    hands.append({"seat": who, "cards": format_cards(held)})
            return {"refused": refused, "hands": hands}
        went_out = (number * 3) % PLAYERS
        for who in range(PLAYERS):
            if who == went_out:
                continue
            held = [cards.pop() for _ in range(rng.randint(2, DEALT))]
            if (who + number) % 3 == 0:
                hands.append({"seat": who, "held": sum(RUMMY_HELD.value(c) for c in held)})
            else:
                hands.append({"seat": who, "cards": format_cards(held)})
        return {"went_out": went_out, "hands": hands}

    def own_questions(self) -> Mapping[str, Question]:
        return {
            **hand_questions(
                self,
                melds=RUMMY_HELD,
                deadwood=RUMMY_UNMATCHED,
                meld_summary=msg("Is this a meld in Gambler's Rummy (ace low, sets of 3 or 4)?"),
                deadwood_summary=msg(
                    "The best melding of a hand and its unmatched count (what G-1 compares)."
                ),
                settles=SettleAnswer[GamblersDetail],
                most_held=DEALT + 1,  # 4.4: seven dealt, and the one drawn each turn
            ),
            **turn_question(
                "declare",
                msg(
                    "May this declaration be made now, and does it go out? (Never the whole "
                    "hand in one turn.)"
                ),
                _answer_declare,
                also={"declared_before": True},
            ),
        }


class GamblersDetail(TypedDict):
    """A seat's ``detail`` in Gambler's Rummy: the held count when a player went out, the
    unmatched count when the stock ran out (the winner has none)."""

    held: NotRequired[int]
    unmatched: NotRequired[int]


def _answer_declare(data: Mapping[str, Any], options: Options) -> TurnAnswer:
    body = read_turn_body(data, RUMMY_HELD.style)
    # 4.4: at least two declaring turns; a single lay-off on the first one is enough.
    whole = (
        None
        if body.declared_before
        else msg(
            "the whole hand may not be declared in one turn in Gambler's Rummy (4.4): declare "
            "part of it now (even a single lay-off) and go out on a later turn"
        )
    )
    turn = judge_turn(
        body.hand,
        body.melds,
        body.layoffs,
        discard=body.discard,
        style=RUMMY_HELD.style,
        taken=body.taken,
        whole_hand_problem=whole,
    )
    return turn_answer(turn)


def _refuse(entry: SeatEntry, who: int, sentence: Message) -> None:
    """Refuse a seat's count given under the key that means something else here."""
    raise BadEntryError(sentence, field=f"hands[{entry.index}].{entry.key}", seats=(who,))
