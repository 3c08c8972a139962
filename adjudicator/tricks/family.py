"""What the trick games (Alkort, Brus, Treikort, Voormsi) share at the dispute desk: the three
questions every one of them answers, what each takes, and the record of a hand so far.

Each game keeps its own answers (its rules judge a trick and score a hand); this module only
joins them to the questions and to their input descriptions, which are the same in all four:

- ``trick``: one trick's plays (and whatever the game adds, such as Treikort's trick number);
- ``hand``: a whole hand, as the game records a deal;
- ``tricks``: a hand so far (who dealt and the tricks played), the page's trick entry.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NotRequired, TypedDict

from adjudicator.asking import Asks, InputField, PlaysField, deal_input
from adjudicator.errors import AdjudicationError, Refusal
from adjudicator.game import Game, Question
from adjudicator.records import (
    MOST_CARDS,
    DealData,
    Record,
    SeatField,
    Seating,
    TricksField,
    parse_record,
)
from adjudicator.tricks.plays import TrickData

type Answer = Callable[[Mapping[str, Any], Any], Mapping[str, Any]]


class TrickVerdict(TypedDict):
    """One trick of a hand so far (the ``tricks`` question): a complete trick's winner and
    the tricks each side has won after it, or the refusal of its first illegal play (the
    tricks after it are not judged)."""

    number: int
    complete: bool
    problem: AdjudicationError | None
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


TRICK = "Who wins this trick and why, or why is a play illegal?"
HAND = "What does this hand score, from its tricks or its quick summary?"
TRICKS = "Who won each trick of a hand so far, and is any play in it illegal?"


def so_far(*, max_tricks: int, max_cards_per_play: int = TricksField.max_cards_per_play) -> Record:
    """The record of a hand so far: who dealt (if known) and the tricks played."""
    return Record(
        (
            SeatField("dealer", "Who dealt?", optional=True),
            TricksField(
                "tricks",
                "The tricks so far",
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
        plays = PlaysField("plays", "The plays, in order", most=most, max_cards=MOST_CARDS)
        noted = PlaysField(
            "held", "Cards held, unplayed, during the trick", most=most, max_cards=MOST_CARDS
        )
        return (plays, *trick_fields, *((noted,) if held else ()))

    def hand_sample(players: int, options: Any) -> dict[str, Any]:
        return dict(game.sample_deal(players=players, options=options, number=1))

    def trick_sample(players: int, options: Any) -> dict[str, Any]:
        first = hand_sample(players, options).get("tricks") or []
        return {"plays": first[0]["plays"] if first else []}

    def tricks_sample(players: int, options: Any) -> dict[str, Any]:
        return {"tricks": (hand_sample(players, options).get("tricks") or [])[:3]}

    return {
        "trick": Question(
            "trick",
            TRICK,
            trick,
            asks=Asks(trick_inputs, trick_sample, players=True, optional=trick_optional),
        ),
        "hand": Question("hand", hand_summary, hand, asks=deal_input(game)),
        "tricks": Question(
            "tricks", TRICKS, tricks, asks=Asks(record.fields, tricks_sample, players=True)
        ),
    }


__all__ = [
    "HAND",
    "TRICK",
    "TRICKS",
    "TrickVerdict",
    "TricksAnswer",
    "family_questions",
    "read_so_far",
    "so_far",
]
