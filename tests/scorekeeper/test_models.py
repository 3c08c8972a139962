"""The ledger is append-only, and the tables refuse what cannot be true at a card table."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import IntegrityError, transaction

from scorekeeper.games import services as game_services
from scorekeeper.models import AppendOnlyError, Entry, Game, Player, Seat
from scorekeeper.nights.demo import SAMPLE_DEALS
from tests.factories import PlayerFactory


@pytest.fixture
def entry(bridge_game: Game, alice: Any) -> Entry:
    return game_services.deal_record(game=bridge_game, by=alice, data=SAMPLE_DEALS[0])


# The ledger -------------------------------------------------------------------------------------


def test_it_refuses_to_save_an_entry_again(entry: Entry) -> None:
    entry.note = "Tom miscounted"
    with pytest.raises(AppendOnlyError):
        entry.save()
    entry.refresh_from_db()
    assert entry.note == ""


def test_it_refuses_to_delete_an_entry(entry: Entry) -> None:
    with pytest.raises(AppendOnlyError):
        entry.delete()
    assert Entry.objects.filter(pk=entry.pk).exists()


def test_it_refuses_to_update_entries_in_bulk(entry: Entry) -> None:
    with pytest.raises(AppendOnlyError):
        Entry.objects.filter(pk=entry.pk).update(note="rewritten")
    entry.refresh_from_db()
    assert entry.note == ""


def test_it_refuses_to_delete_entries_in_bulk(entry: Entry) -> None:
    with pytest.raises(AppendOnlyError):
        Entry.objects.all().delete()
    assert Entry.objects.count() == 1


def test_it_adds_a_new_entry(bridge_game: Game, alice: Any) -> None:
    entry = Entry(game=bridge_game, kind=Entry.Kind.RECORD, data={}, recorded_by=alice)
    entry.save()
    assert entry.pk is not None
    assert entry.deal_key == entry.pk


def test_it_rejects_a_record_entry_that_supersedes_another(entry: Entry, alice: Any) -> None:
    with pytest.raises(IntegrityError), transaction.atomic():
        Entry.objects.create(
            game=entry.game, kind=Entry.Kind.RECORD, supersedes=entry, data={}, recorded_by=alice
        )


def test_it_rejects_an_amend_entry_that_supersedes_nothing(entry: Entry, alice: Any) -> None:
    with pytest.raises(IntegrityError), transaction.atomic():
        Entry.objects.create(
            game=entry.game, kind=Entry.Kind.AMEND, deal=entry, data={}, recorded_by=alice
        )


def test_it_lets_an_entry_be_superseded_only_once(entry: Entry, alice: Any) -> None:
    Entry.objects.create(
        game=entry.game, kind=Entry.Kind.VOID, deal=entry, supersedes=entry, recorded_by=alice
    )
    with pytest.raises(IntegrityError), transaction.atomic():
        Entry.objects.create(
            game=entry.game, kind=Entry.Kind.VOID, deal=entry, supersedes=entry, recorded_by=alice
        )


# Seats and players ------------------------------------------------------------------------------


def test_it_rejects_two_players_in_one_seat(bridge_game: Game, alice: Any) -> None:
    newcomer = PlayerFactory(owner=alice, name="Harriet")
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(game=bridge_game, player=newcomer, position=0)


def test_it_rejects_one_player_in_two_seats(bridge_game: Game) -> None:
    mary = Player.objects.get(name="Mary")
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(game=bridge_game, player=mary, position=4)


@pytest.mark.parametrize(
    "name",
    [
        pytest.param("Mary", id="same-case"),
        pytest.param("mary", id="lower-case"),
        pytest.param("MARY", id="upper-case"),
    ],
)
def test_it_rejects_a_second_player_with_the_same_name(alice: Any, name: str) -> None:
    PlayerFactory(owner=alice, name="Mary")
    with pytest.raises(IntegrityError), transaction.atomic():
        PlayerFactory(owner=alice, name=name)


def test_it_allows_the_same_name_for_another_owner(alice: Any, carol: Any) -> None:
    PlayerFactory(owner=alice, name="Mary")
    PlayerFactory(owner=carol, name="mary")
    assert Player.objects.filter(name__iexact="mary").count() == 2
