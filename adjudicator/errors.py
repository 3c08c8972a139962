"""Every rejection the rules engine makes.

All of them derive from :class:`AdjudicationError`, a :class:`ValueError` with a stable,
machine-readable ``code``, a sentence a player understands, the offending cards quoted, and
(where the input came from a form or a JSON body) the ``field`` it came from.

>>> from adjudicator.cards import parse_cards
>>> try:
...     parse_cards("AS 11H")
... except AdjudicationError as err:
...     print(err.code, "|", err)
bad_card | '11H' is not a card: write a rank (A 2-10 J Q K) then a suit (S H D C), or JK.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar, TypedDict

from adjudicator.messages import SOURCE, Verbatim, msg_n, render
from adjudicator.said import DEFAULT, Naming

# Beyond this many digits a number is described, not written out: no card table needs it, and
# Python refuses to turn an int of more than 4,300 digits into text at all.
_MOST_DIGITS_SHOWN = 15


def readable_int(number: int) -> str:
    """A whole number as a rejection quotes it: digits grouped by commas, a huge one described
    (a message, in the language's plural: Icelandic says 31 digits in the singular).

    Safe for any int, even one too long for ``str()``.

    >>> readable_int(10_000), readable_int(-1_500)
    ('10,000', '-1,500')
    >>> str(readable_int(10**30)), str(readable_int(-(10**5000)))
    ('a number 31 digits long', 'a negative number 5,001 digits long')
    >>> from adjudicator.messages import render
    >>> render(readable_int(10**30), "is"), render(readable_int(10**31), "is")
    ('tala með 31 tölustaf', 'tala með 32 tölustöfum')
    """
    size = abs(number)
    # bit_length gives the digit count to within one without converting the number to text.
    digits = max(1, int((size.bit_length() - 1) * 0.30102999566398120) + 1)
    if size >= 10**digits:
        digits += 1
    if digits <= _MOST_DIGITS_SHOWN:
        return f"{number:,}"
    # The digit count is written as the English wrote it ("5,001"); ``count`` picks the form.
    shown = Verbatim(f"{digits:,}")
    if number < 0:
        return msg_n(
            "a negative number {digits} digit long",
            "a negative number {digits} digits long",
            digits,
            digits=shown,
        )
    return msg_n(
        "a number {digits} digit long", "a number {digits} digits long", digits, digits=shown
    )


class Refusal(TypedDict):
    """A refusal as JSON (:meth:`AdjudicationError.as_dict`): the API's error body, and what
    an answer that reports a refusal rather than raising it carries (an illegal play)."""

    code: str
    message: str
    field: str | None
    seats: list[int]
    cards: list[str]
    problems: list[str]


class AdjudicationError(ValueError):
    """Base of every rule-engine rejection.

    Its ``message`` is a sentence as a :class:`~adjudicator.messages.Message` (plain text from
    code not yet converted is kept as it is): ``str(err)`` is the English, and :meth:`named`
    renders it in a language with the players' names.

    >>> from adjudicator.cards import STANDARD, parse_cards
    >>> try:
    ...     STANDARD.check(parse_cards("QS QS"))
    ... except AdjudicationError as err:
    ...     print(str(err), "|", err.named(language="sv"))
    QS appears 2 times, but the standard 52-card pack has only one. | D♠ förekommer 2 gånger, men den vanliga kortleken med 52 kort har bara ett.
    """

    code: ClassVar[str] = "adjudication_error"

    def __init__(
        self,
        message: str,
        *,
        cards: Iterable[object] = (),
        field: str | None = None,
        problems: Iterable[str] = (),
        seats: Iterable[int] = (),
    ) -> None:
        super().__init__(message)
        self.message = message
        self.cards: tuple[str, ...] = tuple(str(card) for card in cards)
        self.path: tuple[str | int, ...] = _path(field) if field else ()
        # 0-based, as in JSON: the app puts the players' names on them.
        self.seats: tuple[int, ...] = tuple(seats)
        self._problems = tuple(problems)

    @property
    def field(self) -> str | None:
        """The path as the API shows it: ``hands[2].held`` (``None`` for the whole input)."""
        return format_path(self.path) if self.path else None

    @field.setter
    def field(self, value: str | None) -> None:
        self.path = _path(value) if value else ()

    @property
    def problems(self) -> tuple[str, ...]:
        """Every problem found (for a meld, all at once); at least the message itself."""
        return self._problems or (self.message,)

    def at(self, field: str) -> AdjudicationError:
        """Prefix the field path (``hands[2]`` + ``held`` → ``hands[2].held``) and return self."""
        self.path = _path(field) + self.path
        return self

    def named(self, naming: Naming = DEFAULT, language: str = SOURCE) -> str:
        """The message in ``language`` with the seats and sides it mentions called as
        ``naming`` says."""
        return render(self.message, language, naming)

    def about(self, *seats: int) -> AdjudicationError:
        """Name the seats (0-based) the refusal is about, unless already named; return self.

        >>> BadEntryError("Seat 2 played twice.").about(1).seats
        (1,)
        """
        if not self.seats:
            self.seats = tuple(seats)
        return self

    def as_dict(self, naming: Naming = DEFAULT, language: str = SOURCE) -> Refusal:
        """The refusal as JSON, its sentences rendered in ``language`` with ``naming``'s
        names (by default the English, seats called "seat 2": the API's answer as it was)."""
        return {
            "code": self.code,
            "message": render(self.message, language, naming),
            "field": self.field,
            "seats": list(self.seats),
            "cards": list(self.cards),
            "problems": [render(problem, language, naming) for problem in self.problems],
        }


class BadCardError(AdjudicationError):
    """A token that is not a card in our notation."""

    code = "bad_card"


class NotInPackError(AdjudicationError):
    """A card that this game's pack does not contain (a 2 in Brus, a joker in Brummy)."""

    code = "not_in_pack"


class TooManyCopiesError(AdjudicationError):
    """More copies of a card than the game's pack holds."""

    code = "too_many_copies"


class UnknownGameError(AdjudicationError):
    code = "unknown_game"


class UnknownQuestionError(AdjudicationError):
    """A question the game does not answer (``field`` is ``question``)."""

    code = "unknown_question"


class UnknownOptionError(AdjudicationError):
    code = "unknown_option"


class BadOptionError(AdjudicationError):
    code = "bad_option"


class BadEntryError(AdjudicationError):
    """A record of play that is malformed: a missing seat, a seat named twice, a wrong type."""

    code = "bad_entry"


class InvalidMeldError(AdjudicationError):
    """Cards that do not form a legal meld; ``problems`` lists every reason at once."""

    code = "invalid_meld"


class InitialMeldTooLowError(AdjudicationError):
    code = "initial_meld_too_low"


class ImpossibleCountError(AdjudicationError):
    """A count that the rules make impossible, such as 120 held by a player who went down."""

    code = "impossible_count"


class InvalidGridError(AdjudicationError):
    """A Brummy or Brummagem grid with the wrong number of cards or an unknown layout."""

    code = "invalid_grid"


class SearchTooLongError(AdjudicationError):
    """An exact search that would take more steps than one answer may spend
    (:mod:`adjudicator.budget`): refused rather than left to stall the server."""

    code = "search_too_long"


class GameOverError(AdjudicationError):
    """A deal recorded after the game has already ended."""

    code = "game_over"


def _path(field: str) -> tuple[str | int, ...]:
    """``"hands[2].held"`` as data: ``("hands", 2, "held")``.

    >>> _path("hands[2].held"), _path("[0]"), _path("tricks[3].plays[1].cards")
    (('hands', 2, 'held'), (0,), ('tricks', 3, 'plays', 1, 'cards'))
    """
    parts: list[str | int] = []
    for piece in field.replace("[", ".[").split("."):
        if not piece:
            continue
        if piece.startswith("[") and piece.endswith("]") and piece[1:-1].isdecimal():
            parts.append(int(piece[1:-1]))
        else:
            parts.append(piece)
    return tuple(parts)


def format_path(path: Iterable[str | int]) -> str:
    """>>> format_path(("hands", 2, "held"))
    'hands[2].held'
    """
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else part)
    return out


class IllegalPlayError(AdjudicationError):
    """A play the rules of a trick game forbid: the wrong number of cards, a mixed lead, a
    compulsory card held back. Its subclasses name the commonest cases."""

    code = "illegal_play"


class OutOfTurnError(IllegalPlayError):
    """A play by a seat whose turn it was not (``seats``: who played, who should have)."""

    code = "out_of_turn"


class AlreadyPlayedError(IllegalPlayError):
    """A card played a second time in one hand."""

    code = "already_played"


class CompulsoryPlayError(IllegalPlayError):
    """A card the rules made a player play, held back (Voormsi: the KH onto a winning JC)."""

    code = "compulsory_play"


class ImpossibleHandError(AdjudicationError):
    """A record of a whole hand that cannot have happened: tricks that do not add up, two
    captures of the one KH, a trick after the game had ended."""

    code = "impossible_hand"


class IncompleteHandError(ImpossibleHandError):
    """A hand recorded before it was over: fewer tricks than the hand has, and no call."""

    code = "incomplete_hand"


class IllegalCallError(AdjudicationError):
    """A call to stop a hand (Voormsi's "we are out") that the rules do not allow then."""

    code = "illegal_call"
