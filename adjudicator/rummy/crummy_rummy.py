"""Crummy Rummy: a fixed contract each round, penalty points for the cards left, lowest total wins.

Rules: ``shared/seeds/004``; rulings: section 5 of ``shared/rulings.md``, whose ids (CR-1 …)
the comments cite. Melds come from the family's one engine (:mod:`melding_rules`, ``CRUMMY``:
runs of 4 or more, sets of 3 or more with suits repeating, the ace high or low, one natural card
per group). Deal N of a game is round N; its contract is data here (:data:`CONTRACTS`).

>>> game = CrummyRummy()
>>> deal = game.parse_deal(
...     {"went_out": 0, "hands": [{"seat": 1, "cards": "7H KC JK"}, {"seat": 2, "held": 40}]},
...     players=3, options=game.options())
>>> [r.points for r in penalties(deal)]
[0, 32, 40]
>>> judge_contract(["7H 8H 9H JK", "3S 3S 3H"], 1, Options()).valid
True
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any, Literal, NotRequired, TypedDict

from adjudicator.asking import (
    CLAIM,
    MOST_IN_MELD,
    Asks,
    MeldsField,
    deal_input,
)
from adjudicator.budget import QUESTION_STEPS
from adjudicator.cards import CRUMMY as CRUMMY_PACK
from adjudicator.cards import Card, Pack, format_cards, parse_cards
from adjudicator.dealing import Dealing, from_pack
from adjudicator.errors import AdjudicationError, BadEntryError, ImpossibleCountError
from adjudicator.game import FixedDeals, Game, Question, Scored
from adjudicator.messages import Message, joined, listed, msg, msg_n
from adjudicator.options import option
from adjudicator.records import (
    MOST_CARDS,
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
    CRUMMY,
    Aces,
    MeldStyle,
    best_melding,
    crummy_value,
    grouped,
    meld_problems,
    shown_cards,
    shown_meld,
    shown_melds,
)
from adjudicator.rummy.melds import MeldCard, MeldKind, parse_meld_cards
from adjudicator.said import seat as seat_ref
from adjudicator.tally import SeatResult, SeatResultJson

DEALT = 10
# CR-1/CR-2: after the draw a hand holds the 10 dealt and the card drawn, plus 2 for each
# time its player took out of turn (the face-up card and a penalty card from the stock).
HAND_AFTER_DRAW = DEALT + 1
VALUES = msg("2-9 their pips; 10, J, Q, K 10; A and joker 15")


# ---------------------------------------------------------------------------------------------
# House rules
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Options:
    """House rules of Crummy Rummy (``shared/rulings.md`` section 5b)."""

    rounds: Literal[5, 7] = option(
        5,
        msg(
            "How many rounds: 5, as the seed lists them, or 7, as in the original it was copied "
            "from. The seed names only the 7th round's contract (a run of 4 and 2 sets of 3, "
            "every card used, no discard); rounds 5 and 6 of the original are not in it. We chose "
            "round 5 = a run of 4 and a set of 4 and round 6 = a run of 4 and 2 sets of 3 (with a "
            "discard): they carry on the seed's climb from two groups to three, each fits the 11 "
            "cards held after the draw with a card to discard, and round 6 is the final's "
            "contract played with a discard, so the final's only change is the one the seed "
            "describes. Rounds 1-4 stay as listed, 10 cards are dealt in every round."
        ),
        labels={
            5: msg("Five rounds (as the seed lists them)"),
            7: msg("Seven rounds (the original)"),
        },
        rule="CR-1",
    )
    joker_restriction: Literal["none", "one_group", "max_half"] = option(
        "one_group",
        msg(
            "Jokers in the contract's lay-down: all of them in one group, run or set (the seed's "
            "'one of the sets'); no limit; or, as in the original, wild cards at most half of any "
            "group (always, also when adding to groups later). After the contract is down there "
            "is otherwise no limit."
        ),
        labels={
            "none": msg("No limit on jokers"),
            "one_group": msg("All jokers in one group of the contract"),
            "max_half": msg("Jokers at most half of any group"),
        },
        rule="CR-3",
    )
    exact_contract_sizes: bool = option(
        False,
        msg(
            "The contract's groups go down at exactly their sizes (a set of 3 has 3 cards; a 4th "
            "is added to it afterwards). Off: the sizes are minimums. The final round must use "
            "every card, so there the sizes stay minimums."
        ),
        rule="CR-4",
    )
    round_the_corner: bool = option(
        False,
        msg(
            "Runs may go round the corner (Q-K-A-2). Off: the ace is high or low, not both at once."
        ),
        rule="CR-6",
    )


def house_rule(key: str) -> Message:
    """A house rule by the name its page gives it ("Round the corner"), not its key."""
    return {
        "joker_restriction": msg("Joker restriction"),
        "exact_contract_sizes": msg("Exact contract sizes"),
        "round_the_corner": msg("Round the corner"),
    }[key]


ROUND_THE_CORNER = msg(
    "runs may go round the corner (house rule “{rule}”, CR-6)", rule=house_rule("round_the_corner")
)


def meld_style(options: Options) -> MeldStyle:
    """The CRUMMY style, with runs round the corner under CR-6's option."""
    return replace(CRUMMY, aces=Aces.ROUND_THE_CORNER) if options.round_the_corner else CRUMMY


# ---------------------------------------------------------------------------------------------
# The contracts, as data
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Need:
    """One group a contract asks for: a run or a set, of at least (or exactly) ``size`` cards."""

    kind: MeldKind
    size: int

    def said(self) -> Message:
        """``run of 4``, ``set of 3``."""
        if self.kind is MeldKind.RUN:
            return msg("run of {size}", size=self.size)
        return msg("set of {size}", size=self.size)

    def one(self) -> Message:
        """``a run of 4``, ``a set of 3``."""
        if self.kind is MeldKind.RUN:
            return msg("a run of {size}", size=self.size)
        return msg("a set of {size}", size=self.size)

    def many(self, count: int) -> Message:
        """``2 runs of 4``, ``3 sets of 3``."""
        if self.kind is MeldKind.RUN:
            return msg_n("{count} run of {size}", "{count} runs of {size}", count, size=self.size)
        return msg_n("{count} set of {size}", "{count} sets of {size}", count, size=self.size)

    def __str__(self) -> str:
        return str(self.said())


@dataclass(frozen=True)
class Contract:
    """What a round asks for. ``whole_hand``: the lay-down uses every card held, with no discard
    (the final round, CR-2)."""

    groups: tuple[Need, ...]
    whole_hand: bool = False

    def said(self) -> Message:
        """``a run of 4 and a set of 3``; the final round's ``…, using every card held``."""
        counts = Counter(self.groups)
        parts = [
            need.one() if counts[need] == 1 else need.many(counts[need])
            for need in dict.fromkeys(self.groups)
        ]
        if self.whole_hand:
            return msg("{groups}, using every card held (no discard)", groups=listed(parts))
        return msg("{groups}", groups=listed(parts))

    def __str__(self) -> str:
        return str(self.said())

    @property
    def fewest_cards(self) -> int:
        return sum(need.size for need in self.groups)


RUN_4 = Need(MeldKind.RUN, 4)
SET_3 = Need(MeldKind.SET, 3)
SET_4 = Need(MeldKind.SET, 4)
FIVE_ROUNDS: tuple[Contract, ...] = (
    Contract((RUN_4, SET_3)),
    Contract((SET_3, SET_3, SET_3)),
    Contract((RUN_4, RUN_4)),
    Contract((SET_4, SET_4)),
    Contract((RUN_4, SET_3, SET_3), whole_hand=True),
)
# CR-1: the 7-round original. The seed names only its 7th (final) round; rounds 5 and 6 are
# our choice, as the option's doc says.
SEVEN_ROUNDS: tuple[Contract, ...] = (
    *FIVE_ROUNDS[:4],
    Contract((RUN_4, SET_4)),
    Contract((RUN_4, SET_3, SET_3)),
    Contract((RUN_4, SET_3, SET_3), whole_hand=True),
)
CONTRACTS: Mapping[int, tuple[Contract, ...]] = {5: FIVE_ROUNDS, 7: SEVEN_ROUNDS}
FEWEST_LAID = min(c.fewest_cards for rounds in CONTRACTS.values() for c in rounds)


def contract_of(round_number: int, options: Options) -> Contract:
    """Round N's contract.

    >>> str(contract_of(2, Options())), str(contract_of(1, Options()))
    ('3 sets of 3', 'a run of 4 and a set of 3')
    """
    return CONTRACTS[options.rounds][round_number - 1]


# ---------------------------------------------------------------------------------------------
# Groups and the contract's lay-down
# ---------------------------------------------------------------------------------------------


def _shown(cards: Sequence[MeldCard]) -> str:
    return " ".join(str(mc) for mc in cards)


def _group(number: int, cards: Sequence[MeldCard]) -> Message:
    """``group 2 (3S 3S 3H)``: a group of a lay-down, by its place and its cards."""
    return msg("group {number} ({cards})", number=number, cards=shown_meld(cards))


class GroupAnswer(TypedDict):
    """One group judged: what it can be read as (a set, a run), every problem with it."""

    cards: str
    valid: bool
    kinds: list[str]
    problems: list[str]


class MeldAnswer(GroupAnswer):
    """``meld``: one group judged, with the working."""

    explanation: list[str]


class ContractGroup(GroupAnswer):
    """A group of a lay-down, and the part of the contract it fills (if any)."""

    fills: str | None


class ContractAnswer(TypedDict):
    """``contract``: a lay-down judged against the round's contract, every problem at once."""

    round: int
    contract: str
    meets_contract: bool
    groups: list[ContractGroup]
    problems: list[str]
    explanation: list[str]


class DeadwoodAnswer(TypedDict):
    """``deadwood``: the penalty for the cards left in hand (every card counts), and the best
    melding where the hand is small enough to search; a claimed penalty checked."""

    cards: str
    penalty: int
    melds: list[str] | None
    unmatched: str | None
    unmatched_count: int | None
    claimed: int | None
    claim_right: bool | None
    explanation: list[str]


class CrummyDetail(TypedDict):
    """A seat's ``detail`` in Crummy Rummy: its penalty, and the cards it held if given (the
    player who went out has none)."""

    held: NotRequired[int]
    cards: NotRequired[int]


class SettleAnswer(TypedDict):
    """``settle``: the round and its contract, the deal as read, each seat's penalty."""

    round: int
    contract: str
    deal: DealData
    results: list[SeatResultJson[CrummyDetail]]
    explanation: list[str]


@dataclass(frozen=True)
class GroupVerdict:
    """One group judged on its own: what it can be read as, and every problem with it."""

    cards: tuple[MeldCard, ...]
    kinds: tuple[MeldKind, ...]
    problems: tuple[str, ...]

    @property
    def valid(self) -> bool:
        return bool(self.kinds) and not self.problems

    @property
    def jokers(self) -> int:
        return sum(mc.is_joker for mc in self.cards)

    def as_dict(self) -> GroupAnswer:
        return {
            "cards": _shown(self.cards),
            "valid": self.valid,
            "kinds": [k.value for k in self.kinds],
            "problems": list(self.problems),
        }


def judge_group(cards: str | Sequence[MeldCard], options: Options) -> GroupVerdict:
    """A run (4 or more) or a set (3 or more, suits may repeat), with at least one natural card
    (CR-8) and, under ``max_half``, no more jokers than naturals (CR-3).

    >>> judge_group("5H JK JK JK", Options()).kinds
    (<MeldKind.SET: 'set'>, <MeldKind.RUN: 'run'>)
    >>> judge_group("5H JK JK JK", Options(joker_restriction="max_half")).problems[0][:35]
    '3 jokers in a group of 4: more than'
    """
    placed = parse_meld_cards(cards) if isinstance(cards, str) else tuple(cards)
    style = meld_style(options)
    kinds = tuple(
        kind
        for kind, only in ((MeldKind.SET, replace(style, runs=False)), (MeldKind.RUN, None))
        if not meld_problems(placed, only or replace(style, sets=False))
    )
    problems: list[str] = []
    if not kinds:
        problems += [_cite(p) for p in meld_problems(placed, style)]
        if not problems:  # pragma: no cover - a meld of the style is a set or a run
            problems.append(msg("neither a run nor a set (5a)"))
    jokers = sum(mc.is_joker for mc in placed)
    if options.joker_restriction == "max_half" and 2 * jokers > len(placed):
        problems.append(
            msg_n(
                "{count} joker in a group of {size}: more than half (house rule “{rule}”: "
                "“{choice}”, CR-3)",
                "{count} jokers in a group of {size}: more than half (house rule “{rule}”: "
                "“{choice}”, CR-3)",
                jokers,
                size=len(placed),
                rule=house_rule("joker_restriction"),
                choice=msg("Jokers at most half of any group"),
            )
        )
    return GroupVerdict(placed, kinds, tuple(problems))


def _cite(problem: str) -> Message:
    """One of the meld engine's problems, with the rule behind it."""
    if "natural card" in problem:
        return msg("{problem} (CR-8)", problem=problem)
    if "not in sequence" in problem:
        return msg("{problem} (5a, CR-6)", problem=problem)
    return msg("{problem} (5a)", problem=problem)


@dataclass(frozen=True)
class ContractVerdict:
    """A lay-down judged against a round's contract: every problem at once, and the working."""

    round: int
    contract: Contract
    groups: tuple[GroupVerdict, ...]
    fills: tuple[Need | None, ...]
    problems: tuple[str, ...]
    explanation: tuple[str, ...]

    @property
    def valid(self) -> bool:
        return not self.problems

    def as_dict(self) -> ContractAnswer:
        return {
            "round": self.round,
            "contract": self.contract.said(),
            "meets_contract": self.valid,
            "groups": [
                {**g.as_dict(), "fills": need.said() if need else None}
                for g, need in zip(self.groups, self.fills, strict=True)
            ],
            "problems": list(self.problems),
            "explanation": list(self.explanation),
        }


def judge_contract(
    groups: Sequence[str | Sequence[MeldCard]],
    round_number: int,
    options: Options,
    *,
    hand_size: int | None = None,
) -> ContractVerdict:
    """Does this lay-down, all at once, meet round N's contract? Every problem names the group,
    its cards and the rule.

    ``hand_size`` is how many cards the player held after the draw; in the final round every
    one of them must go down (CR-2).

    >>> [str(p) for p in judge_contract(["7H 8H 9H JK", "3S JK 3H"], 1, Options()).problems]
    ['jokers in group 1 (7H 8H 9H JK) and group 2 (3S JK 3H): all the jokers of the contract go in one group (CR-3)']
    >>> str(judge_contract(["7H 8H 9H 10H", "3S 3S 3H"], 4, Options()).problems[0])
    'group 1 (7H 8H 9H 10H) is a run, where the contract needs a set of 4 (5a)'
    """
    contract = contract_of(round_number, options)
    verdicts = tuple(judge_group(g, options) for g in groups)
    named = [_group(i, v.cards) for i, v in enumerate(verdicts, start=1)]
    problems: list[str] = []
    for name, verdict in zip(named, verdicts, strict=True):
        problems += [msg("{group}: {problem}", group=name, problem=p) for p in verdict.problems]

    # The two packs hold two of each card and four jokers, across the whole lay-down.
    laid = Counter(mc.card for v in verdicts for mc in v.cards)
    for c, n in laid.items():
        most = CRUMMY_PACK.copies.get(c, 0)
        if n > most and len(verdicts) > 1:  # within one group, the group's check says it
            problems.append(
                msg(
                    "{card} is laid {times} times, but the pack holds only {most} "
                    "(two packs and four jokers, 5a)",
                    card=c,
                    times=n,
                    most=most,
                )
            )

    with_jokers = [name for name, v in zip(named, verdicts, strict=True) if v.jokers]
    if options.joker_restriction == "one_group" and len(with_jokers) > 1:
        problems.append(
            msg(
                "jokers in {groups}: all the jokers of the contract go in one group (CR-3)",
                groups=listed(with_jokers),
            )
        )

    fills: tuple[Need | None, ...] = (None,) * len(verdicts)
    exact = options.exact_contract_sizes and not contract.whole_hand
    if len(verdicts) != len(contract.groups):
        problems.append(
            msg(
                "round {round}'s contract is {contract}: lay down exactly {groups} groups, not "
                "{laid} (5a: the contract goes down all at once, and no new group may be laid "
                "down after it)",
                round=round_number,
                contract=contract.said(),
                groups=len(contract.groups),
                laid=len(verdicts),
            )
        )
    else:
        best: tuple[list[str], tuple[Need, ...]] | None = None
        for order in dict.fromkeys(itertools.permutations(contract.groups)):
            found = [
                p
                for name, v, need in zip(named, verdicts, order, strict=True)
                for p in _fit_problems(name, v, need, exact=exact)
            ]
            if best is None or len(found) < len(best[0]):
                best = (found, order)
        assert best is not None
        problems += best[0]
        fills = tuple(n if v.kinds else None for v, n in zip(verdicts, best[1], strict=True))

    total = sum(len(v.cards) for v in verdicts)
    if hand_size is not None and total > hand_size:
        problems.append(
            msg(
                "the lay-down has {total} cards, but the hand held only {held}",
                total=total,
                held=hand_size,
            )
        )
    if contract.whole_hand:
        if hand_size is not None and total < hand_size:
            problems.append(
                msg(
                    "round {round} is the final round: the lay-down must use every card held, "
                    "all {held}, not {total} (CR-2: no discard)",
                    round=round_number,
                    held=hand_size,
                    total=total,
                )
            )
        elif hand_size is None and (total < HAND_AFTER_DRAW or total % 2 == 0):
            problems.append(
                msg(
                    "round {round} is the final round: the lay-down must use every card held "
                    "after the draw, 11 (13, 15 … after taking out of turn), not {total} "
                    "(CR-2: no discard)",
                    round=round_number,
                    total=total,
                )
            )

    lines: list[str] = [
        msg("round {round}'s contract: {contract}", round=round_number, contract=contract.said())
    ]
    for name, v, need in zip(named, verdicts, fills, strict=True):
        if v.kinds and need is not None:
            lines.append(
                msg(
                    "{group}: a run of {size} for the run of {needed}",
                    group=name,
                    size=len(v.cards),
                    needed=need.size,
                )
                if need.kind is MeldKind.RUN
                else msg(
                    "{group}: a set of {size} for the set of {needed}",
                    group=name,
                    size=len(v.cards),
                    needed=need.size,
                )
            )
    lines += _notes(verdicts, contract, options)
    if problems:
        lines.append(
            msg_n(
                "does not meet round {round}'s contract: {count} problem",
                "does not meet round {round}'s contract: {count} problems",
                len(problems),
                round=round_number,
            )
        )
    else:
        lines.append(msg("meets round {round}'s contract", round=round_number))
    return ContractVerdict(round_number, contract, verdicts, fills, tuple(problems), tuple(lines))


def _fit_problems(name: str, verdict: GroupVerdict, need: Need, *, exact: bool) -> list[str]:
    if not verdict.kinds:
        return []  # not a group at all: said already
    if need.kind not in verdict.kinds:
        # A group that can be read only as the other kind (one that can be either fits).
        if MeldKind.SET in verdict.kinds:
            return [
                msg(
                    "{group} is a set, where the contract needs {need} (5a)",
                    group=name,
                    need=need.one(),
                )
            ]
        return [
            msg(
                "{group} is a run, where the contract needs {need} (5a)",
                group=name,
                need=need.one(),
            )
        ]
    size = len(verdict.cards)
    if size < need.size:
        return [
            msg(
                "{group} has {size} cards, where the contract needs {need} (5a)",
                group=name,
                size=size,
                need=need.one(),
            )
        ]
    if exact and size != need.size:
        return [
            msg(
                "{group} has {size} cards, where the contract's {need} has exactly {exactly}; "
                "add the rest once the contract is down (house rule “{rule}”, CR-4)",
                group=name,
                size=size,
                need=need.said(),
                exactly=need.size,
                rule=house_rule("exact_contract_sizes"),
            )
        ]
    return []


def _notes(verdicts: Sequence[GroupVerdict], contract: Contract, options: Options) -> list[str]:
    lines: list[str] = []
    suits = Counter(
        next((mc.card.suit for mc in v.cards if not mc.is_joker), None)
        for v in verdicts
        if v.kinds == (MeldKind.RUN,)
    )
    ranks = Counter(
        next((mc.card.rank for mc in v.cards if not mc.is_joker), None)
        for v in verdicts
        if v.kinds == (MeldKind.SET,)
    )
    if any(n > 1 for u, n in suits.items() if u) or any(n > 1 for r, n in ranks.items() if r):
        lines.append(msg("two groups of one suit or rank stay separate groups, as laid (CR-5)"))
    if any(v.jokers for v in verdicts):
        restriction = house_rule("joker_restriction")
        lines.append(
            {
                "none": msg(
                    "jokers: no limit (house rule “{rule}”: “{choice}”, CR-3)",
                    rule=restriction,
                    choice=msg("No limit on jokers"),
                ),
                "one_group": msg("jokers: all in one group of the contract (CR-3)"),
                "max_half": msg(
                    "jokers: at most half of any group (house rule “{rule}”: “{choice}”, CR-3)",
                    rule=restriction,
                    choice=msg("Jokers at most half of any group"),
                ),
            }[options.joker_restriction]
        )
    if options.exact_contract_sizes:
        lines.append(
            msg(
                "sizes: exactly as the contract says (house rule “{rule}”, CR-4)",
                rule=house_rule("exact_contract_sizes"),
            )
            if not contract.whole_hand
            else msg("sizes: minimums in the final round, which uses every card (CR-2, CR-4)")
        )
    if options.round_the_corner:
        lines.append(ROUND_THE_CORNER)
    return lines


# ---------------------------------------------------------------------------------------------
# Deals: who went out, and what everyone else held
# ---------------------------------------------------------------------------------------------


class Held(StrEnum):
    COUNT = "held"
    CARDS = "cards"


@dataclass(frozen=True)
class HeldHand:
    """What a player who did not go out held: the cards, or a penalty count the table agreed."""

    seat: int
    kind: Held
    count: int = 0
    cards: tuple[Card, ...] = ()

    @property
    def penalty(self) -> int:
        return sum(crummy_value(c) for c in self.cards) if self.kind is Held.CARDS else self.count


@dataclass(frozen=True)
class Deal:
    went_out: int
    hands: tuple[HeldHand, ...]


def most_cards_held(players: int) -> int:
    """The most a loser can hold: the pack, less the winner's contract on the table (7 cards at
    least) and one card for each other loser."""
    return len(CRUMMY_PACK) - FEWEST_LAID - (players - 2)


MOST_HELD = most_cards_held(3)
"""The most cards one hand can hold at any table: at the smallest (5a: 3 to 6 players)."""


def most_points_held(players: int) -> int:
    """What :func:`most_cards_held` cards are worth at most: the dearest cards of the pack.

    >>> most_points_held(3), most_points_held(6)
    (836, 827)
    """
    values = sorted((crummy_value(c) for c in CRUMMY_PACK), reverse=True)
    return sum(values[: most_cards_held(players)])


# The final round: nobody but the winner lays anything down, so a loser holds the 10 dealt and
# 2 more for each out-of-turn take; the cheapest 10 cards are the eight 2s and two 3s.
FINAL_FEWEST = 8 * 2 + 2 * 3


def _record(players: int) -> Record:
    return Record(
        (
            SeatField("went_out", msg("Who went out?")),
            PerSeatField(
                "hands",
                msg("What each other player held"),
                skip="went_out",
                entries=(
                    CountField(
                        "held", msg("Penalty count"), minimum=2, maximum=most_points_held(players)
                    ),
                    CardsField(
                        "cards", msg("Cards"), min_cards=1, max_cards=most_cards_held(players)
                    ),
                ),
                prompt=msg(
                    "Say what {players} held (the penalty count, or the cards)", players=SOMEONE
                ),
                skipped=msg("{seat} went out, so holds nothing and scores 0", seat=SOMEONE),
                help=msg("Cards left in hand score {values}.", values=VALUES),
            ),
        )
    )


def read_hand(seat: int, key: str, value: Any, players: int) -> HeldHand:
    """One loser's entry, held to what any round allows (the final round's limits are checked
    when the deal is scored, as round N is deal N)."""
    if key == "cards":
        cards: tuple[Card, ...] = value
        if not cards:
            raise ImpossibleCountError(
                msg("{seat} did not go out, so holds at least one card.", seat=seat_ref(seat))
            )
        most = most_cards_held(players)
        if len(cards) > most:
            raise ImpossibleCountError(
                msg(
                    "{seat} cannot hold {count} cards: the pack is {pack}, the winner laid down "
                    "at least {laid} and every other player holds at least one, so at most "
                    "{most}.",
                    seat=seat_ref(seat),
                    count=len(cards),
                    pack=len(CRUMMY_PACK),
                    laid=FEWEST_LAID,
                    most=most,
                ),
                cards=cards,
            )
        return HeldHand(seat, Held.CARDS, cards=cards)
    count: int = value
    if count < 2:
        raise ImpossibleCountError(
            msg(
                "{seat} did not go out, so holds at least one card, worth at least 2, not "
                "{count}: only the player who went out scores 0.",
                seat=seat_ref(seat),
                count=count,
            )
        )
    most_points = most_points_held(players)
    if count > most_points:
        raise ImpossibleCountError(
            msg(
                "{seat} cannot hold {count}: at most {cards} cards can be left in one hand, "
                "worth at most {most}.",
                seat=seat_ref(seat),
                count=count,
                cards=most_cards_held(players),
                most=most_points,
            )
        )
    return HeldHand(seat, Held.COUNT, count=count)


def check_round(deal: Deal, round_number: int, options: Options) -> None:
    """What the round forbids: in the final round (CR-2) nobody but the winner has laid
    anything down, so each loser holds 10 cards, or 12, 14 … after taking out of turn."""
    if not contract_of(round_number, options).whole_hand:
        return
    for index, hand in enumerate(deal.hands):
        if hand.kind is Held.CARDS:
            size = len(hand.cards)
            if size < DEALT or size % 2:
                raise ImpossibleCountError(
                    msg(
                        "In the final round (round {round}) nobody but the winner lays anything "
                        "down, so {seat} holds the 10 cards dealt, or 12, 14 … after taking out "
                        "of turn, not {size} (CR-2).",
                        round=round_number,
                        seat=seat_ref(hand.seat),
                        size=size,
                    ),
                    cards=hand.cards,
                    field=f"hands[{index}].cards",
                    seats=(hand.seat,),
                )
        elif hand.count < FINAL_FEWEST:
            raise ImpossibleCountError(
                msg(
                    "In the final round (round {round}) {seat} holds at least the 10 cards "
                    "dealt, worth at least {least} (eight 2s and two 3s), not {count} (CR-2).",
                    round=round_number,
                    seat=seat_ref(hand.seat),
                    least=FINAL_FEWEST,
                    count=hand.count,
                ),
                field=f"hands[{index}].held",
                seats=(hand.seat,),
            )


def penalties(
    deal: Deal, round_number: int = 1, options: Options | None = None
) -> tuple[SeatResult, ...]:
    """Each seat's penalty for round N: 0 for going out, else the cards left in hand (5a)."""
    contract = contract_of(round_number, options or Options())
    by_seat = {hand.seat: hand for hand in deal.hands}
    results = []
    for seat in range(len(deal.hands) + 1):
        if seat == deal.went_out:
            why = msg(
                "went out in round {round} ({contract}): 0",
                round=round_number,
                contract=contract.said(),
            )
            results.append(SeatResult(seat, 0, (why,)))
            continue
        hand = by_seat[seat]
        line: str
        if hand.kind is Held.CARDS:
            line = msg(
                "held {cards} = {penalty} ({values}; 5a)",
                cards=_valued(hand.cards),
                penalty=hand.penalty,
                values=VALUES,
            )
            detail: Detail = {"held": hand.penalty, "cards": len(hand.cards)}
        else:
            line = msg(
                "penalty count {count}, as the table agreed (cards left in hand, 5a)",
                count=hand.count,
            )
            detail = {"held": hand.count}
        results.append(SeatResult(seat, hand.penalty, (line,), detail=detail))
    return tuple(results)


def _valued(cards: Sequence[Card]) -> Any:
    """Each card and what it scores, summed: ``7H 7 + KC 10 + JK 15``."""
    return joined((joined((c, crummy_value(c)), " ") for c in cards), " + ")


# ---------------------------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------------------------


class Detail(TypedDict):
    """What a player was left holding in a round, beside the penalty: the penalty the cards
    count (``held``) and, when the cards were given, how many (``cards``). The player who went
    out has neither."""

    held: NotRequired[int]
    cards: NotRequired[int]


class CrummyRummy(Game[Options, Deal]):
    slug = "crummy-rummy"
    name = "Crummy Rummy"
    family = "rummy"
    options_type = Options
    detail_type = Detail
    min_players = 3
    max_players = 6
    lower_is_better = True
    deal_word = "round"
    # Round N is played to round N's contract (5a): a voided round is played again.
    numbered_by_play = True

    def pack(self, options: Options, players: int) -> Pack:
        return CRUMMY_PACK

    def dealing(self, players: int, options: Options) -> Dealing:
        """5a: two packs and four jokers, ten cards each in every round, one turned up."""
        return from_pack(
            self.pack(options, players),
            players,
            DEALT,
            "5a",
            discard=1,
            notes=(
                msg("The player on the dealer's right cuts; the deal passes to the left (5a)."),
                msg("Ten cards in every round, the 7-round game included (CR-1)."),
            ),
        )

    def record(self, options: Options, players: int) -> Record:
        """Who went out, and for each other player the cards left or the penalty count."""
        return _record(players)

    def end_rule(self, options: Options, players: int) -> FixedDeals:
        return FixedDeals(options.rounds)

    def read(self, values: Mapping[str, Any], seating: Seating, options: Options) -> Deal:
        hands = []
        for seat, entry in values["hands"].items():
            try:
                hands.append(read_hand(seat, entry.key, entry.value, seating.players))
            except AdjudicationError as err:
                err.seats = (seat,)
                raise err.at(f"hands[{entry.index}].{entry.key}") from None
        return Deal(values["went_out"], tuple(hands))

    def write(self, deal: Deal) -> dict[str, Any]:
        hands: dict[int, SeatEntry] = {}
        for hand in deal.hands:
            if hand.kind is Held.CARDS:
                hands[hand.seat] = SeatEntry("cards", hand.cards)
            else:
                hands[hand.seat] = SeatEntry("held", hand.count)
        return {"went_out": deal.went_out, "hands": hands}

    def start(self, seating: Seating, options: Options) -> int:
        return 0  # rounds played

    def score(self, deal: Deal, state: int, seating: Seating, options: Options) -> Scored:
        round_number = state + 1
        check_round(deal, round_number, options)
        contract = contract_of(round_number, options)
        return Scored(
            results=penalties(deal, round_number, options),
            summary=msg(
                "Round {round} ({contract}): {seat} went out",
                round=round_number,
                contract=contract.said(),
                seat=seat_ref(deal.went_out),
            ),
            state=round_number,
        )

    def next_deal_note(self, played: int, options: Options, players: int) -> str | None:
        """The contract of the round to come.

        >>> str(CrummyRummy().next_deal_note(2, Options(), 4))
        'Round 3 of 5: 2 runs of 4.'
        """
        if played >= options.rounds:
            return None
        return msg(
            "Round {round} of {rounds}: {contract}.",
            round=played + 1,
            rounds=options.rounds,
            contract=contract_of(played + 1, options).said(),
        )

    def sample_deal(self, *, players: int, options: Options, number: int) -> dict[str, Any]:
        round_number = (number - 1) % options.rounds + 1
        final = contract_of(round_number, options).whole_hand
        went_out = (number * 2) % players
        deck = list(CRUMMY_PACK)
        start = (number * 17) % 40
        hands: list[dict[str, Any]] = []
        for seat in range(players):
            if seat == went_out:
                continue
            if (number + seat) % 2:
                size = DEALT + 2 * (seat % 2) if final else 1 + (number + seat) % 5
                cards = deck[start : start + size]
                start += size
                hands.append({"seat": seat, "cards": format_cards(cards)})
            else:
                low = FINAL_FEWEST + 40 if final else 3
                hands.append({"seat": seat, "held": low + (number * 7 + seat * 11) % 60})
        return {"went_out": went_out, "hands": hands}

    def own_questions(self) -> Mapping[str, Question]:
        asks = _asks(self)
        return {
            "contract": Question(
                "contract",
                msg("Does this lay-down (groups of cards) meet round N's contract?"),
                _answer_contract,
                asks=asks["contract"],
            ),
            "meld": Question(
                "meld",
                msg("Is this a group (a run or a set) in Crummy Rummy?"),
                _answer_meld,
                asks=asks["meld"],
            ),
            "deadwood": Question(
                "deadwood",
                msg(
                    "What does this hand score if its player is caught with it, and how would it "
                    "best meld?"
                ),
                _answer_deadwood,
                asks=asks["deadwood"],
            ),
            "settle": Question(
                "settle",
                msg("What does each player score for one round, from the raw entries?"),
                _answer_settle,
                asks=asks["settle"],
            ),
        }


# ---------------------------------------------------------------------------------------------
# Questions
# ---------------------------------------------------------------------------------------------


def _whole(data: Mapping[str, Any], key: str, default: int | None = None) -> int | None:
    value = data.get(key)
    if value is None:  # left out, or given as null
        return default
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadEntryError(msg("{field} must be a whole number.", field=key), field=key)
    return value


def _round(data: Mapping[str, Any], options: Options) -> int:
    number = _whole(data, "round", 1)
    assert number is not None
    if not 1 <= number <= options.rounds:
        raise BadEntryError(
            msg(
                "round must be from 1 to {rounds}, not {number}.",
                rounds=options.rounds,
                number=grouped(number),
            )
            if abs(number) < 10**15
            else msg("round must be from 1 to {rounds}.", rounds=options.rounds),
            field="round",
        )
    return number


def _cards_text(data: Mapping[str, Any], key: str = "cards") -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value.strip():
        raise BadEntryError(
            msg("{field} must be a string of cards, such as '7H 8H 9H JK'.", field=key), field=key
        )
    return value


def _meld_cards(text: str, where: str) -> tuple[MeldCard, ...]:
    try:
        cards = parse_meld_cards(text)
    except AdjudicationError as err:
        raise err.at(where) from None
    if len(cards) > MOST_CARDS:
        raise BadEntryError(
            msg("{field} holds at most {count} cards.", field=where, count=MOST_CARDS), field=where
        )
    return cards


def _answer_contract(data: Mapping[str, Any], options: Options) -> ContractAnswer:
    number = _round(data, options)
    groups = data.get("groups")
    if not isinstance(groups, list) or not groups or not all(isinstance(g, str) for g in groups):
        raise BadEntryError(
            msg(
                "groups lists the groups laid down, each a string of cards, such as "
                "['7H 8H 9H JK', '3S 3S 3H']."
            ),
            field="groups",
        )
    if len(groups) > 12:
        raise BadEntryError(msg("groups lists at most 12 groups."), field="groups")
    parsed = []
    for index, text in enumerate(groups):
        cards = _meld_cards(text, f"groups[{index}]")
        if not cards:
            raise BadEntryError(
                msg("group {number} has no cards.", number=index + 1), field=f"groups[{index}]"
            )
        parsed.append(cards)
    hand_size = _whole(data, "hand_size")
    if hand_size is not None and (
        hand_size < HAND_AFTER_DRAW or hand_size % 2 == 0 or hand_size > MOST_CARDS
    ):
        raise ImpossibleCountError(
            msg(
                "A hand after the draw holds 11 cards, or 13, 15 … after taking out of turn "
                "(2 more each time), not {count}.",
                count=grouped(hand_size),
            )
            if abs(hand_size) < 10**15
            else msg("A hand after the draw holds 11 cards, or 13, 15 … after taking out of turn."),
            field="hand_size",
        )
    return judge_contract(parsed, number, options, hand_size=hand_size).as_dict()


def _answer_meld(data: Mapping[str, Any], options: Options) -> MeldAnswer:
    cards = _meld_cards(_cards_text(data), "cards")
    verdict = judge_group(cards, options)
    shown, size = shown_meld(cards), len(cards)
    lines: list[str] = [
        (
            msg("{cards}: a set or run of {size} (5a)", cards=shown, size=size)
            if len(verdict.kinds) > 1
            else msg("{cards}: a set of {size} (5a)", cards=shown, size=size)
            if verdict.kinds == (MeldKind.SET,)
            else msg("{cards}: a run of {size} (5a)", cards=shown, size=size)
        )
        if verdict.valid
        else msg(
            "{cards} is not a group: {problems}",
            cards=shown,
            problems=joined(verdict.problems, "; "),
        )
    ]
    if options.round_the_corner:
        lines.append(ROUND_THE_CORNER)
    return {**verdict.as_dict(), "explanation": lines}


def _answer_deadwood(data: Mapping[str, Any], options: Options) -> DeadwoodAnswer:
    text = _cards_text(data)
    try:
        hand = parse_cards(text)
        if len(hand) > MOST_HELD:
            raise BadEntryError(msg("A hand holds at most {count} cards.", count=MOST_HELD))
        CRUMMY_PACK.check(hand)
        # The penalty needs no melding (5a: every card left scores), so a search that runs out
        # of steps gives the best melding it found rather than refusing the question.
        melding = best_melding(hand, meld_style(options), crummy_value, exact=False)
    except AdjudicationError as err:
        raise err.at("cards") from None
    claimed = _whole(data, "claimed")
    penalty = sum(crummy_value(c) for c in hand)
    lines: list[str] = [
        msg(
            "penalty: {cards} = {penalty} ({values}; 5a)",
            cards=_valued(hand),
            penalty=penalty,
            values=VALUES,
        ),
        msg(
            "every card left in hand scores, melded or not: after the contract only cards that "
            "extend groups on the table can be played (5a)"
        ),
    ]
    if melding.melds:
        melds = shown_melds(melding.melds, "; ")
        left = shown_cards(melding.leftover) if melding.leftover else msg("nothing")
        lines.append(
            msg(
                "best melding: {melds}; unmatched {cards} = {count}",
                melds=melds,
                cards=left,
                count=melding.count,
            )
            if melding.proven
            else msg(
                "best melding found: {melds}; unmatched {cards} = {count}",
                melds=melds,
                cards=left,
                count=melding.count,
            )
        )
    elif melding.proven:
        lines.append(msg("no group can be made: unmatched {count}", count=melding.count))
    if not melding.proven:
        lines.append(
            msg(
                "the search for the best melding stopped after {steps} steps, so a better one "
                "may exist; the penalty above does not depend on it",
                steps=grouped(QUESTION_STEPS),
            )
        )
    right = None
    if claimed is not None:
        right = claimed == penalty
        lines.append(
            msg("claimed {claimed}: right", claimed=claimed)
            if right
            else msg("claimed {claimed}: wrong, it is {penalty}", claimed=claimed, penalty=penalty)
        )
    return {
        "cards": format_cards(hand),
        "penalty": penalty,
        "melds": [str(m) for m in melding.melds] if melding else None,
        "unmatched": format_cards(melding.leftover) if melding else None,
        "unmatched_count": melding.count if melding else None,
        "claimed": claimed,
        "claim_right": right,
        "explanation": lines,
    }


def _answer_settle(data: Mapping[str, Any], options: Options) -> SettleAnswer:
    game = CrummyRummy()
    players = _whole(data, "players")
    if players is None:
        raise BadEntryError(msg("players is how many sat at the table."), field="players")
    game.check_players(players)
    number = _round(data, options)
    raw = {k: v for k, v in data.items() if k not in ("players", "options", "round")}
    deal = game.parse_deal(raw, players=players, options=options)
    check_round(deal, number, options)
    results = penalties(deal, number, options)
    contract = contract_of(number, options)
    lines: list[str] = [
        msg("round {round} ({contract})", round=number, contract=contract.said()),
        *(
            msg(
                "{seat}: {points} — {why}",
                seat=seat_ref(r.seat),
                points=r.points,
                why=r.explanation[0],
            )
            for r in results
        ),
    ]
    return {
        "round": number,
        "contract": contract.said(),
        "deal": game.deal_as_data(deal, players=players, options=options),
        "results": [r.as_dict() for r in results],
        "explanation": lines,
    }


def _asks(game: Any) -> dict[str, Asks]:
    """What each question takes (the dispute desk's forms), with a sample it answers."""
    round_field = CountField("round", msg("Which round"), minimum=1, maximum=12)
    return {
        "contract": Asks(
            (
                round_field,
                MeldsField(
                    "groups",
                    msg("The groups laid down"),
                    most=12,
                    help=msg("one group a line"),
                ),
                CountField("hand_size", msg("Cards held after the draw"), maximum=MOST_CARDS),
            ),
            {"round": 1, "groups": ["7H 8H 9H 10H", "3S 3S 3H"]},
            optional=frozenset({"round", "hand_size"}),
        ),
        "meld": Asks(
            (CardsField("cards", msg("The group"), MOST_IN_MELD),), {"cards": "7H 8H 9H 10H"}
        ),
        "deadwood": Asks(
            (
                CardsField("cards", msg("The hand"), MOST_HELD),
                CountField("claimed", msg("The count claimed"), maximum=1000),
            ),
            {"cards": "7H 8H 9H KS 2C", "claimed": 12},
            optional=CLAIM,
        ),
        "settle": deal_input(
            game,
            round_field,
            sample={"round": 1},
            optional=frozenset({"round"}),
            deal_number="round",  # deal N of a game is round N
        ),
    }


__all__ = [
    "CONTRACTS",
    "Contract",
    "ContractVerdict",
    "CrummyRummy",
    "Deal",
    "GroupVerdict",
    "Held",
    "HeldHand",
    "Need",
    "Options",
    "check_round",
    "contract_of",
    "judge_contract",
    "judge_group",
    "meld_style",
    "penalties",
]
