"""Dispute this hand, at a 390 px phone (issue 21): from a hand on the game page to the desk with
its entries filled in, the ruling saved about that hand, and the amend from the ruling that
settles the dispute."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from scorekeeper.games import services as game_services
from scorekeeper.models import Entry, Game, Night, Ruling
from tests.factories import GameFactory

PHONE_390 = {"width": 390, "height": 844}
HANDS = [
    {"went_out": 0, "hands": [{"seat": 1, "held": 12}, {"seat": 2, "held": 5}]},
    {"went_out": 1, "hands": [{"seat": 0, "held": 30}, {"seat": 2, "held": 4}]},
]


def test_dispute_this_hand_opens_the_desk_filled_in_and_the_amend_points_back(
    signed_in: Page, live_server: Any, night: Night, alice: Any
) -> None:
    game: Game = GameFactory(night=night, slug="rummy", players=["Ann", "Ben", "Cy"])
    hands = [game_services.deal_record(game=game, by=alice, data=hand) for hand in HANDS]
    page = signed_in
    page.set_viewport_size(PHONE_390)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    hand = page.locator(f"#deal-{hands[1].pk}")
    hand.locator("summary").click()
    hand.get_by_role("link", name="Dispute this hand").click()

    # The desk, filled in with hand 2 as recorded, and already answered.
    expect(page.locator(".dispute-hand")).to_contain_text("Disputing hand 2 of")
    save = page.get_by_role("button", name="Save this ruling about hand 2")
    expect(save).to_be_visible()
    expect(page.get_by_role("button", name="We play it this way")).to_have_count(0)
    save.scroll_into_view_if_needed()
    save.click()

    # The ruling, tied to the hand, offers the amend.
    ruling = Ruling.objects.get()
    assert ruling.dispute is not None and ruling.dispute.deal_id == hands[1].pk
    expect(page.locator(".ruling-hand")).to_contain_text("About hand 2 of")
    amend = page.get_by_role("link", name="Amend hand 2 to this")
    expect(amend).to_be_in_viewport()
    amend.click()
    expect(page.get_by_text("Settling the dispute")).to_be_visible()
    page.get_by_role("button", name="Save the correction").click()

    # Back on the game page: the hand says it was disputed, and its amend that it settled it.
    page.wait_for_url(f"{live_server.url}/games/{game.pk}/")
    settled = Entry.objects.get(kind="amend")
    assert settled.settles_id == ruling.dispute_id and settled.deal_id == hands[1].pk
    hand = page.locator(f"#deal-{hands[1].pk}")
    hand.locator("summary").click()
    expect(hand).to_contain_text("settles a dispute")
    expect(hand.locator(".dispute")).to_contain_text("settled by an amend")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
