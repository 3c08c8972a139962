"""The club the club pages' tests (test_club*.py) share: "The Thursday circle", whose organiser is alice, recorder
bob, member carol; dave is in no club. Each person has a phone (a signed-in client)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from scorekeeper.clubs import services
from scorekeeper.models import Club, Membership, Player
from scorekeeper.nights import services as night_services
from tests.factories import MembershipFactory, UserFactory

Role = Membership.Role
PEOPLE = ("alice", "bob", "carol", "dave")


@pytest.fixture
def dave(db: Any) -> Any:
    return UserFactory(username="dave")


@pytest.fixture
def club(alice: Any, bob: Any, carol: Any) -> Club:
    club = services.club_create(by=alice, name="The Thursday circle")
    MembershipFactory(club=club, user=bob, role=Role.RECORDER)
    MembershipFactory(club=club, user=carol, role=Role.MEMBER)
    return club


@pytest.fixture
def cy(club: Club, alice: Any) -> Player:
    return night_services.player_create(owner=alice, name="Cy", club=club)


@pytest.fixture
def phones(alice: Any, bob: Any, carol: Any, dave: Any) -> dict[str, Client]:
    found = {}
    for name, user in zip(PEOPLE, (alice, bob, carol, dave), strict=True):
        found[name] = Client()
        found[name].force_login(user)
    return found
