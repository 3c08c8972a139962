"""An import never doubles a night (issue 28): a file imported twice, or a person's own export
imported back, answers with the nights already here, writes nothing and changes no rating; a
file that holds part of a night here is refused; another person's export is their own copy."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from scorekeeper.games import services as game_services
from scorekeeper.history import ratings
from scorekeeper.history.scope import of_user
from scorekeeper.models import Entry, Night
from scorekeeper.transfer import exporting, importing
from tests.factories import UserFactory, played_night

pytestmark = pytest.mark.django_db


def board(user: Any) -> list[tuple[str, int, int, float]]:
    found = ratings.leaderboard(of_user(user), slug="bridge-rummy")
    return [(r.player.name, r.rating.games, r.won, str(r.rating)) for r in found.rows]


def test_a_persons_own_export_imported_back_changes_nothing(alice: Any) -> None:
    night = played_night(alice)
    before = (board(alice), Night.objects.count(), Entry.objects.count())
    assert before[0] and before[0][0][1] == 1  # one game played, rated
    document = exporting.export_document([night])
    done = importing.import_file(owner=alice, document=document)
    assert done.nights == [night] and done.already_here == {night.pk} and done.written == []
    assert (board(alice), Night.objects.count(), Entry.objects.count()) == before


def test_a_file_imported_twice_is_one_night(alice: Any) -> None:
    document = exporting.export_document([played_night(alice)])
    dave = UserFactory(username="dave")
    (first,) = importing.import_nights(owner=dave, document=document)
    once = (board(dave), Night.objects.count(), Entry.objects.count())
    again = importing.import_file(owner=dave, document=copy.deepcopy(document))
    assert again.nights == [first] and again.written == []
    assert (board(dave), Night.objects.count(), Entry.objects.count()) == once


def test_a_file_of_several_nights_writes_only_those_not_here(alice: Any) -> None:
    old, new = played_night(alice), played_night(alice, place="The pub")
    document = exporting.export_document([old, new])
    old_only = exporting.export_document([old])
    dave = UserFactory(username="dave")
    (copied_old,) = importing.import_nights(owner=dave, document=old_only)
    done = importing.import_file(owner=dave, document=document)
    assert done.nights[0] == copied_old and done.already_here == {copied_old.pk}
    assert [night.place for night in done.written] == ["The pub"]


def test_a_file_holding_more_than_the_night_here_is_refused_and_nothing_written(
    alice: Any,
) -> None:
    night = played_night(alice)
    older = exporting.export_document([night])
    brummy = night.games.get(slug="brummy")
    data = {"knocked": None, "grids": [{"seat": s, "total": t} for s, t in enumerate((3, 4, 5))]}
    game_services.deal_record(game=brummy, by=alice, data=data)
    newer = exporting.export_document([night])
    # The older export is inside the night here: it is that night.
    assert importing.import_file(owner=alice, document=older).nights == [night]
    # A copy imported from the older file, then the newer file: one entry the copy lacks.
    dave = UserFactory(username="dave")
    importing.import_nights(owner=dave, document=older)
    count = Entry.objects.count()
    with pytest.raises(importing.ImportRefused) as refused:
        importing.import_file(owner=dave, document=newer)
    assert refused.value.field == "nights[0]"
    assert "already here in part" in refused.value.message
    assert Entry.objects.count() == count


def test_another_persons_export_is_a_copy_of_their_own(alice: Any) -> None:
    night = played_night(alice)
    hers = board(alice)
    dave = UserFactory(username="dave")
    (copied,) = importing.import_nights(owner=dave, document=exporting.export_document([night]))
    assert copied != night and copied.owner == dave
    assert board(dave) == hers  # the same games, rated the same, as dave's own
    assert board(alice) == hers  # alice's as they were


def test_the_api_answers_a_file_already_here_with_200_and_the_nights(alice: Any) -> None:
    night = played_night(alice)
    client = APIClient()
    client.force_authenticate(alice)
    document = exporting.export_document([night])
    answer = client.post(reverse("api_import"), document, format="json")
    assert answer.status_code == 200
    assert answer.json()["nights"] == [
        {
            "id": night.pk,
            "date": night.date.isoformat(),
            "place": night.place,
            "url": night.get_absolute_url(),
            "already_here": True,
        }
    ]
    dave = APIClient()
    dave.force_authenticate(UserFactory(username="dave"))
    made = dave.post(reverse("api_import"), document, format="json")
    assert made.status_code == 201 and made.json()["nights"][0]["already_here"] is False
    replay = dave.post(reverse("api_import"), document, format="json")
    assert replay.status_code == 200 and replay.json()["nights"] == [
        {**made.json()["nights"][0], "already_here": True}
    ]
