"""API tokens: a script signs in with `Authorization: Token <raw>`, cheaply, and a revoked token
is refused. The database holds only the token's SHA-256 and a prefix to find it."""

from __future__ import annotations

import base64
import hashlib
import json
from typing import Any
from unittest import mock

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from scorekeeper.access import tokens
from scorekeeper.models import ApiToken, Night

TOKENS = reverse("api_tokens")
NIGHTS = reverse("api_nights")


def refused(response: Any, *, code: str, status: int) -> str:
    assert response.status_code == status, response.content
    body = json.loads(response.content)
    assert (body["code"], body["field"]) == (code, None)
    assert isinstance(body["message"], str) and len(body["message"].split()) >= 2
    return str(body["message"])


def basic_auth(username: str, password: str) -> str:
    return "Basic " + base64.b64encode(f"{username}:{password}".encode()).decode()


def made(api: APIClient, name: str = "nightly export") -> dict[str, Any]:
    response = api.post(TOKENS, {"name": name}, format="json")
    assert response.status_code == 201, response.content
    body: dict[str, Any] = response.json()
    return body


def test_alice_makes_a_token_and_a_script_reads_with_it(api: APIClient, night: Night) -> None:
    body = made(api)
    assert body["token"].startswith("sk_")
    assert body["prefix"] == body["token"][3:11]
    script = Client()
    response = script.get(NIGHTS, HTTP_AUTHORIZATION=f"Token {body['token']}")
    assert response.status_code == 200, response.content
    assert [n["id"] for n in response.json()] == [night.pk]


def test_bearer_works_too(api: APIClient, night: Night) -> None:
    raw = made(api)["token"]
    response = Client().get(NIGHTS, HTTP_AUTHORIZATION=f"Bearer {raw}")
    assert response.status_code == 200, response.content


def test_a_script_writes_with_a_token_and_no_csrf_token(api: APIClient) -> None:
    raw = made(api)["token"]
    client = Client(enforce_csrf_checks=True)
    response = client.post(
        NIGHTS, {"date": "2025-12-24"}, content_type="application/json",
        HTTP_AUTHORIZATION=f"Token {raw}",
    )  # fmt: skip
    assert response.status_code == 201, response.content


def test_the_database_never_holds_the_raw_token(api: APIClient) -> None:
    raw = made(api)["token"]
    row = ApiToken.objects.get()
    assert row.digest == hashlib.sha256(raw.encode()).hexdigest()
    # Not in any column of any token row, read back as the database has it.
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT * FROM {ApiToken._meta.db_table}")
        stored = " ".join(str(value) for row in cursor.fetchall() for value in row)
    assert raw not in stored
    assert raw[3:] not in stored
    assert raw[:11] not in stored  # only the 8 characters after "sk_"
    # And the list shows it no more.
    assert raw not in api.get(TOKENS).content.decode()


def test_a_revoked_token_is_refused(api: APIClient) -> None:
    body = made(api)
    assert api.delete(reverse("api_token", args=[body["id"]])).status_code == 204
    response = Client().get(NIGHTS, HTTP_AUTHORIZATION=f"Token {body['token']}")
    message = refused(response, code="authentication_failed", status=401)
    assert message == "Invalid or revoked token."
    assert api.get(TOKENS).json() == []


@pytest.mark.parametrize(
    "header",
    [
        pytest.param("Token sk_notarealtokenatallnotarealtokenatall0000000", id="unknown"),
        pytest.param("Token nonsense", id="not-a-token"),
        pytest.param("Token", id="empty"),
        pytest.param("Token a b", id="two-words"),
        pytest.param("Bearer sk_x", id="too-short"),
    ],
)
def test_a_wrong_token_is_401_with_the_error_body(api: APIClient, header: str) -> None:
    made(api)
    response = Client().get(NIGHTS, HTTP_AUTHORIZATION=header)
    refused(response, code="authentication_failed", status=401)


def test_a_token_that_differs_only_after_the_prefix_is_refused(api: APIClient) -> None:
    raw = made(api)["token"]
    forged = raw[:-1] + ("A" if raw[-1] != "A" else "B")
    response = Client().get(NIGHTS, HTTP_AUTHORIZATION=f"Token {forged}")
    refused(response, code="authentication_failed", status=401)


def test_checking_a_token_hashes_no_password(api: APIClient, night: Night) -> None:
    raw = made(api)["token"]
    with mock.patch(
        "django.contrib.auth.hashers.check_password", side_effect=AssertionError("hashed")
    ) as hashed:
        response = Client().get(NIGHTS, HTTP_AUTHORIZATION=f"Token {raw}")
    assert response.status_code == 200, response.content
    hashed.assert_not_called()


def test_last_used_is_noted(api: APIClient) -> None:
    raw = made(api)["token"]
    assert ApiToken.objects.get().last_used_at is None
    Client().get(NIGHTS, HTTP_AUTHORIZATION=f"Token {raw}")
    assert ApiToken.objects.get().last_used_at is not None


def test_carol_cannot_revoke_alices_token(api: APIClient, carol: User) -> None:
    body = made(api)
    other = APIClient()
    other.force_authenticate(carol)
    refused(other.delete(reverse("api_token", args=[body["id"]])), code="not_found", status=404)
    assert other.get(TOKENS).json() == []
    assert ApiToken.objects.get().revoked_at is None


def test_a_token_needs_a_name(api: APIClient) -> None:
    response = api.post(TOKENS, {"name": "  "}, format="json")
    assert response.status_code == 400
    assert response.json()["field"] == "name"
    assert not ApiToken.objects.exists()


def test_signed_out_cannot_make_a_token(anonymous_api: APIClient, db: Any) -> None:
    refused(anonymous_api.post(TOKENS, {"name": "x"}, format="json"),
            code="not_authenticated", status=401)  # fmt: skip


def test_an_account_has_at_most_twenty_tokens(alice: User) -> None:
    for n in range(tokens.MAX_TOKENS):
        tokens.token_create(user=alice, name=f"script {n}")
    with pytest.raises(tokens.InvalidInput):
        tokens.token_create(user=alice, name="one more")


# Only the person makes and revokes tokens -------------------------------------------------------


def test_a_token_cannot_make_a_token(api: APIClient) -> None:
    """A leaked token must not outlive its revocation through the tokens it made."""
    raw = made(api)["token"]
    script = Client()
    response = script.post(
        TOKENS, {"name": "spare"}, content_type="application/json",
        HTTP_AUTHORIZATION=f"Token {raw}",
    )  # fmt: skip
    message = refused(response, code="token_not_allowed", status=403)
    assert "/account/tokens/" in message
    assert ApiToken.objects.count() == 1


def test_a_token_cannot_revoke_a_token(api: APIClient) -> None:
    first = made(api, "one")
    raw = made(api, "two")["token"]
    response = Client().delete(
        reverse("api_token", args=[first["id"]]), HTTP_AUTHORIZATION=f"Bearer {raw}"
    )
    refused(response, code="token_not_allowed", status=403)
    assert not ApiToken.objects.filter(revoked_at__isnull=False).exists()


def test_a_token_still_lists_the_tokens(api: APIClient) -> None:
    raw = made(api)["token"]
    response = Client().get(TOKENS, HTTP_AUTHORIZATION=f"Token {raw}")
    assert response.status_code == 200, response.content
    assert [t["prefix"] for t in response.json()] == [raw[3:11]]


def test_with_the_password_a_script_makes_and_revokes(alice: User) -> None:
    alice.set_password("a good long password")
    alice.save()
    basic = APIClient()
    basic.credentials(HTTP_AUTHORIZATION=basic_auth("alice", "a good long password"))
    body = made(basic)
    assert basic.delete(reverse("api_token", args=[body["id"]])).status_code == 204
    assert ApiToken.objects.get().revoked_at is not None


def test_signed_in_on_the_site_one_makes_and_revokes(alice: User) -> None:
    session = APIClient(enforce_csrf_checks=False)
    session.force_login(alice)
    body = made(session)
    assert session.delete(reverse("api_token", args=[body["id"]])).status_code == 204
