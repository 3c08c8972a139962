"""The API's rate limits (scorekeeper/api/ratelimit.py, issue 28): anonymous questions per
address, API tokens per token, HTTP Basic per account, the pages' session not at all; past the
limit a 429 of problem details with Retry-After, and the RateLimit headers on every answer
counted.

The suite runs with rates it never reaches (tests/conftest.py); these tests set low ones, and
drive DRF's clock by hand so that every figure in the headers is known.
"""

from __future__ import annotations

import base64
from collections.abc import Iterator
from typing import Any

import pytest
from django.core.cache import caches
from django.core.management import call_command
from django.db import connection
from django.test import Client, override_settings
from rest_framework.test import APIClient

from scorekeeper.access.tokens import token_create
from scorekeeper.api.game_schemas import questions
from scorekeeper.api.ratelimit import CACHE, RateLimit
from scorekeeper.models import Player

pytestmark = pytest.mark.django_db

QUESTION = "/api/v1/adjudicate/bridge-rummy/meld/"
MELD = {"cards": "4C JK=5C 6C", "other_hand_sizes": [3, 9]}
PLAYERS = "/api/v1/players/"


class Clock:
    """DRF's ``timer``, held still until a test moves it."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[Clock]:
    clock = Clock()
    monkeypatch.setattr(RateLimit, "timer", staticmethod(clock))
    caches[CACHE].clear()
    yield clock
    caches[CACHE].clear()


def ask(client: Client, **headers: Any) -> Any:
    return client.post(QUESTION, MELD, content_type="application/json", **headers)


def token_client(user: Any, name: str = "script") -> APIClient:
    _, raw = token_create(user=user, name=name)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {raw}")
    return client


def basic(username: str) -> dict[str, Any]:
    # The test users' password (tests/factories.py).
    pair = base64.b64encode(f"{username}:password".encode()).decode()
    return {"HTTP_AUTHORIZATION": f"Basic {pair}"}


def fields(answer: Any) -> tuple[str, str]:
    return answer["RateLimit-Policy"], answer["RateLimit"]


# The boundary, on both sides -----------------------------------------------------------------


@override_settings(API_RATE_ANONYMOUS="3/min")
def test_the_third_question_of_three_a_minute_passes_and_the_fourth_is_429(clock: Clock) -> None:
    client = Client()
    seen = []
    for _ in range(3):
        answer = ask(client)
        assert answer.status_code == 200, answer.content
        assert answer.json()["valid"] is True
        seen.append(fields(answer))
        clock.now += 10
    # q requests per w seconds; r left for the next t seconds (until the first leaves the window).
    assert seen == [
        ('"anonymous";q=3;w=60', '"anonymous";r=2;t=60'),
        ('"anonymous";q=3;w=60', '"anonymous";r=1;t=50'),
        ('"anonymous";q=3;w=60', '"anonymous";r=0;t=40'),
    ]

    refused = ask(client)  # 30 s after the first
    assert refused.status_code == 429
    assert refused["Content-Type"] == "application/problem+json"
    assert refused["Retry-After"] == "30"
    assert fields(refused) == ('"anonymous";q=3;w=60', '"anonymous";r=0;t=30')
    body = refused.json()
    assert body == {
        "type": "about:blank",
        "title": "Too Many Requests",
        "status": 429,
        "detail": "Too many requests: try again in 30 seconds.",
        "code": "throttled",
        "message": "Too many requests: try again in 30 seconds.",
        "field": None,
    }

    # Just before the first request leaves the window: still refused. Once it has: one more.
    clock.now += 29.5
    assert ask(client).status_code == 429
    clock.now += 0.5
    again = ask(client)
    assert again.status_code == 200
    assert fields(again)[1] == '"anonymous";r=0;t=10'  # the second leaves 10 s later


@override_settings(API_RATE_ANONYMOUS="1/min")
def test_a_429_says_so_in_the_language_asked(clock: Clock) -> None:
    client = Client()
    assert ask(client).status_code == 200
    clock.now += 59
    refused = ask(client, HTTP_ACCEPT_LANGUAGE="is")
    assert refused.status_code == 429
    # Icelandic: 1 (and 21, 31…) take the singular.
    assert refused.json()["detail"] == "Of margar beiðnir: reyndu aftur eftir 1 sekúndu."


@override_settings(API_RATE_ANONYMOUS="100/min")
def test_a_rate_lowered_under_a_clients_count_waits_for_enough_to_leave(clock: Clock) -> None:
    """Five counted at 100 a minute, then the rate is lowered to two: the client may ask again
    when all but one have left the window, not when the oldest has (DRF's own wait, then,
    gives no Retry-After at all)."""
    client = Client()
    for _ in range(5):  # at 0, 1, 2, 3 and 4 s
        assert ask(client).status_code == 200
        clock.now += 1
    with override_settings(API_RATE_ANONYMOUS="2/min"):
        refused = ask(client)  # at 5 s
        assert refused.status_code == 429
        # The request of 3 s (the second newest) leaves at 63 s.
        assert refused["Retry-After"] == "58"
        assert fields(refused)[1] == '"anonymous";r=0;t=58'
        clock.now += 57.5
        assert ask(client).status_code == 429
        clock.now += 0.5
        assert ask(client).status_code == 200


# Whose count -----------------------------------------------------------------------------------


@override_settings(API_RATE_ANONYMOUS="2/min")
def test_anonymous_questions_count_per_address(clock: Clock) -> None:
    client = Client()
    for _ in range(2):
        assert ask(client, REMOTE_ADDR="192.0.2.1").status_code == 200
    assert ask(client, REMOTE_ADDR="192.0.2.1").status_code == 429
    other = ask(client, REMOTE_ADDR="192.0.2.2")
    assert other.status_code == 200
    assert fields(other)[1] == '"anonymous";r=1;t=60'
    # The game types are public too, and share the address's count.
    assert client.get("/api/v1/game-types/", REMOTE_ADDR="192.0.2.1").status_code == 429


@override_settings(API_RATE_ANONYMOUS="2/min")
def test_an_ipv6_client_counts_by_its_64_block(clock: Clock) -> None:
    client = Client()
    assert ask(client, REMOTE_ADDR="2001:db8:0:1::1").status_code == 200
    assert ask(client, REMOTE_ADDR="2001:db8:0:1::ffff").status_code == 200
    assert ask(client, REMOTE_ADDR="2001:db8:0:1:aaaa::2").status_code == 429
    assert ask(client, REMOTE_ADDR="2001:db8:0:2::1").status_code == 200


@override_settings(API_RATE_ANONYMOUS="1/min", SCOREKEEPER_PROXY_COUNT=1)
def test_behind_a_proxy_each_client_counts_by_the_address_the_proxy_saw(clock: Clock) -> None:
    """Every request comes from the proxy's address; the client's is the one it appended."""
    client = Client()
    proxy = {"REMOTE_ADDR": "10.0.0.1"}
    assert ask(client, **proxy, HTTP_X_FORWARDED_FOR="192.0.2.1").status_code == 200
    assert ask(client, **proxy, HTTP_X_FORWARDED_FOR="192.0.2.2").status_code == 200
    # What the client writes itself, left of the proxy's entry, changes nothing.
    spoofed = ask(client, **proxy, HTTP_X_FORWARDED_FOR="198.51.100.9, 192.0.2.1")
    assert spoofed.status_code == 429


@override_settings(API_RATE_TOKEN="2/min")
def test_two_tokens_have_a_count_each(clock: Clock, alice: Any) -> None:
    first, second = token_client(alice, "one"), token_client(alice, "two")
    for left in (1, 0):
        answer = first.get(PLAYERS)
        assert answer.status_code == 200
        assert fields(answer) == ('"token";q=2;w=60', f'"token";r={left};t=60')
    refused = first.get(PLAYERS)
    assert refused.status_code == 429
    assert refused.json()["code"] == "throttled"
    answer = second.get(PLAYERS)
    assert answer.status_code == 200
    assert fields(answer)[1] == '"token";r=1;t=60'


@override_settings(API_RATE_TOKEN="1/min", API_RATE_ANONYMOUS="1/min")
def test_http_basic_counts_per_account_apart_from_its_tokens(clock: Clock, alice: Any) -> None:
    client = Client()
    answer = client.get(PLAYERS, **basic("alice"))
    assert answer.status_code == 200
    assert fields(answer) == ('"account";q=1;w=60', '"account";r=0;t=60')
    assert client.get(PLAYERS, **basic("alice")).status_code == 429
    assert token_client(alice).get(PLAYERS).status_code == 200


@override_settings(API_RATE_TOKEN="1/min", API_RATE_ANONYMOUS="1/min")
def test_a_signed_in_session_is_not_counted(clock: Clock, alice: Any) -> None:
    client = APIClient()
    client.force_login(alice)  # the pages' session, as a browser holds it
    for _ in range(5):
        answer = client.get(PLAYERS)
        assert answer.status_code == 200
        assert "RateLimit" not in answer.headers
        page = client.get("/")
        assert page.status_code == 200
        assert "RateLimit" not in page.headers


@override_settings(API_RATE_ANONYMOUS="1/min")
def test_a_request_refused_before_the_count_is_not_counted(clock: Clock) -> None:
    """Signed out, an operation that needs a sign-in is a 401 with no count and no headers."""
    client = Client()
    for _ in range(3):
        answer = client.get(PLAYERS)
        assert answer.status_code == 401
        assert "RateLimit" not in answer.headers
    assert ask(client).status_code == 200


@override_settings(API_RATE_TOKEN="1/min")
def test_a_throttled_write_writes_nothing(clock: Clock, alice: Any) -> None:
    client = token_client(alice)
    assert client.post(PLAYERS, {"name": "Ann"}, format="json").status_code == 201
    refused = client.post(PLAYERS, {"name": "Bea"}, format="json", HTTP_IDEMPOTENCY_KEY="k-1")
    assert refused.status_code == 429
    assert list(Player.objects.values_list("name", flat=True)) == ["Ann"]
    # Nor was its Idempotency-Key kept: sent again once the window has passed, it writes.
    clock.now += 60
    again = client.post(PLAYERS, {"name": "Bea"}, format="json", HTTP_IDEMPOTENCY_KEY="k-1")
    assert again.status_code == 201
    assert "Idempotent-Replayed" not in again.headers
    assert sorted(Player.objects.values_list("name", flat=True)) == ["Ann", "Bea"]


# Turned off, and counted in a shared cache -----------------------------------------------------


@override_settings(API_RATE_ANONYMOUS=None, API_RATE_TOKEN=None)
def test_off_counts_nothing(clock: Clock, alice: Any) -> None:
    client, script = Client(), token_client(alice)
    for _ in range(20):
        answer = ask(client)
        assert answer.status_code == 200
        assert "RateLimit" not in answer.headers
        assert script.get(PLAYERS).status_code == 200


DATABASE_CACHE = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    CACHE: {
        "BACKEND": "django.core.cache.backends.db.DatabaseCache",
        "LOCATION": "scorekeeper_rate_limits",
    },
}


@override_settings(API_RATE_ANONYMOUS="2/min", CACHES=DATABASE_CACHE)
def test_counts_kept_in_the_database_are_shared(clock: Clock) -> None:
    """``API_RATE_CACHE=database``: the count is a row that every process reads."""
    call_command("createcachetable", verbosity=0)
    client = Client()
    assert ask(client).status_code == 200
    with connection.cursor() as cursor:
        cursor.execute("SELECT COUNT(*) FROM scorekeeper_rate_limits")
        assert cursor.fetchone() == (1,)
    assert ask(client).status_code == 200
    assert ask(client).status_code == 429


# The schema ----------------------------------------------------------------------------------


def test_the_schema_tells_every_limit(openapi: dict[str, Any]) -> None:
    headers = openapi["components"]["headers"]
    assert set(headers) == {"RateLimit", "RateLimit-Policy"}
    refs = {name: {"$ref": f"#/components/headers/{name}"} for name in headers}
    public = 0
    for path, operations in openapi["paths"].items():
        for method, operation in operations.items():
            where = f"{method.upper()} {path}"
            responses = operation["responses"]
            # Every operation may be counted: a public one per address, the others per token.
            refused = responses.get("429")
            assert refused is not None, where
            assert refused["headers"]["Retry-After"]["schema"]["type"] == "integer", where
            assert refused["content"]["application/problem+json"]["schema"] == {
                "$ref": "#/components/schemas/ErrorOut"
            }, where
            if operation["security"] == []:
                public += 1
                assert "`throttled`" in refused["description"], where
            for code, answer in responses.items():
                if code.startswith("2") or code in ("304", "429"):
                    assert refs.items() <= answer["headers"].items(), (where, code)
    assert public == len(list(questions())) + 1  # each game's questions, and the game types


@pytest.mark.django_db(transaction=True)  # the failed query must not spoil a test's transaction
@override_settings(API_RATE_ANONYMOUS="1/min", CACHES=DATABASE_CACHE)
def test_a_cache_out_of_reach_answers_uncounted_and_logs_it(
    clock: Clock, caplog: pytest.LogCaptureFixture
) -> None:
    """``API_RATE_CACHE=database`` without ``createcachetable``: the API still answers."""
    client = Client()
    for _ in range(2):
        answer = ask(client)
        assert answer.status_code == 200
        assert "RateLimit" not in answer.headers
    assert "The rate limits' cache (ratelimit) failed" in caplog.text
