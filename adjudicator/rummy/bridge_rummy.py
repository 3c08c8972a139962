"""Bridge Rummy: melds, the 50-point initial meld, deal charges rounded to tens, stars, seven deals.

Rules: ``shared/seeds/001`` (the narrative and the Original Document); rulings: section 3 of
``shared/rulings.md``, whose ids (R-1 …) the comments cite.

>>> game = BridgeRummy()
>>> deal = game.parse_deal(
...     {"went_out": 0, "hands": [{"seat": 1, "held": 36}, {"seat": 2, "held": 5},
...                               {"seat": 3, "not_down": True}]},
...     players=4, options=game.options())
>>> [r.points for r in charge_deal(deal, game.options())]
[-20, 40, 0, 100]
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Literal, NotRequired, TypedDict

from adjudicator.asking import (
    CLAIM,
    Asks,
    CountsField,
    FlagsField,
    LayoffsField,
    MeldsField,
    deal_input,
)
from adjudicator.cards import BRIDGE_RUMMY, Card, Pack, Rank, parse_cards
from adjudicator.dealing import Dealing, from_pack
from adjudicator.errors import (
    AdjudicationError,
    BadEntryError,
    ImpossibleCountError,
    InitialMeldTooLowError,
)
from adjudicator.game import FixedDeals, Game, Mark, Question, Scored
from adjudicator.options import option
from adjudicator.records import (
    CardsField,
    CountField,
    DealData,
    FlagField,
    PerSeatField,
    Record,
    SeatEntry,
    SeatField,
    Seating,
)
from adjudicator.rummy.answers import HeldDetail
from adjudicator.rummy.melding_rules import BRIDGE_RUMMY as MELDS
from adjudicator.rummy.melding_rules import MeldStyle, meld_reading
from adjudicator.rummy.melds import Meld, MeldCard, MeldKind, format_meld, parse_meld_cards
from adjudicator.said import say
from adjudicator.said import seat as seat_ref
from adjudicator.tally import SeatResult, SeatResultJson

DEALS = 7
HAND_DEALT = 14  # 3a: "two at a time until each player has 14"
INITIAL_MELD = 50
WENT_OUT = -20
HAND_RUMMY = -40
NEVER_DOWN = 100
NEVER_DOWN_AFTER_HAND_RUMMY = 200
FOURTH_STAR = -100
JOKER_HELD = 15
# a player who went down holds at most 9 cards (50 points take at least 5 of the 15 held
# on the meld turn, one more is discarded), so at most 2 jokers + 7 tens = 100 points.
MAX_HELD_CARDS = 9
MAX_HELD = 100


@dataclass(frozen=True)
class Options:
    """House rules of Bridge Rummy (``shared/rulings.md`` section 3b)."""

    ace_low_value: Literal[10, 1] = option(
        10,
        "What the ace counts towards the initial 50 in A-2-3: 10 (the Original Document, "
        "A-2-3 = 15) or 1 (the narrative, A-2-3 = 6).",
        labels={10: "Ace counts 10 (A-2-3 is 15)", 1: "Ace counts 1 (A-2-3 is 6)"},
        rule="R-1",
    )
    round_then_double: bool = option(
        False,
        "After a hand rummy, round the held count to tens first and then double it, instead of "
        "doubling first (13 → 20 rather than 26 → 30).",
        rule="R-3",
    )
    hand_rummy_own_melds_only: bool = option(
        False,
        "A hand rummy must lay out the hand in the player's own melds; lay-offs onto other "
        "players' melds in that turn do not count.",
        rule="R-4",
    )
    single_layoff_to_joker_needs_one_or_three: bool = option(
        False,
        "A single card may be laid off onto a meld holding a joker only while another player "
        "holds exactly one or three cards.",
        rule="R-6",
    )
    # a meld needs at least one natural card, so that its rank and suit are defined. The
    # shortest meld is 3 cards: 3 keeps jokers out of 3-card melds, and more would forbid
    # 3-card melds altogether, which is no longer Bridge Rummy.
    min_naturals_per_meld: int = option(
        1,
        "The fewest natural (non-joker) cards a meld may hold.",
        minimum=1,
        maximum=3,
        rule="R-8",
    )
    tie_break: Literal["none", "most_stars"] = option(
        "none",
        "Equal lowest totals after seven deals share the win ('none'), or the one with more "
        "stars wins ('most_stars').",
        labels={"none": "Shared win", "most_stars": "Most stars wins"},
        rule="R-11",
    )


def meld_style(options: Options) -> MeldStyle:
    """Bridge Rummy's melds in the family's one engine, with R-8's house option.

    Sets of 3 or 4, every suit different; runs of 3 or more, the ace low or high, never round
    the corner (K-A-2 is not a run, and no 2 goes on Q-K-A). The joker conditions are ours.
    """
    if options.min_naturals_per_meld == MELDS.min_naturals:
        return MELDS
    return dataclasses.replace(MELDS, min_naturals=options.min_naturals_per_meld)


# ---------------------------------------------------------------------------------------------
# Card values
# ---------------------------------------------------------------------------------------------


def held_value(card: Card) -> int:
    """What a card left in hand costs: A K Q J 10 are 10, pips their number, a joker 15.

    >>> [held_value(c) for c in parse_cards("AS KD 7C JK")]
    [10, 10, 7, 15]
    """
    if card.rank is None:
        return JOKER_HELD
    return min(card.rank.number, 10) if card.rank is not Rank.ACE else 10


def meld_card_value(mc: MeldCard, meld: Meld, options: Options) -> int:
    """What a card in a meld counts towards the 50: a joker counts as the card it stands for.

    An ace is 10, except in A-2-3 under ``ace_low_value = 1`` (R-1).
    """
    effective = mc.effective
    assert effective is not None and effective.rank is not None
    if effective.rank is Rank.ACE:
        return options.ace_low_value if meld.ace_low else 10
    return min(effective.rank.number, 10)


def meld_value(meld: Meld, options: Options) -> int:
    """What a meld counts towards the 50 (R-1, R-2).

    >>> from adjudicator.rummy.melding_rules import read_meld
    >>> meld_value(read_meld("QH KH AH", MELDS), Options())
    30
    """
    return sum(meld_card_value(mc, meld, options) for mc in meld.cards)


def round10(points: int) -> int:
    """Bridge Rummy rounding: 5 or less rounds down, 6 or more rounds up.

    >>> [round10(x) for x in (25, 26, 5, 6, 15, 16, 0)]
    [20, 30, 0, 10, 10, 20, 0]
    """
    return 10 * ((points + 4) // 10)


# ---------------------------------------------------------------------------------------------
# Melding: validity with the joker rules, and the initial meld of 50
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Table:
    """What the joker rules need to know about the table at the moment of melding.

    ``other_hand_sizes``: how many cards each *other* player holds (R-7: one's own hand never
    counts). ``out_of_play``: cards in the discard pile or in melds, for cinches.
    """

    other_hand_sizes: tuple[int, ...] = ()
    out_of_play: tuple[Card, ...] = ()

    @property
    def one_or_three(self) -> bool:
        """Another player holds exactly one or three cards (the One-or-Three rule)."""
        return any(size in (1, 3) for size in self.other_hand_sizes)

    def cinched(self, card: Card) -> bool:
        """Both copies of the card are out of play, so a joker may stand for it in a run."""
        return Counter(self.out_of_play)[card] >= 2


class MeldAnswer(TypedDict):
    """``meld``: the meld judged, every problem at once, and its value when it stands."""

    cards: str
    valid: bool
    kind: str | None
    value: int
    problems: list[str]
    explanation: list[str]


class LayOffAnswer(MeldAnswer):
    """A lay-off judged: the meld it makes, the cards laid off, and what they add."""

    laid_off: str


class InitialMeldAnswer(TypedDict):
    """``initial-meld``: every meld and lay-off judged, their total, and whether it is
    enough to go down."""

    valid: bool
    total: int
    reaches_50: bool
    hand_rummy: bool | None
    melds: list[MeldAnswer]
    layoffs: list[LayOffAnswer]
    explanation: list[str]


class SettleAnswer(TypedDict):
    """``settle``: the deal as read and what each seat is charged."""

    deal: DealData
    results: list[SeatResultJson[HeldDetail]]
    explanation: list[str]


@dataclass(frozen=True)
class MeldVerdict:
    """A meld judged under Bridge Rummy's rules: every problem, and its value when it stands."""

    cards: tuple[MeldCard, ...]
    meld: Meld | None
    problems: tuple[str, ...]
    value: int
    explanation: tuple[str, ...]

    @property
    def valid(self) -> bool:
        return self.meld is not None and not self.problems

    def as_dict(self) -> MeldAnswer:
        return {
            "cards": " ".join(str(mc) for mc in (self.meld.cards if self.meld else self.cards)),
            "valid": self.valid,
            "kind": self.meld.kind.value if self.meld else None,
            "value": self.value,
            "problems": list(self.problems),
            "explanation": list(self.explanation),
        }


def judge_meld(
    cards: str | Sequence[MeldCard],
    table: Table,
    options: Options,
    *,
    existing: Sequence[MeldCard] = (),
) -> MeldVerdict:
    """Judge a meld, listing every problem at once.

    ``existing`` are the cards already on the table when this is a lay-off: the joker rules
    apply only to jokers placed now.

    >>> judge_meld("4C JK 6C", Table(), Options()).problems
    ('a joker may go in a run only while another player holds one or three cards, or when the card it stands for is cinched (both 5C out of play)',)
    >>> judge_meld("4C JK 6C", Table(other_hand_sizes=(3,)), Options()).value
    15
    """
    parsed = parse_meld_cards(cards) if isinstance(cards, str) else tuple(cards)
    meld, problems = meld_reading(parsed, meld_style(options))
    if meld is not None:
        problems += _joker_problems(meld, table, options, existing=existing)
    if meld is None or problems:
        return MeldVerdict(parsed, meld, tuple(problems), 0, tuple(problems))
    return MeldVerdict(parsed, meld, (), meld_value(meld, options), _explain_meld(meld, options))


def _joker_problems(
    meld: Meld, table: Table, options: Options, *, existing: Sequence[MeldCard]
) -> list[str]:
    problems = []
    already = Counter(mc.stands_for for mc in existing if mc.is_joker)
    placed_now = []
    for joker in meld.jokers:
        if already[joker.stands_for]:
            already[joker.stands_for] -= 1
        else:
            placed_now.append(joker)
    if meld.kind is MeldKind.RUN and not table.one_or_three:
        for joker in placed_now:
            meant = joker.stands_for
            assert meant is not None
            if not table.cinched(meant):
                problems.append(
                    "a joker may go in a run only while another player holds one or three "
                    f"cards, or when the card it stands for is cinched (both {meant} out of play)"
                )
    # R-6 (house): "a one card lay-off to a melded Joker", so the joker must already be there.
    if (
        options.single_layoff_to_joker_needs_one_or_three
        and any(mc.is_joker for mc in existing)
        and len(meld.cards) - len(existing) == 1
        and not table.one_or_three
    ):
        problems.append(
            "house rule: a single card may be laid off onto a meld with a joker only while "
            "another player holds one or three cards"
        )
    return problems


def _explain_meld(meld: Meld, options: Options) -> tuple[str, ...]:
    parts = []
    for mc in meld.cards:
        value = meld_card_value(mc, meld, options)
        parts.append(f"{mc} {value}")
    lines = [f"{meld.kind.value} {meld}: {' + '.join(parts)} = {meld_value(meld, options)}"]
    if meld.ace_low and options.ace_low_value == 1:
        lines.append("house rule ace_low_value: the ace in A-2-3 counts 1 (R-1)")
    return tuple(lines)


@dataclass(frozen=True)
class LayOff:
    """Cards laid off onto a meld already on the table, and what they add to it."""

    added: tuple[MeldCard, ...]
    verdict: MeldVerdict
    value: int

    def as_dict(self) -> LayOffAnswer:
        return {**self.verdict.as_dict(), "laid_off": format_meld(self.added), "value": self.value}


def judge_layoff(added: str, onto: str, table: Table, options: Options) -> LayOff:
    """Lay ``added`` onto the meld ``onto``: the result must be a meld; the value is the increase.

    >>> judge_layoff("JK=7C", "4C 5C 6C", Table(), Options()).verdict.problems[0][:40]
    'a joker may go in a run only while anoth'
    >>> judge_layoff("7C", "4C JK=5C 6C", Table(), Options()).value
    7
    """
    new = parse_meld_cards(added)
    base = judge_meld(onto, Table(other_hand_sizes=(1,)), options)  # already on the table
    if base.meld is None:
        problems = tuple(f"the meld laid onto is not a meld: {p}" for p in base.problems)
        return LayOff(new, MeldVerdict(new, None, problems, 0, problems), 0)
    verdict = judge_meld(base.meld.cards + new, table, options, existing=base.meld.cards)
    value = verdict.value - base.value if verdict.valid else 0
    if verdict.valid:
        line = f"laid off {format_meld(new)} onto {base.meld}: {value}"
        verdict = MeldVerdict(verdict.cards, verdict.meld, (), verdict.value, (line,))
    return LayOff(new, verdict, value)


@dataclass(frozen=True)
class InitialMeld:
    melds: tuple[MeldVerdict, ...]
    layoffs: tuple[LayOff, ...]
    total: int
    hand_rummy: bool | None

    @property
    def valid(self) -> bool:
        return all(v.valid for v in self.melds) and all(lo.verdict.valid for lo in self.layoffs)

    @property
    def reaches_50(self) -> bool:
        return self.valid and self.total >= INITIAL_MELD

    def explanation(self) -> tuple[str, ...]:
        lines: list[str] = []
        for verdict in self.melds:
            lines += verdict.explanation
        for layoff in self.layoffs:
            lines += layoff.verdict.explanation
        if not self.valid:
            lines.append("not every meld stands, so the initial meld cannot be made")
        elif self.reaches_50:
            lines.append(f"total {self.total}: reaches {INITIAL_MELD}")
        else:
            lines.append(f"total {self.total}: short of {INITIAL_MELD}")
        if self.hand_rummy:
            lines.append("every card but the discard laid out in the first meld: hand rummy")
        return tuple(lines)

    def as_dict(self) -> InitialMeldAnswer:
        return {
            "valid": self.valid,
            "total": self.total,
            "reaches_50": self.reaches_50,
            "hand_rummy": self.hand_rummy,
            "melds": [v.as_dict() for v in self.melds],
            "layoffs": [lo.as_dict() for lo in self.layoffs],
            "explanation": list(self.explanation()),
        }


def judge_initial_meld(
    melds: Sequence[str],
    layoffs: Sequence[tuple[str, str]],
    table: Table,
    options: Options,
    *,
    hand_size: int | None = None,
) -> InitialMeld:
    """A first meld of the deal: the player's new melds plus lay-offs made in the same turn.

    Lay-offs onto any player's melds count towards the 50. ``hand_size`` (cards held after the
    draw) lets the engine say whether the turn is a hand rummy: all cards laid out but the
    discard (R-4; under ``hand_rummy_own_melds_only`` lay-offs do not count).

    >>> result = judge_initial_meld(["KS KH KD", "4C 5C 6C"], [("7C", "4C 5C 6C")], Table(), Options())
    >>> result.total, result.reaches_50
    (52, True)
    """
    verdicts = tuple(judge_meld(cards, table, options) for cards in melds)
    judged = tuple(judge_layoff(added, onto, table, options) for added, onto in layoffs)
    total = sum(v.value for v in verdicts) + sum(lo.value for lo in judged)
    hand_rummy = None
    if hand_size is not None:
        melded = sum(len(v.cards) for v in verdicts)
        if not options.hand_rummy_own_melds_only:
            melded += sum(len(lo.added) for lo in judged)
        # Only a first meld that stands (every meld legal, 50 or more) can be a hand rummy.
        stands = InitialMeld(verdicts, judged, total, None).reaches_50
        hand_rummy = stands and melded + 1 == hand_size
    return InitialMeld(verdicts, judged, total, hand_rummy)


# ---------------------------------------------------------------------------------------------
# Deals: who went out, and what everyone else held
# ---------------------------------------------------------------------------------------------


class Held(StrEnum):
    NOT_DOWN = "not_down"
    COUNT = "held"
    CARDS = "cards"


@dataclass(frozen=True)
class HeldHand:
    """What a losing player held when someone went out."""

    seat: int
    kind: Held
    count: int = 0
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True)
class Deal:
    went_out: int
    hand_rummy: bool
    hands: tuple[HeldHand, ...]


RECORD = Record(
    (
        SeatField("went_out", "Who went out?"),
        FlagField("hand_rummy", "Hand rummy", help="-40; the others pay double, 200 if never down"),
        PerSeatField(
            "hands",
            "What each other player held",
            skip="went_out",
            entries=(
                CountField("held", "Held count", minimum=2, maximum=MAX_HELD),
                CardsField("cards", "Cards", min_cards=1, max_cards=MAX_HELD_CARDS),
                FlagField("not_down", "Never went down"),
            ),
            prompt="Say what {} held (a count, the cards, or never went down)",
            skipped="{} went out, so holds nothing to charge",
        ),
    )
)


def charge_deal(deal: Deal, options: Options) -> tuple[SeatResult, ...]:
    """Each seat's charge for one deal with the working (no stars bonus; see the tally)."""
    players = len(deal.hands) + 1
    results: list[SeatResult] = []
    by_seat = {hand.seat: hand for hand in deal.hands}
    for seat in range(players):
        if seat == deal.went_out:
            points = HAND_RUMMY if deal.hand_rummy else WENT_OUT
            why = "hand rummy" if deal.hand_rummy else "went out"
            results.append(SeatResult(seat, points, (f"{why}: {points}, and a star",), star=True))
        else:
            results.append(_charge(by_seat[seat], deal.hand_rummy, options))
    return tuple(results)


def _charge(hand: HeldHand, hand_rummy: bool, options: Options) -> SeatResult:
    if hand.kind is Held.NOT_DOWN:
        if hand_rummy:
            why = f"never went down, after a hand rummy: {NEVER_DOWN_AFTER_HAND_RUMMY}"
            return SeatResult(hand.seat, NEVER_DOWN_AFTER_HAND_RUMMY, (why,))
        return SeatResult(hand.seat, NEVER_DOWN, (f"never went down: {NEVER_DOWN}",))

    lines = []
    held = hand.count
    if hand.kind is Held.CARDS:
        values = [held_value(c) for c in hand.cards]
        held = sum(values)
        sums = " + ".join(f"{c} {v}" for c, v in zip(hand.cards, values, strict=True))
        lines.append(f"held {sums} = {held}")
    if not hand_rummy:
        charge = round10(held)
        lines.append(f"held {held} → {charge}: {_rounding(held)}")
    elif options.round_then_double:
        charge = 2 * round10(held)
        lines.append(
            f"held {held} → {round10(held)}: {_rounding(held)}; doubled after a hand rummy → "
            f"{charge} (house rule round_then_double)"
        )
    else:
        # double first, then round (13 → 26 → 30, not 20).
        charge = round10(2 * held)
        lines.append(
            f"held {held}, doubled after a hand rummy → {2 * held} → {charge}: "
            f"{_rounding(2 * held)}"
        )
    detail: Detail = {"held": held}
    return SeatResult(hand.seat, charge, tuple(lines), detail=detail)


def _rounding(points: int) -> str:
    units = points % 10
    if units == 0:
        return "already a multiple of ten"
    if units >= 6:
        return "6 or more rounds up"
    return "5 or less rounds down"


# ---------------------------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------------------------


class Detail(TypedDict):
    """What a player's hand counted in a deal, beside the charge: the held count before any
    rounding or doubling. The player who went out, and one who never went down, has none."""

    held: NotRequired[int]


class BridgeRummy(Game[Options, Deal]):
    slug = "bridge-rummy"
    name = "Bridge Rummy"
    family = "rummy"
    options_type = Options
    detail_type = Detail
    min_players = 2
    max_players = 5
    lower_is_better = True
    marks = (Mark("stars", "*", "a star: won the deal by going out (the fourth earns -100)"),)
    # The narrative plays counter-clockwise: "Cards are dealt counter-clockwise", "starting with
    # the player to the right of the dealer"; the deal moves the same way.
    deal_passes = -1
    play_passes = -1

    def pack(self, options: Options, players: int) -> Pack:
        return BRIDGE_RUMMY

    def dealing(self, players: int, options: Options) -> Dealing:
        """3a: two packs and two jokers, 14 each two at a time; the cut card lies face up
        under the stock, out of play, unless it is a joker (the cutter keeps it)."""
        return from_pack(
            self.pack(options, players),
            players,
            HAND_DEALT,
            "3a",
            set_aside=1,
            notes=(
                "The cut card lies face up under the stock and is out of play for the deal (3a).",
                "A joker cut is kept by the cutter, who is then dealt 13, and nothing is set "
                "aside: one more card for the stock (3a).",
                "Cards go two at a time, counter-clockwise (3a).",
            ),
        )

    def record(self, options: Options, players: int) -> Record:
        """Who went out, hand rummy or not, and what each other player held (R-9: a count,
        the cards, or never went down)."""
        return RECORD

    def end_rule(self, options: Options, players: int) -> FixedDeals:
        return FixedDeals(DEALS)

    def read(self, values: Mapping[str, Any], seating: Seating, options: Options) -> Deal:
        hands = []
        for seat, entry in values["hands"].items():
            where = f"hands[{entry.index}].{entry.key}"
            try:
                hands.append(_held_hand(seat, entry.key, entry.value))
            except AdjudicationError as err:
                err.seats = (seat,)
                raise err.at(where) from None
        return Deal(values["went_out"], values["hand_rummy"], tuple(hands))

    def write(self, deal: Deal) -> dict[str, Any]:
        hands: dict[int, SeatEntry] = {}
        for hand in deal.hands:
            if hand.kind is Held.NOT_DOWN:
                hands[hand.seat] = SeatEntry("not_down", True)
            elif hand.kind is Held.CARDS:
                hands[hand.seat] = SeatEntry("cards", hand.cards)
            else:
                hands[hand.seat] = SeatEntry("held", hand.count)
        return {"went_out": deal.went_out, "hand_rummy": deal.hand_rummy, "hands": hands}

    def start(self, seating: Seating, options: Options) -> tuple[int, ...]:
        return (0,) * seating.players  # stars so far

    def score(
        self, deal: Deal, state: tuple[int, ...], seating: Seating, options: Options
    ) -> Scored:
        stars = list(state)
        earned = [0] * seating.players
        charged = list(charge_deal(deal, options))
        for i, result in enumerate(charged):
            if not result.star:
                continue
            stars[i] += 1
            earned[i] = 1
            # the fourth star earns -100, once (a star is won only by going out, so the
            # count passes 4 exactly once).
            if stars[i] == 4:
                charged[i] = SeatResult(
                    result.seat,
                    result.points + FOURTH_STAR,
                    (*result.explanation, f"fourth star: {FOURTH_STAR}"),
                    result.star,
                    result.detail,
                )
        how = "hand rummy" if deal.hand_rummy else "went out"
        return Scored(
            results=tuple(charged),
            summary=say(f"{{}} {how}", seat_ref(deal.went_out)),
            state=tuple(stars),
            marks={"stars": tuple(earned)},
        )

    def break_tie(
        self, winners: tuple[int, ...], marks: Mapping[str, tuple[int, ...]], options: Options
    ) -> tuple[int, ...]:
        """R-11: equal lowest totals share the win, or the most stars wins (house rule)."""
        if len(winners) > 1 and options.tie_break == "most_stars":
            most = max(marks["stars"][s] for s in winners)
            return tuple(s for s in winners if marks["stars"][s] == most)
        return winners

    def sample_deal(self, *, players: int, options: Options, number: int) -> dict[str, Any]:
        went_out = (number * 3) % players
        hands: list[dict[str, Any]] = []
        for seat in range(players):
            if seat == went_out:
                continue
            turn = (number + seat) % 4
            if turn == 0:
                hands.append({"seat": seat, "not_down": True})
            elif turn == 1:
                hands.append({"seat": seat, "cards": "KS 7H 3D"})
            else:
                hands.append({"seat": seat, "held": 5 + (number * 7 + seat * 11) % 60})
        return {"went_out": went_out, "hand_rummy": number % 5 == 3, "hands": hands}

    def own_questions(self) -> Mapping[str, Question]:
        # The play questions live beside this module and build on its melding, so they are
        # imported here, once the module has loaded.
        from adjudicator.rummy import bridge_rummy_play as play

        asks = _asks(self)
        return {
            "meld": Question(
                "meld",
                "Is this a meld under Bridge Rummy's rules, and what is it worth?",
                _answer_meld,
                asks=asks["meld"],
            ),
            "initial-meld": Question(
                "initial-meld",
                "Do these melds and lay-offs reach the 50 needed to go down?",
                _answer_initial_meld,
                asks=asks["initial-meld"],
            ),
            "settle": Question(
                "settle",
                "What does each player pay for one deal, from the raw entries?",
                _answer_settle,
                asks=asks["settle"],
            ),
            "deadwood": Question(
                "deadwood",
                "What is the best melding of this hand, what is left unmatched, and what would "
                "the hand be charged?",
                play.answer_deadwood,
                asks=asks["deadwood"],
            ),
            "take-discard": Question(
                "take-discard",
                "May this player take that discard, with what they lay out this turn?",
                play.answer_take_discard,
                asks=asks["take-discard"],
            ),
            "claim-joker": Question(
                "claim-joker",
                "May this joker on the table be claimed with these cards?",
                play.answer_claim_joker,
                asks=asks["claim-joker"],
            ),
            "joker-into-run": Question(
                "joker-into-run",
                "May a joker go into this run now (One-or-Three, or a cinch)?",
                play.answer_joker_into_run,
                asks=asks["joker-into-run"],
            ),
            "go-out": Question(
                "go-out",
                "May this player go out with these melds, lay-offs and discard?",
                play.answer_go_out,
                asks=asks["go-out"],
            ),
        }


def _held_hand(seat_index: int, key: str, value: Any) -> HeldHand:
    """What a seat that did not go out held, checked against R-9's limits."""
    if key == "not_down":
        return HeldHand(seat_index, Held.NOT_DOWN)
    if key == "cards":
        cards: tuple[Card, ...] = value
        if not cards:
            raise ImpossibleCountError(
                say(
                    "{} went down but did not go out, so held at least one card.",
                    seat_ref(seat_index),
                )
            )
        if len(cards) > MAX_HELD_CARDS:
            raise ImpossibleCountError(
                say(
                    f"{{}} went down, so holds at most {MAX_HELD_CARDS} cards, not {len(cards)}: "
                    "going down takes at least 5 cards and a discard (R-9). If they never went "
                    "down, mark it so.",
                    seat_ref(seat_index),
                ),
                cards=cards,
            )
        return HeldHand(seat_index, Held.CARDS, cards=cards)
    count: int = value
    if count > MAX_HELD:
        raise ImpossibleCountError(
            say(
                f"{{}} went down, so can hold at most {MAX_HELD} points (two jokers and seven "
                f"tens in nine cards), not {count} (R-9). If they never went down, mark it so.",
                seat_ref(seat_index),
            )
        )
    if count < 2:
        raise ImpossibleCountError(
            say(
                f"{{}} went down but did not go out, so holds at least one card, worth at least "
                f"2, not {count}.",
                seat_ref(seat_index),
            )
        )
    return HeldHand(seat_index, Held.COUNT, count=count)


def read_table(data: Mapping[str, Any]) -> tuple[Table, tuple[int, ...]]:
    """The table from a question's input, and the sizes of 1 or 3 nobody announced.

    ``other_hand_sizes``: how many cards each other player holds; ``announced`` (optional, one
    true/false per other player, all true if left out): whether that player has announced
    holding 1 or 3 cards. An unannounced 1 or 3 does not bring in the One-or-Three rule (R-7).
    """
    sizes = data.get("other_hand_sizes", [])
    if not isinstance(sizes, list) or not all(
        isinstance(s, int) and not isinstance(s, bool) and s >= 0 for s in sizes
    ):
        raise BadEntryError(
            "other_hand_sizes lists how many cards each other player holds.",
            field="other_hand_sizes",
        )
    announced = data.get("announced", [True] * len(sizes))
    if (
        not isinstance(announced, list)
        or not all(isinstance(a, bool) for a in announced)
        or len(announced) != len(sizes)
    ):
        raise BadEntryError(
            "announced lists, for each of other_hand_sizes, whether that player announced "
            "holding 1 or 3 cards (true or false).",
            field="announced",
        )
    out = data.get("out_of_play", "")
    if not isinstance(out, str):
        raise BadEntryError("out_of_play is a string of cards.", field="out_of_play")
    try:
        out_cards = parse_cards(out)
    except AdjudicationError as err:
        raise err.at("out_of_play") from None
    unannounced = tuple(
        s for s, said in zip(sizes, announced, strict=True) if not said and s in (1, 3)
    )
    counted = tuple(s for s, said in zip(sizes, announced, strict=True) if said or s not in (1, 3))
    return Table(counted, out_cards), unannounced


def _text(data: Mapping[str, Any], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value.strip():
        raise BadEntryError(f"{key} must be a string of cards, such as '4C JK=5C 6C'.", field=key)
    return value


def _answer_meld(data: Mapping[str, Any], options: Options) -> MeldAnswer:
    cards = _text(data, "cards")
    try:
        parsed = parse_meld_cards(cards)
    except AdjudicationError as err:
        raise err.at("cards") from None
    return judge_meld(parsed, read_table(data)[0], options).as_dict()


def _answer_initial_meld(data: Mapping[str, Any], options: Options) -> InitialMeldAnswer:
    melds = data.get("melds", [])
    layoffs = data.get("layoffs", [])
    if not isinstance(melds, list) or not all(isinstance(m, str) for m in melds):
        raise BadEntryError("melds is a list of card strings.", field="melds")
    if not isinstance(layoffs, list) or not all(
        isinstance(lo, Mapping)
        and isinstance(lo.get("cards"), str)
        and isinstance(lo.get("onto"), str)
        for lo in layoffs
    ):
        raise BadEntryError(
            "layoffs is a list of {cards, onto}: the cards laid off and the meld they go on.",
            field="layoffs",
        )
    if not melds and not layoffs:
        raise InitialMeldTooLowError("Give at least one meld or lay-off.", field="melds")
    hand_size = data.get("hand_size")
    if hand_size is not None and (isinstance(hand_size, bool) or not isinstance(hand_size, int)):
        raise BadEntryError("hand_size is how many cards the player held.", field="hand_size")
    for index, meld in enumerate(melds):
        try:
            parse_meld_cards(meld)
        except AdjudicationError as err:
            raise err.at(f"melds[{index}]") from None
    for index, layoff in enumerate(layoffs):
        for key in ("cards", "onto"):
            try:
                parse_meld_cards(layoff[key])
            except AdjudicationError as err:
                raise err.at(f"layoffs[{index}].{key}") from None
    result = judge_initial_meld(
        melds,
        [(lo["cards"], lo["onto"]) for lo in layoffs],
        read_table(data)[0],
        options,
        hand_size=hand_size,
    )
    return result.as_dict()


def _answer_settle(data: Mapping[str, Any], options: Options) -> SettleAnswer:
    players = data.get("players")
    game = BridgeRummy()
    if isinstance(players, bool) or not isinstance(players, int):
        raise BadEntryError("players is how many sat at the table.", field="players")
    game.check_players(players)
    data = {k: v for k, v in data.items() if k not in ("players", "options")}
    deal = game.parse_deal(data, players=players, options=options)
    results = charge_deal(deal, options)
    return {
        "deal": game.deal_as_data(deal, players=players, options=options),
        "results": [r.as_dict() for r in results],
        "explanation": [
            str(say(f"{{}} scores {r.points}: {'; '.join(r.explanation)}", seat_ref(r.seat)))
            for r in results
        ],
    }


MOST_IN_HAND_Q = 15


def _asks(game: Any) -> dict[str, Asks]:
    """What each question takes (the dispute desk's forms), with a sample it answers."""
    table = _table_fields()
    meld_list = MeldsField("melds", "Melds", help="one meld a line; a joker as JK=5C")
    layoffs = LayoffsField("layoffs", "Lay-offs")
    hand = CardsField("hand", "The hand", 15)
    down = FlagField("down", "Already gone down")
    return {
        "meld": Asks(
            (CardsField("cards", "The meld", 14, help="a joker as JK=5C"), *table),
            {"cards": "4C JK=5C 6C", "other_hand_sizes": [3, 9]},
            optional=TABLE,
        ),
        "initial-meld": Asks(
            (meld_list, layoffs, CountField("hand_size", "Cards held", maximum=15), *table),
            {"melds": ["KS KH KD", "4C 5C 6C 7C"]},
            optional=TABLE | {"layoffs", "hand_size"},
        ),
        "settle": deal_input(game),
        "deadwood": Asks(
            (hand, CountField("claimed", "The count claimed", maximum=1000)),
            {"hand": "4C 5C 6C KS KH 9D 2H", "claimed": 30},
            optional=CLAIM,
        ),
        "take-discard": Asks(
            (CardsField("card", "The discard to take", 1), down, meld_list, layoffs, *table),
            {"card": "7H", "melds": ["7H 7S 7D"]},
            optional=TABLE | {"melds", "layoffs"},
        ),
        "claim-joker": Asks(
            (
                CardsField("meld", "The meld with the joker", 14, help="the joker as JK=5C"),
                CardsField("cards", "The cards offered for it", 2),
            ),
            {"meld": "4C JK=5C 6C", "cards": "5C"},
        ),
        "joker-into-run": Asks(
            (
                CardsField("cards", "The joker going in", 14, help="such as JK=7C"),
                CardsField("onto", "The run it goes onto", 14),
                *table,
            ),
            {"cards": "JK=7C", "onto": "4C 5C 6C", "other_hand_sizes": [5, 9]},
            optional=TABLE | {"onto"},
        ),
        "go-out": Asks(
            (hand, CardsField("discard", "The discard", 1), down, meld_list, layoffs, *table),
            {"hand": "4C 5C 6C KS KH KD 9D", "discard": "9D", "melds": ["4C 5C 6C", "KS KH KD"]},
            optional=TABLE | {"discard", "melds", "layoffs"},
        ),
    }


TABLE = frozenset({"other_hand_sizes", "out_of_play"})
"""The table's fields a question answers without (nothing known of the other hands)."""


def _table_fields() -> tuple[Any, ...]:
    """What the One-or-Three rule needs to know of the table (:func:`read_table`)."""
    return (
        CountsField("other_hand_sizes", "Cards each other player holds", maximum=MOST_IN_HAND_Q),
        FlagsField("announced", "Has each announced holding 1 or 3?", beside="other_hand_sizes"),
        CardsField("out_of_play", "Cards out of play", 108),
    )
