"""One turn's declaration in the rummy family: melds, lay-offs and the discard, judged.

Rummy (ruling 4.1): on a turn a player draws, may declare melds and lay off on any melds on the
table, then discards; a card taken from the discard pile may not be discarded the same turn.
Going out empties the hand, by melding everything or with a last discard (P-2, unless the
house rule ``must_discard_to_go_out`` asks for the discard). Whether a whole hand declared in
one turn is rummy (doubled), forbidden (Gambler's, 4.4) or the only way out (Boathouse, 4.2) is
the game's to say; this module says what the turn is.

>>> melds = [parse_cards("7H 8H 9H"), parse_cards("KC KD KS")]
>>> turn = judge_turn(parse_cards("7H 8H 9H KC KD KS 2C"), melds, [],
...                   discard=Card.parse("2C"), style=RUMMY)
>>> turn.goes_out, turn.problems
(True, ())
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from adjudicator.asking import LayoffsField, MeldsField
from adjudicator.cards import Card, format_cards, parse_cards, sort_cards
from adjudicator.errors import AdjudicationError, BadEntryError
from adjudicator.messages import Verbatim, joined, msg
from adjudicator.records import CardsField, FlagField
from adjudicator.rummy.answers import TurnAnswer
from adjudicator.rummy.melding_rules import RUMMY, MeldStyle, meld_problems


@dataclass(frozen=True)
class LayOff:
    """Cards from the hand laid off onto a meld already on the table."""

    cards: tuple[Card, ...]
    onto: tuple[Card, ...]


@dataclass(frozen=True)
class Turn:
    """A turn judged: every problem, the cards still held, and whether the player is out."""

    melds: tuple[tuple[Card, ...], ...]
    layoffs: tuple[LayOff, ...]
    discard: Card | None
    left: tuple[Card, ...]
    problems: tuple[str, ...]
    explanation: tuple[str, ...] = field(default=())

    @property
    def empties_hand(self) -> bool:
        return not self.left

    @property
    def goes_out(self) -> bool:
        return self.empties_hand and not self.problems


def judge_turn(
    hand: Sequence[Card],
    melds: Sequence[Sequence[Card]],
    layoffs: Sequence[LayOff],
    *,
    discard: Card | None,
    style: MeldStyle = RUMMY,
    taken: Sequence[Card] = (),
    must_discard: bool = False,
    whole_hand_problem: str | None = None,
) -> Turn:
    """Judge the melds, lay-offs and discard a player makes from ``hand`` (held after drawing).

    ``style``: how the game melds (the parent game's by default).
    ``taken`` are the cards drawn from the discard pile this turn (none may be discarded).
    ``must_discard``: going out needs a final discard (P-2's house rule).
    ``whole_hand_problem``: why emptying the hand now is not allowed (Gambler's 4.4: never the
    whole hand in one turn), when it is not.

    >>> judge_turn(parse_cards("5C 6C 7C 9D"), [parse_cards("5C 6C 7C")], [], discard=None,
    ...            style=RUMMY, taken=parse_cards("9D")).left
    (Card('9D'),)
    """
    problems: list[str] = []
    lines: list[str] = []
    for meld in melds:
        found = meld_problems(meld, style)
        if found:
            problems.append(
                msg(
                    "{cards} is not a meld: {problems}",
                    cards=joined(meld, " "),
                    problems=joined(found, "; "),
                )
            )
        else:
            lines.append(msg("declares {cards}", cards=joined(meld, " ")))
    for layoff in layoffs:
        base = meld_problems(layoff.onto, style)
        if base:
            problems.append(msg("{meld} on the table is not a meld", meld=joined(layoff.onto, " ")))
            continue
        grown = meld_problems((*layoff.onto, *layoff.cards), style)
        if grown:
            problems.append(
                msg(
                    "{cards} cannot be laid off onto {meld}: {problems}",
                    cards=joined(layoff.cards, " "),
                    meld=joined(layoff.onto, " "),
                    problems=joined(grown, "; "),
                )
            )
        else:
            lines.append(
                msg(
                    "lays off {cards} onto {meld}",
                    cards=joined(layoff.cards, " "),
                    meld=joined(layoff.onto, " "),
                )
            )
    used = Counter(c for meld in melds for c in meld)
    used.update(c for layoff in layoffs for c in layoff.cards)
    if discard is not None:
        used[discard] += 1
    held = Counter(hand)
    missing = used - held
    if missing:
        problems.append(msg("{cards} not in the hand", cards=joined(sorted_cards(missing), " ")))
    left = tuple(sorted_cards(held - used))
    if discard is not None:
        if discard in taken:
            problems.append(
                msg(
                    "{card} was taken from the discard pile this turn, so it cannot be "
                    "discarded in the same turn (4.1)",
                    card=discard,
                )
            )
        lines.append(msg("discards {card}", card=discard))
    if not left:
        if discard is None and must_discard:
            # The house rule by the name the house-rules page gives it, not its key.
            problems.append(
                msg('house rule "Must discard to go out": going out needs a final discard (P-2)')
            )
        if whole_hand_problem:
            problems.append(whole_hand_problem)
        lines.append(
            msg("the hand is empty: out") if not problems else msg("the hand would be empty")
        )
    else:
        lines.append(msg("still holds {cards}: not out", cards=joined(left, " ")))
    return Turn(
        tuple(tuple(m) for m in melds),
        tuple(layoffs),
        discard,
        left,
        tuple(problems),
        tuple(lines),
    )


def sorted_cards(counts: Counter[Card]) -> list[Card]:
    return sort_cards(counts.elements())


# ---------------------------------------------------------------------------------------------
# A question's body
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TurnBody:
    hand: tuple[Card, ...]
    melds: tuple[tuple[Card, ...], ...]
    layoffs: tuple[LayOff, ...]
    discard: Card | None
    taken: tuple[Card, ...]
    declared_before: bool
    melds_given: bool


def read_turn_body(data: Mapping[str, Any], style: MeldStyle) -> TurnBody:
    """``hand`` (held after drawing), ``melds`` [cards...], ``layoffs`` [{cards, onto}],
    ``discard`` (one card or null), ``taken`` (cards drawn from the discard pile this turn),
    ``declared_before`` (declared or laid off on an earlier turn of this hand)."""
    hand = _cards(data.get("hand"), "hand", style, required=True)
    raw_melds = data.get("melds", [])
    if not isinstance(raw_melds, list) or not all(isinstance(m, str) for m in raw_melds):
        raise BadEntryError(
            msg(
                "{key} is a list of card strings, such as {example}.",
                key=Verbatim("melds"),
                example=Verbatim("['7H 8H 9H']"),
            ),
            field="melds",
        )
    melds = tuple(_cards(m, f"melds[{i}]", style, required=True) for i, m in enumerate(raw_melds))
    raw_layoffs = data.get("layoffs", [])
    if not isinstance(raw_layoffs, list) or not all(
        isinstance(lo, Mapping) and set(lo) == {"cards", "onto"} for lo in raw_layoffs
    ):
        raise BadEntryError(
            msg(
                "{key} is a list of {shape}: the cards laid off and the meld they go on.",
                key=Verbatim("layoffs"),
                shape=Verbatim("{cards, onto}"),
            ),
            field="layoffs",
        )
    layoffs = tuple(
        LayOff(
            _cards(lo["cards"], f"layoffs[{i}].cards", style, required=True),
            _cards(lo["onto"], f"layoffs[{i}].onto", style, required=True),
        )
        for i, lo in enumerate(raw_layoffs)
    )
    discard_cards = _cards(data.get("discard"), "discard", style, required=False)
    if len(discard_cards) > 1:
        raise BadEntryError(
            msg("{key} is one card.", key=Verbatim("discard")),
            field="discard",
            cards=discard_cards,
        )
    taken = _cards(data.get("taken"), "taken", style, required=False)
    before = data.get("declared_before", False)
    if not isinstance(before, bool):
        raise BadEntryError(
            msg("{key} must be true or false.", key=Verbatim("declared_before")),
            field="declared_before",
        )
    return TurnBody(
        hand,
        melds,
        layoffs,
        discard_cards[0] if discard_cards else None,
        taken,
        before,
        "melds" in data,
    )


def _cards(value: object, key: str, style: MeldStyle, *, required: bool) -> tuple[Card, ...]:
    if value is None and not required:
        return ()
    if not isinstance(value, str) or (required and not value.strip()):
        raise BadEntryError(
            msg(
                "{key} must be a string of cards, such as {example}.",
                key=Verbatim(key),
                example=Verbatim("'7H 8H 9H'"),
            ),
            field=key,
        )
    if len(value) > 8 * 60:
        raise BadEntryError(msg("{key} holds too many cards.", key=Verbatim(key)), field=key)
    try:
        cards = parse_cards(value)
        style.pack.check(cards)
    except AdjudicationError as err:
        raise err.at(key) from None
    return cards


def turn_answer(turn: Turn) -> TurnAnswer:
    """A turn judged, as the questions about a turn answer it (a game adds its own keys)."""
    return {
        "goes_out": turn.goes_out,
        "legal": not turn.problems,
        "left": format_cards(turn.left),
        "problems": list(turn.problems),
        "explanation": [*turn.explanation, *turn.problems],
    }


TURN_OPTIONAL = frozenset({"melds", "layoffs", "discard", "taken"})
"""A turn's fields the question answers without (a turn may declare nothing, discard nothing)."""


def turn_fields(*, max_cards: int = 15) -> tuple[Any, ...]:
    """What a declaring turn's question takes (:func:`read_turn_body`), as fields for a form."""
    return (
        CardsField("hand", msg("The hand, after the draw"), max_cards),
        MeldsField("melds", msg("Melds declared this turn"), help=msg("one meld a line")),
        LayoffsField("layoffs", msg("Lay-offs this turn")),
        CardsField("discard", msg("The discard (if any)"), 1),
        CardsField("taken", msg("Cards taken from the discard pile this turn"), max_cards),
        FlagField("declared_before", msg("Declared or laid off on an earlier turn of this hand")),
    )
