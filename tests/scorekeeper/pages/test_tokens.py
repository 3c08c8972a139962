"""The API tokens page: make a token (shown once), see your tokens, revoke one."""

from __future__ import annotations

import re
from typing import Any

from django.test import Client
from django.urls import reverse

from scorekeeper.access import tokens
from scorekeeper.models import ApiToken

PAGE = reverse("tokens")


def test_alice_makes_a_token_and_sees_it_once(client: Client, alice: Any) -> None:
    client.force_login(alice)
    response = client.post(PAGE, {"name": "nightly export"})
    assert response.status_code == 200
    assert response["Cache-Control"] == "no-store"
    html = response.content.decode()
    raw = re.search(r'value="(sk_[^"]+)"', html)
    assert raw is not None
    assert tokens.token_check(raw.group(1)) is not None
    again = client.get(PAGE).content.decode()
    assert raw.group(1) not in again
    assert "nightly export" in again
    assert f"sk_{ApiToken.objects.get().prefix}" in again


def test_a_token_without_a_name_is_refused_inline(client: Client, alice: Any) -> None:
    client.force_login(alice)
    response = client.post(PAGE, {"name": ""})
    assert response.status_code == 200
    assert "This field is required." in response.content.decode()
    assert not ApiToken.objects.exists()


def test_alice_revokes_a_token(client: Client, alice: Any) -> None:
    token, raw = tokens.token_create(user=alice, name="old script")
    client.force_login(alice)
    response = client.post(reverse("token_revoke", args=[token.pk]))
    assert response.status_code == 302
    assert response["Location"] == PAGE
    assert tokens.token_check(raw) is None
    assert "old script" not in client.get(PAGE).content.decode()


def test_carol_cannot_revoke_alices_token(client: Client, alice: Any, carol: Any) -> None:
    token, raw = tokens.token_create(user=alice, name="old script")
    client.force_login(carol)
    assert client.post(reverse("token_revoke", args=[token.pk])).status_code == 404
    assert "old script" not in client.get(PAGE).content.decode()
    assert tokens.token_check(raw) is not None


def test_revoking_needs_a_post(client: Client, alice: Any) -> None:
    token, _ = tokens.token_create(user=alice, name="old script")
    client.force_login(alice)
    assert client.get(reverse("token_revoke", args=[token.pk])).status_code == 405


def test_a_signed_out_visitor_is_sent_to_sign_in(client: Client, db: Any) -> None:
    response = client.get(PAGE)
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_the_home_page_links_to_the_tokens_page(client: Client, alice: Any) -> None:
    client.force_login(alice)
    assert f'href="{PAGE}"' in client.get(reverse("home")).content.decode()
