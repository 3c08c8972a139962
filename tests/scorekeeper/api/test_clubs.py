"""/api/v1/clubs/: a club, its members and roles, its invitations, and joining by one.

alice organises the Thursday club, bob records in it, carol is a member; dave is in no club.
"""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from scorekeeper.clubs import services
from scorekeeper.models import Club, ClubInvite, Membership, Night
from tests.factories import (
    ClubFactory,
    MembershipFactory,
    NightFactory,
    PlayerFactory,
    SeasonFactory,
)

pytestmark = pytest.mark.django_db
Role = Membership.Role


def refused(response: Any, *, code: str, field: str | None, status: int = 400) -> str:
    """The API's one error shape; its sentence."""
    assert response.status_code == status, response.content
    body = response.json()
    assert response["Content-Type"].startswith("application/problem+json")
    assert (body["code"], body["field"]) == (code, field)
    assert isinstance(body["message"], str) and len(body["message"].split()) >= 3
    return str(body["message"])


def as_(user: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def url(name: str, *args: Any) -> str:
    return reverse(name, args=args)


# The club ---------------------------------------------------------------------------------------


def test_a_club_is_started_with_its_maker_as_organiser(api: APIClient, alice: Any) -> None:
    response = api.post(url("api_clubs"), {"name": "  Thursday   Brus "}, format="json")
    assert response.status_code == 201, response.content
    club = Club.objects.get()
    assert response.json() == {
        "id": club.pk,
        "name": "Thursday Brus",
        "role": "organiser",
        "members": 1,
        "players": 0,
        "nights": 0,
        "seasons": 0,
        "created_at": response.json()["created_at"],
    }
    assert Membership.objects.get(club=club).user == alice


@pytest.mark.parametrize(
    ("body", "field"),
    [
        pytest.param({}, "name", id="missing"),
        pytest.param({"name": "   "}, "name", id="only-spaces"),
        pytest.param({"name": "x" * 81}, "name", id="too-long"),
        pytest.param({"name": 7}, "name", id="a-number"),
        pytest.param({"name": "Club", "colour": "red"}, "colour", id="an-unknown-field"),
    ],
)
def test_a_club_needs_a_name(api: APIClient, body: dict[str, Any], field: str) -> None:
    refused(api.post(url("api_clubs"), body, format="json"), code="invalid", field=field)
    assert not Club.objects.exists()


def test_the_list_holds_my_clubs_only_with_my_role_and_counts(
    club: Club, bob: Any, dave: Any
) -> None:
    other = ClubFactory(name="Another table")
    MembershipFactory(club=other, user=dave, role=Role.ORGANISER)
    PlayerFactory(owner=bob, club=club, name="Cy")
    NightFactory(owner=bob, club=club)
    SeasonFactory(club=club)
    answer = as_(bob).get(url("api_clubs"))
    assert answer.status_code == 200
    assert [(c["name"], c["role"]) for c in answer.json()] == [("Thursday Brus", "recorder")]
    assert {k: answer.json()[0][k] for k in ("members", "players", "nights", "seasons")} == {
        "members": 3,
        "players": 1,
        "nights": 1,
        "seasons": 1,
    }


def test_my_clubs_come_a_page_at_a_time(dave: Any) -> None:
    for name in ("Alpha", "Bravo", "Charlie"):
        MembershipFactory(club=ClubFactory(name=name), user=dave)
    client = as_(dave)
    first = client.get(url("api_clubs"), {"limit": 2})
    assert [c["name"] for c in first.json()] == ["Alpha", "Bravo"]
    following = first["Link"].split(";")[0].strip("<>")
    second = client.get(following)
    assert [c["name"] for c in second.json()] == ["Charlie"]
    assert "Link" not in second


def test_a_club_reads_with_my_role(club: Club, carol: Any) -> None:
    answer = as_(carol).get(url("api_club", club.pk))
    assert answer.status_code == 200
    assert (answer.json()["name"], answer.json()["role"]) == ("Thursday Brus", "member")


def test_a_club_i_am_not_in_is_not_found_like_one_that_does_not_exist(
    club: Club, dave: Any
) -> None:
    client = as_(dave)
    theirs = client.get(url("api_club", club.pk))
    missing = client.get(url("api_club", 987654))
    refused(theirs, code="not_found", field=None, status=404)
    assert theirs.json() == missing.json()


def test_signed_out_is_401(club: Club) -> None:
    refused(
        APIClient().get(url("api_club", club.pk)), code="not_authenticated", field=None, status=401
    )


def test_an_organiser_renames_the_club(club: Club, alice: Any) -> None:
    answer = as_(alice).patch(url("api_club", club.pk), {"name": "Visby"}, format="json")
    assert answer.status_code == 200
    assert answer.json()["name"] == "Visby"
    club.refresh_from_db()
    assert club.name == "Visby"


@pytest.mark.parametrize("who", ["bob", "carol"])
def test_only_an_organiser_renames_and_before_the_body_is_read(
    club: Club, who: str, request: pytest.FixtureRequest
) -> None:
    user = request.getfixturevalue(who)
    message = refused(
        as_(user).patch(url("api_club", club.pk), {}, format="json"),
        code="permission_denied",
        field=None,
        status=403,
    )
    assert message == "Only the club's organisers may rename it."


# Members ----------------------------------------------------------------------------------------


def test_members_are_listed_in_the_order_they_joined(club: Club, carol: Any) -> None:
    answer = as_(carol).get(url("api_club_members", club.pk), {"limit": 2})
    assert [(m["username"], m["role"]) for m in answer.json()] == [
        ("alice", "organiser"),
        ("bob", "recorder"),
    ]
    rest = as_(carol).get(answer["Link"].split(";")[0].strip("<>"))
    assert [m["username"] for m in rest.json()] == ["carol"]


def test_an_organiser_changes_a_role(club: Club, alice: Any, carol: Any) -> None:
    answer = as_(alice).patch(
        url("api_club_member", club.pk, carol.pk), {"role": "recorder"}, format="json"
    )
    assert answer.status_code == 200
    assert answer.json()["role"] == "recorder"
    assert Membership.objects.get(club=club, user=carol).role == Role.RECORDER


def test_a_role_must_be_one_of_the_three(club: Club, alice: Any, carol: Any) -> None:
    refused(
        as_(alice).patch(
            url("api_club_member", club.pk, carol.pk), {"role": "king"}, format="json"
        ),
        code="invalid",
        field="role",
    )


def test_the_last_organiser_stays_one(club: Club, alice: Any) -> None:
    message = refused(
        as_(alice).patch(
            url("api_club_member", club.pk, alice.pk), {"role": "member"}, format="json"
        ),
        code="invalid",
        field="user",
    )
    assert "needs an organiser" in message


def test_a_role_of_someone_not_in_the_club_is_refused(club: Club, alice: Any, dave: Any) -> None:
    refused(
        as_(alice).patch(
            url("api_club_member", club.pk, dave.pk), {"role": "member"}, format="json"
        ),
        code="invalid",
        field="user",
    )


def test_a_recorder_may_not_change_roles(club: Club, bob: Any, carol: Any) -> None:
    refused(
        as_(bob).patch(
            url("api_club_member", club.pk, carol.pk), {"role": "organiser"}, format="json"
        ),
        code="permission_denied",
        field=None,
        status=403,
    )
    assert Membership.objects.get(club=club, user=carol).role == Role.MEMBER


def test_a_removed_member_loses_the_club_and_its_nights_at_once(
    club: Club, alice: Any, carol: Any
) -> None:
    night = NightFactory(owner=alice, club=club)
    client = as_(carol)
    assert client.get(url("api_night", night.pk)).status_code == 200
    assert as_(alice).delete(url("api_club_member", club.pk, carol.pk)).status_code == 204
    refused(client.get(url("api_club", club.pk)), code="not_found", field=None, status=404)
    refused(client.get(url("api_night", night.pk)), code="not_found", field=None, status=404)
    assert client.get(url("api_clubs")).json() == []
    assert night.pk not in [n["id"] for n in client.get(url("api_nights")).json()]


def test_only_an_organiser_removes(club: Club, bob: Any, carol: Any) -> None:
    message = refused(
        as_(bob).delete(url("api_club_member", club.pk, carol.pk)),
        code="permission_denied",
        field=None,
        status=403,
    )
    assert message == "Only the club's organisers may remove members."


def test_a_member_leaves(club: Club, carol: Any) -> None:
    client = as_(carol)
    assert client.delete(url("api_club_membership", club.pk)).status_code == 204
    assert not Membership.objects.filter(club=club, user=carol).exists()
    refused(client.get(url("api_club", club.pk)), code="not_found", field=None, status=404)


def test_the_last_organiser_cannot_leave(club: Club, alice: Any) -> None:
    refused(as_(alice).delete(url("api_club_membership", club.pk)), code="invalid", field="user")


# Invitations ------------------------------------------------------------------------------------


def test_an_invitation_answers_its_token_and_link_once(club: Club, alice: Any) -> None:
    client = as_(alice)
    made = client.post(url("api_club_invites", club.pk), {"days": 30}, format="json")
    assert made.status_code == 201, made.content
    body = made.json()
    assert body["url"].startswith("http://testserver/") and body["token"] in body["url"]
    invite = ClubInvite.objects.get()
    assert body["token"] not in invite.nonce_hash
    left = datetime.datetime.fromisoformat(body["expires_at"]) - timezone.now()
    assert datetime.timedelta(days=29) < left <= datetime.timedelta(days=30)
    listed = client.get(url("api_club_invites", club.pk)).json()
    assert [i["id"] for i in listed] == [invite.pk]
    assert "token" not in listed[0] and "url" not in listed[0]


def test_an_invitation_lasts_a_week_unless_told(club: Club, alice: Any) -> None:
    body = as_(alice).post(url("api_club_invites", club.pk), {}, format="json").json()
    left = datetime.datetime.fromisoformat(body["expires_at"]) - timezone.now()
    assert datetime.timedelta(days=6) < left <= datetime.timedelta(days=7)


@pytest.mark.parametrize("days", [0, 2, 365, "7", None])
def test_an_invitation_lasts_1_7_or_30_days(club: Club, alice: Any, days: Any) -> None:
    response = as_(alice).post(url("api_club_invites", club.pk), {"days": days}, format="json")
    refused(response, code="invalid", field="days")


@pytest.mark.parametrize("who", ["bob", "carol"])
def test_only_organisers_invite_or_see_invitations(
    club: Club, who: str, request: pytest.FixtureRequest
) -> None:
    client = as_(request.getfixturevalue(who))
    for response in (
        client.post(url("api_club_invites", club.pk), {"days": 1}, format="json"),
        client.get(url("api_club_invites", club.pk)),
    ):
        message = refused(response, code="permission_denied", field=None, status=403)
        assert message == "Only the club's organisers may invite people."


def test_an_invitation_is_joined_once(club: Club, alice: Any, dave: Any) -> None:
    token = services.invite_make(club=club, by=alice)
    client = as_(dave)
    joined = client.post(url("api_club_join"), {"token": token}, format="json")
    assert joined.status_code == 201, joined.content
    assert joined.json() == {
        "club": {"id": club.pk, "name": "Thursday Brus"},
        "role": "member",
        "joined": True,
    }
    again = client.post(url("api_club_join"), {"token": token}, format="json")
    assert again.status_code == 200
    assert again.json()["joined"] is False
    assert Membership.objects.filter(club=club, user=dave).count() == 1
    assert client.get(url("api_club", club.pk)).status_code == 200


def test_a_member_joining_again_keeps_their_role(club: Club, alice: Any, bob: Any) -> None:
    token = services.invite_make(club=club, by=alice)
    answer = as_(bob).post(url("api_club_join"), {"token": token}, format="json")
    assert (answer.status_code, answer.json()["role"]) == (200, "recorder")


def _expired(club: Club, alice: Any) -> str:
    token = services.invite_make(club=club, by=alice, days=1)
    ClubInvite.objects.update(expires_at=timezone.now() - datetime.timedelta(seconds=1))
    return token


def _stopped(club: Club, alice: Any) -> str:
    token = services.invite_make(club=club, by=alice, days=1)
    invite = ClubInvite.objects.get()
    assert as_(alice).delete(url("api_club_invite", club.pk, invite.pk)).status_code == 204
    return token


def _forged(club: Club, alice: Any) -> str:
    token = services.invite_make(club=club, by=alice, days=1)
    return token[:-3] + ("AAA" if not token.endswith("AAA") else "BBB")


def _of_another_site(club: Club, alice: Any) -> str:
    from django.core import signing

    invite = ClubInvite.objects.create(
        club=club,
        nonce_hash="0" * 64,
        created_by=alice,
        expires_at=timezone.now() + datetime.timedelta(days=1),
    )
    return signing.dumps([invite.pk, "guess"], key="another-site" * 5, salt=services.INVITE_SALT)


@pytest.mark.parametrize("make", [_expired, _stopped, _forged, _of_another_site])
def test_a_token_that_does_not_open_the_club_answers_the_same_whatever_its_fault(
    club: Club, alice: Any, dave: Any, make: Any
) -> None:
    token = make(club, alice)
    response = as_(dave).post(url("api_club_join"), {"token": token}, format="json")
    message = refused(response, code="invalid", field="token")
    assert message == "This invitation has expired or was stopped: ask for a new one."
    assert not Membership.objects.filter(user=dave).exists()


@pytest.mark.parametrize(
    "body",
    [{}, {"token": ""}, {"token": "x" * 201}, {"token": 5}, {"token": "a\x00b"}],
    ids=["missing", "empty", "too-long", "a-number", "nul"],
)
def test_a_join_body_that_is_not_a_token_is_refused(dave: Any, body: dict[str, Any]) -> None:
    response = as_(dave).post(url("api_club_join"), body, format="json")
    refused(response, code="invalid", field="token")


def test_stopping_an_invitation_that_is_not_open_names_it(club: Club, alice: Any) -> None:
    refused(
        as_(alice).delete(url("api_club_invite", club.pk, 987654)), code="invalid", field="invite"
    )


def test_only_an_organiser_stops_an_invitation(club: Club, alice: Any, bob: Any) -> None:
    services.invite_make(club=club, by=alice)
    invite = ClubInvite.objects.get()
    refused(
        as_(bob).delete(url("api_club_invite", club.pk, invite.pk)),
        code="permission_denied",
        field=None,
        status=403,
    )
    assert ClubInvite.objects.get().revoked_at is None


def test_a_join_replayed_with_its_idempotency_key_is_answered_as_the_first(
    club: Club, alice: Any, dave: Any
) -> None:
    token = services.invite_make(club=club, by=alice)
    client = as_(dave)
    first = client.post(
        url("api_club_join"), {"token": token}, format="json", HTTP_IDEMPOTENCY_KEY="join-1"
    )
    again = client.post(
        url("api_club_join"), {"token": token}, format="json", HTTP_IDEMPOTENCY_KEY="join-1"
    )
    assert (first.status_code, again.status_code) == (201, 201)
    assert again.json() == first.json()
    assert again["Idempotent-Replayed"] == "true"


# A club's night ---------------------------------------------------------------------------------


def test_a_recorder_starts_a_club_night_which_says_its_club(
    club: Club, bob: Any, carol: Any
) -> None:
    answer = as_(bob).post(
        url("api_nights"), {"date": "2026-11-26", "club": club.pk}, format="json"
    )
    assert answer.status_code == 201, answer.content
    assert answer.json()["club"] == {"id": club.pk, "name": "Thursday Brus"}
    night = Night.objects.get()
    assert night.club == club
    listed = as_(carol).get(url("api_nights")).json()
    assert [(n["id"], n["club"]) for n in listed] == [(night.pk, answer.json()["club"])]
    assert as_(carol).get(url("api_night", night.pk)).json()["club"]["name"] == "Thursday Brus"


def test_a_night_of_ones_own_says_no_club(api: APIClient) -> None:
    answer = api.post(url("api_nights"), {"date": "2026-11-26"}, format="json")
    assert answer.status_code == 201
    assert answer.json()["club"] is None


def test_a_member_may_not_start_a_club_night(club: Club, carol: Any) -> None:
    message = refused(
        as_(carol).post(url("api_nights"), {"date": "2026-11-26", "club": club.pk}, format="json"),
        code="permission_denied",
        field=None,
        status=403,
    )
    assert message == "Only the club's organisers and recorders may start its nights."
    assert not Night.objects.exists()


def test_a_night_for_a_club_one_is_not_in_is_not_found(club: Club, dave: Any) -> None:
    response = as_(dave).post(
        url("api_nights"), {"date": "2026-11-26", "club": club.pk}, format="json"
    )
    refused(response, code="not_found", field=None, status=404)
    assert not Night.objects.exists()


@pytest.mark.parametrize("club_id", [0, "three", 2**63], ids=["zero", "text", "too-large"])
def test_a_club_that_is_not_an_id_is_refused(api: APIClient, club_id: Any) -> None:
    response = api.post(url("api_nights"), {"date": "2026-11-26", "club": club_id}, format="json")
    refused(response, code="invalid", field="club")
