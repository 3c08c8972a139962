"""The services of "live at the table": a night's join link, joining by it, and the roles.

alice owns the night and bob records in it (tests/conftest.py); dave joins by the link.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.core.exceptions import PermissionDenied

from scorekeeper.access import roles, sharing
from scorekeeper.exceptions import InvalidInput
from scorekeeper.games import services as game_services
from scorekeeper.models import Night, NightLink, NightViewer
from scorekeeper.nights import services as night_services
from tests.factories import UserFactory


@pytest.fixture
def dave(db: Any) -> Any:
    return UserFactory(username="dave")


@pytest.fixture
def watching(night: Night, dave: Any) -> Any:
    """dave, who opened alice's link while signed in."""
    sharing.night_join(night=night, user=dave)
    return dave


# The link ---------------------------------------------------------------------------------------


def test_a_link_token_is_long_and_random_and_only_its_hash_is_stored(
    night: Night, alice: Any
) -> None:
    token = sharing.link_make(night=night, by=alice)
    assert len(token) >= 43
    link = NightLink.objects.get(night=night)
    assert link.token_hash == sharing.token_hash(token) != token
    stored = [str(v) for v in NightLink.objects.values_list(flat=False).get()]
    assert not any(token in value for value in stored)
    assert sharing.night_for_token(token) == night


def test_two_links_are_never_the_same(night: Night, alice: Any) -> None:
    tokens = {sharing.link_make(night=night, by=alice) for _ in range(20)}
    assert len(tokens) == 20


def test_a_new_link_revokes_the_old_one(night: Night, alice: Any) -> None:
    old = sharing.link_make(night=night, by=alice)
    new = sharing.link_make(night=night, by=alice)
    assert sharing.night_for_token(old) is None
    assert sharing.night_for_token(new) == night
    assert not sharing.link_is_current(night.pk, sharing.token_hash(old))
    assert NightLink.objects.count() == 1


def test_stopping_sharing_closes_the_link(night: Night, alice: Any) -> None:
    token = sharing.link_make(night=night, by=alice)
    sharing.link_stop(night=night, by=alice)
    assert sharing.night_for_token(token) is None


@pytest.mark.parametrize(
    "token",
    [
        pytest.param("", id="empty"),
        pytest.param("short", id="short"),
        pytest.param("a" * 42 + "!", id="not-url-safe"),
        pytest.param("a" * 5000, id="long"),
        pytest.param("a" * 42 + "\x00", id="nul"),
    ],
)
def test_a_token_that_was_never_made_opens_nothing(night: Night, alice: Any, token: str) -> None:
    sharing.link_make(night=night, by=alice)
    assert sharing.night_for_token(token) is None


@pytest.mark.parametrize("who", ["bob", "carol"])
def test_only_the_owner_makes_or_stops_the_link(night: Night, who: str, request: Any) -> None:
    user = request.getfixturevalue(who)
    with pytest.raises(PermissionDenied):
        sharing.link_make(night=night, by=user)
    with pytest.raises(PermissionDenied):
        sharing.link_stop(night=night, by=user)
    assert not NightLink.objects.exists()


# Joining ----------------------------------------------------------------------------------------


def test_joining_makes_a_viewer_who_sees_the_night_and_cannot_record(
    night: Night, dave: Any
) -> None:
    assert sharing.night_join(night=night, user=dave) == "viewer"
    assert night in roles.nights_for_user(dave)
    assert not roles.can_record(dave, night)
    assert sharing.night_join(night=night, user=dave) == "viewer"  # twice: still one row
    assert NightViewer.objects.count() == 1


def test_the_owner_and_recorders_keep_their_part_when_they_open_the_link(
    night: Night, alice: Any, bob: Any
) -> None:
    assert sharing.night_join(night=night, user=alice) == "owner"
    assert sharing.night_join(night=night, user=bob) == "recorder"
    assert not NightViewer.objects.exists()


def test_a_viewer_writes_nothing(night: Night, watching: Any, bridge_game: Any) -> None:
    with pytest.raises(PermissionDenied):
        night_services.night_player_add(night=night, by=watching, name="Harriet")
    with pytest.raises(PermissionDenied):
        game_services.deal_record(game=bridge_game, by=watching, data={})
    with pytest.raises(PermissionDenied):
        night_services.night_add_recorder(night=night, by=watching, username="dave")
    with pytest.raises(PermissionDenied):
        sharing.role_set(night=night, by=watching, username="dave", role="recorder")
    with pytest.raises(PermissionDenied):
        sharing.link_make(night=night, by=watching)


# Roles ------------------------------------------------------------------------------------------


def test_the_owner_lets_a_viewer_record_and_back(night: Night, alice: Any, watching: Any) -> None:
    sharing.role_set(night=night, by=alice, username="DAVE", role="recorder")
    assert roles.can_record(watching, night)
    assert sharing.role_of(watching, night) == "recorder"
    assert not NightViewer.objects.exists()
    sharing.role_set(night=night, by=alice, username="dave", role="viewer")
    assert not roles.can_record(watching, night)
    assert sharing.role_of(watching, night) == "viewer"
    assert night in roles.nights_for_user(watching)


def test_a_recorder_can_be_made_a_viewer(night: Night, alice: Any, bob: Any) -> None:
    sharing.role_set(night=night, by=alice, username="bob", role="viewer")
    assert [(p.username, p.role) for p in sharing.people_of(night)] == [
        ("alice", "owner"),
        ("bob", "viewer"),
    ]


def test_the_owner_removes_a_viewer_or_a_recorder(
    night: Night, alice: Any, bob: Any, watching: Any
) -> None:
    sharing.person_remove(night=night, by=alice, username="dave")
    sharing.person_remove(night=night, by=alice, username="bob")
    assert night not in roles.nights_for_user(watching)
    assert night not in roles.nights_for_user(bob)
    assert [p.role for p in sharing.people_of(night)] == ["owner"]


def test_adding_a_viewer_by_name_as_recorder_leaves_one_part(
    night: Night, alice: Any, watching: Any
) -> None:
    night_services.night_add_recorder(night=night, by=alice, username="dave")
    assert sharing.role_of(watching, night) == "recorder"
    assert [p.role for p in sharing.people_of(night)] == ["owner", "recorder", "recorder"]


def test_changing_someone_without_a_part_says_nothing_about_their_account(
    night: Night, alice: Any, carol: Any
) -> None:
    """carol has an account, zed has none: the owner hears the same about both."""
    said = []
    for name in ("carol", "zed"):
        with pytest.raises(InvalidInput) as caught:
            sharing.role_set(night=night, by=alice, username=name, role="recorder")
        said.append(caught.value.message.replace(name, "NAME"))
        with pytest.raises(InvalidInput):
            sharing.person_remove(night=night, by=alice, username=name)
    assert said[0] == said[1]
    assert not roles.can_record(carol, night)


def test_the_owner_keeps_their_part(night: Night, alice: Any) -> None:
    with pytest.raises(InvalidInput):
        sharing.role_set(night=night, by=alice, username="alice", role="viewer")
    with pytest.raises(InvalidInput):
        sharing.person_remove(night=night, by=alice, username="alice")


def test_an_unknown_role_is_refused(night: Night, alice: Any, watching: Any) -> None:
    with pytest.raises(InvalidInput) as caught:
        sharing.role_set(night=night, by=alice, username="dave", role="owner")  # type: ignore[arg-type]
    assert caught.value.field == "role"
