"""Seats are 0-based in JSON, but every sentence counts them from 1, as players do."""

from __future__ import annotations

import pytest

from adjudicator.errors import BadEntryError
from adjudicator.seats import read_seat, seat_range


@pytest.mark.parametrize("players", [2, 4, 8])
def test_every_seat_at_the_table_is_read_as_given(players: int) -> None:
    assert [read_seat(seat, players, "seat") for seat in range(players)] == list(range(players))


@pytest.mark.parametrize(
    ("value", "players", "message"),
    [
        pytest.param(
            4,
            4,
            "There is no seat 5: this table has seats 1 to 4 (0 to 3 in JSON).",
            id="one-past-the-last",
        ),
        pytest.param(
            2,
            2,
            "There is no seat 3: this table has seats 1 to 2 (0 to 1 in JSON).",
            id="two-players",
        ),
        pytest.param(
            999_999,
            4,
            "There is no seat 1,000,000: this table has seats 1 to 4 (0 to 3 in JSON).",
            id="large-but-quoted",
        ),
        pytest.param(
            1_000_000,
            4,
            "There is no seat that high: this table has seats 1 to 4 (0 to 3 in JSON).",
            id="too-large-to-quote",
        ),
        pytest.param(
            10**5000,
            4,
            "There is no seat that high: this table has seats 1 to 4 (0 to 3 in JSON).",
            id="longer-than-str-allows",
        ),
        pytest.param(
            -1,
            4,
            "A seat number cannot be negative: this table has seats 1 to 4 (0 to 3 in JSON).",
            id="negative",
        ),
        pytest.param(
            -(10**5000),
            4,
            "A seat number cannot be negative: this table has seats 1 to 4 (0 to 3 in JSON).",
            id="hugely-negative",
        ),
        pytest.param(
            "1",
            4,
            "went_out must be a seat number: this table has seats 1 to 4 (0 to 3 in JSON).",
            id="a-string",
        ),
        pytest.param(
            True,
            4,
            "went_out must be a seat number: this table has seats 1 to 4 (0 to 3 in JSON).",
            id="a-bool",
        ),
        pytest.param(
            None,
            4,
            "went_out must be a seat number: this table has seats 1 to 4 (0 to 3 in JSON).",
            id="missing",
        ),
        pytest.param(
            1.0,
            4,
            "went_out must be a seat number: this table has seats 1 to 4 (0 to 3 in JSON).",
            id="a-float",
        ),
    ],
)
def test_a_seat_not_at_the_table_is_refused_counting_from_1(
    value: object, players: int, message: str
) -> None:
    with pytest.raises(BadEntryError) as caught:
        read_seat(value, players, "went_out")
    assert caught.value.code == "bad_entry"
    assert caught.value.field == "went_out"
    assert str(caught.value) == message


def test_the_seat_range_counts_from_1_and_gives_the_json_numbers() -> None:
    assert seat_range(5) == "seats 1 to 5 (0 to 4 in JSON)"
