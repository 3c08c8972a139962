"""The server-drawn charts read at arm's length on the narrowest phone (320 px) and at 360 and
390: every line's label inside the drawing and clear of the others (tied ones too), the ladder's
columns named and told apart without colour, whole points counted in whole numbers, and a
player's chart saying each date once."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from adjudicator.games import get_game
from scorekeeper.games import services as game_services
from scorekeeper.models import Game, Night
from scorekeeper.standings import scoreboard
from tests.factories import GameFactory
from tests.scorekeeper.standings.test_charts import the_players_night
from tests.scorekeeper.standings.test_result_cards import played

NARROW = {"width": 320, "height": 700}

# The right edge of each element's box, in the SVG's own units, beside the drawing's width.
RIGHT_EDGES = """svg => [...svg.querySelectorAll(%r)].map(t => {
    const box = t.getBBox();
    return [t.textContent, box.x, box.x + box.width, svg.viewBox.baseVal.width];
})"""


def _inside(page: Page, svg: str, selector: str) -> list[str]:
    edges = page.locator(svg).first.evaluate(RIGHT_EDGES % selector)
    assert edges, f"no {selector} in {svg}"
    for text, left, right, width in edges:
        assert left >= 0 and right <= width, f"{text!r} runs from {left} to {right} of {width}"
    return [text for text, *_ in edges]


def test_the_ladder_and_the_chart_of_a_partnership_game_fit_a_320_px_phone(
    signed_in: Page, night: Night, alice: object
) -> None:
    names = ["Annabelle", "Benedict", "Cyrilla", "Dimitri"]
    game: Game = GameFactory(night=night, slug="voormsi", players=names)
    for won in ([7, 2], [3, 6]):
        data = {"won": won, "first_five": 0 if won[0] > won[1] else 1, "captures": []}
        game_services.deal_record(game=game, by=alice, data=data)
    page = signed_in
    page.set_viewport_size(NARROW)
    page.goto(f"{page.url}games/{game.pk}/")

    # The ladder names each column under it, inside the drawing, cut to fit.
    assert _inside(page, "figure.ladder svg", ".ladder-foot") == ["Annabelle…", "Benedict…"]
    # The two sides differ in more than colour: one fills its rungs solid, the other hatched.
    looks = page.locator("figure.ladder svg").evaluate(
        """svg => [...svg.querySelectorAll('.ladder-side')].map(side => {
            const rung = getComputedStyle(side.querySelector('rect.rung.filled'));
            return [rung.fill, rung.fillOpacity, rung.strokeDasharray];
        })"""
    )
    assert looks[0][0] != looks[1][0]
    assert looks[0][1:] != looks[1][1:], looks

    # The running chart's end labels stay inside the chart.
    labels = _inside(page, f"#chart-{game.pk} svg", ".chart-series text")
    assert [label.rsplit(" ", 1)[0] for label in labels] == ["Annabelle and…", "Benedict and…"]
    assert page.evaluate("document.documentElement.scrollWidth") <= NARROW["width"]


def test_a_chart_of_whole_points_has_whole_gridlines(
    signed_in: Page, night: Night, alice: object
) -> None:
    brus = get_game("brus")
    game: Game = GameFactory(night=night, slug="brus", players=["Ann", "Ben", "Cy", "Di"])
    # One hand won on tricks: 1 point to a side, the chart's whole span.
    game_services.deal_record(
        game=game, by=alice, data=brus.sample_deal(players=4, options=brus.options(), number=1)
    )
    page = signed_in
    page.set_viewport_size(NARROW)
    page.goto(f"{page.url}games/{game.pk}/")
    ticks = page.locator(f"#chart-{game.pk} .chart-grid text").all_text_contents()
    assert "0.5" not in ticks and "1" in ticks, ticks
    expect(page.locator(f"#chart-{game.pk} svg")).to_be_visible()


# Each text's box in the drawing's own units, and the drawing's width.
BOXES = """(svg, selector) => [...svg.querySelectorAll(selector)].map(t => {
    const box = t.getBBox();
    return {text: t.textContent, x: box.x, y: box.y, w: box.width, h: box.height,
            width: svg.viewBox.baseVal.width};
})"""


def _boxes(page: Page, svg: str, selector: str) -> list[dict[str, Any]]:
    boxes: list[dict[str, Any]] = page.locator(svg).first.evaluate(BOXES, selector)
    assert boxes, f"no {selector} in {svg}"
    return boxes


def _apart(boxes: list[dict[str, Any]]) -> None:
    """Inside the drawing, and no two over each other."""
    for b in boxes:
        assert b["x"] >= 0 and b["x"] + b["w"] <= b["width"], b
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert (
                a["x"] + a["w"] <= b["x"]
                or b["x"] + b["w"] <= a["x"]
                or a["y"] + a["h"] <= b["y"]
                or b["y"] + b["h"] <= a["y"]
            ), (a, b)


@pytest.mark.parametrize("width", [360, 390])
def test_a_players_chart_fits_and_its_axis_says_each_date_once(
    signed_in: Page, live_server: Any, alice: Any, width: int
) -> None:
    """Issue 26: "Knock Rummy 0.4" ran to x = 364 of 360, and the x-axis read "28 Nov" three
    times for three games of one night."""
    the_players_night(alice)
    page = signed_in
    page.set_viewport_size({"width": width, "height": 800})
    page.goto(f"{live_server.url}/ratings/")
    page.locator("table.leaderboard").get_by_role("link", name="Ann", exact=True).click()
    svg = "section[aria-labelledby=ratings-title] svg"
    expect(page.locator(svg)).to_be_visible()
    labels = _boxes(page, svg, ".chart-series text")
    assert {label["text"].rsplit(" ", 1)[0] for label in labels} == {
        "Knock Rummy",
        "Crummy Rummy",
        "Bridge Rummy",
    }
    _apart(labels)
    axis = [b for b in _boxes(page, svg, ".chart-grid text") if b["y"] > 190]
    assert [b["text"] for b in axis] == ["28 Nov"]
    _apart(axis + labels)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    numbers = page.locator("section[aria-labelledby=ratings-title] .chart-data")
    numbers.get_by_text("The numbers behind the chart").click()
    expect(numbers.get_by_role("rowheader")).to_have_text(
        [
            "28 Nov, game 1",
            "28 Nov, game 2",
            "28 Nov, game 3",
        ]
    )
    page.locator("section[aria-labelledby=ratings-title]").screenshot(
        path=f"test-results/players-chart-{width}.png"
    )


@pytest.mark.parametrize("width", [360, 390])
def test_tied_end_labels_stand_apart(
    signed_in: Page, live_server: Any, night: Night, alice: Any, width: int
) -> None:
    """Issue 26: on Brus's chart the two sides' end labels, level on 2, overlapped."""
    game = played(night, alice, "brus", ["Ann", "Ben", "Cy", "Di"], deals=4)
    assert scoreboard.game_standings(game).tally.totals == (2, 2)
    page = signed_in
    page.set_viewport_size({"width": width, "height": 800})
    page.goto(f"{live_server.url}{night.get_absolute_url()}")
    page.get_by_role("link", name="Brus").first.click()
    svg = f"#chart-{game.pk} svg"
    expect(page.locator(svg)).to_be_visible()
    labels = _boxes(page, svg, ".chart-series text")
    assert [label["text"] for label in labels] == ["Ann and Cy 2", "Ben and Di 2"]
    _apart(labels)
    page.locator(f"#chart-{game.pk}").screenshot(path=f"test-results/brus-chart-{width}.png")
