"""A club played for the club transfer's tests: three nights moved in, two merges of the
roster (bob's players matched to the club's, and Maria merged into Mary), two seasons."""

from __future__ import annotations

import datetime
from typing import Any

from scorekeeper.clubs import services as club_services
from scorekeeper.games import services as game_services
from scorekeeper.models import Club, Night, Player
from scorekeeper.nights.demo import SAMPLE_DEALS
from tests.factories import GameFactory, NightFactory, played_night

# A club of three nights: alice's played night, bob's (his Mary, Tom, Dick and Alice matched to
# the club's: merged into them), and alice's Bridge Rummy with Maria, whom the club then
# merges into Mary. Two seasons.


def moved_in(club: Club, by: Any, night: Night, match: bool) -> None:
    found = club_services.arrivals(club=club, by=by, night_ids=[night.pk])
    choices = {a.player.pk: (a.match.pk if match and a.match else None) for a in found}
    club_services.move_in(club=club, by=by, night_ids=[night.pk], choices=choices)


def maria_night(owner: Any) -> Night:
    night = NightFactory(owner=owner, place="The garden", date=datetime.date(2026, 10, 1))
    game = GameFactory(night=night, slug="bridge-rummy", players=["Maria", "Tom", "Dick", "Alice"])
    for deal in SAMPLE_DEALS:
        game_services.deal_record(game=game, by=owner, data=deal)
    return night


def a_club(alice: Any, bob: Any) -> Club:
    club = club_services.club_create(by=alice, name="Thursday club")
    club_services.club_join(token=club_services.invite_make(club=club, by=alice), user=bob)
    club_services.member_role_set(club=club, by=alice, user_id=bob.pk, role="recorder")
    moved_in(club, alice, played_night(alice), match=False)
    moved_in(club, bob, played_night(bob, place="Bob's"), match=True)
    moved_in(club, alice, maria_night(alice), match=True)
    roster = {p.name: p.pk for p in Player.objects.filter(club=club, same_as__isnull=True)}
    club_services.merge(club=club, by=alice, merged_id=roster["Maria"], into_id=roster["Mary"])
    club_services.season_create(
        club=club,
        by=alice,
        name="Autumn",
        starts=datetime.date(2026, 9, 1),
        ends=datetime.date(2026, 11, 30),
    )
    club_services.season_create(club=club, by=alice, name="Winter", ends=datetime.date(2027, 2, 28))
    return club
