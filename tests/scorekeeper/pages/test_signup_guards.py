"""Sign-up refuses a name that looks like another account's, and an all-digits password."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from scorekeeper.access.usernames import skeleton

SIGNUP = reverse("signup")
PASSWORD = "a long pass phrase"
LOOKALIKE = "This name looks too much like an existing account"


def sign_up(client: Client, username: str, password: str = PASSWORD) -> Any:
    return client.post(SIGNUP, {"username": username, "password1": password, "password2": password})


@pytest.mark.parametrize(
    "username",
    [
        pytest.param("\u0430lice", id="cyrillic-a"),
        pytest.param("\u0430li\u0441\u0435", id="cyrillic-a-c-e"),
        pytest.param("\u03b1lice", id="greek-alpha"),
        pytest.param("\uff41\uff4c\uff49\uff43\uff45", id="full-width"),
        pytest.param("\u0410LICE", id="cyrillic-capital-a-and-upper-case"),
        pytest.param("al\u0131ce", id="dotless-i"),
    ],
)
def test_a_name_that_looks_like_alice_is_refused(client: Client, alice: Any, username: str) -> None:
    response = sign_up(client, username)
    assert response.status_code == 200
    html = response.content.decode()
    assert LOOKALIKE in html or "A user with that username already exists." in html
    assert get_user_model().objects.count() == 1
    assert "_auth_user_id" not in client.session


def test_a_cyrillic_lookalike_gets_the_lookalike_sentence(client: Client, alice: Any) -> None:
    assert LOOKALIKE in sign_up(client, "\u0430lice").content.decode()


def test_a_different_name_is_welcome(client: Client, alice: Any) -> None:
    assert sign_up(client, "alicia").status_code == 302
    assert get_user_model().objects.filter(username="alicia").exists()


def test_an_account_with_a_cyrillic_name_is_not_blocked_by_a_latin_one(
    client: Client, alice: Any
) -> None:
    """Names in another script are fine when they do not look like an existing one."""
    assert sign_up(client, "\u0431\u043e\u0440\u0438\u0441").status_code == 302  # борис


def test_the_skeleton_folds_case_width_and_lookalikes() -> None:
    assert skeleton("ALICE") == skeleton("\uff41lice") == skeleton("\u0430lice") == "alice"
    assert skeleton("bob") != skeleton("rob")


def test_an_all_digits_password_is_refused(client: Client, db: Any) -> None:
    response = sign_up(client, "dave", password="73920581664")
    assert response.status_code == 200
    assert "This password is entirely numeric." in response.content.decode()
    assert not get_user_model().objects.exists()
