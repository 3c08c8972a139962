"""Voormsi on a phone: a four-handed hand tapped in trick by trick, the ladder, a quick hand.

Everything on these pages comes from the game's description (its record, its pack, its end
rule); nothing in the app names Voormsi.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from adjudicator.games import get_game
from scorekeeper.models import Game, Night
from scorekeeper.standings import scoreboard
from tests.factories import GameFactory

SUIT = {"S": "S", "H": "H", "D": "D", "C": "C"}


def _tap_play(page: Page, name: str, card: str) -> None:
    pad = page.locator(".trick-pad")
    pad.locator(".trick-seats").get_by_role("button", name=name, exact=True).click()
    pad.locator(f'.trick-cards button[data-card="{card}"]').click()


def test_a_four_handed_hand_trick_by_trick(signed_in: Page, night: Night) -> None:
    names = ["Ann", "Ben", "Cy", "Di"]
    game: Game = GameFactory(night=night, slug="voormsi", players=names)
    definition = get_game("voormsi")
    # A sample hand of single cards, dealt by Ann, in which Ben and Di score 3.
    hand = definition.sample_deal(players=4, options=definition.options(), number=25)
    page = signed_in
    page.goto(f"{page.url}games/{game.pk}/")
    # The ladder is drawn, empty: nine rungs a side, readable by a screen reader.
    ladder = page.locator("figure.ladder svg")
    expect(ladder.locator("desc")).to_have_text("Ann and Cy: 0 of 9; Ben and Di: 0 of 9.")
    assert ladder.locator("rect.rung").count() == 18
    # The pad offers the game's own 36 cards at once: no 2s, 3s but the 3D, 4s or 10s.
    expect(page.locator(".trick-cards button")).to_have_count(36)
    expect(page.locator('.trick-pad button[data-card="3D"]')).to_be_visible()
    expect(page.locator('.trick-pad button[data-card="2D"]')).to_have_count(0)
    expect(page.locator('.trick-pad button[data-card="KD"]')).to_have_count(0)

    page.locator('.choose-dealer input[name="dealer"][value="0"]').check()
    for number, trick in enumerate(hand["tricks"], start=1):
        for play in trick["plays"]:
            _tap_play(page, names[play["seat"]], play["cards"])
        verdict = page.locator(f'.verdict[data-n="{number}"]')
        expect(verdict).to_contain_text(" wins: ", timeout=10_000)
    # The trick where the 3D falls, not led, is won by it, and the page says why.
    three = next(
        n
        for n, trick in enumerate(hand["tricks"], start=1)
        if any(p["cards"] == "3D" for p in trick["plays"][1:])
    )
    expect(page.locator(f'.verdict[data-n="{three}"]')).to_contain_text(
        "the 3D wins when it is not led"
    )
    page.get_by_role("button", name="Record hand").click()
    expect(page.locator("#record h2")).to_have_text("Record hand 2")
    standings = scoreboard.game_standings(game)
    totals = standings.tally.totals
    assert totals == (0, 3)
    expect(page.locator("figure.ladder desc")).to_have_text(
        f"Ann and Cy: {totals[0]} of 9; Ben and Di: {totals[1]} of 9."
    )
    assert page.locator("figure.ladder rect.rung.filled").count() == sum(totals)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_an_illegal_play_is_refused_on_the_spot(signed_in: Page, night: Night) -> None:
    names = ["Ann", "Ben", "Cy", "Di"]
    game: Game = GameFactory(night=night, slug="voormsi", players=names)
    page = signed_in
    page.goto(f"{page.url}games/{game.pk}/")
    _tap_play(page, "Ann", "9C")
    _tap_play(page, "Ben", "AS")
    _tap_play(page, "Cy", "KH")
    _tap_play(page, "Di", "6D")
    expect(page.locator('.verdict[data-n="1"]')).to_contain_text("wins")
    # Trick 2 typed as text, led by a player who did not win trick 1, with a card already
    # played: refused, and the typed text left for its typist to correct.
    page.get_by_text("The tricks as text").click()
    page.locator('input[name="tricks_1"]').fill("2:9C 3:AD 4:KS 1:JC")
    page.locator('input[name="tricks_1"]').dispatch_event("change")
    expect(page.locator('.verdict[data-n="2"]')).to_have_class("verdict illegal", timeout=10_000)
    expect(page.locator('input[name="tricks_1"]')).to_have_value("2:9C 3:AD 4:KS 1:JC")
    # The pad says why it waits: the refusal, and the way out.
    expect(page.locator(".trick-now")).to_contain_text("refused (why is below): Undo")
    expect(page.locator(".trick-panel .refusal")).to_contain_text("Ben led trick 2 out of turn")


def test_a_three_handed_hand_recorded_quickly(signed_in: Page, night: Night) -> None:
    game: Game = GameFactory(night=night, slug="voormsi", players=["Ann", "Ben", "Cy"])
    page = signed_in
    page.goto(f"{page.url}games/{game.pk}/")
    page.get_by_label("Quickly: tricks won and captures").check()
    # The trick entry hides; the quick fields show, one count for each player.
    expect(page.locator(".trick-pad")).to_be_hidden()
    page.locator('input[name="won_0"]').fill("7")
    page.locator('input[name="won_1"]').fill("3")
    page.locator('input[name="won_2"]').fill("2")
    page.get_by_role("button", name="Record hand").click()
    expect(page.locator("#record h2")).to_have_text("Record hand 2")
    # Seven of twelve: 1 + (7 - 5) = 3 points on the ladder to exactly 12 (V-1, V-11).
    expect(page.locator("figure.ladder desc")).to_have_text(
        "Ann: 3 of 12; Ben: 0 of 12; Cy: 0 of 12."
    )
