"""A club's writes: members and roles, invitations, who is who, merges, seasons, moving in.

Each refusal is checked with the field it names, and each rule on both sides of its line
(the last organiser, an invitation's last moment, a season's first and last day)."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.core import signing
from django.core.exceptions import PermissionDenied
from django.utils import timezone

from scorekeeper.access import clubs as club_access
from scorekeeper.access import roles
from scorekeeper.clubs import identity, seasons
from scorekeeper.clubs import services as clubs
from scorekeeper.exceptions import InvalidInput
from scorekeeper.games import services as game_services
from scorekeeper.models import ClubInvite, Membership, Night, Player, PlayerMerge
from scorekeeper.nights import services as night_services
from scorekeeper.standings.scoreboard import game_standings
from tests.factories import GameFactory, NightFactory, UserFactory

pytestmark = pytest.mark.django_db

Role = Membership.Role


@pytest.fixture
def ann() -> Any:
    return UserFactory(username="ann")


@pytest.fixture
def ben() -> Any:
    return UserFactory(username="ben")


@pytest.fixture
def cy() -> Any:
    return UserFactory(username="cy")


@pytest.fixture
def club(ann: Any) -> Any:
    return clubs.club_create(by=ann, name="  Thursday   Brus ")


def joined(club: Any, user: Any, role: str = Role.MEMBER) -> None:
    token = clubs.invite_make(club=club, by=club.created_by)
    clubs.club_join(token=token, user=user)
    if role != Role.MEMBER:
        clubs.member_role_set(club=club, by=club.created_by, user_id=user.pk, role=role)


def refused(field: str) -> Any:
    """``pytest.raises`` for an ``InvalidInput`` naming ``field``."""

    class Named:
        def __enter__(self) -> None:
            self.raises = pytest.raises(InvalidInput)
            self.info = self.raises.__enter__()

        def __exit__(self, *exc: Any) -> bool:
            handled = self.raises.__exit__(*exc)
            assert self.info.value.field == field, self.info.value.message
            return bool(handled)

    return Named()


# The club and its members -----------------------------------------------------------------------


def test_the_maker_is_the_first_organiser_and_the_name_is_tidied(club: Any, ann: Any) -> None:
    assert club.name == "Thursday Brus"
    assert club_access.role_in(ann, club) == Role.ORGANISER
    with refused("name"):
        clubs.club_create(by=ann, name="   ")
    with refused("name"):
        clubs.club_create(by=ann, name="x" * 81)
    assert clubs.club_create(by=ann, name="x" * 80).name == "x" * 80


def test_an_invitation_lets_anyone_signed_in_join_as_a_member_once(
    club: Any, ann: Any, ben: Any
) -> None:
    token = clubs.invite_make(club=club, by=ann, days=1)
    assert clubs.club_join(token=token, user=ben) == (club, True)
    assert clubs.club_join(token=token, user=ben) == (club, False)
    assert club_access.role_in(ben, club) == Role.MEMBER
    assert Membership.objects.filter(club=club).count() == 2


def test_only_an_organiser_invites_and_for_one_of_the_offered_spans(
    club: Any, ann: Any, ben: Any
) -> None:
    joined(club, ben, Role.RECORDER)
    with pytest.raises(PermissionDenied, match="organisers may invite"):
        clubs.invite_make(club=club, by=ben)
    with refused("days"):
        clubs.invite_make(club=club, by=ann, days=3)


def test_an_expired_a_stopped_a_forged_and_a_changed_invitation_all_answer_the_same(
    club: Any, ann: Any, ben: Any
) -> None:
    expired = clubs.invite_make(club=club, by=ann)
    invite = ClubInvite.objects.get()
    # The last moment: a second before it expires it opens; at the moment it expires it does not.
    ClubInvite.objects.filter(pk=invite.pk).update(
        expires_at=timezone.now() + datetime.timedelta(seconds=5)
    )
    assert clubs.invite_for(expired) is not None
    ClubInvite.objects.filter(pk=invite.pk).update(expires_at=timezone.now())
    stopped = clubs.invite_make(club=club, by=ann)
    clubs.invite_revoke(club=club, by=ann, invite_id=ClubInvite.objects.first().pk)  # newest
    good = clubs.invite_make(club=club, by=ann)
    pk, _ = signing.loads(good, salt=clubs.INVITE_SALT)
    other_nonce = signing.dumps([pk, "not-the-nonce"], salt=clubs.INVITE_SALT)
    forged = good[:-3] + ("aaa" if not good.endswith("aaa") else "bbb")
    for token in (expired, stopped, forged, other_nonce, "x" * 300, "", "1:2:3"):
        with refused("token"):
            clubs.club_join(token=token, user=ben)
    assert club_access.role_in(ben, club) is None
    clubs.club_join(token=good, user=ben)
    assert club_access.role_in(ben, club) == Role.MEMBER


def test_the_last_organiser_cannot_leave_or_step_down_but_one_of_two_can(
    club: Any, ann: Any, ben: Any
) -> None:
    joined(club, ben)
    with refused("user"):
        clubs.club_leave(club=club, user=ann)
    with refused("user"):
        clubs.member_role_set(club=club, by=ann, user_id=ann.pk, role=Role.MEMBER)
    clubs.member_role_set(club=club, by=ann, user_id=ben.pk, role=Role.ORGANISER)
    clubs.club_leave(club=club, user=ann)
    assert club_access.role_in(ann, club) is None
    with refused("role"):
        clubs.member_role_set(club=club, by=ben, user_id=ben.pk, role="captain")


def test_a_removed_member_loses_the_clubs_nights_at_once(club: Any, ann: Any, ben: Any) -> None:
    joined(club, ben, Role.RECORDER)
    night = night_services.night_create(owner=ann, date=datetime.date(2026, 11, 26), club=club)
    assert night in roles.nights_for_user(ben)
    assert roles.can_record(ben, night)
    with pytest.raises(PermissionDenied):
        clubs.member_remove(club=club, by=ben, user_id=ann.pk)
    clubs.member_remove(club=club, by=ann, user_id=ben.pk)
    assert night not in roles.nights_for_user(ben)
    assert not roles.can_record(ben, night)
    with refused("user"):
        clubs.member_remove(club=club, by=ann, user_id=ben.pk)


def test_a_club_night_is_started_by_its_recorders_and_seats_the_clubs_one_roster(
    club: Any, ann: Any, ben: Any, cy: Any
) -> None:
    joined(club, ben, Role.RECORDER)
    joined(club, cy)
    with pytest.raises(PermissionDenied, match="start its nights"):
        night_services.night_create(owner=cy, date=datetime.date(2026, 11, 26), club=club)
    first = night_services.night_create(owner=ann, date=datetime.date(2026, 11, 19), club=club)
    second = night_services.night_create(owner=ben, date=datetime.date(2026, 11, 26), club=club)
    cy_at_anns = night_services.night_player_add(night=first, by=ann, name="Cy")
    cy_at_bens = night_services.night_player_add(night=second, by=ben, name="cy")
    assert cy_at_anns == cy_at_bens and cy_at_anns.club == club
    # Ann's own roster is another: her own night seats her own Cy.
    own = night_services.night_create(owner=ann, date=datetime.date(2026, 11, 20))
    assert night_services.night_player_add(night=own, by=ann, name="Cy") != cy_at_anns
    # An organiser runs every club night; a recorder records in it; a member watches.
    assert roles.runs(ann, second) and not roles.runs(ben, first)
    assert roles.can_record(ben, first) and not roles.can_record(cy, first)
    assert first in roles.nights_for_user(cy)


# Who is who -------------------------------------------------------------------------------------


def test_a_member_says_which_player_they_are_and_an_organiser_confirms(
    club: Any, ann: Any, ben: Any
) -> None:
    joined(club, ben)
    bens = night_services.player_create(owner=ann, name="Ben", club=club)
    anns = night_services.player_create(owner=ann, name="Ann", club=club)
    claim = clubs.claim_ask(club=club, by=ben, player_id=bens.pk)
    bens.refresh_from_db()
    assert bens.person is None and claim.answered_at is None
    with refused("player"):
        clubs.claim_ask(club=club, by=ben, player_id=anns.pk)
    with pytest.raises(PermissionDenied):
        clubs.claim_answer(club=club, by=ben, claim_id=claim.pk, confirmed=True)
    clubs.claim_answer(club=club, by=ann, claim_id=claim.pk, confirmed=True)
    bens.refresh_from_db()
    assert bens.person == ben
    with refused("claim"):
        clubs.claim_answer(club=club, by=ann, claim_id=claim.pk, confirmed=True)
    # An organiser's own word is enough.
    clubs.claim_ask(club=club, by=ann, player_id=anns.pk)
    anns.refresh_from_db()
    assert anns.person == ann
    # The person unlinks themselves; nobody else but an organiser may.
    clubs.self_unlink(club=club, by=ben, player_id=bens.pk)
    bens.refresh_from_db()
    assert bens.person is None


def test_a_claim_turned_down_links_nobody_and_may_be_asked_again(
    club: Any, ann: Any, ben: Any
) -> None:
    joined(club, ben)
    bens = night_services.player_create(owner=ann, name="Ben", club=club)
    claim = clubs.claim_ask(club=club, by=ben, player_id=bens.pk)
    clubs.claim_answer(club=club, by=ann, claim_id=claim.pk, confirmed=False)
    bens.refresh_from_db()
    assert bens.person is None
    clubs.claim_ask(club=club, by=ben, player_id=bens.pk)


# One person, one player -------------------------------------------------------------------------


def rummy_game(night: Night, names: tuple[str, ...], winner: int) -> Any:
    """A game of Rummy at ``night`` won by seat ``winner``: one deal, then the table ends it."""
    game = GameFactory(night=night, slug="rummy", players=list(names))
    hands = [{"seat": s, "held": 10 + 5 * s} for s in range(len(names)) if s != winner]
    game_services.deal_record(game=game, by=night.owner, data={"went_out": winner, "hands": hands})
    game_services.game_end(game=game, by=night.owner)
    return game


def test_a_merge_reads_two_players_as_one_and_its_undo_as_two_again(club: Any, ann: Any) -> None:
    monday = night_services.night_create(owner=ann, date=datetime.date(2026, 11, 2), club=club)
    tuesday = night_services.night_create(owner=ann, date=datetime.date(2026, 11, 3), club=club)
    GameFactory(night=monday, players=["Ann", "Bo", "Cy", "Dee"])
    GameFactory(night=tuesday, players=["Ann", "Bo", "Cyd", "Dee"])
    cy = Player.objects.get(club=club, name="Cy")
    cyd = Player.objects.get(club=club, name="Cyd")
    done = clubs.merge(club=club, by=ann, merged_id=cyd.pk, into_id=cy.pk)
    assert identity.read_as() == {cyd.pk: cy.pk}
    assert "Cyd" not in {p.name for p in night_services.roster(owner=ann, club=club)}
    # The merged player's name is free again; an undo brings Cyd back under another.
    night_services.player_create(owner=ann, name="cyd", club=club)
    undone = clubs.unmerge(club=club, by=ann, merge_id=done.pk)
    assert undone.renamed == "Cyd (2)"
    assert identity.read_as() == {}
    with refused("merge"):
        clubs.unmerge(club=club, by=ann, merge_id=done.pk)


def test_two_players_who_sat_at_one_game_are_two_people(club: Any, ann: Any) -> None:
    night = night_services.night_create(owner=ann, date=datetime.date(2026, 11, 2), club=club)
    GameFactory(night=night, players=["Ann", "Bo", "Cy", "Dee"])
    bo, cy = (Player.objects.get(club=club, name=n) for n in ("Bo", "Cy"))
    with refused("into"):
        clubs.merge(club=club, by=ann, merged_id=bo.pk, into_id=cy.pk)
    with refused("into"):
        clubs.merge(club=club, by=ann, merged_id=bo.pk, into_id=bo.pk)
    assert not PlayerMerge.objects.exists()


def test_a_merge_through_a_chain_is_refused_when_any_of_them_met(club: Any, ann: Any) -> None:
    first = night_services.night_create(owner=ann, date=datetime.date(2026, 11, 2), club=club)
    second = night_services.night_create(owner=ann, date=datetime.date(2026, 11, 3), club=club)
    GameFactory(night=first, players=["Ann", "Bo", "Cy", "Dee"])
    GameFactory(night=second, players=["Ann", "Bob", "Eve", "Dee"])
    bo, cy, bob = (Player.objects.get(club=club, name=n) for n in ("Bo", "Cy", "Bob"))
    clubs.merge(club=club, by=ann, merged_id=bob.pk, into_id=bo.pk)
    eve = Player.objects.get(club=club, name="Eve")
    with refused("into"):  # Eve met Bob, who is Bo now
        clubs.merge(club=club, by=ann, merged_id=eve.pk, into_id=bo.pk)
    clubs.merge(club=club, by=ann, merged_id=eve.pk, into_id=cy.pk)


# Seasons ----------------------------------------------------------------------------------------


def test_seasons_follow_each_other_and_never_overlap(club: Any, ann: Any) -> None:
    with refused("starts"):
        clubs.season_create(club=club, by=ann, name="Spring", ends=datetime.date(2026, 6, 30))
    spring = clubs.season_create(
        club=club,
        by=ann,
        name="Spring",
        starts=datetime.date(2026, 3, 1),
        ends=datetime.date(2026, 6, 30),
    )
    autumn = clubs.season_create(club=club, by=ann, name="Autumn", ends=datetime.date(2026, 12, 31))
    assert autumn.starts == datetime.date(2026, 7, 1)
    with refused("starts"):  # its last day is Spring's last
        clubs.season_create(
            club=club,
            by=ann,
            name="Overlap",
            starts=datetime.date(2026, 1, 1),
            ends=datetime.date(2026, 3, 1),
        )
    clubs.season_create(
        club=club,
        by=ann,
        name="Winter",
        starts=datetime.date(2026, 1, 1),
        ends=datetime.date(2026, 2, 28),
    )
    with refused("ends"):
        clubs.season_create(club=club, by=ann, name="Backwards", ends=datetime.date(2026, 12, 31))
    assert seasons.current(club, datetime.date(2026, 6, 30)) == spring
    assert seasons.current(club, datetime.date(2026, 7, 1)) == autumn
    assert seasons.next_start(club) == datetime.date(2027, 1, 1)


def test_a_season_ends_early_once_and_a_finished_one_never_changes(club: Any, ann: Any) -> None:
    today = timezone.localdate()
    now = clubs.season_create(
        club=club,
        by=ann,
        name="Now",
        starts=today - datetime.timedelta(days=30),
        ends=today + datetime.timedelta(days=30),
    )
    with refused("on"):
        clubs.season_end(club=club, by=ann, season_id=now.pk, on=today - datetime.timedelta(days=1))
    ended = clubs.season_end(club=club, by=ann, season_id=now.pk)
    assert ended.ends == today
    assert seasons.next_start(club) == today + datetime.timedelta(days=1)
    past = clubs.season_create(
        club=club,
        by=ann,
        name="Past",
        starts=datetime.date(2020, 1, 1),
        ends=datetime.date(2020, 12, 31),
    )
    with refused("season"):
        clubs.season_end(club=club, by=ann, season_id=past.pk)


# Moving in --------------------------------------------------------------------------------------


def test_moving_in_asks_who_each_player_is_and_changes_no_total(
    club: Any, ann: Any, ben: Any
) -> None:
    joined(club, ben, Role.RECORDER)
    clubs_night = night_services.night_create(owner=ann, date=datetime.date(2026, 11, 5), club=club)
    GameFactory(night=clubs_night, players=["Ann", "Ben", "Cy"], slug="rummy")
    bens_night = NightFactory(owner=ben, date=datetime.date(2026, 10, 1))
    game = rummy_game(bens_night, ("Ben", "cy", "Dot"), winner=1)
    before = game_standings(game).tally.totals
    arriving = clubs.arrivals(club=club, by=ben, night_ids=[bens_night.pk])
    matches = {a.player.name: (a.match.name if a.match else None) for a in arriving}
    assert matches == {"Ben": "Ben", "cy": "Cy", "Dot": None}
    by_name = {a.player.name: a for a in arriving}
    with refused("choices"):  # Dot left out: nobody is matched silently
        clubs.move_in(
            club=club,
            by=ben,
            night_ids=[bens_night.pk],
            choices={by_name["Ben"].player.pk: by_name["Ben"].match.pk},
        )
    with refused("choices"):  # a new "cy" beside the club's Cy
        clubs.move_in(
            club=club,
            by=ben,
            night_ids=[bens_night.pk],
            choices={a.player.pk: None for a in arriving},
        )
    assert Night.objects.get(pk=bens_night.pk).club is None
    choices = {a.player.pk: (a.match.pk if a.match else None) for a in arriving}
    clubs.move_in(club=club, by=ben, night_ids=[bens_night.pk], choices=choices)
    assert Night.objects.get(pk=bens_night.pk).club == club
    assert game_standings(game).tally.totals == before
    assert identity.read_as() == {
        by_name["Ben"].player.pk: by_name["Ben"].match.pk,
        by_name["cy"].player.pk: by_name["cy"].match.pk,
    }
    assert {p.name for p in night_services.roster(owner=ann, club=club)} == {
        "Ann",
        "Ben",
        "Cy",
        "Dot",
    }
    with refused("nights"):  # moved once; and only one's own
        clubs.arrivals(club=club, by=ben, night_ids=[bens_night.pk])


def test_only_recorders_move_in_and_only_their_own_nights(club: Any, ann: Any, ben: Any) -> None:
    joined(club, ben)
    bens_night = NightFactory(owner=ben)
    with pytest.raises(PermissionDenied):
        clubs.move_in(club=club, by=ben, night_ids=[bens_night.pk], choices={})
    with refused("nights"):
        clubs.arrivals(club=club, by=ann, night_ids=[bens_night.pk])
    with refused("nights"):
        clubs.arrivals(club=club, by=ann, night_ids=[])


def test_a_finished_seasons_final_table_takes_no_night_moved_in(club: Any, ann: Any) -> None:
    today = timezone.localdate()
    clubs.season_create(
        club=club,
        by=ann,
        name="Spring",
        starts=today - datetime.timedelta(days=60),
        ends=today - datetime.timedelta(days=1),
    )
    clubs.season_create(club=club, by=ann, name="Now", ends=today + datetime.timedelta(days=30))
    last_day = NightFactory(owner=ann, date=today - datetime.timedelta(days=1))
    first_day_after = NightFactory(owner=ann, date=today)
    with refused("nights"):
        clubs.arrivals(club=club, by=ann, night_ids=[last_day.pk])
    with refused("nights"):
        clubs.move_in(club=club, by=ann, night_ids=[first_day_after.pk, last_day.pk], choices={})
    assert clubs.arrivals(club=club, by=ann, night_ids=[first_day_after.pk]) == []
    clubs.move_in(club=club, by=ann, night_ids=[first_day_after.pk], choices={})
    assert Night.objects.get(pk=first_day_after.pk).club == club
