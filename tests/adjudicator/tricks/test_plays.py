"""Plays and tricks read from JSON: the shape, the field of every problem, and its seats."""

from __future__ import annotations

from typing import Any

import pytest

from adjudicator.cards import parse_cards
from adjudicator.errors import AdjudicationError, BadEntryError
from adjudicator.tricks.plays import (
    Holding,
    Play,
    Trick,
    parse_play,
    parse_trick,
    parse_tricks,
    trick_as_data,
    tricks_as_data,
)


def test_a_refusal_keeps_the_seats_it_is_about_as_data() -> None:
    err = BadEntryError("Seat 2 and seat 4 both led.", seats=[1, 3])
    assert err.seats == (1, 3)
    assert err.as_dict()["seats"] == [1, 3]


def test_a_refusal_about_no_seat_says_so_with_an_empty_list() -> None:
    err = BadEntryError("tricks must be a list.", field="tricks")
    assert err.seats == ()
    assert err.as_dict() == {
        "code": "bad_entry",
        "message": "tricks must be a list.",
        "field": "tricks",
        "cards": [],
        "problems": ["tricks must be a list."],
        "seats": [],
    }


def test_about_names_the_seats_only_once() -> None:
    err = BadEntryError("x", seats=[2]).about(0)
    assert err.seats == (2,)
    assert BadEntryError("x").about(0, 1).seats == (0, 1)


def test_a_trick_reads_its_plays_in_order_and_writes_them_canonically() -> None:
    data = {
        "plays": [{"seat": 3, "cards": "th, 10s"}, {"seat": 0, "cards": "♣9 9d"}],
        "held": [{"seat": 1, "cards": "kh"}],
    }
    trick = parse_trick(data, 4)
    assert trick == Trick(
        (Play(3, parse_cards("10H 10S")), Play(0, parse_cards("9C 9D"))),
        (Holding(1, parse_cards("KH")),),
    )
    assert trick.leader == 3
    assert trick.cards == parse_cards("10H 10S 9C 9D")
    assert trick_as_data(trick) == {
        "plays": [{"seat": 3, "cards": "10H 10S"}, {"seat": 0, "cards": "9C 9D"}],
        "held": [{"seat": 1, "cards": "KH"}],
    }
    assert parse_trick(trick_as_data(trick), 4) == trick


def test_an_empty_play_is_a_pass_for_the_games_that_allow_one() -> None:
    play = parse_play({"seat": 2, "cards": ""}, 3)
    assert play.is_pass
    assert play.text() == "seat 3: pass"


def test_tricks_round_trip() -> None:
    data = [
        {"plays": [{"seat": 0, "cards": "7H"}, {"seat": 1, "cards": "KS"}]},
        {"plays": [{"seat": 1, "cards": "AS"}, {"seat": 0, "cards": "3D"}]},
    ]
    tricks = parse_tricks(data, 2)
    assert tricks_as_data(tricks) == data


@pytest.mark.parametrize(
    ("data", "code", "field", "seats"),
    [
        pytest.param("7H", "bad_entry", "tricks", (), id="tricks-not-a-list"),
        pytest.param(["7H"], "bad_entry", "tricks[0]", (), id="trick-not-an-object"),
        pytest.param([{"plays": []}], "bad_entry", "tricks[0].plays", (), id="no-plays"),
        pytest.param(
            [{"plays": [{"seat": 0, "cards": "7H"}, "KS"]}],
            "bad_entry",
            "tricks[0].plays[1]",
            (),
            id="play-not-an-object",
        ),
        pytest.param(
            [{"plays": [{"seat": 4, "cards": "7H"}]}],
            "bad_entry",
            "tricks[0].plays[0].seat",
            (),
            id="no-such-seat",
        ),
        pytest.param(
            [{"plays": [{"seat": True, "cards": "7H"}]}],
            "bad_entry",
            "tricks[0].plays[0].seat",
            (),
            id="seat-not-a-number",
        ),
        pytest.param(
            [{"plays": [{"seat": 0, "cards": "7H"}]}, {"plays": [{"seat": 2, "cards": "Z9"}]}],
            "bad_card",
            "tricks[1].plays[0].cards",
            (2,),
            id="bad-card-names-its-seat",
        ),
        pytest.param(
            [{"plays": [{"seat": 1, "cards": ["7H"]}]}],
            "bad_entry",
            "tricks[0].plays[0].cards",
            (1,),
            id="cards-not-a-string",
        ),
        pytest.param(
            [{"plays": [{"seat": 1, "cards": "7H"}], "held": {"seat": 1}}],
            "bad_entry",
            "tricks[0].held",
            (),
            id="held-not-a-list",
        ),
        pytest.param(
            [{"plays": [{"seat": 1, "cards": "7H"}], "held": [{"seat": 3, "cards": ""}]}],
            "bad_entry",
            "tricks[0].held[0].cards",
            (3,),
            id="held-names-no-card",
        ),
    ],
)
def test_every_problem_names_its_field_and_seats(
    data: Any, code: str, field: str, seats: tuple[int, ...]
) -> None:
    with pytest.raises(AdjudicationError) as caught:
        parse_tricks(data, 4)
    assert (caught.value.code, caught.value.field, caught.value.seats) == (code, field, seats)
