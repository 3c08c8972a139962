"""Fixtures of the API's club tests (tests/scorekeeper/api/test_clubs*.py).

alice organises the Thursday club, bob records in it, carol is a member; dave is in no club.
"""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.models import Club, Membership
from tests.factories import ClubFactory, MembershipFactory, UserFactory

Role = Membership.Role


@pytest.fixture
def dave(db: Any) -> Any:
    return UserFactory(username="dave")


@pytest.fixture
def club(alice: Any, bob: Any, carol: Any) -> Club:
    club = ClubFactory(name="Thursday Brus", created_by=alice)
    MembershipFactory(club=club, user=alice, role=Role.ORGANISER)
    MembershipFactory(club=club, user=bob, role=Role.RECORDER)
    MembershipFactory(club=club, user=carol, role=Role.MEMBER)
    return club
