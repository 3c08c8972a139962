"""The server-drawn charts read at arm's length on the narrowest phone (320 px): every line's
label inside the drawing, the ladder's columns named and told apart without colour, and whole
points counted in whole numbers."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from adjudicator.games import get_game
from scorekeeper.games import services as game_services
from scorekeeper.models import Game, Night
from tests.factories import GameFactory

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
    assert [label.rsplit(" ", 1)[0] for label in labels] == ["Annabelle a…", "Benedict an…"]
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
