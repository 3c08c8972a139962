"""Bridge Rummy: melds, the 50-point initial meld, deal charges rounded to tens, stars, seven deals.

Rules: ``shared/seeds/001`` (the narrative and the Original Document); rulings: section 3 of
``shared/rulings.md``, whose ids (R-1 …) the comments cite. The house rules and the melding
are in :mod:`adjudicator.rummy.bridge_rummy.melding`, the play questions in
:mod:`adjudicator.rummy.bridge_rummy.play`; this module is the game: its deals, its charges and
its questions.

>>> game = BridgeRummy()
>>> deal = game.parse_deal(
...     {"went_out": 0, "hands": [{"seat": 1, "held": 36}, {"seat": 2, "held": 5},
...                               {"seat": 3, "not_down": True}]},
...     players=4, options=game.options())
>>> [r.points for r in charge_deal(deal, game.options())]
[-20, 40, 0, 100]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, NotRequired, TypedDict

from adjudicator.asking import (
    CLAIM,
    Asks,
    CountsField,
    FlagsField,
    LayoffsField,
    MeldsField,
    deal_input,
)
from adjudicator.cards import BRIDGE_RUMMY, Card, Pack
from adjudicator.dealing import Dealing, from_pack
from adjudicator.errors import (
    AdjudicationError,
    BadEntryError,
    ImpossibleCountError,
    InitialMeldTooLowError,
)
from adjudicator.game import FixedDeals, Game, Mark, Question, Scored
from adjudicator.messages import Message, Points, Verbatim, joined, msg
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
from adjudicator.rummy.bridge_rummy import play
from adjudicator.rummy.bridge_rummy.melding import (
    InitialMeldAnswer,
    MeldAnswer,
    Options,
    held_value,
    judge_initial_meld,
    judge_meld,
    read_table,
    round10,
)
from adjudicator.rummy.bridge_rummy.words import ROUND_THEN_DOUBLE, valued
from adjudicator.rummy.melds import parse_meld_cards
from adjudicator.said import seat as seat_ref
from adjudicator.tally import SeatResult, SeatResultJson

DEALS = 7
# The place the deal record fills with the seats a prompt is about: as text "{}", the record's
# template, so that adjudicator.records reads these messages as it reads a template.
SOMEONE = Verbatim("{}")
HAND_DEALT = 14  # 3a: "two at a time until each player has 14"
WENT_OUT = -20
HAND_RUMMY = -40
NEVER_DOWN = 100
NEVER_DOWN_AFTER_HAND_RUMMY = 200
FOURTH_STAR = -100
# a player who went down holds at most 9 cards (50 points take at least 5 of the 15 held
# on the meld turn, one more is discarded), so at most 2 jokers + 7 tens = 100 points.
MAX_HELD_CARDS = 9
MAX_HELD = 100


class SettleAnswer(TypedDict):
    """``settle``: the deal as read and what each seat is charged."""

    deal: DealData
    results: list[SeatResultJson[HeldDetail]]
    explanation: list[str]


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
        SeatField("went_out", msg("Who went out?")),
        FlagField(
            "hand_rummy",
            msg("Hand rummy"),
            help=msg("-40; the others pay double, 200 if never down"),
        ),
        PerSeatField(
            "hands",
            msg("What each other player held"),
            skip="went_out",
            entries=(
                CountField("held", msg("Held count"), minimum=2, maximum=MAX_HELD),
                CardsField("cards", msg("Cards"), min_cards=1, max_cards=MAX_HELD_CARDS),
                FlagField("not_down", msg("Never went down")),
            ),
            # The deal record fills the seats' place ("{}" as text, the records' template).
            prompt=msg(
                "Say what {players} held (a count, the cards, or never went down)",
                players=SOMEONE,
            ),
            skipped=msg("{seat} went out, so holds nothing to charge", seat=SOMEONE),
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
            if deal.hand_rummy:
                points = HAND_RUMMY
                why = msg("hand rummy: {points}, and a star", points=Points(points))
            else:
                points = WENT_OUT
                why = msg("went out: {points}, and a star", points=Points(points))
            results.append(SeatResult(seat, points, (why,), star=True))
        else:
            results.append(_charge(by_seat[seat], deal.hand_rummy, options))
    return tuple(results)


def _charge(hand: HeldHand, hand_rummy: bool, options: Options) -> SeatResult:
    if hand.kind is Held.NOT_DOWN:
        if hand_rummy:
            why = msg(
                "never went down, after a hand rummy: {points}",
                points=Points(NEVER_DOWN_AFTER_HAND_RUMMY),
            )
            return SeatResult(hand.seat, NEVER_DOWN_AFTER_HAND_RUMMY, (why,))
        why = msg("never went down: {points}", points=Points(NEVER_DOWN))
        return SeatResult(hand.seat, NEVER_DOWN, (why,))

    lines = []
    held = hand.count
    if hand.kind is Held.CARDS:
        values = [held_value(c) for c in hand.cards]
        held = sum(values)
        sums = valued(zip(hand.cards, values, strict=True))
        lines.append(msg("held {cards} = {held}", cards=sums, held=held))
    if not hand_rummy:
        charge = round10(held)
        lines.append(
            msg(
                "held {held} → {charge}: {rounding}",
                held=held,
                charge=Points(charge),
                rounding=_rounding(held),
            )
        )
    elif options.round_then_double:
        charge = 2 * round10(held)
        lines.append(
            msg(
                "held {held} → {rounded}: {rounding}; doubled after a hand rummy → {charge} "
                "(house rule “{rule}”)",
                held=held,
                rounded=round10(held),
                rounding=_rounding(held),
                charge=Points(charge),
                rule=ROUND_THEN_DOUBLE,
            )
        )
    else:
        # double first, then round (13 → 26 → 30, not 20).
        charge = round10(2 * held)
        lines.append(
            msg(
                "held {held}, doubled after a hand rummy → {doubled} → {charge}: {rounding}",
                held=held,
                doubled=2 * held,
                charge=Points(charge),
                rounding=_rounding(2 * held),
            )
        )
    detail: Detail = {"held": held}
    return SeatResult(hand.seat, charge, tuple(lines), detail=detail)


def _rounding(points: int) -> Message:
    units = points % 10
    if units == 0:
        return msg("already a multiple of ten")
    if units >= 6:
        return msg("6 or more rounds up")
    return msg("5 or less rounds down")


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
    marks = (Mark("stars", "*", msg("a star: won the deal by going out (the fourth earns -100)")),)
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
                msg(
                    "The cut card lies face up under the stock and is out of play for the deal "
                    "(3a)."
                ),
                msg(
                    "A joker cut is kept by the cutter, who is then dealt 13, and nothing is set "
                    "aside: one more card for the stock (3a)."
                ),
                msg("Cards go two at a time, counter-clockwise (3a)."),
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
                    (*result.explanation, msg("fourth star: {points}", points=Points(FOURTH_STAR))),
                    result.star,
                    result.detail,
                )
        who = seat_ref(deal.went_out)
        if deal.hand_rummy:
            summary = msg("{seat} hand rummy", seat=who)
        else:
            summary = msg("{seat} went out", seat=who)
        return Scored(
            results=tuple(charged),
            summary=(summary),
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
        asks = _asks(self)
        return {
            "meld": Question(
                "meld",
                msg("Is this a meld under Bridge Rummy's rules, and what is it worth?"),
                _answer_meld,
                asks=asks["meld"],
            ),
            "initial-meld": Question(
                "initial-meld",
                msg("Do these melds and lay-offs reach the 50 needed to go down?"),
                _answer_initial_meld,
                asks=asks["initial-meld"],
            ),
            "settle": Question(
                "settle",
                msg("What does each player pay for one deal, from the raw entries?"),
                _answer_settle,
                asks=asks["settle"],
            ),
            "deadwood": Question(
                "deadwood",
                msg(
                    "What is the best melding of this hand, what is left unmatched, and what "
                    "would the hand be charged?"
                ),
                play.answer_deadwood,
                asks=asks["deadwood"],
            ),
            "take-discard": Question(
                "take-discard",
                msg("May this player take that discard, with what they lay out this turn?"),
                play.answer_take_discard,
                asks=asks["take-discard"],
            ),
            "claim-joker": Question(
                "claim-joker",
                msg("May this joker on the table be claimed with these cards?"),
                play.answer_claim_joker,
                asks=asks["claim-joker"],
            ),
            "joker-into-run": Question(
                "joker-into-run",
                msg("May a joker go into this run now (One-or-Three, or a cinch)?"),
                play.answer_joker_into_run,
                asks=asks["joker-into-run"],
            ),
            "go-out": Question(
                "go-out",
                msg("May this player go out with these melds, lay-offs and discard?"),
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
                msg(
                    "{seat} went down but did not go out, so held at least one card.",
                    seat=seat_ref(seat_index),
                )
            )
        if len(cards) > MAX_HELD_CARDS:
            raise ImpossibleCountError(
                (
                    msg(
                        "{seat} went down, so holds at most {most} cards, not {count}: going down "
                        "takes at least 5 cards and a discard (R-9). If they never went down, "
                        "mark it so.",
                        seat=seat_ref(seat_index),
                        most=MAX_HELD_CARDS,
                        count=len(cards),
                    )
                ),
                cards=cards,
            )
        return HeldHand(seat_index, Held.CARDS, cards=cards)
    count: int = value
    if count > MAX_HELD:
        raise ImpossibleCountError(
            msg(
                "{seat} went down, so can hold at most {most} points (two jokers and seven "
                "tens in nine cards), not {count} (R-9). If they never went down, mark it so.",
                seat=seat_ref(seat_index),
                most=MAX_HELD,
                count=count,
            )
        )
    if count < 2:
        raise ImpossibleCountError(
            msg(
                "{seat} went down but did not go out, so holds at least one card, worth at "
                "least 2, not {count}.",
                seat=seat_ref(seat_index),
                count=count,
            )
        )
    return HeldHand(seat_index, Held.COUNT, count=count)


def _text(data: Mapping[str, Any], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value.strip():
        raise BadEntryError(
            msg("{field} must be a string of cards, such as '4C JK=5C 6C'.", field=Verbatim(key)),
            field=key,
        )
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
    if not isinstance(melds, list) or not all(isinstance(m, str) for m in melds):
        raise BadEntryError(
            msg("{field} is a list of card strings.", field=Verbatim("melds")), field="melds"
        )
    layoffs = play.read_layoffs(data)
    if not melds and not layoffs:
        raise InitialMeldTooLowError(msg("Give at least one meld or lay-off."), field="melds")
    hand_size = data.get("hand_size")
    if hand_size is not None and (isinstance(hand_size, bool) or not isinstance(hand_size, int)):
        raise BadEntryError(
            msg("{field} is how many cards the player held.", field=Verbatim("hand_size")),
            field="hand_size",
        )
    for index, meld in enumerate(melds):
        try:
            parse_meld_cards(meld)
        except AdjudicationError as err:
            raise err.at(f"melds[{index}]") from None
    result = judge_initial_meld(
        melds,
        layoffs,
        read_table(data)[0],
        options,
        hand_size=hand_size,
    )
    return result.as_dict()


def _answer_settle(data: Mapping[str, Any], options: Options) -> SettleAnswer:
    players = data.get("players")
    game = BridgeRummy()
    if isinstance(players, bool) or not isinstance(players, int):
        raise BadEntryError(
            msg("{field} is how many sat at the table.", field=Verbatim("players")),
            field="players",
        )
    game.check_players(players)
    data = {k: v for k, v in data.items() if k not in ("players", "options")}
    deal = game.parse_deal(data, players=players, options=options)
    results = charge_deal(deal, options)
    return {
        "deal": game.deal_as_data(deal, players=players, options=options),
        "results": [r.as_dict() for r in results],
        "explanation": [
            (
                msg(
                    "{seat} scores {points}: {why}",
                    seat=seat_ref(r.seat),
                    points=Points(r.points),
                    why=joined(r.explanation, "; "),
                )
            )
            for r in results
        ],
    }


MOST_IN_HAND_Q = 15


def _asks(game: Any) -> dict[str, Asks]:
    """What each question takes (the dispute desk's forms), with a sample it answers."""
    table = _table_fields()
    meld_list = MeldsField("melds", msg("Melds"), help=msg("one meld a line; a joker as JK=5C"))
    layoffs = LayoffsField("layoffs", msg("Lay-offs"))
    hand = CardsField("hand", msg("The hand"), 15)
    down = FlagField("down", msg("Already gone down"))
    return {
        "meld": Asks(
            (CardsField("cards", msg("The meld"), 14, help=msg("a joker as JK=5C")), *table),
            {"cards": "4C JK=5C 6C", "other_hand_sizes": [3, 9]},
            optional=TABLE,
        ),
        "initial-meld": Asks(
            (meld_list, layoffs, CountField("hand_size", msg("Cards held"), maximum=15), *table),
            {"melds": ["KS KH KD", "4C 5C 6C 7C"]},
            optional=TABLE | {"layoffs", "hand_size"},
        ),
        "settle": deal_input(game),
        "deadwood": Asks(
            (hand, CountField("claimed", msg("The count claimed"), maximum=1000)),
            {"hand": "4C 5C 6C KS KH 9D 2H", "claimed": 30},
            optional=CLAIM,
        ),
        "take-discard": Asks(
            (CardsField("card", msg("The discard to take"), 1), down, meld_list, layoffs, *table),
            {"card": "7H", "melds": ["7H 7S 7D"]},
            optional=TABLE | {"melds", "layoffs"},
        ),
        "claim-joker": Asks(
            (
                CardsField(
                    "meld", msg("The meld with the joker"), 14, help=msg("the joker as JK=5C")
                ),
                CardsField("cards", msg("The cards offered for it"), 2),
            ),
            {"meld": "4C JK=5C 6C", "cards": "5C"},
        ),
        "joker-into-run": Asks(
            (
                CardsField("cards", msg("The joker going in"), 14, help=msg("such as JK=7C")),
                CardsField("onto", msg("The run it goes onto"), 14),
                *table,
            ),
            {"cards": "JK=7C", "onto": "4C 5C 6C", "other_hand_sizes": [5, 9]},
            optional=TABLE | {"onto"},
        ),
        "go-out": Asks(
            (hand, CardsField("discard", msg("The discard"), 1), down, meld_list, layoffs, *table),
            {"hand": "4C 5C 6C KS KH KD 9D", "discard": "9D", "melds": ["4C 5C 6C", "KS KH KD"]},
            optional=TABLE | {"discard", "melds", "layoffs"},
        ),
    }


TABLE = frozenset({"other_hand_sizes", "out_of_play"})
"""The table's fields a question answers without (nothing known of the other hands)."""


def _table_fields() -> tuple[Any, ...]:
    """What the One-or-Three rule needs to know of the table (:func:`read_table`)."""
    return (
        CountsField(
            "other_hand_sizes", msg("Cards each other player holds"), maximum=MOST_IN_HAND_Q
        ),
        FlagsField(
            "announced", msg("Has each announced holding 1 or 3?"), beside="other_hand_sizes"
        ),
        CardsField("out_of_play", msg("Cards out of play"), 108),
    )
