"""Bridge Rummy's house rules and its melding: what a card and a meld are worth, and whether a
meld, a lay-off or a first meld of 50 stands under the joker rules, read against the table.

The game (:mod:`adjudicator.rummy.bridge_rummy.game`) and its play questions
(:mod:`adjudicator.rummy.bridge_rummy.play`) both build on this; it imports neither.
Rules: ``shared/seeds/001``; rulings: section 3 of ``shared/rulings.md``, whose ids the comments
cite.

>>> judge_initial_meld(["KS KH KD", "4C 5C 6C"], [], Table(), Options()).total
45
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, TypedDict

from adjudicator.cards import Card, Rank, parse_cards
from adjudicator.errors import AdjudicationError, BadEntryError
from adjudicator.messages import Verbatim, msg
from adjudicator.options import option
from adjudicator.rummy.bridge_rummy.words import ACE_LOW_VALUE, meld_cards, valued
from adjudicator.rummy.melding_rules import BRIDGE_RUMMY as MELDS
from adjudicator.rummy.melding_rules import MeldStyle, meld_reading
from adjudicator.rummy.melds import Meld, MeldCard, MeldKind, format_meld, parse_meld_cards

INITIAL_MELD = 50
JOKER_HELD = 15


@dataclass(frozen=True)
class Options:
    """House rules of Bridge Rummy (``shared/rulings.md`` section 3b)."""

    ace_low_value: Literal[10, 1] = option(
        10,
        msg(
            "What the ace counts towards the initial 50 in A-2-3: 10 (the Original Document, "
            "A-2-3 = 15) or 1 (the narrative, A-2-3 = 6)."
        ),
        labels={10: msg("Ace counts 10 (A-2-3 is 15)"), 1: msg("Ace counts 1 (A-2-3 is 6)")},
        rule="R-1",
    )
    round_then_double: bool = option(
        False,
        msg(
            "After a hand rummy, round the held count to tens first and then double it, instead "
            "of doubling first (13 → 20 rather than 26 → 30)."
        ),
        rule="R-3",
    )
    hand_rummy_own_melds_only: bool = option(
        False,
        msg(
            "A hand rummy must lay out the hand in the player's own melds; lay-offs onto other "
            "players' melds in that turn do not count."
        ),
        rule="R-4",
    )
    single_layoff_to_joker_needs_one_or_three: bool = option(
        False,
        msg(
            "A single card may be laid off onto a meld holding a joker only while another "
            "player holds exactly one or three cards."
        ),
        rule="R-6",
    )
    # a meld needs at least one natural card, so that its rank and suit are defined. The
    # shortest meld is 3 cards: 3 keeps jokers out of 3-card melds, and more would forbid
    # 3-card melds altogether, which is no longer Bridge Rummy.
    min_naturals_per_meld: int = option(
        1,
        msg("The fewest natural (non-joker) cards a meld may hold."),
        minimum=1,
        maximum=3,
        rule="R-8",
    )
    tie_break: Literal["none", "most_stars"] = option(
        "none",
        msg(
            "Equal lowest totals after seven deals share the win, or the one with more stars wins."
        ),
        labels={"none": msg("Shared win"), "most_stars": msg("Most stars wins")},
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

    >>> [str(problem) for problem in judge_meld("4C JK 6C", Table(), Options()).problems]
    ['a joker may go in a run only while another player holds one or three cards, or when the card it stands for is cinched (both 5C out of play)']
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
    problems: list[str] = []
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
                    msg(
                        "a joker may go in a run only while another player holds one or three "
                        "cards, or when the card it stands for is cinched (both {card} out of "
                        "play)",
                        card=meant,
                    )
                )
    # R-6 (house): "a one card lay-off to a melded Joker", so the joker must already be there.
    if (
        options.single_layoff_to_joker_needs_one_or_three
        and any(mc.is_joker for mc in existing)
        and len(meld.cards) - len(existing) == 1
        and not table.one_or_three
    ):
        problems.append(
            msg(
                "house rule: a single card may be laid off onto a meld with a joker only while "
                "another player holds one or three cards"
            )
        )
    return problems


def _explain_meld(meld: Meld, options: Options) -> tuple[str, ...]:
    values = valued((meld_cards((mc,)), meld_card_value(mc, meld, options)) for mc in meld.cards)
    total = meld_value(meld, options)
    if meld.kind is MeldKind.RUN:
        line = msg(
            "run {meld}: {values} = {total}",
            meld=meld_cards(meld.cards),
            values=values,
            total=total,
        )
    else:
        line = msg(
            "set {meld}: {values} = {total}",
            meld=meld_cards(meld.cards),
            values=values,
            total=total,
        )
    lines = [line]
    if meld.ace_low and options.ace_low_value == 1:
        lines.append(
            msg("house rule “{rule}”: the ace in A-2-3 counts 1 (R-1)", rule=ACE_LOW_VALUE)
        )
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
        problems = tuple(
            msg("the meld laid onto is not a meld: {problem}", problem=p) for p in base.problems
        )
        return LayOff(new, MeldVerdict(new, None, problems, 0, problems), 0)
    verdict = judge_meld(base.meld.cards + new, table, options, existing=base.meld.cards)
    value = verdict.value - base.value if verdict.valid else 0
    if verdict.valid:
        line = msg(
            "laid off {cards} onto {meld}: {value}",
            cards=meld_cards(new),
            meld=meld_cards(base.meld.cards),
            value=value,
        )
        verdict = MeldVerdict(verdict.cards, verdict.meld, (), verdict.value, (line,))
    return LayOff(new, verdict, value)


HAND_RUMMY_MADE = msg("every card but the discard laid out in the first meld: hand rummy")


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
            lines.append(msg("not every meld stands, so the initial meld cannot be made"))
        elif self.reaches_50:
            lines.append(
                msg("total {total}: reaches {needed}", total=self.total, needed=INITIAL_MELD)
            )
        else:
            lines.append(
                msg("total {total}: short of {needed}", total=self.total, needed=INITIAL_MELD)
            )
        if self.hand_rummy:
            lines.append(HAND_RUMMY_MADE)
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
            msg(
                "{field} lists how many cards each other player holds.",
                field=Verbatim("other_hand_sizes"),
            ),
            field="other_hand_sizes",
        )
    announced = data.get("announced", [True] * len(sizes))
    if (
        not isinstance(announced, list)
        or not all(isinstance(a, bool) for a in announced)
        or len(announced) != len(sizes)
    ):
        raise BadEntryError(
            msg(
                "{field} lists, for each of {sizes}, whether that player announced holding 1 or "
                "3 cards ({yes} or {no}).",
                field=Verbatim("announced"),
                sizes=Verbatim("other_hand_sizes"),
                yes=Verbatim("true"),
                no=Verbatim("false"),
            ),
            field="announced",
        )
    out = data.get("out_of_play", "")
    if not isinstance(out, str):
        raise BadEntryError(
            msg("{field} is a string of cards.", field=Verbatim("out_of_play")), field="out_of_play"
        )
    try:
        out_cards = parse_cards(out)
    except AdjudicationError as err:
        raise err.at("out_of_play") from None
    unannounced = tuple(
        s for s, said in zip(sizes, announced, strict=True) if not said and s in (1, 3)
    )
    counted = tuple(s for s, said in zip(sizes, announced, strict=True) if said or s not in (1, 3))
    return Table(counted, out_cards), unannounced
