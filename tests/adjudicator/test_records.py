"""A deal's record, described as data: each field kind parses, formats back, and refuses by path.

A game declares what the table writes down after a deal (who went out, a count or cards for
each seat, the tricks of a hand); :mod:`adjudicator.records` reads the JSON against that
description, writes it back canonically, and describes it for the page and the API. Every
refusal names the field path (``hands[2].held``) and the seats it concerns, so the app can
point at the box and name the player.
"""

from __future__ import annotations

import json
from typing import Any

import jsonschema
import pytest

from adjudicator.cards import BRIDGE_RUMMY, DOUBLE, STANDARD, Card, Pack, parse_cards
from adjudicator.errors import (
    AdjudicationError,
    BadCardError,
    BadEntryError,
    NotInPackError,
    TooManyCopiesError,
)
from adjudicator.games import all_games, get_game
from adjudicator.records import (
    MOST_CARDS,
    CardsField,
    CountField,
    EventsField,
    Field,
    FlagField,
    PerSeatField,
    PerSideField,
    Record,
    SeatEntry,
    SeatField,
    Seating,
    SideField,
    TrickRecord,
    TricksField,
    Way,
    crosswise,
    describe,
    format_record,
    json_schema,
    openapi_schema,
    parse_record,
)
from adjudicator.said import Naming

# A Bridge Rummy-like record: who went out, and what every other seat held.
HANDS = Record(
    (
        SeatField("went_out", "Who went out?"),
        FlagField("hand_rummy", "Hand rummy"),
        PerSeatField(
            "hands",
            "What each other player held",
            skip="went_out",
            entries=(
                CountField("held", "Held count", minimum=2, maximum=200),
                CardsField("cards", "Cards", min_cards=1, max_cards=13),
                FlagField("not_down", "Never went down"),
            ),
            prompt="Say what {} held",
            skipped="{} went out, so holds nothing",
        ),
    )
)

# A Voormsi-like record, for partners sitting crosswise: sides, events and tricks.
HAND_OF_TRICKS = Record(
    (
        SeatField("dealer", "Who dealt?", optional=True),
        SideField("first_five", "Who took the first five?"),
        SideField("call", "Who called?", optional=True),
        PerSideField("won", "Tricks each side took", CountField("won", "Tricks", maximum=9)),
        EventsField(
            "captures", "Captures", (("simple", "Simple capture"), ("jc", "Jack of clubs"))
        ),
        TricksField("tricks", "The tricks", max_tricks=2, max_cards_per_play=2),
        CountField("bid", "The bid", minimum=1, maximum=13),
        CardsField("turned", "Turned up", min_cards=1, max_cards=2),
    ),
    optional=frozenset({"bid", "turned"}),
)

# A hand recorded one of two ways: trick by trick, or quickly as the tricks each side took.
TWO_WAYS = Record(
    (
        SeatField("dealer", "Who dealt?", optional=True),
        TricksField("tricks", "The tricks", max_tricks=9),
        FlagField("misdeal", "Misdeal"),
        PerSideField("won", "Tricks each side took", CountField("won", "Tricks", maximum=9)),
        SideField("first_five", "Who took the first five?"),
        SideField("call", "Who called?", optional=True),
    ),
    ways=(
        Way("by_tricks", "Trick by trick", ("tricks", "misdeal")),
        Way("quick", "Quickly", ("won", "first_five")),
    ),
)

FOUR = Seating(4)
PARTNERS = crosswise(4)


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def refusal(
    record: Record, data: object, seating: Seating, pack: Pack | None = None
) -> AdjudicationError:
    with pytest.raises(AdjudicationError) as caught:
        parse_record(record, data, seating, pack)
    return caught.value


# ---------------------------------------------------------------------------------------------
# Each field kind: JSON in, the documented Python value out, and the canonical JSON back
# ---------------------------------------------------------------------------------------------

ROUND_TRIPS = [
    pytest.param(SeatField("went_out", "Who went out?"), FOUR, 2, 2, 2, id="seat"),
    pytest.param(
        SeatField("knocked", "Who knocked?", optional=True),
        FOUR,
        None,
        None,
        None,
        id="seat-nobody",
    ),
    pytest.param(SideField("first_five", "First five"), PARTNERS, 1, 1, 1, id="side"),
    pytest.param(SideField("first_five", "First five"), Seating(3), 2, 2, 2, id="side-is-a-seat"),
    pytest.param(
        SideField("call", "Who called?", optional=True),
        PARTNERS,
        None,
        None,
        None,
        id="side-nobody",
    ),
    pytest.param(FlagField("hand_rummy", "Hand rummy"), FOUR, True, True, True, id="flag-on"),
    pytest.param(FlagField("hand_rummy", "Hand rummy"), FOUR, False, False, False, id="flag-off"),
    pytest.param(CountField("bid", "Bid", maximum=13), FOUR, 0, 0, 0, id="count-at-its-least"),
    pytest.param(CountField("bid", "Bid", maximum=13), FOUR, 13, 13, 13, id="count-at-its-most"),
    pytest.param(
        CardsField("turned", "Turned", max_cards=3),
        FOUR,
        "as th jk",
        cards("AS 10H JK"),
        "AS 10H JK",
        id="cards-written-canonically",
    ),
    pytest.param(
        CardsField("turned", "Turned", max_cards=3), FOUR, "", (), "", id="cards-none-at-all"
    ),
    pytest.param(
        HANDS.get("hands"),
        FOUR,
        [
            {"seat": 3, "not_down": True},
            {"seat": 1, "held": 36},
            {"seat": 0, "held": -40},
            {"seat": 2, "cards": "5d jk"},
        ],
        {
            0: SeatEntry("held", -40),
            1: SeatEntry("held", 36),
            2: SeatEntry("cards", cards("5D JK")),
            3: SeatEntry("not_down", True),
        },
        [
            {"seat": 0, "held": -40},
            {"seat": 1, "held": 36},
            {"seat": 2, "cards": "5D JK"},
            {"seat": 3, "not_down": True},
        ],
        id="per-seat-in-seat-order",
    ),
    pytest.param(
        PerSideField("won", "Won", CountField("won", "Tricks", maximum=9)),
        PARTNERS,
        [6, 3],
        (6, 3),
        [6, 3],
        id="per-side",
    ),
    pytest.param(
        PerSideField("won", "Won", CountField("won", "Tricks", maximum=9)),
        Seating(3),
        [4, 3, 2],
        (4, 3, 2),
        [4, 3, 2],
        id="per-side-one-for-each-seat-without-sides",
    ),
    pytest.param(
        HAND_OF_TRICKS.get("captures"),
        PARTNERS,
        [{"event": "jc", "side": 1}, {"event": "simple", "side": 0}],
        (("jc", 1), ("simple", 0)),
        [{"event": "jc", "side": 1}, {"event": "simple", "side": 0}],
        id="events",
    ),
    pytest.param(HAND_OF_TRICKS.get("captures"), PARTNERS, [], (), [], id="events-none-happened"),
    pytest.param(
        HAND_OF_TRICKS.get("tricks"),
        PARTNERS,
        [{"plays": [{"seat": 0, "cards": "7h"}, {"seat": 1, "cards": "9H 9S"}]}],
        (TrickRecord(((0, cards("7H")), (1, cards("9H 9S")))),),
        [{"plays": [{"seat": 0, "cards": "7H"}, {"seat": 1, "cards": "9H 9S"}]}],
        id="tricks",
    ),
    pytest.param(
        HAND_OF_TRICKS.get("tricks"),
        PARTNERS,
        [
            {"plays": [{"seat": 0, "cards": "7H"}], "held": [{"seat": 2, "cards": "kh"}]},
            {"plays": [{"seat": 2, "cards": "KH"}], "held": []},
        ],
        (
            TrickRecord(((0, cards("7H")),), ((2, cards("KH")),)),
            TrickRecord(((2, cards("KH")),)),
        ),
        [
            {"plays": [{"seat": 0, "cards": "7H"}], "held": [{"seat": 2, "cards": "KH"}]},
            {"plays": [{"seat": 2, "cards": "KH"}]},
        ],
        id="tricks-with-cards-noted-as-held",
    ),
]


@pytest.mark.parametrize(("field", "seating", "given", "parsed", "canonical"), ROUND_TRIPS)
def test_each_field_kind_parses_to_its_documented_value_and_formats_back(
    field: Field, seating: Seating, given: object, parsed: object, canonical: object
) -> None:
    record = Record((field,))
    values = parse_record(record, {field.key: given}, seating, BRIDGE_RUMMY)
    assert values == {field.key: parsed}
    assert format_record(record, values) == {field.key: canonical}
    # The canonical form reads back to the same values, through JSON text.
    again = json.loads(json.dumps(format_record(record, values)))
    assert parse_record(record, again, seating, BRIDGE_RUMMY) == values


@pytest.mark.parametrize(
    ("field", "parsed", "canonical"),
    [
        pytest.param(FlagField("hand_rummy", "Hand rummy"), False, False, id="flag-is-false"),
        pytest.param(
            SeatField("knocked", "Who knocked?", optional=True), None, None, id="seat-is-nobody"
        ),
        pytest.param(
            SideField("call", "Who called?", optional=True), None, None, id="side-is-nobody"
        ),
    ],
)
def test_a_field_that_may_be_left_out_has_a_value_and_is_written_out(
    field: Field, parsed: object, canonical: object
) -> None:
    record = Record((field,))
    values = parse_record(record, {}, PARTNERS)
    assert values == {field.key: parsed}
    assert format_record(record, values) == {field.key: canonical}


def test_an_optional_field_left_out_is_none_and_stays_out_of_the_json() -> None:
    data = {"first_five": 0, "won": [5, 4], "captures": [], "tricks": []}
    values = parse_record(HAND_OF_TRICKS, data, PARTNERS, STANDARD)
    assert values["bid"] is None
    assert values["turned"] is None
    assert values["dealer"] is None
    assert format_record(HAND_OF_TRICKS, values) == {
        "dealer": None,
        "first_five": 0,
        "call": None,
        "won": [5, 4],
        "captures": [],
        "tricks": [],
    }


def test_a_whole_record_round_trips_through_json() -> None:
    data = {
        "dealer": 3,
        "first_five": 1,
        "call": 0,
        "won": [2, 0],
        "captures": [{"event": "jc", "side": 1}],
        "tricks": [
            {
                "plays": [{"seat": 0, "cards": "9C"}, {"seat": 1, "cards": "JC"}],
                "held": [{"seat": 2, "cards": "KH"}],
            },
            {"plays": [{"seat": 1, "cards": "AS"}, {"seat": 2, "cards": "KH"}]},
        ],
        "bid": 7,
        "turned": "QD",
    }
    values = parse_record(HAND_OF_TRICKS, data, PARTNERS, STANDARD)
    assert format_record(HAND_OF_TRICKS, values) == data
    assert parse_record(HAND_OF_TRICKS, json.loads(json.dumps(data)), PARTNERS) == values


def test_a_seat_entry_remembers_where_it_was_listed_but_compares_by_value() -> None:
    # The index points a later refusal at the JSON entry; it is not part of the value.
    data = {
        "went_out": 0,
        "hands": [{"seat": 3, "held": 9}, {"seat": 1, "held": 5}, {"seat": 2, "held": 4}],
    }
    values = parse_record(HANDS, data, FOUR)
    assert [values["hands"][s].index for s in (1, 2, 3)] == [1, 2, 0]
    assert values["hands"][3] == SeatEntry("held", 9, index=7)


# ---------------------------------------------------------------------------------------------
# Structural refusals: the exact field path and the seats concerned
# ---------------------------------------------------------------------------------------------


def went_out_0(*hands: object) -> dict[str, Any]:
    return {"went_out": 0, "hands": list(hands)}


EVERY_OTHER_SEAT = ({"seat": 1, "held": 10}, {"seat": 2, "held": 20}, {"seat": 3, "held": 30})

HANDS_REFUSALS = [
    pytest.param(
        ["went_out", 0],
        "deal",
        (),
        "A deal is an object with went_out, hand_rummy, hands.",
        id="not-an-object",
    ),
    pytest.param(
        {**went_out_0(*EVERY_OTHER_SEAT), "colour": "red"},
        "colour",
        (),
        "'colour' is not part of this game's deal; it has hand_rummy, hands, went_out.",
        id="unknown-key",
    ),
    pytest.param(
        # Found by tests/adjudicator/test_fuzz.py: an empty key once named no field at all.
        {**went_out_0(*EVERY_OTHER_SEAT), "": None},
        "deal",
        (),
        "'' is not part of this game's deal; it has hand_rummy, hands, went_out.",
        id="empty-unknown-key",
    ),
    pytest.param(
        {"hands": list(EVERY_OTHER_SEAT)},
        "went_out",
        (),
        "went_out is missing: Who went out?",
        id="missing-field",
    ),
    pytest.param(
        {"went_out": "1", "hands": list(EVERY_OTHER_SEAT)},
        "went_out",
        (),
        "went_out must be a seat number: this table has seats 1 to 4 (0 to 3 in JSON).",
        id="seat-not-a-number",
    ),
    pytest.param(
        {"went_out": 4, "hands": list(EVERY_OTHER_SEAT)},
        "went_out",
        (),
        "There is no seat 5: this table has seats 1 to 4 (0 to 3 in JSON).",
        id="seat-not-at-the-table",
    ),
    pytest.param(
        {"went_out": None, "hands": list(EVERY_OTHER_SEAT)},
        "went_out",
        (),
        "went_out must be a seat number: this table has seats 1 to 4 (0 to 3 in JSON).",
        id="nobody-where-someone-must-be-named",
    ),
    pytest.param(
        {**went_out_0(*EVERY_OTHER_SEAT), "hand_rummy": "yes"},
        "hand_rummy",
        (),
        "hand_rummy must be true or false.",
        id="flag-not-a-boolean",
    ),
    pytest.param(
        {"went_out": 0, "hands": {"1": 10}},
        "hands",
        (),
        "hands lists an entry for each seat: {'seat': 0, ...}.",
        id="per-seat-not-a-list",
    ),
    pytest.param(
        went_out_0([1, 10]),
        "hands[0]",
        (),
        "Each entry is an object with a seat and held, cards or not_down.",
        id="entry-not-an-object",
    ),
    pytest.param(
        went_out_0({"held": 10}),
        "hands[0].seat",
        (),
        "seat must be a seat number: this table has seats 1 to 4 (0 to 3 in JSON).",
        id="entry-without-a-seat",
    ),
    pytest.param(
        went_out_0({"seat": 1, "held": 10, "star": True}),
        "hands[0].star",
        (1,),
        "'star' is not part of an entry; give held, cards or not_down.",
        id="entry-with-an-unknown-key",
    ),
    pytest.param(
        went_out_0({"seat": 1, "held": 10, "cards": "5D"}),
        "hands[0]",
        (1,),
        "Seat 2: give exactly one of held, cards or not_down.",
        id="two-alternatives",
    ),
    pytest.param(
        went_out_0({"seat": 1}),
        "hands[0]",
        (1,),
        "Seat 2: give exactly one of held, cards or not_down.",
        id="no-alternative",
    ),
    pytest.param(
        went_out_0(*EVERY_OTHER_SEAT, {"seat": 2, "held": 5}),
        "hands[3].seat",
        (2,),
        "Seat 3 is listed twice.",
        id="a-seat-listed-twice",
    ),
    pytest.param(
        went_out_0({"seat": 0, "held": 5}, *EVERY_OTHER_SEAT),
        "hands[0].seat",
        (0,),
        "Seat 1 went out, so holds nothing.",
        id="the-skipped-seat-given-an-entry",
    ),
    pytest.param(
        went_out_0({"seat": 1, "held": 10}, {"seat": 2, "held": 20}),
        "hands",
        (3,),
        "Say what seat 4 held.",
        id="a-seat-missing",
    ),
    pytest.param(
        went_out_0({"seat": 1, "held": 10}),
        "hands",
        (2, 3),
        "Say what seats 3 and 4 held.",
        id="two-seats-missing",
    ),
    pytest.param(
        went_out_0(
            {"seat": 1, "held": 10}, {"seat": 2, "held": 20}, {"seat": 3, "not_down": False}
        ),
        "hands[2].not_down",
        (3,),
        "not_down must be true when given.",
        id="flag-alternative-false",
    ),
    pytest.param(
        went_out_0({"seat": 1, "held": 10}, {"seat": 2, "held": True}, {"seat": 3, "held": 30}),
        "hands[1].held",
        (2,),
        "held must be a whole number.",
        id="count-a-boolean",
    ),
    pytest.param(
        went_out_0({"seat": 1, "held": 10}, {"seat": 2, "held": 20}, {"seat": 3, "held": 3.0}),
        "hands[2].held",
        (3,),
        "held must be a whole number.",
        id="count-a-float",
    ),
    pytest.param(
        went_out_0({"seat": 1, "held": 10}, {"seat": 2, "held": 20}, {"seat": 3, "held": 100_001}),
        "hands[2].held",
        (3,),
        "held must be from -100,000 to 100,000, not 100,001.",
        id="count-past-the-sanity-range",
    ),
    pytest.param(
        went_out_0({"seat": 1, "held": -100_001}, {"seat": 2, "held": 20}, {"seat": 3, "held": 3}),
        "hands[0].held",
        (1,),
        "held must be from -100,000 to 100,000, not -100,001.",
        id="count-below-the-sanity-range",
    ),
    pytest.param(
        went_out_0({"seat": 1, "held": 10**30}, {"seat": 2, "held": 20}, {"seat": 3, "held": 3}),
        "hands[0].held",
        (1,),
        "held must be from -100,000 to 100,000, not a number far too large.",
        id="count-absurdly-large",
    ),
    pytest.param(
        went_out_0({"seat": 1, "held": 10}, {"seat": 2, "cards": ["5D"]}, {"seat": 3, "held": 3}),
        "hands[1].cards",
        (2,),
        "cards must be a string of cards, such as 'AS 10H JK'.",
        id="cards-not-a-string",
    ),
    pytest.param(
        went_out_0(
            {"seat": 1, "held": 10}, {"seat": 2, "cards": "5D " * 121}, {"seat": 3, "held": 3}
        ),
        "hands[1].cards",
        (2,),
        f"cards holds at most {MOST_CARDS} cards.",
        id="more-cards-than-any-hand",
    ),
    pytest.param(
        went_out_0(
            {"seat": 1, "held": 10}, {"seat": 2, "cards": "5D " * 400}, {"seat": 3, "held": 3}
        ),
        "hands[1].cards",
        (2,),
        f"cards is too long for {MOST_CARDS} cards: at most {8 * MOST_CARDS} characters, "
        "not 1,200.",
        id="a-string-too-long-to-read",
    ),
]


@pytest.mark.parametrize(("data", "path", "seats", "message"), HANDS_REFUSALS)
def test_a_malformed_hands_record_is_refused_at_its_path(
    data: object, path: str, seats: tuple[int, ...], message: str
) -> None:
    err = refusal(HANDS, data, FOUR, DOUBLE)
    assert isinstance(err, BadEntryError)
    assert err.code == "bad_entry"
    assert err.field == path
    assert err.seats == seats
    assert str(err) == message


def test_a_missing_seat_is_named_by_the_fields_prompt_with_the_players_name() -> None:
    err = refusal(HANDS, went_out_0({"seat": 1, "held": 10}), FOUR)
    assert err.named(Naming(("Mary", "Tom", "Dick", "Alice"))) == "Say what Dick and Alice held."


def test_nobody_went_out_so_nobody_is_skipped() -> None:
    record = Record(
        (
            SeatField("knocked", "Who knocked?", optional=True),
            PerSeatField("grids", "Grids", (CountField("total", "Total"),), skip="knocked"),
        )
    )
    data = {"knocked": None, "grids": [{"seat": 0, "total": 5}]}
    assert refusal(record, data, Seating(2)).seats == (1,)
    data = {"knocked": None, "grids": [{"seat": 0, "total": 5}, {"seat": 1, "total": 7}]}
    assert parse_record(record, data, Seating(2))["grids"][1] == SeatEntry("total", 7)


def test_a_bad_card_is_quoted_at_the_entry_that_holds_it() -> None:
    data = went_out_0(
        {"seat": 1, "held": 10}, {"seat": 2, "held": 20}, {"seat": 3, "cards": "5D 11H"}
    )
    err = refusal(HANDS, data, FOUR)
    assert isinstance(err, BadCardError)
    assert err.field == "hands[2].cards"
    assert err.seats == (3,)
    assert "'11H' is not a card" in str(err)


def test_the_real_bridge_rummy_record_points_at_the_held_count_of_the_third_entry() -> None:
    game = get_game("bridge-rummy")
    options = game.options()
    data = {
        "went_out": 0,
        "hands": [{"seat": 1, "held": 10}, {"seat": 2, "cards": "5D"}, {"seat": 3, "held": "36"}],
    }
    with pytest.raises(BadEntryError) as caught:
        parse_record(game.record(options, 4), data, game.seating(4, options), game.pack(options, 4))
    assert caught.value.field == "hands[2].held"
    assert caught.value.seats == (3,)


TRICK_DATA: dict[str, Any] = {
    "first_five": 0,
    "won": [1, 1],
    "captures": [],
    "tricks": [
        {"plays": [{"seat": 0, "cards": "7H"}, {"seat": 1, "cards": "8H"}]},
        {"plays": [{"seat": 1, "cards": "9S 9C"}, {"seat": 2, "cards": "10S 10C"}]},
    ],
}


def with_(key: str, value: object) -> dict[str, Any]:
    return {**TRICK_DATA, key: value}


def with_trick(index: int, trick: object) -> dict[str, Any]:
    tricks = list(TRICK_DATA["tricks"])
    tricks[index] = trick
    return with_("tricks", tricks)


PLAY_7H = {"seat": 0, "cards": "7H"}

TRICK_REFUSALS = [
    pytest.param(
        with_("first_five", 2),
        "first_five",
        (),
        "first_five must be a side, from 0 to 1 (one for each side).",
        id="side-out-of-range",
    ),
    pytest.param(
        with_("first_five", -1),
        "first_five",
        (),
        "first_five must be a side, from 0 to 1 (one for each side).",
        id="side-negative",
    ),
    pytest.param(
        with_("first_five", True),
        "first_five",
        (),
        "first_five must be a side, from 0 to 1 (one for each side).",
        id="side-a-boolean",
    ),
    pytest.param(
        with_("first_five", None),
        "first_five",
        (),
        "first_five must be a side, from 0 to 1 (one for each side).",
        id="side-nobody-where-a-side-must-be-named",
    ),
    pytest.param(
        with_("won", [9]),
        "won",
        (),
        "won lists 2 numbers, one for each side.",
        id="per-side-too-few",
    ),
    pytest.param(
        with_("won", {"0": 1, "1": 1}),
        "won",
        (),
        "won lists 2 numbers, one for each side.",
        id="per-side-not-a-list",
    ),
    pytest.param(
        with_("won", [5, 10]),
        "won[1]",
        (),
        "won must be from 0 to 9, not 10.",
        id="per-side-past-its-maximum",
    ),
    pytest.param(
        with_("won", ["5", 1]),
        "won[0]",
        (),
        "won must be a whole number.",
        id="per-side-not-a-number",
    ),
    pytest.param(
        with_("captures", {"event": "jc", "side": 0}),
        "captures",
        (),
        "captures lists events: {'event': ..., 'side': 0}.",
        id="events-not-a-list",
    ),
    pytest.param(
        with_("captures", [{"event": "jc"}]),
        "captures[0]",
        (),
        "Each event is an object with event and side.",
        id="event-without-a-side",
    ),
    pytest.param(
        with_("captures", [{"event": "jc", "side": 0, "trick": 3}]),
        "captures[0]",
        (),
        "Each event is an object with event and side.",
        id="event-with-an-unknown-key",
    ),
    pytest.param(
        with_("captures", [{"event": "simple", "side": 0}, {"event": "steal", "side": 1}]),
        "captures[1].event",
        (),
        "event must be one of jc, simple.",
        id="event-not-in-the-list",
    ),
    pytest.param(
        with_("captures", [{"event": ["jc"], "side": 1}]),
        "captures[0].event",
        (),
        "event must be one of jc, simple.",
        id="event-not-even-a-string",
    ),
    pytest.param(
        with_("captures", [{"event": "jc", "side": 2}]),
        "captures[0].side",
        (),
        "side must be from 0 to 1, not 2.",
        id="event-side-out-of-range",
    ),
    pytest.param(
        with_("tricks", [*TRICK_DATA["tricks"], {"plays": [PLAY_7H]}]),
        "tricks",
        (),
        "tricks lists at most 2, not 3.",
        id="too-many-tricks",
    ),
    pytest.param(
        with_("tricks", {"plays": [PLAY_7H]}),
        "tricks",
        (),
        "tricks lists at most 2 tricks.",
        id="tricks-not-a-list",
    ),
    pytest.param(
        with_trick(1, [PLAY_7H]),
        "tricks[1]",
        (),
        "Each trick is an object with its plays in order.",
        id="trick-not-an-object",
    ),
    pytest.param(
        with_trick(0, {"held": [PLAY_7H]}),
        "tricks[0]",
        (),
        "Each trick is an object with its plays in order.",
        id="trick-without-plays",
    ),
    pytest.param(
        with_trick(0, {"plays": [PLAY_7H], "winner": 0}),
        "tricks[0]",
        (),
        "Each trick is an object with its plays in order.",
        id="trick-with-an-unknown-key",
    ),
    pytest.param(
        with_trick(0, {"plays": PLAY_7H}),
        "tricks[0].plays",
        (),
        "Give a list of {seat, cards}.",
        id="plays-not-a-list",
    ),
    pytest.param(
        with_trick(1, {"plays": [{"seat": 1}]}),
        "tricks[1].plays[0]",
        (),
        "Each play is an object with seat and cards.",
        id="play-without-cards",
    ),
    pytest.param(
        with_trick(1, {"plays": [PLAY_7H, {"cards": "8H"}]}),
        "tricks[1].plays[1]",
        (),
        "Each play is an object with seat and cards.",
        id="play-without-a-seat",
    ),
    pytest.param(
        with_trick(0, {"plays": [{**PLAY_7H, "led": True}]}),
        "tricks[0].plays[0]",
        (),
        "Each play is an object with seat and cards.",
        id="play-with-an-unknown-key",
    ),
    pytest.param(
        with_trick(0, {"plays": [PLAY_7H, {"seat": 4, "cards": "8H"}]}),
        "tricks[0].plays[1].seat",
        (),
        "There is no seat 5: this table has seats 1 to 4 (0 to 3 in JSON).",
        id="play-by-a-seat-not-at-the-table",
    ),
    pytest.param(
        with_trick(1, {"plays": [{"seat": 3, "cards": "9S 9C 9D"}]}),
        "tricks[1].plays[0].cards",
        (3,),
        "cards holds 0 to 2 cards, not 3.",
        id="play-of-too-many-cards",
    ),
    pytest.param(
        with_trick(0, {"plays": [PLAY_7H], "held": PLAY_7H}),
        "tricks[0].held",
        (),
        "Give a list of {seat, cards}.",
        id="held-not-a-list",
    ),
    pytest.param(
        with_trick(0, {"plays": [PLAY_7H], "held": [{"seat": 2}]}),
        "tricks[0].held[0]",
        (),
        "Each play is an object with seat and cards.",
        id="held-without-cards",
    ),
    pytest.param(
        with_trick(0, {"plays": [PLAY_7H], "held": [{"seat": 9, "cards": "KH"}]}),
        "tricks[0].held[0].seat",
        (),
        "There is no seat 10: this table has seats 1 to 4 (0 to 3 in JSON).",
        id="held-by-a-seat-not-at-the-table",
    ),
    pytest.param(
        with_("bid", 14),
        "bid",
        (),
        "bid must be from 1 to 13, not 14.",
        id="count-past-its-maximum",
    ),
    pytest.param(
        with_("bid", None),
        "bid",
        (),
        "bid must be a whole number.",
        id="optional-count-given-as-null",
    ),
    pytest.param(
        with_("turned", "QD QS QH"),
        "turned",
        (),
        "turned holds 1 to 2 cards, not 3.",
        id="too-many-cards",
    ),
    pytest.param(
        with_("turned", ""),
        "turned",
        (),
        "turned holds 1 to 2 cards, not 0.",
        id="too-few-cards",
    ),
]


@pytest.mark.parametrize(("data", "path", "seats", "message"), TRICK_REFUSALS)
def test_a_malformed_hand_of_tricks_is_refused_at_its_path(
    data: object, path: str, seats: tuple[int, ...], message: str
) -> None:
    err = refusal(HAND_OF_TRICKS, data, PARTNERS, STANDARD)
    assert isinstance(err, BadEntryError)
    assert err.field == path
    assert err.seats == seats
    assert str(err) == message


def test_too_many_cards_quotes_the_cards() -> None:
    err = refusal(HAND_OF_TRICKS, with_("turned", "QD QS QH"), PARTNERS)
    assert err.cards == ("QD", "QS", "QH")


def test_a_side_without_partners_is_a_seat() -> None:
    record = Record((SideField("first_five", "Who took the first five?"),))
    assert parse_record(record, {"first_five": 2}, Seating(3)) == {"first_five": 2}
    err = refusal(record, {"first_five": 3}, Seating(3))
    assert str(err) == "first_five must be a side, from 0 to 2 (one for each side)."


@pytest.mark.parametrize(
    ("trick", "path", "seats"),
    [
        pytest.param(
            {"plays": [PLAY_7H, {"seat": 1, "cards": "8H 1S"}]},
            "tricks[1].plays[1].cards",
            (1,),
            id="in-a-play",
        ),
        pytest.param(
            {"plays": [PLAY_7H], "held": [{"seat": 2, "cards": "KH"}, {"seat": 3, "cards": "X"}]},
            "tricks[1].held[1].cards",
            (3,),
            id="in-a-held-note",
        ),
    ],
)
def test_a_bad_card_in_a_trick_is_refused_at_its_play(
    trick: object, path: str, seats: tuple[int, ...]
) -> None:
    err = refusal(HAND_OF_TRICKS, with_trick(1, trick), PARTNERS)
    assert isinstance(err, BadCardError)
    assert err.field == path
    assert err.seats == seats


# ---------------------------------------------------------------------------------------------
# The pack: every card of a deal checked together
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "pack", "error", "path", "seats"),
    [
        pytest.param(
            went_out_0(
                {"seat": 1, "cards": "AS KS"}, {"seat": 2, "held": 5}, {"seat": 3, "cards": "AS"}
            ),
            STANDARD,
            TooManyCopiesError,
            "hands[2].cards",
            (3,),
            id="second-copy-in-a-single-pack",
        ),
        pytest.param(
            went_out_0(
                {"seat": 1, "cards": "AS"}, {"seat": 2, "cards": "AS"}, {"seat": 3, "cards": "AS"}
            ),
            DOUBLE,
            TooManyCopiesError,
            "hands[2].cards",
            (3,),
            id="third-copy-in-a-double-pack",
        ),
        pytest.param(
            went_out_0(
                {"seat": 1, "held": 5}, {"seat": 2, "cards": "5D JK"}, {"seat": 3, "held": 3}
            ),
            STANDARD,
            NotInPackError,
            "hands[1].cards",
            (2,),
            id="a-card-the-pack-lacks",
        ),
        pytest.param(
            went_out_0(
                {"seat": 1, "cards": "QH QH"}, {"seat": 2, "held": 5}, {"seat": 3, "held": 3}
            ),
            STANDARD,
            TooManyCopiesError,
            "hands[0].cards",
            (1,),
            id="two-copies-in-one-entry",
        ),
    ],
)
def test_the_pack_check_points_at_the_entry_that_goes_past_the_pack(
    data: object, pack: Pack, error: type[AdjudicationError], path: str, seats: tuple[int, ...]
) -> None:
    err = refusal(HANDS, data, FOUR, pack)
    assert isinstance(err, error)
    assert err.field == path
    assert err.seats == seats


def test_a_double_pack_takes_two_of_each_card() -> None:
    data = went_out_0(
        {"seat": 1, "cards": "AS"}, {"seat": 2, "cards": "AS"}, {"seat": 3, "held": 3}
    )
    assert parse_record(HANDS, data, FOUR, DOUBLE)["hands"][2] == SeatEntry("cards", cards("AS"))


def test_cards_of_different_fields_are_counted_together() -> None:
    data = with_("turned", "9C")
    err = refusal(HAND_OF_TRICKS, data, PARTNERS, STANDARD)
    # Field order: the tricks come before the turned-up card, so the turned card is the second.
    assert isinstance(err, TooManyCopiesError)
    assert err.field == "turned"
    assert err.seats == ()


def test_a_card_played_twice_is_refused_at_the_second_play() -> None:
    data = with_trick(1, {"plays": [{"seat": 1, "cards": "9S"}, {"seat": 2, "cards": "7H"}]})
    err = refusal(HAND_OF_TRICKS, data, PARTNERS, STANDARD)
    assert isinstance(err, TooManyCopiesError)
    assert err.field == "tricks[1].plays[1].cards"
    assert err.seats == (2,)


def test_a_card_noted_as_held_and_later_played_is_counted_once() -> None:
    # KH is held during the first trick and played in the second: one card, not two.
    data = with_(
        "tricks",
        [
            {"plays": [{"seat": 0, "cards": "7H"}], "held": [{"seat": 2, "cards": "KH"}]},
            {"plays": [{"seat": 2, "cards": "KH"}], "held": [{"seat": 3, "cards": "7S"}]},
        ],
    )
    values = parse_record(HAND_OF_TRICKS, data, PARTNERS, STANDARD)
    assert values["tricks"][0].held == ((2, cards("KH")),)


@pytest.mark.parametrize(
    ("held", "error"),
    [
        pytest.param("JK", NotInPackError, id="a-card-the-pack-lacks"),
        pytest.param("KH KH", TooManyCopiesError, id="two-copies-in-one-note"),
    ],
)
def test_cards_noted_as_held_must_still_be_in_the_pack(
    held: str, error: type[AdjudicationError]
) -> None:
    play = {"seat": 1, "cards": "8D"}
    data = with_trick(1, {"plays": [play], "held": [{"seat": 2, "cards": held}]})
    err = refusal(HAND_OF_TRICKS, data, PARTNERS, STANDARD)
    assert isinstance(err, error)
    assert err.field == "tricks[1].held[0].cards"
    assert err.seats == (2,)


def test_without_a_pack_only_the_shape_is_checked() -> None:
    data = went_out_0(
        {"seat": 1, "cards": "AS"}, {"seat": 2, "cards": "AS"}, {"seat": 3, "cards": "AS"}
    )
    assert len(parse_record(HANDS, data, FOUR)["hands"]) == 3


# ---------------------------------------------------------------------------------------------
# Ways: a deal recorded trick by trick, or quickly
# ---------------------------------------------------------------------------------------------

BY_TRICKS = {"dealer": 3, "tricks": [{"plays": [{"seat": 0, "cards": "7H"}]}], "call": 1}
QUICKLY = {"won": [6, 3], "first_five": 0}


def test_a_deal_recorded_trick_by_trick_leaves_the_quick_fields_none() -> None:
    values = parse_record(TWO_WAYS, BY_TRICKS, PARTNERS, STANDARD)
    assert values == {
        "dealer": 3,
        "tricks": (TrickRecord(((0, cards("7H")),)),),
        "misdeal": False,
        "won": None,
        "first_five": None,
        "call": 1,
    }
    assert format_record(TWO_WAYS, values) == {**BY_TRICKS, "misdeal": False}
    assert parse_record(TWO_WAYS, format_record(TWO_WAYS, values), PARTNERS) == values


def test_a_deal_recorded_quickly_leaves_the_tricks_out() -> None:
    values = parse_record(TWO_WAYS, QUICKLY, PARTNERS, STANDARD)
    assert values == {
        "dealer": None,
        "tricks": None,
        "misdeal": None,
        "won": (6, 3),
        "first_five": 0,
        "call": None,
    }
    formatted = format_record(TWO_WAYS, values)
    assert formatted == {"dealer": None, "won": [6, 3], "first_five": 0, "call": None}
    assert parse_record(TWO_WAYS, formatted, PARTNERS) == values


@pytest.mark.parametrize(
    "data",
    [
        pytest.param({**BY_TRICKS, **QUICKLY}, id="both-ways"),
        pytest.param({"tricks": [], "first_five": 1}, id="a-field-of-each-way"),
        pytest.param({"misdeal": True, "won": [0, 0]}, id="a-flag-of-one-a-count-of-the-other"),
        pytest.param({"dealer": 2, "call": 0}, id="neither-way"),
        pytest.param({}, id="nothing"),
    ],
)
def test_a_deal_is_recorded_exactly_one_way(data: dict[str, Any]) -> None:
    err = refusal(TWO_WAYS, data, PARTNERS)
    assert isinstance(err, BadEntryError)
    assert err.field == "deal"
    assert str(err) == (
        "Record the deal one way: trick by trick (tricks, misdeal) or quickly (won, first_five)."
    )


def test_the_chosen_way_must_still_be_complete() -> None:
    err = refusal(TWO_WAYS, {"won": [6, 3]}, PARTNERS)
    assert err.field == "first_five"
    assert str(err) == "first_five is missing: Who took the first five?"


def test_a_refusal_inside_the_chosen_way_keeps_its_path() -> None:
    data = {"tricks": [{"plays": [{"seat": 0, "cards": "7H"}, {"seat": 1, "cards": "7H"}]}]}
    err = refusal(TWO_WAYS, data, PARTNERS, STANDARD)
    assert isinstance(err, TooManyCopiesError)
    assert err.field == "tricks[0].plays[1].cards"


# ---------------------------------------------------------------------------------------------
# The description, and the schemas that follow from it
# ---------------------------------------------------------------------------------------------


def test_describe_gives_every_field_with_what_a_form_needs() -> None:
    assert describe(HANDS) == {
        "fields": [
            {
                "key": "went_out",
                "kind": "seat",
                "label": "Who went out?",
                "help": "",
                "optional": False,
                "none_label": "Nobody",
            },
            {"key": "hand_rummy", "kind": "flag", "label": "Hand rummy", "help": ""},
            {
                "key": "hands",
                "kind": "per_seat",
                "label": "What each other player held",
                "help": "",
                "skip": "went_out",
                "entries": [
                    {
                        "key": "held",
                        "kind": "count",
                        "label": "Held count",
                        "help": "",
                        "minimum": 2,
                        "maximum": 200,
                    },
                    {
                        "key": "cards",
                        "kind": "cards",
                        "label": "Cards",
                        "help": "",
                        "min_cards": 1,
                        "max_cards": 13,
                        "widget": "picker",
                        "shape": None,
                    },
                    {"key": "not_down", "kind": "flag", "label": "Never went down", "help": ""},
                ],
            },
        ],
        "ways": [],
    }


def test_describe_gives_sides_events_tricks_and_ways() -> None:
    described = describe(TWO_WAYS)
    assert described["ways"] == [
        {"key": "by_tricks", "label": "Trick by trick", "fields": ["tricks", "misdeal"]},
        {"key": "quick", "label": "Quickly", "fields": ["won", "first_five"]},
    ]
    by_key = {f["key"]: f for f in describe(HAND_OF_TRICKS)["fields"]}
    assert by_key["call"] == {
        "key": "call",
        "kind": "side",
        "label": "Who called?",
        "help": "",
        "optional": True,
        "none_label": "Nobody",
    }
    assert by_key["won"]["entry"] == {
        "key": "won",
        "kind": "count",
        "label": "Tricks",
        "help": "",
        "minimum": 0,
        "maximum": 9,
    }
    assert by_key["captures"]["events"] == [
        {"value": "simple", "label": "Simple capture"},
        {"value": "jc", "label": "Jack of clubs"},
    ]
    assert by_key["tricks"] == {
        "key": "tricks",
        "kind": "tricks",
        "label": "The tricks",
        "help": "",
        "max_tricks": 2,
        "max_cards_per_play": 2,
        "plays_per_trick": 0,
        "matched": False,
        "passes": False,
        "keeps_lead": [],
        "never_played": [],
    }


@pytest.mark.parametrize("slug", ["bridge-rummy", "brummy", "brummagem"])
def test_a_real_games_description_is_json_and_names_every_field(slug: str) -> None:
    game = get_game(slug)
    record = game.record(game.options(), 4)
    described = json.loads(json.dumps(describe(record)))
    assert [f["key"] for f in described["fields"]] == [f.key for f in record.fields]
    assert all(f["label"] for f in described["fields"])


def validates(data: object, schema: dict[str, Any]) -> bool:
    jsonschema.Draft202012Validator.check_schema(schema)
    return bool(jsonschema.Draft202012Validator(schema).is_valid(data))


@pytest.mark.parametrize(
    ("record", "players", "data"),
    [
        pytest.param(
            HANDS,
            4,
            went_out_0(
                {"seat": 1, "held": 36}, {"seat": 2, "cards": "5D"}, {"seat": 3, "not_down": True}
            ),
            id="hands",
        ),
        pytest.param(
            HANDS,
            4,
            {**went_out_0({"seat": 1, "held": 36}), "hand_rummy": True},
            id="hands-the-schema-cannot-count",
        ),
        pytest.param(HAND_OF_TRICKS, 4, TRICK_DATA, id="hand-of-tricks"),
        pytest.param(
            HAND_OF_TRICKS,
            4,
            {**TRICK_DATA, "dealer": None, "call": None, "bid": 7, "turned": "QD"},
            id="hand-of-tricks-with-optional-fields",
        ),
        pytest.param(TWO_WAYS, 4, BY_TRICKS, id="by-tricks"),
        pytest.param(TWO_WAYS, 4, QUICKLY, id="quickly"),
    ],
)
def test_the_json_schema_accepts_a_valid_record(
    record: Record, players: int, data: dict[str, Any]
) -> None:
    assert validates(data, json_schema(record, players))


REAL_BRIDGE_RUMMY = {
    "went_out": 0,
    "hand_rummy": False,
    "hands": [{"seat": 1, "held": 36}, {"seat": 2, "cards": "5D"}, {"seat": 3, "not_down": True}],
}


def bridge_rummy_schema() -> dict[str, Any]:
    game = get_game("bridge-rummy")
    return json_schema(game.record(game.options(), 4), 4)


def test_the_real_bridge_rummy_schema_accepts_the_readmes_example() -> None:
    assert validates(REAL_BRIDGE_RUMMY, bridge_rummy_schema())
    game = get_game("bridge-rummy")
    game.parse_deal(REAL_BRIDGE_RUMMY, players=4, options=game.options())


@pytest.mark.parametrize(
    "data",
    [
        pytest.param({**REAL_BRIDGE_RUMMY, "colour": "red"}, id="unknown-key"),
        pytest.param({"hands": REAL_BRIDGE_RUMMY["hands"]}, id="missing-field"),
        pytest.param({**REAL_BRIDGE_RUMMY, "went_out": "0"}, id="seat-a-string"),
        pytest.param({**REAL_BRIDGE_RUMMY, "went_out": 4}, id="seat-not-at-the-table"),
        pytest.param({**REAL_BRIDGE_RUMMY, "went_out": None}, id="seat-nobody"),
        pytest.param({**REAL_BRIDGE_RUMMY, "hand_rummy": "no"}, id="flag-a-string"),
        pytest.param({**REAL_BRIDGE_RUMMY, "hands": [{"seat": 1}]}, id="entry-without-alternative"),
        pytest.param(
            {**REAL_BRIDGE_RUMMY, "hands": [{"seat": 1, "held": 3, "cards": "5D"}]},
            id="entry-with-two-alternatives",
        ),
        pytest.param(
            {**REAL_BRIDGE_RUMMY, "hands": [{"seat": 1, "not_down": False}]},
            id="flag-alternative-false",
        ),
        pytest.param(
            {**REAL_BRIDGE_RUMMY, "hands": [{"seat": 1, "cards": 5}]}, id="cards-a-number"
        ),
        pytest.param({**REAL_BRIDGE_RUMMY, "hands": [{"held": 5}]}, id="entry-without-a-seat"),
    ],
)
def test_the_json_schema_refuses_what_the_parser_refuses(data: dict[str, Any]) -> None:
    assert not validates(data, bridge_rummy_schema())
    game = get_game("bridge-rummy")
    with pytest.raises(AdjudicationError):
        game.parse_deal(data, players=4, options=game.options())


@pytest.mark.parametrize(
    "data",
    [
        pytest.param(
            {**TRICK_DATA, "tricks": [*TRICK_DATA["tricks"], {"plays": []}]}, id="too-many-tricks"
        ),
        pytest.param(
            with_trick(0, {"plays": [{"seat": 0, "cards": "7H", "led": True}]}), id="play-extra-key"
        ),
        pytest.param(with_trick(0, {"plays": [{"seat": 0}]}), id="play-without-cards"),
        pytest.param(with_trick(0, {"held": []}), id="trick-without-plays"),
        pytest.param(
            with_("captures", [{"event": "steal", "side": 0}]), id="event-not-in-the-list"
        ),
        pytest.param(with_("bid", 0), id="count-below-its-minimum"),
        pytest.param(with_("first_five", None), id="side-nobody-not-allowed"),
        pytest.param(with_("dealer", 4), id="seat-not-at-the-table"),
    ],
)
def test_the_json_schema_refuses_a_malformed_hand_of_tricks(data: dict[str, Any]) -> None:
    assert not validates(data, json_schema(HAND_OF_TRICKS, 4))
    with pytest.raises(AdjudicationError):
        parse_record(HAND_OF_TRICKS, data, PARTNERS)


def test_the_json_schema_requires_what_cannot_be_left_out() -> None:
    assert json_schema(HANDS, 4)["required"] == ["went_out", "hands"]
    assert json_schema(HAND_OF_TRICKS, 4)["required"] == ["first_five", "won", "captures", "tricks"]
    # Fields of a way are required only by the way: the schema leaves them to the parser.
    assert json_schema(TWO_WAYS, 4)["required"] == []


def test_openapi_has_no_null_type_so_a_nobody_field_is_nullable() -> None:
    schema = openapi_schema(json_schema(HAND_OF_TRICKS, 4))
    assert schema["properties"]["dealer"] == {
        "type": "integer",
        "minimum": 0,
        "maximum": 3,
        "description": "Who dealt?",
        "nullable": True,
    }
    assert schema["properties"]["call"]["type"] == "integer"
    assert schema["properties"]["call"]["nullable"] is True
    assert "nullable" not in schema["properties"]["first_five"]
    assert '"null"' not in json.dumps(schema)


def test_openapi_schema_reaches_into_nested_lists_and_leaves_other_types_alone() -> None:
    schema = {
        "oneOf": [{"type": ["string", "null"]}, {"type": ["integer", "string", "null"]}],
        "items": {"type": "boolean"},
    }
    assert openapi_schema(schema) == {
        "oneOf": [
            {"type": "string", "nullable": True},
            {"type": ["integer", "string"], "nullable": True},
        ],
        "items": {"type": "boolean"},
    }


@pytest.mark.parametrize("slug", ["bridge-rummy", "brummy", "brummagem"])
@pytest.mark.parametrize("players", [2, 5])
def test_a_real_games_schema_is_a_valid_schema_and_openapi_has_no_null(
    slug: str, players: int
) -> None:
    game = get_game(slug)
    schema = json_schema(game.record(game.options(), players), players)
    jsonschema.Draft202012Validator.check_schema(schema)
    assert '"null"' not in json.dumps(openapi_schema(schema))


def test_a_record_with_two_ways_takes_exactly_one_of_them() -> None:
    """json_schema's oneOf: a deal gives the fields of one way, never of two, never of none."""
    game = next(g for g in all_games() if g.record(g.options(), g.max_players).ways)
    players = game.max_players
    record = game.record(game.options(), players)
    schema = json_schema(record, players)
    assert len(schema["oneOf"]) == len(record.ways) >= 2
    sample = game.sample_deal(players=players, options=game.options(), number=1)
    jsonschema.validate(sample, schema)
    mine = next(w for w in record.ways if any(k in sample for k in w.fields))
    other = next(w for w in record.ways if w is not mine and set(w.fields) - set(mine.fields))
    extra = next(k for k in other.fields if k not in mine.fields)
    ways = {"oneOf": schema["oneOf"]}  # the ways alone: only which keys are there counts
    jsonschema.validate(sample, ways)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**sample, extra: 0}, ways)  # two ways at once
    # Another way's field sent as null is left out (a client typed from the schema sends it so).
    jsonschema.validate({**sample, extra: None}, ways)
    assert record.way_of({**sample, extra: None}) is mine
    neither = {k: v for k, v in sample.items() if k not in mine.fields}
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(neither, ways)  # no way at all
