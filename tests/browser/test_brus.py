"""Six-handed Brus on a 360 px phone: a hand tapped in trick by trick, passes and 7s included.

Nothing in the app names Brus: its record, its pack and its sides come from its description.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from adjudicator.games import get_game
from scorekeeper.models import Game, Night
from scorekeeper.standings import scoreboard
from tests.factories import GameFactory

NAMES = ["Ann", "Ben", "Cy", "Di", "Ed", "Flo"]


def _tap(page: Page, name: str, cards: str) -> None:
    pad = page.locator(".trick-pad")
    for card in cards.split() or [None]:
        pad.locator(".trick-seats").get_by_role("button", name=name, exact=True).click()
        if card is None:
            pad.get_by_role("button", name="Pass", exact=True).click()
            return
        pad.locator(f'.trick-cards button[data-card="{card}"]').click()


def test_a_six_handed_hand_trick_by_trick(signed_in: Page, night: Night) -> None:
    game: Game = GameFactory(night=night, slug="brus", players=NAMES)
    definition = get_game("brus")
    # A sample hand dealt by Ed, with passes and 7s laid out on lead; Ann, Cy and Ed win it.
    hand = definition.sample_deal(players=6, options=definition.options(), number=5)
    page = signed_in
    page.goto(f"{page.url}games/{game.pk}/")
    # Two sides of three sitting alternately.
    expect(page.locator("table.tally thead")).to_contain_text("Ann, Cy and Ed")
    page.locator('.choose-dealer input[name="dealer"][value="4"]').check()
    for number, trick in enumerate(hand["tricks"], start=1):
        for play in trick["plays"]:
            _tap(page, NAMES[play["seat"]], play["cards"])
        expect(page.locator(f'.verdict[data-n="{number}"]')).not_to_contain_text(
            "being played", timeout=10_000
        )
        expect(page.locator(f'.verdict[data-n="{number}"]')).not_to_have_class("verdict illegal")
    page.get_by_role("button", name="Record hand").click()
    expect(page.locator("#record h2")).to_have_text("Record hand 2")
    assert scoreboard.game_standings(game).tally.totals == (1, 0)
    assert page.locator("table.tally tfoot td").all_inner_texts() == ["1", "0"]
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
