"""Bridge Rummy at the table: may a player take that discard, claim that joker, put a joker in
that run, go out? And the deadwood of a hand.

Each play question answers yes or no (``allowed``) with every problem, the working, and the rule
it applied (``shared/seeds/001``; rulings section 3, whose ids the comments cite). Malformed input
is an :class:`AdjudicationError` naming its field.

>>> answer = take_discard(parse_card("KC"), False, ["KS KH KD KC", "10H JH QH"], [], Table(),
...                       Options())
>>> answer["allowed"], answer["explanation"][-1]
(True, 'KC goes at once into KS KH KD KC, part of a first meld of 70: it may be taken')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, NotRequired, TypedDict

from adjudicator.cards import BRIDGE_RUMMY, JOKER, Card, Suit, card, format_cards, parse_cards
from adjudicator.errors import AdjudicationError, BadEntryError, ImpossibleHandError
from adjudicator.rummy.bridge_rummy.melding import (
    INITIAL_MELD,
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
from adjudicator.rummy.melding_rules import best_melding, meld_reading, read_meld
from adjudicator.rummy.melds import Meld, MeldCard, MeldKind, format_meld, parse_meld_cards

# A hand holds 14 dealt cards and one drawn (the cutter who keeps a joker holds one fewer).
MOST_IN_HAND = 15

TAKE_DISCARD_RULE = (
    "A discard may be taken only to meld it at once: a player not yet down must make it part of "
    "a first meld of 50 or more (lay-offs that turn count); it may never be taken merely to lay "
    "off on a meld already down (rulings 3a, Turn)."
)
CLAIM_JOKER_RULE = (
    "A joker on the table is claimed from a 3-card set with both missing suits, from a 4-card "
    "set with the one missing card, from a run with the card it stands for, at any time; the "
    "claimed joker must be played in the same turn (rulings 3a, Joker claims)."
)
JOKER_IN_RUN_RULE = (
    "A joker may go in a run only while another player holds exactly 1 or 3 cards and has "
    "announced it (One-or-Three; one's own hand never counts, R-7), or when both copies of the "
    "card it stands for are out of play (cinched); in a set it is always allowed "
    "(rulings 3a, Melds)."
)
GO_OUT_RULE = (
    "Going out lays out every card but one, which is discarded: no one goes out without a "
    "discard, and a joker may be discarded only as that going-out discard. A player not yet down "
    "must reach 50 in that first meld, and laying out the whole hand at once is a hand rummy "
    "(rulings 3a, Turn; R-4)."
)
MUST_PLAY = "The claimed joker must be played in this same turn."


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
            "a joker reaches the discard pile only as the going-out discard, which ends the "
            "deal, so there is no joker to take"
        )
    holding = [m for m in melds if discard in [mc.card for mc in parse_meld_cards(m)]]
    laid_off = [lo for lo in layoffs if discard in [mc.card for mc in parse_meld_cards(lo[0])]]
    if not holding and laid_off:
        problems.append(
            f"{discard} may not be taken merely to lay off on a meld already down "
            f"({format_meld(parse_meld_cards(laid_off[0][1]))})"
        )
    elif not holding:
        problems.append(f"{discard} must be melded at once, in a new meld laid this turn")
    if down:
        lines.append("already down: the card need only go at once into a new meld")
        for text in melds:
            verdict = judge_meld(text, table, options)
            lines += verdict.explanation
            problems += [f"{format_meld(verdict.cards)}: {p}" for p in verdict.problems]
        for added, onto in layoffs:
            layoff = judge_layoff(added, onto, table, options)
            lines += layoff.verdict.explanation
            problems += [f"lay-off {added} onto {onto}: {p}" for p in layoff.verdict.problems]
        total = None
    else:
        first = judge_initial_meld(melds, layoffs, table, options)
        lines += first.explanation()
        for verdict in first.melds:
            problems += [f"{format_meld(verdict.cards)}: {p}" for p in verdict.problems]
        for layoff in first.layoffs:
            problems += [
                f"lay-off {format_meld(layoff.added)}: {p}" for p in layoff.verdict.problems
            ]
        if first.valid and not first.reaches_50:
            problems.append(
                f"not yet down, so the discard must be part of a first meld of {INITIAL_MELD} or "
                f"more, and this one makes {first.total}"
            )
        total = first.total
    allowed = not problems
    if allowed:
        where = format_meld(parse_meld_cards(holding[0]))
        made = f", part of a first meld of {total}" if total is not None else ""
        lines.append(f"{discard} goes at once into {where}{made}: it may be taken")
    else:
        lines.append(f"{discard} may not be taken")
    return _verdict(allowed, TAKE_DISCARD_RULE, problems, lines)


# ---------------------------------------------------------------------------------------------
# Claiming a joker
# ---------------------------------------------------------------------------------------------


def claim_joker(meld: str, supplied: Sequence[Card], options: Options) -> ClaimJokerAnswer:
    """May the joker in ``meld`` (on the table) be claimed with the ``supplied`` cards?"""
    placed = parse_meld_cards(meld)
    read, problems = meld_reading(placed, meld_style(options))
    if read is None:
        problems = [f"the cards on the table are not a meld: {p}" for p in problems]
        return _no_claim(problems, [*problems, "no joker to claim"])
    if not read.jokers:
        problem = f"there is no joker in {read} to claim"
        return _no_claim([problem], [problem])
    if any(c.is_joker for c in supplied):
        problem = "a joker is claimed with natural cards, not with another joker"
        return _no_claim([problem], [problem])
    if read.kind is MeldKind.RUN:
        return _claim_from_run(read, supplied)
    return _claim_from_set(read, supplied, options)


def _claim_from_run(meld: Meld, supplied: Sequence[Card]) -> ClaimJokerAnswer:
    wanted = [j.stands_for for j in meld.jokers if j.stands_for is not None]
    shown = " or ".join(str(c) for c in wanted)
    lines = [f"run {meld}: a joker in a run is claimed with the card it stands for ({shown})"]
    if len(supplied) != 1 or supplied[0] not in wanted:
        problem = (
            f"from a run, a joker is claimed with the one card it stands for ({shown}), "
            f"not {format_cards(supplied) or 'nothing'}"
        )
        return _no_claim([problem], [*lines, problem])
    given = supplied[0]
    after = Meld(
        MeldKind.RUN,
        tuple(
            MeldCard(given) if mc.is_joker and mc.stands_for == given else mc for mc in meld.cards
        ),
    )
    lines += [f"{given} takes the place of JK={given}: the run is now {after}", MUST_PLAY]
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
        what = "both missing suits" if need == 2 else "the one missing card"
    else:
        what = f"{need} of the missing suits" if need > 1 else "one missing card"
    lines = [
        f"{len(meld.cards)}-card set {meld}: a joker is claimed with {what} "
        f"(from {format_cards(missing)})"
    ]
    problems = []
    wrong = [c for c in supplied if c not in missing]
    if wrong:
        problems.append(f"{format_cards(wrong)} are not missing from the set")
    twice = [c for c, n in Counter(supplied).items() if n > 1]
    if twice:
        problems.append(f"{format_cards(twice)} given twice: a set needs every suit different")
    if len(supplied) != need:
        problems.append(
            f"a {len(meld.cards)}-card set gives up its joker for {need} card{'s' * (need > 1)} "
            f"({what}), not {len(supplied)}"
        )
    if problems:
        return _no_claim(problems, [*lines, *problems])
    # A joker that stays takes a suit still missing (what it stands for in a set is nominal).
    kept = [MeldCard(JOKER)] * (len(meld.jokers) - 1)
    after = read_meld((*map(MeldCard, (*naturals, *supplied)), *kept), meld_style(options))
    lines += [f"{format_cards(supplied)} for the joker: the set is now {after}", MUST_PLAY]
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
        lines.append(f"set {meld}: a joker in a set is always allowed")
    elif meld is not None:
        holders = [s for s in table.other_hand_sizes if s in (1, 3)]
        if holders:
            lines.append(
                f"another player holds {holders[0]} card{'s' * (holders[0] > 1)} and has "
                "announced it: One-or-Three"
            )
        else:
            lines.append("no other player has announced holding 1 or 3 cards")
        for size in unannounced:
            lines.append(
                f"a player holding {size} card{'s' * (size > 1)} has not announced it, so it "
                "does not count (R-7)"
            )
        for joker in _placed_now(meld, onto, options):
            meant = joker.stands_for
            assert meant is not None
            out = Counter(table.out_of_play)[meant]
            cinch = "cinched" if out >= 2 else "not cinched"
            lines.append(f"{joker}: {out} of the two {meant} out of play, {cinch}")
    lines += problems
    lines.append("the joker may go in" if not problems else "the joker may not go in")
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
        problems.append("no one goes out without a discard: a discard always ends the turn")
    else:
        used.append(discard)
    left = Counter(hand) - Counter(used)
    extra = Counter(used) - Counter(hand)
    if left:
        problems.append(
            f"{format_cards(left.elements())} still in hand: going out lays out every card "
            "but the discard"
        )
    if extra:
        problems.append(f"{format_cards(extra.elements())} not in the hand")
    if discard is not None and discard.is_joker:
        if left or extra:
            problems.append("a joker may be discarded only as the going-out discard")
        else:
            lines.append("the joker is the going-out discard, the one time a joker may go")
    hand_rummy = False
    if down:
        lines.append("already down: melds and lay-offs need not reach 50")
        for text in melds:
            verdict = judge_meld(text, table, options)
            lines += verdict.explanation
            problems += [f"{format_meld(verdict.cards)}: {p}" for p in verdict.problems]
        for added, onto in layoffs:
            layoff = judge_layoff(added, onto, table, options)
            lines += layoff.verdict.explanation
            problems += [f"lay-off {added} onto {onto}: {p}" for p in layoff.verdict.problems]
    else:
        first = judge_initial_meld(melds, layoffs, table, options, hand_size=len(hand))
        lines += [line for line in first.explanation() if "hand rummy" not in line]
        for verdict in first.melds:
            problems += [f"{format_meld(verdict.cards)}: {p}" for p in verdict.problems]
        for layoff in first.layoffs:
            problems += [
                f"lay-off {format_meld(layoff.added)}: {p}" for p in layoff.verdict.problems
            ]
        if first.valid and not first.reaches_50:
            problems.append(
                f"not yet down, so going out is a first meld, which needs {INITIAL_MELD}; "
                f"this one makes {first.total}"
            )
        hand_rummy = not problems and bool(first.hand_rummy)
        if not problems and not hand_rummy and layoffs and options.hand_rummy_own_melds_only:
            lines.append(
                "house rule hand_rummy_own_melds_only: lay-offs do not count towards a hand "
                "rummy, so this is an ordinary win (R-4)"
            )
    allowed = not problems
    if allowed:
        how = "a hand rummy (-40)" if hand_rummy else "going out (-20)"
        lines.append(f"every card laid out and {discard} discarded: {how}")
    else:
        lines.append("may not go out")
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
    lines = [f"meld {m.kind.value} {m}" for m in found.melds] or ["no meld can be made"]
    sums = " + ".join(f"{c} {held_value(c)}" for c in found.leftover)
    lines.append(f"unmatched {sums} = {found.count}" if found.leftover else "nothing unmatched")
    if any(m.kind is MeldKind.RUN and m.jokers for m in found.melds):
        lines.append(
            "a joker in a run needs One-or-Three or a cinch when it is laid; here it only "
            "shows what the hand can make"
        )
    lines.append(
        f"a player caught after going down is charged every card held, melds in hand included: "
        f"{held} → {round10(held)} (A K Q J 10 count 10, a joker 15)"
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
            lines.append(f"claimed {claimed}: right")
        elif claimed == held:
            lines.append(
                f"claimed {claimed}: that is every card held (what is charged), not the "
                f"unmatched count {found.count}"
            )
        else:
            lines.append(f"claimed {claimed}: wrong, the unmatched count is {found.count}")
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
        raise BadEntryError(f"{field} is one card, such as '7C', not {text!r}.", field=field)
    return cards[0]


def _string(data: Mapping[str, Any], key: str, *, required: bool = True) -> str | None:
    value = data.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, str) or not value.strip():
        raise BadEntryError(f"{key} must be a string of cards, such as '4C JK=5C 6C'.", field=key)
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
            f"A Bridge Rummy hand holds at most {MOST_IN_HAND} cards (14 dealt and one drawn), "
            f"not {len(cards)}.",
            field=key,
        )
    return cards


def _flag(data: Mapping[str, Any], key: str) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise BadEntryError(f"{key} is true or false.", field=key)
    return value


def _melds(data: Mapping[str, Any]) -> list[str]:
    melds = data.get("melds", [])
    if not isinstance(melds, list) or not all(isinstance(m, str) for m in melds):
        raise BadEntryError("melds is a list of card strings.", field="melds")
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
            "layoffs is a list of {cards, onto}: the cards laid off and the meld they go on.",
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
            "cards must hold the joker going in, such as '4C JK=5C 6C' or 'JK=7C' onto a run.",
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
            raise BadEntryError("discard is one card, such as '7C'.", field="discard")
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
        raise BadEntryError("claimed is a whole number of points, 0 or more.", field="claimed")
    return deadwood(hand, claimed, options)
