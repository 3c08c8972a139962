"""Moving one's own nights into a club: choose them, review who comes along, move. bob records
in the Thursday circle and has a played night of his own (Mary, Tom, Dick, Alice); the club's
roster has a Mary already."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.models import Club, Night, Player
from scorekeeper.nights import services as night_services
from tests.factories import played_night

pytestmark = pytest.mark.django_db


@pytest.fixture
def own(bob: Any) -> Night:
    return played_night(bob, place="Bob's")


@pytest.fixture
def club_mary(club: Club, alice: Any) -> Player:
    return night_services.player_create(owner=alice, name="Mary", club=club)


def move(club: Club) -> str:
    return reverse("club_move_in", args=[club.pk])


@pytest.mark.parametrize(
    ("person", "status"),
    [
        pytest.param("alice", 200, id="organiser"),
        pytest.param("bob", 200, id="recorder"),
        pytest.param("carol", 403, id="member"),
        pytest.param("dave", 404, id="stranger"),
    ],
)
def test_the_move_in_page_as_each_role(
    phones: dict[str, Client], club: Club, own: Night, person: str, status: int
) -> None:
    response = phones[person].get(move(club))
    assert response.status_code == status
    if person == "bob":
        assert f'value="{own.pk}"' in response.content.decode()


def test_the_review_preselects_a_same_name_match_and_asks_for_the_rest(
    phones: dict[str, Client], club: Club, own: Night, club_mary: Player, bob: Any
) -> None:
    response = phones["bob"].post(move(club), {"nights": [own.pk]})
    page = response.content.decode()
    assert response.status_code == 200
    mine = {p.name: p for p in Player.objects.filter(owner=bob)}
    assert f'<option value="{club_mary.pk}" selected>the club\'s Mary</option>' in page
    assert f'name="as_{mine["Tom"].pk}"' in page
    assert Night.objects.get(pk=own.pk).club is None  # a review moves nothing


def test_the_move_refuses_a_player_without_a_choice(
    phones: dict[str, Client], club: Club, own: Night, club_mary: Player, bob: Any
) -> None:
    mine = {p.name: p for p in Player.objects.filter(owner=bob)}
    body = {"nights": [own.pk], "move": "1", f"as_{mine['Mary'].pk}": str(club_mary.pk)}
    for name in ("Dick", "Alice"):
        body[f"as_{mine[name].pk}"] = "new"
    response = phones["bob"].post(move(club), body)
    assert response.status_code == 400
    assert "Say who Tom is in the club." in response.content.decode()
    assert Night.objects.get(pk=own.pk).club is None
    mary = Player.objects.get(pk=mine["Mary"].pk)
    assert mary.same_as is None and mary.club is None


def test_the_move_brings_the_nights_in_as_reviewed(
    phones: dict[str, Client], club: Club, own: Night, club_mary: Player, bob: Any
) -> None:
    mine = {p.name: p for p in Player.objects.filter(owner=bob)}
    body: dict[str, Any] = {"nights": [own.pk], "move": "1"}
    for name, player in mine.items():
        body[f"as_{player.pk}"] = str(club_mary.pk) if name == "Mary" else "new"
    response = phones["bob"].post(move(club), body)
    assert response["Location"] == reverse("club_detail", args=[club.pk])
    assert Night.objects.get(pk=own.pk).club == club
    assert Player.objects.get(pk=mine["Mary"].pk).same_as == club_mary
    assert Player.objects.get(pk=mine["Tom"].pk).club == club


def test_choosing_no_night_is_refused_inline(
    phones: dict[str, Client], club: Club, own: Night
) -> None:
    response = phones["bob"].post(move(club), {})
    assert response.status_code == 400
    assert "Choose the nights to move in." in response.content.decode()


def test_someone_elses_night_cannot_be_moved_in(
    phones: dict[str, Client], club: Club, own: Night
) -> None:
    response = phones["alice"].post(move(club), {"nights": [own.pk]})
    assert response.status_code == 400
    assert Night.objects.get(pk=own.pk).club is None
