"""Every ``bench/`` script's imports of the app and the engine resolve: the scripts import them
inside their functions (after they have set a database up), so nothing else would notice a
name the code has moved (the API split left ``bench/adjudication_worst.py`` importing a view
from ``scorekeeper.api.views``, which no longer existed)."""

from __future__ import annotations

import ast
import importlib
import importlib.util
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench"
OURS = ("adjudicator", "scorekeeper", "bench", "tests")


def _imports() -> list[tuple[str, str, str]]:
    """(script, module, name) for each name a script imports from our own packages."""
    found = []
    for script in sorted(BENCH.glob("*.py")):
        for node in ast.walk(ast.parse(script.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                if node.module.split(".")[0] in OURS:
                    found += [(script.name, node.module, alias.name) for alias in node.names]
            elif isinstance(node, ast.Import):
                found += [
                    (script.name, alias.name, "")
                    for alias in node.names
                    if alias.name.split(".")[0] in OURS
                ]
    return found


@pytest.mark.parametrize(("script", "module", "name"), _imports())
def test_each_bench_import_resolves(script: str, module: str, name: str) -> None:
    imported = importlib.import_module(module)
    if name:
        assert hasattr(imported, name) or importlib.util.find_spec(f"{module}.{name}"), (
            f"{script} imports {name} from {module}, which has no such name"
        )
