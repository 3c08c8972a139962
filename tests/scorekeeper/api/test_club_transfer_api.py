"""/api/v1/clubs/<id>/export/ (a club's organisers) and /api/v1/clubs/import/ (anyone signed
in: a new club of the file's, theirs to organise)."""

from __future__ import annotations

import copy
from typing import Any

import jsonschema
import pytest
from rest_framework.test import APIClient

from scorekeeper.clubs import services as club_services
from scorekeeper.models import Club, Membership, Night
from scorekeeper.transfer import club_format
from tests.factories import UserFactory
from tests.scorekeeper.transfer.played_club import a_club

pytestmark = pytest.mark.django_db


def client_of(user: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_an_organiser_exports_the_club_as_its_published_schema_says(alice: Any, bob: Any) -> None:
    club = a_club(alice, bob)
    response = client_of(alice).get(f"/api/v1/clubs/{club.pk}/export/")
    assert response.status_code == 200
    assert (
        response["Content-Disposition"] == f'attachment; filename="scorekeeper-club-{club.pk}.json"'
    )
    document = response.json()
    jsonschema.Draft202012Validator(club_format.SCHEMA).validate(document)
    # What the API says of each object (a deal's ``object``), as a night's export does.
    entry = document["export"]["nights"][0]["games"][0]["entries"][0]
    assert entry["data"]["object"].startswith("Deal")
    served = client_of(alice).get("/api/v1/club-export-schema.json").json()
    assert served == club_format.SCHEMA


def test_only_an_organiser_exports_the_club(alice: Any, bob: Any, carol: Any) -> None:
    club = a_club(alice, bob)
    club_services.club_join(token=club_services.invite_make(club=club, by=alice), user=carol)
    url = f"/api/v1/clubs/{club.pk}/export/"
    recorder = client_of(bob).get(url)
    assert recorder.status_code == 403
    assert recorder.json()["detail"] == "Only the club's organisers may export it."
    assert client_of(carol).get(url).status_code == 403
    assert client_of(UserFactory(username="dave")).get(url).status_code == 404
    assert APIClient().get(url).status_code == 401


def test_an_export_imports_as_a_new_club_once(alice: Any, bob: Any) -> None:
    document = client_of(alice).get(f"/api/v1/clubs/{a_club(alice, bob).pk}/export/").json()
    dave = client_of(UserFactory(username="dave"))
    response = dave.post("/api/v1/clubs/import/", document, format="json")
    assert response.status_code == 201, response.json()
    body = response.json()
    club = Club.objects.get(pk=body["club"]["id"])
    assert body == {
        "club": {"id": club.pk, "name": "Thursday club"},
        "already_here": False,
        "invite": [{"name": "alice", "role": "organiser"}, {"name": "bob", "role": "recorder"}],
    }
    assert Membership.objects.get(club=club).user.username == "dave"
    assert Night.objects.filter(club=club).count() == 3
    again = dave.post("/api/v1/clubs/import/", copy.deepcopy(document), format="json")
    assert again.status_code == 200
    assert again.json() == {**body, "already_here": True}
    assert Club.objects.filter(name="Thursday club").count() == 2  # alice's, and dave's one


def test_a_bad_club_file_is_a_400_naming_the_field_and_nothing_is_written(
    alice: Any, bob: Any
) -> None:
    document = client_of(alice).get(f"/api/v1/clubs/{a_club(alice, bob).pk}/export/").json()
    document["export"]["nights"][1]["games"][0]["entries"][2]["kind"] = "erase"
    clubs = Club.objects.count()
    response = client_of(UserFactory(username="dave")).post(
        "/api/v1/clubs/import/", document, format="json"
    )
    assert response.status_code == 400
    problem = response.json()
    assert problem["code"] == "import_refused"
    assert problem["field"] == "export.nights[1].games[0].entries[2].kind"
    assert Club.objects.count() == clubs


@pytest.mark.parametrize("body", [[1, 2], {}, {"format": "scorekeeper-club"}, "text"])
def test_what_is_no_club_file_is_a_400(api: APIClient, body: Any) -> None:
    response = api.post("/api/v1/clubs/import/", body, format="json")
    assert response.status_code == 400
    assert not Club.objects.exists()


def test_import_needs_an_account(anonymous_api: APIClient) -> None:
    assert anonymous_api.post("/api/v1/clubs/import/", {}, format="json").status_code == 401
