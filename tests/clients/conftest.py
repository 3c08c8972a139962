"""The API's clients, generated once per test session from the served schema.

What ``./dev client`` does (clients/generate.py), into a temporary folder: the schema as
``manage.py spectacular`` writes it, the Python client (openapi-python-client) and the
TypeScript types (openapi-typescript). Each generator runs once; its warnings are kept for the
tests that judge them, so every test here reports its own failure.

Tests marked ``node`` need node and the tools ``npm ci`` installs from package-lock.json:
``./dev check`` installs both (``./dev ensure-node``, ``./dev install``); run alone, they fail
saying so.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from clients import generate


@dataclass(frozen=True)
class Generated:
    path: Path  # the generated client (a folder) or types (a file)
    warnings: list[str]


@pytest.fixture(scope="session")
def clients_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("clients")


@pytest.fixture(scope="session")
def schema_file(clients_dir: Path) -> Path:
    """The schema as ``./dev client`` writes it."""
    return generate.write_schema(clients_dir / "openapi.json")


@pytest.fixture(scope="session")
def schema(schema_file: Path) -> dict[str, Any]:
    body: dict[str, Any] = json.loads(schema_file.read_text())
    return body


@pytest.fixture(scope="session")
def python_client(schema_file: Path, clients_dir: Path) -> Iterator[Generated]:
    """The generated Python client, importable as ``scorekeeper_client`` while the session
    lasts (its folder is on sys.path)."""
    out = clients_dir / "python"
    warnings = generate.generate_python(schema_file, out)
    sys.path.insert(0, str(out))
    yield Generated(out, warnings)
    sys.path.remove(str(out))
    for name in [m for m in sys.modules if m.split(".")[0] == generate.PACKAGE]:
        del sys.modules[name]


@pytest.fixture(scope="session")
def typescript_types(schema_file: Path, clients_dir: Path) -> Generated:
    out = clients_dir / "typescript" / "schema.d.ts"
    return Generated(out, generate.generate_typescript(schema_file, out))
