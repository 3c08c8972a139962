"""Signing up, signing in and out: the pages around the accounts."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from scorekeeper.models import Night

SIGNUP = reverse("signup")
LOGIN = reverse("login")


def test_the_signup_page_asks_for_a_name_and_a_password_twice(client: Client) -> None:
    response = client.get(SIGNUP)
    assert response.status_code == 200
    html = response.content.decode()
    for name in ("username", "password1", "password2"):
        assert f'name="{name}"' in html


def test_dave_signs_up_and_is_signed_in(client: Client, db: Any) -> None:
    response = client.post(
        SIGNUP,
        {"username": "dave", "password1": "a long pass phrase", "password2": "a long pass phrase"},
    )
    assert response.status_code == 302
    assert response["Location"] == reverse("home")
    dave = get_user_model().objects.get(username="dave")
    assert client.session["_auth_user_id"] == str(dave.pk)
    assert "Game nights" in client.get(reverse("home")).content.decode()


@pytest.mark.parametrize(
    ("form", "says"),
    [
        pytest.param(
            {"username": "dave", "password1": "a long pass phrase", "password2": "another one"},
            "The two password fields didn\u2019t match.",
            id="passwords-differ",
        ),
        pytest.param(
            {"username": "dave", "password1": "short", "password2": "short"},
            "This password is too short.",
            id="too-short",
        ),
        pytest.param(
            {
                "username": "alice",
                "password1": "a long pass phrase",
                "password2": "a long pass phrase",
            },
            "A user with that username already exists.",
            id="name-taken",
        ),
    ],
)
def test_it_refuses_a_signup(client: Client, alice: Any, form: dict[str, str], says: str) -> None:
    response = client.post(SIGNUP, form)
    assert response.status_code == 200
    assert says in response.content.decode()
    assert get_user_model().objects.count() == 1
    assert "_auth_user_id" not in client.session


def test_alice_signs_in_and_lands_on_her_nights(client: Client, night: Night) -> None:
    response = client.post(LOGIN, {"username": "alice", "password": "password"}, follow=True)
    assert response.redirect_chain == [(reverse("home"), 302)]
    assert night.get_absolute_url() in response.content.decode()


def test_signing_in_returns_to_the_page_asked_for(client: Client, night: Night) -> None:
    wanted = night.get_absolute_url()
    response = client.post(LOGIN, {"username": "alice", "password": "password", "next": wanted})
    assert response["Location"] == wanted


def test_a_wrong_password_is_refused(client: Client, alice: Any) -> None:
    response = client.post(LOGIN, {"username": "alice", "password": "guess"})
    assert response.status_code == 200
    assert "Please enter a correct username and password." in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_alice_signs_out(client: Client, alice: Any) -> None:
    client.force_login(alice)
    response = client.post(reverse("logout"))
    assert response["Location"] == reverse("home")
    assert "_auth_user_id" not in client.session


def test_a_signed_out_visitor_is_sent_to_sign_in(client: Client, night: Night) -> None:
    wanted = night.get_absolute_url()
    response = client.get(wanted)
    assert response.status_code == 302
    assert response["Location"] == f"{LOGIN}?next={wanted}"
