"""A club's members page: roles, removing, leaving, invitation links with their QR code, and
the join page. alice organises, bob records, carol is a member, dave is in no club."""

from __future__ import annotations

import datetime
import re
from typing import Any
from urllib.parse import quote

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from scorekeeper.clubs import services
from scorekeeper.models import Club, ClubInvite, Membership

pytestmark = pytest.mark.django_db


def members(club: Club) -> str:
    return reverse("club_members", args=[club.pk])


def invite_from(page: str) -> str:
    found = re.search(r'id="join-url"[^>]*value="([^"]+)"', page)
    assert found, "no invitation link on the page"
    return found.group(1).split("testserver", 1)[1]


@pytest.mark.parametrize(
    ("person", "status", "manages"),
    [
        pytest.param("alice", 200, True, id="organiser"),
        pytest.param("bob", 200, False, id="recorder"),
        pytest.param("carol", 200, False, id="member"),
        pytest.param("dave", 404, False, id="stranger"),
    ],
)
def test_the_members_page_as_each_role(
    phones: dict[str, Client], club: Club, person: str, status: int, manages: bool
) -> None:
    response = phones[person].get(members(club))
    assert response.status_code == status
    page = response.content.decode()
    assert (reverse("club_invite_make", args=[club.pk]) in page) is manages
    assert (reverse("club_member_role", args=[club.pk]) in page) is manages
    if status == 200:
        assert "carol" in page and reverse("club_leave", args=[club.pk]) in page


def test_an_organiser_changes_a_role(phones: dict[str, Client], club: Club, carol: Any) -> None:
    response = phones["alice"].post(
        reverse("club_member_role", args=[club.pk]), {"user": carol.pk, "role": "recorder"}
    )
    assert response["Location"] == members(club)
    assert Membership.objects.get(club=club, user=carol).role == "recorder"


def test_a_role_that_is_no_role_is_refused_inline(
    phones: dict[str, Client], club: Club, carol: Any
) -> None:
    response = phones["alice"].post(
        reverse("club_member_role", args=[club.pk]), {"user": carol.pk, "role": "king"}
    )
    assert response.status_code == 400
    assert 'class="errorlist' in response.content.decode()
    assert Membership.objects.get(club=club, user=carol).role == "member"


def test_the_last_organiser_cannot_step_down(
    phones: dict[str, Client], club: Club, alice: Any
) -> None:
    response = phones["alice"].post(
        reverse("club_member_role", args=[club.pk]), {"user": alice.pk, "role": "member"}
    )
    assert response.status_code == 400
    assert "A club needs an organiser" in response.content.decode()


def test_a_member_may_not_change_roles(phones: dict[str, Client], club: Club, bob: Any) -> None:
    response = phones["carol"].post(
        reverse("club_member_role", args=[club.pk]), {"user": bob.pk, "role": "member"}
    )
    assert response.status_code == 403
    assert Membership.objects.get(club=club, user=bob).role == "recorder"


def test_a_removed_member_loses_the_club_at_once(
    phones: dict[str, Client], club: Club, alice: Any, carol: Any
) -> None:
    from tests.factories import NightFactory

    night = NightFactory(owner=alice, club=club)
    assert phones["carol"].get(night.get_absolute_url()).status_code == 200
    response = phones["alice"].post(
        reverse("club_member_remove", args=[club.pk]), {"user": carol.pk}
    )
    assert response["Location"] == members(club)
    assert phones["carol"].get(reverse("club_detail", args=[club.pk])).status_code == 404
    assert phones["carol"].get(night.get_absolute_url()).status_code == 404


def test_removing_someone_not_in_the_club_is_refused_inline(
    phones: dict[str, Client], club: Club, dave: Any
) -> None:
    response = phones["alice"].post(
        reverse("club_member_remove", args=[club.pk]), {"user": dave.pk}
    )
    assert response.status_code == 400
    assert "not a member of this club" in response.content.decode()


def test_a_member_leaves(phones: dict[str, Client], club: Club, carol: Any) -> None:
    page = phones["carol"].get(members(club)).content.decode()
    assert "Yes, leave the club" in page  # the confirmation, behind the first tap
    response = phones["carol"].post(reverse("club_leave", args=[club.pk]))
    assert response["Location"] == reverse("club_list")
    assert not Membership.objects.filter(club=club, user=carol).exists()


def test_the_last_organiser_leaving_is_refused_inline(
    phones: dict[str, Client], club: Club
) -> None:
    response = phones["alice"].post(reverse("club_leave", args=[club.pk]))
    assert response.status_code == 400
    assert "A club needs an organiser" in response.content.decode()


def test_an_invitation_link_is_shown_once_with_its_qr_code_and_lets_people_join(
    phones: dict[str, Client], club: Club, dave: Any
) -> None:
    response = phones["alice"].post(reverse("club_invite_make", args=[club.pk]), {"days": "30"})
    assert response.status_code == 200
    page = response.content.decode()
    assert '<svg role="img"' in page
    link = invite_from(page)
    invite = ClubInvite.objects.get()
    assert invite.expires_at - timezone.now() > datetime.timedelta(days=29)
    assert link not in phones["alice"].get(members(club)).content.decode()  # only shown once
    # A signed-out phone is asked to sign in, and comes back.
    visitor = Client()
    page = visitor.get(link).content.decode()
    back = f"?next={quote(link)}"
    assert f'href="{reverse("login")}{back}"' in page
    assert f'href="{reverse("signup")}{back}"' in page
    assert visitor.post(link)["Location"].startswith(reverse("login"))
    signed_up = visitor.post(
        reverse("signup"),
        {
            "username": "erik",
            "password1": "a long pass phrase",
            "password2": "a long pass phrase",
            "next": link,
        },
    )
    assert signed_up["Location"] == link
    # Signed in: a button to join.
    page = phones["dave"].get(link).content.decode()
    assert "Join The Thursday circle" in page
    response = phones["dave"].post(link)
    assert response["Location"] == reverse("club_detail", args=[club.pk])
    assert Membership.objects.get(club=club, user=dave).role == "member"


def test_an_invitation_of_no_such_length_is_refused_inline(
    phones: dict[str, Client], club: Club
) -> None:
    response = phones["alice"].post(reverse("club_invite_make", args=[club.pk]), {"days": "3"})
    assert response.status_code == 400
    assert 'class="errorlist' in response.content.decode()
    assert not ClubInvite.objects.exists()


def test_only_organisers_invite(phones: dict[str, Client], club: Club) -> None:
    response = phones["bob"].post(reverse("club_invite_make", args=[club.pk]), {"days": "7"})
    assert response.status_code == 403
    assert not ClubInvite.objects.exists()


def _gone(phone: Client, token: str) -> str:
    response = phone.get(reverse("club_join", args=[token]))
    assert response.status_code == 404
    page = response.content.decode()
    return page[page.index("<main>") : page.index("</main>")]  # the page's own part


def test_a_stopped_an_expired_and_a_forged_invitation_say_the_same(
    phones: dict[str, Client], club: Club, alice: Any, dave: Any
) -> None:
    stopped = services.invite_make(club=club, by=alice, days=7)
    expired = services.invite_make(club=club, by=alice, days=1)
    page = phones["alice"].get(members(club)).content.decode()
    assert page.count(f'action="{reverse("club_invite_stop", args=[club.pk])}"') == 2
    first = ClubInvite.objects.order_by("pk").first()
    assert first is not None
    response = phones["alice"].post(
        reverse("club_invite_stop", args=[club.pk]), {"invite": first.pk}
    )
    assert response["Location"] == members(club)
    ClubInvite.objects.exclude(pk=first.pk).update(expires_at=timezone.now())
    said = {_gone(phones["dave"], token) for token in (stopped, expired, stopped[:-2] + "xx")}
    assert len(said) == 1
    assert "expired or was stopped" in said.pop()
    assert phones["dave"].post(reverse("club_join", args=[stopped])).status_code == 404
    assert not Membership.objects.filter(user=dave).exists()


def test_stopping_an_invitation_already_stopped_is_refused_inline(
    phones: dict[str, Client], club: Club, alice: Any
) -> None:
    services.invite_make(club=club, by=alice)
    invite = ClubInvite.objects.get()
    services.invite_revoke(club=club, by=alice, invite_id=invite.pk)
    response = phones["alice"].post(
        reverse("club_invite_stop", args=[club.pk]), {"invite": invite.pk}
    )
    assert response.status_code == 400
    assert "There is no such invitation open." in response.content.decode()


def test_with_htmx_the_invitation_and_its_qr_code_swap_in(
    phones: dict[str, Client], club: Club
) -> None:
    response = phones["alice"].post(
        reverse("club_invite_make", args=[club.pk]), {"days": "7"}, HTTP_HX_REQUEST="true"
    )
    page = response.content.decode()
    assert response.status_code == 200
    assert page.startswith('<div id="club-part">') and '<svg role="img"' in page
    assert invite_from(page).startswith("/clubs/join/")
