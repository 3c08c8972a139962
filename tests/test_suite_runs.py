"""How ``./dev check`` shapes its two test runs: the PostgreSQL pass leaves out the tests that
never touch a database (tests/passes.py), and under pytest-xdist the tests that share a costly
setup really form one group each (tests/conftest.py), as its scheduler reads them.

Each runs pytest in a process of its own, which writes down what it collected and runs none.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from xdist.scheduler.loadgroup import LoadGroupScheduling

ROOT = Path(__file__).resolve().parent.parent

PROBE = """
import json, os
import pytest

@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items):
    worker = os.environ.get("PYTEST_XDIST_WORKER", "controller")
    out = os.path.join(os.environ["PROBE_DIR"], worker + ".json")
    with open(out, "w") as f:
        json.dump({item.nodeid: getattr(item, "fixturenames", []) for item in items}, f)
    items[:] = []  # collected, written down, and none run
"""


def collected(tmp_path: Path, *args: str) -> dict[str, dict[str, list[str]]]:
    """The test ids each process collected, with their fixtures, by process (``gw0``, ``gw1``;
    or ``controller``)."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    (tmp_path / "group_probe.py").write_text(PROBE)
    # Not this run's xdist worker's: the probe names the process by its own.
    outer = {
        k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_XDIST", "PYTEST_CURRENT"))
    }
    env = {
        **outer,
        "PROBE_DIR": str(tmp_path),
        "PYTHONPATH": os.pathsep.join([str(tmp_path), os.environ.get("PYTHONPATH", "")]),
    }
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "group_probe", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 5, done.stdout[-2000:] + done.stderr[-2000:]  # 5: none run
    return {p.stem: json.loads(p.read_text()) for p in tmp_path.glob("*.json")}


def test_the_postgresql_pass_leaves_out_only_the_engine_s_tests(tmp_path: Path) -> None:
    files = ["tests/adjudicator/test_cards.py", "adjudicator/cards.py", "tests/test_dev_script.py"]
    everything = list(collected(tmp_path / "all", *files)["controller"])
    skipped = list(collected(tmp_path / "pg", "--skip-database-free", *files)["controller"])
    engine = [i for i in everything if i.startswith(("adjudicator/", "tests/adjudicator/"))]
    assert engine and any(i.startswith("adjudicator/cards.py::") for i in engine)  # doctests
    assert skipped == [i for i in everything if i not in engine]
    assert skipped and all(i.startswith("tests/test_dev_script.py::") for i in skipped)


def test_tests_sharing_a_costly_setup_go_to_one_worker(tmp_path: Path) -> None:
    production = "tests/browser/test_production.py"
    routes = "tests/scorekeeper/test_routes.py"  # a module-scoped fixture
    plain = "tests/test_dev_script.py"
    by_worker = collected(tmp_path, "-n", "2", "--dist", "loadgroup", production, routes, plain)
    assert set(by_worker) == {"gw0", "gw1"}
    ids = by_worker["gw0"]
    assert ids == by_worker["gw1"]  # xdist refuses workers that collected differently

    def group(nodeid: str) -> str:
        return LoadGroupScheduling._split_scope(None, nodeid)  # type: ignore[arg-type]

    served = [i for i, fixtures in ids.items() if "production_server" in fixtures]
    assert len(served) >= 2
    assert {group(i) for i in served} == {"production-server"}
    module = [i for i, fixtures in ids.items() if "world" in fixtures]
    assert len(module) >= 2
    assert {group(i) for i in module} == {routes}
    assert all("@" not in i for i in ids if i.startswith(plain))
    assert len({group(i) for i in ids if i.startswith(plain)}) > 1  # spread, one test a scope
