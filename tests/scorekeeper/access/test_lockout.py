"""Sign-in is throttled: 5 wrong passwords lock the account out from that address, everywhere.

The sign-in page, the admin's sign-in and HTTP Basic in the API go through one counter
(django-axes): after the fifth wrong password even the right one is refused (429), until the
cool-off (15 minutes) passes or an admin resets it (``manage.py axes_reset``).
"""

from __future__ import annotations

import base64
import datetime
import json
from collections.abc import Callable
from typing import Any

import pytest
from axes.models import AccessAttempt
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone

LIMIT = 5
LOGIN = reverse("login")
ADMIN_LOGIN = reverse("admin:login")
API = reverse("api_nights")
PASSWORD = "password"  # the personas' (tests/factories.py)


def basic(username: str, password: str) -> dict[str, str]:
    token = base64.b64encode(f"{username}:{password}".encode()).decode()
    return {"HTTP_AUTHORIZATION": f"Basic {token}"}


def page_sign_in(client: Client, password: str, **extra: Any) -> Any:
    return client.post(LOGIN, {"username": "alice", "password": password}, **extra)


def admin_sign_in(client: Client, password: str, **extra: Any) -> Any:
    return client.post(
        ADMIN_LOGIN,
        {"username": "alice", "password": password, "next": "/admin/"},
        **extra,
    )


def basic_sign_in(client: Client, password: str, **extra: Any) -> Any:
    return client.get(API, **basic("alice", password), **extra)


def signed_in(route: str, response: Any) -> bool:
    if route == "api":
        return bool(response.status_code == 200)
    return bool(response.status_code == 302)


ROUTES: dict[str, Callable[..., Any]] = {
    "page": page_sign_in,
    "admin": admin_sign_in,
    "api": basic_sign_in,
}


@pytest.fixture
def staff_alice(alice: Any) -> Any:
    alice.is_staff = True
    alice.is_superuser = True
    alice.save()
    return alice


def lock_out(route: str) -> Any:
    client = Client()
    response = None
    for _ in range(LIMIT):
        response = ROUTES[route](client, "wrong guess")
    return response


def assert_locked(route: str, response: Any) -> None:
    assert response.status_code == 429, response.content
    assert response["Retry-After"] == "900"
    if route == "api":
        body = json.loads(response.content)
        assert body["code"] == "locked_out"
        assert body["field"] is None
        assert "15 minutes" in body["message"]
        assert "WWW-Authenticate" not in response
    else:
        html = response.content.decode()
        assert "Too many wrong passwords for this account" in html
        assert "15 minutes" in html


@pytest.mark.parametrize("route", ["page", "admin", "api"])
def test_the_right_password_is_refused_after_five_wrong_ones(route: str, staff_alice: Any) -> None:
    fifth = lock_out(route)
    assert_locked(route, fifth)
    response = ROUTES[route](Client(), PASSWORD)
    assert_locked(route, response)
    assert not signed_in(route, response)


@pytest.mark.parametrize("route", ["page", "admin", "api"])
def test_four_wrong_passwords_do_not_lock(route: str, staff_alice: Any) -> None:
    client = Client()
    for _ in range(LIMIT - 1):
        response = ROUTES[route](client, "wrong guess")
        assert response.status_code in {200, 401}, response.content
    assert signed_in(route, ROUTES[route](client, PASSWORD))


@pytest.mark.parametrize("route", ["page", "admin", "api"])
def test_axes_reset_lets_the_right_password_in_again(route: str, staff_alice: Any) -> None:
    lock_out(route)
    call_command("axes_reset", verbosity=0)
    assert signed_in(route, ROUTES[route](Client(), PASSWORD))


@pytest.mark.parametrize("route", ["page", "admin", "api"])
def test_the_lock_lifts_after_the_cool_off(route: str, staff_alice: Any) -> None:
    lock_out(route)
    assert_locked(route, ROUTES[route](Client(), PASSWORD))
    # Fifteen minutes and a second later (moved back in the database, not waited for).
    later = timezone.now() - datetime.timedelta(minutes=15, seconds=1)
    AccessAttempt.objects.update(attempt_time=later)
    assert signed_in(route, ROUTES[route](Client(), PASSWORD))


def test_the_lock_is_shared_between_page_admin_and_api(staff_alice: Any) -> None:
    """Guessing on the page locks Basic too: one counter per account and address."""
    lock_out("page")
    assert_locked("api", basic_sign_in(Client(), PASSWORD))
    assert_locked("admin", admin_sign_in(Client(), PASSWORD))


def test_the_lock_is_for_that_account_from_that_address(alice: Any, bob: Any) -> None:
    lock_out("page")
    # bob, from the same address, signs in as usual.
    bob_in = Client().post(LOGIN, {"username": "bob", "password": PASSWORD})
    assert bob_in.status_code == 302
    # alice, from another address, too.
    assert page_sign_in(Client(), PASSWORD, REMOTE_ADDR="192.0.2.7").status_code == 302


def test_a_locked_out_page_keeps_the_form_to_try_later(alice: Any) -> None:
    response = lock_out("page")
    html = response.content.decode()
    assert 'role="alert"' in html
    assert 'name="password"' in html


def test_force_login_is_not_throttled(alice: Any) -> None:
    """Tests that sign in with force_login (most of the suite) never meet the lock."""
    lock_out("page")
    client = Client()
    client.force_login(alice)
    assert client.get(reverse("home")).status_code == 200


# Behind a reverse proxy (SCOREKEEPER_PROXY_COUNT) ------------------------------------------------

PROXY = "10.0.0.2"  # the reverse proxy: every request reaches the app from it


def through_proxy(client_address: str, forged: str = "") -> dict[str, str]:
    """A request as the proxy passes it on: it appends the address it heard from."""
    hops = f"{forged}, {client_address}" if forged else client_address
    return {"REMOTE_ADDR": PROXY, "HTTP_X_FORWARDED_FOR": hops}


@pytest.mark.parametrize("route", ["page", "api"])
def test_behind_a_proxy_two_clients_are_locked_out_separately(
    route: str, alice: Any, settings: Any
) -> None:
    settings.SCOREKEEPER_PROXY_COUNT = 1
    guesser, other = "198.51.100.4", "203.0.113.9"
    for _ in range(LIMIT):
        ROUTES[route](Client(), "wrong guess", **through_proxy(guesser))
    assert_locked(route, ROUTES[route](Client(), PASSWORD, **through_proxy(guesser)))
    # Another person at another address, through the same proxy, signs in as usual.
    assert signed_in(route, ROUTES[route](Client(), PASSWORD, **through_proxy(other)))
    # A guesser cannot step out of the lock by writing an address of their own in front.
    forged = ROUTES[route](Client(), PASSWORD, **through_proxy(guesser, forged=other))
    assert_locked(route, forged)


@pytest.mark.parametrize("route", ["page", "api"])
def test_with_no_proxy_trusted_a_forged_forwarded_for_is_ignored(
    route: str, alice: Any, settings: Any
) -> None:
    settings.SCOREKEEPER_PROXY_COUNT = 0
    for n in range(LIMIT):
        ROUTES[route](
            Client(), "wrong guess", REMOTE_ADDR="198.51.100.4", HTTP_X_FORWARDED_FOR=f"192.0.2.{n}"
        )
    fresh_header = {"REMOTE_ADDR": "198.51.100.4", "HTTP_X_FORWARDED_FOR": "192.0.2.200"}
    assert_locked(route, ROUTES[route](Client(), PASSWORD, **fresh_header))


@pytest.mark.parametrize(
    ("count", "meta", "address"),
    [
        pytest.param(0, {"HTTP_X_FORWARDED_FOR": "192.0.2.1"}, "10.0.0.2", id="none-trusted"),
        pytest.param(1, {"HTTP_X_FORWARDED_FOR": "6.6.6.6, 192.0.2.1"}, "192.0.2.1", id="one"),
        pytest.param(
            2, {"HTTP_X_FORWARDED_FOR": "6.6.6.6, 192.0.2.1, 10.0.0.9"}, "192.0.2.1", id="two"
        ),
        pytest.param(2, {"HTTP_X_FORWARDED_FOR": "192.0.2.1"}, "10.0.0.2", id="too-few-hops"),
        pytest.param(1, {}, "10.0.0.2", id="no-header"),
        pytest.param(
            1, {"HTTP_X_FORWARDED_FOR": "not-an-address"}, "10.0.0.2", id="not-an-address"
        ),
        pytest.param(1, {"HTTP_X_FORWARDED_FOR": " 2001:db8::1 "}, "2001:db8::1", id="ipv6"),
    ],
)
def test_the_client_address_read_behind_proxies(
    count: int, meta: dict[str, str], address: str, settings: Any
) -> None:
    from django.test import RequestFactory

    from scorekeeper.access.lockout import client_ip

    settings.SCOREKEEPER_PROXY_COUNT = count
    request = RequestFactory().get("/", REMOTE_ADDR="10.0.0.2", **meta)
    assert client_ip(request) == address


@pytest.mark.parametrize(
    ("username", "password"),
    [("ali\x00ce", "pw"), ("alice", "p\x00w"), ("a" * 300, "pw")],
    ids=["nul-in-name", "nul-in-password", "name-too-long"],
)
def test_basic_credentials_no_account_can_have_are_a_plain_401(
    username: str, password: str, alice: Any
) -> None:
    # schemathesis found this on PostgreSQL: axes logged the name it was sent, and PostgreSQL
    # refuses a NUL in text (and a name over 255 characters): a 500 instead of a 401.
    raw = base64.b64encode(f"{username}:{password}".encode()).decode()
    response = Client().get("/api/v1/nights/", HTTP_AUTHORIZATION=f"Basic {raw}")
    assert response.status_code == 401, response.content
    body = json.loads(response.content)
    assert body["code"] == "authentication_failed", body
    assert AccessAttempt.objects.count() == 0
