"""/api/v1/nights/<id>/export/, /api/v1/export/ and /api/v1/import/."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from scorekeeper.models import Night
from tests.factories import UserFactory, played_night


def test_a_night_exports_as_json(api: APIClient, alice: Any) -> None:
    night = played_night(alice)
    response = api.get(f"/api/v1/nights/{night.pk}/export/")
    assert response.status_code == 200
    body = response.json()
    assert body["format"] == "scorekeeper-export"
    assert [g["slug"] for g in body["nights"][0]["games"]] == ["bridge-rummy", "brummy"]
    explicit = api.get(f"/api/v1/nights/{night.pk}/export/?format=json").json()
    assert explicit["nights"] == body["nights"]


def test_a_night_exports_as_csv(api: APIClient, alice: Any) -> None:
    night = played_night(alice)
    response = api.get(f"/api/v1/nights/{night.pk}/export/?format=csv")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    lines = response.content.decode().splitlines()
    assert lines[0] == "date,place,game_number,game,deal,player,points,total"
    assert len(lines) == 1 + 28 + 6


def test_everything_exports(api: APIClient, alice: Any, bob: Any) -> None:
    played_night(alice)
    played_night(bob, recorder=alice)
    body = api.get("/api/v1/export/").json()
    assert sorted(n["owner"] for n in body["nights"]) == ["alice", "bob"]
    assert api.get("/api/v1/export/?format=csv").status_code == 200


def test_another_users_night_is_404(alice: Any, carol: Any) -> None:
    night = played_night(alice)
    client = APIClient()
    client.force_authenticate(carol)
    assert client.get(f"/api/v1/nights/{night.pk}/export/").status_code == 404
    assert client.get("/api/v1/export/").json()["nights"] == []


def test_signed_out_is_refused(anonymous_api: APIClient) -> None:
    assert anonymous_api.get("/api/v1/export/").status_code == 401
    assert anonymous_api.post("/api/v1/import/", {}, format="json").status_code == 401


def test_an_export_imports_into_another_account(api: APIClient, alice: Any) -> None:
    night = played_night(alice)
    document = api.get(f"/api/v1/nights/{night.pk}/export/").json()
    dave = APIClient()
    dave.force_authenticate(UserFactory(username="dave"))
    response = dave.post("/api/v1/import/", document, format="json")
    assert response.status_code == 201, response.json()
    (made,) = response.json()["nights"]
    copied = Night.objects.get(pk=made["id"])
    assert copied.owner.username == "dave" and made["url"] == copied.get_absolute_url()
    again = dave.get(f"/api/v1/nights/{copied.pk}/export/").json()
    assert len(again["nights"][0]["games"][0]["entries"]) == 10


def test_a_ledger_that_does_not_replay_is_a_400_with_a_sentence(api: APIClient, alice: Any) -> None:
    night = played_night(alice)
    document = api.get(f"/api/v1/nights/{night.pk}/export/").json()
    document["nights"][0]["games"][0]["entries"][2]["data"] = {"went_out": 0, "hands": []}
    response = api.post("/api/v1/import/", document, format="json")
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "import_refused"
    assert body["field"] == "nights[0].games[0].entries[2].data"
    assert body["message"].startswith("The ledger does not replay at nights[0].games[0].entries[2]")
    assert Night.objects.count() == 1


def test_not_an_export_is_a_400(api: APIClient) -> None:
    response = api.post("/api/v1/import/", [1, 2], format="json")
    assert response.status_code == 400
    assert response.json()["field"] == "top level"


@pytest.mark.parametrize("fmt", ["xml", ""], ids=["unknown", "empty"])
def test_an_unknown_export_format_is_a_400_naming_format(
    api: APIClient, alice: Any, fmt: str
) -> None:
    """Found by schemathesis: DRF's format override answered 404 for ?format=xml, and took
    ?format= (empty, outside the schema's enum) as none given."""
    night = played_night(alice)
    for url in (f"/api/v1/nights/{night.pk}/export/", "/api/v1/export/"):
        response = api.get(f"{url}?format={fmt}")
        assert response.status_code == 400, url
        body = response.json()
        assert body["field"] == "format"
        assert "json or csv" in body["message"]


def _is_the_json_error(response: Any, code: str) -> None:
    assert response["Content-Type"] == "application/problem+json", response.content
    body = response.json()
    assert body["code"] == code
    assert set(body) >= {"code", "message", "field"}


def test_a_csv_export_of_no_night_is_a_json_404(api: APIClient) -> None:
    """The CSV renderer once printed the error dict as text under text/csv."""
    response = api.get("/api/v1/nights/999999/export/?format=csv")
    assert response.status_code == 404
    _is_the_json_error(response, "not_found")


def test_a_bad_format_is_a_json_400(api: APIClient) -> None:
    response = api.get("/api/v1/export/?format=xml")
    assert response.status_code == 400
    _is_the_json_error(response, "invalid")


@pytest.mark.parametrize(
    "credentials",
    [{}, {"HTTP_AUTHORIZATION": "Token sk_notatokenatallnotatokenatallnotatokenatall"}],
    ids=["signed-out", "bad-token"],
)
def test_a_signed_out_csv_export_is_a_json_401(credentials: dict[str, str], alice: Any) -> None:
    night = played_night(alice)
    response = APIClient().get(f"/api/v1/nights/{night.pk}/export/?format=csv", **credentials)
    assert response.status_code == 401
    assert response["WWW-Authenticate"]
    _is_the_json_error(
        response, "not_authenticated" if not credentials else "authentication_failed"
    )


def test_a_refused_csv_export_is_a_json_403(
    api: APIClient, alice: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No export refuses a signed-in user today (a night that is not theirs is a 404); a
    permission refused anywhere under the CSV renderer still answers the JSON body."""
    from django.core.exceptions import PermissionDenied

    from scorekeeper.access import roles

    def refuse(user: Any) -> Any:
        raise PermissionDenied("Not this one.")

    monkeypatch.setattr(roles, "nights_for_user", refuse)
    response = api.get("/api/v1/export/?format=csv")
    assert response.status_code == 403
    _is_the_json_error(response, "permission_denied")
    assert response.json()["message"] == "Not this one."


def test_the_csv_is_an_operation_of_its_own_and_reads_as_format_csv_did(
    api: APIClient, alice: Any
) -> None:
    """Issue 28: a generated client read the CSV as JSON (one operation, two bodies); the CSV
    now has its own address, answered whatever Accept says; ?format=csv still answers it."""
    night = played_night(alice)
    own = api.get(f"/api/v1/nights/{night.pk}/export/csv/", HTTP_ACCEPT="application/json")
    assert own.status_code == 200 and own["Content-Type"].startswith("text/csv")
    old = api.get(f"/api/v1/nights/{night.pk}/export/?format=csv")
    assert own.content == old.content
    everything = api.get("/api/v1/export/csv/")
    assert everything.status_code == 200 and everything.content.startswith(own.content[:40])
    missing = api.get("/api/v1/nights/999999/export/csv/")
    assert missing.status_code == 404 and missing["Content-Type"] == "application/problem+json"
