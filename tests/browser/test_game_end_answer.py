"""The deal that ends a game, recorded on a phone (issue 26, item 4): its answer where the eyes
are, as for any other deal. "Hand 6 recorded", the verdict ("Game over: …") and the Undo, in
view and focused, at 360x640 and 390x844, for every game that ends by itself (a trick game by
quick entry, the rummy games, the grid games: the form is the one generic deal form). Undo then
re-opens the game (its lifetime: test_deal_form_answers.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from adjudicator.games import all_games, get_game
from scorekeeper.games import services as game_services
from scorekeeper.history import ratings
from scorekeeper.history.scope import of_user
from scorekeeper.models import Entry, Game, Night
from scorekeeper.standings import scoreboard
from tests.browser.hands import one_from_the_end, record_hand, table_size
from tests.browser.test_deal_form_answers import assert_in_view
from tests.factories import GameFactory

NAMES = ["Ann", "Ben", "Cy", "Di", "Ed", "Flo"]
SHOTS = Path(__file__).resolve().parents[2] / "test-results" / "screenshots"
SMALL, LARGE = {"width": 360, "height": 640}, {"width": 390, "height": 844}


def _quick(game: Any) -> Any:
    """The record's quick way (tricks won) where it has ways, else the one form."""
    ways = game.record(game.options(), table_size(game)).ways
    return next((w for w in ways if w.key == "quick"), ways[0]) if ways else None


# Every game that ends by itself (an open-ended game ends when the table says: no deal ends it).
# Brummagem's ending deal gives one seat a total and the next its cards, tapped after the total.
ENDING = [game for game in all_games() if not game.open_ended(game.options(), table_size(game))]
# Each at the small phone; one of each family (a trick game by quick entry) at the large one too.
CASES = [pytest.param(game, SMALL, id=f"{game.slug}-360x640") for game in ENDING] + [
    pytest.param(get_game(slug), LARGE, id=f"{slug}-390x844")
    for slug in ("treikort", "bridge-rummy", "brummy")
]


@pytest.mark.parametrize(("game", "phone"), CASES)
def test_the_deal_that_ends_the_game_is_answered_in_view(
    signed_in: Page, night: Night, game: Any, phone: dict[str, int]
) -> None:
    size = table_size(game)
    way = _quick(game)
    before, last = one_from_the_end(game, size, way)
    played: Game = GameFactory(night=night, slug=game.slug, players=NAMES[:size])
    for deal in before:
        game_services.deal_record(game=played, by=night.owner, data=deal)
    page = signed_in
    page.set_viewport_size(phone)
    page.goto(f"{page.url}games/{played.pk}/")
    record_hand(page, game, way, last, NAMES[:size])

    number, word = len(before) + 1, game.deal_word
    said = page.locator("#recorded")
    expect(said).to_contain_text(f"{word.capitalize()} {number} recorded")
    expect(said).to_be_focused()
    verdict = said.locator(".recorded-verdict")
    expect(verdict).to_contain_text("Game over")
    undo = said.get_by_role("button", name=f"Undo: void {word} {number}")
    for answer in (said.locator("p").first, verdict, undo):
        assert_in_view(page, answer)
    assert page.evaluate("document.documentElement.scrollWidth") <= phone["width"]
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"game-end-{game.slug}-{phone['width']}.png"))
    standings = scoreboard.game_standings(played)
    assert standings.finished
    assert [r.game for r in ratings.rated_games(of_user(night.owner))] == [played]

    # Undo re-opens the game: the ledger replays without the deal, and the ratings follow.
    undo.click()
    expect(page.locator("#recorded")).to_contain_text(f"{word.capitalize()} {number} voided")
    standings = scoreboard.game_standings(played)
    assert not standings.finished
    expect(page.locator("#record h2")).to_have_text(f"Record {word} {standings.next_number}")
    assert_in_view(page, page.locator("#recorded"))
    if "won" in last:  # a trick game by quick entry: the hand undone is back in the form
        expect(page.locator('#record input[name="won_0"]')).to_have_value(str(last["won"][0]))
    assert ratings.rated_games(of_user(night.owner)) == []
    void = Entry.objects.get(game=played, kind=Entry.Kind.VOID)
    assert void.note == "Undone just after it was recorded"
