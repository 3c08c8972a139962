"""Continental Rummy: 15 cards each, going out in sequences only, settled in units.

Rules: ``shared/seeds/002`` (Continental Rummy); rulings: section 4.3 of ``shared/rulings.md``
and its common definitions, whose ids (C-1 …) the comments cite.

Nothing is laid down until a player can meld all 15 cards (after drawing a 16th, which is the
discard, C-4) in sequences of one of three shapes: 3+3+3+3+3, 4+4+4+3 or 5+4+3+3. Each other
player then pays the winner 1 unit, and 2 units for every joker in the winner's going-out melds
(C-3). The melds themselves are judged by the family's one meld engine
(:mod:`adjudicator.rummy.melding_rules`), in a style drawn from ``CONTINENTAL`` for the number
of packs the table plays with.

>>> game = Continental()
>>> options = game.options()
>>> deal = game.parse_deal(
...     {"went_out": 0, "cards": "9C 10C JC QC KC 3H 4H 5H JK JK 7D 8D 2S 3S 4S"},
...     players=4, options=options)
>>> scored = game.score(deal, None, game.seating(4, options), options)
>>> [r.points for r in scored.results]
[15, -5, -5, -5]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal, NotRequired, TypedDict

from adjudicator.asking import (
    CLAIM,
    Asks,
    MeldsField,
    deal_input,
)
from adjudicator.cards import Card, Pack, continental_pack, format_cards, parse_cards
from adjudicator.dealing import Dealing, from_pack
from adjudicator.errors import AdjudicationError, BadEntryError, InvalidMeldError
from adjudicator.game import Game, Open, Question, Scored, Target
from adjudicator.messages import Message, Verbatim, joined, listed, msg, msg_n
from adjudicator.options import option
from adjudicator.records import (
    CardsField,
    CountField,
    FlagField,
    Record,
    SeatField,
    Seating,
    Way,
)
from adjudicator.rummy.answers import SettleAnswer
from adjudicator.rummy.melding_rules import (
    CONTINENTAL,
    MeldStyle,
    best_melding,
    continental_value,
    meld_problems,
    partition_melds,
    shown_cards,
    shown_meld,
    shown_melds,
)
from adjudicator.rummy.melds import Meld, MeldCard, MeldKind, parse_meld_cards
from adjudicator.said import seat as seat_ref
from adjudicator.tally import Payment, SeatResult

HAND = 15
# Ruling 4.3: the only shapes a player may go out in (C-1 keeps them; 5+5+5 is not one).
SHAPES: tuple[tuple[int, ...], ...] = ((3, 3, 3, 3, 3), (4, 4, 4, 3), (5, 4, 3, 3))
WIN_UNITS = 1
UNITS_PER_JOKER = 2
# C-5: Bicycle's extras, paid by each loser on top of the rest, when a house rule asks.
JOKERLESS_BONUS = 10
ONE_SUIT_BONUS = 10
# The questions judge a hand of at most the 16 held after the draw.
MOST_HELD = HAND + 1
# Questions asked without a table size: the usual table of 2 to 5, two packs.
DEFAULT_PLAYERS = 4


@dataclass(frozen=True)
class Options:
    """House rules of Continental Rummy (``shared/rulings.md`` section 4.3b)."""

    any_partition: bool = option(
        False,
        msg(
            "Going out may use any split of the 15 cards into sequences (5+5+5 too), not only "
            "3+3+3+3+3, 4+4+4+3 and 5+4+3+3."
        ),
        rule="C-1",
    )
    all_joker_sequences: bool = option(
        False,
        msg("A sequence may be made of jokers alone; by default each needs one natural card."),
        rule="C-2",
    )
    jokerless_bonus: bool = option(
        False,
        msg(
            "Each loser pays {units} more when the winner goes out with no joker "
            "(Bicycle's extra).",
            units=JOKERLESS_BONUS,
        ),
        rule="C-5",
    )
    one_suit_bonus: bool = option(
        False,
        msg(
            "Each loser pays {units} more when all 15 of the winner's cards are one suit "
            "(Bicycle's extra).",
            units=ONE_SUIT_BONUS,
        ),
        rule="C-5",
    )
    # P-3 (the parent game): no target is given, so each hand settles on its own; a table that
    # wants a game with an end plays to a target of units won.
    target: int = option(
        0,
        msg("Units a player must be up to win the game (0: no end, each hand settles as it goes)."),
        minimum=0,
        maximum=1000,
        rule="P-3",
    )


def house_rule(key: str) -> Message:
    """A house rule by the name its page gives it ("Any partition"), not its key."""
    return {
        "any_partition": msg("Any partition"),
        "all_joker_sequences": msg("All joker sequences"),
        "jokerless_bonus": msg("Jokerless bonus"),
        "one_suit_bonus": msg("One suit bonus"),
    }[key]


def packs_for(players: int) -> int:
    """Ruling 4.3: 2-5 players use 2 packs, 6-8 use 3, 9-12 use 4 (with as many jokers).

    >>> packs_for(5), packs_for(6), packs_for(12)
    (2, 3, 4)
    """
    return 2 if players <= 5 else 3 if players <= 8 else 4


def meld_style(options: Options, players: int) -> MeldStyle:
    """The ``CONTINENTAL`` meld style for this table's packs and jokers (and C-2's option)."""
    packs = packs_for(players)
    return replace(
        CONTINENTAL,
        packs=packs,
        jokers=packs,
        min_naturals=0 if options.all_joker_sequences else CONTINENTAL.min_naturals,
    )


def shape_text(sizes: Sequence[int]) -> str:
    """>>> shape_text((3, 5, 4, 3))
    '5+4+3+3'
    """
    return "+".join(str(n) for n in sorted(sizes, reverse=True))


SHAPES_TEXT = listed((Verbatim(shape_text(s)) for s in SHAPES), "or")
"""The going-out shapes, said as a list: ``3+3+3+3+3, 4+4+4+3 or 5+4+3+3``."""


def one_suit(cards: Sequence[Card]) -> bool:
    """True when every natural card is of one suit (jokers stand for that suit)."""
    return len({c.suit for c in cards if not c.is_joker}) <= 1


# ---------------------------------------------------------------------------------------------
# Going out
# ---------------------------------------------------------------------------------------------


class GoingOutAnswer(TypedDict):
    """``going-out``: can these cards go out, in which shape, every problem listed."""

    cards: str
    goes_out: bool
    shape: str | None
    melds: list[str]
    jokers: int
    one_suit: bool
    problems: list[str]
    explanation: list[str]


@dataclass(frozen=True)
class GoingOut:
    """Fifteen cards judged as a going-out hand: the melds found, or every problem."""

    cards: tuple[Card, ...]
    melds: tuple[Meld, ...]
    problems: tuple[str, ...]
    working: tuple[str, ...]

    @property
    def valid(self) -> bool:
        return not self.problems

    @property
    def shape(self) -> str | None:
        return shape_text([len(m.cards) for m in self.melds]) if self.valid else None

    @property
    def jokers(self) -> int:
        """C-3: the jokers in the going-out melds (all 15 cards are melded)."""
        return sum(c.is_joker for c in self.cards)

    def as_dict(self) -> GoingOutAnswer:
        return {
            "cards": format_cards(self.cards),
            "goes_out": self.valid,
            "shape": self.shape,
            "melds": [str(m) for m in self.melds],
            "jokers": self.jokers,
            "one_suit": one_suit(self.cards),
            "problems": list(self.problems),
            "explanation": list(self.working),
        }


def judge_going_out(cards: Sequence[Card], style: MeldStyle, options: Options) -> GoingOut:
    """Can these cards go out, and in which shape? Every problem is listed (ruling 4.3).

    >>> style = meld_style(Options(), 4)
    >>> result = judge_going_out(parse_cards("2S 3S 4S 5S 8D 9D 10D JD 10H JH QH KH 6C JK 8C"),
    ...                          style, Options())
    >>> result.shape, [str(m) for m in result.melds]
    ('4+4+4+3', ['2S 3S 4S 5S', '8D 9D 10D JD', '10H JH QH KH', '6C JK=7C 8C'])
    >>> [str(p) for p in judge_going_out(
    ...     parse_cards("2S 3S 4S 5S 6S 8D 9D 10D JD QD 10H JH QH KH AH"), style, Options()
    ... ).problems]
    ['these cards make sequences only as 5+5+5, which is not a going-out shape (3+3+3+3+3, 4+4+4+3 or 5+4+3+3, C-1)']
    """
    cards = tuple(cards)
    style.pack.check(cards, field="cards")
    problems: list[str] = []
    working: list[str] = []
    if len(cards) != HAND:
        problems.append(_not_fifteen(len(cards)))
    for sizes in SHAPES:
        melds = partition_melds(cards, style, sizes)
        if melds is not None:
            working.append(_goes_out_as(melds))
            return GoingOut(cards, _ordered(melds), (), tuple(working))
    best = best_melding(cards, style, continental_value)
    if best.count == 0 and best.melds:
        found = shape_text([len(m.cards) for m in best.melds])
        if options.any_partition and not problems:
            working.append(_goes_out_as(best.melds))
            working.append(_any_partition())
            return GoingOut(cards, _ordered(best.melds), (), tuple(working))
        if not problems:
            problems.append(
                msg(
                    "these cards make sequences only as {shape}, which is not a going-out shape "
                    "({shapes}, C-1)",
                    shape=Verbatim(found),
                    shapes=SHAPES_TEXT,
                )
            )
        working.append(_best_split(best.melds))
    else:
        if best.count:
            problems.append(
                msg_n(
                    "{count} card fits in no sequence however the hand is split: {cards}",
                    "{count} cards fit in no sequence however the hand is split: {cards}",
                    best.count,
                    cards=shown_cards(best.leftover),
                )
            )
        if best.melds:
            working.append(_best_split(best.melds))
        working.append(msg("left over: {cards}", cards=shown_cards(best.leftover)))
        if _has_set(best.leftover):
            working.append(msg("sets (cards of one rank) are worthless in Continental (4.3)"))
    return GoingOut(cards, (), tuple(problems), tuple(working + problems))


def _not_fifteen(held: int) -> Message:
    if held == HAND + 1:
        return msg(
            "going out melds exactly {count} cards, not {held} (the 16th card is the discard, C-4)",
            count=HAND,
            held=held,
        )
    return msg("going out melds exactly {count} cards, not {held}", count=HAND, held=held)


def _any_partition() -> Message:
    return msg(
        "house rule “{rule}”: any split into sequences goes out (C-1)",
        rule=house_rule("any_partition"),
    )


def _ordered(melds: Sequence[Meld]) -> tuple[Meld, ...]:
    return tuple(sorted(melds, key=lambda m: -len(m.cards)))


def _goes_out_as(melds: Sequence[Meld]) -> Message:
    return msg(
        "goes out as {shape}: {melds}",
        shape=Verbatim(shape_text([len(m.cards) for m in melds])),
        melds=shown_melds(_ordered(melds), " | "),
    )


def _best_split(melds: Sequence[Meld]) -> Message:
    return msg(
        "the best split into sequences as {shape}: {melds}",
        shape=Verbatim(shape_text([len(m.cards) for m in melds])),
        melds=shown_melds(_ordered(melds), " | "),
    )


def _has_set(cards: Sequence[Card]) -> bool:
    ranks = Counter(c.rank for c in cards if not c.is_joker)
    return any(n >= 3 for n in ranks.values())


def judge_claimed_melds(
    melds: Sequence[Sequence[MeldCard]], style: MeldStyle, options: Options
) -> GoingOut:
    """A player's own arrangement of the going-out cards: each meld, then the shape.

    When the arrangement fails but the same cards go out another way, the working says so.
    """
    problems: list[str] = []
    working: list[str] = []
    for number, meld in enumerate(melds, start=1):
        shown = shown_meld(meld)
        found = meld_problems(meld, style)
        if found:
            problems += [
                msg("meld {number} ({cards}): {problem}", number=number, cards=shown, problem=p)
                for p in found
            ]
        else:
            working.append(
                msg(
                    "meld {number} ({cards}): a sequence of {size}",
                    number=number,
                    cards=shown,
                    size=len(meld),
                )
            )
    cards = tuple(mc.card for meld in melds for mc in meld)
    style.pack.check(cards, field="melds")
    sizes = [len(meld) for meld in melds]
    if len(cards) != HAND:
        problems.append(_not_fifteen(len(cards)))
    elif tuple(sorted(sizes, reverse=True)) not in SHAPES and not options.any_partition:
        problems.append(
            msg(
                "{shape} is not a going-out shape ({shapes}, C-1)",
                shape=Verbatim(shape_text(sizes)),
                shapes=SHAPES_TEXT,
            )
        )
    if not problems:
        working.append(msg("goes out as {shape}", shape=Verbatim(shape_text(sizes))))
        if tuple(sorted(sizes, reverse=True)) not in SHAPES:
            working.append(_any_partition())
        return GoingOut(cards, tuple(_as_meld(m) for m in melds), (), tuple(working))
    # Only a hand of 15 can go out another way (and only that is worth the search).
    other = judge_going_out(cards, style, options) if len(cards) == HAND else None
    if other is not None and other.valid:
        working.append(msg("but the same cards do go out another way: {how}", how=other.working[0]))
    return GoingOut(cards, (), tuple(problems), tuple(working + problems))


def _as_meld(cards: Sequence[MeldCard]) -> Meld:
    return Meld(MeldKind.RUN, tuple(cards))


# ---------------------------------------------------------------------------------------------
# Deals: who went out, and the going-out cards or the jokers in them
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Deal:
    """One hand: who went out, and either their 15 going-out cards or the jokers among them.

    ``cards`` is None when the table entered only ``jokers`` (and, under the one-suit house
    rule, whether the hand was all one suit). ``melds`` is the going-out found for the cards.
    """

    went_out: int
    jokers: int
    cards: tuple[Card, ...] | None = None
    one_suit: bool = False
    melds: tuple[Meld, ...] = field(default=(), compare=False)


def _record(options: Options, players: int) -> Record:
    jokers = packs_for(players)
    count_way: tuple[str, ...] = ("jokers", "one_suit") if options.one_suit_bonus else ("jokers",)
    fields: list[Any] = [
        SeatField("went_out", msg("Who went out?")),
        CardsField(
            "cards",
            msg("Their 15 going-out cards"),
            min_cards=1,
            max_cards=HAND,
            help=msg("The 15 cards melded, not the discard; the sequences are worked out for you."),
        ),
        CountField(
            "jokers",
            msg("Jokers in their melds"),
            minimum=0,
            maximum=jokers,
            help=msg("Each other player pays 1, and 2 more for each joker."),
        ),
    ]
    if options.one_suit_bonus:
        fields.append(
            FlagField(
                "one_suit",
                msg("All 15 one suit"),
                help=msg("house rule: {units} more each", units=ONE_SUIT_BONUS),
            )
        )
    return Record(
        tuple(fields),
        ways=(
            Way("cards", msg("With the going-out cards"), ("cards",)),
            Way("count", msg("Just count the jokers"), count_way),
        ),
    )


@dataclass(frozen=True)
class Charge:
    """What each loser pays the winner for one hand, and why, in one phrase."""

    amount: int
    why: str


def charge(deal: Deal, options: Options) -> Charge:
    """Ruling 4.3: 1 unit for the win and 2 for every joker in the winner's going-out melds
    (C-3), plus any C-5 extras the table plays.

    >>> owed = charge(Deal(0, 2), Options())
    >>> owed.amount, str(owed.why)
    (5, '1 for the win + 2 each for 2 jokers in the going-out melds = 5 (4.3, C-3)')
    >>> str(charge(Deal(0, 0), Options(jokerless_bonus=True)).why)
    '1 for the win + 10 for going out with no joker (house rule “Jokerless bonus”, C-5) = 11 (4.3)'
    """
    amount = WIN_UNITS + UNITS_PER_JOKER * deal.jokers
    parts = [msg("{units} for the win", units=WIN_UNITS)]
    if deal.jokers:
        parts.append(
            msg_n(
                "{units} each for {count} joker in the going-out melds",
                "{units} each for {count} jokers in the going-out melds",
                deal.jokers,
                units=UNITS_PER_JOKER,
            )
        )
    if options.jokerless_bonus and deal.jokers == 0:
        amount += JOKERLESS_BONUS
        parts.append(
            msg(
                "{units} for going out with no joker (house rule “{rule}”, C-5)",
                units=JOKERLESS_BONUS,
                rule=house_rule("jokerless_bonus"),
            )
        )
    if options.one_suit_bonus and deal.one_suit:
        amount += ONE_SUIT_BONUS
        parts.append(
            msg(
                "{units} for a hand all of one suit (house rule “{rule}”, C-5)",
                units=ONE_SUIT_BONUS,
                rule=house_rule("one_suit_bonus"),
            )
        )
    summed = joined(parts, " + ")
    if deal.jokers:
        return Charge(amount, msg("{parts} = {total} (4.3, C-3)", parts=summed, total=amount))
    return Charge(amount, msg("{parts} = {total} (4.3)", parts=summed, total=amount))


def settle(deal: Deal, players: int, options: Options) -> Scored:
    """One hand settled: each loser pays the winner the same amount (4 players, 2 jokers: each
    pays 5 and the winner collects 15)."""
    owed = charge(deal, options)
    winner = deal.went_out
    went_out = _went_out(deal)
    results: list[SeatResult] = []
    payments = tuple(
        Payment(loser, winner, owed.amount) for loser in range(players) if loser != winner
    )
    for index in range(players):
        if index == winner:
            total = owed.amount * (players - 1)
            collects = (
                msg(
                    "collects {units} from the other player = {total}: {why}",
                    units=owed.amount,
                    total=total,
                    why=owed.why,
                )
                if players == 2
                else msg(
                    "collects {units} from each of the {others} others = {total}: {why}",
                    units=owed.amount,
                    others=players - 1,
                    total=total,
                    why=owed.why,
                )
            )
            lines: tuple[str, ...] = (went_out, collects)
            results.append(SeatResult(index, total, lines, detail=_detail(deal, owed.amount)))
        else:
            paid = msg(
                "pays {seat} {units}: {why}", seat=seat_ref(winner), units=owed.amount, why=owed.why
            )
            results.append(SeatResult(index, -owed.amount, (paid, went_out)))
    summary = msg(
        "{seat} went out: each other player pays {units}", seat=seat_ref(winner), units=owed.amount
    )
    return Scored(results=tuple(results), summary=summary, payments=payments)


def _went_out(deal: Deal) -> Message:
    """How the winner went out: the shape and melds, or the jokers the table counted."""
    who = seat_ref(deal.went_out)
    if deal.cards is None and deal.one_suit:
        return msg_n(
            "{seat} went out with {count} joker in the melds (as the table counted), all one suit",
            "{seat} went out with {count} jokers in the melds (as the table counted), all one suit",
            deal.jokers,
            seat=who,
        )
    if deal.cards is None:
        return msg_n(
            "{seat} went out with {count} joker in the melds (as the table counted)",
            "{seat} went out with {count} jokers in the melds (as the table counted)",
            deal.jokers,
            seat=who,
        )
    return msg_n(
        "{seat} went out as {shape} ({melds}), {count} joker",
        "{seat} went out as {shape} ({melds}), {count} jokers",
        deal.jokers,
        seat=who,
        shape=Verbatim(shape_text([len(m.cards) for m in deal.melds])),
        melds=shown_melds(deal.melds, " | "),
    )


class ContinentalDetail(TypedDict):
    """A seat's ``detail`` in Continental Rummy: for the player who went out, how (the
    other seats have none)."""

    jokers: NotRequired[int]
    each_pays: NotRequired[int]
    melds: NotRequired[list[str]]
    one_suit: NotRequired[bool]


def _detail(deal: Deal, amount: int) -> ContinentalDetail:
    return {
        "jokers": deal.jokers,
        "each_pays": amount,
        "melds": [str(m) for m in deal.melds],
        "one_suit": deal.one_suit,
    }


# ---------------------------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------------------------


class Detail(TypedDict):
    """What the player who went out collected with, beside their points: the jokers in the
    going-out, what each other player pays, the melds found in the cards (none when only the
    jokers were entered) and whether the hand was all one suit. The players who pay have none
    of these: their lines say what they paid."""

    jokers: NotRequired[int]
    each_pays: NotRequired[int]
    melds: NotRequired[list[str]]
    one_suit: NotRequired[bool]


class Continental(Game[Options, Deal]):
    slug = "continental-rummy"
    name = "Continental Rummy"
    family = "rummy"
    options_type = Options
    detail_type = Detail
    min_players = 2
    max_players = 12
    lower_is_better = False
    settles = True
    deal_word = "hand"

    def pack(self, options: Options, players: int) -> Pack:
        """Ruling 4.3: two, three or four packs, with as many jokers, by the table's size."""
        return continental_pack(players)

    def dealing(self, players: int, options: Options) -> Dealing:
        """4.3: two packs and two jokers for two to five, three and three for six to eight,
        four and four for nine to twelve; 15 cards each."""
        return from_pack(
            self.pack(options, players),
            players,
            HAND,
            "4.3",
            discard=1,
            notes=(msg("The turn-up follows the parent game, Rummy (4.1)."),),
        )

    def record(self, options: Options, players: int) -> Record:
        """Who went out, and their 15 going-out cards or just the jokers in them. The losers
        enter nothing: they pay the same, whatever they hold."""
        return _record(options, players)

    def end_rule(self, options: Options, players: int) -> Open | Target:
        """P-3: each hand settles as it goes, unless the table plays to a target."""
        return Target(options.target) if options.target else Open()

    def read(self, values: Mapping[str, Any], seating: Seating, options: Options) -> Deal:
        went_out: int = values["went_out"]
        cards: tuple[Card, ...] | None = values["cards"]
        if cards is None:
            return Deal(went_out, values["jokers"], None, bool(values.get("one_suit")))
        style = meld_style(options, seating.players)
        result = judge_going_out(cards, style, options)
        if not result.valid:
            raise InvalidMeldError(
                msg(
                    "{seat} cannot go out with {cards}: {problems}.",
                    seat=seat_ref(went_out),
                    cards=shown_cards(cards),
                    problems=joined(result.problems, "; "),
                ),
                cards=cards,
                field="cards",
                problems=result.problems,
                seats=(went_out,),
            )
        return Deal(went_out, result.jokers, cards, one_suit(cards), result.melds)

    def write(self, deal: Deal) -> dict[str, Any]:
        if deal.cards is not None:
            return {"went_out": deal.went_out, "cards": deal.cards}
        return {"went_out": deal.went_out, "jokers": deal.jokers, "one_suit": deal.one_suit}

    def score(self, deal: Deal, state: Any, seating: Seating, options: Options) -> Scored:
        return settle(deal, seating.players, options)

    def sample_deal(self, *, players: int, options: Options, number: int) -> dict[str, Any]:
        went_out = (number * 3 + 1) % players
        if number % 4 == 2:
            # Counted, not entered: a joker or two, and now and then a one-suit hand.
            raw: dict[str, Any] = {"went_out": went_out, "jokers": number % 3}
            if options.one_suit_bonus and number % 8 == 2:
                raw["one_suit"] = True
            return raw
        hand = SAMPLE_HANDS[number % len(SAMPLE_HANDS)]
        return {"went_out": went_out, "cards": hand}

    def own_questions(self) -> Mapping[str, Question]:
        asks = _asks(self)
        return {
            "meld": Question(
                "meld",
                msg("Is this a valid sequence in Continental Rummy?"),
                _answer_meld,
                asks=asks["meld"],
            ),
            "deadwood": Question(
                "deadwood",
                msg(
                    "The best arrangement of a hand into sequences, and how many cards are left "
                    "unmatched (with a claimed count checked)."
                ),
                _answer_deadwood,
                asks=asks["deadwood"],
            ),
            "going-out": Question(
                "going-out",
                msg("Can these 15 cards go out, and in which shape? Every problem is listed."),
                _answer_going_out,
                asks=asks["going-out"],
            ),
            "settle": Question(
                "settle",
                msg("Who pays whom for one hand, from the raw entries."),
                _answer_settle,
                asks=asks["settle"],
            ),
        }


# Going-out hands of the two-pack game for the samples: no joker, one joker, two jokers, and
# one all in hearts.
SAMPLE_HANDS = (
    "4H 5H 6H 9S 10S JS AD 2D 3D JC QC KC 7H 8H 9H",
    "2S 3S 4S 5S 8D 9D 10D JD 10H JH QH KH 6C JK 8C",
    "9C 10C JC QC KC 3H 4H 5H JK JK 7D 8D 2S 3S 4S",
    "2H 3H 4H 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH",
)


# ---------------------------------------------------------------------------------------------
# Questions
# ---------------------------------------------------------------------------------------------


def _players(data: Mapping[str, Any], *, required: bool = False) -> int:
    players = data.get("players", None if required else DEFAULT_PLAYERS)
    if isinstance(players, bool) or not isinstance(players, int):
        raise BadEntryError(
            msg("players is how many sat at the table (it decides the packs)."), field="players"
        )
    Continental().check_players(players)
    return players


def _cards_text(data: Mapping[str, Any], key: str = "cards") -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value.strip():
        raise BadEntryError(
            msg("{field} must be a string of cards, such as '4C JK 6C'.", field=Verbatim(key)),
            field=key,
        )
    return value


def _hand(data: Mapping[str, Any], style: MeldStyle, *, most: int = MOST_HELD) -> tuple[Card, ...]:
    text = _cards_text(data)
    try:
        cards = parse_cards(text)
        style.pack.check(cards, field="cards")
    except AdjudicationError as err:
        err.field = "cards"
        raise
    if len(cards) > most:
        raise BadEntryError(
            msg(
                "A Continental hand holds at most {most} cards (15, and one drawn), not {count}.",
                most=most,
                count=len(cards),
            ),
            field="cards",
            cards=cards,
        )
    return cards


class MeldAnswer(TypedDict):
    """``meld``: is this a sequence (the only meld that counts, 4.3), and how it reads."""

    cards: str
    valid: bool
    kind: Literal["run"] | None
    reading: str | None
    problems: list[str]
    explanation: list[str]


class DeadwoodAnswer(TypedDict):
    """``deadwood``: the best arrangement and the cards left unmatched; a claim checked."""

    cards: str
    melds: list[str]
    unmatched: str
    count: int
    claimed: int | None
    claim_right: bool | None
    explanation: list[str]


def _answer_meld(data: Mapping[str, Any], options: Options) -> MeldAnswer:
    style = meld_style(options, _players(data))
    text = _cards_text(data)
    try:
        placed = parse_meld_cards(text)
        style.pack.check([mc.card for mc in placed], field="cards")
    except AdjudicationError as err:
        err.field = "cards"
        raise
    if len(placed) > 13 + style.jokers:
        raise BadEntryError(
            msg("A sequence holds at most 13 cards, not {count}.", count=len(placed)),
            field="cards",
            cards=placed,
        )
    problems = meld_problems(placed, style)
    shown = " ".join(str(mc) for mc in placed)
    reading = None
    explanation: list[str]
    if not problems:
        designated = any(mc.is_joker and mc.stands_for is not None for mc in placed)
        found = (
            None
            if designated
            else partition_melds([mc.card for mc in placed], style, [len(placed)])
        )
        reading = str(found[0]) if found else shown
        explanation = [
            msg(
                "{cards}: a sequence of {count} in one suit (4.3)",
                cards=shown_meld(found[0] if found else placed),
                count=len(placed),
            )
        ]
        if options.all_joker_sequences and all(mc.is_joker for mc in placed):
            explanation.append(
                msg(
                    "house rule “{rule}”: jokers alone make a sequence (C-2)",
                    rule=house_rule("all_joker_sequences"),
                )
            )
    else:
        explanation = [
            msg("{cards} is not a sequence: {problem}", cards=shown_meld(placed), problem=p)
            for p in problems
        ]
    return {
        "cards": shown,
        "valid": not problems,
        "kind": "run" if not problems else None,
        "reading": reading,
        "problems": list(problems),
        "explanation": explanation,
    }


def _answer_deadwood(data: Mapping[str, Any], options: Options) -> DeadwoodAnswer:
    style = meld_style(options, _players(data))
    cards = _hand(data, style)
    claimed = data.get("claimed")
    if claimed is not None and (
        isinstance(claimed, bool) or not isinstance(claimed, int) or claimed < 0
    ):
        raise BadEntryError(
            msg("claimed is how many cards the player says are unmatched."), field="claimed"
        )
    best = best_melding(cards, style, continental_value)
    explanation: list[str] = []
    if best.melds:
        explanation.append(
            msg("best arrangement: {melds}", melds=shown_melds(_ordered(best.melds), " | "))
        )
    else:
        explanation.append(msg("no sequence can be made"))
    explanation.append(
        msg_n(
            "unmatched: {cards} = {count} card (sets count for nothing, 4.3)",
            "unmatched: {cards} = {count} cards (sets count for nothing, 4.3)",
            best.count,
            cards=shown_cards(best.leftover) if best.leftover else msg("none"),
        )
    )
    right = None
    if claimed is not None:
        right = claimed == best.count
        explanation.append(
            msg("the claim of {claimed} is right", claimed=claimed)
            if right
            else msg(
                "the claim of {claimed} is wrong: the best arrangement leaves {count}",
                claimed=claimed,
                count=best.count,
            )
        )
    return {
        "cards": format_cards(cards),
        "melds": [str(m) for m in _ordered(best.melds)],
        "unmatched": format_cards(best.leftover),
        "count": best.count,
        "claimed": claimed,
        "claim_right": right,
        "explanation": explanation,
    }


def _answer_going_out(data: Mapping[str, Any], options: Options) -> GoingOutAnswer:
    style = meld_style(options, _players(data))
    melds = data.get("melds")
    if melds is None:
        return judge_going_out(_hand(data, style), style, options).as_dict()
    if "cards" in data:
        raise BadEntryError(msg("Give the cards, or the melds, not both."), field="melds")
    if not isinstance(melds, list) or not melds or not all(isinstance(m, str) for m in melds):
        raise BadEntryError(
            msg("melds is a list of sequences, each a string of cards such as '4C JK 6C'."),
            field="melds",
        )
    if len(melds) > HAND:
        raise BadEntryError(
            msg("Going out is at most {count} sequences.", count=HAND // 3), field="melds"
        )
    placed = []
    for index, meld in enumerate(melds):
        try:
            placed.append(parse_meld_cards(meld))
        except AdjudicationError as err:
            raise err.at(f"melds[{index}]") from None
        if len(placed[-1]) > MOST_HELD:
            raise BadEntryError(
                msg("A sequence holds at most {count} cards.", count=MOST_HELD),
                field=f"melds[{index}]",
            )
    return judge_claimed_melds(placed, style, options).as_dict()


def _answer_settle(data: Mapping[str, Any], options: Options) -> SettleAnswer[ContinentalDetail]:
    players = _players(data, required=True)
    game = Continental()
    raw = {k: v for k, v in data.items() if k not in ("players", "options")}
    deal = game.parse_deal(raw, players=players, options=options)
    scored = settle(deal, players, options)
    return {
        "deal": game.deal_as_data(deal, players=players, options=options),
        "payments": [p.as_dict() for p in scored.payments],
        "results": [r.as_dict() for r in scored.results],
        "summary": scored.summary,
        "explanation": list(scored.results[deal.went_out].explanation),
    }


def _asks(game: Any) -> dict[str, Asks]:
    """What each question takes (the dispute desk's forms), with a sample it answers."""
    hand = CardsField("cards", msg("The hand"), MOST_HELD)
    return {
        "meld": Asks(
            (CardsField("cards", msg("The sequence"), MOST_HELD),),
            {"cards": "4H 5H 6H"},
            players=True,
            players_default=DEFAULT_PLAYERS,
        ),
        "deadwood": Asks(
            (hand, CountField("claimed", msg("The count claimed"), maximum=MOST_HELD)),
            {"cards": "4H 5H 6H 9S KD", "claimed": 2},
            players=True,
            players_default=DEFAULT_PLAYERS,
            optional=CLAIM,
        ),
        "going-out": Asks(
            (
                CardsField("cards", msg("The 15 cards (or give the melds)"), MOST_HELD),
                MeldsField("melds", msg("Or: the sequences laid down"), most=5),
            ),
            {"cards": SAMPLE_HANDS[0]},
            players=True,
            players_default=DEFAULT_PLAYERS,
            optional=frozenset({"melds"}),
        ),
        "settle": deal_input(game),
    }
