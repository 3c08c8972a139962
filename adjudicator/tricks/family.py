"""What the trick games (Alkort, Brus, Treikort, Voormsi) share on the contract and at the
dispute desk, so that each game's ``game`` module says only what is its own.

On the contract: :class:`TrickGame`, what all four declare alike (a deal is a hand, its first
player leads, more is better, the record may name who dealt), and the recorded-trick converters
(:func:`read_trick`, :func:`as_trick`, :func:`as_records`).

At the dispute desk: the three questions every one of them answers, what each takes, and the
record of a hand so far. Each game keeps its own answers (its rules judge a trick and score a
hand); this module joins them to the questions and to their input descriptions, which are the
same in all four:

- ``trick``: one trick's plays (and whatever the game adds, such as Treikort's trick number);
- ``hand``: a whole hand, as the game records a deal;
- ``tricks``: a hand so far (who dealt and the tricks played), the page's trick entry.

And the answers' common parts: the table size a question names (:func:`players_asked`), the
hand it gives (:func:`hand_asked`), a trick judged as a hand's only one (:func:`lone_trick`),
and each trick's verdict in a hand so far (:func:`refused`, :func:`unfinished`, :func:`taken`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, NotRequired, TypedDict

from adjudicator.asking import Asks, InputField, PlaysField, deal_input
from adjudicator.errors import AdjudicationError, BadEntryError, Refusal
from adjudicator.game import Game, Question
from adjudicator.messages import Listed, Message, listed, msg
from adjudicator.records import (
    MOST_CARDS,
    DealData,
    Record,
    SeatField,
    Seating,
    TrickRecord,
    TricksField,
    parse_record,
)
from adjudicator.tricks.plays import Holding, Play, Trick, TrickData

type Answer = Callable[[Mapping[str, Any], Any], Mapping[str, Any]]


class TrickGame[O, D](Game[O, D]):
    """A trick game on the contract: what the four declare alike. The table calls a deal a
    hand and its first player leads; more is better; a hand's record may name who dealt."""

    family = "tricks"
    lower_is_better = False
    deal_word = "hand"  # the rules text says "hand" throughout
    lead_word = "leads"

    def dealt_by(self, deal: D) -> int | None:
        """The dealer the hand names (the record's optional "Who dealt?")."""
        dealer = getattr(deal, "dealer", None)
        return dealer if isinstance(dealer, int) else None


# ---------------------------------------------------------------------------------------------
# A hand's tricks, as recorded and as the rules judge them
# ---------------------------------------------------------------------------------------------

PLAYS_IN_ORDER = msg("A trick lists its plays in the order they were made.")


def as_trick(recorded: TrickRecord) -> Trick:
    """A recorded trick as a :class:`Trick`: its plays, and the cards noted as held."""
    return Trick(
        tuple(Play(who, cards) for who, cards in recorded.plays),
        tuple(Holding(who, cards) for who, cards in recorded.held),
    )


def read_trick(number: int, recorded: TrickRecord, *, refusal: str = PLAYS_IN_ORDER) -> Trick:
    """Trick ``number`` (from 0) of a record as a :class:`Trick`; a trick of no plays is
    refused with ``refusal``, at its place in the record.

    >>> read_trick(1, TrickRecord(()))
    Traceback (most recent call last):
    ...
    adjudicator.errors.BadEntryError: A trick lists its plays in the order they were made.
    """
    if not recorded.plays:
        raise BadEntryError(refusal, field=f"tricks[{number}].plays")
    return as_trick(recorded)


def as_records(tricks: Iterable[Trick]) -> tuple[TrickRecord, ...]:
    """A hand's tricks as its record writes them: each trick's plays and held notes."""
    return tuple(
        TrickRecord(
            tuple((p.seat, p.cards) for p in each.plays),
            tuple((h.seat, h.cards) for h in each.held),
        )
        for each in tricks
    )


class Breach(TypedDict):
    """The card at which a hand so far first breaks a rule, where it was entered: its trick,
    its play in the trick and its place in the play (each from 0), the seat that played it,
    and the card (``""`` for a pass). The cards entered before it stand: taken back when it
    was the last entered, the hand is legal again."""

    trick: int
    play: int
    card: int
    seat: int
    cards: str


class TrickVerdict(TypedDict):
    """One trick of a hand so far (the ``tricks`` question): a complete trick's winner and
    the tricks each side has won after it, or the refusal of its first illegal play (the
    tricks after it are not judged) with the card that broke the rule (``breach``; none when
    the fault is a note of cards held, not a card played)."""

    number: int
    complete: bool
    problem: AdjudicationError | None
    breach: NotRequired[Breach]
    winner: NotRequired[int]
    side: NotRequired[int]
    reason: NotRequired[str]
    won: NotRequired[tuple[int, ...]]


class TrickAnswerBase(TypedDict):
    """What every trick game answers to ``trick``: the trick as read, whether it is legal (or
    the refusal a record would get, ``problem``), which play wins, what it beat, why, under
    which rule, and the working. Each game adds its own (a side, a lead, a capture…)."""

    players: int
    trick: TrickData
    legal: bool
    problem: NotRequired[Refusal]
    play: NotRequired[int]
    beaten: NotRequired[int | None]
    reason: NotRequired[str]
    rule: NotRequired[str]
    explanation: list[str]


class HandEcho(TypedDict):
    """What a trick game's ``hand`` answer says beside its score: the table, the hand as read,
    a sentence and the working."""

    players: int
    hand: DealData
    summary: str
    explanation: list[str]


class TricksAnswer(TypedDict):
    """``tricks``: each trick so far judged, and the tricks each side has won."""

    players: int
    tricks: list[TrickVerdict]
    won: tuple[int, ...]


TRICK = msg("Who wins this trick and why, or why is a play illegal?")
HAND = msg("What does this hand score, from its tricks or its quick summary?")
TRICKS = msg("Who won each trick of a hand so far, and is any play in it illegal?")


def so_far(*, max_tricks: int, max_cards_per_play: int = TricksField.max_cards_per_play) -> Record:
    """The record of a hand so far: who dealt (if known) and the tricks played."""
    return Record(
        (
            SeatField("dealer", msg("Who dealt?"), optional=True),
            TricksField(
                "tricks",
                msg("The tricks so far"),
                max_tricks=max_tricks,
                max_cards_per_play=max_cards_per_play,
            ),
        )
    )


def read_so_far(record: Record, data: Mapping[str, Any], players: int) -> dict[str, Any]:
    """A ``tricks`` question's input read by the record of a hand so far (``dealer`` and
    ``tricks``; the rest of the question's JSON is not the record's)."""
    body = {key: data[key] for key in ("dealer", "tricks") if key in data}
    return parse_record(record, body, Seating(players))


def family_questions(
    game: Game[Any, Any],
    *,
    trick: Answer,
    hand: Answer,
    tricks: Answer,
    record: Record,
    trick_fields: tuple[InputField, ...] = (),
    trick_optional: frozenset[str] = frozenset(),
    held: bool = False,
    hand_summary: str = HAND,
) -> dict[str, Question]:
    """The ``trick``, ``hand`` and ``tricks`` questions of a trick game, each with what it
    takes and a sample from the game's first sample deal. ``record`` is the game's record of a
    hand so far (:func:`so_far`); ``trick_fields`` follow a trick's plays. With ``held`` the
    trick also takes, optionally, the cards each player held unplayed (where a play's legality
    depends on what else the player could have played)."""
    if held:
        trick_optional = trick_optional | {"held"}

    def trick_inputs(players: int, options: Any) -> tuple[InputField, ...]:
        # A trick is bounded as a trick of the game's record is (twice its plays), and each
        # play by a hand: a play of too many cards is an illegal play, answered as one.
        recorded = next(
            f for f in game.record(options, players).fields if isinstance(f, TricksField)
        )
        most = 2 * max(recorded.plays_per_trick, players)
        plays = PlaysField("plays", msg("The plays, in order"), most=most, max_cards=MOST_CARDS)
        noted = PlaysField(
            "held",
            msg("Cards held, unplayed, during the trick"),
            most=most,
            max_cards=MOST_CARDS,
        )
        return (plays, *trick_fields, *((noted,) if held else ()))

    def hand_sample(players: int, options: Any) -> dict[str, Any]:
        return dict(game.sample_deal(players=players, options=options, number=1))

    def trick_sample(players: int, options: Any) -> dict[str, Any]:
        first = hand_sample(players, options).get("tricks") or []
        return {"plays": first[0]["plays"] if first else []}

    def tricks_sample(players: int, options: Any) -> dict[str, Any]:
        return {"tricks": (hand_sample(players, options).get("tricks") or [])[:3]}

    # A game of one table size may be asked without it (Treikort: three).
    only = game.min_players if game.min_players == game.max_players else None
    return {
        "trick": Question(
            "trick",
            TRICK,
            trick,
            asks=Asks(
                trick_inputs,
                trick_sample,
                players=True,
                players_default=only,
                optional=trick_optional,
            ),
        ),
        "hand": Question("hand", hand_summary, hand, asks=deal_input(game, players_default=only)),
        "tricks": Question(
            "tricks",
            TRICKS,
            tricks,
            asks=Asks(record.fields, tricks_sample, players=True, players_default=only),
        ),
    }


# ---------------------------------------------------------------------------------------------
# The answers' common parts
# ---------------------------------------------------------------------------------------------


def players_asked(game: Game[Any, Any], data: Mapping[str, Any]) -> int:
    """The table size a question names (``players``): one the game is played at, or refused
    with the sizes it is played at.

    >>> from adjudicator.games import get_game
    >>> players_asked(get_game("brus"), {"players": 5})
    Traceback (most recent call last):
    ...
    adjudicator.errors.BadEntryError: players is how many sit at the table: 4 or 6.
    """
    sizes = game.table_sizes()
    players = data.get("players")
    if isinstance(players, bool) or not isinstance(players, int) or players not in sizes:
        raise BadEntryError(
            msg("players is how many sit at the table: {sizes}.", sizes=_sizes(sizes)),
            field="players",
        )
    return players


def _sizes(sizes: Sequence[int]) -> Message | Listed:
    """``2 to 4`` for a run of three or more sizes, ``4 or 6`` otherwise."""
    if len(sizes) > 2 and list(sizes) == list(range(sizes[0], sizes[-1] + 1)):
        return msg("{lowest} to {highest}", lowest=sizes[0], highest=sizes[-1])
    return listed(sizes, "or")


def hand_asked[O, D](game: Game[O, D], data: Mapping[str, Any], players: int, options: O) -> D:
    """The hand a ``hand`` question gives, read as a deal of the game is recorded (the
    question's ``players`` and ``options`` are not the record's)."""
    body = {k: v for k, v in data.items() if k not in ("players", "options")}
    return game.parse_deal(body, players=players, options=options)


def lone_trick[E: AdjudicationError](err: E) -> E:
    """A refusal of a trick judged as a hand's first and only one, its place given within
    the trick (``plays[1]``) rather than the hand (``tricks[0].plays[1]``)."""
    if err.path[:2] == ("tricks", 0):
        err.path = err.path[2:]
    return err


def refused(
    index: int, complete: bool, problem: AdjudicationError, breach: Breach | None = None
) -> TrickVerdict:
    """The verdict on trick ``index`` (from 0) of a hand so far: refused, for ``problem``,
    first broken by the card ``breach`` (see :func:`first_breach`)."""
    verdict: TrickVerdict = {"number": index + 1, "complete": complete, "problem": problem}
    if breach is not None:
        verdict["breach"] = breach
    return verdict


type Judge = Callable[[tuple[TrickRecord, ...]], object]


def _entered(recorded: TrickRecord) -> list[tuple[int, int]]:
    """A trick's cards in the order they were entered, as (play, card) places: each play's
    cards in turn, a pass as one place of its own."""
    return [
        (index, card)
        for index, (_, cards) in enumerate(recorded.plays)
        for card in range(max(1, len(cards)))
    ]


def _as_far_as(recorded: TrickRecord, place: tuple[int, int]) -> TrickRecord:
    """The trick as it stood once the card at ``place`` was entered (its notes kept)."""
    play, card = place
    plays = list(recorded.plays[:play])
    seat, cards = recorded.plays[play]
    plays.append((seat, cards[: card + 1]))
    return TrickRecord(tuple(plays), recorded.held)


def first_breach(
    tricks: Sequence[TrickRecord], number: int, problem: AdjudicationError, judge: Judge
) -> Breach | None:
    """The card of trick ``number`` (from 0) at which a hand so far first breaks a rule:
    ``judge`` refused the hand up to that trick with ``problem``, and is asked again of the
    trick as it stood card by card (it raises :class:`AdjudicationError` to refuse).

    Every game checks a hand in the order it was played and a refusal stays once made (a
    later card can prove a fault, never undo one), so the cards entered before the breach
    pass and every run through it is refused: a halving search finds it in a few asks. A
    refusal of a note of cards held (``held``), or of a trick with no plays, is not a card's:
    ``None``.

    >>> from adjudicator.cards import parse_cards
    >>> trick = TrickRecord(((0, parse_cards("9H AS")),))
    >>> def judge(tricks):
    ...     lead = tricks[-1].plays[0][1]
    ...     if len({c.rank for c in lead}) > 1:
    ...         raise BadEntryError("several cards led must be of one rank")
    >>> first_breach([trick], 0, BadEntryError("mixed"), judge)
    {'trick': 0, 'play': 0, 'card': 1, 'seat': 0, 'cards': 'AS'}
    """
    recorded = tricks[number]
    places = _entered(recorded)
    if not places or "held" in problem.path[2:3]:
        return None  # a trick of no plays, or a note of cards held: no card broke a rule
    before = tuple(tricks[:number])

    def refuses(upto: int) -> bool:
        try:
            judge((*before, _as_far_as(recorded, places[upto])))
        except AdjudicationError:
            return True
        return False

    # Invariant: the cards before place ``low`` are not known to be refused; the run through
    # place ``high`` is (the whole trick was).
    low, high = 0, len(places) - 1
    while low < high:
        middle = (low + high) // 2
        if refuses(middle):
            high = middle
        else:
            low = middle + 1
    play, card = places[high]
    seat, cards = recorded.plays[play]
    return {
        "trick": number,
        "play": play,
        "card": card,
        "seat": seat,
        "cards": str(cards[card]) if cards else "",
    }


def unfinished(index: int) -> TrickVerdict:
    """The verdict on trick ``index`` (from 0) of a hand so far: not finished, nothing wrong."""
    return {"number": index + 1, "complete": False, "problem": None}


def taken(index: int, winner: int, side: int, reason: str, won: Sequence[int]) -> TrickVerdict:
    """The verdict on trick ``index`` (from 0) of a hand so far: complete, ``winner`` (of
    ``side``) takes it for ``reason``, and the tricks each side has won after it."""
    return {
        "number": index + 1,
        "complete": True,
        "problem": None,
        "winner": winner,
        "side": side,
        "reason": reason,
        "won": tuple(won),
    }


__all__ = [
    "HAND",
    "PLAYS_IN_ORDER",
    "TRICK",
    "TRICKS",
    "Breach",
    "TrickGame",
    "TrickVerdict",
    "TricksAnswer",
    "as_records",
    "as_trick",
    "family_questions",
    "first_breach",
    "hand_asked",
    "lone_trick",
    "players_asked",
    "read_so_far",
    "read_trick",
    "refused",
    "so_far",
    "taken",
    "unfinished",
]
