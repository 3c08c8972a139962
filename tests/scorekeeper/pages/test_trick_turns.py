"""The trick pad is told whose turn it is by the game page, from the game's description."""

from __future__ import annotations

import html
import json
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from adjudicator.games import get_game
from adjudicator.tricks.voormsi import Voormsi
from scorekeeper.games import services as game_services
from scorekeeper.models import Game, Night
from scorekeeper.pages.deal_forms import DealForm
from tests.factories import GameFactory

NAMES = ["Ann", "Ben", "Cy", "Di"]


def _turns(page: str) -> tuple[dict[str, Any], str | None]:
    tricks = re.search(r"<fieldset class=\"tricks\"[^>]*>", page)
    assert tricks is not None
    turns = re.search(r'data-turns="([^"]*)"', tricks.group(0))
    dealer = re.search(r'data-dealer="(\d+)"', tricks.group(0))
    assert turns is not None
    return json.loads(html.unescape(turns.group(1))), dealer.group(1) if dealer else None


@pytest.fixture
def voormsi(night: Night) -> Game:
    game: Game = GameFactory(night=night, slug="voormsi", players=NAMES)
    return game


def test_the_page_says_who_leads_after_each_dealer_and_who_deals_next(
    client: Client, alice: Any, voormsi: Game
) -> None:
    client.force_login(alice)
    turns, dealer = _turns(client.get(voormsi.get_absolute_url()).content.decode())
    assert turns == {
        "leaders": [1, 2, 3, 0],
        "direction": 1,
        "matched": True,
        "passes": False,
        "keeps": [],
    }
    assert dealer == "0"  # Ann deals the first hand; the page says Ben leads


def test_play_the_other_way_round_reaches_the_pad(
    voormsi: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A game that plays to the right: the leader sits at the dealer's right.
    monkeypatch.setattr(Voormsi, "play_passes", -1)
    form = DealForm(game=voormsi, seats=tuple(voormsi.seats.all()))
    turns = json.loads(form.turns_data)
    assert (turns["leaders"], turns["direction"]) == ([3, 0, 1, 2], -1)


def test_a_game_without_tricks_has_no_turns_to_tell(night: Night) -> None:
    game: Game = GameFactory(night=night, slug="bridge-rummy")
    form = DealForm(game=game, seats=tuple(game.seats.all()))
    turns = json.loads(form.turns_data)
    assert (turns["matched"], turns["passes"], turns["keeps"]) == (False, False, [])


# Issue 26, items 3 and 6: a play refused at its card, the pad's cards and where it waits ------


def _fieldset(page: str) -> str:
    found = re.search(r"<fieldset class=\"tricks\"[^>]*>", page)
    assert found is not None
    return found.group(0)


def _pack(fieldset: str) -> set[str]:
    pack = re.search(r'data-pack="([^"]*)"', fieldset)
    assert pack is not None
    return {card for card, _ in json.loads(html.unescape(pack.group(1)))}


def test_a_lead_of_two_ranks_is_refused_with_the_card_that_broke_the_rule(
    client: Client, alice: Any, voormsi: Game
) -> None:
    """7a: several cards led are of one rank. The verdicts say so at the second card, name the
    player, and mark where that card was entered, for the pad to take it back."""
    client.force_login(alice)
    url = reverse("trick_verdicts", args=[voormsi.pk])
    page = client.get(url, {"tricks_0": "2:9H+AS"}).content.decode()
    refused = re.search(r'<li class="verdict illegal"[^>]*>', page)
    assert refused is not None
    attrs = dict(re.findall(r'data-breach-(\w+)="([^"]*)"', refused.group(0)))
    assert attrs == {"trick": "0", "play": "0", "card": "1", "seat": "1", "cards": "AS"}
    assert "Ben led 9H AS: several cards led must all be of one rank" in page
    # One card fewer stands: nothing is refused, nothing marked.
    page = client.get(url, {"tricks_0": "2:9H"}).content.decode()
    assert "illegal" not in page and "data-breach" not in page


def test_a_follower_still_laying_their_cards_is_not_refused(
    client: Client, alice: Any, voormsi: Game
) -> None:
    client.force_login(alice)
    url = reverse("trick_verdicts", args=[voormsi.pk])
    page = client.get(url, {"tricks_0": "2:9C+9S 3:AS"}).content.decode()
    assert "being played" in page and "illegal" not in page
    page = client.get(url, {"tricks_0": "2:9C+9S 3:AS 4:KH"}).content.decode()
    assert 'data-breach-cards="KH"' in page  # Cy's play closed one card short
    assert "Cy must play 2 cards" in page


def test_the_pad_offers_only_cards_the_game_plays_and_passes_only_where_it_passes(
    client: Client, alice: Any, night: Night
) -> None:
    """6a: Brus's 14 unplayable cards are never played, so the pad leaves them out; Voormsi
    plays its whole pack and has no passing (its help offers no Pass)."""
    brus: Game = GameFactory(night=night, slug="brus", players=NAMES)
    client.force_login(alice)
    page = client.get(brus.get_absolute_url()).content.decode()
    offered = _pack(_fieldset(page))
    assert len(offered) == 22
    assert not offered & {"8C", "8H", "8D", "10C", "10S", "10H", "10D", "QC", "KC", "KD"}
    assert {"8S", "KH", "7C"} <= offered  # Dull, Brus, and a 7 to lay
    assert "Pass for a player who plays nothing" in page
    voormsi: Game = GameFactory(night=night, slug="voormsi", players=NAMES)
    page = client.get(voormsi.get_absolute_url()).content.decode()
    assert len(_pack(_fieldset(page))) == 36
    assert "Pass" not in re.sub(
        r"<[^>]+>", "", page.split('class="tricks"')[1].split("</fieldset>")[0]
    )


def test_the_pad_waits_at_the_foot_of_the_screen_only_before_the_first_hand(
    client: Client, alice: Any, voormsi: Game
) -> None:
    client.force_login(alice)
    assert "data-float" in _fieldset(client.get(voormsi.get_absolute_url()).content.decode())
    definition = get_game("voormsi")
    deal = definition.sample_deal(players=4, options=definition.options(), number=2)
    game_services.deal_record(game=voormsi, by=alice, data=deal)
    assert "data-float" not in _fieldset(client.get(voormsi.get_absolute_url()).content.decode())


def test_the_desk_pad_knows_the_game_passes_and_its_cards(client: Client, alice: Any) -> None:
    client.force_login(alice)
    for slug, passes, cards in (("brus", True, 22), ("voormsi", False, 36)):
        page = client.get(reverse("desk"), {"game": slug, "question": "trick", "players": 4})
        fieldset = _fieldset(page.content.decode())
        turns = re.search(r'data-turns="([^"]*)"', fieldset)
        assert turns is not None
        assert json.loads(html.unescape(turns.group(1))) == {"passes": passes}
        assert len(_pack(fieldset)) == cards
