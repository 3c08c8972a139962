"""/api/v1/nights/<id>/link/, /people/, /people/<name>/ and /join/.

alice owns the night (the ``api`` client is hers), bob records in it, carol is a stranger to
it, dave joins by the link.
"""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from scorekeeper.access import roles, sharing
from scorekeeper.models import Game, Night, NightLink
from scorekeeper.nights.demo import SAMPLE_DEALS
from tests.factories import UserFactory


@pytest.fixture
def dave(db: Any) -> Any:
    return UserFactory(username="dave")


def client_for(user: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def link_url(night: Night) -> str:
    return f"/api/v1/nights/{night.pk}/link/"


def people_url(night: Night, name: str = "") -> str:
    return f"/api/v1/nights/{night.pk}/people/" + (f"{name}/" if name else "")


def test_the_owner_makes_a_link_once_and_it_is_never_read_back(
    api: APIClient, night: Night
) -> None:
    assert api.get(link_url(night)).json() == {"active": False, "created_at": None}
    made = api.post(link_url(night))
    assert made.status_code == 201
    body = made.json()
    assert body["url"] == f"http://testserver/join/{body['token']}/"
    assert sharing.night_for_token(body["token"]) == night
    shown = api.get(link_url(night)).json()
    assert shown["active"] is True
    assert body["token"] not in str(shown)
    again = api.post(link_url(night)).json()
    assert sharing.night_for_token(body["token"]) is None
    assert sharing.night_for_token(again["token"]) == night
    assert api.delete(link_url(night)).status_code == 204
    assert not NightLink.objects.exists()


@pytest.mark.parametrize(("who", "status"), [("bob", 403), ("carol", 404)])
def test_only_the_owner_handles_the_link(night: Night, who: str, status: int, request: Any) -> None:
    client = client_for(request.getfixturevalue(who))
    for method in ("get", "post", "delete"):
        assert getattr(client, method)(link_url(night)).status_code == status


def test_joining_by_token_makes_a_viewer_who_reads_but_cannot_write(
    night: Night, alice: Any, dave: Any, bridge_game: Game
) -> None:
    token = sharing.link_make(night=night, by=alice)
    client = client_for(dave)
    assert client.get(f"/api/v1/nights/{night.pk}/").status_code == 404
    response = client.post("/api/v1/join/", {"token": token})
    assert response.status_code == 200
    assert response.json() == {"night": night.pk, "role": "viewer"}
    assert client.get(f"/api/v1/nights/{night.pk}/").status_code == 200
    assert client.get(f"/api/v1/games/{bridge_game.pk}/standings/").status_code == 200
    assert client.get(f"/api/v1/games/{bridge_game.pk}/deals/").status_code == 200
    writes = [
        ("post", f"/api/v1/games/{bridge_game.pk}/deals/", {"deal": SAMPLE_DEALS[0]}),
        ("post", f"/api/v1/nights/{night.pk}/games/", {"game": "bridge-rummy", "players": []}),
        ("post", f"/api/v1/nights/{night.pk}/recorders/", {"username": "dave"}),
        ("delete", f"/api/v1/nights/{night.pk}/recorders/bob/", None),
        ("patch", people_url(night, "dave"), {"role": "recorder"}),
        ("delete", people_url(night, "bob"), None),
        ("post", link_url(night), None),
    ]
    for method, url, data in writes:
        response = getattr(client, method)(url, data)
        assert response.status_code in (400, 403), (url, response.status_code)
        if response.status_code == 400:  # refused on its body before reaching the rights
            assert method == "post" and "games/" in url
    assert (
        client.post(f"/api/v1/games/{bridge_game.pk}/deals/", {"deal": SAMPLE_DEALS[0]}).status_code
        == 403
    )
    assert not bridge_game.entries.exists()
    assert not roles.can_record(dave, night)


def test_a_token_that_opens_nothing_is_404(api: APIClient, night: Night, alice: Any) -> None:
    sharing.link_make(night=night, by=alice)
    response = api.post("/api/v1/join/", {"token": "x" * 43})
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"
    assert api.post("/api/v1/join/", {}).json()["field"] == "token"


def test_signed_out_the_api_stays_closed(
    anonymous_api: APIClient, night: Night, alice: Any
) -> None:
    token = sharing.link_make(night=night, by=alice)
    assert anonymous_api.post("/api/v1/join/", {"token": token}).status_code == 401
    assert anonymous_api.get(people_url(night)).status_code == 401


def test_the_owner_sees_people_and_changes_roles(api: APIClient, night: Night, dave: Any) -> None:
    sharing.night_join(night=night, user=dave)
    assert api.get(people_url(night)).json() == [
        {"username": "alice", "role": "owner"},
        {"username": "bob", "role": "recorder"},
        {"username": "dave", "role": "viewer"},
    ]
    response = api.patch(people_url(night, "Dave"), {"role": "recorder"})
    assert response.status_code == 200
    assert response.json() == {"username": "dave", "role": "recorder"}
    assert roles.can_record(dave, night)
    api.patch(people_url(night, "bob"), {"role": "viewer"})
    assert api.delete(people_url(night, "dave")).status_code == 204
    assert [p["role"] for p in api.get(people_url(night)).json()] == ["owner", "viewer"]


def test_others_see_the_owner_and_recorders_only(night: Night, bob: Any, dave: Any) -> None:
    sharing.night_join(night=night, user=dave)
    for user in (bob, dave):
        assert [p["username"] for p in client_for(user).get(people_url(night)).json()] == [
            "alice",
            "bob",
        ]


@pytest.mark.parametrize(
    ("name", "body", "field"),
    [
        pytest.param("carol", {"role": "recorder"}, "username", id="an-account-with-no-part"),
        pytest.param("nobody", {"role": "recorder"}, "username", id="no-such-account"),
        pytest.param("bob", {"role": "owner"}, "role", id="not-a-role"),
        pytest.param("bob", {}, "role", id="no-role"),
        pytest.param("alice", {"role": "viewer"}, "username", id="the-owner"),
        pytest.param("x" * 151, {"role": "viewer"}, "username", id="too-long"),
    ],
)
def test_a_bad_role_change_is_a_400_naming_its_field(
    api: APIClient, night: Night, carol: Any, name: str, body: dict[str, Any], field: str
) -> None:
    response = api.patch(people_url(night, name), body)
    assert response.status_code == 400
    assert response.json()["field"] == field
    assert [p.role for p in sharing.people_of(night)] == ["owner", "recorder"]


def test_no_account_and_an_account_with_no_part_get_the_same_answer(
    api: APIClient, night: Night, carol: Any
) -> None:
    said = [
        api.patch(people_url(night, name), {"role": "recorder"})
        .json()["message"]
        .replace(name, "N")
        for name in ("carol", "nobody")
    ]
    assert said[0] == said[1]


def test_a_stranger_gets_404(night: Night, carol: Any) -> None:
    client = client_for(carol)
    assert client.get(people_url(night)).status_code == 404
    assert client.patch(people_url(night, "bob"), {"role": "viewer"}).status_code == 404
    assert client.delete(people_url(night, "bob")).status_code == 404
