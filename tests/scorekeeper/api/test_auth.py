"""Signing in to the API: a session (the pages, the docs' "try it out") or HTTP Basic (scripts).

Signed out is 401 with a WWW-Authenticate challenge, as HTTP says; signed in without the
right is still 403 or 404. These go through the real authentication classes (the other API
tests use force_authenticate, which skips them).
"""

from __future__ import annotations

import base64
import json
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.models import Night

LIST = reverse("api_nights")


def basic(username: str, password: str) -> dict[str, str]:
    token = base64.b64encode(f"{username}:{password}".encode()).decode()
    return {"HTTP_AUTHORIZATION": f"Basic {token}"}


def refused(response: Any, *, code: str, status: int) -> str:
    assert response.status_code == status, response.content
    body = json.loads(response.content)
    assert (body["code"], body["field"]) == (code, None)
    assert isinstance(body["message"], str) and len(body["message"].split()) >= 2
    return str(body["message"])


@pytest.fixture
def alice_password(alice: Any) -> str:
    alice.set_password("kitchen table")
    alice.save()
    return "kitchen table"


# Signed out -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "url"),
    [
        pytest.param("get", LIST, id="list-nights"),
        pytest.param("post", LIST, id="start-a-night"),
        pytest.param("get", reverse("api_players"), id="list-players"),
        pytest.param("get", "/api/v1/nights/1/", id="a-night"),
    ],
)
def test_signed_out_is_401_with_a_challenge(client: Client, method: str, url: str) -> None:
    response = getattr(client, method)(url)
    refused(response, code="not_authenticated", status=401)
    assert response["WWW-Authenticate"].startswith("Basic ")


def test_a_wrong_password_is_401_with_a_challenge(
    client: Client, alice: Any, alice_password: str
) -> None:
    response = client.get(LIST, **basic("alice", "not it"))
    message = refused(response, code="authentication_failed", status=401)
    assert message == "Invalid username/password."
    assert response["WWW-Authenticate"].startswith("Basic ")


def test_questions_need_no_sign_in(client: Client) -> None:
    response = client.post(
        reverse("api_adjudicate", args=["brummy", "knock"]),
        {"scores": [23, 20, 23], "knocked": 0},
        content_type="application/json",
    )
    assert response.status_code == 200, response.content


# HTTP Basic, for scripts ------------------------------------------------------------------------


def test_a_script_signs_in_with_basic(client: Client, night: Night, alice_password: str) -> None:
    response = client.get(LIST, **basic("alice", alice_password))
    assert response.status_code == 200, response.content
    assert [n["id"] for n in response.json()] == [night.pk]


def test_a_script_writes_with_basic_and_no_csrf_token(alice_password: str) -> None:
    client = Client(enforce_csrf_checks=True)
    response = client.post(
        LIST,
        {"date": "2025-12-24"},
        content_type="application/json",
        **basic("alice", alice_password),
    )
    assert response.status_code == 201, response.content


# A session, for the pages -----------------------------------------------------------------------


def test_a_signed_in_session_reads(client: Client, night: Night, alice: Any) -> None:
    client.force_login(alice)
    response = client.get(LIST)
    assert response.status_code == 200, response.content
    assert [n["id"] for n in response.json()] == [night.pk]


def test_a_session_writes_with_its_csrf_token(alice: Any) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)
    client.get(reverse("home"))  # the page sets the CSRF cookie
    token = client.cookies["csrftoken"].value
    response = client.post(
        LIST, {"date": "2025-12-24"}, content_type="application/json", HTTP_X_CSRFTOKEN=token
    )
    assert response.status_code == 201, response.content


def test_a_session_without_its_csrf_token_is_refused(alice: Any) -> None:
    """A signed-in session is still protected from forged requests: 403, not a 401 challenge."""
    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)
    response = client.post(LIST, {"date": "2025-12-24"}, content_type="application/json")
    assert "CSRF" in refused(response, code="permission_denied", status=403)
    assert not Night.objects.exists()


# Signed in without the right: as before ---------------------------------------------------------


def test_carol_signed_in_gets_404_for_alices_night(
    client: Client, night: Night, carol: Any
) -> None:
    client.force_login(carol)
    response = client.get(reverse("api_night", args=[night.pk]))
    refused(response, code="not_found", status=404)
    assert "WWW-Authenticate" not in response


def test_bob_signed_in_gets_403_adding_a_recorder(night: Night, bob: Any, carol: Any) -> None:
    bob.set_password("pw")
    bob.save()
    client = Client()
    response = client.post(
        reverse("api_night_recorders", args=[night.pk]),
        {"username": "carol"},
        content_type="application/json",
        **basic("bob", "pw"),
    )
    refused(response, code="permission_denied", status=403)
    assert "WWW-Authenticate" not in response
