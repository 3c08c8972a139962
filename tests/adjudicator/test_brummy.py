"""Brummy and Brummagem as games: deals, knock bonuses, the tally and the questions."""

from __future__ import annotations

import json
from typing import Any

import pytest

from adjudicator.cards import DOUBLE, STANDARD
from adjudicator.errors import AdjudicationError, GameOverError
from adjudicator.games import get_game
from adjudicator.grids.brummy import (
    Brummagem,
    BrummagemOptions,
    Brummy,
    Deal,
    Options,
    SeatGrid,
    knock_bonuses,
    score_deal,
)
from adjudicator.grids.lines import Grid

BRUMMY = Brummy()
BRUMMAGEM = Brummagem()
# Ruling 1c's layout (23, or 26 with the face-card extra) and ruling M-2's (39).
SECTION_1C = "10C 9C JC 10D QC JD 2S 10S JS"
M2 = "5H 6H 7H 8H 5S 6S 8C 8S 5D 9C 7D 8D"


def test_both_games_are_registered_by_slug() -> None:
    assert get_game("brummy").name == "Brummy"
    assert get_game("brummagem").name == "Brummagem"
    assert (BRUMMY.min_players, BRUMMY.max_players, BRUMMY.lower_is_better) == (2, 8, False)


# Section 10: every house option of the two games, with its default.
@pytest.mark.parametrize(
    ("game", "name", "default"),
    [
        pytest.param(BRUMMY, "face_extra", False, id="brummy.face_extra"),
        pytest.param(BRUMMY, "ace_high_runs", True, id="brummy.ace_high_runs"),
        pytest.param(BRUMMY, "round_the_corner", False, id="brummy.round_the_corner"),
        pytest.param(BRUMMY, "knocker_tie_gets_5", False, id="brummy.knocker_tie_gets_5"),
        pytest.param(BRUMMY, "only_top_scorer_gets_10", False, id="brummy.only_top_scorer"),
        pytest.param(BRUMMY, "target", 201, id="brummy.target"),
        pytest.param(BRUMMY, "double_pack", False, id="brummy.double_pack"),
        pytest.param(BRUMMAGEM, "row_model", "additive", id="brummagem.row_model"),
        pytest.param(BRUMMAGEM, "two_pairs", 4, id="brummagem.two_pairs"),
        pytest.param(BRUMMAGEM, "target", 201, id="brummagem.target"),
    ],
)
def test_every_house_option_has_the_rulings_default(game: Any, name: str, default: Any) -> None:
    assert getattr(game.options(), name) == default


def test_brummy_has_no_row_options() -> None:
    with pytest.raises(AdjudicationError) as caught:
        BRUMMY.options({"row_model": "best_single"})
    assert caught.value.code == "unknown_option"


@pytest.mark.parametrize(
    ("players", "options", "pack"),
    [
        pytest.param(4, {}, STANDARD, id="four-play-one-pack"),
        pytest.param(5, {}, DOUBLE, id="more-than-four-two-packs"),
        pytest.param(3, {"double_pack": True}, DOUBLE, id="house-rule-double-pack"),
    ],
)
def test_the_pack_is_double_when_more_than_four_play(
    players: int, options: dict[str, Any], pack: Any
) -> None:
    assert BRUMMY.pack(BRUMMY.options(options), players) is pack


# Ruling 1a and B-3: the knock bonus.
@pytest.mark.parametrize(
    ("scores", "knocked", "options", "bonuses"),
    [
        pytest.param([30, 20, 25], 0, {}, [10, 0, 0], id="knocker-strictly-highest-10"),
        pytest.param([23, 20, 23], 0, {}, [0, 0, 5], id="B-3-knocker-tied-top-gets-0"),
        pytest.param(
            [23, 20, 23], 0, {"knocker_tie_gets_5": True}, [5, 0, 5], id="B-3-tie-option-5"
        ),
        pytest.param([20, 25, 20, 30], 0, {}, [0, 10, 5, 10], id="anyone-higher-gets-10"),
        pytest.param(
            [20, 25, 20, 30],
            0,
            {"only_top_scorer_gets_10": True},
            [0, 0, 5, 10],
            id="B-3-only-top-scorer-option",
        ),
        pytest.param([10, 20], 0, {}, [0, 10], id="knocker-lowest"),
        pytest.param([30, 20], None, {}, [0, 0], id="nobody-knocked-no-bonus"),
    ],
)
def test_the_knock_bonus_follows_ruling_b3(
    scores: list[int], knocked: int | None, options: dict[str, Any], bonuses: list[int]
) -> None:
    result = knock_bonuses(scores, knocked, BRUMMY.options(options))
    assert [k.bonus for k in result] == bonuses


def test_each_knock_bonus_says_why() -> None:
    reasons = [k.reason for k in knock_bonuses([20, 25, 20, 10], 0, Options())]
    assert reasons == [
        "knocked but not highest: no bonus",
        "beat the knocker (seat 1): +10",
        "equal to the knocker (seat 1): +5",
        "below the knocker (seat 1): no bonus",
    ]


def raw_deal(knocked: int | None, *entries: dict[str, Any]) -> dict[str, Any]:
    return {"knocked": knocked, "grids": list(entries)}


def test_a_deal_scores_grids_and_entered_totals_with_the_knock_bonus() -> None:
    options = BRUMMY.options({"face_extra": True})
    deal = BRUMMY.parse_deal(
        raw_deal(1, {"seat": 0, "cards": SECTION_1C}, {"seat": 1, "total": 20}),
        players=2,
        options=options,
    )
    first, second = score_deal(deal, options)
    assert (first.points, second.points) == (36, 20)
    assert first.detail["grid"] == SECTION_1C
    assert (first.detail["base"], first.detail["bonus"]) == (26, 10)
    assert len(first.detail["lines"]) == 8
    assert first.explanation[0] == "row 1: 10C 9C JC — running flush 6"
    assert first.explanation[-1] == "beat the knocker (seat 2): +10"
    assert second.explanation == (
        "total entered: 20, no cards given",
        "knocked but not highest: no bonus",
    )
    assert second.detail == {"grid": None, "base": 20, "bonus": 0, "lines": []}


def test_brummagem_scores_the_m2_layout_39() -> None:
    options = BRUMMAGEM.options()
    deal = BRUMMAGEM.parse_deal(
        raw_deal(0, {"seat": 0, "cards": M2}, {"seat": 1, "total": 30}),
        players=2,
        options=options,
    )
    assert [r.points for r in score_deal(deal, options)] == [49, 30]


def test_a_deal_reads_back_from_its_canonical_form() -> None:
    options = BRUMMY.options()
    deal = BRUMMY.parse_deal(
        raw_deal(
            None,
            {"seat": 1, "total": 12},
            {"seat": 0, "cards": "th,9c jc 10d qc jd 2s ts js"},
        ),
        players=2,
        options=options,
    )
    data = BRUMMY.deal_as_data(deal, players=3, options=BRUMMY.options())
    assert data == {
        "knocked": None,
        "grids": [{"seat": 0, "cards": SECTION_1C.replace("10C", "10H")}, {"seat": 1, "total": 12}],
    }
    assert BRUMMY.parse_deal(data, players=2, options=options) == deal


def test_two_identical_cards_are_allowed_across_a_double_pack_deal() -> None:
    options = BRUMMY.options({"double_pack": True})
    deal = BRUMMY.parse_deal(
        raw_deal(
            None, {"seat": 0, "cards": "7H 7H 7S 2C 3C 4C 9D 10D JD"}, {"seat": 1, "total": 0}
        ),
        players=2,
        options=options,
    )
    assert score_deal(deal, options)[0].explanation[0] == (
        "row 1: 7H 7H 7S — two identical cards (7H 7H): scores 0"
    )


FIVE_HANDS = ["5H 6H 7H 5S 6S 8S 5D 9C 7D"] * 2  # two of every card in a double pack


# Bad input: every problem names its code and the field it came from.
@pytest.mark.parametrize(
    ("game", "players", "options", "data", "code", "field"),
    [
        pytest.param(
            BRUMMY,
            2,
            {},
            raw_deal(None, {"seat": 0, "cards": "5H 6H 7H"}, {"seat": 1, "total": 3}),
            "invalid_grid",
            "grids[0].cards",
            id="wrong-card-count",
        ),
        pytest.param(
            BRUMMAGEM,
            2,
            {},
            raw_deal(None, {"seat": 0, "total": 3}, {"seat": 1, "cards": SECTION_1C}),
            "invalid_grid",
            "grids[1].cards",
            id="nine-cards-in-brummagem",
        ),
        pytest.param(
            BRUMMY,
            2,
            {},
            raw_deal(
                None, {"seat": 0, "cards": "5H 6H 7H 5S 6S 8S 5D 9C JK"}, {"seat": 1, "total": 3}
            ),
            "not_in_pack",
            "grids[0].cards",
            id="card-not-in-pack",
        ),
        pytest.param(
            BRUMMY,
            2,
            {},
            raw_deal(
                None, {"seat": 0, "cards": "5H 6H 7H 5S 6S 8S 5D 9C 1C"}, {"seat": 1, "total": 3}
            ),
            "bad_card",
            "grids[0].cards",
            id="not-a-card",
        ),
        pytest.param(
            BRUMMY,
            2,
            {},
            raw_deal(
                None, {"seat": 0, "cards": "5H 5H 7H 5S 6S 8S 5D 9C 7D"}, {"seat": 1, "total": 3}
            ),
            "too_many_copies",
            "grids[0].cards",
            id="duplicate-in-single-pack",
        ),
        pytest.param(
            BRUMMY,
            2,
            {},
            raw_deal(
                None, {"seat": 0, "cards": FIVE_HANDS[0]}, {"seat": 1, "cards": FIVE_HANDS[1]}
            ),
            "too_many_copies",
            "grids[1].cards",
            id="duplicate-across-grids-single-pack",
        ),
        pytest.param(
            BRUMMY,
            5,
            {},
            raw_deal(
                None,
                *({"seat": s, "cards": FIVE_HANDS[0]} for s in range(3)),
                {"seat": 3, "total": 0},
                {"seat": 4, "total": 0},
            ),
            "too_many_copies",
            "grids[2].cards",
            id="third-copy-in-double-pack",
        ),
        pytest.param(
            BRUMMY,
            2,
            {},
            raw_deal(None, {"seat": 0, "total": 3}, {"seat": 1, "total": 49}),
            "impossible_count",
            "grids[1].total",
            id="total-above-48",
        ),
        pytest.param(
            BRUMMAGEM,
            2,
            {},
            raw_deal(None, {"seat": 0, "total": 61}, {"seat": 1, "total": 3}),
            "impossible_count",
            "grids[0].total",
            id="total-above-60",
        ),
        pytest.param(
            BRUMMY,
            2,
            {},
            raw_deal(None, {"seat": 0, "total": -1}, {"seat": 1, "total": 3}),
            "impossible_count",
            "grids[0].total",
            id="total-negative",
        ),
        pytest.param(
            BRUMMY,
            2,
            {},
            raw_deal(None, {"seat": 0, "total": "12"}, {"seat": 1, "total": 3}),
            "bad_entry",
            "grids[0].total",
            id="total-not-a-number",
        ),
        pytest.param(
            BRUMMY,
            2,
            {},
            raw_deal(None, {"seat": 0, "total": 3, "cards": SECTION_1C}, {"seat": 1, "total": 3}),
            "bad_entry",
            "grids[0]",
            id="both-cards-and-total",
        ),
        pytest.param(
            BRUMMY,
            2,
            {},
            raw_deal(None, {"seat": 0}, {"seat": 1, "total": 3}),
            "bad_entry",
            "grids[0]",
            id="neither-cards-nor-total",
        ),
        pytest.param(
            BRUMMY,
            3,
            {},
            raw_deal(None, {"seat": 0, "total": 3}, {"seat": 1, "total": 3}),
            "bad_entry",
            "grids",
            id="seat-missing",
        ),
        pytest.param(
            BRUMMY,
            2,
            {},
            raw_deal(None, {"seat": 0, "total": 3}, {"seat": 0, "total": 3}),
            "bad_entry",
            "grids[1].seat",
            id="seat-duplicated",
        ),
        pytest.param(
            BRUMMY,
            2,
            {},
            raw_deal(None, {"seat": 2, "total": 3}, {"seat": 0, "total": 3}),
            "bad_entry",
            "grids[0].seat",
            id="seat-out-of-range",
        ),
        pytest.param(
            BRUMMY,
            2,
            {},
            raw_deal(2, {"seat": 0, "total": 3}, {"seat": 1, "total": 3}),
            "bad_entry",
            "knocked",
            id="knocked-seat-out-of-range",
        ),
        pytest.param(
            BRUMMY,
            2,
            {},
            raw_deal(True, {"seat": 0, "total": 3}, {"seat": 1, "total": 3}),
            "bad_entry",
            "knocked",
            id="knocked-not-a-seat",
        ),
        pytest.param(BRUMMY, 2, {}, {"knocked": None}, "bad_entry", "grids", id="no-grids"),
        pytest.param(BRUMMY, 9, {}, raw_deal(None), "bad_entry", "seats", id="too-many-players"),
    ],
)
def test_a_bad_deal_is_refused_naming_the_field(
    game: Any, players: int, options: dict[str, Any], data: Any, code: str, field: str
) -> None:
    with pytest.raises(AdjudicationError) as caught:
        game.parse_deal(data, players=players, options=game.options(options))
    assert (caught.value.code, caught.value.field) == (code, field)


def totals_deal(*totals: int, knocked: int | None = None) -> Deal:
    return Deal(knocked, tuple(SeatGrid(seat, total=t) for seat, t in enumerate(totals)))


def test_the_game_ends_after_the_deal_in_which_someone_reaches_the_target() -> None:
    options = BRUMMY.options({"target": 60})
    tally = BRUMMY.tally([totals_deal(30, 20), totals_deal(30, 39)], players=2, options=options)
    assert tally.finished
    assert tally.winners == (0,)
    assert tally.totals == (60, 59)
    assert tally.status == "Game over: Seat 1 wins on 60."


def test_the_highest_total_wins_when_several_pass_the_target() -> None:
    tally = BRUMMY.tally(
        [totals_deal(40, 30, 10), totals_deal(25, 40, 48)],
        players=3,
        options=BRUMMY.options({"target": 60}),
    )
    assert (tally.finished, tally.winners) == (True, (1,))


def test_b6_an_exact_tie_for_top_past_the_target_plays_another_deal() -> None:
    options = BRUMMY.options({"target": 60})
    deals = [totals_deal(30, 30), totals_deal(35, 35)]
    tally = BRUMMY.tally(deals, players=2, options=options)
    assert not tally.finished
    assert tally.winners == ()
    assert tally.leaders == (0, 1)
    assert tally.status == "Seats 1 and 2 tie on 65, past 60: another deal decides."
    tally = BRUMMY.tally([*deals, totals_deal(3, 10)], players=2, options=options)
    assert (tally.finished, tally.winners) == (True, (1,))


def test_a_deal_recorded_after_the_game_ended_is_refused() -> None:
    options = BRUMMY.options({"target": 30})
    with pytest.raises(GameOverError) as caught:
        BRUMMY.tally([totals_deal(40, 20), totals_deal(10, 10)], players=2, options=options)
    assert caught.value.code == "game_over"


def test_the_status_says_who_leads_and_how_far_from_the_target() -> None:
    tally = BRUMMY.tally([totals_deal(38, 48, 10, knocked=1)], players=3, options=Options())
    assert tally.totals == (38, 58, 10)
    assert tally.status == "Seat 2 leads with 58, 143 short of 201."
    assert tally.deals[0].summary == "Seat 2 knocked; seat 2 top with 48."
    assert BRUMMY.tally([], players=2, options=Options()).status == (
        "No deals yet; first to 201 wins."
    )


def test_the_grid_question_scores_line_by_line() -> None:
    answer = BRUMMY.ask("grid", {"cards": SECTION_1C, "options": {"face_extra": True}})
    json.dumps(answer)
    assert answer["score"] == 26
    assert answer["rows"] == ["10C 9C JC", "10D QC JD", "2S 10S JS"]
    assert len(answer["lines"]) == len(answer["explanation"]) == 8


def test_the_best_grid_question_says_what_was_left_on_the_table() -> None:
    answer = BRUMMAGEM.ask("best-grid", {"cards": M2})
    json.dumps(answer)
    assert answer["submitted"]["score"] == 39
    assert answer["best"]["score"] == 40
    assert answer["left_on_table"] == 1
    assert len(answer["best"]["rows"]) == 3


def test_the_knock_question_gives_each_seats_bonus() -> None:
    answer = BRUMMY.ask("knock", {"scores": [23, 20, 23], "knocked": 0})
    json.dumps(answer)
    assert answer["bonuses"] == [0, 0, 5]
    assert answer["totals"] == [23, 20, 28]
    # The seat is a place its name fills; as every sentence does, it starts with a capital.
    assert answer["explanation"][2] == "Seat 3: equal to the knocker (seat 1): +5"


@pytest.mark.parametrize(
    ("question", "data", "field"),
    [
        pytest.param("grid", {"cards": "5H 6H"}, "cards", id="grid-too-short"),
        pytest.param("grid", {}, "cards", id="grid-no-cards"),
        pytest.param("knock", {"scores": [23, 99], "knocked": 0}, "scores", id="score-too-big"),
        pytest.param("knock", {"scores": [23, 20], "knocked": 5}, "knocked", id="no-such-knocker"),
    ],
)
def test_a_bad_question_is_refused_naming_the_field(
    question: str, data: dict[str, Any], field: str
) -> None:
    with pytest.raises(AdjudicationError) as caught:
        BRUMMY.ask(question, data)
    assert caught.value.field == field


@pytest.mark.parametrize(
    ("players", "data", "field", "message"),
    [
        pytest.param(
            2,
            raw_deal(None, {"seat": 2, "total": 3}, {"seat": 0, "total": 3}),
            "grids[0].seat",
            "There is no seat 3: this table has seats 1 to 2 (0 to 1 in JSON).",
            id="grid-seat-out-of-range",
        ),
        pytest.param(
            3,
            raw_deal(None, {"seat": -1, "total": 3}),
            "grids[0].seat",
            "A seat number cannot be negative: this table has seats 1 to 3 (0 to 2 in JSON).",
            id="grid-seat-negative",
        ),
        pytest.param(
            2,
            raw_deal(None, {"seat": "0", "total": 3}),
            "grids[0].seat",
            "seat must be a seat number: this table has seats 1 to 2 (0 to 1 in JSON).",
            id="grid-seat-a-string",
        ),
        pytest.param(
            4,
            raw_deal(4, *({"seat": s, "total": 3} for s in range(4))),
            "knocked",
            "There is no seat 5: this table has seats 1 to 4 (0 to 3 in JSON).",
            id="knocker-out-of-range",
        ),
        pytest.param(
            2,
            raw_deal(True, {"seat": 0, "total": 3}, {"seat": 1, "total": 3}),
            "knocked",
            "knocked must be a seat number: this table has seats 1 to 2 (0 to 1 in JSON).",
            id="knocker-a-bool",
        ),
    ],
)
def test_a_bad_seat_is_refused_counting_seats_from_1(
    players: int, data: dict[str, Any], field: str, message: str
) -> None:
    with pytest.raises(AdjudicationError) as caught:
        BRUMMY.parse_deal(data, players=players, options=BRUMMY.options())
    assert (caught.value.field, str(caught.value)) == (field, message)


def test_the_knock_question_counts_seats_from_1() -> None:
    with pytest.raises(AdjudicationError) as caught:
        BRUMMY.ask("knock", {"scores": [23, 20, 23], "knocked": 3})
    assert caught.value.field == "knocked"
    assert str(caught.value) == (
        "There is no seat 4: this table has seats 1 to 3 (0 to 2 in JSON)."
    )


@pytest.mark.parametrize("game", [BRUMMY, BRUMMAGEM], ids=["brummy", "brummagem"])
@pytest.mark.parametrize("players", [2, 4, 5, 8])
def test_sample_deals_are_valid_for_the_pack_and_repeatable(game: Any, players: int) -> None:
    options = game.options()
    raw = game.sample_deal(players=players, options=options, number=2)
    assert raw == game.sample_deal(players=players, options=options, number=2)
    deal = game.parse_deal(raw, players=players, options=options)
    assert len(deal.grids) == players


def test_grid_options_reach_the_line_scoring() -> None:
    grid = Grid.parse(M2, "3x4")
    options = BrummagemOptions(row_model="best_single")
    deal = Deal(None, (SeatGrid(0, grid=grid), SeatGrid(1, total=0)))
    assert score_deal(deal, options)[0].points == 34


# A grid the face-card extra (an option of ruling 1b) changes: 6 by default, 12 with it.
FACES = "KS 2H 5D / 9S JH 10D / 3C 7C QH"


def test_a_disputed_deal_scores_its_grids_under_the_games_house_rules() -> None:
    # Issue 26: a dispute read the grids under the default rules, not the game's.
    record = {"knocked": 1, "grids": [{"seat": 0, "cards": FACES}, {"seat": 1, "total": 9}]}
    by_default = BRUMMY.dispute(record, number=1, players=2, options=BRUMMY.options())
    with_extra = BRUMMY.dispute(
        record, number=1, players=2, options=BRUMMY.options({"face_extra": True})
    )
    assert by_default.data["scores"] == [6, 9]
    assert with_extra.data["scores"] == [12, 9]
