"""A Treikort night on a phone: hands recorded quickly, and the Pope named on the night page."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from scorekeeper.models import Game, Night
from tests.factories import GameFactory


def _quick_hand(page: Page, won: tuple[int, int, int]) -> None:
    page.get_by_label("Quickly: tricks won by each player", exact=False).check()
    for seat, count in enumerate(won):
        page.locator(f'input[name="won_{seat}"]').fill(str(count))
    page.get_by_role("button", name="Record hand").click()


def test_a_night_of_three_hands_makes_a_pope(signed_in: Page, night: Night) -> None:
    game: Game = GameFactory(night=night, slug="treikort", players=["Ann", "Ben", "Cy"])
    page = signed_in
    base = page.url
    page.goto(f"{base}games/{game.pk}/")
    for number, won in enumerate([(5, 3, 1), (4, 4, 1), (4, 2, 3)], start=1):
        _quick_hand(page, won)
        expect(page.locator("#record h2")).to_have_text(f"Record hand {number + 1}")
    # 5 + 4 + 4 = 13 over Ann's last three hands (9a, T-4).
    page.goto(f"{base}nights/{night.pk}/")
    tonight = page.locator(".across")
    expect(tonight).to_contain_text("Treikort tonight")
    expect(tonight).to_contain_text("Ann is Pope: 13 tricks")
    expect(tonight).to_contain_text("Ann takes the highest card from one opponent")
