"""The API's CORS policy (issue 28): none by default; the origins configuration names may call
/api/v1/ from a browser, with the API's own headers allowed and shown, never with cookies; the
pages are never shared."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

APP = "https://app.example.org"


def preflight(client: Client, path: str, origin: str) -> Any:
    return client.options(
        path,
        HTTP_ORIGIN=origin,
        HTTP_ACCESS_CONTROL_REQUEST_METHOD="POST",
        HTTP_ACCESS_CONTROL_REQUEST_HEADERS="authorization, content-type, idempotency-key",
    )


def test_no_other_origin_may_call_the_api_by_default() -> None:
    answer = preflight(Client(), "/api/v1/nights/", APP)
    assert "access-control-allow-origin" not in answer.headers
    get = Client().get("/api/v1/game-types/", HTTP_ORIGIN=APP)
    assert "access-control-allow-origin" not in get.headers


def test_an_origin_the_configuration_names_may_call_the_api(settings: Any) -> None:
    settings.CORS_ALLOWED_ORIGINS = [APP]
    answer = preflight(Client(), "/api/v1/nights/", APP)
    assert answer.status_code == 200
    assert answer["access-control-allow-origin"] == APP
    allowed = {h.strip() for h in answer["access-control-allow-headers"].split(",")}
    assert {"authorization", "idempotency-key", "if-match"} <= allowed
    assert "access-control-allow-credentials" not in answer.headers  # tokens, not cookies
    get = Client().get("/api/v1/game-types/", HTTP_ORIGIN=APP)
    assert get["access-control-allow-origin"] == APP
    shown = {h.strip() for h in get["access-control-expose-headers"].split(",")}
    assert {"etag", "idempotent-replayed", "content-language"} <= shown
    assert {"ratelimit", "ratelimit-policy", "retry-after"} <= shown  # a browser app paces itself
    # Another origin, and the pages, are not shared.
    assert (
        "access-control-allow-origin"
        not in preflight(Client(), "/api/v1/nights/", "https://evil.example").headers
    )
    assert "access-control-allow-origin" not in Client().get("/", HTTP_ORIGIN=APP).headers
