"""Alkort's house rules, its table, its ranking, who wins a trick, and the friðufær test.

Rules: ``shared/seeds/003`` (Alkort); rulings: ``shared/rulings.md`` section 8 (8a, A-1 … A-6)
and section 11 (A-7, A-8), whose ids the comments and sentences cite.

The ranking has tiers, high to low; equal cards go to the first played. A led 7 wins outright; a
7 that follows never wins. A trick of nothing but rubbish goes to its leader, except that a led
KC, KH or KS falls to the first 2 played, and a led Queen to the first 2 or 3 (A-1, A-2).

>>> from adjudicator.tricks.plays import parse_trick
>>> def t(*cards):
...     return parse_trick({"plays": [{"seat": i, "cards": c} for i, c in enumerate(cards)]}, 4)
>>> judge_trick(t("AS", "9D", "AH", "2H")).winner
3
>>> str(judge_trick(t("AS", "JH", "AD", "6C")).reason)
'the AS and the AD rank equal and highest: the first played wins (8a)'
>>> str(judge_trick(t("QH", "4S", "3C", "2D")).reason)
'the QH was led and nothing of value followed: the first 2 or 3 played, the 3C, takes it (8a, A-2)'
>>> judge_trick(t("QH", "4S", "3C", "2D"), Options(two_beats_three=True)).winner
3
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from adjudicator.cards import ALKORT, Card, Rank, parse_cards
from adjudicator.errors import (
    AdjudicationError,
    AlreadyPlayedError,
    BadEntryError,
    IllegalPlayError,
    OutOfTurnError,
)
from adjudicator.messages import Message, joined, listed, msg, msg_n
from adjudicator.options import option, readable_number
from adjudicator.said import Ref, seat, seats
from adjudicator.tricks.plays import Trick, TrickResult

PACK = ALKORT
TABLE_SIZES = (2, 4)  # four in two sides, or the two-player game; Treikort is the game for three
TRICKS = 9  # nine cards each, one a trick
HAND_SIZE = 9
TRICKS_TO_WIN = 5
MUK = 5  # the first five tricks in a row

# 8a, single cards, high to low; the cards of a tier are equal (the first played wins).
TIERS: tuple[tuple[Card, ...], ...] = tuple(
    parse_cards(tier)
    for tier in (
        "KD",
        "2H",
        "4C",
        "8S",
        "9H",
        "9D",
        "AC AS AH AD",
        "JC JS JH JD",
        "6C 6S 6H 6D",
        "8C 8H 8D",
    )
)
TIER_NAMES: tuple[Message, ...] = (
    *(msg("the {card}", card=tier[0]) for tier in TIERS[:6]),
    msg("the Aces"),
    msg("the Jacks"),
    msg("the 6s"),
    msg("the low 8s ({cards})", cards=joined(TIERS[-1], ", ")),
)
# Rubbish: worth nothing, except to a leader whose trick nobody spoils with a card of value.
RUBBISH: tuple[Card, ...] = parse_cards("2C 2S 2D 3C 3S 3H 3D 4S 4H 4D 9C 9S")
# The lowest rubbish (A-1: the seed's "KD" here is a misprint for the KC).
LOWEST: tuple[Card, ...] = parse_cards("QC QS QH QD KC KH KS")
SEVENS: tuple[Card, ...] = parse_cards("7C 7S 7H 7D")
LOW_EIGHTS: tuple[Card, ...] = TIERS[-1]
KINGS_LOW: frozenset[Card] = frozenset(parse_cards("KC KH KS"))
# A led KC, KH or KS falls to a 2 (the 2H is of value, so only these three count as rubbish).
TWOS: frozenset[Card] = frozenset(parse_cards("2C 2S 2D"))
THREES: frozenset[Card] = frozenset(parse_cards("3C 3S 3H 3D"))

_POWER: dict[Card, int] = {}
for _place, _tier in enumerate(TIERS):
    for _card in _tier:
        _POWER[_card] = len(TIERS) - _place
for _card in RUBBISH:
    _POWER[_card] = 0
for _card in LOWEST:
    _POWER[_card] = -1
if set(_POWER) | set(SEVENS) != set(PACK.copies):  # pragma: no cover - a slip in the tables
    raise ValueError("the Alkort ranking does not cover the pack")


def power(card: Card) -> int | None:
    """A card's tier as a number, higher beating lower: 10 for the KD down to 1 for the low 8s,
    0 for rubbish, -1 for the lowest rubbish (Queens, KC, KH, KS); ``None`` for a 7, which wins
    when led and never otherwise.

    >>> power(Card.parse("KD")), power(Card.parse("8C")), power(Card.parse("9S"))
    (10, 1, 0)
    >>> power(Card.parse("KS")), power(Card.parse("7D")) is None
    (-1, True)
    """
    if card.rank is Rank.SEVEN:
        return None
    return _POWER[card]


def of_value(card: Card) -> bool:
    """Not rubbish and not a 7: a card of one of the ten tiers."""
    found = power(card)
    return found is not None and found > 0


def tier_name(card: Card) -> Message:
    """What a sentence calls a card's tier ("the Aces")."""
    found = power(card)
    if found is None:
        return msg("the 7s")
    if found > 0:
        return TIER_NAMES[len(TIERS) - found]
    return msg("the lowest rubbish") if found < 0 else msg("rubbish")


@dataclass(frozen=True)
class Options:
    """House rules of Alkort (``shared/rulings.md`` sections 8, 10 and 11).

    The variant is not an option: it follows from the number of players (four in two sides,
    or two each alone, 8a). The game's target is not stated by the rules (8a): it is one here.
    """

    two_beats_three: bool = option(
        False,
        msg(
            "A led Queen with nothing of value after it goes to a 2 when both a 2 and a 3 were "
            "played, whichever came first. Without it, the first 2 or 3 played takes it."
        ),
        rule="A-2",
        title=msg("Two beats three"),
    )
    fridufaer: Literal["pagat", "seed_all_rubbish"] = option(
        "pagat",
        msg(
            "Which hands may be exchanged for the stock (not friðufær): a hand with no card that "
            "could beat a led low 8, only rubbish, 7s and low 8s (pagat); or a hand of rubbish "
            "only, which a 7 or a low 8 spoils (the written rules, A-8)."
        ),
        labels={
            "pagat": msg("Nothing that beats a led low 8: rubbish, 7s and low 8s only"),
            "seed_all_rubbish": msg("Rubbish only: no 7s and no 8s"),
        },
        rule="A-3",
        title=msg("Friðufær"),
    )
    # 8a: "The target is not stated." 10 is two múks, or ten plain hands: a game of an
    # evening's hour. A hand scores at most 9, so any target from 1 is a game that ends.
    target: int = option(
        10,
        msg(
            "Game points to win: the game ends after the hand in which a side (or a player, "
            "at two) reaches this with more than the other."
        ),
        minimum=1,
        maximum=1_000,
        rule="8a",
        title=msg("Target"),
    )


DEFAULTS = Options()

# The house rule A-2's reason names, by the name a player reads for it.
_HOUSE_RULE = msg("Two beats three")


@dataclass(frozen=True)
class Table:
    """Who plays with whom: four in two sides sitting crosswise (seats 1 and 3 against 2 and
    4), or two each alone (8a). Sides are numbered like their first seat: at four, side 0 is
    seats 0 and 2 (JSON); at two, side ``n`` is seat ``n``.

    >>> Table(4).sides, Table(4).side_of(3), Table(2).sides
    (((0, 2), (1, 3)), 1, ((0,), (1,)))
    >>> Table(4).play_order(2), Table(4).stock, Table(2).stock
    ((2, 3, 0, 1), 8, 26)
    """

    players: int

    @classmethod
    def for_players(cls, players: object) -> Table:
        """The table for this many players, refusing any count but 2 and 4."""
        if isinstance(players, bool) or not isinstance(players, int):
            raise BadEntryError(
                msg("players is how many sit at the table: 2 or 4."), field="players"
            )
        if players == 3:
            raise BadEntryError(
                msg(
                    "Alkort is for 4 players in two sides, or for 2, not 3 (Treikort is the "
                    "game for three)."
                ),
                field="players",
            )
        if players not in TABLE_SIZES:
            raise BadEntryError(
                msg(
                    "Alkort is for 4 players in two sides, or for 2, not {count}.",
                    count=readable_number(players),
                ),
                field="players",
            )
        return cls(players)

    @property
    def partnerships(self) -> bool:
        return self.players == 4

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        if self.partnerships:
            return ((0, 2), (1, 3))
        return tuple((s,) for s in range(self.players))

    def side_of(self, seat_index: int) -> int:
        return seat_index % 2 if self.partnerships else seat_index

    @property
    def stock(self) -> int:
        """Cards left undealt: 8 at four players, 26 at two (A-7)."""
        return len(PACK) - self.players * HAND_SIZE

    def play_order(self, leader: int) -> tuple[int, ...]:
        """The seats in turn from the leader, clockwise (one card each)."""
        return tuple((leader + step) % self.players for step in range(self.players))


# ---------------------------------------------------------------------------------------------
# One trick on its own


class SevenLedTooSoonError(IllegalPlayError):
    """A 7 led by a player who has not yet won a trick this hand (8a)."""

    code = "seven_led_too_soon"


def check_trick(trick: Trick, table: Table | None = None) -> None:
    """Refuse a trick the rules forbid on its own: not one card a play, a card not in the
    Alkort pack or played twice; with a ``table``, a seat out of turn or too many plays.

    >>> from adjudicator.tricks.plays import parse_trick
    >>> check_trick(parse_trick({"plays": [{"seat": 0, "cards": "9C 9S"}]}, 4))
    Traceback (most recent call last):
    ...
    adjudicator.errors.IllegalPlayError: Seat 1 played 2 cards: in Alkort each plays one card to a trick.
    """
    seen: dict[Card, int] = {}
    for index, play in enumerate(trick.plays):
        field = f"plays[{index}].cards"
        if len(play.cards) != 1:
            if play.is_pass:
                said = msg(
                    "{seat} played no card: in Alkort each plays one card to a trick.",
                    seat=seat(play.seat),
                )
            else:
                said = msg_n(
                    "{seat} played {count} card: in Alkort each plays one card to a trick.",
                    "{seat} played {count} cards: in Alkort each plays one card to a trick.",
                    len(play.cards),
                    seat=seat(play.seat),
                )
            raise IllegalPlayError(
                said,
                cards=play.cards,
                field=field,
                seats=[play.seat],
            )
        try:
            PACK.check(play.cards, field=field)
        except AdjudicationError as err:
            raise err.about(play.seat) from None
        card = play.cards[0]
        if card in seen:
            raise AlreadyPlayedError(
                msg(
                    "The {card} is played twice in this trick ({players}).",
                    card=card,
                    players=seats(sorted({seen[card], play.seat})),
                ),
                cards=[card],
                field=field,
                seats=dict.fromkeys([play.seat, seen[card]]),
            )
        seen[card] = play.seat
    if table is not None:
        _check_order(trick, table)


def _check_order(trick: Trick, table: Table) -> None:
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
                seats=dict.fromkeys([play.seat, expected]),
            )
    if len(trick.plays) > len(order):
        raise IllegalPlayError(
            msg(
                "A trick at {players} players has {cards} cards, one from each; this one has "
                "{count}.",
                players=table.players,
                cards=len(order),
                count=len(trick.plays),
            ),
            field=f"plays[{len(order)}]",
            seats=[trick.plays[len(order)].seat],
        )


def check_lead(trick: Trick, won_before: int, field: str = "plays[0].cards") -> None:
    """Refuse a 7 led by a player who has won no trick yet this hand (8a: "personally").

    >>> from adjudicator.tricks.plays import parse_trick
    >>> check_lead(parse_trick({"plays": [{"seat": 1, "cards": "7H"}]}, 4), 0)
    Traceback (most recent call last):
    ...
    adjudicator.tricks.alkort.rules.SevenLedTooSoonError: Seat 2 led the 7H without having won a trick this hand: a 7 may be led only by a player who has already won a trick (8a).
    """
    lead = trick.plays[0]
    if lead.cards and lead.cards[0].rank is Rank.SEVEN and won_before == 0:
        raise SevenLedTooSoonError(
            msg(
                "{seat} led the {card} without having won a trick this hand: a 7 may be led "
                "only by a player who has already won a trick (8a).",
                seat=seat(lead.seat),
                card=lead.cards[0],
            ),
            cards=lead.cards,
            field=field,
            seats=[lead.seat],
        )


def _first(cards: Sequence[Card], wanted: frozenset[Card]) -> int | None:
    return next((i for i, c in enumerate(cards) if c in wanted), None)


def _winner(cards: Sequence[Card], options: Options) -> tuple[int, Message, str]:
    """Which of these cards, in play order, takes the trick; the reason and its rule id."""
    lead = cards[0]
    if lead.rank is Rank.SEVEN:
        return (
            0,
            msg("the {card} was led: a led 7 wins, and nothing beats it (8a)", card=lead),
            "8a",
        )
    valued = [(power(c) or 0, -i, i) for i, c in enumerate(cards) if of_value(c)]
    if valued:
        best, _, index = max(valued)
        equal = [cards[i] for p, _, i in valued if p == best]
        if len(equal) > 1:
            return (
                index,
                msg(
                    "{cards} rank equal and highest: the first played wins (8a)",
                    cards=listed(msg("the {card}", card=c) for c in equal),
                ),
                "8a",
            )
        if len(cards) == 1:
            return index, msg("the {card} was led (8a)", card=cards[index]), "8a"
        return (
            index,
            msg("the {card} ranks highest of the cards played (8a)", card=cards[index]),
            "8a",
        )
    # A 7 that follows counts for nothing: the sentence says so when one was played.
    sevens = any(c.rank is Rank.SEVEN for c in cards[1:])
    if lead in KINGS_LOW:
        two = _first(cards, TWOS)
        if two is not None:
            if sevens:
                why = msg(
                    "the {card} was led and nothing of value followed (a 7 that follows counts "
                    "for nothing): the first 2 played, the {taker}, takes it (8a, A-1)",
                    card=lead,
                    taker=cards[two],
                )
            else:
                why = msg(
                    "the {card} was led and nothing of value followed: the first 2 played, the "
                    "{taker}, takes it (8a, A-1)",
                    card=lead,
                    taker=cards[two],
                )
            return two, why, "A-1"
    if lead.rank is Rank.QUEEN:
        two = _first(cards, TWOS)
        if options.two_beats_three and two is not None:
            rule = _HOUSE_RULE
            if sevens:
                why = msg(
                    "the {card} was led and nothing of value followed (a 7 that follows counts "
                    "for nothing): the {taker} takes it, a 2 beating a 3 (A-2, house rule "
                    "{rule})",
                    card=lead,
                    taker=cards[two],
                    rule=rule,
                )
            else:
                why = msg(
                    "the {card} was led and nothing of value followed: the {taker} takes it, a "
                    "2 beating a 3 (A-2, house rule {rule})",
                    card=lead,
                    taker=cards[two],
                    rule=rule,
                )
            return two, why, "A-2"
        low = _first(cards, TWOS | THREES)
        if low is not None:
            if sevens:
                why = msg(
                    "the {card} was led and nothing of value followed (a 7 that follows counts "
                    "for nothing): the first 2 or 3 played, the {taker}, takes it (8a, A-2)",
                    card=lead,
                    taker=cards[low],
                )
            else:
                why = msg(
                    "the {card} was led and nothing of value followed: the first 2 or 3 "
                    "played, the {taker}, takes it (8a, A-2)",
                    card=lead,
                    taker=cards[low],
                )
            return low, why, "A-2"
    if len(cards) == 1:
        return (
            0,
            msg(
                "the {card} was led: rubbish, which the leader wins if nothing of value "
                "follows (8a)",
                card=lead,
            ),
            "8a",
        )
    if sevens:
        return (
            0,
            msg(
                "every card played is rubbish (a 7 that follows counts for nothing): the "
                "leader wins (8a)"
            ),
            "8a",
        )
    return 0, msg("every card played is rubbish: the leader wins (8a)"), "8a"


def judge_trick(trick: Trick, options: Options = DEFAULTS) -> TrickResult:
    """Who wins a trick (checked by :func:`check_trick`) and why, with the play winning after
    each card (``standing``) and what each card did (``steps``).

    ``beaten`` is the play that was winning when the winner's card fell (``None`` when the
    lead held).
    """
    cards = [play.cards[0] for play in trick.plays]
    standing: list[int] = []
    steps: list[str] = []
    for index, play in enumerate(trick.plays):
        now, _, _ = _winner(cards[: index + 1], options)
        who = seat(play.seat)
        if index == 0:
            steps.append(msg("{seat} led the {card}", seat=who, card=cards[0]))
        elif now == index:
            steps.append(
                msg("{seat} played the {card}: it takes the trick", seat=who, card=cards[index])
            )
        else:
            steps.append(_why_not(cards, index, who))
        standing.append(now)
    winning, reason, rule = _winner(cards, options)
    beaten = standing[winning - 1] if winning > 0 else None
    return TrickResult(
        winner=trick.plays[winning].seat,
        play=winning,
        reason=reason,
        rule=rule,
        beaten=beaten,
        standing=tuple(standing),
        steps=tuple(steps),
    )


def _why_not(cards: Sequence[Card], index: int, who: Ref) -> Message:
    """A card that did not take the trick, played by ``who``, and why."""
    card = cards[index]
    if cards[0].rank is Rank.SEVEN:
        return msg("{seat} played the {card}: nothing beats a led 7 (8a)", seat=who, card=card)
    if card.rank is Rank.SEVEN:
        return msg(
            "{seat} played the {card}: a 7 that follows never wins (8a)", seat=who, card=card
        )
    if not of_value(card):
        return msg(
            "{seat} played the {card}: rubbish, it does not take the trick (8a)",
            seat=who,
            card=card,
        )
    return msg("{seat} played the {card}: it does not take the trick (8a)", seat=who, card=card)


def trick_winner(
    trick: Trick, options: Options = DEFAULTS, *, players: int | None = None
) -> TrickResult:
    """Check one trick on its own (:func:`check_trick`) and say who wins it and why.

    Whether a 7 may be led, and which cards were played before, need the hand: see
    :func:`adjudicator.tricks.alkort.hand.check_hand`.
    """
    check_trick(trick, None if players is None else Table.for_players(players))
    return judge_trick(trick, options)


# ---------------------------------------------------------------------------------------------
# The exchange: a hand that is not friðufær


def spoilers(cards: Sequence[Card], options: Options = DEFAULTS) -> tuple[Card, ...]:
    """The cards that keep a hand from being exchanged for the stock (A-3, A-8).

    pagat (the default): any card that could beat a led low 8, that is every card of the nine
    higher tiers. seed_all_rubbish: any card that is not rubbish, so the 7s and low 8s too.

    >>> hand = parse_cards("2C 3S 4H 9C QD KS 7H 8C 8D")
    >>> spoilers(hand)
    ()
    >>> spoilers(hand, Options(fridufaer="seed_all_rubbish"))
    (Card('7H'), Card('8C'), Card('8D'))
    """
    if options.fridufaer == "pagat":
        return tuple(c for c in cards if (power(c) or 0) > 1)
    return tuple(c for c in cards if power(c) is None or (power(c) or 0) > 0)


__all__ = [
    "DEFAULTS",
    "HAND_SIZE",
    "LOWEST",
    "MUK",
    "PACK",
    "RUBBISH",
    "SEVENS",
    "TABLE_SIZES",
    "TIERS",
    "TRICKS",
    "TRICKS_TO_WIN",
    "Options",
    "SevenLedTooSoonError",
    "Table",
    "check_lead",
    "check_trick",
    "judge_trick",
    "of_value",
    "power",
    "spoilers",
    "tier_name",
    "trick_winner",
]
