"""Voormsi's house rules, its table, its ranking, and who wins a trick.

Rules: ``shared/seeds/003`` (Voormsi); rulings: ``shared/rulings.md`` section 7 (7a, V-1 …
V-13) and section 11 (V-14 … V-20), whose ids the comments and sentences cite.

>>> from adjudicator.tricks.plays import parse_trick
>>> trick = parse_trick({"plays": [{"seat": 0, "cards": "7H"}, {"seat": 1, "cards": "KS"},
...                                {"seat": 2, "cards": "KC"}, {"seat": 3, "cards": "8S"}]}, 4)
>>> print(trick_winner(trick).reason)
the KS straight after the led 7 takes the trick (V-2)
>>> print(trick_winner(trick, Options(ks_rule="parlett")).reason)
the KC beats a led 7 (7a)

Every sentence is a :class:`~adjudicator.messages.Message` (its seats and cards kept as data),
and so is every house rule's description and label.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from adjudicator.cards import VOORMSI, Card, Rank, parse_cards
from adjudicator.errors import (
    AdjudicationError,
    AlreadyPlayedError,
    BadEntryError,
    IllegalPlayError,
    OutOfTurnError,
)
from adjudicator.messages import Listed, Message, joined, listed, msg, msg_n
from adjudicator.options import option
from adjudicator.said import DEFAULT, Ref, seat, seats
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


# The house rules' labels, as the house-rules page shows them: a sentence naming a house rule
# in play names it so, never by its key (issue 27).
TRICK_READINGS: dict[str, Message] = {
    "literal": msg("More than five tricks: 6 score 2, 5 score nothing"),
    "majority": msg("Five or more tricks: 5 score 1, 6 score 2"),
    "over_six": msg("Six or more tricks: 6 score 1, 7 score 2"),
}
KS_RULES: dict[str, Message] = {
    "seed": msg("{ks} straight after the led 7 wins", ks=KS),
    "parlett": msg("{ks} beats the {kc} when the {kc} beats a 7 (Parlett)", ks=KS, kc=KC),
    "after_any_seven": msg("{ks} straight after any 7 wins", ks=KS),
}
FORCED_PLAYS: dict[str, Message] = {
    "seed": msg("Holding the {kh}, play it onto an opponent's winning {jc}", kh=KH, jc=JC),
    "parlett": msg(
        "Holding the {jc}, play it onto an opponent's winning {kh} (Parlett)", kh=KH, jc=JC
    ),
}
MULTI_BEATS: dict[str, Message] = {
    "matching": msg("Each card beats a different winning card"),
    "each_beats_highest": msg("Each card beats the highest winning card"),
}
# A yes-or-no house rule has no label: the house-rules page names it after its key.
ALL_NINE_KEEPS_CAPTURES = msg("All nine keeps captures")


def inside(ref: Ref) -> Listed:
    """Seats named at the start of a clause another sentence quotes mid-line ("… (seat 2
    plays it to this trick)", "seats 1 and 3 on 0, seats 2 and 4 on 0"): a list of one, said
    as the seats are but not capitalised as seats opening a sentence are."""
    return listed([ref])


def house_rule(name: Message) -> Message:
    """A house rule as a sentence names it, by the name the house-rules page gives it.

    >>> print(house_rule(TRICK_READINGS["majority"]))
    house rule "Five or more tricks: 5 score 1, 6 score 2"
    """
    return msg('house rule "{name}"', name=name)


@dataclass(frozen=True)
class Options:
    """House rules of Voormsi (``shared/rulings.md`` sections 7 and 10).

    The variant is not an option: it follows from the number of players (:class:`Table`): four
    in partnerships, three or two each alone (7a). Only the whole-pack deal ("Twelve Card
    Voormsi", V-12) is chosen here. The target (9, or 12 at three) follows from the table too.
    """

    trick_reading: Literal["literal", "majority", "over_six"] = option(
        "literal",
        msg(
            "What a side's tricks earn. The written rules: more than five tricks score 1 plus "
            "one a trick over five (6 → 2, 5 → 0); some tables let five score too (5 → 1), "
            "others count from six (6 → 1, 7 → 2, 8 → 3)."
        ),
        labels=TRICK_READINGS,
        rule="V-1",
    )
    ks_rule: Literal["seed", "parlett", "after_any_seven"] = option(
        "seed",
        msg(
            "When the {ks} takes a trick led by a 7: played straight after the led 7 (the "
            "written rules); never over a 7 itself but over the {kc} that is beating one "
            "(Parlett); or played straight after any 7. Only the {three_d} beats it then.",
            ks=KS,
            kc=KC,
            three_d=THREE_D,
        ),
        labels=KS_RULES,
        rule="V-2",
    )
    forced_play: Literal["seed", "parlett"] = option(
        "seed",
        msg(
            "The compulsory play: a player holding the {kh} must play it when an opponent is "
            "winning with the {jc} (the written rules), or a player holding the {jc} must play "
            "it when an opponent is winning with the {kh} (Parlett).",
            kh=KH,
            jc=JC,
        ),
        labels=FORCED_PLAYS,
        rule="V-4",
    )
    multi_beat: Literal["matching", "each_beats_highest"] = option(
        "matching",
        msg(
            "Taking a trick led with several cards: each card played beats a different card of "
            "the winning play, or each beats the winning play's highest card."
        ),
        labels=MULTI_BEATS,
        rule="V-5",
    )
    all_nine_keeps_captures: bool = option(
        False,
        msg(
            "When one side takes every trick, its captures still score; trick points and the "
            "first-five bonus still do not, and a partner capture still ends the game."
        ),
        rule="V-8",
    )
    whole_pack: bool = option(
        False,
        msg(
            "'Twelve Card Voormsi': the whole pack is dealt at the start (9 each at four "
            "players, 12 at three, 18 at two), with no stock and no drawing."
        ),
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
            raise BadEntryError(msg("Voormsi is for 2, 3 or 4 players."), field="seats")
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise BadEntryError(
                msg(
                    "Voormsi is for {lowest} to {highest} players, not {players}.",
                    lowest=MIN_PLAYERS,
                    highest=MAX_PLAYERS,
                    players=players,
                ),
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
        """``seats 1 and 3`` or ``seat 2``: as a sentence names a side, in plain text."""
        return DEFAULT.ref(self.side_seats(side))

    def side_seats(self, side: int) -> Ref:
        """A side's seats as a sentence keeps them (the players' names, where known):
        ``seats 1 and 3``, ``Ann and Cy``."""
        return seats(self.sides[side])

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
        who = seat(play.seat)
        if play.is_pass:
            raise IllegalPlayError(
                msg("{seat} must play a card: Voormsi has no passing.", seat=who),
                field=field,
                seats=[play.seat],
            )
        try:
            PACK.check(play.cards, field=field)
        except AdjudicationError as err:
            raise err.about(play.seat) from None
        for card in play.cards:
            if card in seen:
                raise AlreadyPlayedError(
                    msg(
                        "{card} is played twice in this trick ({seats}).",
                        card=card,
                        seats=seats([seen[card], play.seat]),
                    ),
                    cards=[card],
                    field=field,
                    seats=dict.fromkeys([play.seat, seen[card]]),
                )
            seen[card] = play.seat
        if index == 0 and len({denomination(c) for c in play.cards}) > 1:
            # "if leading to a trick with multiple cards, all cards so led must be of the same
            # rank"; the 3D is its own denomination (V-6).
            raise IllegalPlayError(
                msg(
                    "{seat} led {cards}: several cards led must all be of one rank, such as "
                    "{example} (7a).",
                    seat=who,
                    cards=joined(play.cards, " "),
                    example=joined(parse_cards("9C 9S"), " "),
                ),
                cards=play.cards,
                field=field,
                seats=[play.seat],
            )
        still_laying = unfinished and index == len(trick.plays) - 1 and len(play.cards) < led
        if index > 0 and len(play.cards) != led and not still_laying:
            # "Each other player … must play the same number of cards … as was first led."
            raise IllegalPlayError(
                msg_n(
                    "{seat} must play {count} card to this trick, as many as were led, not "
                    "{played}.",
                    "{seat} must play {count} cards to this trick, as many as were led, not "
                    "{played}.",
                    led,
                    seat=who,
                    played=len(play.cards),
                ),
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
                msg(
                    "{seat} played out of turn: after {leader} led, it was {expected}'s turn.",
                    seat=seat(play.seat),
                    leader=seat(trick.leader),
                    expected=seat(expected),
                ),
                field=f"plays[{index}].seat",
                seats=[play.seat, expected],
            )
    if len(trick.plays) < len(order) and unfinished:
        return  # the rest of the table is still to play
    if len(trick.plays) != len(order):
        missing = order[len(trick.plays) :]
        how: Message
        if missing:
            how = msg("{seats} still to play", seats=inside(seats(missing)))
        else:
            extra = len(trick.plays) - len(order)
            how = msg_n("{count} play too many", "{count} plays too many", extra)
        if table.players == 2:
            text = msg(
                "A trick at {players} players has {plays} plays (each plays twice); this one "
                "has {made}: {how}.",
                players=table.players,
                plays=len(order),
                made=len(trick.plays),
                how=how,
            )
        else:
            text = msg(
                "A trick at {players} players has {plays} plays (every seat plays once); this "
                "one has {made}: {how}.",
                players=table.players,
                plays=len(order),
                made=len(trick.plays),
                how=how,
            )
        raise IllegalPlayError(
            text,
            field="plays",
            seats=missing,
        )


Reason = tuple[Message, str]  # a sentence citing the rule it applies, and the rule's id


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

    >>> why, rule = beats(JC, KH, seven_led=False)
    >>> str(why), rule
    ('KH and JC are equal: the second played wins (7a)', '7a')
    >>> beats(Card.parse("9C"), Card.parse("7C"), seven_led=True) is None
    True
    """
    if old == THREE_D:
        return None
    if new == THREE_D:
        return (msg("the {three_d} wins when it is not led (7a)", three_d=THREE_D), "7a")
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
                    return (
                        msg("the {ks} beats the {kc} that is beating a 7 (V-2)", ks=KS, kc=KC),
                        "V-2",
                    )
                return None
            if ks_powered and options.ks_rule == "seed":
                return (
                    msg("the {ks} straight after the led 7 takes the trick (V-2)", ks=KS),
                    "V-2",
                )
            if ks_powered:
                return (msg("the {ks} straight after a 7 takes the trick (V-15)", ks=KS), "V-15")
            return None
        if old == KC:
            # "The only cards that can beat the King of clubs which was played to a trick led by
            # a seven, are thus the King of clubs [read: spades, V-2] and the three of diamonds."
            return None
        if old.rank is Rank.SEVEN:
            if new == KC:
                return (msg("the {kc} beats a led 7 (7a)", kc=KC), "7a")
            if new.rank is Rank.SEVEN and power(new) > power(old):
                return (
                    msg("a higher 7 beats a led 7 ({sevens}) (7a)", sevens=joined(SEVENS, ", ")),
                    "7a",
                )
        return None
    if new.rank is Rank.SEVEN:
        return None
    if new in TOP and old in TOP:
        return (msg("{kh} and {jc} are equal: the second played wins (7a)", kh=KH, jc=JC), "7a")
    if power(new) > power(old):
        return (msg("{new} ranks above {old} (7a)", new=new, old=old), "7a")
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
                msg(
                    "each of {new} beats the highest card of {old} (V-5, {house_rule})",
                    new=joined(new, " "),
                    old=joined(old, " "),
                    house_rule=house_rule(MULTI_BEATS["each_beats_highest"]),
                ),
                "V-5",
            )
        return None
    # "each new card beats a different card of the winning group": try every pairing (at most
    # 4! = 24, since a lead is of one denomination).
    for order in itertools.permutations(old):
        if all(pair(n, o) for n, o in zip(new, order, strict=True)):
            pairs = joined(
                (msg("{new} over {old}", new=n, old=o) for n, o in zip(new, order, strict=True)),
                ", ",
            )
            return (
                msg(
                    "each card beats a different card of the winning play: {pairs} (V-5)",
                    pairs=pairs,
                ),
                "V-5",
            )
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
        steps.append(
            msg(
                "{play} led: the {three_d} never wins when led (7a)",
                play=plays[0].text(),
                three_d=THREE_D,
            )
        )
        steps.append(msg("{play} counts as the lead (V-3)", play=plays[1].text()))
    else:
        steps.append(msg("{play} led", play=plays[0].text()))
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
            steps.append(msg("{play} takes the trick: {why}", play=play.text(), why=took[0]))
        else:
            steps.append(_why_not(play, plays[winning], seven_led))
        standing.append(winning)
    if reason is None:
        reason = _lead_held(plays[lead], seven_led, bool(lead))
    win = plays[winning]
    return TrickResult(
        winner=win.seat,
        play=winning,
        reason=reason[0],
        rule=reason[1],
        lead=lead,
        beaten=beaten,
        standing=tuple(standing),
        locked_by=_locked_by(win.cards, seven_led),
        steps=tuple(steps),
    )


def _why_not(play: Play, winning: Play, seven_led: bool) -> Message:
    """The step for a play that does not take the trick: the play, and why not."""
    who = play.text()
    held = joined(winning.cards, " ")
    if THREE_D in winning.cards:
        return msg(
            "{play} cannot take it: nothing beats the {three_d} once it is not led (7a)",
            play=who,
            three_d=THREE_D,
        )
    if seven_led and KS in winning.cards:
        return msg(
            "{play} cannot take it: only the {three_d} beats the {ks} that took a 7-led trick "
            "(V-2)",
            play=who,
            three_d=THREE_D,
            ks=KS,
        )
    if not seven_led and any(c.rank is Rank.SEVEN for c in play.cards):
        return msg("{play} cannot take it: a 7 not led never wins (7a)", play=who)
    if seven_led and KC in winning.cards:
        return msg(
            "{play} cannot take it: in a 7-led trick only the {ks} or the {three_d} beat the "
            "{kc} (7a)",
            play=who,
            ks=KS,
            three_d=THREE_D,
            kc=KC,
        )
    if seven_led:
        return msg(
            "{play} does not beat {cards}: a led 7 falls only to a higher 7, the {kc}, the "
            "{three_d} or the {ks} by its rule (7a)",
            play=who,
            cards=held,
            kc=KC,
            three_d=THREE_D,
            ks=KS,
        )
    if len(play.cards) > 1:
        return msg(
            "{play} does not beat {cards}: each card must beat a different winning card (V-5)",
            play=who,
            cards=held,
        )
    return msg("{play} does not beat {cards} (7a)", play=who, cards=held)


def _lead_held(lead: Play, seven_led: bool, after_three: bool) -> Reason:
    if after_three:
        return (
            msg(
                "the {three_d} never wins when led; {cards}, played next, counted as the lead "
                "and nothing beat it (V-3)",
                three_d=THREE_D,
                cards=joined(lead.cards, " "),
            ),
            "V-3",
        )
    if seven_led:
        return (
            msg(
                "nothing beat the led 7: only a higher 7, the {kc}, the {three_d} or the {ks} by "
                "its rule can (7a)",
                kc=KC,
                three_d=THREE_D,
                ks=KS,
            ),
            "7a",
        )
    return (msg("nothing beat the lead (7a)"), "7a")


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
    >>> r.winner, str(r.reason), r.locked_by
    (1, 'the 3D wins when it is not led (7a)', Card('3D'))
    >>> print(trick_winner(t("KH", "8S", "JC", "9C")).reason)
    KH and JC are equal: the second played wins (7a)
    >>> print(trick_winner(t("3D", "7H", "KS", "5C")).reason)
    the KS straight after the led 7 takes the trick (V-2)
    """
    table = None if players is None else Table.for_players(players)
    check_trick(trick, table)
    return judge_trick(trick, options)
