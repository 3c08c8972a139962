"""Rummy and Gambler's Rummy on a 360 px phone: hands settled with the card picker and counts.

Nothing in the app names these games: the record (who went out, rummy, each loser's cards or
count; Gambler's two ways of ending a hand) comes from their descriptions.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from adjudicator.games import get_game
from adjudicator.options import options_as_dict
from scorekeeper.models import Game, Night
from scorekeeper.standings import scoreboard
from tests.factories import GameFactory


def _hand(page: Page, seat: int, hand: dict[str, Any]) -> None:
    row = page.locator(f'#record form fieldset.hand[data-seat="{seat}"]')
    if "cards" in hand:
        row.get_by_label("Cards", exact=True).check()
        for card in hand["cards"].split():
            row.locator(f'button[data-card="{card}"]').click()
        return
    key, label = ("held", "Count in hand") if "held" in hand else ("unmatched", "Unmatched count")
    row.get_by_label(label, exact=True).check()
    row.locator(f'[data-entry="{key}"] input[type=number]').fill(str(hand[key]))


def _totals(page: Page) -> list[str]:
    return page.locator("table.tally tfoot td").all_inner_texts()


def test_rummy_hands_settled_with_the_picker_and_counts(signed_in: Page, night: Night) -> None:
    game: Game = GameFactory(night=night, slug="rummy", players=["Ann", "Ben", "Cy"])
    page = signed_in
    page.goto(f"{page.url}games/{game.pk}/")
    form = page.locator("#record form")

    # Hand 1: Ann goes out; Ben's cards are picked (KS 7H 2D = 19), Cy agrees a count of 5.
    form.locator('input[name="went_out"][value="0"]').check()
    _hand(page, 1, {"cards": "KS 7H 2D"})
    _hand(page, 2, {"held": 5})
    form.get_by_role("button", name="Record hand").click()
    expect(page.locator("#record h2")).to_have_text("Record hand 2")
    assert _totals(page) == ["24", "-19", "-5"]

    # Hand 2: Ben goes out with rummy, so every payment is doubled.
    form.locator('input[name="went_out"][value="1"]').check()
    form.get_by_label("Rummy").check()
    _hand(page, 0, {"held": 10})
    _hand(page, 2, {"cards": "AS 3C"})
    form.get_by_role("button", name="Record hand").click()
    expect(page.locator("#record h2")).to_have_text("Record hand 3")
    assert _totals(page) == ["4", "9", "-13"]
    assert scoreboard.game_standings(game).tally.totals == (4, 9, -13)
    page.locator("#board .deal").nth(1).locator("summary").click()
    expect(page.locator("#board .deal").nth(1)).to_contain_text(
        "Ann pays Ben 20: 10 in hand, as the table agreed, doubled for rummy (P-1)"
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_a_loser_with_more_cards_than_dealt_is_refused_inline(
    signed_in: Page, night: Night
) -> None:
    game: Game = GameFactory(night=night, slug="rummy", players=["Ann", "Ben", "Cy"])
    page = signed_in
    page.goto(f"{page.url}games/{game.pk}/")
    page.locator('#record form input[name="went_out"][value="0"]').check()
    _hand(page, 1, {"cards": "AS 2S 3S 4S 5S 6S 7S 8S"})
    _hand(page, 2, {"held": 5})
    page.locator("#record form").get_by_role("button", name="Record hand").click()
    expect(page.locator("#record")).to_contain_text("Ben can hold at most 7 cards, not 8")
    assert _totals(page) == ["0", "0", "0"]


def test_gamblers_refusal_lowest_count_collects(signed_in: Page, night: Night) -> None:
    definition = get_game("gamblers-rummy")
    options = options_as_dict(definition.options({"lowest_count_wins_on_refusal": True}))
    game: Game = GameFactory(
        night=night, slug="gamblers-rummy", options=options, players=["Ann", "Ben", "Cy", "Di"]
    )
    page = signed_in
    page.goto(f"{page.url}games/{game.pk}/")
    form = page.locator("#record form")
    form.locator('input[name="way"][value="refused"]').check()
    form.locator('input[name="refused"][value="1"]').check()
    _hand(page, 0, {"unmatched": 12})
    _hand(page, 1, {"unmatched": 3})
    _hand(page, 2, {"unmatched": 20})
    _hand(page, 3, {"cards": "7H 8H 9H 7C"})  # the run is matched: 7 unmatched
    form.get_by_role("button", name="Record hand").click()
    expect(page.locator("#record h2")).to_have_text("Record hand 2")
    assert _totals(page) == ["-9", "30", "-17", "-4"]
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_the_table_ends_a_rummy_game_and_takes_it_back(
    signed_in: Page, live_server: Any, night: Night, alice: Any
) -> None:
    from scorekeeper.games import services as game_services

    game = GameFactory(night=night, slug="rummy", players=["Mary", "Tom", "Dick"])
    hand = {"went_out": 1, "hands": [{"seat": 0, "held": 10}, {"seat": 2, "held": 25}]}
    game_services.deal_record(game=game, by=alice, data=hand)
    page = signed_in
    page.goto(f"{live_server.url}{game.get_absolute_url()}")
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="End the game here").click()
    expect(page.locator("#board .status")).to_have_text("Game over: Tom wins, up 35.")
    expect(page.locator("#record")).to_have_count(0)
    expect(page.locator("#board .winner").first).to_contain_text("Tom")
    page.get_by_role("button", name="Undo the end: play on").click()
    expect(page.locator("#record")).to_be_visible()
    expect(page.get_by_role("button", name="End the game here")).to_be_visible()
    assert not scoreboard.game_standings(game).ended
