"""The clubs list, starting a club, a club's page and its new night, and the night form's
"Whose night". alice organises the Thursday circle, bob records, carol is a member, dave is in
no club."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.models import Club, Membership, Night
from tests.factories import NightFactory

pytestmark = pytest.mark.django_db


def test_the_navigation_leads_to_the_clubs_and_ones_own_page(
    phones: dict[str, Client], club: Club
) -> None:
    page = phones["dave"].get("/").content.decode()
    header = page[page.index('<header class="topbar">') : page.index("</header>")]
    assert f'class="wide-only" href="{reverse("club_list")}"' in header  # not on a phone
    assert f'class="wide-only" href="{reverse("my_page")}"' in header
    main = page[page.index("<main>") :]  # the home page's way there, on a phone too
    assert f'href="{reverse("club_list")}"' in main and f'href="{reverse("my_page")}"' in main
    mine = phones["carol"].get(reverse("my_page")).content.decode()
    assert f'href="{club.get_absolute_url()}"' in mine  # one's own page lists one's clubs


def test_the_clubs_list_shows_ones_clubs_with_ones_role(
    phones: dict[str, Client], club: Club
) -> None:
    assert "The Thursday circle" in phones["bob"].get(reverse("club_list")).content.decode()
    assert "The Thursday circle" not in phones["dave"].get(reverse("club_list")).content.decode()


def test_starting_a_club_makes_its_maker_its_organiser(
    phones: dict[str, Client], dave: Any
) -> None:
    response = phones["dave"].post(reverse("club_create"), {"name": "  Brus  on Gotland "})
    made = Club.objects.get(name="Brus on Gotland")
    assert response["Location"] == reverse("club_detail", args=[made.pk])
    assert Membership.objects.get(club=made, user=dave).role == "organiser"


def test_a_club_without_a_name_is_refused_inline(phones: dict[str, Client]) -> None:
    response = phones["dave"].post(reverse("club_create"), {"name": "   "})
    assert response.status_code == 400
    assert 'class="errorlist' in response.content.decode()
    assert not Club.objects.exists()


@pytest.mark.parametrize(
    ("person", "status", "new_night"),
    [
        pytest.param("alice", 200, True, id="organiser"),
        pytest.param("bob", 200, True, id="recorder"),
        pytest.param("carol", 200, False, id="member"),
        pytest.param("dave", 404, False, id="stranger"),
    ],
)
def test_the_club_page_as_each_role(
    phones: dict[str, Client], club: Club, person: str, status: int, new_night: bool
) -> None:
    response = phones[person].get(reverse("club_detail", args=[club.pk]))
    assert response.status_code == status
    page = response.content.decode()
    assert (reverse("club_night_create", args=[club.pk]) in page) is new_night


def test_the_club_page_lists_its_nights_newest_first_in_pages(
    phones: dict[str, Client], club: Club, alice: Any
) -> None:
    import datetime

    first = datetime.date(2026, 1, 1)
    for day in range(25):
        NightFactory(owner=alice, club=club, date=first + datetime.timedelta(days=day), place="")
    NightFactory(owner=alice, place="Not the club's")
    page = phones["carol"].get(reverse("club_detail", args=[club.pk])).content.decode()
    assert "Sun 25 Jan 2026" in page and "Thu 1 Jan 2026" not in page
    assert page.index("Sun 25 Jan 2026") < page.index("Sat 24 Jan 2026")
    assert "Not the club&#x27;s" not in page
    older = phones["carol"].get(reverse("club_detail", args=[club.pk]) + "?page=2")
    assert "Thu 1 Jan 2026" in older.content.decode()


def test_a_recorder_starts_a_club_night(phones: dict[str, Client], club: Club) -> None:
    response = phones["bob"].post(
        reverse("club_night_create", args=[club.pk]), {"date": "2026-11-26", "place": "Ann's"}
    )
    night = Night.objects.get(place="Ann's")
    assert night.club == club
    assert response["Location"] == night.get_absolute_url()


def test_a_club_night_with_a_bad_date_is_refused_inline(
    phones: dict[str, Client], club: Club
) -> None:
    response = phones["bob"].post(reverse("club_night_create", args=[club.pk]), {"date": "no"})
    assert response.status_code == 400
    assert 'class="errorlist' in response.content.decode()
    assert not Night.objects.exists()


def test_a_member_may_not_start_a_club_night(phones: dict[str, Client], club: Club) -> None:
    response = phones["carol"].post(
        reverse("club_night_create", args=[club.pk]), {"date": "2026-11-26"}
    )
    assert response.status_code == 403
    assert not Night.objects.exists()


def test_the_night_form_asks_whose_night_and_the_phone_remembers(
    phones: dict[str, Client], club: Club
) -> None:
    bob = phones["bob"]
    assert 'name="club"' in bob.get("/").content.decode()
    assert 'name="club"' not in phones["carol"].get("/").content.decode()  # records in no club
    response = bob.post(reverse("night_create"), {"date": "2026-11-26", "club": str(club.pk)})
    night = Night.objects.get()
    assert night.club == club and response["Location"] == night.get_absolute_url()
    assert f'<option value="{club.pk}" selected>' in bob.get("/").content.decode()
    page = bob.get(night.get_absolute_url()).content.decode()
    assert f'href="{reverse("club_detail", args=[club.pk])}"' in page
    bob.post(reverse("night_create"), {"date": "2026-11-27", "club": ""})
    assert Night.objects.get(date="2026-11-27").club is None


def test_the_night_form_refuses_a_club_one_does_not_record_in(
    phones: dict[str, Client], club: Club, dave: Any
) -> None:
    from scorekeeper.clubs import services

    other = services.club_create(by=dave, name="Elsewhere")
    response = phones["bob"].post(reverse("night_create"), {"date": "2026-11-26", "club": other.pk})
    assert response.status_code == 400
    assert 'class="errorlist' in response.content.decode()
    assert not Night.objects.exists()


def test_the_club_page_reads_in_swedish(phones: dict[str, Client], club: Club) -> None:
    page = (
        phones["carol"]
        .get(reverse("club_detail", args=[club.pk]), HTTP_ACCEPT_LANGUAGE="sv")
        .content.decode()
    )
    assert "Medlemmar" in page
    assert ">Members<" not in page


def test_a_club_nights_watcher_outside_the_club_sees_its_name_not_a_link(
    club: Club, alice: Any
) -> None:
    from scorekeeper.access import sharing

    night = NightFactory(owner=alice, club=club)
    token = sharing.link_make(night=night, by=alice)
    visitor = Client()
    visitor.get(reverse("share_join", args=[token]))
    page = visitor.get(night.get_absolute_url()).content.decode()
    assert "A night of The Thursday circle" in page
    assert reverse("club_detail", args=[club.pk]) not in page
