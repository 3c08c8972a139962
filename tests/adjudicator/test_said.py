"""Sentences that keep their seats as data: plain text counts seats from 1, names come later.

The engine writes "Seat 2 went out" and the app shows "Tom went out" without reading prose: a
:class:`~adjudicator.said.Said` is a ``str`` that remembers which seats and sides it names.
"""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable
from typing import Any

import pytest

from adjudicator.said import (
    Naming,
    Ref,
    Said,
    and_list,
    named,
    say,
    seat,
    seats,
    side,
)

TABLE = Naming(("Mary", "Tom", "Dick", "Alice"))
PARTNERS = Naming(("Ann", "Ben", "Cy", "Di"), ((0, 2), (1, 3)))


# --- plain text: seats counted from 1 ------------------------------------------------------------


@pytest.mark.parametrize(
    ("template", "refs", "text"),
    [
        pytest.param("{} went out.", (seat(0),), "Seat 1 went out.", id="sentence-start"),
        pytest.param(
            "Game over: {} wins on 9.", (seat(1),), "Game over: Seat 2 wins on 9.", id="after-colon"
        ),
        pytest.param(
            "Seat 1 knocked. {} paid.", (seat(2),), "Seat 1 knocked. Seat 3 paid.", id="after-stop"
        ),
        pytest.param("Out! {} wins.", (seat(3),), "Out! Seat 4 wins.", id="after-exclamation"),
        pytest.param(
            "Who paid? {} did.", (seat(3),), "Who paid? Seat 4 did.", id="after-question-mark"
        ),
        pytest.param(
            "{} went out; {} paid double.",
            (seat(0), seat(1)),
            "Seat 1 went out; seat 2 paid double.",
            id="not-after-semicolon",
        ),
        pytest.param(
            "below the knocker ({}): no bonus",
            (seat(0),),
            "below the knocker (seat 1): no bonus",
            id="not-after-parenthesis",
        ),
        pytest.param("beat {} by ten", (seat(1),), "beat seat 2 by ten", id="not-mid-sentence"),
        pytest.param(
            "{} paid double.", (seats((1, 3)),), "Seats 2 and 4 paid double.", id="two-seats"
        ),
        pytest.param(
            "{} share the win.",
            (seats((0, 1, 3)),),
            "Seats 1, 2 and 4 share the win.",
            id="three-seats",
        ),
        pytest.param("{} won the hand.", (side(1),), "Side 2 won the hand.", id="a-side"),
        pytest.param(
            "the call of {} stands", (side(0),), "the call of side 1 stands", id="side-mid"
        ),
        pytest.param("Nothing to say.", (), "Nothing to say.", id="no-places"),
    ],
)
def test_plain_text_counts_seats_from_one_and_capitalises_only_a_sentence_start(
    template: str, refs: tuple[Ref, ...], text: str
) -> None:
    line = say(template, *refs)
    assert str(line) == text
    assert line == text
    assert isinstance(line, str)


def test_one_seat_given_as_a_list_reads_as_that_seat() -> None:
    assert say("{} paid.", seats([2])) == "Seat 3 paid."


# --- with names -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "naming", "text"),
    [
        pytest.param(say("{} went out.", seat(0)), TABLE, "Mary went out.", id="one-seat"),
        pytest.param(
            say("{} went out; {} paid double.", seat(0), seats((1, 3))),
            TABLE,
            "Mary went out; Tom and Alice paid double.",
            id="several-seats",
        ),
        pytest.param(
            say("{} share the win.", seats((0, 1, 2))),
            TABLE,
            "Mary, Tom and Dick share the win.",
            id="three-names",
        ),
        pytest.param(
            say("below the knocker ({})", seat(2)),
            TABLE,
            "below the knocker (Dick)",
            id="in-parentheses",
        ),
        pytest.param(
            say("{} won the hand.", side(0)),
            PARTNERS,
            "Ann and Cy's side won the hand.",
            id="side-by-its-players",
        ),
        pytest.param(
            say("Game over: {} wins on 12.", side(1)),
            PARTNERS,
            "Game over: Ben and Di's side wins on 12.",
            id="other-side",
        ),
        pytest.param(
            say("{} won the hand.", side(0)),
            Naming(("Ann", "Ben", "Cy", "Di", "Ed", "Flo"), ((0, 2, 4), (1, 3, 5))),
            "Ann, Cy and Ed's side won the hand.",
            id="side-of-three",
        ),
        pytest.param(
            say("{} went out.", seat(0)),
            Naming(("mary", "tom")),
            "mary went out.",
            id="a-name-is-kept-as-written",
        ),
        pytest.param(
            say("{} went out.", seat(4)),
            Naming(("Mary", "Tom")),
            "seat 5 went out.",
            id="a-seat-without-a-name",
        ),
    ],
)
def test_named_puts_the_players_names_in(line: Said, naming: Naming, text: str) -> None:
    assert line.named(naming) == text
    assert named(line, naming) == text


def test_naming_the_sentence_leaves_its_plain_text_alone() -> None:
    line = say("{} went out.", seat(1))
    line.named(TABLE)
    assert str(line) == "Seat 2 went out."


def test_the_default_naming_calls_seats_and_sides_by_number() -> None:
    default = Naming()
    assert default.seat(0) == "seat 1"
    assert default.ref(seats((0, 2))) == "seats 1 and 3"
    assert default.ref(side(1)) == "side 2"


def test_a_side_the_naming_does_not_list_is_called_by_number() -> None:
    # The app passes the table's sides; a naming without them still says something true.
    assert say("the call of {} stands", side(1)).named(TABLE) == "the call of side 2 stands"


@pytest.mark.parametrize(
    ("items", "text"),
    [
        pytest.param([], "", id="none"),
        pytest.param(["Ann"], "Ann", id="one"),
        pytest.param(["Ann", "Ben"], "Ann and Ben", id="two"),
        pytest.param(["Ann", "Ben", "Cy"], "Ann, Ben and Cy", id="three"),
    ],
)
def test_and_list_joins_names_as_a_person_would(items: list[str], text: str) -> None:
    assert and_list(items) == text


# --- plain text and programming errors -------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("The game is over.", id="prose"),
        pytest.param("Seat 2 went out.", id="prose-naming-a-seat"),
        pytest.param("{} is not a placeholder here", id="braces-in-plain-text"),
    ],
)
def test_named_returns_plain_text_unchanged(text: str) -> None:
    assert named(text, TABLE) is text


@pytest.mark.parametrize(
    ("template", "refs"),
    [
        pytest.param("{} went out.", (), id="a-place-without-a-seat"),
        pytest.param("Seat 1 went out.", (seat(0),), id="a-seat-without-a-place"),
        pytest.param("{} and {} paid.", (seat(0),), id="two-places-one-seat"),
        pytest.param("{} paid.", (seat(0), seat(1)), id="one-place-two-seats"),
    ],
)
def test_a_template_whose_places_do_not_match_its_seats_is_a_programming_error(
    template: str, refs: tuple[Ref, ...]
) -> None:
    with pytest.raises(ValueError, match="places for"):
        say(template, *refs)


# --- a Said survives being stored and copied ------------------------------------------------


LINE = say("{} went out; {} paid double.", seat(0), seats((1, 3)))


@pytest.mark.parametrize(
    "clone",
    [
        pytest.param(lambda s: pickle.loads(pickle.dumps(s)), id="pickle"),
        pytest.param(lambda s: pickle.loads(pickle.dumps(s, protocol=0)), id="pickle-protocol-0"),
        pytest.param(copy.copy, id="copy"),
        pytest.param(copy.deepcopy, id="deepcopy"),
    ],
)
def test_a_stored_or_copied_said_keeps_its_seats(clone: Callable[[Said], Any]) -> None:
    again = clone(LINE)
    assert isinstance(again, Said)
    assert again == "Seat 1 went out; seats 2 and 4 paid double."
    assert again.refs == LINE.refs
    assert again.template == LINE.template
    assert again.named(TABLE) == "Mary went out; Tom and Alice paid double."


def test_a_said_is_text_like_any_other() -> None:
    # Callers that only want text treat it as a str: joined, formatted, used as a dict key.
    assert f"{LINE}" == "Seat 1 went out; seats 2 and 4 paid double."
    keyed: dict[str, int] = {LINE: 1}
    assert keyed["Seat 1 went out; seats 2 and 4 paid double."] == 1
    assert LINE.upper().startswith("SEAT 1")
