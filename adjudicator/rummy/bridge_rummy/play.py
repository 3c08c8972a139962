"""Bridge Rummy at the table: may a player take that discard, claim that joker, put a joker in
that run, go out? And the deadwood of a hand.

Each play question answers yes or no (``allowed``) with every problem, the working, and the rule
it applied (``shared/seeds/001``; rulings section 3, whose ids the comments cite). Malformed input
is an :class:`AdjudicationError` naming its field.

>>> answer = take_discard(parse_card("KC"), False, ["KS KH KD KC", "10H JH QH"], [], Table(),
...                       Options())
>>> answer["allowed"], str(answer["explanation"][-1])
(True, 'KC goes at once into KS KH KD KC, part of a first meld of 70: it may be taken')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, NotRequired, TypedDict

from adjudicator.cards import BRIDGE_RUMMY, JOKER, Card, Suit, card, format_cards, parse_cards
from adjudicator.errors import AdjudicationError, BadEntryError, ImpossibleHandError
from adjudicator.messages import Message, Points, Verbatim, listed, msg, msg_n
from adjudicator.rummy.bridge_rummy.melding import (
    HAND_RUMMY_MADE,
    INITIAL_MELD,
    InitialMeld,
    Options,
    Table,
    held_value,
    judge_initial_meld,
    judge_layoff,
    judge_meld,
    meld_style,
    read_table,
    round10,
)
from adjudicator.rummy.bridge_rummy.words import (
    HAND_RUMMY_OWN_MELDS_ONLY,
    cards,
    meld_cards,
    valued,
)
from adjudicator.rummy.melding_rules import best_melding, meld_reading, read_meld
from adjudicator.rummy.melds import Meld, MeldCard, MeldKind, parse_meld_cards

# A hand holds 14 dealt cards and one drawn (the cutter who keeps a joker holds one fewer).
MOST_IN_HAND = 15

TAKE_DISCARD_RULE = msg(
    "A discard may be taken only to meld it at once: a player not yet down must make it part of "
    "a first meld of 50 or more (lay-offs that turn count); it may never be taken merely to lay "
    "off on a meld already down (rulings 3a, Turn)."
)
CLAIM_JOKER_RULE = msg(
    "A joker on the table is claimed from a 3-card set with both missing suits, from a 4-card "
    "set with the one missing card, from a run with the card it stands for, at any time; the "
    "claimed joker must be played in the same turn (rulings 3a, Joker claims)."
)
JOKER_IN_RUN_RULE = msg(
    "A joker may go in a run only while another player holds exactly 1 or 3 cards and has "
    "announced it (One-or-Three; one's own hand never counts, R-7), or when both copies of the "
    "card it stands for are out of play (cinched); in a set it is always allowed "
    "(rulings 3a, Melds)."
)
GO_OUT_RULE = msg(
    "Going out lays out every card but one, which is discarded: no one goes out without a "
    "discard, and a joker may be discarded only as that going-out discard. A player not yet down "
    "must reach 50 in that first meld, and laying out the whole hand at once is a hand rummy "
    "(rulings 3a, Turn; R-4)."
)
MUST_PLAY = msg("The claimed joker must be played in this same turn.")


class Verdict(TypedDict):
    """May the player do it (``take-discard``), citing the rule, with every problem."""

    allowed: bool
    rule: str
    problems: list[str]
    explanation: list[str]


class ClaimJokerAnswer(Verdict):
    """``claim-joker``: a claim allowed also says which joker and the meld it leaves."""

    joker: NotRequired[str]
    meld_after: NotRequired[str]
    must_play_this_turn: NotRequired[bool]


class JokerIntoRunAnswer(Verdict):
    """``joker-into-run``: the meld the joker goes into, where the cards make one."""

    run: str | None
    kind: str | None


class GoOutAnswer(Verdict):
    """``go-out``: whether going out this way is a hand rummy."""

    hand_rummy: bool


class DeadwoodAnswer(TypedDict):
    """``deadwood``: the best melding, what is left, and the charge if caught."""

    melds: list[str]
    leftover: str
    count: int
    held: int
    charge: int
    claimed: NotRequired[int]
    claim_right: NotRequired[bool]
    explanation: list[str]


def _verdict(
    allowed: bool, rule: str, problems: Sequence[str], explanation: Sequence[str]
) -> Verdict:
    return {
        "allowed": allowed,
        "rule": rule,
        "problems": list(problems),
        "explanation": list(explanation),
    }


# ---------------------------------------------------------------------------------------------
# Taking the discard
# ---------------------------------------------------------------------------------------------


def take_discard(
    discard: Card,
    down: bool,
    melds: Sequence[str],
    layoffs: Sequence[tuple[str, str]],
    table: Table,
    options: Options,
) -> Verdict:
    """May a player take ``discard``, given what they lay out with it this turn?"""
    problems: list[str] = []
    lines: list[str] = []
    if discard.is_joker:
        problems.append(
            msg(
                "a joker reaches the discard pile only as the going-out discard, which ends the "
                "deal, so there is no joker to take"
            )
        )
    holding = [m for m in melds if discard in [mc.card for mc in parse_meld_cards(m)]]
    laid_off = [lo for lo in layoffs if discard in [mc.card for mc in parse_meld_cards(lo[0])]]
    if not holding and laid_off:
        problems.append(
            msg(
                "{card} may not be taken merely to lay off on a meld already down ({meld})",
                card=discard,
                meld=meld_cards(parse_meld_cards(laid_off[0][1])),
            )
        )
    elif not holding:
        problems.append(
            msg("{card} must be melded at once, in a new meld laid this turn", card=discard)
        )
    if down:
        lines.append(msg("already down: the card need only go at once into a new meld"))
        lines_, problems_ = _judged_once_down(melds, layoffs, table, options)
        lines += lines_
        problems += problems_
        total = None
    else:
        first = judge_initial_meld(melds, layoffs, table, options)
        lines += first.explanation()
        problems += _first_meld_problems(first)
        if first.valid and not first.reaches_50:
            problems.append(
                msg(
                    "not yet down, so the discard must be part of a first meld of {needed} or "
                    "more, and this one makes {total}",
                    needed=INITIAL_MELD,
                    total=first.total,
                )
            )
        total = first.total
    allowed = not problems
    if allowed:
        where = meld_cards(parse_meld_cards(holding[0]))
        if total is not None:
            lines.append(
                msg(
                    "{card} goes at once into {meld}, part of a first meld of {total}: it may be "
                    "taken",
                    card=discard,
                    meld=where,
                    total=total,
                )
            )
        else:
            lines.append(
                msg("{card} goes at once into {meld}: it may be taken", card=discard, meld=where)
            )
    else:
        lines.append(msg("{card} may not be taken", card=discard))
    return _verdict(allowed, TAKE_DISCARD_RULE, problems, lines)


def _judged_once_down(
    melds: Sequence[str],
    layoffs: Sequence[tuple[str, str]],
    table: Table,
    options: Options,
) -> tuple[list[str], list[str]]:
    """The working and the problems of melds and lay-offs laid by a player already down."""
    lines: list[str] = []
    problems: list[str] = []
    for text in melds:
        verdict = judge_meld(text, table, options)
        lines += verdict.explanation
        problems += [_meld_problem(verdict.cards, p) for p in verdict.problems]
    for added, onto in layoffs:
        layoff = judge_layoff(added, onto, table, options)
        lines += layoff.verdict.explanation
        problems += [
            msg(
                "lay-off {cards} onto {meld}: {problem}",
                cards=meld_cards(parse_meld_cards(added)),
                meld=meld_cards(parse_meld_cards(onto)),
                problem=p,
            )
            for p in layoff.verdict.problems
        ]
    return lines, problems


def _first_meld_problems(first: InitialMeld) -> list[str]:
    """The problems of each meld and lay-off of a first meld, each saying which it is."""
    problems: list[str] = [_meld_problem(v.cards, p) for v in first.melds for p in v.problems]
    problems += [
        msg("lay-off {cards}: {problem}", cards=meld_cards(layoff.added), problem=p)
        for layoff in first.layoffs
        for p in layoff.verdict.problems
    ]
    return problems


def _meld_problem(meld: Sequence[MeldCard], problem: str) -> Message:
    return msg("{meld}: {problem}", meld=meld_cards(meld), problem=problem)


# ---------------------------------------------------------------------------------------------
# Claiming a joker
# ---------------------------------------------------------------------------------------------


def claim_joker(meld: str, supplied: Sequence[Card], options: Options) -> ClaimJokerAnswer:
    """May the joker in ``meld`` (on the table) be claimed with the ``supplied`` cards?"""
    placed = parse_meld_cards(meld)
    read, problems = meld_reading(placed, meld_style(options))
    if read is None:
        problems = [
            msg("the cards on the table are not a meld: {problem}", problem=p) for p in problems
        ]
        return _no_claim(problems, [*problems, msg("no joker to claim")])
    if not read.jokers:
        problem = msg("there is no joker in {meld} to claim", meld=meld_cards(read.cards))
        return _no_claim([problem], [problem])
    if any(c.is_joker for c in supplied):
        problem = msg("a joker is claimed with natural cards, not with another joker")
        return _no_claim([problem], [problem])
    if read.kind is MeldKind.RUN:
        return _claim_from_run(read, supplied)
    return _claim_from_set(read, supplied, options)


def _claim_from_run(meld: Meld, supplied: Sequence[Card]) -> ClaimJokerAnswer:
    wanted = [j.stands_for for j in meld.jokers if j.stands_for is not None]
    shown = listed(wanted, "or")
    lines: list[str] = [
        msg(
            "run {meld}: a joker in a run is claimed with the card it stands for ({cards})",
            meld=meld_cards(meld.cards),
            cards=shown,
        )
    ]
    if len(supplied) != 1 or supplied[0] not in wanted:
        problem = msg(
            "from a run, a joker is claimed with the one card it stands for ({cards}), not {given}",
            cards=shown,
            given=cards(supplied) if supplied else msg("nothing"),
        )
        return _no_claim([problem], [*lines, problem])
    given = supplied[0]
    after = Meld(
        MeldKind.RUN,
        tuple(
            MeldCard(given) if mc.is_joker and mc.stands_for == given else mc for mc in meld.cards
        ),
    )
    lines += [
        msg(
            "{card} takes the place of JK={card}: the run is now {meld}",
            card=given,
            meld=meld_cards(after.cards),
        ),
        MUST_PLAY,
    ]
    return {
        **_verdict(True, CLAIM_JOKER_RULE, [], lines),
        "joker": f"JK={given}",
        "meld_after": str(after),
        "must_play_this_turn": True,
    }


def _claim_from_set(meld: Meld, supplied: Sequence[Card], options: Options) -> ClaimJokerAnswer:
    naturals = meld.naturals
    rank = naturals[0].rank
    assert rank is not None
    missing = [card(rank, s) for s in Suit if s not in {c.suit for c in naturals}]
    # The set must stand whole, four suits, without the joker: from a 3-card set both missing
    # suits, from a 4-card set (the joker the 4th) the one missing card. A second joker stays.
    need = 5 - len(meld.cards)
    if need == len(missing):
        what = msg("both missing suits") if need == 2 else msg("the one missing card")
    else:
        what = (
            msg("{need} of the missing suits", need=need) if need > 1 else msg("one missing card")
        )
    lines: list[str] = [
        msg(
            "{size}-card set {meld}: a joker is claimed with {what} (from {missing})",
            size=len(meld.cards),
            meld=meld_cards(meld.cards),
            what=what,
            missing=cards(missing),
        )
    ]
    problems: list[str] = []
    wrong = [c for c in supplied if c not in missing]
    if wrong:
        problems.append(msg("{cards} are not missing from the set", cards=cards(wrong)))
    twice = [c for c, n in Counter(supplied).items() if n > 1]
    if twice:
        problems.append(
            msg("{cards} given twice: a set needs every suit different", cards=cards(twice))
        )
    if len(supplied) != need:
        problems.append(
            msg_n(
                "a {size}-card set gives up its joker for {count} card ({what}), not {given}",
                "a {size}-card set gives up its joker for {count} cards ({what}), not {given}",
                need,
                size=len(meld.cards),
                what=what,
                given=len(supplied),
            )
        )
    if problems:
        return _no_claim(problems, [*lines, *problems])
    # A joker that stays takes a suit still missing (what it stands for in a set is nominal).
    kept = [MeldCard(JOKER)] * (len(meld.jokers) - 1)
    after = read_meld((*map(MeldCard, (*naturals, *supplied)), *kept), meld_style(options))
    lines += [
        msg(
            "{cards} for the joker: the set is now {meld}",
            cards=cards(supplied),
            meld=meld_cards(after.cards),
        ),
        MUST_PLAY,
    ]
    return {
        **_verdict(True, CLAIM_JOKER_RULE, [], lines),
        "joker": str(next((j for j in meld.jokers if j.stands_for in supplied), meld.jokers[0])),
        "meld_after": str(after),
        "must_play_this_turn": True,
    }


def _no_claim(problems: Sequence[str], explanation: Sequence[str]) -> ClaimJokerAnswer:
    return {
        "allowed": False,
        "rule": CLAIM_JOKER_RULE,
        "problems": list(problems),
        "explanation": list(explanation),
    }


# ---------------------------------------------------------------------------------------------
# A joker into a run
# ---------------------------------------------------------------------------------------------


def joker_into_run(
    cards: str, onto: str | None, table: Table, unannounced: Sequence[int], options: Options
) -> JokerIntoRunAnswer:
    """May the joker(s) in ``cards`` go into the run (``onto`` it, or as a new run) now?"""
    if onto is not None:
        layoff = judge_layoff(cards, onto, table, options)
        verdict = layoff.verdict
    else:
        verdict = judge_meld(cards, table, options)
    problems = list(verdict.problems)
    lines: list[str] = []
    meld = verdict.meld
    if meld is not None and meld.kind is MeldKind.SET:
        lines.append(
            msg("set {meld}: a joker in a set is always allowed", meld=meld_cards(meld.cards))
        )
    elif meld is not None:
        holders = [s for s in table.other_hand_sizes if s in (1, 3)]
        if holders:
            lines.append(
                msg_n(
                    "another player holds {count} card and has announced it: One-or-Three",
                    "another player holds {count} cards and has announced it: One-or-Three",
                    holders[0],
                )
            )
        else:
            lines.append(msg("no other player has announced holding 1 or 3 cards"))
        for size in unannounced:
            lines.append(
                msg_n(
                    "a player holding {count} card has not announced it, so it does not count "
                    "(R-7)",
                    "a player holding {count} cards has not announced it, so it does not count "
                    "(R-7)",
                    size,
                )
            )
        for joker in _placed_now(meld, onto, options):
            meant = joker.stands_for
            assert meant is not None
            out = Counter(table.out_of_play)[meant]
            if out >= 2:
                line = msg(
                    "{joker}: {out} of the two {card} out of play, cinched",
                    joker=meld_cards((joker,)),
                    out=out,
                    card=meant,
                )
            else:
                line = msg(
                    "{joker}: {out} of the two {card} out of play, not cinched",
                    joker=meld_cards((joker,)),
                    out=out,
                    card=meant,
                )
            lines.append(line)
    lines += problems
    lines.append(msg("the joker may go in") if not problems else msg("the joker may not go in"))
    return {
        **_verdict(not problems, JOKER_IN_RUN_RULE, problems, lines),
        "run": str(meld) if meld is not None else None,
        "kind": meld.kind.value if meld is not None else None,
    }


def _placed_now(meld: Meld, onto: str | None, options: Options) -> list[MeldCard]:
    """The jokers of ``meld`` laid now: those not already in the run ``onto``."""
    base = meld_reading(parse_meld_cards(onto), meld_style(options))[0] if onto else None
    already = Counter(j.stands_for for j in base.jokers) if base is not None else Counter()
    placed = []
    for joker in meld.jokers:
        if already[joker.stands_for]:
            already[joker.stands_for] -= 1
        else:
            placed.append(joker)
    return placed


# ---------------------------------------------------------------------------------------------
# Going out
# ---------------------------------------------------------------------------------------------


def go_out(
    hand: Sequence[Card],
    discard: Card | None,
    down: bool,
    melds: Sequence[str],
    layoffs: Sequence[tuple[str, str]],
    table: Table,
    options: Options,
) -> GoOutAnswer:
    """May a player holding ``hand`` (after the draw) go out with these melds and discard?"""
    problems: list[str] = []
    lines: list[str] = []
    used = [mc.card for m in melds for mc in parse_meld_cards(m)]
    used += [mc.card for added, _ in layoffs for mc in parse_meld_cards(added)]
    if discard is None:
        problems.append(msg("no one goes out without a discard: a discard always ends the turn"))
    else:
        used.append(discard)
    left = Counter(hand) - Counter(used)
    extra = Counter(used) - Counter(hand)
    if left:
        problems.append(
            msg(
                "{cards} still in hand: going out lays out every card but the discard",
                cards=cards(left.elements()),
            )
        )
    if extra:
        problems.append(msg("{cards} not in the hand", cards=cards(extra.elements())))
    if discard is not None and discard.is_joker:
        if left or extra:
            problems.append(msg("a joker may be discarded only as the going-out discard"))
        else:
            lines.append(msg("the joker is the going-out discard, the one time a joker may go"))
    hand_rummy = False
    if down:
        lines.append(msg("already down: melds and lay-offs need not reach 50"))
        lines_, problems_ = _judged_once_down(melds, layoffs, table, options)
        lines += lines_
        problems += problems_
    else:
        first = judge_initial_meld(melds, layoffs, table, options, hand_size=len(hand))
        lines += [line for line in first.explanation() if line is not HAND_RUMMY_MADE]
        problems += _first_meld_problems(first)
        if first.valid and not first.reaches_50:
            problems.append(
                msg(
                    "not yet down, so going out is a first meld, which needs {needed}; this one "
                    "makes {total}",
                    needed=INITIAL_MELD,
                    total=first.total,
                )
            )
        hand_rummy = not problems and bool(first.hand_rummy)
        if not problems and not hand_rummy and layoffs and options.hand_rummy_own_melds_only:
            lines.append(
                msg(
                    "house rule “{rule}”: lay-offs do not count towards a hand rummy, so this is "
                    "an ordinary win (R-4)",
                    rule=HAND_RUMMY_OWN_MELDS_ONLY,
                )
            )
    allowed = not problems
    if allowed and hand_rummy:
        lines.append(
            msg("every card laid out and {card} discarded: a hand rummy (-40)", card=discard)
        )
    elif allowed:
        lines.append(msg("every card laid out and {card} discarded: going out (-20)", card=discard))
    else:
        lines.append(msg("may not go out"))
    return {**_verdict(allowed, GO_OUT_RULE, problems, lines), "hand_rummy": hand_rummy}


# ---------------------------------------------------------------------------------------------
# Deadwood
# ---------------------------------------------------------------------------------------------


def deadwood(hand: Sequence[Card], claimed: int | None, options: Options) -> DeadwoodAnswer:
    """The best melding of ``hand`` under Bridge Rummy's melds, what is left, and the charge.

    >>> answer = deadwood(parse_cards("7H 8H 9H 5C 5D 5S KC"), 46, Options())
    >>> answer["melds"], answer["leftover"], answer["count"], answer["held"], answer["claim_right"]
    (['5S 5D 5C', '7H 8H 9H'], 'KC', 10, 49, False)
    """
    found = best_melding(hand, meld_style(options), held_value)
    held = sum(held_value(c) for c in hand)
    lines: list[str] = [
        msg("meld run {meld}", meld=meld_cards(m.cards))
        if m.kind is MeldKind.RUN
        else msg("meld set {meld}", meld=meld_cards(m.cards))
        for m in found.melds
    ] or [msg("no meld can be made")]
    if found.leftover:
        sums = valued((c, held_value(c)) for c in found.leftover)
        lines.append(msg("unmatched {cards} = {count}", cards=sums, count=found.count))
    else:
        lines.append(msg("nothing unmatched"))
    if any(m.kind is MeldKind.RUN and m.jokers for m in found.melds):
        lines.append(
            msg(
                "a joker in a run needs One-or-Three or a cinch when it is laid; here it only "
                "shows what the hand can make"
            )
        )
    lines.append(
        msg(
            "a player caught after going down is charged every card held, melds in hand "
            "included: {held} → {charge} (A K Q J 10 count 10, a joker 15)",
            held=held,
            charge=Points(round10(held)),
        )
    )
    answer: DeadwoodAnswer = {
        "melds": [str(m) for m in found.melds],
        "leftover": format_cards(found.leftover),
        "count": found.count,
        "held": held,
        "charge": round10(held),
        "explanation": lines,
    }
    if claimed is not None:
        right = claimed == found.count
        if right:
            lines.append(msg("claimed {claimed}: right", claimed=claimed))
        elif claimed == held:
            lines.append(
                msg(
                    "claimed {claimed}: that is every card held (what is charged), not the "
                    "unmatched count {count}",
                    claimed=claimed,
                    count=found.count,
                )
            )
        else:
            lines.append(
                msg(
                    "claimed {claimed}: wrong, the unmatched count is {count}",
                    claimed=claimed,
                    count=found.count,
                )
            )
        answer["claimed"] = claimed
        answer["claim_right"] = right
    return answer


# ---------------------------------------------------------------------------------------------
# Reading the questions' input
# ---------------------------------------------------------------------------------------------


def parse_card(text: str, *, field: str = "card") -> Card:
    """Exactly one card (a discard)."""
    try:
        cards = parse_cards(text)
    except AdjudicationError as err:
        raise err.at(field) from None
    if len(cards) != 1:
        raise BadEntryError(
            msg(
                "{field} is one card, such as '7C', not {text}.",
                field=Verbatim(field),
                text=Verbatim(repr(text)),
            ),
            field=field,
        )
    return cards[0]


def _string(data: Mapping[str, Any], key: str, *, required: bool = True) -> str | None:
    value = data.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, str) or not value.strip():
        raise BadEntryError(
            msg("{field} must be a string of cards, such as '4C JK=5C 6C'.", field=Verbatim(key)),
            field=key,
        )
    return value


def _hand(data: Mapping[str, Any], key: str = "hand") -> tuple[Card, ...]:
    text = _string(data, key)
    assert text is not None
    try:
        cards = parse_cards(text)
        BRIDGE_RUMMY.check(cards)
    except AdjudicationError as err:
        raise err.at(key) from None
    if len(cards) > MOST_IN_HAND:
        raise ImpossibleHandError(
            msg(
                "A Bridge Rummy hand holds at most {most} cards (14 dealt and one drawn), not "
                "{count}.",
                most=MOST_IN_HAND,
                count=len(cards),
            ),
            field=key,
        )
    return cards


def _flag(data: Mapping[str, Any], key: str) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise BadEntryError(
            msg(
                "{field} is {yes} or {no}.",
                field=Verbatim(key),
                yes=Verbatim("true"),
                no=Verbatim("false"),
            ),
            field=key,
        )
    return value


def _melds(data: Mapping[str, Any]) -> list[str]:
    melds = data.get("melds", [])
    if not isinstance(melds, list) or not all(isinstance(m, str) for m in melds):
        raise BadEntryError(
            msg("{field} is a list of card strings.", field=Verbatim("melds")), field="melds"
        )
    for index, meld in enumerate(melds):
        try:
            parse_meld_cards(meld)
        except AdjudicationError as err:
            raise err.at(f"melds[{index}]") from None
    return melds


def read_layoffs(data: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The ``layoffs`` of a question: each ``{"cards": …, "onto": …}`` and nothing else, as
    the schema says (issue 26: another key was taken without a word)."""
    layoffs = data.get("layoffs", [])
    if not isinstance(layoffs, list) or not all(
        isinstance(lo, Mapping)
        and set(lo) == {"cards", "onto"}
        and isinstance(lo.get("cards"), str)
        and isinstance(lo.get("onto"), str)
        for lo in layoffs
    ):
        raise BadEntryError(
            msg(
                "{field} is a list of {shape}: the cards laid off and the meld they go on.",
                field=Verbatim("layoffs"),
                shape=Verbatim("{cards, onto}"),
            ),
            field="layoffs",
        )
    for index, layoff in enumerate(layoffs):
        for key in ("cards", "onto"):
            try:
                parse_meld_cards(layoff[key])
            except AdjudicationError as err:
                raise err.at(f"layoffs[{index}].{key}") from None
    return [(lo["cards"], lo["onto"]) for lo in layoffs]


def _meld_text(data: Mapping[str, Any], key: str, *, required: bool = True) -> str | None:
    text = _string(data, key, required=required)
    if text is not None:
        try:
            parse_meld_cards(text)
        except AdjudicationError as err:
            raise err.at(key) from None
    return text


def answer_take_discard(data: Mapping[str, Any], options: Options) -> Verdict:
    text = _string(data, "card")
    assert text is not None
    discard = parse_card(text)
    melds, layoffs = _melds(data), read_layoffs(data)
    table, _ = read_table(data)
    return take_discard(discard, _flag(data, "down"), melds, layoffs, table, options)


def answer_claim_joker(data: Mapping[str, Any], options: Options) -> ClaimJokerAnswer:
    meld = _meld_text(data, "meld")
    assert meld is not None
    text = _string(data, "cards")
    assert text is not None
    try:
        supplied = parse_cards(text)
    except AdjudicationError as err:
        raise err.at("cards") from None
    return claim_joker(meld, supplied, options)


def answer_joker_into_run(data: Mapping[str, Any], options: Options) -> JokerIntoRunAnswer:
    cards = _meld_text(data, "cards")
    assert cards is not None
    if not any(mc.is_joker for mc in parse_meld_cards(cards)):
        raise BadEntryError(
            msg(
                "{field} must hold the joker going in, such as '4C JK=5C 6C' or 'JK=7C' onto a "
                "run.",
                field=Verbatim("cards"),
            ),
            field="cards",
        )
    onto = _meld_text(data, "onto", required=False)
    table, unannounced = read_table(data)
    return joker_into_run(cards, onto, table, unannounced, options)


def answer_go_out(data: Mapping[str, Any], options: Options) -> GoOutAnswer:
    hand = _hand(data)
    text = data.get("discard")
    discard = None
    if text is not None:
        if not isinstance(text, str):
            raise BadEntryError(
                msg("{field} is one card, such as '7C'.", field=Verbatim("discard")),
                field="discard",
            )
        discard = parse_card(text, field="discard") if text.strip() else None
    melds, layoffs = _melds(data), read_layoffs(data)
    table, _ = read_table(data)
    return go_out(hand, discard, _flag(data, "down"), melds, layoffs, table, options)


def answer_deadwood(data: Mapping[str, Any], options: Options) -> DeadwoodAnswer:
    hand = _hand(data)
    claimed = data.get("claimed")
    if claimed is not None and (
        isinstance(claimed, bool) or not isinstance(claimed, int) or claimed < 0
    ):
        raise BadEntryError(
            msg("{field} is a whole number of points, 0 or more.", field=Verbatim("claimed")),
            field="claimed",
        )
    return deadwood(hand, claimed, options)
