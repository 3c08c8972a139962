"""The table ends a game that has no end of its own (a settlement game), and takes it back.

The end is an entry in the ledger (kind ``end``); a void superseding it takes it back. Mary, Tom
and Dick play Rummy: in the first hand Tom goes out, Mary holds 10 and Dick 25, so Tom is up 35.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper import seal
from scorekeeper.exceptions import InvalidInput
from scorekeeper.games import services as game_services
from scorekeeper.history import records
from scorekeeper.history.scope import of_user
from scorekeeper.ledger import reading
from scorekeeper.models import Entry, Game, Night, Player, Seat
from scorekeeper.standings import in_words, scoreboard
from scorekeeper.transfer import exporting, importing
from tests.factories import GameFactory, UserFactory

HAND_1 = {"went_out": 1, "hands": [{"seat": 0, "held": 10}, {"seat": 2, "held": 25}]}
HAND_2 = {"went_out": 0, "hands": [{"seat": 1, "held": 4}, {"seat": 2, "held": 6}]}
HX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def rummy(night: Night, alice: Any) -> Game:
    game = GameFactory(night=night, slug="rummy", players=["Mary", "Tom", "Dick"])
    game_services.deal_record(game=game, by=alice, data=HAND_1)
    return game


def test_ending_an_open_game_finishes_it_for_the_one_most_up(rummy: Game, bob: Any) -> None:
    before = scoreboard.game_standings(rummy)
    assert before.can_end and not before.tally.finished
    end = game_services.game_end(game=rummy, by=bob)
    assert end.kind == Entry.Kind.END and end.deal_id is None
    standings = scoreboard.game_standings(rummy)
    assert standings.ended and not standings.can_end
    assert standings.tally.finished and standings.winner_names == ["Tom"]
    assert standings.name_status() == "Game over: Tom wins, up 35."
    assert standings.next_turn is None
    assert [h.number for h in standings.history] == [1]  # the end is no deal
    assert game_services.game_end(game=rummy, by=bob) == end  # ending it again changes nothing
    summary = in_words.game_summary(rummy)
    assert (summary.finished, summary.won_text) == (True, "Tom won, up 35")
    tom = Player.objects.get(owner=rummy.night.owner, name="Tom")
    record = records.player_record(of_user(rummy.night.owner), tom)
    assert (record.games[0].finished, record.games[0].won) == (1, 1)


def test_an_ended_game_takes_no_more_deals_until_the_end_is_undone(rummy: Game, alice: Any) -> None:
    game_services.game_end(game=rummy, by=alice)
    with pytest.raises(InvalidInput, match="takes no more hands"):
        game_services.deal_record(game=rummy, by=alice, data=HAND_2)
    undo = game_services.game_end_undo(game=rummy, by=alice)
    assert undo.kind == Entry.Kind.VOID and undo.supersedes_id == undo.deal_id
    standings = scoreboard.game_standings(rummy)
    assert not standings.ended and not standings.tally.finished
    assert standings.next_number == 2
    entry = game_services.deal_record(game=rummy, by=alice, data=HAND_2, number=2)
    assert [h.number for h in scoreboard.game_standings(rummy).history] == [1, 2]
    # The end and its undoing are voids and amends of no deal.
    assert reading.latest_revision(rummy, undo.deal_id or 0) is None
    with pytest.raises(InvalidInput):
        game_services.deal_void(game=rummy, deal_key=undo.deal_id or 0, by=alice)
    # Ended again later: the second end stands, and the chain holds throughout.
    game_services.game_end(game=rummy, by=alice)
    assert scoreboard.game_standings(rummy).ended
    rummy.refresh_from_db()
    entries = list(rummy.entries.order_by("id"))
    now = seal.read_setup(Game, Seat, rummy.pk)
    assert len(entries) == 5
    assert seal.check(rummy.pk, rummy.setup, now, entries) == ([], [])
    assert entry.kind == Entry.Kind.RECORD


def test_a_game_with_an_end_of_its_own_or_no_deal_cannot_be_ended(
    bridge_game: Game, night: Night, alice: Any
) -> None:
    with pytest.raises(InvalidInput, match="ends by its own rule") as err:
        game_services.game_end(game=bridge_game, by=alice)
    assert err.value.field == "game"
    empty = GameFactory(night=night, slug="rummy", players=["Mary", "Tom"])
    with pytest.raises(InvalidInput, match="No hands count yet"):
        game_services.game_end(game=empty, by=alice)
    with pytest.raises(InvalidInput, match="has not been ended"):
        game_services.game_end_undo(game=empty, by=alice)
    assert not Entry.objects.filter(kind=Entry.Kind.END).exists()


def test_a_recorder_ends_and_undoes_from_the_game_page(rummy: Game, bob: Any) -> None:
    client = Client()
    client.force_login(bob)
    page = client.get(rummy.get_absolute_url()).content.decode()
    assert "End the game here" in page
    response = client.post(reverse("game_end", args=[rummy.pk]), **HX)
    html = response.content.decode()
    assert response.status_code == 200
    assert "Game over: Tom wins, up 35." in html and "Undo the end" in html
    assert 'id="record"' not in html
    response = client.post(reverse("game_end_undo", args=[rummy.pk]))
    assert response.status_code == 302
    html = client.get(rummy.get_absolute_url()).content.decode()
    assert "End the game here" in html and 'id="record"' in html


def test_a_viewer_sees_the_end_but_no_button(rummy: Game, alice: Any, carol: Any) -> None:
    from scorekeeper.access import sharing

    sharing.night_join(night=rummy.night, user=carol)
    game_services.game_end(game=rummy, by=alice)
    client = Client()
    client.force_login(carol)
    html = client.get(rummy.get_absolute_url()).content.decode()
    assert "The table ended this game" in html
    assert "Undo the end" not in html and "End the game here" not in html
    assert client.post(reverse("game_end_undo", args=[rummy.pk])).status_code == 403
    assert scoreboard.game_standings(rummy).ended


def test_the_api_ends_and_undoes(rummy: Game, alice: Any, bridge_game: Game) -> None:
    client = Client()
    client.force_login(alice)
    url = reverse("api_game_end", args=[rummy.pk])
    answer = client.post(url)
    assert answer.status_code == 200
    body = answer.json()
    assert (body["ended"], body["finished"], body["winners"]) == (True, True, ["Tom"])
    refused = client.post(
        reverse("api_game_deals", args=[rummy.pk]), {"deal": HAND_2}, "application/json"
    )
    assert refused.status_code == 400 and refused.json()["field"] == "deal"
    answer = client.delete(url)
    assert answer.status_code == 200
    assert (answer.json()["ended"], answer.json()["can_end"]) == (False, True)
    refused = client.post(reverse("api_game_end", args=[bridge_game.pk]))
    assert refused.status_code == 400 and refused.json()["field"] == "game"


def test_an_ended_game_survives_export_and_import(rummy: Game, alice: Any) -> None:
    game_services.game_end(game=rummy, by=alice)
    game_services.game_end_undo(game=rummy, by=alice)
    game_services.game_end(game=rummy, by=alice)
    document = exporting.export_document([rummy.night])
    kinds = [e["kind"] for e in document["nights"][0]["games"][0]["entries"]]
    assert kinds == ["record", "end", "void", "end"]
    (copied,) = importing.import_nights(owner=UserFactory(username="dave"), document=document)
    game = copied.games.get()
    standings = scoreboard.game_standings(game)
    assert standings.ended and standings.winner_names == ["Tom"]
    again = exporting.export_document([copied])
    assert [e["kind"] for e in again["nights"][0]["games"][0]["entries"]] == kinds


def test_an_ended_game_is_final_until_the_end_is_undone(rummy: Game, alice: Any) -> None:
    deal = rummy.entries.get().pk
    game_services.game_end(game=rummy, by=alice)
    with pytest.raises(InvalidInput, match="Undo the end to void one"):
        game_services.deal_void(game=rummy, deal_key=deal, by=alice)
    with pytest.raises(InvalidInput, match="Undo the end to amend one"):
        game_services.deal_amend(game=rummy, deal_key=deal, by=alice, data=HAND_2)
    client = Client()
    client.force_login(alice)
    html = client.get(rummy.get_absolute_url()).content.decode()
    assert reverse("deal_void", args=[rummy.pk, deal]) not in html
    game_services.game_end_undo(game=rummy, by=alice)
    game_services.deal_void(game=rummy, deal_key=deal, by=alice)
    assert not scoreboard.game_standings(rummy).tally.deals
