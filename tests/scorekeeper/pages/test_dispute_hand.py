"""Dispute this hand, on the pages: from the game page to the desk filled in, the ruling saved
about the hand, and the amend from it that settles the dispute."""

from __future__ import annotations

import json
import re
from html import unescape
from typing import Any

from django.test import Client
from django.urls import reverse

from scorekeeper.games import services as game_services
from scorekeeper.models import Entry, Game, Ruling
from scorekeeper.nights.demo import SAMPLE_DEALS


def client_for(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def hidden(html: str, name: str) -> str:
    found = re.search(rf'name="{name}" value="([^"]*)"', html)
    assert found, name
    return unescape(found.group(1))


def test_a_hand_disputed_from_the_game_page_is_ruled_on_and_amended_to(
    bridge_game: Game, alice: Any, bob: Any
) -> None:
    hands = [
        game_services.deal_record(game=bridge_game, by=alice, data=d) for d in SAMPLE_DEALS[:2]
    ]
    client = client_for(bob)
    page = client.get(bridge_game.get_absolute_url()).content.decode()
    link = f"{reverse('desk')}?from={bridge_game.pk}&amp;deal={hands[1].pk}"
    assert f'href="{link}">Dispute this deal</a>' in page

    desk = client.get(unescape(link)).content.decode()
    assert "Disputing deal 2 of" in desk
    assert 'value="settle" checked' in desk  # the game's question for a recorded hand
    # Filled in and asked (a flag left off is left out, as the desk sends it).
    recorded = {k: v for k, v in hands[1].data.items() if v is not False}
    assert json.loads(hidden(desk, "data")) == recorded
    assert reverse("hand_dispute", args=[bridge_game.pk, hands[1].pk]) in desk
    assert "We play it this way" not in desk  # a hand's ruling is read under its game's rules

    saved = client.post(
        reverse("hand_dispute", args=[bridge_game.pk, hands[1].pk]),
        {"question": "settle", "data": hidden(desk, "data"), "note": "Tom counted again"},
    )
    ruling = Ruling.objects.get()
    assert saved.status_code == 302
    assert saved["Location"] == reverse("ruling_detail", args=[ruling.pk])
    assert ruling.dispute is not None and ruling.dispute.deal_id == hands[1].pk

    shown = client.get(saved["Location"]).content.decode()
    amend_url = (
        f"{reverse('deal_amend', args=[bridge_game.pk, hands[1].pk])}?settles={ruling.dispute.pk}"
    )
    assert "Amend deal 2 to this" in shown
    assert amend_url in shown

    page = client.get(bridge_game.get_absolute_url()).content.decode()
    assert f'Disputed: <a href="{reverse("ruling_detail", args=[ruling.pk])}">' in page

    form = client.get(amend_url).content.decode()
    assert f'name="settles" value="{ruling.dispute.pk}"' in form
    assert "Settling the dispute" in form
    # The form as the page fills it in, posted back as it stands.
    post = {
        name: unescape(value)
        for name, value in re.findall(r'<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"', form)
    } | {"settles": str(ruling.dispute.pk)}
    for name, value in re.findall(r'<input[^>]*value="([^"]*)"[^>]*name="([^"]+)"', form):
        post.setdefault(value, name)
    checked = re.findall(
        r'<input[^>]*type="radio"[^>]*name="([^"]+)"[^>]*value="([^"]*)"[^>]*checked', form
    )
    post |= dict(checked)
    done = client.post(amend_url.split("?")[0], post)
    assert done.status_code == 302, done.content.decode()[:3000]
    amend = Entry.objects.get(kind="amend")
    assert amend.settles == ruling.dispute
    page = client.get(bridge_game.get_absolute_url()).content.decode()
    assert "settles a dispute" in page
    assert "settled by an amend" in page
    assert "Amend deal 2 to this" not in client.get(saved["Location"]).content.decode()


def test_someone_who_only_watches_sees_the_dispute_but_cannot_dispute(
    bridge_game: Game, alice: Any, carol: Any
) -> None:
    from scorekeeper.desk import disputes
    from scorekeeper.models import NightViewer

    hand = game_services.deal_record(game=bridge_game, by=alice, data=SAMPLE_DEALS[0])
    disputes.hand_dispute(game=bridge_game, deal_key=hand.pk, by=alice)
    NightViewer.objects.create(night=bridge_game.night, user=carol)
    client = client_for(carol)
    page = client.get(bridge_game.get_absolute_url()).content.decode()
    assert "Disputed: " in page
    # Anyone at the table may ask the desk about the hand; only those who record keep it.
    link = f"{reverse('desk')}?from={bridge_game.pk}&amp;deal={hand.pk}"
    assert f'href="{link}">Dispute this deal</a>' in page
    desk = client.get(unescape(link)).content.decode()
    assert "Disputing deal 1 of" in desk
    assert "Save this ruling" not in desk
    assert "Only the night's owner and recorders can save a ruling." in desk
    refused = client.post(
        reverse("hand_dispute", args=[bridge_game.pk, hand.pk]),
        {"question": "settle", "data": "{}"},
    )
    assert refused.status_code in (400, 403)
    assert Ruling.objects.count() == 1


def test_a_voided_hand_offers_no_dispute(bridge_game: Game, alice: Any) -> None:
    hand = game_services.deal_record(game=bridge_game, by=alice, data=SAMPLE_DEALS[0])
    game_services.deal_void(game=bridge_game, deal_key=hand.pk, by=alice)
    client = client_for(alice)
    assert "Dispute this deal" not in client.get(bridge_game.get_absolute_url()).content.decode()
    refused = client.post(
        reverse("hand_dispute", args=[bridge_game.pk, hand.pk]),
        {"question": "settle", "data": json.dumps(SAMPLE_DEALS[0])},
    )
    assert refused.status_code == 400
    assert "is voided" in refused.content.decode()
