"""Under /api/v1/ every error is JSON in one shape, and no request a client can send is a 500.

The shape: ``{"code": ..., "message": ..., "field": ...}``. DEBUG is off here, as in production,
so Django's own error handlers (urls.py's handler404 and friends) answer what the API's views
never see: a URL that matches nothing, a body too large, a crash.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.test import Client, RequestFactory
from django.urls import get_resolver, reverse

from scorekeeper.api.parsers import MAX_BODY, MAX_DEPTH, depth
from scorekeeper.models import Game, Night
from scorekeeper.transfer import exporting

DEEP = "[" * 50_000 + "]" * 50_000  # Python's json parser: RecursionError, in 100 KB


def refused(response: Any, *, code: str, field: str | None = None, status: int = 400) -> str:
    """Check the one error shape of the API and return its sentence."""
    assert response.status_code == status, response.content
    assert response["Content-Type"] == "application/problem+json", response.content[:300]
    body = json.loads(response.content)
    assert (body["code"], body["field"]) == (code, field)
    # Problem details (RFC 9457), the API's own members beside them.
    assert (body["type"], body["status"], body["detail"]) == (
        "about:blank",
        status,
        body["message"],
    )
    assert isinstance(body["message"], str) and len(body["message"].split()) >= 3
    return str(body["message"])


@pytest.fixture
def alice_client(alice: Any) -> Client:
    """Alice signed in through a session, as in a browser; a crash is a response, not raised."""
    client = Client(raise_request_exception=False)
    client.force_login(alice)
    return client


@pytest.fixture
def stranger() -> Client:
    return Client(raise_request_exception=False)


def post_json(client: Client, url: str, body: str) -> Any:
    return client.post(url, body, content_type="application/json")


# JSON nested too deeply -------------------------------------------------------------------------


def test_deeply_nested_json_is_refused_when_asking_a_question(stranger: Client) -> None:
    url = reverse("api_adjudicate", args=["brummy", "grid"])
    message = refused(post_json(stranger, url, DEEP), code="parse_error")
    assert message == f"The JSON nests lists or objects more than {MAX_DEPTH} deep."


def test_deeply_nested_json_is_refused_when_starting_a_night(
    alice_client: Client, alice: Any
) -> None:
    refused(post_json(alice_client, reverse("api_nights"), DEEP), code="parse_error")
    assert not Night.objects.exists()


def test_deeply_nested_json_inside_a_deal_is_refused(
    alice_client: Client, bridge_game: Game
) -> None:
    body = '{"deal": {"went_out": 0, "hands": ' + DEEP + "}}"
    refused(
        post_json(alice_client, reverse("api_game_deals", args=[bridge_game.pk]), body),
        code="parse_error",
    )
    assert not bridge_game.entries.exists()


@pytest.mark.parametrize(
    ("levels", "refused_too"),
    [
        pytest.param(MAX_DEPTH, False, id="at-the-limit"),
        pytest.param(MAX_DEPTH + 1, True, id="one-past-the-limit"),
        # json parses this fine (no RecursionError), but code walking it with recursion
        # would not: refused by the depth count, not the parser.
        pytest.param(5_000, True, id="deep-but-parsable"),
    ],
)
def test_the_limit_on_nesting(stranger: Client, levels: int, refused_too: bool) -> None:
    url = reverse("api_adjudicate", args=["brummy", "grid"])
    # {"cards": [[...]]}: the object is one level, the lists the rest
    body = '{"cards": ' + "[" * (levels - 1) + "]" * (levels - 1) + "}"
    response = post_json(stranger, url, body)
    if refused_too:
        refused(response, code="parse_error")
    else:  # an answer about the grid, not about the JSON
        assert refused(response, code="bad_entry", field="cards").startswith("cards must be")


@pytest.mark.parametrize(
    ("data", "levels"),
    [
        pytest.param(1, 0, id="a-number"),
        pytest.param("[[[", 0, id="a-string-of-brackets"),
        pytest.param([], 1, id="an-empty-list"),
        pytest.param({"a": [1, {"b": []}]}, 4, id="object-list-object-list"),
        pytest.param([[1], [[[2]]], []], 4, id="deepest-branch-counts"),
    ],
)
def test_depth_counts_lists_and_objects(data: Any, levels: int) -> None:
    assert depth(data) == levels


# Bodies larger than Django takes ----------------------------------------------------------------


def big_night() -> str:
    body = json.dumps({"date": "2025-12-24", "notes": "x" * (3 * 1024 * 1024)})
    assert settings.DATA_UPLOAD_MAX_MEMORY_SIZE is not None
    assert len(body) > settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    return body


def test_a_body_too_large_is_refused_in_json(alice_client: Client) -> None:
    message = refused(post_json(alice_client, reverse("api_nights"), big_night()), code="too_big")
    assert message == "The request is too large: the most the server takes is 2.5 MB."
    assert not Night.objects.exists()


def test_a_body_too_large_is_refused_in_json_signed_out(stranger: Client) -> None:
    url = reverse("api_adjudicate", args=["brummy", "grid"])
    refused(post_json(stranger, url, big_night()), code="too_big")


def test_a_body_longer_than_any_the_rules_allow_is_refused_unread(stranger: Client) -> None:
    # Reading JSON costs time in proportion to its length: past MAX_BODY (twice the largest
    # question or deal) it is refused before it is parsed, whatever it holds.
    url = reverse("api_adjudicate", args=["bridge-rummy", "meld"])
    body = json.dumps({"cards": "AS " * 3, "padding": " " * MAX_BODY})
    message = refused(post_json(stranger, url, body), code="too_big")
    assert message.startswith("The body is too long: at most 128 KB")
    just_under = json.dumps({"cards": "AS KS QS"}) + " " * (MAX_BODY - 100)
    assert post_json(stranger, url, just_under).status_code == 200


def test_an_import_may_be_longer_than_a_question(alice_client: Client, bob: Any) -> None:
    from tests.factories import played_night

    document = exporting.export_document([played_night(bob)])
    body = json.dumps(document) + " " * MAX_BODY  # a whole export, longer than any question
    response = post_json(alice_client, reverse("api_import"), body)
    assert response.status_code == 201, response.content


# Addresses that match nothing -------------------------------------------------------------------


@pytest.mark.parametrize(
    "path",
    [
        pytest.param("/api/v1/nope/", id="no-such-endpoint"),
        pytest.param("/api/v1/games/abc/", id="a-word-for-an-id"),
        pytest.param("/api/v1/games/-1/", id="a-negative-id"),
        pytest.param("/api/v1/games/\N{SUPERSCRIPT TWO}/", id="a-superscript-digit"),
        pytest.param("/api/v1/games/99999999999999999999/", id="an-id-past-2-to-the-64"),
        pytest.param("/api/v1/games/9223372036854775808/", id="an-id-of-2-to-the-63"),
        pytest.param("/api/v1/nights/9223372036854775808/recorders/", id="a-night-id-too-large"),
        pytest.param("/api/v2/nights/", id="another-version"),
        pytest.param("/api/", id="the-bare-prefix"),
    ],
)
def test_an_address_that_matches_nothing_is_404_in_json(alice_client: Client, path: str) -> None:
    message = refused(alice_client.get(path), code="not_found", status=404)
    assert "/api/v1/docs/" in message


def test_it_is_404_in_json_signed_out_too(stranger: Client) -> None:
    refused(stranger.get("/api/v1/nope/"), code="not_found", status=404)


def test_the_largest_id_there_can_be_is_simply_not_found(
    alice_client: Client, bridge_game: Game
) -> None:
    largest = 2**63 - 1
    for path in (f"/api/v1/games/{largest}/", f"/api/v1/nights/{largest}/"):
        refused(alice_client.get(path), code="not_found", status=404)
    void = f"/api/v1/games/{bridge_game.pk}/deals/{largest}/void/"
    body = '{"revision": 1}'
    message = refused(post_json(alice_client, void, body), code="invalid", field="deal")
    assert message == f"Game {bridge_game.pk} has no deal {largest}."


@pytest.mark.parametrize(
    "action",
    [pytest.param("void", id="void"), pytest.param("amend", id="amend")],
)
def test_a_deal_id_past_2_to_the_63_is_404_not_a_crash(
    alice_client: Client, bridge_game: Game, action: str
) -> None:
    """SQLite raised OverflowError looking the deal up (a 500)."""
    path = f"/api/v1/games/{bridge_game.pk}/deals/9223372036854775808/{action}/"
    refused(post_json(alice_client, path, '{"deal": {}}'), code="not_found", status=404)
    assert not bridge_game.entries.exists()


# A crash is JSON too ----------------------------------------------------------------------------


def test_a_crash_in_the_api_is_a_500_in_json(
    alice_client: Client, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(user: Any) -> Any:
        raise RuntimeError("a bug")

    monkeypatch.setattr("scorekeeper.api.nights.roles.nights_for_user", broken)
    with caplog.at_level("ERROR", logger="django.request"):
        response = alice_client.get(reverse("api_nights"))
    refused(response, code="server_error", status=500)
    assert "a bug" not in response.content.decode()  # nothing of the server's insides
    assert any(r.exc_info and r.exc_info[0] is RuntimeError for r in caplog.records)


def test_a_request_for_another_host_is_400_in_json(stranger: Client) -> None:
    """Django refuses the Host header before any view (DisallowedHost), through handler400."""
    response = stranger.get(reverse("api_nights"), HTTP_HOST="scorekeeper.example")
    refused(response, code="bad_request", status=400)


def test_a_forbidden_request_outside_the_views_is_403_in_json(rf: RequestFactory) -> None:
    """DRF's views turn PermissionDenied into JSON themselves; this is for anything else."""
    handler = get_resolver().resolve_error_handler(403)
    response = handler(rf.get("/api/v1/nights/"), PermissionDenied("no"))
    refused(response, code="permission_denied", status=403)


@pytest.mark.parametrize("debug", [False, True])
def test_an_unknown_address_is_the_apis_json_404_whatever_debug_says(
    settings: Any, debug: bool
) -> None:
    settings.DEBUG = debug
    client = Client()
    for path in ("/api/v1/nope/", "/api/v1/games/1/nope", "/api/v1/"):
        answer = client.get(path)
        assert answer.status_code == 404, path
        assert answer["Content-Type"] == "application/problem+json", path
        assert answer.json()["code"] == "not_found"
    # Only its closing slash missing: said, not redirected (a POST would lose its body).
    slashless = client.post("/api/v1/players", {}, content_type="application/json")
    assert slashless.status_code == 404
    assert "ends with a slash (/api/v1/players/)" in slashless.json()["message"]
