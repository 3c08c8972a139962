"""Every page a signed-in player reaches fits the narrowest phone (320 px) with no sideways
scrolling, with a full night behind it (every family played, long names, head to head)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

from scorekeeper.desk import disputes
from scorekeeper.games import confirmations
from scorekeeper.games import services as game_services
from scorekeeper.models import Entry, Game, Night, Player, Ruling
from tests.factories import GameFactory, played_night

NARROW = {"width": 320, "height": 700}

OVERFLOWING = """() => {
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll('body *')]
        .filter(el => el.getBoundingClientRect().right > width + 0.5)
        .filter(el => !el.closest('details:not([open])') && el.offsetParent !== null)
        .map(el => el.tagName.toLowerCase() + (el.className ? '.' + el.className : '')
             + ' ' + (el.textContent || '').trim().slice(0, 30));
}"""


def long_names_night(alice: Any) -> tuple[Night, Game, Entry, Ruling, Player, Player]:
    """A full night (every family played) and a Voormsi game of long names: its hand waits for
    the one-tap confirmations and is disputed. With two of the night's players, for head to
    head."""
    night = played_night(alice)
    voormsi = GameFactory(
        night=night,
        slug="voormsi",
        players=["Maximiliana", "Bartholomew", "Christabel", "Dimitrios"],
    )
    confirmations.night_ask_confirmations(night=night, by=alice, on=True)
    game_services.deal_record(
        game=voormsi, by=alice, data={"won": [7, 2], "first_five": 0, "captures": []}, seat=0
    )
    mary, tom = (Player.objects.get(owner=alice, name=name) for name in ("Mary", "Tom"))
    hand = voormsi.entries.get()
    ruling = disputes.hand_dispute(game=voormsi, deal_key=hand.pk, by=alice)
    return night, voormsi, hand, ruling, mary, tom


def main_pages(
    night: Night, voormsi: Game, hand: Entry, ruling: Ruling, mary: Player, tom: Player
) -> dict[str, str]:
    """Every main page of :func:`long_names_night`'s night, by a short name: the language
    walks read them all."""
    return {
        "home": "/",
        "night": night.get_absolute_url(),
        "rummy-game": night.games.get(number=1).get_absolute_url(),
        "grid-game": night.games.get(number=2).get_absolute_url(),
        "trick-game": voormsi.get_absolute_url(),
        "history": "/history/",
        "recap": f"/nights/{night.pk}/recap/",
        "players": "/players/",
        "player": f"/players/{mary.pk}/?vs={tom.pk}",
        "ratings": "/ratings/?game=bridge-rummy",
        "desk": "/desk/",
        "desk-hand": f"/desk/?from={voormsi.pk}&deal={hand.pk}",
        "ruling": f"/rulings/{ruling.pk}/",
        "profiles": "/profiles/",
        "export": "/export/",
        "tokens": "/account/tokens/",
        "screen": f"{voormsi.get_absolute_url()}screen/",
    }


def test_every_page_fits_a_320_px_phone(signed_in: Page, alice: Any) -> None:
    night, voormsi, hand, ruling, mary, tom = long_names_night(alice)
    page = signed_in
    base = page.url.rstrip("/")
    page.set_viewport_size(NARROW)
    pages = [
        "/",
        night.get_absolute_url(),
        night.games.get(number=1).get_absolute_url(),
        voormsi.get_absolute_url(),
        "/history/",
        f"/nights/{night.pk}/recap/",
        "/players/",
        f"/players/{mary.pk}/",
        f"/players/{mary.pk}/?vs={tom.pk}",
        "/ratings/",
        "/ratings/?game=bridge-rummy",
        "/desk/",
        f"/desk/?from={voormsi.pk}&deal={hand.pk}",
        f"/rulings/{ruling.pk}/",
        "/profiles/",
        "/export/",
        "/account/tokens/",
    ]
    wide = {}
    for path in pages:
        response = page.goto(base + path)
        assert response is not None and response.ok, path
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > NARROW["width"]:
            wide[path] = (width, page.evaluate(OVERFLOWING)[:5])
    assert wide == {}
