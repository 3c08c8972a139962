"""Ratings on a phone (390x844): a finished game says what it did to each rating, the
leaderboard filters by game and year, and a player's page has their ratings and the chart,
their rival and their records, each linked to its games."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.games import services as game_services
from tests.browser.conftest import picture
from tests.factories import GameFactory, NightFactory
from tests.scorekeeper.standings.test_result_cards import the_issues_night

PHONE = {"width": 390, "height": 844}


def _inside(page: Page, selector: str) -> None:
    box = page.locator(selector).bounding_box()
    assert box is not None
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_a_finished_game_the_leaderboard_and_a_players_ratings(
    signed_in: Page, live_server: Any, alice: Any
) -> None:
    page = signed_in
    page.set_viewport_size(PHONE)
    night = NightFactory(owner=alice, date=datetime.date(2026, 3, 7))
    for winner in (0, 1, 1):
        game = GameFactory(night=night, slug="rummy", players=["Ann", "Bob", "Cy"])
        hands = [{"seat": s, "held": 10 + s} for s in range(3) if s != winner]
        game_services.deal_record(game=game, by=alice, data={"went_out": winner, "hands": hands})
    # The table ends the last game on the phone: the ratings it moved show at once.
    page.goto(f"{live_server.url}{game.get_absolute_url()}")
    page.on("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="End the game here").click()
    moved = page.locator(".rating-changes")
    expect(moved).to_contain_text("What this game did to the ratings")
    expect(moved).to_contain_text("Bob 0.0 → ")
    _inside(page, ".rating-changes")

    # Only the ended game counts so far; the leaderboard says so, game and year chosen.
    moved.get_by_role("link", name="Rummy ratings").click()
    expect(page.get_by_role("heading", name="Ratings: Rummy")).to_be_visible()
    rows = page.locator("table.leaderboard tbody tr")
    expect(rows).to_have_count(3)
    expect(rows.first).to_contain_text("Bob")
    expect(rows.first).to_contain_text("provisional")
    page.get_by_label("Year").select_option("2026")
    page.get_by_role("button", name="Show").click()
    expect(page.get_by_role("heading", name="Ratings: Rummy, 2026")).to_be_visible()
    _inside(page, "table.leaderboard")

    # Bob's page: his rating per game, and the chart with its numbers.
    rows.first.get_by_role("link", name="Bob").click()
    ratings = page.locator("section[aria-labelledby=ratings-title]")
    expect(ratings.get_by_role("row", name="Rummy")).to_contain_text("provisional")
    expect(ratings.locator("svg[role=img] > title")).to_have_text("Ratings game by game")
    _inside(page, "section[aria-labelledby=ratings-title] svg")

    # His rival (the opponent met most) and his records, each a link to the games behind it.
    rivals = page.locator("section[aria-labelledby=rivals-title]")
    expect(rivals).to_contain_text("Rival")
    expect(rivals).to_contain_text("Best total:")
    _inside(page, "section[aria-labelledby=rivals-title]")
    rivals.locator("ul.records li", has_text="Best total").get_by_role("link").click()
    expect(page.locator(".rating-changes")).to_contain_text("What this game did to the ratings")


@pytest.mark.parametrize("width", [360, 390])
def test_the_leaderboard_says_what_a_rating_is_when_everyone_is_provisional(
    signed_in: Page, live_server: Any, alice: Any, width: int
) -> None:
    """Issue 26: every player provisional, Cy (2 wins of 3) ranked below Ann (1 win), and
    nothing on the page said why."""
    page = signed_in
    page.set_viewport_size({"width": width, "height": 844})
    the_issues_night(alice)
    page.goto(f"{live_server.url}/history/")
    page.get_by_role("link", name="Ratings").first.click()
    how = page.locator("#ratings-how")
    expect(how).to_be_visible()
    expect(how).to_contain_text(
        "\N{GREEK SMALL LETTER MU} \N{MINUS SIGN} 3\N{GREEK SMALL LETTER SIGMA}"
    )
    expect(how).to_contain_text("provisional until 5 finished games")
    expect(page.get_by_text("Every rating here is still provisional")).to_be_visible()
    cy = page.locator("table.leaderboard tbody tr", has_text="Cy")
    expect(cy).to_contain_text("provisional, 2 more games")
    page.get_by_text("How each rating is made").click()
    parts = page.locator(".rating-parts table")
    expect(parts.get_by_role("row", name="Cy")).to_be_visible()
    for selector in ("table.leaderboard", ".rating-parts table", "#ratings-how"):
        box = page.locator(selector).bounding_box()
        assert box is not None and box["x"] + box["width"] <= width, selector
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    picture(page, f"test-results/ratings-{width}.png")
