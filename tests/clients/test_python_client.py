"""The Python client openapi-python-client generates from the served schema: made whole, with
no warning, no operation left out, and every module importable."""

from __future__ import annotations

import importlib
import os
import pkgutil
import re
import subprocess
import sys
import traceback
from pathlib import Path
from typing import Any

from clients import generate
from tests.clients.conftest import Generated

METHODS = {"get", "put", "post", "delete", "patch"}


def operations(schema: dict[str, Any]) -> dict[tuple[str, str], str]:
    """(method, path) of every operation in the schema, with its operationId."""
    return {
        (method, path): operation["operationId"]
        for path, item in schema["paths"].items()
        for method, operation in item.items()
        if method in METHODS
    }


def generated_operations(package: Path) -> dict[tuple[str, str], str]:
    """(method, path) of every function module the generator wrote, with the module's name."""
    found = {}
    for module in sorted((package / "api").glob("*/*.py")):
        if module.name == "__init__.py":
            continue
        source = module.read_text()
        method = re.search(r'"method": "(\w+)"', source)
        url = re.search(r'"url": "([^"]+)"', source)
        assert method and url, f"{module}: no method or url in _get_kwargs"
        found[(method.group(1), url.group(1))] = module.stem
    return found


def test_it_generates_with_no_warning(python_client: Generated) -> None:
    """openapi-python-client leaves out, with a warning only, what it cannot model."""
    assert not python_client.warnings, "openapi-python-client warned:\n" + "\n".join(
        python_client.warnings
    )


def test_no_operation_is_left_out(schema: dict[str, Any], python_client: Generated) -> None:
    wanted = operations(schema)
    made = generated_operations(python_client.path / generate.PACKAGE)
    missing = sorted(f"{m.upper()} {p} ({wanted[m, p]})" for m, p in wanted.keys() - made.keys())
    assert not missing, f"{len(missing)} operations were not generated:\n" + "\n".join(missing)
    # Each function module is named after its operationId (snake case): what a script imports.
    for key, operation_id in wanted.items():
        assert made[key] == re.sub(r"\W", "_", operation_id).lower(), key


def test_every_generated_module_imports(python_client: Generated) -> None:
    package = importlib.import_module(generate.PACKAGE)
    assert Path(package.__file__ or "").parent == python_client.path / generate.PACKAGE
    failures = []
    modules = list(pkgutil.walk_packages(package.__path__, f"{generate.PACKAGE}."))
    for info in modules:
        try:
            importlib.import_module(info.name)
        except Exception:
            failures.append(f"{info.name}: {traceback.format_exc(limit=0).strip()}")
    assert len(modules) > 50
    assert not failures, f"{len(failures)} of {len(modules)} modules do not import:\n" + "\n".join(
        failures
    )


EXAMPLE = generate.HERE / "examples" / "client_night.py"


def test_the_script_type_checks_strictly_against_the_client(python_client: Generated) -> None:
    """mypy --strict, as an integrator's CI would run it: every answer read as its own type
    (a Voormsi hand's tricks from the standings reach the script as Voormsi's figures)."""
    env = {**os.environ, "MYPYPATH": str(python_client.path)}
    command = [sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(EXAMPLE)]
    done = subprocess.run(command, env=env, capture_output=True, text=True, cwd=python_client.path)
    assert done.returncode == 0, done.stdout + done.stderr
