"""The club's download (its organisers) and the "Import a club" page: a new club of the file,
whom to invite, and a refused file said under the field with nothing written."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.models import Club, Night
from tests.factories import UserFactory
from tests.scorekeeper.transfer.played_club import a_club

pytestmark = pytest.mark.django_db


def upload(client: Client, content: bytes) -> Any:
    file = io.BytesIO(content)
    file.name = "club.json"
    return client.post(reverse("club_import"), {"file": file})


def test_an_organiser_downloads_the_club_and_another_person_imports_it(
    client: Client, alice: Any, bob: Any
) -> None:
    club = a_club(alice, bob)
    client.force_login(alice)
    download = client.get(reverse("club_export", args=[club.pk]))
    assert download.status_code == 200
    assert download["Content-Disposition"].startswith("attachment;")
    client.force_login(UserFactory(username="dave"))
    assert client.get(reverse("club_import")).status_code == 200
    response = upload(client, download.content)
    assert (response.status_code, response["Location"]) == (302, reverse("club_import"))
    page = client.get(reverse("club_import")).content.decode()
    made = Club.objects.get(memberships__user__username="dave")
    assert "Imported Thursday club" in page
    assert "Invite these people" in page and "bob" in page
    assert Night.objects.filter(club=made).count() == 3
    # Said once: a reload shows the form alone.
    assert "Imported Thursday club" not in client.get(reverse("club_import")).content.decode()
    upload(client, download.content)
    assert "Thursday club is here already" in client.get(reverse("club_import")).content.decode()
    assert Club.objects.filter(memberships__user__username="dave").count() == 1


def test_a_member_who_is_no_organiser_cannot_download_the_club(
    client: Client, alice: Any, bob: Any
) -> None:
    club = a_club(alice, bob)
    client.force_login(bob)
    assert client.get(reverse("club_export", args=[club.pk])).status_code == 403
    client.force_login(UserFactory(username="dave"))
    assert client.get(reverse("club_export", args=[club.pk])).status_code == 404


@pytest.mark.parametrize(
    ("content", "says"),
    [
        pytest.param(b"not json", "The file is not JSON.", id="not-json"),
        pytest.param(b'{"format": "x"}', "not a Scorekeeper club export", id="not-a-club"),
        pytest.param(
            json.dumps({"format": "scorekeeper-club", "version": 1, "name": "X"}).encode(),
            "needs &#x27;export&#x27;",
            id="no-nights",
        ),
    ],
)
def test_a_refused_file_is_said_under_the_field_and_nothing_is_written(
    client: Client, alice: Any, content: bytes, says: str
) -> None:
    client.force_login(alice)
    response = upload(client, content)
    assert response.status_code == 400
    page = response.content.decode()
    assert 'role="alert"' in page and says in page
    assert not Club.objects.exists()


def test_an_empty_upload_is_refused_inline(client: Client, alice: Any) -> None:
    client.force_login(alice)
    response = client.post(reverse("club_import"), {})
    assert response.status_code == 400
    assert 'role="alert"' in response.content.decode()


def test_the_club_pages_lead_to_the_export_for_organisers_and_to_the_import_for_anyone(
    club: Any, phones: dict[str, Any]
) -> None:
    export = reverse("club_export", args=[club.pk])
    members = reverse("club_members", args=[club.pk])
    assert export in phones["alice"].get(members).content.decode()
    for name in ("bob", "carol"):
        assert export not in phones[name].get(members).content.decode()
    assert reverse("club_import") in phones["dave"].get(reverse("club_list")).content.decode()
