"""A club's writes that race, sent as real concurrent requests to a live server (as
tests/scorekeeper/test_races.py does): a link opened twice at once, one merge sent twice, two
opposite merges at once. Each answers as the same requests one after the other would, never a
500, and leaves the club as one of them would. On PostgreSQL the requests truly overlap (CI
runs the suite there too); SQLite serializes them.
"""

from __future__ import annotations

from collections import Counter
from functools import partial
from typing import Any

import pytest
from django.urls import reverse

from scorekeeper.clubs import services
from scorekeeper.models import Membership, Player, PlayerMerge
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory
from tests.scorekeeper.test_races import ROUNDS, at_once, send, statuses

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_link_opened_twice_at_once_joins_once(live_server: Any) -> None:
    alice = UserFactory(username="alice")
    club = ClubFactory(created_by=alice)
    MembershipFactory(club=club, user=alice, role=Membership.Role.ORGANISER)
    url = live_server.url + reverse("api_club_join")
    for round_ in range(ROUNDS):
        joiner = UserFactory(username=f"joiner{round_}")
        token = services.invite_make(club=club, by=alice)
        answers = at_once(*(partial(send, url, {"token": token}, user=joiner.username),) * 2)
        # One after the other: joined (201), then already a member (200).
        assert statuses(answers) == Counter({201: 1, 200: 1}), answers
        assert sorted(body["joined"] for _, body in answers) == [False, True]
        assert Membership.objects.filter(club=club, user=joiner).count() == 1


@pytest.fixture
def club_with_players(db: Any) -> tuple[Any, list[tuple[Player, Player]]]:
    alice = UserFactory(username="alice")
    club = ClubFactory(created_by=alice)
    MembershipFactory(club=club, user=alice, role=Membership.Role.ORGANISER)
    pairs = [
        (
            PlayerFactory(owner=alice, club=club, name=f"Cy {n}"),
            PlayerFactory(owner=alice, club=club, name=f"Cecilia {n}"),
        )
        for n in range(ROUNDS)
    ]
    return club, pairs


def test_one_merge_sent_twice_at_once_merges_once(
    live_server: Any, club_with_players: tuple[Any, list[tuple[Player, Player]]]
) -> None:
    club, pairs = club_with_players
    url = live_server.url + reverse("api_club_merges", args=[club.pk])
    for merged, into in pairs:
        body = {"merged": merged.pk, "into": into.pk}
        answers = at_once(*(partial(send, url, body),) * 2)
        # The second, after the first: the merged player is no longer on the roster.
        assert statuses(answers) == Counter({201: 1, 400: 1}), answers
        loser = next(body for status, body in answers if status == 400)
        assert loser["field"] == "merged"
        assert PlayerMerge.objects.filter(merged=merged).count() == 1
        assert Player.objects.get(pk=merged.pk).same_as_id == into.pk


def test_two_opposite_merges_at_once_leave_one(
    live_server: Any, club_with_players: tuple[Any, list[tuple[Player, Player]]]
) -> None:
    club, pairs = club_with_players
    url = live_server.url + reverse("api_club_merges", args=[club.pk])
    for first, second in pairs:
        answers = at_once(
            partial(send, url, {"merged": first.pk, "into": second.pk}),
            partial(send, url, {"merged": second.pk, "into": first.pk}),
        )
        assert statuses(answers) == Counter({201: 1, 400: 1}), answers
        both = Player.objects.filter(pk__in=[first.pk, second.pk])
        # One of them is read as the other; never both (a loop), never neither.
        assert sorted(p.same_as_id is None for p in both) == [False, True]
