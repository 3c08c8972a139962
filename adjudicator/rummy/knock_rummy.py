"""Knock Rummy (Poker Rum): a knock ends the hand, the lowest unmatched count collects.

Rules: ``shared/seeds/002`` (Knock Rummy or Poker Rum); rulings: section 4.5 of
``shared/rulings.md`` (with 4.1 for the deal and the melds, and K-4 in section 11), whose ids
(K-1 …) the comments cite. Melds are the parent Rummy's (:data:`RUMMY`: sets of 3-4, sequences
of 3+, the ace low, Q-K-A not a sequence), counted with :func:`rummy_value` (courts 10, ace 1).

>>> game = KnockRummy()
>>> deal = game.parse_deal(
...     {"knocked": 0, "hands": [{"seat": 0, "count": 3}, {"seat": 1, "count": 20},
...                              {"seat": 2, "cards": "2S 3S 4S 9H 9D 9C KC"}]},
...     players=3, options=game.options())
>>> [r.points for r in game.score(deal, None, Seating(3), game.options()).results]
[24, -17, -7]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from random import Random
from typing import Any, Literal, NotRequired, TypedDict

from adjudicator.asking import (
    CLAIM,
    Asks,
    deal_input,
)
from adjudicator.cards import STANDARD, Card, format_cards, parse_cards, sort_cards
from adjudicator.dealing import Dealing, from_pack
from adjudicator.errors import (
    AdjudicationError,
    BadEntryError,
    ImpossibleCountError,
    ImpossibleHandError,
)
from adjudicator.game import Open, Question, Scored, Target
from adjudicator.messages import Joined, Message, Verbatim, joined, msg, msg_n
from adjudicator.messages import Points as Amount
from adjudicator.options import option
from adjudicator.records import (
    SOMEONE,
    CardsField,
    CountField,
    DealData,
    PerSeatField,
    Record,
    SeatEntry,
    SeatField,
    Seating,
)
from adjudicator.rummy.melding_rules import (
    RUMMY,
    Melding,
    best_melding,
    meld_problems,
    rummy_value,
)
from adjudicator.rummy.melds import meld_said
from adjudicator.rummy.settlement import SettlementGame, end_rule
from adjudicator.said import seat as seat_ref
from adjudicator.said import seats as seats_ref
from adjudicator.tally import (
    Payment,
    PaymentJson,
    Points,
    SeatResult,
    SeatResultJson,
    whole,
)

BONUS = 25  # 4.5 rule 1: the knocker wins with every card matched
PENALTY = 10  # 4.5 rule 3: the knocker is not lowest
MAX_TARGET = 10_000


def hand_size(players: int) -> int:
    """Cards each player holds (ruling 4.1): 10 for two, 7 for three or four, 6 for five or six.

    A player knocks after drawing and then discards, so every hand is this size when counted.

    >>> [hand_size(n) for n in range(2, 7)]
    [10, 7, 7, 6, 6]
    """
    return 10 if players == 2 else 7 if players <= 4 else 6


def most_unmatched(cards: int) -> int:
    """The highest unmatched count a hand of this many cards can hold.

    Only 16 cards count 10 (10 J Q K), and no three of one rank or three in sequence may stay
    unmatched: at most two suits of each rank, so 8 tens (10S JS QH KH 10D JD QC KC). A ninth
    and tenth card are then 9s kept out of sequence (9H 9C), so 89 and 98.

    >>> [most_unmatched(n) for n in (6, 7, 10)]
    [60, 70, 98]
    """
    return 10 * min(cards, 8) + 9 * max(cards - 8, 0)


@dataclass(frozen=True)
class Options:
    """House rules of Knock Rummy (``shared/rulings.md`` section 4.5b and K-4 in section 11)."""

    penalty_on_tie: bool = option(
        False,
        msg(
            "A knocker tied for lowest by another player also pays the 10 penalty (by default "
            "only a knocker who is not lowest at all pays it)."
        ),
        rule="K-1",
    )
    tied_winners: Literal["share", "each_full"] = option(
        "share",
        msg(
            "When several players besides the knocker tie for lowest: they share every payment "
            "equally (it may come to a fraction), or each collects it in full from each loser."
        ),
        labels={
            "share": msg("Tied winners share"),
            "each_full": msg("Each tied winner collects in full"),
        },
        rule="K-2",
    )
    bonus_to_any_zero_winner: bool = option(
        False,
        msg(
            "The 25 bonus goes to any winner with a count of 0, paid by every other player (by "
            "default only a knocker who wins with 0 gets it)."
        ),
        rule="K-3",
    )
    target: int = option(
        0,
        msg(
            "Play to a target: the game ends when one player alone is up by this much or more. "
            "0 plays on with no end, settling each hand as it comes (a running net)."
        ),
        minimum=0,
        maximum=MAX_TARGET,
        rule="P-3",
    )


# ---------------------------------------------------------------------------------------------
# Counting a hand
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Hand:
    """What one player held when the knock came: the cards, or a count the table agreed."""

    seat: int
    cards: tuple[Card, ...] | None = None
    count: int | None = None


@dataclass(frozen=True)
class Counted:
    """A hand's unmatched count, with the best melding when the cards were given."""

    seat: int
    count: int
    melding: Melding | None = None

    def describe(self) -> Message:
        """The working: ``melds 2S 3S 4S, 9H 9D 9C; unmatched KC 10 = 10``."""
        if self.melding is None:
            return msg("unmatched count {count}, as the table agreed", count=self.count)
        return describe_melding(self.melding)


def describe_melding(melding: Melding) -> Message:
    """The working of a hand's best melding, each unmatched card with what it counts.

    >>> str(describe_melding(best_melding("2S 3S 4S 9H 9D 9C KC", RUMMY, rummy_value)))
    'melds 2S 3S 4S, 9H 9D 9C; unmatched KC 10 = 10'
    """
    melds = joined((meld_said(m.cards) for m in melding.melds), ", ")
    if not melding.leftover:
        if not melding.melds:
            return msg("melds none; every card matched = 0")
        return msg("melds {melds}; every card matched = 0", melds=melds)
    leftover = sort_cards(melding.leftover)
    # Each card with what it counts: "KC 10 + 5H 5" (a formula, the same in every language).
    parts = joined((joined((c, rummy_value(c)), " ") for c in leftover), " + ")
    if not melding.melds:
        return msg("melds none; unmatched {cards} = {count}", cards=parts, count=melding.count)
    return msg(
        "melds {melds}; unmatched {cards} = {count}",
        melds=melds,
        cards=parts,
        count=melding.count,
    )


def count_cards(cards: Sequence[Card]) -> int:
    """The unmatched count of a hand's best melding (ruling 4: the engine searches).

    >>> count_cards(parse_cards("AS 2S 3S 5H 5D 5C KC"))
    10
    """
    return best_melding(cards, RUMMY, rummy_value).count


def counted(hand: Hand) -> Counted:
    if hand.cards is not None:
        melding = best_melding(hand.cards, RUMMY, rummy_value)
        return Counted(hand.seat, melding.count, melding)
    assert hand.count is not None
    return Counted(hand.seat, hand.count)


# ---------------------------------------------------------------------------------------------
# Settling one hand (ruling 4.5)
# ---------------------------------------------------------------------------------------------

type Case = Literal["knocker_alone", "tie_with_knocker", "undercut"]


@dataclass(frozen=True)
class Debt:
    """What one loser owes the winners together, by reason, before any sharing."""

    payer: int
    difference: int
    bonus: int = 0
    penalty: int = 0

    @property
    def total(self) -> int:
        return self.difference + self.bonus + self.penalty


@dataclass(frozen=True)
class Settlement:
    """One hand settled: who won, what each loser owes, and the payments that follow."""

    knocker: int
    counts: tuple[int, ...]
    low: int
    case: Case
    winners: tuple[int, ...]
    debts: tuple[Debt, ...]
    payments: tuple[Payment, ...]
    shared: bool

    def net(self) -> tuple[Points, ...]:
        net: list[Points] = [0] * len(self.counts)
        for p in self.payments:
            net[p.payer] -= p.amount
            net[p.payee] += p.amount
        return tuple(whole(n) for n in net)


def settle(counts: Sequence[int], knocker: int, options: Options) -> Settlement:
    """Who wins and who pays what, from each player's unmatched count (ruling 4.5).

    >>> s = settle((3, 20, 10), 0, Options())
    >>> s.case, s.winners, [(p.payer, p.payee, p.amount) for p in s.payments]
    ('knocker_alone', (0,), [(1, 0, 17), (2, 0, 7)])
    >>> s = settle((5, 3, 3), 0, Options())
    >>> s.case, [(p.payer, p.payee, p.amount) for p in s.payments]
    ('undercut', [(0, 1, 6), (0, 2, 6)])
    """
    counts = tuple(counts)
    low = min(counts)
    lowest = tuple(s for s, c in enumerate(counts) if c == low)
    case: Case
    winners: tuple[int, ...]
    if lowest == (knocker,):
        case, winners = "knocker_alone", lowest
    elif knocker in lowest:
        # Rule 2: a player tying the knocker wins over the knocker.
        case, winners = "tie_with_knocker", tuple(s for s in lowest if s != knocker)
    else:
        case, winners = "undercut", lowest
    # Rule 1: 25 to a knocker who wins with every card matched; K-3's option: to any winner
    # with 0, paid by every other player (K-4), the knocker included.
    bonus = (
        BONUS if low == 0 and (case == "knocker_alone" or options.bonus_to_any_zero_winner) else 0
    )
    debts = []
    for payer, count in enumerate(counts):
        if payer in winners:
            continue
        penalty = 0
        if payer == knocker and (
            case == "undercut" or (case == "tie_with_knocker" and options.penalty_on_tie)
        ):
            penalty = PENALTY  # rule 3; on a tie only under K-1's option
        debts.append(Debt(payer, count - low, bonus, penalty))
    # K-2: tied winners share each payment, or (option) each collects it in full (K-4).
    shared = len(winners) > 1 and options.tied_winners == "share"
    payments: list[Payment] = []
    for debt in debts:
        if not debt.total:
            continue
        amount = whole(Fraction(debt.total, len(winners))) if shared else debt.total
        payments.extend(Payment(debt.payer, winner, amount) for winner in winners)
    return Settlement(knocker, counts, low, case, winners, tuple(debts), tuple(payments), shared)


def _reasons(debt: Debt, settlement: Settlement, options: Options) -> Message | Joined:
    """Why a loser owes what it owes: the difference, the bonus, the penalty, any sharing."""
    count, low = settlement.counts[debt.payer], settlement.low
    parts = [
        msg(
            "{difference} difference ({count} - {low})",
            difference=debt.difference,
            count=count,
            low=low,
        )
    ]
    if debt.bonus:
        if settlement.case == "knocker_alone":
            parts.append(msg("{bonus} bonus: the knocker won with every card matched", bonus=BONUS))
        else:
            parts.append(
                msg(
                    "{bonus} bonus: a winner with every card matched (house rule, K-3)",
                    bonus=BONUS,
                )
            )
    if debt.penalty:
        if settlement.case == "undercut":
            parts.append(msg("{penalty} penalty: knocked but was not lowest", penalty=PENALTY))
        else:
            parts.append(
                msg("{penalty} penalty: knocked and was tied (house rule, K-1)", penalty=PENALTY)
            )
    # The reasons added up: "5 difference (9 - 4) + 10 penalty: ... = 15".
    reasons = joined(parts, " + ")
    if debt.bonus or debt.penalty:
        reasons = joined((reasons, debt.total), " = ")
    n = len(settlement.winners)
    if settlement.shared:
        return msg_n(
            "{reasons}, shared by the {count} tied winner: {share} each (K-2)",
            "{reasons}, shared by the {count} tied winners: {share} each (K-2)",
            n,
            reasons=reasons,
            share=Amount(Fraction(debt.total, n)),
        )
    if n > 1:
        return msg_n(
            "{reasons}, in full to each of the {count} tied winner (house rule, K-2/K-4)",
            "{reasons}, in full to each of the {count} tied winners (house rule, K-2/K-4)",
            n,
            reasons=reasons,
        )
    return reasons


def _explain(
    settlement: Settlement, hands: Sequence[Counted], options: Options
) -> tuple[tuple[str, ...], ...]:
    """Each seat's working: its count, where it stands, each payment and why, its net."""
    knocker, low, winners = settlement.knocker, settlement.low, settlement.winners
    lines: list[list[str]] = [[] for _ in settlement.counts]
    for hand in hands:
        count_line: Message = hand.describe()
        if hand.seat == knocker:
            count_line = msg(
                "knocked on {count} (any count may knock, K-4): {working}",
                count=hand.count,
                working=count_line,
            )
        lines[hand.seat].append(count_line)
    debts = {d.payer: d for d in settlement.debts}
    for s, count in enumerate(settlement.counts):
        if s in winners:
            others = [w for w in winners if w != s]
            if settlement.case == "knocker_alone":
                lines[s].append(
                    msg("lowest alone on {low}: the knocker wins (4.5 rule 1)", low=low)
                )
            elif settlement.case == "tie_with_knocker":
                lines[s].append(
                    msg(
                        "ties the knocker {knocker} for lowest on {low}: wins over the knocker "
                        "(4.5 rule 2)",
                        knocker=seat_ref(knocker),
                        low=low,
                    )
                )
            else:
                lines[s].append(
                    msg(
                        "lowest on {low}, below the knocker {knocker}: wins (4.5 rule 3)",
                        low=low,
                        knocker=seat_ref(knocker),
                    )
                )
            if others:
                lines[s].append(
                    msg(
                        "tied for lowest with {players}: no payment between them",
                        players=seats_ref(others),
                    )
                )
        else:
            debt = debts[s]
            if s == knocker and settlement.case == "tie_with_knocker":
                lines[s].append(
                    msg_n(
                        "tied for lowest on {low} by {players}, who wins over the knocker "
                        "(4.5 rule 2)",
                        "tied for lowest on {low} by {players}, who win over the knocker "
                        "(4.5 rule 2)",
                        len(winners),
                        low=low,
                        players=seats_ref(winners),
                    )
                )
            elif s == knocker:
                lines[s].append(
                    msg_n(
                        "knocked on {knocked} but {players} is lower on {low} (4.5 rule 3)",
                        "knocked on {knocked} but {players} are lower on {low} (4.5 rule 3)",
                        len(winners),
                        knocked=count,
                        players=seats_ref(winners),
                        low=low,
                    )
                )
            if not debt.total:
                if options.penalty_on_tie:
                    line = msg("pays nothing: 0 difference ({count} - {low})", count=count, low=low)
                else:
                    line = msg(
                        "pays nothing: 0 difference ({count} - {low}), and no penalty on a tie "
                        "(K-1)",
                        count=count,
                        low=low,
                    )
                lines[s].append(line)
    for p in settlement.payments:
        why = _reasons(debts[p.payer], settlement, options)
        amount = Amount(p.amount)
        lines[p.payer].append(
            msg("pays {seat} {points}: {why}", seat=seat_ref(p.payee), points=amount, why=why)
        )
        lines[p.payee].append(
            msg(
                "collects {points} from {seat}: {why}",
                points=amount,
                seat=seat_ref(p.payer),
                why=why,
            )
        )
    for s, net in enumerate(settlement.net()):
        lines[s].append(msg("net {points}", points=Amount(net, signed=True)))
    return tuple(tuple(seat_lines) for seat_lines in lines)


def _summary(settlement: Settlement) -> Message:
    knocker, low = settlement.knocker, settlement.low
    k_count = settlement.counts[knocker]
    if settlement.case == "knocker_alone":
        if low == 0:
            return msg(
                "{knocker} knocked on {count} and was lowest alone, every card matched: "
                "+{bonus} from each",
                knocker=seat_ref(knocker),
                count=k_count,
                bonus=BONUS,
            )
        return msg(
            "{knocker} knocked on {count} and was lowest alone",
            knocker=seat_ref(knocker),
            count=k_count,
        )
    # One winner or several: the same English, but a verb that agrees in other languages.
    winners = len(settlement.winners)
    if settlement.case == "tie_with_knocker":
        return msg_n(
            "{knocker} knocked on {knocked}; {players} tied on {low} and won",
            "{knocker} knocked on {knocked}; {players} tied on {low} and won",
            winners,
            knocker=seat_ref(knocker),
            knocked=k_count,
            players=seats_ref(settlement.winners),
            low=low,
        )
    return msg_n(
        "{knocker} knocked on {knocked} and was undercut by {players} on {low}",
        "{knocker} knocked on {knocked} and was undercut by {players} on {low}",
        winners,
        knocker=seat_ref(knocker),
        knocked=k_count,
        players=seats_ref(settlement.winners),
        low=low,
    )


# ---------------------------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Deal:
    knocked: int
    hands: tuple[Hand, ...]


class Detail(TypedDict):
    """A player's hand in a deal, beside the net: its unmatched count, whether the player
    knocked, whether they won the hand (tied lowest share it) and, when the cards were given,
    the best melding the engine found: the melds and the unmatched cards."""

    count: int
    knocked: bool
    won: bool
    melds: NotRequired[list[str]]
    unmatched: NotRequired[str]


class KnockRummy(SettlementGame[Options, Deal]):
    slug = "knock-rummy"
    name = "Knock Rummy"
    options_type = Options
    detail_type = Detail
    min_players = 2
    max_players = 6

    def dealing(self, players: int, options: Options) -> Dealing:
        """4.5: dealt as the parent game (4.1)."""
        return from_pack(
            self.pack(options, players),
            players,
            hand_size(players),
            "4.5",
            discard=1,
            notes=(msg("Dealt as in Rummy, the parent game (4.1)."),),
        )

    def record(self, options: Options, players: int) -> Record:
        """Who knocked, and for every player (the knocker too) the cards or the agreed count."""
        size = hand_size(players)
        return Record(
            (
                SeatField("knocked", msg("Who knocked?")),
                PerSeatField(
                    "hands",
                    msg("What each player held"),
                    entries=(
                        CardsField(
                            "cards",
                            msg("Cards"),
                            min_cards=size,
                            max_cards=size,
                            help=msg("the engine finds the best melds"),
                        ),
                        CountField(
                            "count",
                            msg("Unmatched count"),
                            minimum=0,
                            maximum=most_unmatched(size),
                        ),
                    ),
                    prompt=msg(
                        "Say what {players} held (the cards, or the unmatched count)",
                        players=SOMEONE,
                    ),
                ),
            )
        )

    def end_rule(self, options: Options, players: int) -> Open | Target:
        return end_rule(options.target)

    def notes(self, options: Options, players: int) -> list[str]:
        return [
            *super().notes(options, players),
            msg_n(
                "{count} card each; any count may knock (no minimum, K-4)",
                "{count} cards each; any count may knock (no minimum, K-4)",
                hand_size(players),
            ),
        ]

    def read(self, values: Mapping[str, Any], seating: Seating, options: Options) -> Deal:
        size = hand_size(seating.players)
        hands = []
        for seat, entry in values["hands"].items():
            try:
                hands.append(_hand(seat, entry, size))
            except AdjudicationError as err:
                err.seats = (seat,)
                raise err.at(f"hands[{entry.index}].{entry.key}") from None
        return Deal(values["knocked"], tuple(hands))

    def write(self, deal: Deal) -> dict[str, Any]:
        hands: dict[int, SeatEntry] = {}
        for hand in deal.hands:
            if hand.cards is not None:
                hands[hand.seat] = SeatEntry("cards", hand.cards)
            else:
                hands[hand.seat] = SeatEntry("count", hand.count)
        return {"knocked": deal.knocked, "hands": hands}

    def score(self, deal: Deal, state: Any, seating: Seating, options: Options) -> Scored:
        hands = [counted(hand) for hand in deal.hands]
        settlement = settle(tuple(h.count for h in hands), deal.knocked, options)
        explained = _explain(settlement, hands, options)
        results = tuple(
            SeatResult(
                hand.seat,
                net,
                explained[hand.seat],
                detail=_detail(hand, settlement),
            )
            for hand, net in zip(hands, settlement.net(), strict=True)
        )
        return Scored(results=results, summary=_summary(settlement), payments=settlement.payments)

    def sample_deal(self, *, players: int, options: Options, number: int) -> dict[str, Any]:
        return _sample(players, number)

    def own_questions(self) -> Mapping[str, Question]:
        asks = _asks(self)
        return {
            "meld": Question(
                "meld",
                msg("Is this a meld in Knock Rummy (the parent Rummy's melds)?"),
                _answer_meld,
                asks=asks["meld"],
            ),
            "deadwood": Question(
                "deadwood",
                msg(
                    "The best melding of a hand and its unmatched count; is a claimed count right?"
                ),
                _answer_deadwood,
                asks=asks["deadwood"],
            ),
            "knock": Question(
                "knock",
                msg("May this hand knock, and on what count? (Any count may: no minimum.)"),
                _answer_knock,
                asks=asks["knock"],
                label=msg("May this hand knock?"),
            ),
            "settle": Question(
                "settle",
                msg(
                    "Who pays whom for one hand, from who knocked and each player's cards or count?"
                ),
                _answer_settle,
                asks=asks["settle"],
            ),
        }


class KnockDetail(TypedDict):
    """A seat's ``detail`` in Knock Rummy: its count, whether it knocked or won, and (from
    its cards) how it melded."""

    count: int
    knocked: bool
    won: bool
    melds: NotRequired[list[str]]
    unmatched: NotRequired[str]


def _detail(hand: Counted, settlement: Settlement) -> KnockDetail:
    detail: KnockDetail = {
        "count": hand.count,
        "knocked": hand.seat == settlement.knocker,
        "won": hand.seat in settlement.winners,
    }
    if hand.melding is not None:
        detail["melds"] = [str(m) for m in hand.melding.melds]
        detail["unmatched"] = format_cards(sort_cards(hand.melding.leftover))
    return detail


def _hand(seat: int, entry: SeatEntry, size: int) -> Hand:
    """One player's entry, held to what a hand can be (ruling 4.1's deal)."""
    if entry.key == "cards":
        cards: tuple[Card, ...] = entry.value
        if len(cards) != size:
            raise ImpossibleHandError(
                msg_n(
                    "{seat} held {count} card, but at this table every hand is {size} when "
                    "counted (10 each for two players, 7 for three or four, 6 for five or six; "
                    "the knocker discards after drawing).",
                    "{seat} held {count} cards, but at this table every hand is {size} when "
                    "counted (10 each for two players, 7 for three or four, 6 for five or six; "
                    "the knocker discards after drawing).",
                    len(cards),
                    seat=seat_ref(seat),
                    size=size,
                ),
                cards=cards,
            )
        return Hand(seat, cards=cards)
    count: int = entry.value
    if count < 0:
        raise ImpossibleCountError(
            msg(
                "{seat}'s unmatched count cannot be negative ({count}).",
                seat=seat_ref(seat),
                count=count,
            )
        )
    most = most_unmatched(size)
    if count > most:
        raise ImpossibleCountError(
            msg(
                "{seat} held {size} cards, so at most {most} unmatched, not {count}: only the "
                "10s and courts count 10, and three of a rank or in sequence would be a meld.",
                seat=seat_ref(seat),
                size=size,
                most=most,
                count=count,
            )
        )
    return Hand(seat, count=count)


# ---------------------------------------------------------------------------------------------
# Sample deals
# ---------------------------------------------------------------------------------------------

# A knocker's hand with every card matched, by hand size (for the +25 samples).
_GIN = {
    10: "AS 2S 3S 4S 7H 7D 7C 10C JC QC",
    7: "AS 2S 3S 4S 7H 7D 7C",
    6: "AS 2S 3S 7H 7D 7C",
}


def _take_meld(pack: list[Card], rng: Random) -> list[Card]:
    """A random meld of three still in the pack (a run or a set), taken out of it."""
    for _ in range(200):
        first = pack[rng.randrange(len(pack))]
        assert first.rank is not None and first.suit is not None
        if rng.random() < 0.5 and first.rank.number <= 11:
            wanted = [c for c in pack if c.suit is first.suit]
            wanted = [
                c
                for c in wanted
                if c.rank is not None and 0 < c.rank.number - first.rank.number < 3
            ]
        else:
            wanted = [c for c in pack if c.rank is first.rank and c is not first][:2]
        meld = [first, *wanted]
        if len(meld) == 3:
            for c in meld:
                pack.remove(c)
            return meld
    return [pack.pop() for _ in range(3)]  # pragma: no cover - a pack this bare is never dealt


def _knocking_hand(pack: list[Card], size: int, rng: Random) -> list[Card]:
    """A hand worth knocking on: melds, and a few low cards left over."""
    melds = {10: 2, 7: 2, 6: 1}[size]
    hand = [c for _ in range(melds) for c in _take_meld(pack, rng)]
    low = [c for c in pack if rummy_value(c) <= 4][: size - len(hand)]
    for c in low:
        pack.remove(c)
    # Late in a crowded deal the low cards may be gone: the rest comes off the pack.
    rest = [pack.pop() for _ in range(size - len(hand) - len(low))]
    return hand + low + rest


def _sample(players: int, number: int) -> dict[str, Any]:
    """A plausible hand: one or two players hold melds, the rest what the shuffle gave them.

    The lowest usually knocks; every fourth hand the second lowest knocks and is undercut;
    every sixth the knocker has every card matched; every fifth the table agrees a count
    equal to the knocker's for another player (a tie, which wins over the knocker), and every
    seventh for two others (who share the winnings, K-2).
    """
    size = hand_size(players)
    rng = Random(number * 101 + players)
    gin = list(parse_cards(_GIN[size])) if number % 6 == 0 else []
    pack = [c for c in STANDARD if c not in gin]
    rng.shuffle(pack)
    knocked_seat = number % players
    rival = (knocked_seat + 1) % players
    dealt: list[list[Card]] = []
    for seat in range(players):
        if seat == knocked_seat:
            dealt.append(gin or _knocking_hand(pack, size, rng))
        elif seat == rival and number % 4 == 0:
            dealt.append(_knocking_hand(pack, size, rng))
        elif seat % 2:
            meld = _take_meld(pack, rng)
            dealt.append(meld + [pack.pop() for _ in range(size - 3)])
        else:
            dealt.append([pack.pop() for _ in range(size)])
    counts = [count_cards(hand) for hand in dealt]
    order = sorted(range(players), key=lambda s: (counts[s], s))
    if not gin:
        # The knocker is usually the lowest; every fourth hand the second lowest (undercut).
        knocked_seat = order[1] if number % 4 == 0 else order[0]
    hands: list[dict[str, Any]] = []
    for seat in range(players):
        tied = (number % 5 == 0 and seat == order[-1]) or (
            number % 7 == 0 and players > 2 and seat in order[-2:]
        )
        if tied and seat != knocked_seat:
            # The table agrees a count equal to the knocker's: a tie, the other player wins.
            hands.append({"seat": seat, "count": counts[knocked_seat]})
        elif (seat + number) % 3 == 0:
            hands.append({"seat": seat, "count": counts[seat]})
        else:
            hands.append({"seat": seat, "cards": format_cards(sort_cards(dealt[seat]))})
    return {"knocked": knocked_seat, "hands": hands}


# ---------------------------------------------------------------------------------------------
# Questions
# ---------------------------------------------------------------------------------------------


def _cards(data: Mapping[str, Any], *, least: int = 1, most: int = 10) -> tuple[Card, ...]:
    value = data.get("cards")
    if not isinstance(value, str) or not value.strip():
        raise BadEntryError(
            msg(
                "{key} must be a string of cards, such as {example}.",
                key=Verbatim("cards"),
                example=Verbatim("'7H 8H 9H KC'"),
            ),
            field="cards",
        )
    if len(value) > 8 * most:
        raise BadEntryError(
            msg_n(
                "{key} holds at most {count} card.",
                "{key} holds at most {count} cards.",
                most,
                key=Verbatim("cards"),
            ),
            field="cards",
        )
    try:
        cards = parse_cards(value)
        STANDARD.check(cards)
    except AdjudicationError as err:
        raise err.at("cards") from None
    if not least <= len(cards) <= most:
        raise BadEntryError(
            msg(
                "{key} holds {least} to {most} cards, not {count}.",
                key=Verbatim("cards"),
                least=least,
                most=most,
                count=len(cards),
            ),
            field="cards",
            cards=cards,
        )
    return cards


def _players(data: Mapping[str, Any], *, required: bool) -> int | None:
    players = data.get("players")
    if players is None and not required:
        return None
    if isinstance(players, bool) or not isinstance(players, int):
        raise BadEntryError(
            msg(
                "{key} is how many sat at the table, {least} to {most}.",
                key=Verbatim("players"),
                least=KnockRummy.min_players,
                most=KnockRummy.max_players,
            ),
            field="players",
        )
    KnockRummy().check_players(players)
    return players


def _hand_cards(data: Mapping[str, Any]) -> tuple[Card, ...]:
    """The hand of a question: any 1 to 10 cards, or exactly a hand when ``players`` is given."""
    players = _players(data, required=False)
    if players is None:
        return _cards(data)
    size = hand_size(players)
    return _cards(data, least=size, most=size)


class MeldAnswer(TypedDict):
    """``meld``: is this one meld, with every problem."""

    cards: str
    valid: bool
    problems: list[str]
    explanation: list[str]


class MeldingAnswer(TypedDict):
    """A hand's best melding: its melds, what is left and its count."""

    melds: list[str]
    unmatched: str
    count: int


class DeadwoodAnswer(MeldingAnswer):
    """``deadwood``: the best melding of the hand; a count claimed is checked."""

    cards: str
    claimed: NotRequired[int]
    claim_right: NotRequired[bool]
    explanation: list[str]


class KnockAnswer(MeldingAnswer):
    """``knock``: the hand's count, and that it may knock (at any count, K-4)."""

    cards: str
    may_knock: bool
    explanation: list[str]


class SettleAnswer(TypedDict):
    """``settle``: the deal as read, who pays whom (also as sentences), each seat's result."""

    deal: DealData
    summary: str
    payments: list[PaymentJson]
    payments_shown: list[str]
    results: list[SeatResultJson[KnockDetail]]
    explanation: list[str]


def _answer_meld(data: Mapping[str, Any], options: Options) -> MeldAnswer:
    cards = _cards(data, least=1, most=13)
    problems = meld_problems(cards, RUMMY)
    shown = format_cards(cards)
    said_cards = joined(cards, " ")
    explanation: list[str]
    if problems:
        explanation = [
            msg("{cards} is not a meld: {problems}", cards=said_cards, problems=p) for p in problems
        ]
    else:
        explanation = [
            msg(
                "{cards} is a meld (sets of 3 or 4, sequences of 3 or more, ace low)",
                cards=said_cards,
            )
        ]
    return {
        "cards": shown,
        "valid": not problems,
        "problems": problems,
        "explanation": explanation,
    }


def _melding_dict(melding: Melding) -> MeldingAnswer:
    return {
        "melds": [str(m) for m in melding.melds],
        "unmatched": format_cards(sort_cards(melding.leftover)),
        "count": melding.count,
    }


def _answer_deadwood(data: Mapping[str, Any], options: Options) -> DeadwoodAnswer:
    cards = _hand_cards(data)
    claimed = data.get("claimed")
    if claimed is not None and (isinstance(claimed, bool) or not isinstance(claimed, int)):
        raise BadEntryError(
            msg(
                "{key} is the unmatched count a player announced.",
                key=Verbatim("claimed"),
            ),
            field="claimed",
        )
    melding = best_melding(cards, RUMMY, rummy_value)
    explanation: list[str] = [
        msg(
            "best melding of {cards}: {working}",
            cards=joined(cards, " "),
            working=describe_melding(melding),
        )
    ]
    melded = _melding_dict(melding)
    answer: DeadwoodAnswer = {
        "cards": format_cards(cards),
        "melds": melded["melds"],
        "unmatched": melded["unmatched"],
        "count": melded["count"],
        "explanation": explanation,
    }
    if claimed is not None:
        right = claimed == melding.count
        answer["claimed"] = claimed
        answer["claim_right"] = right
        if right:
            explanation.append(msg("the claimed {claimed} is right", claimed=claimed))
        elif claimed > melding.count:
            explanation.append(
                msg(
                    "the claimed {claimed} is too high: the best melding leaves {count}",
                    claimed=claimed,
                    count=melding.count,
                )
            )
        else:
            explanation.append(
                msg(
                    "the claimed {claimed} is too low: no melding leaves less than {count}",
                    claimed=claimed,
                    count=melding.count,
                )
            )
    return answer


def _answer_knock(data: Mapping[str, Any], options: Options) -> KnockAnswer:
    cards = _hand_cards(data)
    melding = best_melding(cards, RUMMY, rummy_value)
    explanation: list[str] = [
        msg(
            "counts {count}: {working}",
            count=melding.count,
            working=describe_melding(melding),
        ),
        msg("may knock: there is no minimum count to knock (K-4)"),
    ]
    if melding.count == 0:
        explanation.append(
            msg(
                "every card matched: if no one else has 0, each other player pays the "
                "difference and {bonus} more (4.5 rule 1)",
                bonus=BONUS,
            )
        )
    else:
        explanation.append(
            msg(
                "a player with {count} or less wins instead (a tie wins over the knocker), and "
                "the knocker then pays the difference and, if not lowest, a {penalty} penalty "
                "(4.5 rules 2 and 3)",
                count=melding.count,
                penalty=PENALTY,
            )
        )
    return {
        "cards": format_cards(cards),
        **_melding_dict(melding),
        "may_knock": True,
        "explanation": explanation,
    }


def _answer_settle(data: Mapping[str, Any], options: Options) -> SettleAnswer:
    players = _players(data, required=True)
    assert players is not None
    game = KnockRummy()
    raw = {k: v for k, v in data.items() if k not in ("players", "options")}
    deal = game.parse_deal(raw, players=players, options=options)
    scored = game.score(deal, None, game.seating(players, options), options)
    return {
        "deal": game.deal_as_data(deal, players=players, options=options),
        "summary": scored.summary,
        "payments": [p.as_dict() for p in scored.payments],
        "payments_shown": [
            msg(
                "{payer} pays {payee} {points}",
                payer=seat_ref(p.payer),
                payee=seat_ref(p.payee),
                points=Amount(p.amount),
            )
            for p in scored.payments
        ],
        "results": [r.as_dict() for r in scored.results],
        "explanation": [scored.summary]
        + [
            line
            for r in scored.results
            for line in (msg("{seat}:", seat=seat_ref(r.seat)), *r.explanation)
        ],
    }


def _asks(game: Any) -> dict[str, Asks]:
    """What each question takes (the dispute desk's forms), with a sample it answers."""
    hand = CardsField("cards", msg("The hand"), 10)
    return {
        "meld": Asks((CardsField("cards", msg("The meld"), 13),), {"cards": "5H 6H 7H"}),
        "deadwood": Asks(
            (hand, CountField("claimed", msg("The count claimed"), maximum=100)),
            {"cards": "5H 6H 7H 7S 7D 2C 2D", "claimed": 4},
            optional=CLAIM,
        ),
        "knock": Asks((hand,), {"cards": "10S JS QH KH 10D JD QC"}),
        "settle": deal_input(game),
    }
