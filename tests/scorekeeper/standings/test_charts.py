"""The server's line charts: every end label inside the drawing by its measured width, tied
ends set apart, and an x-axis that says each thing once (a player's chart: a date, once, for
the several games of a night)."""

from __future__ import annotations

import datetime
import itertools
from typing import Any

import pytest

from scorekeeper.games import services as game_services
from scorekeeper.history import ratings
from scorekeeper.history.rating_chart import rating_chart
from scorekeeper.history.scope import of_user
from scorekeeper.models import Player
from scorekeeper.standings import charts, scoreboard, text_width
from tests.factories import NightFactory
from tests.scorekeeper.standings.test_result_cards import played


@pytest.fixture(autouse=True)
def _fresh() -> Any:
    ratings.forget_runs()
    scoreboard.forget_kept()


def label_edges(chart: dict[str, Any]) -> list[tuple[str, float, float, float]]:
    """Each end label: its text, its left and right edges and its middle's height."""
    return [
        (
            s["label"],
            s["label_x"],
            s["label_x"] + text_width.width(s["label"], charts.FONT, bold=True),
            s["label_y"] - 4,
        )
        for s in chart["series"]
    ]


def assert_labels_fit(chart: dict[str, Any]) -> None:
    edges = label_edges(chart)
    for label, left, right, _ in edges:
        assert left >= 0 and right <= chart["width"], (label, left, right)
    middles = sorted(middle for *_, middle in edges)
    for above, below in itertools.pairwise(middles):
        assert below - above >= charts.LABEL_GAP - 0.01, middles
    ticks = chart["xticks"]
    for tick in ticks:
        half = text_width.width(tick["label"], charts.FONT) / 2
        assert tick["x"] - half >= 0 and tick["x"] + half <= chart["width"], tick
    for left, right in itertools.pairwise(ticks):
        gap = right["x"] - left["x"]
        halves = (
            text_width.width(left["label"], charts.FONT)
            + text_width.width(right["label"], charts.FONT)
        ) / 2
        assert gap >= halves + charts.AXIS_GAP - 0.1, (left, right)


def the_players_night(alice: Any) -> Any:
    """Three games of three kinds finished on one date (28 Nov), Ann at each."""
    night = NightFactory(owner=alice, date=datetime.date(2026, 11, 28))
    knock = played(night, alice, "knock-rummy", ["Ann", "Ben", "Cy"], deals=3)
    game_services.game_end(game=knock, by=alice)
    played(night, alice, "crummy-rummy", ["Cy", "Ann", "Ben"])
    played(night, alice, "bridge-rummy", ["Ben", "Cy", "Ann"])
    return night


def test_a_players_chart_says_each_date_once_and_names_each_game(alice: Any) -> None:
    """Issue 26: the x-axis read "28 Nov" three times, and "Knock Rummy 0.4" ran past the
    edge (to x = 364 of 360)."""
    the_players_night(alice)
    later = NightFactory(owner=alice, date=datetime.date(2026, 12, 5))
    knock = played(later, alice, "knock-rummy", ["Ben", "Ann", "Cy"], deals=2)
    game_services.game_end(game=knock, by=alice)
    ann = Player.objects.get(owner=alice, name="Ann")
    chart = rating_chart(ratings.player_ratings(of_user(alice), ann), ident="ratings")
    assert chart is not None
    assert [tick["label"] for tick in chart["xticks"]] == ["28 Nov", "5 Dec"]
    said = [row["number"] for row in chart["rows"]]
    assert said == [
        "28 Nov, game 1",
        "28 Nov, game 2",
        "28 Nov, game 3",
        "5 Dec, game 1",
    ]
    assert_labels_fit(chart)


@pytest.mark.parametrize(
    ("names", "totals"),
    [
        pytest.param(["Ann and Cy", "Ben and Di"], [(1, 1), (2, 2)], id="tied-at-the-end"),
        pytest.param(["Ann and Cy", "Ben and Di"], [(0, 0)], id="tied-at-the-bottom"),
        pytest.param(["Ann", "Ben", "Cy", "Di", "Ed", "Flo"], [(5,) * 6], id="six-tied"),
        pytest.param(
            ["Wilhelmina Montgomery", "Bartholomew-Maximilian", "Cy"],
            [(-1250, 37, 1213)],
            id="long-names-and-totals",
        ),
    ],
)
def test_end_labels_fit_and_tied_ones_stand_apart(names: list[str], totals: list[Any]) -> None:
    """Issue 26: on Brus's chart the two tied end labels overlapped."""
    rows = [(0, (0,) * len(names)), *((n, t) for n, t in enumerate(totals, start=1))]
    chart = charts.line_chart("c", names, rows, word="hand", title="t", whole=True)
    assert chart is not None
    assert_labels_fit(chart)


def test_a_long_games_axis_never_runs_its_numbers_together() -> None:
    rows = [(n, (n % 7, -(n % 5))) for n in range(1501)]
    chart = charts.line_chart("c", ["Ann", "Ben"], rows, word="hand", title="t", whole=True)
    assert chart is not None
    assert 4 <= len(chart["xticks"]) <= 8
    assert_labels_fit(chart)
