"""Voormsi's house rules, its table, its ranking, and who wins a trick.

Rules: ``shared/seeds/003`` (Voormsi); rulings: ``shared/rulings.md`` section 7 (7a, V-1 …
V-13) and section 11 (V-14 … V-20), whose ids the comments and sentences cite.

>>> from adjudicator.tricks.plays import parse_trick
>>> trick = parse_trick({"plays": [{"seat": 0, "cards": "7H"}, {"seat": 1, "cards": "KS"},
...                                {"seat": 2, "cards": "KC"}, {"seat": 3, "cards": "8S"}]}, 4)
>>> trick_winner(trick).reason
'the KS straight after the led 7 takes the trick (V-2)'
>>> trick_winner(trick, Options(ks_rule="parlett")).reason
'the KC beats a led 7 (7a)'
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from adjudicator.cards import VOORMSI, Card, Rank, format_cards, parse_cards
from adjudicator.errors import (
    AdjudicationError,
    AlreadyPlayedError,
    BadEntryError,
    IllegalPlayError,
    OutOfTurnError,
)
from adjudicator.options import option
from adjudicator.tricks.plays import Play, Trick, TrickResult

PACK = VOORMSI
MIN_PLAYERS = 2
MAX_PLAYERS = 4

KH, JC, KC, KS = parse_cards("KH JC KC KS")
THREE_D = Card.parse("3D")
# Tier 1: "the two highest (and equally ranking) cards … the second of these cards played to
# the trick is considered the higher".
TOP = frozenset({KH, JC})

# 7a, single-card tricks, high to low; within a tier the cards are in order, except tier 1.
RANKING: tuple[tuple[Card, ...], ...] = tuple(
    parse_cards(tier)
    for tier in (
        "KH JC",
        "8S",
        "9C 9S 9H 9D",
        "AC AS AH AD",
        "JS JH JD",
        "6C 6S 6H 6D",
        "5C 5S 5H 5D",
        "8C 8H 8D",
        "QC QS QH QD",
        "KC KS",
    )
)
# "with the sevens ranked amongst one another by suit; clubs, spades, hearts, diamonds"
SEVENS: tuple[Card, ...] = parse_cards("7C 7S 7H 7D")

_POWER: dict[Card, int] = {}
for _tier, _cards in enumerate(reversed(RANKING)):
    for _place, _card in enumerate(reversed(_cards)):
        _POWER[_card] = 100 * (_tier + 1) + (0 if _card in TOP else _place)
for _place, _card in enumerate(reversed(SEVENS)):
    _POWER[_card] = _place


def power(card: Card) -> int:
    """A card's place in the ranking, higher beating lower, for comparing cards in the tiers
    (7s only among themselves; the 3D is not ranked: see :func:`beats`).

    >>> power(Card.parse("8S")) > power(Card.parse("9C")) > power(Card.parse("AC"))
    True
    >>> power(KH) == power(JC)
    True
    """
    return _POWER[card]


def denomination(card: Card) -> str:
    """What a several-card lead must share: the rank, the 3D being its own (V-6).

    >>> denomination(KH) == denomination(KS), denomination(THREE_D)
    (True, '3D')
    """
    return "3D" if card == THREE_D else str(card.rank)


@dataclass(frozen=True)
class Options:
    """House rules of Voormsi (``shared/rulings.md`` sections 7 and 10).

    The variant is not an option: it follows from the number of players (:class:`Table`): four
    in partnerships, three or two each alone (7a). Only the whole-pack deal ("Twelve Card
    Voormsi", V-12) is chosen here. The target (9, or 12 at three) follows from the table too.
    """

    trick_reading: Literal["literal", "majority", "over_six"] = option(
        "literal",
        "What a side's tricks earn: 'literal' follows the seed, more than five tricks score 1 "
        "plus one a trick over five (6 → 2, 5 → 0); 'majority' lets five score too (5 → 1); "
        "'over_six' counts from six (6 → 1, 7 → 2, 8 → 3).",
        labels={
            "literal": "More than five tricks: 6 score 2, 5 score nothing",
            "majority": "Five or more tricks: 5 score 1, 6 score 2",
            "over_six": "Six or more tricks: 6 score 1, 7 score 2",
        },
        rule="V-1",
    )
    ks_rule: Literal["seed", "parlett", "after_any_seven"] = option(
        "seed",
        "When the KS takes a trick led by a 7: 'seed', played straight after the led 7; "
        "'parlett', never over a 7 itself but over the KC that is beating one; "
        "'after_any_seven', played straight after any 7. Only the 3D beats it then.",
        labels={
            "seed": "KS straight after the led 7 wins",
            "parlett": "KS beats the KC when the KC beats a 7 (Parlett)",
            "after_any_seven": "KS straight after any 7 wins",
        },
        rule="V-2",
    )
    forced_play: Literal["seed", "parlett"] = option(
        "seed",
        "The compulsory play: 'seed', a player holding the KH must play it when an opponent is "
        "winning with the JC; 'parlett', a player holding the JC must play it when an opponent "
        "is winning with the KH.",
        labels={
            "seed": "Holding the KH, play it onto an opponent's winning JC",
            "parlett": "Holding the JC, play it onto an opponent's winning KH (Parlett)",
        },
        rule="V-4",
    )
    multi_beat: Literal["matching", "each_beats_highest"] = option(
        "matching",
        "Taking a trick led with several cards: 'matching', each card you play beats a "
        "different card of the winning play; 'each_beats_highest', each beats its highest card.",
        labels={
            "matching": "Each card beats a different winning card",
            "each_beats_highest": "Each card beats the highest winning card",
        },
        rule="V-5",
    )
    all_nine_keeps_captures: bool = option(
        False,
        "When one side takes every trick, its captures still score; trick points and the "
        "first-five bonus still do not, and a partner capture still ends the game.",
        rule="V-8",
    )
    whole_pack: bool = option(
        False,
        "'Twelve Card Voormsi': the whole pack is dealt at the start (9 each at four players, "
        "12 at three, 18 at two), with no stock and no drawing.",
        rule="V-12",
    )


DEFAULTS = Options()


@dataclass(frozen=True)
class Table:
    """Who plays with whom, and what a hand holds, at two, three or four players.

    Four play in partnerships sitting crosswise (seats 1 and 3 against 2 and 4), three and
    two each for themselves. Sides are numbered like their first seat: at four, side 0 is
    seats 0 and 2 (JSON), side 1 seats 1 and 3; otherwise side ``n`` is seat ``n``.

    >>> t = Table(4)
    >>> t.sides, t.target, t.tricks, t.side_name(1)
    (((0, 2), (1, 3)), 9, 9, 'seats 2 and 4')
    >>> Table(3).target, Table(3).tricks, Table(3).first_five_bonus
    (12, 12, False)
    >>> Table(2).play_order(1)
    (1, 0, 1, 0)
    """

    players: int
    whole_pack: bool = False

    @classmethod
    def for_players(cls, players: int, options: Options | None = None) -> Table:
        """The table for this many players, refusing any other count."""
        if isinstance(players, bool) or not isinstance(players, int):
            raise BadEntryError("Voormsi is for 2, 3 or 4 players.", field="seats")
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise BadEntryError(
                f"Voormsi is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}.",
                field="seats",
            )
        return cls(players, whole_pack=options.whole_pack if options else False)

    @property
    def partnerships(self) -> bool:
        return self.players == 4

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        if self.partnerships:
            return ((0, 2), (1, 3))
        return tuple((seat,) for seat in range(self.players))

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.partnerships else seat

    def side_name(self, side: int) -> str:
        """``seats 1 and 3`` or ``seat 2``: as a sentence names a side."""
        seats = [str(seat + 1) for seat in self.sides[side]]
        return f"seats {' and '.join(seats)}" if len(seats) > 1 else f"seat {seats[0]}"

    def opponents(self, one: int, other: int) -> bool:
        return self.side_of(one) != self.side_of(other)

    @property
    def target(self) -> int:
        """Exactly 9 to win, 12 with three players (7a ladder)."""
        return 12 if self.players == 3 else 9

    @property
    def plays_per_trick(self) -> int:
        """Four plays, three at three players; at two, each plays twice (7a variants)."""
        return 3 if self.players == 3 else 4

    @property
    def tricks(self) -> int:
        """Tricks in a hand: the 36 cards over the plays per trick (9, or 12 at three)."""
        return len(PACK) // self.plays_per_trick

    @property
    def first_five_bonus(self) -> bool:
        """The first five consecutive tricks score, except in the 3-player game."""
        return self.players != 3

    @property
    def hand_size(self) -> int:
        """Cards each player is dealt: 4 with a stock, the whole pack shared out without."""
        return len(PACK) // self.players if self.whole_pack else 4

    def play_order(self, leader: int) -> tuple[int, ...]:
        """The seats in the order they play to a trick led by ``leader``: round the table."""
        return tuple((leader + step) % self.players for step in range(self.plays_per_trick))


def _seat_list(seats: Sequence[int]) -> str:
    numbers = [str(seat + 1) for seat in seats]
    if len(numbers) == 1:
        return f"seat {numbers[0]}"
    return f"seats {', '.join(numbers[:-1])} and {numbers[-1]}"


def check_trick(trick: Trick, table: Table | None = None, *, unfinished: bool = False) -> None:
    """Refuse a trick the rules forbid on its own: a card not in the Voormsi pack or played
    twice, an empty play, a several-card lead not of one denomination, a follower playing a
    different number of cards; with a ``table``, too few or too many plays, or a seat playing
    out of turn. Each refusal names the field (``plays[1].cards``) and the seat.

    With ``unfinished`` the trick is still being played: it may lack plays, and its last
    follower may not have laid all their cards yet (fewer than were led, never none).

    >>> from adjudicator.tricks.plays import parse_trick
    >>> check_trick(parse_trick({"plays": [{"seat": 0, "cards": "9C 9S"},
    ...                                    {"seat": 1, "cards": "AH"}]}, 4))
    Traceback (most recent call last):
    ...
    adjudicator.errors.IllegalPlayError: Seat 2 must play 2 cards to this trick, as many as were led, not 1.
    """
    seen: dict[Card, int] = {}
    led = len(trick.plays[0].cards)
    for index, play in enumerate(trick.plays):
        field = f"plays[{index}].cards"
        who = f"Seat {play.seat + 1}"
        if play.is_pass:
            raise IllegalPlayError(
                f"{who} must play a card: Voormsi has no passing.", field=field, seats=[play.seat]
            )
        try:
            PACK.check(play.cards, field=field)
        except AdjudicationError as err:
            raise err.about(play.seat) from None
        for card in play.cards:
            if card in seen:
                raise AlreadyPlayedError(
                    f"{card} is played twice in this trick ({_seat_list([seen[card], play.seat])}).",
                    cards=[card],
                    field=field,
                    seats=dict.fromkeys([play.seat, seen[card]]),
                )
            seen[card] = play.seat
        if index == 0 and len({denomination(c) for c in play.cards}) > 1:
            # "if leading to a trick with multiple cards, all cards so led must be of the same
            # rank"; the 3D is its own denomination (V-6).
            raise IllegalPlayError(
                f"{who} led {format_cards(play.cards)}: several cards led must all be of one "
                "rank, such as 9C 9S (7a).",
                cards=play.cards,
                field=field,
                seats=[play.seat],
            )
        still_laying = unfinished and index == len(trick.plays) - 1 and len(play.cards) < led
        if index > 0 and len(play.cards) != led and not still_laying:
            # "Each other player … must play the same number of cards … as was first led."
            raise IllegalPlayError(
                f"{who} must play {led} card{'s' if led > 1 else ''} to this trick, as many as "
                f"were led, not {len(play.cards)}.",
                cards=play.cards,
                field=field,
                seats=[play.seat],
            )
    if table is not None:
        _check_order(trick, table, unfinished=unfinished)


def trick_complete(trick: Trick, table: Table) -> bool:
    """Whether every play of a trick has been made, the last of as many cards as were led.

    >>> from adjudicator.tricks.plays import parse_trick
    >>> led = [{"seat": 0, "cards": "9C 9S"}, {"seat": 1, "cards": "AS AH"}]
    >>> trick_complete(parse_trick({"plays": led + [{"seat": 2, "cards": "KH"}]}, 3), Table(3))
    False
    >>> trick_complete(parse_trick({"plays": led + [{"seat": 2, "cards": "KH 6D"}]}, 3), Table(3))
    True
    """
    plays = trick.plays
    return len(plays) >= table.plays_per_trick and len(plays[-1].cards) >= len(plays[0].cards)


def _check_order(trick: Trick, table: Table, *, unfinished: bool = False) -> None:
    order = table.play_order(trick.leader)
    for index, (play, expected) in enumerate(zip(trick.plays, order, strict=False)):
        if play.seat != expected:
            raise OutOfTurnError(
                f"Seat {play.seat + 1} played out of turn: after {_seat_list([trick.leader])} "
                f"led, it was seat {expected + 1}'s turn.",
                field=f"plays[{index}].seat",
                seats=[play.seat, expected],
            )
    if len(trick.plays) < len(order) and unfinished:
        return  # the rest of the table is still to play
    if len(trick.plays) != len(order):
        missing = order[len(trick.plays) :]
        if missing:
            how = f"{_seat_list(missing)} still to play"
        else:
            extra = len(trick.plays) - len(order)
            how = f"{extra} play{'s' if extra > 1 else ''} too many"
        each = "each plays twice" if table.players == 2 else "every seat plays once"
        raise IllegalPlayError(
            f"A trick at {table.players} players has {len(order)} plays ({each}); this one has "
            f"{len(trick.plays)}: {how}.",
            field="plays",
            seats=missing,
        )


Reason = tuple[str, str]  # a sentence, and the id of the rule it applies


def beats(
    new: Card,
    old: Card,
    *,
    seven_led: bool,
    ks_powered: bool = False,
    options: Options = DEFAULTS,
) -> Reason | None:
    """Whether ``new``, played later, beats ``old``, the card winning so far; and why.

    ``seven_led``: the trick was led by 7s. ``ks_powered``: a KS played here has its power
    under the house ``ks_rule`` (seed: straight after the led 7; after_any_seven: straight
    after any 7). Neither the lead nor a 7 outside a 7-led trick is ever ``new`` to win.

    >>> beats(JC, KH, seven_led=False)
    ('KH and JC are equal: the second played wins', '7a')
    >>> beats(Card.parse("9C"), Card.parse("7C"), seven_led=True) is None
    True
    """
    if old == THREE_D:
        return None
    if new == THREE_D:
        return ("the 3D wins when it is not led", "7a")
    if seven_led:
        # "If any seven is led … it can only be beaten by a higher ranked seven, the King of
        # clubs, or the three of diamonds", and the KS by its own rule.
        if old == KS:
            # A KS that took a 7-led trick yields only to the 3D ("the only card that can beat
            # the king of spades, played in this circumstance is the three of diamonds").
            return None
        if new == KS:
            if options.ks_rule == "parlett":
                if old == KC:
                    return ("the KS beats the KC that is beating a 7", "V-2")
                return None
            if ks_powered and options.ks_rule == "seed":
                return ("the KS straight after the led 7 takes the trick", "V-2")
            if ks_powered:
                return ("the KS straight after a 7 takes the trick", "V-15")
            return None
        if old == KC:
            # "The only cards that can beat the King of clubs which was played to a trick led by
            # a seven, are thus the King of clubs [read: spades, V-2] and the three of diamonds."
            return None
        if old.rank is Rank.SEVEN:
            if new == KC:
                return ("the KC beats a led 7", "7a")
            if new.rank is Rank.SEVEN and power(new) > power(old):
                return ("a higher 7 beats a led 7 (7C, 7S, 7H, 7D)", "7a")
        return None
    if new.rank is Rank.SEVEN:
        return None
    if new in TOP and old in TOP:
        return ("KH and JC are equal: the second played wins", "7a")
    if power(new) > power(old):
        return (f"{new} ranks above {old}", "7a")
    return None


def _takes_over(
    new: Sequence[Card], old: Sequence[Card], *, seven_led: bool, ks_powered: bool, options: Options
) -> Reason | None:
    """Whether a play takes the trick from the winning play; several cards per V-5."""

    def pair(n: Card, o: Card) -> Reason | None:
        return beats(n, o, seven_led=seven_led, ks_powered=ks_powered, options=options)

    if len(new) == 1:
        return pair(new[0], old[0])
    if options.multi_beat == "each_beats_highest":
        if all(pair(n, o) for n in new for o in old):
            return (
                f"each of {format_cards(new)} beats the highest card of {format_cards(old)} "
                "(house rule multi_beat = each_beats_highest)",
                "V-5",
            )
        return None
    # "each new card beats a different card of the winning group": try every pairing (at most
    # 4! = 24, since a lead is of one denomination).
    for order in itertools.permutations(old):
        if all(pair(n, o) for n, o in zip(new, order, strict=True)):
            pairs = ", ".join(f"{n} over {o}" for n, o in zip(new, order, strict=True))
            return (f"each card beats a different card of the winning play: {pairs}", "V-5")
    return None


def _locked_by(cards: Sequence[Card], seven_led: bool) -> Card | None:
    if THREE_D in cards:
        return THREE_D
    if seven_led and KS in cards:
        return KS
    return None


def judge_trick(trick: Trick, options: Options = DEFAULTS) -> TrickResult:
    """Who wins a trick already checked by :func:`check_trick`, and why, play by play.

    Applies the rules in play order, keeping the winning play and a locked flag once a 3D (or
    a KS by its power) takes the trick.
    """
    plays = trick.plays
    # V-3: "the card played second after a led 3D counts as the lead."
    lead = 1 if plays[0].cards == (THREE_D,) and len(plays) > 1 else 0
    seven_led = all(c.rank is Rank.SEVEN for c in plays[lead].cards)
    steps: list[str] = []
    if lead:
        steps.append(f"{plays[0].text()} led: the 3D never wins when led (7a)")
        steps.append(f"{plays[1].text()} counts as the lead (V-3)")
    else:
        steps.append(f"{plays[0].text()} led")
    standing = [lead] * (lead + 1)
    standing[0] = 0
    winning, beaten = lead, None
    reason: Reason | None = None
    for index in range(lead + 1, len(plays)):
        play = plays[index]
        if options.ks_rule == "after_any_seven":
            ks_powered = any(c.rank is Rank.SEVEN for c in plays[index - 1].cards)
        else:
            ks_powered = index == lead + 1
        took = _takes_over(
            play.cards,
            plays[winning].cards,
            seven_led=seven_led,
            ks_powered=ks_powered,
            options=options,
        )
        if took is not None:
            beaten, winning, reason = winning, index, took
            steps.append(f"{play.text()} takes the trick: {took[0]} ({took[1]})")
        else:
            steps.append(f"{play.text()} {_why_not(play, plays[winning], seven_led)}")
        standing.append(winning)
    if reason is None:
        reason = _lead_held(plays[lead], seven_led, bool(lead))
    win = plays[winning]
    return TrickResult(
        winner=win.seat,
        play=winning,
        reason=f"{reason[0]} ({reason[1]})",
        rule=reason[1],
        lead=lead,
        beaten=beaten,
        standing=tuple(standing),
        locked_by=_locked_by(win.cards, seven_led),
        steps=tuple(steps),
    )


def _why_not(play: Play, winning: Play, seven_led: bool) -> str:
    held = format_cards(winning.cards)
    if THREE_D in winning.cards:
        return "cannot take it: nothing beats the 3D once it is not led (7a)"
    if seven_led and KS in winning.cards:
        return "cannot take it: only the 3D beats the KS that took a 7-led trick (V-2)"
    if not seven_led and any(c.rank is Rank.SEVEN for c in play.cards):
        return "cannot take it: a 7 not led never wins (7a)"
    if seven_led and KC in winning.cards:
        return "cannot take it: in a 7-led trick only the KS or the 3D beat the KC (7a)"
    if seven_led:
        return (
            f"does not beat {held}: a led 7 falls only to a higher 7, the KC, the 3D or the KS "
            "by its rule (7a)"
        )
    if len(play.cards) > 1:
        return f"does not beat {held}: each card must beat a different winning card (V-5)"
    return f"does not beat {held} (7a)"


def _lead_held(lead: Play, seven_led: bool, after_three: bool) -> Reason:
    if after_three:
        return (
            f"the 3D never wins when led; {format_cards(lead.cards)}, played next, counted as "
            "the lead and nothing beat it",
            "V-3",
        )
    if seven_led:
        return (
            "nothing beat the led 7: only a higher 7, the KC, the 3D or the KS by its rule can",
            "7a",
        )
    return ("nothing beat the lead", "7a")


def trick_winner(
    trick: Trick,
    options: Options = DEFAULTS,
    *,
    players: int | None = None,
) -> TrickResult:
    """Check one trick on its own (:func:`check_trick`) and say who wins it and why.

    With ``players``, the plays must also go round the table from the leader (at two, each
    plays twice). Which cards were already played in the hand, and the compulsory play, need
    the whole hand: see :func:`adjudicator.tricks.voormsi.hand.check_hand`.

    >>> from adjudicator.tricks.plays import parse_trick
    >>> def t(*cards):
    ...     return parse_trick({"plays": [{"seat": i % 4, "cards": c} for i, c in enumerate(cards)]}, 4)
    >>> r = trick_winner(t("9C", "3D", "KH", "JC"))
    >>> r.winner, r.reason, r.locked_by
    (1, 'the 3D wins when it is not led (7a)', Card('3D'))
    >>> trick_winner(t("KH", "8S", "JC", "9C")).reason
    'KH and JC are equal: the second played wins (7a)'
    >>> trick_winner(t("3D", "7H", "KS", "5C")).reason
    'the KS straight after the led 7 takes the trick (V-2)'
    """
    table = None if players is None else Table.for_players(players)
    check_trick(trick, table)
    return judge_trick(trick, options)
