"""Fixtures of the app-level tests: the app served by a process of its own, and the API's
OpenAPI schema as JSON."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from drf_spectacular.generators import SchemaGenerator

from tests.scorekeeper.serve import Server


@pytest.fixture(scope="module")
def openapi() -> dict[str, Any]:
    """The API's schema, as its JSON reads (to check answers against it strictly)."""
    schema = SchemaGenerator().get_schema(request=None, public=True)
    return json.loads(json.dumps(schema, default=str))


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    """The app served by its own process on a free port, stopped after the test."""
    server = Server(tmp_path / "server.log")
    server.start()
    try:
        yield server
    finally:
        server.stop()
