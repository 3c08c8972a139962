"""Voormsi as a game on the contract: seats and sides, the record two ways, one hand scored, the
ladder as the end rule (bounce, exactly 9, the call, the partner capture), and the questions."""

from __future__ import annotations

import json
from typing import Any

import jsonschema
import pytest

from adjudicator.errors import AdjudicationError, GameOverError
from adjudicator.game import ExactTarget
from adjudicator.games import get_game
from adjudicator.messages import Message, render
from adjudicator.records import describe, json_schema
from adjudicator.said import Naming
from adjudicator.tally import Tally
from adjudicator.tricks.voormsi import (
    Hand,
    HandScore,
    Ladder,
    Options,
    QuickHand,
    Table,
    climb,
    ladder_after,
    score_hand,
    summarize,
)
from adjudicator.tricks.voormsi.game import Voormsi
from tests.adjudicator.tricks.voormsi.simulate import play_hand, record

GAME = Voormsi()
OPTIONS = GAME.options()
NAMES = {
    2: Naming(("Ann", "Ben")),
    3: Naming(("Ann", "Ben", "Cy")),
    4: Naming(("Ann", "Ben", "Cy", "Di"), ((0, 2), (1, 3))),
}
# Trick 1: seat 1 leads the KH, seat 2's JC takes it (a JC capture for seats 2 and 4); trick 2:
# seat 2 leads and seats 1 and 3 win it, so seats 2 and 4 may call straight after.
JC_CAPTURE_THEN_LOSS = [["KH", "JC", "5D", "6D"], ["5C", "9C", "5S", "6S"]]


def parse(data: dict[str, Any], players: int = 4, options: Options = OPTIONS) -> Any:
    return GAME.parse_deal(data, players=players, options=options)


def tally(*deals: dict[str, Any], players: int = 4) -> Tally:
    return GAME.tally([parse(d, players) for d in deals], players=players, options=OPTIONS)


def refusal(data: dict[str, Any], players: int = 4) -> AdjudicationError:
    with pytest.raises(AdjudicationError) as caught:
        parse(data, players)
    return caught.value


def named(text: str, players: int = 4) -> str:
    return render(text, "en", NAMES[players])


# --- The game's description -------------------------------------------------------------------


def test_voormsi_is_in_the_list_of_games() -> None:
    game = get_game("voormsi")
    assert isinstance(game, Voormsi)
    assert (game.name, game.family, game.min_players, game.max_players) == (
        "Voormsi",
        "tricks",
        2,
        4,
    )
    assert game.lower_is_better is False


@pytest.mark.parametrize(
    ("players", "sides", "units"),
    [
        pytest.param(4, ((0, 2), (1, 3)), ((0, 2), (1, 3)), id="7a-four-in-crosswise-sides"),
        pytest.param(3, (), ((0,), (1,), (2,)), id="7a-three-each-alone"),
        pytest.param(2, (), ((0,), (1,)), id="7a-two-each-alone"),
    ],
)
def test_seating(players: int, sides: tuple[Any, ...], units: tuple[Any, ...]) -> None:
    seating = GAME.seating(players, OPTIONS)
    assert (seating.players, seating.sides, seating.units) == (players, sides, units)
    # The library numbers its sides the same way.
    assert Table(players).sides == units


@pytest.mark.parametrize("players", [1, 5])
def test_other_table_sizes_are_refused(players: int) -> None:
    with pytest.raises(AdjudicationError) as caught:
        GAME.seating(players, OPTIONS)
    assert (caught.value.code, caught.value.field) == ("bad_entry", "seats")


@pytest.mark.parametrize(("players", "target"), [(2, 9), (3, 12), (4, 9)])
def test_the_end_rule_is_the_ladder_to_exactly_the_target(players: int, target: int) -> None:
    assert GAME.end_rule(OPTIONS, players) == ExactTarget(target)


def test_the_record_has_two_ways_and_follows_the_table() -> None:
    four = describe(GAME.record(OPTIONS, 4))
    assert [(w["key"], w["fields"]) for w in four["ways"]] == [
        ("tricks", ["dealer", "tricks"]),
        ("quick", ["won", "first_five", "captures"]),
    ]
    fields = {f["key"]: f for f in four["fields"]}
    assert [f["kind"] for f in four["fields"]] == [
        "seat",
        "tricks",
        "per_side",
        "side",
        "events",
        "side",
    ]
    assert fields["tricks"]["max_tricks"] == 9
    assert [e["value"] for e in fields["captures"]["events"]] == [
        "simple",
        "jc",
        "partner",
        "3d",
        "3d_double",
    ]
    assert all(e["label"].strip() for e in fields["captures"]["events"])
    three = describe(GAME.record(OPTIONS, 3))
    keys = {f["key"]: f for f in three["fields"]}
    # 7a: no first-five bonus at three players, and no partner to capture from without sides.
    assert "first_five" not in keys
    assert keys["tricks"]["max_tricks"] == 12
    assert keys["won"]["entry"]["maximum"] == 12
    assert "partner" not in [e["value"] for e in keys["captures"]["events"]]
    two = describe(GAME.record(OPTIONS, 2))
    assert "partner" not in [
        e["value"] for f in two["fields"] if f["key"] == "captures" for e in f["events"]
    ]


# --- The record, both ways --------------------------------------------------------------------

ROUND_TRIPS = [
    pytest.param(4, {"won": [6, 3]}, id="quick-bare"),
    pytest.param(
        4,
        {
            "won": [1, 1],
            "first_five": None,
            "captures": [{"event": "jc", "side": 1}],
            "call": 1,
        },
        id="quick-called",
    ),
    pytest.param(
        4, {"won": [1, 0], "captures": [{"event": "partner", "side": 0}]}, id="quick-partner"
    ),
    pytest.param(3, {"won": [6, 4, 2], "captures": [{"event": "3d", "side": 2}]}, id="quick-3"),
    pytest.param(2, {"won": [5, 4], "first_five": 0}, id="quick-2"),
    pytest.param(4, record(4, JC_CAPTURE_THEN_LOSS, call=1), id="tricks-called"),
    pytest.param(4, record(4, [["KH", "5D", "JC", "6D"]], leader=0), id="tricks-partner"),
    pytest.param(4, play_hand(3, 4, dealer=True), id="tricks-dealer-held"),
    pytest.param(3, play_hand(5, 3), id="tricks-3"),
    pytest.param(2, play_hand(7, 2, multi=0.6), id="tricks-2"),
]


@pytest.mark.parametrize(("players", "data"), ROUND_TRIPS)
def test_both_ways_round_trip_through_the_canonical_form(
    players: int, data: dict[str, Any]
) -> None:
    deal = parse(data, players)
    assert isinstance(deal, Hand if "tricks" in data else QuickHand)
    canonical = GAME.deal_as_data(deal, players=players, options=OPTIONS)
    jsonschema.validate(canonical, json_schema(GAME.record(OPTIONS, players), players))
    again = parse(json.loads(json.dumps(canonical)), players)
    assert again == deal
    assert GAME.deal_as_data(again, players=players, options=OPTIONS) == canonical


def test_the_canonical_forms() -> None:
    quick = parse({"won": [6, 3], "first_five": None})
    assert GAME.deal_as_data(quick, players=4, options=OPTIONS) == {"won": [6, 3], "captures": []}
    hand = parse({**record(4, JC_CAPTURE_THEN_LOSS, call=1), "dealer": 3})
    assert GAME.deal_as_data(hand, players=4, options=OPTIONS) == {
        "dealer": 3,
        "tricks": [
            {
                "plays": [
                    {"seat": 0, "cards": "KH"},
                    {"seat": 1, "cards": "JC"},
                    {"seat": 2, "cards": "5D"},
                    {"seat": 3, "cards": "6D"},
                ]
            },
            {
                "plays": [
                    {"seat": 1, "cards": "5C"},
                    {"seat": 2, "cards": "9C"},
                    {"seat": 3, "cards": "5S"},
                    {"seat": 0, "cards": "6S"},
                ]
            },
        ],
        "call": 1,
    }


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(12))
def test_a_hand_recorded_both_ways_scores_and_climbs_the_same(players: int, seed: int) -> None:
    data = play_hand(seed, players, held=0.2)
    hand = parse(data, players)
    table = Table.for_players(players, OPTIONS)
    quick = GAME.deal_as_data(summarize(hand, table, OPTIONS), players=players, options=OPTIONS)
    before = {"won": [6, 4, 2]} if players == 3 else {"won": [5, 4]}
    by_tricks = tally(before, data, players=players)
    by_quick = tally(before, quick, players=players)
    assert by_tricks.totals == by_quick.totals
    assert by_tricks.winners == by_quick.winners
    assert [r.points for r in by_tricks.deals[-1].results] == [
        r.points for r in by_quick.deals[-1].results
    ]


# --- Refusals -----------------------------------------------------------------------------------

REFUSALS = [
    pytest.param(
        4,
        record(4, [["KH", "5D", "9C", "6D"]]),
        "incomplete_hand",
        "tricks",
        (),
        id="incomplete-hand",
    ),
    pytest.param(
        4,
        {"tricks": [{"plays": [{"seat": 0, "cards": "9C"}, {"seat": 2, "cards": "5D"}]}]},
        "out_of_turn",
        "tricks[0].plays[1].seat",
        (2, 1),
        id="out-of-turn",
    ),
    pytest.param(
        4,
        record(4, [["9C", "5D", "6D", "8D"], ["9S", "AS", "5D", "AH"]]),
        "too_many_copies",
        "tricks[1].plays[2].cards",
        (2,),
        id="card-played-twice",
    ),
    pytest.param(
        4,
        record(4, [["9C 9S", "AH", "5D", "6D"]]),
        "illegal_play",
        "tricks[0].plays[1].cards",
        (1,),
        id="7a-as-many-cards-as-led",
    ),
    pytest.param(
        4,
        {
            "tricks": [
                {
                    "plays": [
                        {"seat": 0, "cards": "9C"},
                        {"seat": 1, "cards": "JC"},
                        {"seat": 2, "cards": "5D"},
                        {"seat": 3, "cards": "6D"},
                    ],
                    "held": [{"seat": 2, "cards": "KH"}],
                }
            ]
        },
        "compulsory_play",
        "tricks[0].plays[2].cards",
        (2,),
        id="V-4-the-KH-onto-a-winning-JC",
    ),
    pytest.param(
        4,
        {"tricks": [{"plays": []}]},
        "bad_entry",
        "tricks[0].plays",
        (),
        id="a-trick-of-no-plays",
    ),
    pytest.param(
        4,
        {"tricks": [{"plays": [{"seat": 0, "cards": "9C"}], "held": [{"seat": 1, "cards": ""}]}]},
        "bad_entry",
        "tricks[0].held[0].cards",
        (1,),
        id="held-names-no-card",
    ),
    pytest.param(
        4,
        record(4, JC_CAPTURE_THEN_LOSS, call=0),
        "illegal_call",
        "call",
        (0, 2),
        id="V-10-call-after-winning-the-trick",
    ),
    pytest.param(4, {"won": [5, 3]}, "impossible_hand", "won", (), id="quick-short"),
    pytest.param(4, {"won": [10, 0]}, "bad_entry", "won[0]", (), id="quick-past-nine"),
    pytest.param(
        4,
        {"won": [3, 6], "first_five": 0},
        "impossible_hand",
        "first_five",
        (0, 2),
        id="first-five-with-three-tricks",
    ),
    pytest.param(
        4,
        {"won": [9, 0], "captures": [{"event": "jc", "side": 1}]},
        "impossible_hand",
        "first_five",
        (0, 2),
        id="all-nine-needs-the-first-five",
    ),
    pytest.param(
        4,
        {"won": [5, 4], "captures": [{"event": "jc", "side": 1}, {"event": "3d", "side": 0}]},
        "impossible_hand",
        "captures",
        (),
        id="one-KH-one-capture",
    ),
    pytest.param(
        4,
        {"won": [9, 0], "first_five": 0, "call": 1},
        "illegal_call",
        "call",
        (1, 3),
        id="V-10-no-call-once-played-out",
    ),
    pytest.param(
        3,
        {"won": [6, 4, 2], "first_five": 0},
        "bad_entry",
        "first_five",
        (),
        id="7a-no-first-five-at-three",
    ),
    pytest.param(
        2,
        {"won": [5, 4], "captures": [{"event": "partner", "side": 0}]},
        "bad_entry",
        "captures[0].event",
        (),
        id="V-20-no-partner-at-two",
    ),
    pytest.param(4, {"won": [5, 4], "tricks": []}, "bad_entry", "deal", (), id="both-ways-at-once"),
    pytest.param(4, {"call": 1}, "bad_entry", "deal", (), id="neither-way"),
    pytest.param(4, {"won": [5, 4], "call": 2}, "bad_entry", "call", (), id="no-side-3"),
]


@pytest.mark.parametrize(("players", "data", "code", "field", "seats"), REFUSALS)
def test_refusals_carry_their_field_and_seats(
    players: int, data: dict[str, Any], code: str, field: str, seats: tuple[int, ...]
) -> None:
    err = refusal(data, players)
    assert (err.code, err.field, err.seats) == (code, field, seats)
    json.dumps(err.as_dict())


def test_a_refusal_names_the_players() -> None:
    err = refusal({"tricks": [{"plays": [{"seat": 0, "cards": "9C"}, {"seat": 2, "cards": "5D"}]}]})
    assert isinstance(err.message, Message)
    assert named(err.message) == "Cy played out of turn: after Ann led, it was Ben's turn."
    call = refusal(record(4, JC_CAPTURE_THEN_LOSS, call=0))
    assert named(call.message) == (
        "Ann and Cy won the last trick: a side may call only straight after losing a trick (V-10)."
    )


# --- One hand scored ----------------------------------------------------------------------------


def test_a_hand_scores_per_side_with_its_working_and_a_summary() -> None:
    result = tally({"won": [7, 2], "first_five": 0, "captures": [{"event": "jc", "side": 1}]})
    deal = result.deals[0]
    assert [r.seat for r in deal.results] == [0, 1]
    assert [r.points for r in deal.results] == [4, 2]
    assert deal.results[0].explanation == (
        "7 tricks: more than five score 1 + (7 - 5) = 3 (V-1)",
        "won the first five tricks in a row: +1 (7a)",
        "ladder: 0 + 4 = 4",
    )
    assert named(deal.summary) == "Ann and Cy's side won the hand, 7 tricks to 2."
    assert deal.results[1].detail["tricks"] == 2


def test_the_ladder_line_shows_the_bounce_through_the_tally() -> None:
    seven = {"won": [8, 1], "first_five": 0, "captures": [{"event": "jc", "side": 0}]}  # 4+1+2
    four = {"won": [7, 2], "first_five": 0}  # 3 + 1
    result = tally(seven, four)
    assert [d.totals for d in result.deals] == [(7, 0), (7, 0)]
    assert result.deals[1].results[0].points == 4
    assert result.deals[1].results[0].explanation[-1] == (
        "ladder: 7 + 4 = 11, 2 over 9: back to 7 (7a)"
    )
    assert not result.finished


@pytest.mark.parametrize("target", [9, 12])
def test_the_tallys_bounce_is_the_librarys_climb(target: int) -> None:
    rule = ExactTarget(target)
    for before in range(target + 1):
        for earned in range(3 * target):
            assert rule.bounce(before + earned) == climb(before, earned, target)[0]


def test_the_first_side_exactly_on_nine_wins() -> None:
    result = tally(
        {"won": [8, 1], "first_five": 0, "captures": [{"event": "jc", "side": 0}]},  # 7
        {"won": [6, 3]},  # 7 + 2
    )
    assert result.finished
    assert (result.totals, result.winners) == ((9, 0), (0,))
    assert named(result.status) == "Game over: Ann and Cy's side wins on 9."


def test_two_sides_landing_on_nine_together_share_the_win() -> None:
    result = tally(
        {"won": [8, 1], "first_five": 0, "captures": [{"event": "jc", "side": 0}]},  # 7, 0
        {"won": [1, 8], "first_five": 1, "captures": [{"event": "jc", "side": 1}]},  # 7, 7
        {"won": [6, 3], "captures": [{"event": "jc", "side": 1}]},  # 9, 9
    )
    assert (result.totals, result.winners) == ((9, 9), (0, 1))


def test_a_partner_capture_ends_the_game_with_the_opponents_winning() -> None:
    # Seats 1 and 3 stand on 2; seat 3's JC takes seat 1's winning KH.
    for capture in (
        record(4, [["KH", "5D", "JC", "6D"]]),
        {"won": [1, 0], "captures": [{"event": "partner", "side": 0}]},
    ):
        result = tally({"won": [6, 3]}, capture)
        assert result.finished
        assert (result.totals, result.winners) == ((0, 0), (1,))
        last = result.deals[-1]
        assert [r.points for r in last.results] == [-2, 0]
        assert last.results[0].explanation[-1] == "ladder: 2 back to 0, and the game ends (7a)"
        assert named(last.summary) == (
            "Ann and Cy's side made a partner capture: the game ends, Ben and Di's side winning."
        )
        with pytest.raises(GameOverError):
            tally({"won": [6, 3]}, capture, {"won": [6, 3]})
    line = tally(record(4, [["KH", "5D", "JC", "6D"]])).deals[0].results[0].explanation[0]
    assert named(line) == (
        "partner capture in trick 1: Cy's JC took their partner Ann's winning KH: Ann and Cy go "
        "back to 0 and the game ends, Ben and Di winning"
    )


def test_a_partner_capture_wins_even_for_a_side_behind() -> None:
    result = tally(
        {"won": [8, 1], "first_five": 0},  # 5, 0
        {"won": [1, 0], "captures": [{"event": "partner", "side": 0}]},
    )
    assert (result.totals, result.winners) == ((0, 0), (1,))


# Seats 2 and 4 stand on 7 (5, then 2); then a JC capture (+2) and a lost trick: they call.
TO_SEVEN = ({"won": [1, 8], "first_five": 1}, {"won": [3, 6]})


def test_a_stoppage_call_on_exactly_nine_ends_the_game_with_the_caller_winning() -> None:
    for call in (
        record(4, JC_CAPTURE_THEN_LOSS, call=1),
        {"won": [1, 1], "captures": [{"event": "jc", "side": 1}], "call": 1},
    ):
        result = tally(*TO_SEVEN, call)
        assert result.finished
        assert (result.totals, result.winners) == ((0, 9), (1,))
        last = result.deals[-1]
        assert named(last.results[1].explanation[0]) == (
            "Ben and Di called the hand over after losing a trick: the points earned so far count"
        )
        assert last.results[1].explanation[-1] == "ladder: 7 + 2 = 9: exactly 9 (7a)"
        assert named(last.summary) == (
            "Ben and Di's side called the hand over; tricks so far: Ann and Cy's side 1, "
            "Ben and Di's side 1."
        )


def test_a_call_wins_alone_even_when_the_other_side_lands_on_nine() -> None:
    # Both sides on 7. Seats 2 and 4 make a JC capture (+2), lose a trick and call; seats 1 and
    # 3 have six tricks by then (+2). Both stand on 9, but the call wins it for the caller
    # alone (the library's ladder), where the tally's own rule would share it.
    result = tally(
        {"won": [8, 1], "first_five": 0, "captures": [{"event": "jc", "side": 0}]},
        {"won": [1, 8], "first_five": 1, "captures": [{"event": "jc", "side": 1}]},
        {"won": [6, 1], "captures": [{"event": "jc", "side": 1}], "call": 1},
    )
    assert (result.totals, result.winners) == ((9, 9), (1,))
    library = Ladder.start(4)
    for points, call in (((7, 0), None), ((0, 7), None), ((2, 2), 1)):
        library = ladder_after(library, HandScore(points, (0, 0), (), call=call))
    assert (library.points, library.winners) == (result.totals, result.winners)


def test_a_call_that_does_not_make_exactly_nine_is_refused_when_tallied() -> None:
    deals = [parse({"won": [3, 6]}), parse(record(4, JC_CAPTURE_THEN_LOSS, call=1))]
    with pytest.raises(AdjudicationError) as caught:
        GAME.tally(deals, players=4, options=OPTIONS)
    err = caught.value
    assert (err.code, err.field, err.seats) == ("illegal_call", "call", (1, 3))
    assert named(err.message) == (
        "Ben and Di called the hand over, but 2 + 2 = 4, not exactly 9: a call must make "
        "exactly 9 (V-19)."
    )


def test_a_hand_after_the_game_ended_is_refused() -> None:
    deals = [
        parse({"won": [8, 1], "first_five": 0, "captures": [{"event": "jc", "side": 0}]}),
        parse({"won": [6, 3]}),
    ]
    assert GAME.tally(deals, players=4, options=OPTIONS).finished
    with pytest.raises(GameOverError) as caught:
        GAME.tally([*deals, parse({"won": [6, 3]})], players=4, options=OPTIONS)
    assert (caught.value.code, caught.value.field) == ("game_over", "deals[2]")


def test_a_lone_player_game_names_seats() -> None:
    result = tally({"won": [7, 3, 2], "captures": [{"event": "simple", "side": 1}]}, players=3)
    deal = result.deals[0]
    assert [r.points for r in deal.results] == [3, 1, 0]
    assert named(deal.summary, 3) == "Ann won the hand, 7 tricks to 3 and 2."
    assert named(result.status, 3) == "Ann leads with 3, 9 short of 12."


def test_every_hand_notes_the_variant_the_table_plays() -> None:
    assert [named(n) for n in GAME.notes(OPTIONS, 4)] == ["Ann and Cy play against Ben and Di"]
    assert GAME.notes(GAME.options({"trick_reading": "majority"}), 3) == [
        "house rule trick_reading: Five or more tricks: 5 score 1, 6 score 2",
        "three players, each alone: 12 tricks a hand, no first-five bonus",
    ]


# --- The tally against the library's ladder --------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize(
    "house", [{}, {"trick_reading": "majority", "all_nine_keeps_captures": True}]
)
def test_a_game_of_sample_hands_tallies_to_the_librarys_ladder(
    players: int, house: dict[str, Any]
) -> None:
    options = GAME.options(house)
    table = Table.for_players(players, options)
    deals: list[Any] = []
    ladder = Ladder.start(players)
    result = GAME.tally(deals, players=players, options=options)
    while not result.finished:
        assert len(deals) < 200
        raw = GAME.sample_deal(players=players, options=options, number=len(deals) + 1)
        deal = GAME.parse_deal(raw, players=players, options=options)
        deals.append(deal)
        result = GAME.tally(deals, players=players, options=options)
        ladder = ladder_after(ladder, score_hand(deal, table, options))
        assert result.totals == ladder.points
    assert ladder.finished
    assert result.winners == ladder.winners
    assert {type(d) for d in deals} == {Hand, QuickHand}, "samples record both ways"
    one_more = GAME.sample_deal(players=players, options=options, number=len(deals) + 1)
    with pytest.raises(GameOverError):
        GAME.tally(
            [*deals, GAME.parse_deal(one_more, players=players, options=options)],
            players=players,
            options=options,
        )


@pytest.mark.parametrize("players", [2, 3, 4])
def test_sample_deals_alternate_ways_and_round_trip(players: int) -> None:
    schema = json_schema(GAME.record(OPTIONS, players), players)
    for number in range(1, 7):
        data = GAME.sample_deal(players=players, options=OPTIONS, number=number)
        assert ("tricks" in data) == bool(number % 2)
        assert ("dealer" in data) == (number % 4 == 1)
        deal = parse(data, players)
        canonical = GAME.deal_as_data(deal, players=players, options=OPTIONS)
        jsonschema.validate(canonical, schema)
        assert parse(canonical, players) == deal


# --- Sentences as messages -----------------------------------------------------------------------


def test_library_sentences_keep_their_seats_as_data() -> None:
    # The library's sentences are messages: the seats they name are data, so the app puts the
    # players' names in without reading any prose (issue 27 replaced the regex that did).
    answer = GAME.ask("trick", {"players": 4, "plays": plays("KH", "JC", "5D", "6D")})
    steps = answer["explanation"]
    assert [str(line) for line in steps[:2]] == [
        "seat 1: KH led",
        "seat 2: JC takes the trick: KH and JC are equal: the second played wins (7a)",
    ]
    assert [named(line) for line in steps[:2]] == [
        "Ann: KH led",
        "Ben: JC takes the trick: KH and JC are equal: the second played wins (7a)",
    ]
    assert named(GAME.notes(OPTIONS, 4)[-1]) == "Ann and Cy play against Ben and Di"
    ladder = ladder_after(Ladder(3, (10, 11, 4)), HandScore((2, 1, 0), (0, 0, 0), ()))
    assert named(ladder.status(), 3) == "Ann and Ben share the win: exactly 12."


# --- Questions -------------------------------------------------------------------------------


def plays(*cards: str, first: int = 0, players: int = 4) -> list[dict[str, Any]]:
    return [{"seat": (first + i) % players, "cards": c} for i, c in enumerate(cards)]


def test_trick_question_says_who_wins_and_why() -> None:
    answer = GAME.ask("trick", {"players": 4, "plays": plays("9C", "KH", "JC", "5D")})
    assert answer["legal"] is True
    assert (answer["winner"], answer["side"], answer["rule"]) == (2, 0, "7a")
    assert answer["reason"] == "KH and JC are equal: the second played wins (7a)"
    assert answer["capture"] == "jc"
    assert answer["explanation"][-2:] == [
        "seat 3 wins the trick: KH and JC are equal: the second played wins (7a)",
        "JC capture: +2 (7a)",
    ]
    json.dumps(answer)


def test_trick_question_reads_the_house_rules() -> None:
    body = {"players": 4, "plays": plays("7H", "KS", "KC", "8S")}
    assert GAME.ask("trick", body)["winner"] == 1
    parlett = GAME.ask("trick", {**body, "options": {"ks_rule": "parlett"}})
    assert (parlett["winner"], parlett["reason"]) == (2, "the KC beats a led 7 (7a)")


@pytest.mark.parametrize(
    ("body", "code", "field", "seats"),
    [
        pytest.param(
            {"plays": plays("9C 9S", "AH", "5D", "6D")},
            "illegal_play",
            "plays[1].cards",
            [1],
            id="7a-as-many-as-led",
        ),
        pytest.param(
            {"plays": plays("9C", "JC", "5D", "6D"), "held": [{"seat": 2, "cards": "KH"}]},
            "compulsory_play",
            "plays[2].cards",
            [2],
            id="V-4-compulsory-play",
        ),
        pytest.param(
            {"plays": [{"seat": 0, "cards": "9C"}, {"seat": 2, "cards": "5D"}]},
            "out_of_turn",
            "plays[1].seat",
            [2, 1],
            id="out-of-turn",
        ),
    ],
)
def test_trick_question_says_why_a_play_is_illegal(
    body: dict[str, Any], code: str, field: str, seats: list[int]
) -> None:
    answer = GAME.ask("trick", {"players": 4, **body})
    assert answer["legal"] is False
    problem = answer["problem"]
    assert (problem["code"], problem["field"], problem["seats"]) == (code, field, seats)
    assert answer["explanation"] == [problem["message"]]


QUESTION_REFUSALS = [
    pytest.param("trick", {"plays": plays("9C")}, "bad_entry", "players", id="trick-no-players"),
    pytest.param(
        "trick", {"players": 5, "plays": plays("9C")}, "bad_entry", "players", id="trick-5"
    ),
    pytest.param("trick", {"players": 4}, "bad_entry", "plays", id="trick-no-plays"),
    pytest.param(
        "trick",
        {"players": 4, "plays": plays("9C", "ZZ")},
        "bad_card",
        "plays[1].cards",
        id="trick-bad-card",
    ),
    pytest.param(
        "trick",
        {"players": 4, "plays": plays("9C", "KD")},
        "not_in_pack",
        "plays[1].cards",
        id="trick-no-KD-in-voormsi",
    ),
    pytest.param(
        "trick",
        {
            "players": 4,
            "plays": plays("9C", "5D", "6D", "8D"),
            "held": [{"seat": 1, "cards": "5D"}],
        },
        "impossible_hand",
        "held[0].cards",
        id="trick-held-and-played",
    ),
    pytest.param("hand", {"won": [6, 3]}, "bad_entry", "players", id="hand-no-players"),
    pytest.param(
        "hand",
        {"players": 4, **record(4, [["KH", "5D", "9C", "6D"]])},
        "incomplete_hand",
        "tricks",
        id="hand-incomplete",
    ),
    pytest.param("hand", {"players": 4, "won": [6, 2]}, "impossible_hand", "won", id="hand-8"),
    pytest.param("ladder", {"players": 4}, "bad_entry", "hands", id="ladder-no-hands"),
    pytest.param(
        "ladder",
        {"players": 4, "hands": [[2, 0], [1, 2, 3]]},
        "bad_entry",
        "hands[1]",
        id="ladder-three-sides-at-four",
    ),
    pytest.param(
        "ladder",
        {"players": 4, "hands": [[8, 0]]},
        "bad_entry",
        "hands[0]",
        id="ladder-more-than-a-hand-can-score",
    ),
    pytest.param(
        "ladder",
        {"players": 4, "hands": [[7, 0], [2, 0], [1, 1]]},
        "game_over",
        "hands[2]",
        id="ladder-after-the-end",
    ),
    pytest.param(
        "ladder",
        {"players": 4, "hands": [[7, 0], {"points": [1, 0], "call": 0}]},
        "illegal_call",
        "hands[1].call",
        id="ladder-call-short-of-nine",
    ),
    pytest.param(
        "ladder",
        {"players": 4, "hands": [{"points": [1, 0], "call": 2}]},
        "bad_entry",
        "hands[0].call",
        id="ladder-call-no-such-side",
    ),
    pytest.param(
        "ladder",
        {"players": 3, "hands": [{"partner_capture": 0}]},
        "impossible_hand",
        "hands[0].partner_capture",
        id="ladder-partner-capture-needs-partners",
    ),
    pytest.param(
        "ladder",
        {"players": 4, "hands": [{"points": [1, 0], "colour": "red"}]},
        "bad_entry",
        "hands[0].colour",
        id="ladder-unknown-key",
    ),
]


@pytest.mark.parametrize(("question", "body", "code", "field"), QUESTION_REFUSALS)
def test_questions_refuse_bad_input_with_a_code_and_field(
    question: str, body: dict[str, Any], code: str, field: str
) -> None:
    with pytest.raises(AdjudicationError) as caught:
        GAME.ask(question, body)
    assert (caught.value.code, caught.value.field) == (code, field)


def test_hand_question_scores_a_quick_summary() -> None:
    answer = GAME.ask(
        "hand",
        {"players": 4, "won": [7, 2], "first_five": 0, "captures": [{"event": "jc", "side": 1}]},
    )
    assert answer["points"] == [4, 2]
    assert answer["hand"] == {
        "won": [7, 2],
        "first_five": 0,
        "captures": [{"event": "jc", "side": 1}],
    }
    assert answer["summary"] == "Seats 1 and 3 won the hand, 7 tricks to 2."
    assert answer["explanation"] == [
        "seats 1 and 3: 7 tricks: more than five score 1 + (7 - 5) = 3 (V-1)",
        "seats 2 and 4: 2 tricks: no trick points (V-1)",
        "seats 1 and 3: won the first five tricks in a row: +1 (7a)",
        "seats 2 and 4: JC capture: +2 (7a)",
        "seats 1 and 3 score 4",
        "seats 2 and 4 score 2",
    ]


def test_hand_question_scores_tricks_as_the_quick_summary_does() -> None:
    data = play_hand(11, 4, held=0.2)
    by_tricks = GAME.ask("hand", {"players": 4, **data})
    hand = parse(data)
    quick = GAME.deal_as_data(summarize(hand, Table(4), OPTIONS), players=4, options=OPTIONS)
    by_quick = GAME.ask("hand", {"players": 4, **quick})
    assert by_tricks["points"] == by_quick["points"]
    assert by_tricks["hand"] == GAME.deal_as_data(hand, players=4, options=OPTIONS)


def test_hand_question_on_a_call_says_the_ladder_checks_it() -> None:
    answer = GAME.ask("hand", {"players": 4, **record(4, JC_CAPTURE_THEN_LOSS, call=1)})
    assert answer["points"] == [0, 2]
    assert answer["call"] == 1
    assert answer["explanation"][-1] == (
        "the call stands only if these points take seats 2 and 4 to exactly 9 (V-19): the "
        "ladder question checks it"
    )


def test_ladder_question_explains_each_step_the_bounce_and_the_winner() -> None:
    answer = GAME.ask("ladder", {"players": 4, "hands": [[7, 2], [4, 0], [2, 3]]})
    assert [step["ladder"] for step in answer["steps"]] == [[7, 2], [7, 2], [9, 5]]
    assert (answer["finished"], answer["winners"], answer["ended_by"]) == (True, [0], "target")
    assert answer["explanation"] == [
        "hand 1: seats 1 and 3: 0 + 7 = 7",
        "hand 1: seats 2 and 4: 0 + 2 = 2",
        "hand 2: seats 1 and 3: 7 + 4 = 11, 2 over 9: back to 7 (7a)",
        "hand 2: seats 2 and 4: 2 + 0 = 2",
        "hand 3: seats 1 and 3: 7 + 2 = 9: exactly 9 (7a)",
        "hand 3: seats 2 and 4: 2 + 3 = 5",
        "Seats 1 and 3 win: exactly 9.",
    ]
    json.dumps(answer)


def test_ladder_question_at_three_players_climbs_to_twelve() -> None:
    answer = GAME.ask("ladder", {"players": 3, "hands": [[7, 2, 0], [5, 0, 9]]})
    assert (answer["target"], answer["points"], answer["finished"]) == (12, [12, 2, 9], True)
    assert answer["status"] == "Seat 1 wins: exactly 12."


def test_ladder_question_with_a_call_and_a_partner_capture() -> None:
    called = GAME.ask("ladder", {"players": 4, "hands": [[7, 2], {"points": [2, 1], "call": 0}]})
    assert (called["winners"], called["ended_by"]) == ([0], "call")
    assert called["points"] == [9, 3]
    partner = GAME.ask("ladder", {"players": 4, "hands": [[2, 7], {"partner_capture": 1}]})
    assert (partner["points"], partner["winners"]) == ([2, 0], [0])
    assert partner["explanation"][-1] == "Seats 1 and 3 win: the other side's partner capture."
