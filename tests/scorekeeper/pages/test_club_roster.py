"""A club's roster: adding players, "This is me" and its answers, unlinking, merges with their
review and their undoing. alice organises, bob records, carol is a member, dave is in no club."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.clubs import services
from scorekeeper.models import Club, Player, PlayerClaim, PlayerMerge
from scorekeeper.nights import services as night_services

pytestmark = pytest.mark.django_db


def roster(club: Club) -> str:
    return reverse("club_roster", args=[club.pk])


@pytest.mark.parametrize(
    ("person", "status", "adds", "merges"),
    [
        pytest.param("alice", 200, True, True, id="organiser"),
        pytest.param("bob", 200, True, False, id="recorder"),
        pytest.param("carol", 200, False, False, id="member"),
        pytest.param("dave", 404, False, False, id="stranger"),
    ],
)
def test_the_roster_as_each_role(
    phones: dict[str, Client],
    club: Club,
    cy: Player,
    person: str,
    status: int,
    adds: bool,
    merges: bool,
) -> None:
    response = phones[person].get(roster(club))
    assert response.status_code == status
    page = response.content.decode()
    assert (reverse("club_player_add", args=[club.pk]) in page) is adds
    assert (reverse("club_merge", args=[club.pk]) in page) is merges
    if status == 200:
        assert "Cy" in page and "This is me" in page


def test_a_recorder_adds_a_player(phones: dict[str, Client], club: Club) -> None:
    response = phones["bob"].post(reverse("club_player_add", args=[club.pk]), {"name": "Dagny"})
    assert response["Location"] == roster(club)
    assert Player.objects.get(name="Dagny").club == club


def test_a_name_the_roster_has_is_refused_inline(
    phones: dict[str, Client], club: Club, cy: Player
) -> None:
    response = phones["bob"].post(reverse("club_player_add", args=[club.pk]), {"name": "cy"})
    assert response.status_code == 400
    assert "The club already has a player called cy." in response.content.decode()


def test_a_member_may_not_add_players(phones: dict[str, Client], club: Club) -> None:
    response = phones["carol"].post(reverse("club_player_add", args=[club.pk]), {"name": "Dagny"})
    assert response.status_code == 403
    assert not Player.objects.filter(name="Dagny").exists()


def test_this_is_me_waits_for_an_organiser_who_confirms(
    phones: dict[str, Client], club: Club, cy: Player, carol: Any
) -> None:
    response = phones["carol"].post(reverse("club_claim", args=[club.pk]), {"player": cy.pk})
    assert response["Location"] == roster(club)
    assert "an organiser will confirm it" in phones["carol"].get(roster(club)).content.decode()
    page = phones["alice"].get(roster(club)).content.decode()
    assert "carol says they are Cy" in page
    claim = PlayerClaim.objects.get()
    phones["alice"].post(
        reverse("club_claim_answer", args=[club.pk]), {"claim": claim.pk, "confirmed": "1"}
    )
    cy.refresh_from_db()
    assert cy.person == carol
    assert "You are Cy here" in phones["carol"].get(roster(club)).content.decode()


def test_a_claim_turned_down_links_nobody(
    phones: dict[str, Client], club: Club, cy: Player, carol: Any
) -> None:
    services.claim_ask(club=club, by=carol, player_id=cy.pk)
    claim = PlayerClaim.objects.get()
    phones["alice"].post(
        reverse("club_claim_answer", args=[club.pk]), {"claim": claim.pk, "confirmed": "0"}
    )
    cy.refresh_from_db()
    assert cy.person is None
    claim.refresh_from_db()
    assert claim.answered_at is not None and not claim.confirmed


def test_only_organisers_answer_claims(
    phones: dict[str, Client], club: Club, cy: Player, carol: Any
) -> None:
    services.claim_ask(club=club, by=carol, player_id=cy.pk)
    claim = PlayerClaim.objects.get()
    response = phones["bob"].post(
        reverse("club_claim_answer", args=[club.pk]), {"claim": claim.pk, "confirmed": "1"}
    )
    assert response.status_code == 403


def test_claiming_a_player_already_linked_is_refused_inline(
    phones: dict[str, Client], club: Club, cy: Player, alice: Any
) -> None:
    services.claim_ask(club=club, by=alice, player_id=cy.pk)  # an organiser's: at once
    response = phones["carol"].post(reverse("club_claim", args=[club.pk]), {"player": cy.pk})
    assert response.status_code == 400
    assert "Cy is already linked to an account." in response.content.decode()


def test_unlinking_oneself(phones: dict[str, Client], club: Club, cy: Player, alice: Any) -> None:
    services.claim_ask(club=club, by=alice, player_id=cy.pk)
    response = phones["alice"].post(reverse("club_unlink", args=[club.pk]), {"player": cy.pk})
    assert response["Location"] == roster(club)
    cy.refresh_from_db()
    assert cy.person is None


def test_a_member_may_not_unlink_someone_else(
    phones: dict[str, Client], club: Club, cy: Player, alice: Any
) -> None:
    services.claim_ask(club=club, by=alice, player_id=cy.pk)
    response = phones["carol"].post(reverse("club_unlink", args=[club.pk]), {"player": cy.pk})
    assert response.status_code == 403


def test_a_merge_is_reviewed_then_done_then_undone(
    phones: dict[str, Client], club: Club, cy: Player, alice: Any
) -> None:
    cyrus = night_services.player_create(owner=alice, name="Cyrus", club=club)
    review = phones["alice"].get(
        reverse("club_merge", args=[club.pk]), {"merged": cyrus.pk, "into": cy.pk}
    )
    page = review.content.decode()
    assert review.status_code == 200
    assert "read as Cy" in page and "Merge Cyrus into Cy" in page
    assert not PlayerMerge.objects.exists()  # a review writes nothing
    response = phones["alice"].post(
        reverse("club_merge", args=[club.pk]), {"merged": cyrus.pk, "into": cy.pk, "confirm": "1"}
    )
    assert response["Location"] == roster(club)
    cyrus.refresh_from_db()
    assert cyrus.same_as == cy
    page = phones["alice"].get(roster(club)).content.decode()
    assert "Cyrus is read as Cy" in page
    done = PlayerMerge.objects.get()
    phones["alice"].post(reverse("club_unmerge", args=[club.pk]), {"merge": done.pk})
    cyrus.refresh_from_db()
    assert cyrus.same_as is None


def test_merging_a_player_with_themselves_is_refused_inline(
    phones: dict[str, Client], club: Club, cy: Player
) -> None:
    response = phones["alice"].get(
        reverse("club_merge", args=[club.pk]), {"merged": cy.pk, "into": cy.pk}
    )
    assert response.status_code == 400
    assert "Choose two different players." in response.content.decode()


def test_only_organisers_merge(
    phones: dict[str, Client], club: Club, cy: Player, alice: Any
) -> None:
    other = night_services.player_create(owner=alice, name="Cyrus", club=club)
    response = phones["bob"].post(
        reverse("club_merge", args=[club.pk]), {"merged": other.pk, "into": cy.pk, "confirm": "1"}
    )
    assert response.status_code == 403
    assert not PlayerMerge.objects.exists()


def test_undoing_a_merge_undone_already_is_refused_inline(
    phones: dict[str, Client], club: Club, cy: Player, alice: Any
) -> None:
    other = night_services.player_create(owner=alice, name="Cyrus", club=club)
    done = services.merge(club=club, by=alice, merged_id=other.pk, into_id=cy.pk)
    services.unmerge(club=club, by=alice, merge_id=done.pk)
    response = phones["alice"].post(reverse("club_unmerge", args=[club.pk]), {"merge": done.pk})
    assert response.status_code == 400
    assert "There is no such merge to undo." in response.content.decode()


HX = {"HTTP_HX_REQUEST": "true"}


def test_with_htmx_a_small_form_swaps_the_roster_in_place(
    phones: dict[str, Client], club: Club, cy: Player
) -> None:
    response = phones["carol"].post(reverse("club_claim", args=[club.pk]), {"player": cy.pk}, **HX)
    page = response.content.decode()
    assert response.status_code == 200
    assert page.startswith('<div id="club-part">') and "<html" not in page
    assert "You said you are Cy: an organiser will confirm it." in page


def test_with_htmx_a_refusal_is_swapped_in_inline_with_200(
    phones: dict[str, Client], club: Club, cy: Player
) -> None:
    response = phones["bob"].post(reverse("club_player_add", args=[club.pk]), {"name": "CY"}, **HX)
    assert response.status_code == 200  # htmx swaps no 4xx
    page = response.content.decode()
    assert page.startswith('<div id="club-part">')
    assert "The club already has a player called CY." in page


def test_a_merged_players_page_leads_to_the_player_they_are_read_as(
    phones: dict[str, Client], club: Club, cy: Player, alice: Any
) -> None:
    cyd = night_services.player_create(owner=alice, name="Cyd", club=club)
    services.merge(club=club, by=alice, merged_id=cyd.pk, into_id=cy.pk)
    answer = phones["carol"].get(reverse("club_player", args=[club.pk, cyd.pk]) + "?season=all")
    assert answer.status_code == 302
    assert answer["Location"] == reverse("club_player", args=[club.pk, cy.pk]) + "?season=all"
    assert phones["dave"].get(reverse("club_player", args=[club.pk, cyd.pk])).status_code == 404
