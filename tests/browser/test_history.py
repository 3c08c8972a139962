"""Looking back on a phone (390x844): find a night by a player, read its recap with the chart,
and export a night then import it into another account to get the same night back."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.models import Night
from scorekeeper.standings import scoreboard
from scorekeeper.transfer import exporting
from tests.browser.conftest import picture, sign_in
from tests.factories import GameFactory, NightFactory, UserFactory, played_night

PHONE = {"width": 390, "height": 844}
SHOTS = Path(os.environ.get("SCREENSHOTS_DIR", "/tmp/screenshots"))


def _shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    picture(page, str(SHOTS / f"history-{name}.png"))


def _fits(page: Page, width: int = PHONE["width"]) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def _standings(night: Night) -> list[tuple[str, Any, Any]]:
    return [
        (game.slug, s.tally.totals, s.winner_names)
        for game in night.games.order_by("number")
        for s in [scoreboard.game_standings(game)]
    ]


def test_search_recap_export_and_import(
    signed_in: Page, live_server: Any, alice: Any, tmp_path: Path
) -> None:
    page = signed_in
    page.set_viewport_size(PHONE)
    night = played_night(alice)
    pub = NightFactory(owner=alice, place="The pub")
    GameFactory(night=pub, slug="voormsi", players=["Zed", "Yan", "Xi", "Wu"])

    # The history search finds a night by a player (a plain GET form).
    page.get_by_role("link", name="History").click()
    page.get_by_label("Player").fill("mary")
    page.get_by_role("button", name="Search").click()
    expect(page).to_have_url(f"{live_server.url}/history/?player=mary&game=")
    nights = page.locator("article.past-night")
    expect(nights).to_have_count(1)
    expect(nights.first).to_contain_text("Mary won")
    expect(nights.first).to_contain_text("2 amended")
    expect(nights.first).not_to_contain_text("The pub")
    _fits(page)
    _shot(page, "search")

    # The recap: the final tallies, the chart with its title and numbers, every deal.
    nights.first.get_by_role("link", name="Recap").click()
    expect(page.locator("h1")).to_contain_text(night.date.strftime("%Y"))
    chart = page.get_by_role("img", name="Running totals of Game 1: Bridge Rummy, deal by deal")
    expect(chart).to_be_visible()
    expect(page.locator(".tally-chart")).to_have_count(2)
    page.get_by_text("The numbers behind the chart").first.click()
    expect(page.locator(".chart-data table").first).to_be_visible()
    expect(page.locator(".recap-deals").first.locator("li")).to_have_count(7)
    _fits(page)
    _shot(page, "recap")

    # Export the night as JSON from its recap.
    with page.expect_download() as download:
        page.get_by_role("link", name="JSON").click()
    saved = tmp_path / "night.json"
    download.value.save_as(saved)

    # Dave imports it into his own account and gets the same night.
    UserFactory(username="dave")
    page.context.clear_cookies()
    sign_in(page, live_server.url, "dave")
    page.get_by_role("link", name="History").click()
    page.get_by_role("link", name="Export and import").click()
    page.get_by_label("A Scorekeeper export (.json)").set_input_files(str(saved))
    page.get_by_role("button", name="Import").click()
    copied = Night.objects.get(owner__username="dave")
    expect(page).to_have_url(f"{live_server.url}{copied.get_absolute_url()}")
    assert _standings(copied) == _standings(night)
    _shot(page, "imported")

    # The copied Bridge Rummy game shows the same final totals on its page.
    game = copied.games.get(number=1)
    page.goto(f"{live_server.url}{game.get_absolute_url()}")
    totals = page.locator("#board tfoot td").all_inner_texts()
    original = scoreboard.game_standings(night.games.get(number=1)).tally.totals
    assert totals == [str(t) for t in original]
    expect(page.locator(f"#chart-{game.pk} svg")).to_be_visible()
    _fits(page)


@pytest.mark.parametrize("size", [{"width": 360, "height": 640}, PHONE], ids=["360", "390"])
def test_an_import_lands_where_it_says_and_a_reload_posts_nothing(
    signed_in: Page, live_server: Any, bob: Any, tmp_path: Path, size: dict[str, int]
) -> None:
    """Issue 26, 9: after an import the address bar still showed the form's page. Each outcome
    now redirects (post/redirect/get): to the night imported, to the history naming the nights,
    or back to the export page with the refusal under the file field; a reload posts nothing.
    Issue 28: a night imported before is said to be here already, and not imported again."""
    page = signed_in
    page.set_viewport_size(size)
    one, two = played_night(bob), played_night(bob, place="The pub")  # bob's export
    files = {}
    for name, nights in (("one", [one]), ("two", [one, two]), ("bad", [one])):
        document = exporting.export_document(nights)
        if name == "bad":
            document["nights"][0]["games"][0]["seats"][0]["position"] = 9
        files[name] = tmp_path / f"{name}.json"
        files[name].write_text(json.dumps(document))

    def upload(name: str) -> None:
        page.goto(f"{live_server.url}/history/")
        page.get_by_role("link", name="Export and import").click()
        expect(page).to_have_url(f"{live_server.url}/export/")
        page.get_by_label("A Scorekeeper export (.json)").set_input_files(str(files[name]))
        page.get_by_role("button", name="Import").click()

    nights = Night.objects.count()
    upload("one")
    copied = Night.objects.order_by("-id").first()
    assert copied is not None and Night.objects.count() == nights + 1
    expect(page).to_have_url(f"{live_server.url}{copied.get_absolute_url()}")
    expect(page.locator(".messages")).to_contain_text(f"Imported {copied}: it is yours now.")
    _shot(page, f"imported-{size['width']}")
    page.reload()
    expect(page).to_have_url(f"{live_server.url}{copied.get_absolute_url()}")
    assert Night.objects.count() == nights + 1

    upload("two")
    expect(page).to_have_url(f"{live_server.url}/history/")
    said = page.locator(".messages")
    expect(said).to_contain_text(f"{copied} was here already: nothing was imported again.")
    second = Night.objects.exclude(owner=bob).get(place="The pub")
    expect(said).to_contain_text(f"Imported {second}: it is yours now.")  # the other, once
    page.reload()
    assert Night.objects.count() == nights + 2

    upload("bad")
    expect(page).to_have_url(f"{live_server.url}/export/")
    alert = page.get_by_role("alert")
    expect(alert).to_contain_text("nights[0].games[0].seats[0].position is 9")
    expect(alert).to_be_in_viewport()
    _fits(page, size["width"])
    _shot(page, f"refused-{size['width']}")
    page.reload()
    expect(page.get_by_role("alert")).to_have_count(0)
    assert Night.objects.count() == nights + 2
