"""Plays and tricks as values, for every trick-taking game, and their JSON form.

A :class:`Play` is one seat's cards put to a trick (an empty tuple is a pass, for the games
that allow one). A :class:`Trick` is its plays in the order they were made, so the leader is
the first play's seat. Seats are 0-based here and in JSON; every sentence counts from 1.

>>> trick = parse_trick({"plays": [{"seat": 0, "cards": "7h"}, {"seat": 1, "cards": "KS"}]}, 4)
>>> trick.leader, str(trick.text())
(0, 'seat 1: 7H, seat 2: KS')
>>> trick_as_data(trick)
{'plays': [{'seat': 0, 'cards': '7H'}, {'seat': 1, 'cards': 'KS'}]}

A problem names its field and the seat it is about, so the app can put a name on it:

>>> try:
...     parse_tricks([{"plays": [{"seat": 2, "cards": "7H"}, {"seat": 3, "cards": "Z9"}]}], 4)
... except AdjudicationError as err:
...     print(err.code, err.field, err.seats)
bad_card tricks[0].plays[1].cards (3,)

Which play wins is each game's business; a :class:`TrickResult` is how every game answers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NotRequired, TypedDict

from adjudicator.cards import Card, format_cards, parse_cards
from adjudicator.errors import AdjudicationError, BadEntryError
from adjudicator.messages import Message, Verbatim, joined, listed, msg
from adjudicator.said import seat as seat_ref
from adjudicator.seats import read_seat


@dataclass(frozen=True)
class Play:
    """One seat's cards put to a trick, in the order laid; no cards is a pass."""

    seat: int
    cards: tuple[Card, ...]

    @property
    def is_pass(self) -> bool:
        return not self.cards

    def text(self) -> Message:
        """``seat 2: 9C 9S`` (seats counted from 1, or the player's name), or ``seat 2: pass``."""
        # A list of one: said as the seat is, not capitalised as a seat opening a sentence.
        who = listed([seat_ref(self.seat)])
        if not self.cards:
            return msg("{seat}: pass", seat=who)
        return msg("{seat}: {cards}", seat=who, cards=joined(self.cards, " "))

    def as_data(self) -> PlayData:
        return {"seat": self.seat, "cards": format_cards(self.cards)}


class ScoreLineData(TypedDict):
    """One line of a hand's working as JSON, in the trick games that score a hand line by line
    (Alkort, Brus; Voormsi adds to it): the side it is about, its points, the sentence and the
    rule it cites."""

    side: int
    points: int
    text: str
    rule: str


class PlayData(TypedDict):
    """A seat and its cards, as a trick's JSON says a play (or cards held)."""

    seat: int
    cards: str


class TrickData(TypedDict):
    """One trick as JSON (:func:`trick_as_data`): its plays, and cards held where known."""

    plays: list[PlayData]
    held: NotRequired[list[PlayData]]


@dataclass(frozen=True)
class Holding:
    """Cards a seat is agreed to have held, unplayed, while a trick was played.

    A trick game's rules sometimes turn on a card still in hand (Voormsi: you must play the KH
    onto an opponent's winning JC). When the later play does not prove it, the table can say so.
    """

    seat: int
    cards: tuple[Card, ...]

    def as_data(self) -> PlayData:
        return {"seat": self.seat, "cards": format_cards(self.cards)}


@dataclass(frozen=True)
class Trick:
    """The plays to one trick in the order made; ``held`` records cards known to be in hand."""

    plays: tuple[Play, ...]
    held: tuple[Holding, ...] = ()

    @property
    def leader(self) -> int:
        """The seat that led: the first play's."""
        return self.plays[0].seat

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card played to the trick, in order."""
        return tuple(c for play in self.plays for c in play.cards)

    def text(self) -> Message:
        return msg("{plays}", plays=joined((play.text() for play in self.plays), ", "))


@dataclass(frozen=True)
class TrickResult:
    """Who won a trick, with which play, and why.

    ``play`` is the index of the winning play in ``trick.plays``; ``lead`` the index of the play
    that counted as the lead (not always the first: a Voormsi 3D led hands the lead on);
    ``beaten`` the play the winner took the trick from (``None`` when the lead held).
    ``standing[j]`` is the play winning once play ``j`` was made. ``reason`` is a sentence citing
    the rule (``rule`` is its id); ``steps`` says what each later play did. ``locked_by`` is the
    card after which only one card in the pack could still take the trick, if any.
    """

    winner: int
    play: int
    reason: str
    rule: str
    lead: int = 0
    beaten: int | None = None
    standing: tuple[int, ...] = ()
    locked_by: Card | None = None
    steps: tuple[str, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {
            "winner": self.winner,
            "play": self.play,
            "lead": self.lead,
            "beaten": self.beaten,
            "reason": self.reason,
            "rule": self.rule,
            "locked_by": None if self.locked_by is None else str(self.locked_by),
            "steps": list(self.steps),
        }


def _read_cards(raw: Mapping[str, Any], seat: int) -> tuple[Card, ...]:
    text = raw.get("cards")
    if not isinstance(text, str):
        raise BadEntryError(
            msg(
                "{seat}: cards must be a string such as '9C 9S' ('' for a pass).",
                seat=seat_ref(seat),
            ),
            field="cards",
            seats=[seat],
        )
    try:
        return parse_cards(text)
    except AdjudicationError as err:
        raise err.at("cards").about(seat) from None


def parse_play(data: object, players: int) -> Play:
    """Read ``{"seat": 1, "cards": "9C 9S"}``: a seat at this table and the cards it played.

    >>> parse_play({"seat": 1, "cards": "9c, 9s"}, 4)
    Play(seat=1, cards=(Card('9C'), Card('9S')))
    """
    if not isinstance(data, Mapping):
        raise BadEntryError(
            msg("Each play is an object such as {example}.", example=Verbatim(_PLAY_EXAMPLE))
        )
    _seat_and_cards_only(data, held=False)
    seat = read_seat(data.get("seat"), players, "seat")
    return Play(seat, _read_cards(data, seat))


_PLAY_EXAMPLE = '{"seat": 0, "cards": "7H"}'


def _seat_and_cards_only(data: Mapping[str, Any], *, held: bool) -> None:
    """Refuse a key besides ``seat`` and ``cards``, as the schema does (issue 26: a play's
    unknown key was answered, though the schema refuses it).

    >>> _seat_and_cards_only({"seat": 0, "cards": "7H", "colour": "red"}, held=False)
    Traceback (most recent call last):
    ...
    adjudicator.errors.BadEntryError: A play has a seat and its cards, not 'colour'.
    """
    for key in data:
        if key not in ("seat", "cards"):
            # The key is quoted as the input spelt it (a code, the same in every language).
            quoted = Verbatim(repr(str(key)[:40]))
            if held:
                text = msg("An entry under held has a seat and its cards, not {key}.", key=quoted)
            else:
                text = msg("A play has a seat and its cards, not {key}.", key=quoted)
            raise BadEntryError(text, field=str(key)[:40] or None)


def _parse_holding(data: object, players: int) -> Holding:
    if not isinstance(data, Mapping):
        raise BadEntryError(
            msg(
                "Each entry under held is an object such as {example}.",
                example=Verbatim('{"seat": 2, "cards": "KH"}'),
            )
        )
    _seat_and_cards_only(data, held=True)
    seat = read_seat(data.get("seat"), players, "seat")
    cards = _read_cards(data, seat)
    if not cards:
        raise BadEntryError(
            msg("{seat}: name the cards held, such as 'KH'.", seat=seat_ref(seat)),
            field="cards",
            seats=[seat],
        )
    return Holding(seat, cards)


def parse_trick(data: object, players: int) -> Trick:
    """Read ``{"plays": [{"seat": 0, "cards": "7H"}, …], "held": [{"seat": 2, "cards": "KH"}]}``.

    ``held`` is optional. Shape only: whether the plays are legal is the game's to say.

    >>> parse_trick({"plays": []}, 4)
    Traceback (most recent call last):
    ...
    adjudicator.errors.BadEntryError: A trick lists its plays in the order they were made.
    """
    if not isinstance(data, Mapping):
        raise BadEntryError(
            msg(
                "A trick is an object such as {example}.",
                example=Verbatim('{"plays": [' + _PLAY_EXAMPLE + "]}"),
            )
        )
    raw_plays = data.get("plays")
    if not isinstance(raw_plays, list) or not raw_plays:
        raise BadEntryError(
            msg("A trick lists its plays in the order they were made."), field="plays"
        )
    plays = []
    for index, raw in enumerate(raw_plays):
        try:
            plays.append(parse_play(raw, players))
        except AdjudicationError as err:
            raise err.at(f"plays[{index}]") from None
    raw_held = data.get("held", [])
    if not isinstance(raw_held, list):
        raise BadEntryError(msg("held lists the cards seats are known to have held."), field="held")
    held = []
    for index, raw in enumerate(raw_held):
        try:
            held.append(_parse_holding(raw, players))
        except AdjudicationError as err:
            raise err.at(f"held[{index}]") from None
    return Trick(tuple(plays), tuple(held))


def parse_tricks(data: object, players: int) -> tuple[Trick, ...]:
    """Read a list of tricks in the order played; a problem's field starts ``tricks[i]``."""
    if not isinstance(data, list):
        raise BadEntryError(msg("tricks lists the tricks in the order played."), field="tricks")
    tricks = []
    for index, raw in enumerate(data):
        try:
            tricks.append(parse_trick(raw, players))
        except AdjudicationError as err:
            raise err.at(f"tricks[{index}]") from None
    return tuple(tricks)


def trick_as_data(trick: Trick) -> TrickData:
    """The canonical JSON form (``held`` only when something was held); round-trips."""
    data: TrickData = {"plays": [play.as_data() for play in trick.plays]}
    if trick.held:
        data["held"] = [holding.as_data() for holding in trick.held]
    return data


def tricks_as_data(tricks: Sequence[Trick]) -> list[TrickData]:
    return [trick_as_data(trick) for trick in tricks]
