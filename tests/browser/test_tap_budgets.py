"""Every game, each way it is recorded: a sample hand entered on a phone (390x844) as a person
would, within issue 18's budget of taps, and recorded. The same hands and the same counting as
``bench/taps.py`` (tests/browser/hands.py), so a flow that gets longer fails here."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from adjudicator.games import all_games
from scorekeeper.models import Game, Night
from tests.browser.hands import record_hand, sample_for, table_size
from tests.factories import GameFactory

NAMES = ["Ann", "Ben", "Cy", "Di", "Ed", "Flo"]
SHOTS = Path("test-results/screenshots")
# One game of each family is photographed before, during and after its hand.
PHOTOGRAPHED = {game.family: game.slug for game in reversed(all_games())}
FLOWS = [
    pytest.param(game, way, id=f"{game.slug}-{way.key if way else 'the-form'}")
    for game in all_games()
    for way in game.record(game.options(), table_size(game)).ways or (None,)
]


def _camera(page: Page, name: str, game: Any) -> Any:
    """Screenshots of the phone's screen for one game of each family, else nothing."""

    def shot(moment: str) -> None:
        if PHOTOGRAPHED.get(game.family) == game.slug:
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / f"{name}-{moment}.png"))

    return shot


@pytest.mark.parametrize(("game", "way"), FLOWS)
def test_a_hand_costs_no_more_taps_than_its_budget(
    signed_in: Page, night: Night, game: Any, way: Any
) -> None:
    size = table_size(game)
    found = sample_for(game, size, way)
    assert found is not None, "the game has no sample hand recorded this way"
    _, deal = found
    played: Game = GameFactory(night=night, slug=game.slug, players=NAMES[:size])
    page = signed_in
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{page.url}games/{played.pk}/")
    shot = _camera(page, f"{game.family}-{game.slug}-{way.key if way else 'hand'}", game)
    taps, most = record_hand(page, game, way, deal, NAMES[:size], shot)
    expect(page.locator("#recorded")).to_be_visible(timeout=10_000)
    shot("3-after")
    assert played.entries.count() == 1
    assert taps <= most, f"{taps} taps, budget {most}"


# The Nordic games, each in its table's language (Voormsi's Danish, Brus's Swedish, Alkort's
# and Treikort's Icelandic).
SPOKEN = {"voormsi": "da", "brus": "sv", "alkort": "is", "treikort": "is"}


@pytest.mark.parametrize(("slug", "language"), SPOKEN.items())
def test_a_hand_costs_the_same_taps_in_the_tables_language(
    signed_in: Page, night: Night, slug: str, language: str
) -> None:
    game = next(g for g in all_games() if g.slug == slug)
    size = table_size(game)
    way = game.record(game.options(), size).ways[0]  # trick by trick
    found = sample_for(game, size, way)
    assert found is not None
    page = signed_in
    base = page.url
    page.set_viewport_size({"width": 390, "height": 844})
    taps = {}
    for spoken in ("en-gb", language):
        page.context.add_cookies([{"name": "django_language", "value": spoken, "url": base}])
        played: Game = GameFactory(night=night, slug=slug, players=NAMES[:size])
        page.goto(f"{base}games/{played.pk}/")
        assert page.evaluate("document.documentElement.lang") == spoken
        taps[spoken], _ = record_hand(page, game, way, found[1], NAMES[:size])
        expect(page.locator("#recorded")).to_be_visible(timeout=10_000)
        assert played.entries.count() == 1
    assert taps[language] == taps["en-gb"]
