"""Alkort as a game on the contract: seats and sides, the record two ways, one hand scored, the
target as the end rule, the house rules, and the questions (trick, hand, tricks, exchange)."""

from __future__ import annotations

import json
from typing import Any

import jsonschema
import pytest

from adjudicator.errors import AdjudicationError, GameOverError
from adjudicator.game import Target
from adjudicator.games import get_game
from adjudicator.messages import Message, render
from adjudicator.records import describe, json_schema
from adjudicator.said import Naming
from adjudicator.tally import Tally
from adjudicator.tricks.alkort.game import Alkort
from adjudicator.tricks.alkort.rules import Options
from tests.adjudicator.tricks.alkort.test_hand import MUK, PLAIN, STROKE_7, record

GAME = Alkort()
OPTIONS = GAME.options()
NAMES = {
    2: Naming(("Ann", "Ben")),
    4: Naming(("Ann", "Ben", "Cy", "Di"), ((0, 2), (1, 3))),
}


def parse(data: dict[str, Any], players: int = 4, options: Options = OPTIONS) -> Any:
    return GAME.parse_deal(data, players=players, options=options)


def tally(*deals: dict[str, Any], players: int = 4, options: Options = OPTIONS) -> Tally:
    return GAME.tally([parse(d, players, options) for d in deals], players=players, options=options)


def refusal(data: dict[str, Any], players: int = 4) -> AdjudicationError:
    with pytest.raises(AdjudicationError) as caught:
        parse(data, players)
    return caught.value


# --- The game's description -------------------------------------------------------------------


def test_alkort_is_in_the_list_of_games() -> None:
    game = get_game("alkort")
    assert isinstance(game, Alkort)
    assert (game.name, game.family, game.lower_is_better) == ("Alkort", "tricks", False)
    assert len(game.pack(OPTIONS, 4)) == 44


@pytest.mark.parametrize(
    ("players", "sides", "units"),
    [
        pytest.param(4, ((0, 2), (1, 3)), ((0, 2), (1, 3)), id="8a-four-in-crosswise-sides"),
        pytest.param(2, (), ((0,), (1,)), id="8a-two-each-alone"),
    ],
)
def test_seating(players: int, sides: tuple[Any, ...], units: tuple[Any, ...]) -> None:
    GAME.check_players(players)
    seating = GAME.seating(players, OPTIONS)
    assert (seating.sides, seating.units) == (sides, units)


@pytest.mark.parametrize("players", [1, 3, 5])
def test_other_table_sizes_are_refused(players: int) -> None:
    with pytest.raises(AdjudicationError) as caught:
        GAME.check_players(players)
    assert (caught.value.code, caught.value.field) == ("bad_entry", "seats")
    if players == 3:
        assert "Treikort is the game for three" in caught.value.message


def test_three_is_not_a_table_size() -> None:
    # 8a: four in two sides, or two; Treikort is the game for three.
    assert GAME.table_sizes() == (2, 4)
    with pytest.raises(AdjudicationError) as caught:
        GAME.parse_deal({"won": [5, 1, 0]}, players=3, options=OPTIONS)
    assert (caught.value.code, caught.value.field) == ("bad_entry", "seats")
    assert "Treikort is the game for three" in caught.value.message


@pytest.mark.parametrize(
    ("house", "target"),
    [
        pytest.param({}, 10, id="8a-target-default-10"),
        pytest.param({"target": 3}, 3, id="8a-target-3"),
    ],
)
def test_the_end_rule_is_a_target(house: dict[str, Any], target: int) -> None:
    assert GAME.end_rule(GAME.options(house), 4) == Target(target)


def test_the_record_has_two_ways() -> None:
    described = describe(GAME.record(OPTIONS, 4))
    assert [(w["key"], w["fields"]) for w in described["ways"]] == [
        ("tricks", ["dealer", "tricks"]),
        ("quick", ["won", "first_five"]),
    ]
    fields = {f["key"]: f for f in described["fields"]}
    assert [f["kind"] for f in described["fields"]] == ["seat", "tricks", "per_side", "side"]
    assert (fields["tricks"]["max_tricks"], fields["tricks"]["max_cards_per_play"]) == (9, 1)
    assert fields["won"]["entry"]["maximum"] == 9
    assert "side" in fields["won"]["label"]
    two = {f["key"]: f for f in describe(GAME.record(OPTIONS, 2))["fields"]}
    assert "player" in two["won"]["label"]


# --- The record, both ways --------------------------------------------------------------------

ROUND_TRIPS = [
    pytest.param(4, {"won": [5, 3]}, id="quick-plain"),
    pytest.param(4, {"won": [1, 7], "first_five": 1}, id="quick-stroke"),
    pytest.param(2, {"won": [9, 0], "first_five": 0}, id="quick-two-players-all-nine"),
    pytest.param(4, {"tricks": record(4, PLAIN)}, id="tricks-plain"),
    pytest.param(4, {"dealer": 3, "tricks": record(4, STROKE_7)}, id="tricks-stroke-with-dealer"),
]


@pytest.mark.parametrize(("players", "data"), ROUND_TRIPS)
def test_both_ways_round_trip_and_match_the_schema(players: int, data: dict[str, Any]) -> None:
    deal = parse(data, players)
    shown = GAME.deal_as_data(deal, players=players, options=OPTIONS)
    assert shown == data
    assert parse(json.loads(json.dumps(shown)), players) == deal
    jsonschema.validate(shown, json_schema(GAME.record(OPTIONS, players), players))


def test_a_hand_recorded_both_ways_scores_the_same() -> None:
    by_tricks = tally({"tricks": record(4, STROKE_7)})
    quick = tally({"won": [7, 1], "first_five": 0})
    assert by_tricks.totals == quick.totals == (7, 0)
    assert (
        str(by_tricks.deals[0].summary) == "Side 1 made a stroke of 7: the first 7 tricks in a row."
    )
    assert by_tricks.deals[0].results[0].detail["streak"] == 7


@pytest.mark.parametrize(
    ("data", "summary", "totals"),
    [
        pytest.param({"won": [5, 3]}, "Side 1 won the hand, 5 tricks to 3.", (1, 0), id="8a-plain"),
        pytest.param(
            {"tricks": record(4, MUK)},
            "Side 1 made a múk: the first five tricks in a row, 5 to 1.",
            (5, 0),
            id="8a-muk",
        ),
    ],
)
def test_a_hand_is_summed_up_for_the_tally(
    data: dict[str, Any], summary: str, totals: tuple[int, int]
) -> None:
    result = tally(data)
    assert (str(result.deals[0].summary), result.totals) == (summary, totals)
    assert isinstance(result.deals[0].summary, Message)
    assert result.deals[0].summary.named(NAMES[4]).startswith("Ann and Cy's side")


def test_the_two_player_game_names_the_player() -> None:
    result = tally({"won": [2, 5]}, players=2)
    assert result.deals[0].summary.named(NAMES[2]) == "Ben won the hand, 5 tricks to 2."
    assert result.totals == (0, 1)


# --- Refusals through the record -----------------------------------------------------------

REFUSALS = [
    pytest.param(
        {"tricks": [{"plays": [{"seat": 1, "cards": "7H"}, {"seat": 2, "cards": "AS"}]}]},
        "seven_led_too_soon",
        "tricks[0].plays[0].cards",
        (1,),
        id="8a-a-7-led-before-winning-a-trick",
    ),
    pytest.param(
        {"tricks": [*record(4, PLAIN[:1]), *record(4, [["4S", "JH", "2C", "AS"]], leader=1)]},
        "too_many_copies",
        "tricks[1].plays[3].cards",
        (0,),
        id="8a-a-card-already-played",
    ),
    pytest.param(
        {"dealer": 0, "tricks": record(4, PLAIN)},
        "out_of_turn",
        "tricks[0].plays[0].seat",
        (0, 1),
        id="A-6-the-dealers-left-leads",
    ),
    pytest.param(
        {"tricks": record(4, [*PLAIN, ["KD", "2H", "JD", "JC"]])},
        "impossible_hand",
        "tricks[6]",
        (),
        id="8a-no-trick-after-the-fifth",
    ),
    pytest.param(
        {"tricks": record(4, PLAIN[:4])},
        "incomplete_hand",
        "tricks",
        (),
        id="8a-the-hand-is-not-over",
    ),
    pytest.param(
        {"tricks": [{"plays": [{"seat": 0, "cards": "AS"}], "held": [{"seat": 1, "cards": "KD"}]}]},
        "bad_entry",
        "tricks[0].held",
        (1,),
        id="8a-nothing-is-held-in-alkort",
    ),
    pytest.param(
        {"tricks": [{"plays": [{"seat": 0, "cards": "10H"}]}]},
        "not_in_pack",
        "tricks[0].plays[0].cards",
        (0,),
        id="8a-no-10s-in-the-pack",
    ),
    pytest.param(
        {"tricks": [{"plays": [{"seat": 0, "cards": "9C 9S"}]}]},
        "bad_entry",
        "tricks[0].plays[0].cards",
        (0,),
        id="8a-one-card-a-play",
    ),
    pytest.param({"won": [6, 2]}, "impossible_hand", "won", (), id="8a-quick-no-six-without-muk"),
    pytest.param({"won": [5]}, "bad_entry", "won", (), id="quick-one-count-per-side"),
    pytest.param(
        {"won": [5, 1], "first_five": 2}, "bad_entry", "first_five", (), id="quick-two-sides"
    ),
    pytest.param({"won": [5, 1], "tricks": []}, "bad_entry", "deal", (), id="one-way-at-a-time"),
]


@pytest.mark.parametrize(("data", "code", "field", "seats"), REFUSALS)
def test_refusals_carry_their_code_field_and_seats(
    data: dict[str, Any], code: str, field: str, seats: tuple[int, ...]
) -> None:
    err = refusal(data)
    assert (err.code, err.field, err.seats) == (code, field, seats)


def test_a_refusal_names_the_players() -> None:
    err = refusal({"tricks": [{"plays": [{"seat": 1, "cards": "7H"}, {"seat": 2, "cards": "AS"}]}]})
    assert render(err.message, "en", NAMES[4]) == (
        "Ben led the 7H without having won a trick this hand: a 7 may be led only by a player "
        "who has already won a trick (8a)."
    )


# --- The game, to its target ------------------------------------------------------------------


def test_the_first_side_to_the_target_wins_and_no_hand_follows() -> None:
    options = GAME.options({"target": 6})
    result = tally({"won": [5, 2]}, {"won": [1, 5], "first_five": 1}, options=options)
    assert result.totals == (1, 5) and not result.finished
    result = tally(
        {"won": [5, 2]}, {"won": [1, 5], "first_five": 1}, {"won": [3, 5]}, options=options
    )
    assert result.finished and result.winners == (1,)
    assert str(result.status) == "Game over: Side 2 wins on 6."
    with pytest.raises(GameOverError):
        tally(
            {"won": [5, 2]},
            {"won": [1, 5], "first_five": 1},
            {"won": [3, 5]},
            {"won": [5, 3]},
            options=options,
        )


def test_the_notes_say_who_plays_with_whom_and_the_house_rules() -> None:
    notes = tally({"won": [5, 3]}, options=GAME.options({"two_beats_three": True})).notes
    assert notes[0] == "house rule Two beats three: on"
    assert str(notes[1]) == "Seats 1 and 3 play against seats 2 and 4"
    assert "nobody shows a partner a card" in tally({"won": [5, 3]}, players=2).notes[-1]


@pytest.mark.parametrize("players", [2, 4])
def test_sample_deals_alternate_ways_and_make_a_game(players: int) -> None:
    samples = [GAME.sample_deal(players=players, options=OPTIONS, number=n) for n in range(1, 9)]
    assert all("tricks" in s for s in samples[::2])
    assert all("won" in s for s in samples[1::2])
    assert samples[0]["dealer"] == 0 and "dealer" not in samples[2]
    for data in samples:
        assert GAME.deal_as_data(parse(data, players), players=players, options=OPTIONS) == data
    # Some sample hands are múks or strokes, so the samples show every kind of score.
    scores = {max(tally(s, players=players).totals) for s in samples}
    assert 1 in scores and scores - {1}


# --- Questions: trick ------------------------------------------------------------------------


def test_trick_question_says_who_wins_and_why() -> None:
    plays = [
        {"seat": 1, "cards": "QH"},
        {"seat": 2, "cards": "3C"},
        {"seat": 3, "cards": "2S"},
        {"seat": 0, "cards": "7C"},
    ]
    answer = GAME.ask("trick", {"players": 4, "plays": plays})
    assert (answer["legal"], answer["winner"], answer["side"], answer["rule"]) == (
        True,
        2,
        0,
        "A-2",
    )
    assert answer["explanation"][-1] == (
        "Seat 3 wins the trick: the QH was led and nothing of value followed (a 7 that follows "
        "counts for nothing): the first 2 or 3 played, the 3C, takes it (8a, A-2)"
    )
    house = GAME.ask("trick", {"players": 4, "plays": plays, "options": {"two_beats_three": True}})
    assert house["winner"] == 3


@pytest.mark.parametrize(
    ("body", "code", "field"),
    [
        pytest.param(
            {"plays": [{"seat": 0, "cards": "7S"}, {"seat": 1, "cards": "AS"}]},
            "seven_led_too_soon",
            "plays[0].cards",
            id="8a-a-7-led-by-one-who-has-won-nothing",
        ),
        pytest.param(
            {"plays": [{"seat": 0, "cards": "9S"}, {"seat": 1, "cards": "AS"}]},
            "illegal_play",
            "plays",
            id="8a-a-trick-of-two-at-four",
        ),
        pytest.param(
            {"plays": [{"seat": 0, "cards": "9S"}, {"seat": 3, "cards": "AS"}]},
            "out_of_turn",
            "plays[1].seat",
            id="8a-out-of-turn",
        ),
    ],
)
def test_trick_question_says_why_a_play_is_illegal(
    body: dict[str, Any], code: str, field: str
) -> None:
    answer = GAME.ask("trick", {"players": 4, **body})
    assert answer["legal"] is False
    assert (answer["problem"]["code"], answer["problem"]["field"]) == (code, field)
    json.dumps(answer)


def test_trick_question_lets_a_7_be_led_by_one_who_has_won() -> None:
    plays = [{"seat": 0, "cards": "7S"}, {"seat": 1, "cards": "KD"}]
    answer = GAME.ask("trick", {"players": 2, "plays": plays, "leader_has_won": True})
    assert (answer["legal"], answer["winner"]) == (True, 0)


# --- Questions: hand ------------------------------------------------------------------------


def test_hand_question_scores_tricks_as_the_quick_summary_does() -> None:
    by_tricks = GAME.ask("hand", {"players": 4, "tricks": record(4, STROKE_7)})
    quick = GAME.ask("hand", {"players": 4, "won": [7, 1], "first_five": 0})
    for key in ("points", "won", "winner", "streak"):
        assert by_tricks[key] == quick[key]
    assert quick["points"] == [7, 0]
    assert quick["summary"] == "Seats 1 and 3 made a stroke of 7: the first 7 tricks in a row."
    assert quick["explanation"] == [
        "Seats 1 and 3: won the first 7 tricks in a row, a stroke of 7: 7 (8a, A-5)",
        "Seats 2 and 4: 1 trick: nothing (8a)",
        "Seats 1 and 3 score 7",
        "Seats 2 and 4 score 0",
    ]
    assert quick["hand"] == {"won": [7, 1], "first_five": 0}
    json.dumps(by_tricks)


# --- Questions: tricks (the page's trick entry) ----------------------------------------------


def test_tricks_question_judges_each_trick_as_entered() -> None:
    tricks = record(4, PLAIN[:3])
    tricks.append({"plays": [{"seat": 2, "cards": "8C"}]})
    answer = GAME.ask("tricks", {"players": 4, "tricks": tricks})
    verdicts = answer["tricks"]
    assert [v["complete"] for v in verdicts] == [True, True, True, False]
    assert [v.get("winner") for v in verdicts] == [1, 2, 2, None]
    assert verdicts[0]["reason"] == "the AS ranks highest of the cards played (8a)"
    assert verdicts[2]["won"] == (2, 1)
    assert answer["won"] == (2, 1)
    assert all(v["problem"] is None for v in verdicts)


@pytest.mark.parametrize(
    ("tricks", "number", "code", "field"),
    [
        pytest.param(
            [{"plays": [{"seat": 0, "cards": "7D"}]}],
            1,
            "seven_led_too_soon",
            "tricks[0].plays[0].cards",
            id="8a-a-7-led-too-soon-refused-as-it-is-led",
        ),
        pytest.param(
            [*record(4, PLAIN[:1]), {"plays": [{"seat": 1, "cards": "AS"}]}],
            2,
            "already_played",
            "tricks[1].plays[0].cards",
            id="8a-a-card-already-played-refused-as-it-is-played",
        ),
        pytest.param(
            [*record(4, PLAIN[:1]), {"plays": [{"seat": 2, "cards": "KD"}]}],
            2,
            "out_of_turn",
            "tricks[1].plays[0].seat",
            id="8a-the-winner-leads-refused-as-it-is-led",
        ),
        pytest.param(
            [*record(4, PLAIN), {"plays": [{"seat": 2, "cards": "KD"}]}],
            7,
            "impossible_hand",
            "tricks[6]",
            id="8a-a-trick-after-the-end",
        ),
    ],
)
def test_tricks_question_refuses_a_play_on_the_spot(
    tricks: list[dict[str, Any]], number: int, code: str, field: str
) -> None:
    answer = GAME.ask("tricks", {"players": 4, "tricks": tricks})
    last = answer["tricks"][-1]
    assert last["number"] == number
    problem = last["problem"]
    assert isinstance(problem, AdjudicationError)
    assert (problem.code, problem.field) == (code, field)
    assert problem.named(NAMES[4])  # a sentence the page can put names in


# --- Questions: exchange (friðufær) ----------------------------------------------------------

NOT_FRIDUFAER = "2C 3S 4H 9C QD KS 7H 8C 8D"  # rubbish, a 7 and low 8s
ALL_RUBBISH = "2D 3H 4S 9S QC KC 3D QS KH"


@pytest.mark.parametrize(
    ("cards", "reading", "qualifies", "spoilers"),
    [
        pytest.param(NOT_FRIDUFAER, "pagat", True, [], id="A-3-pagat-7s-and-low-8s-may-exchange"),
        pytest.param(ALL_RUBBISH, "pagat", True, [], id="A-3-pagat-all-rubbish"),
        pytest.param(
            "2C 3S 4H 9C QD KS 7H 8C 6D", "pagat", False, ["6D"], id="A-3-pagat-a-6-beats-a-low-8"
        ),
        pytest.param(
            NOT_FRIDUFAER,
            "seed_all_rubbish",
            False,
            ["7H", "8C", "8D"],
            id="A-8-seed-a-7-is-not-rubbish",
        ),
        pytest.param(ALL_RUBBISH, "seed_all_rubbish", True, [], id="A-3-seed-all-rubbish"),
    ],
)
def test_exchange_question_says_whether_a_hand_may_take_the_stock(
    cards: str, reading: str, qualifies: bool, spoilers: list[str]
) -> None:
    answer = GAME.ask("exchange", {"players": 4, "cards": cards, "options": {"fridufaer": reading}})
    assert (answer["qualifies"], answer["spoilers"], answer["reading"]) == (
        qualifies,
        spoilers,
        reading,
    )
    if qualifies:
        assert answer["explanation"][-1] == (
            "to exchange: show the hand, keep one card and take the 8 cards of the stock"
        )


def test_exchange_at_two_players_takes_8_of_the_26() -> None:
    answer = GAME.ask("exchange", {"players": 2, "cards": ALL_RUBBISH})
    assert answer["explanation"][-1].endswith("take 8 of the 26 cards of the stock (A-7)")


def test_exchange_when_two_may_goes_to_the_first_from_the_dealers_left() -> None:
    hands = [
        {"seat": 1, "cards": NOT_FRIDUFAER},
        {"seat": 3, "cards": ALL_RUBBISH},
        {"seat": 2, "cards": "AS 2S 3C 4D QH 7C 8H 6D 9D"},
    ]
    answer = GAME.ask("exchange", {"players": 4, "dealer": 2, "hands": hands})
    assert answer["exchanges"] == 3  # seat 3 is at the dealer's left, before seat 1
    assert [h["qualifies"] for h in answer["hands"]] == [True, False, True]
    assert (
        answer["explanation"][-1]
        .named(NAMES[4])
        .startswith("Ben and Di may: the first in turn from the dealer's left, Di, exchanges (A-4)")
    )
    undealt = GAME.ask("exchange", {"players": 4, "hands": hands})
    assert undealt["exchanges"] is None
    assert "Name the dealer" in undealt["explanation"][-1]


@pytest.mark.parametrize(
    ("body", "code", "field"),
    [
        pytest.param({"cards": "2C 3S"}, "bad_entry", "cards", id="A-3-a-hand-is-nine-cards"),
        pytest.param({"cards": "2C 3S 4H 9C QD KS 7H 8C 10D"}, "not_in_pack", "cards", id="no-10s"),
        pytest.param({}, "bad_entry", "cards", id="a-hand-is-needed"),
        pytest.param(
            {"hands": [{"seat": 0, "cards": ALL_RUBBISH}, {"seat": 1, "cards": ALL_RUBBISH}]},
            "too_many_copies",
            "hands[1].cards",
            id="a-card-in-two-hands",
        ),
        pytest.param(
            {"hands": [{"seat": 0, "cards": ALL_RUBBISH}, {"seat": 0, "cards": NOT_FRIDUFAER}]},
            "bad_entry",
            "hands[1].seat",
            id="a-seat-twice",
        ),
    ],
)
def test_exchange_question_refuses_bad_hands(body: dict[str, Any], code: str, field: str) -> None:
    with pytest.raises(AdjudicationError) as caught:
        GAME.ask("exchange", {"players": 4, **body})
    assert (caught.value.code, caught.value.field) == (code, field)


@pytest.mark.parametrize("question", ["trick", "hand", "tricks", "exchange"])
def test_every_question_wants_two_or_four_players(question: str) -> None:
    with pytest.raises(AdjudicationError) as caught:
        GAME.ask(question, {"players": 3})
    assert (caught.value.code, caught.value.field) == ("bad_entry", "players")


@pytest.mark.parametrize("players", [10**5000, -(10**5000)], ids=["huge", "huge-negative"])
def test_a_huge_count_of_players_is_refused_not_crashed(players: int) -> None:
    # Found by tests/adjudicator/test_fuzz.py: the refusal once wrote the number out, and Python
    # will not turn an int of more than 4,300 digits into text (a ValueError escaped).
    with pytest.raises(AdjudicationError) as caught:
        GAME.ask("hand", {"players": players})
    assert (caught.value.code, caught.value.field) == ("bad_entry", "players")
    assert "5,001 digits long" in str(caught.value)
