"""The newcomer's command: ``./dev`` installs Debian's Chromium when the machine lacks it, and
``./dev check`` runs the suite on both databases in parallel.

A shell function named ``chromium`` once made ``command -v chromium`` succeed on a machine
without the browser, so the install never ran and the browser tests failed. This runs the real
script with a PATH holding no chromium and a stand-in ``apt-get`` that "installs" one.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def stand_in(bin_dir: Path, name: str, body: str) -> None:
    path = bin_dir / name
    path.write_text(f"#!/bin/sh\n{body}\n")
    path.chmod(0o755)


@pytest.fixture
def bare_machine(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """A PATH with the tools the script needs, as root, with apt-get and no chromium."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for tool in ("dirname", "cat", "sleep", "chmod"):
        found = shutil.which(tool)
        assert found, tool
        (bin_dir / tool).symlink_to(found)
    log = tmp_path / "apt.log"
    stand_in(bin_dir, "id", "echo 0")
    stand_in(
        bin_dir,
        "apt-get",
        f'echo "$@" >> {log}\n'
        f'if [ "$1" = install ]; then printf "#!/bin/sh\\n" > {bin_dir}/chromium; '
        f"chmod 755 {bin_dir}/chromium; fi",
    )
    env = {"PATH": str(bin_dir), "HOME": str(tmp_path)}
    return log, env


def test_it_installs_chromium_where_there_is_none(
    bare_machine: tuple[Path, dict[str, str]],
) -> None:
    log, env = bare_machine
    bash = shutil.which("bash")
    assert bash
    done = subprocess.run(
        [bash, str(ROOT / "dev"), "ensure-chromium"], env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert "install -y -qq chromium" in log.read_text()


def test_it_installs_nothing_where_chromium_is(bare_machine: tuple[Path, dict[str, str]]) -> None:
    log, env = bare_machine
    stand_in(Path(env["PATH"]), "chromium", "exit 0")
    bash = shutil.which("bash")
    assert bash
    done = subprocess.run(
        [bash, str(ROOT / "dev"), "ensure-chromium"], env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert not log.exists()


def test_the_script_is_what_ci_runs() -> None:
    assert "exec ./dev check" in (ROOT / ".ci" / "run").read_text()
    assert os.access(ROOT / "dev", os.X_OK)


def run_dev(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    bash = shutil.which("bash")
    assert bash
    return subprocess.run([bash, str(ROOT / "dev"), *args], env=env, capture_output=True, text=True)


def test_it_installs_node_and_npm_where_there_are_none(
    bare_machine: tuple[Path, dict[str, str]],
) -> None:
    """The TypeScript check (tests/clients) needs node 18+ and npm; ./dev check installs
    Debian's, as it does Chromium."""
    log, env = bare_machine
    bin_dir = Path(env["PATH"])
    stand_in(
        bin_dir,
        "apt-get",
        f'echo "$@" >> {log}\n'
        f'if [ "$1" = install ]; then for p in node npm; do printf "#!/bin/sh\\nexit 0\\n" '
        f"> {bin_dir}/$p; chmod 755 {bin_dir}/$p; done; fi",
    )
    done = run_dev(env, "ensure-node")
    assert done.returncode == 0, done.stderr
    assert "install -y -qq nodejs npm" in log.read_text()


def test_it_installs_nothing_where_node_is(bare_machine: tuple[Path, dict[str, str]]) -> None:
    log, env = bare_machine
    for program in ("node", "npm"):
        stand_in(Path(env["PATH"]), program, "exit 0")
    done = run_dev(env, "ensure-node")
    assert done.returncode == 0, done.stderr
    assert not log.exists()


def test_a_node_too_old_is_replaced(bare_machine: tuple[Path, dict[str, str]]) -> None:
    """node answers its version check with a failure (a node before 18)."""
    log, env = bare_machine
    stand_in(Path(env["PATH"]), "node", "exit 1")
    stand_in(Path(env["PATH"]), "npm", "exit 0")
    done = run_dev(env, "ensure-node")
    assert done.returncode == 1  # apt-get "installed" nothing newer
    assert "install -y -qq nodejs npm" in log.read_text()
    assert "no node 18 or newer" in done.stderr


def test_without_root_it_says_what_to_install(bare_machine: tuple[Path, dict[str, str]]) -> None:
    log, env = bare_machine
    stand_in(Path(env["PATH"]), "id", "echo 1000")
    done = run_dev(env, "ensure-node")
    assert done.returncode == 1
    assert "sudo apt-get install nodejs npm" in done.stderr
    assert not log.exists()


# ./dev check's test runs -------------------------------------------------------------------------


@pytest.fixture
def checkout(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """The dev script in a checkout where every tool ``./dev check`` calls is a stand-in that
    passes, and the venv's python logs each pytest run (its database and arguments) and exits
    with PYTEST_EXIT; mkdocs logs its arguments to mkdocs.log and exits with MKDOCS_EXIT."""
    shutil.copy(ROOT / "dev", tmp_path / "dev")
    for stamped, stamp in (
        ("requirements.lock", ".venv/.requirements.lock"),
        ("package-lock.json", "node_modules/.package-lock.installed"),
    ):
        (tmp_path / stamp).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / stamped).write_text("pinned\n")
        (tmp_path / stamp).write_text("pinned\n")
    venv = tmp_path / ".venv" / "bin"
    venv.mkdir()
    log = tmp_path / "pytest.log"
    stand_in(
        venv,
        "python",
        'if [ "$1 $2" = "-m pytest" ]; then shift 2\n'
        f'  echo "${{DATABASE_URL:-sqlite}} $*" >> {log}; exit "${{PYTEST_EXIT:-0}}"; fi\n'
        '[ "$1" = - ] && cat > /dev/null\n'
        "exit 0",
    )
    for tool in ("ruff", "mypy", "lint-imports", "pip-audit"):
        stand_in(venv, tool, "exit 0")
    stand_in(venv, "mkdocs", f'echo "$*" >> {tmp_path / "mkdocs.log"}; exit "${{MKDOCS_EXIT:-0}}"')
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for program in ("chromium", "node", "npm"):
        stand_in(bin_dir, program, "exit 0")
    env = {
        "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}",
        "HOME": str(tmp_path),
        "TEST_DATABASE_URL": "postgres://postgres@127.0.0.1:5432/elsewhere",
    }
    return log, env


def check(checkout: tuple[Path, dict[str, str]], *args: str, **env: str) -> list[str]:
    log, base = checkout
    bash = shutil.which("bash")
    assert bash
    done = subprocess.run(
        [bash, str(log.parent / "dev"), "check", *args],
        env={**base, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )
    runs = log.read_text().splitlines() if log.exists() else []
    return [f"exit {done.returncode}", *runs]


def test_check_runs_the_suite_on_both_databases_in_parallel(
    checkout: tuple[Path, dict[str, str]],
) -> None:
    assert check(checkout, "tests/test_dev_script.py") == [
        "exit 0",
        "sqlite -n 2 --dist loadgroup --durations=20 tests/test_dev_script.py",
        "postgres://postgres@127.0.0.1:5432/elsewhere -n 2 --dist loadgroup --durations=20"
        " --skip-database-free tests/test_dev_script.py",
    ]


def test_pytest_workers_sets_how_many_and_zero_runs_one_process(
    checkout: tuple[Path, dict[str, str]],
) -> None:
    assert check(checkout, PYTEST_WORKERS="0")[1] == "sqlite --durations=20"
    assert check(checkout, PYTEST_WORKERS="3")[3] == "sqlite -n 3 --dist loadgroup --durations=20"


def test_a_pytest_workers_that_is_no_number_stops_it_before_anything_runs(
    checkout: tuple[Path, dict[str, str]],
) -> None:
    assert check(checkout, PYTEST_WORKERS="many") == ["exit 2"]


def test_a_run_that_collects_nothing_fails_check_with_pytest_s_status(
    checkout: tuple[Path, dict[str, str]],
) -> None:
    """pytest exits 5 when it collects no test (under pytest-xdist too): not a pass."""
    assert check(checkout, "-k", "nothing", PYTEST_EXIT="5") == [
        "exit 5",
        "sqlite -n 2 --dist loadgroup --durations=20 -k nothing",
    ]


def test_side_by_side_runs_both_passes_at_once_each_with_its_own_output(
    checkout: tuple[Path, dict[str, str]],
) -> None:
    done = check(checkout, "-x", PYTEST_SIDE_BY_SIDE="1")
    assert done[0] == "exit 0"
    assert sorted(done[1:]) == [
        "postgres://postgres@127.0.0.1:5432/elsewhere -n 2 --dist loadgroup --durations=20"
        " --skip-database-free --output test-results/postgresql -x",
        "sqlite -n 2 --dist loadgroup --durations=20 --output test-results/sqlite -x",
    ]


def test_side_by_side_fails_when_either_pass_fails(checkout: tuple[Path, dict[str, str]]) -> None:
    done = check(checkout, PYTEST_SIDE_BY_SIDE="1", PYTEST_EXIT="1")
    assert done[0] == "exit 1"
    assert len(done) == 3  # both ran to the end


def test_check_builds_the_docs_strict_and_a_broken_build_stops_it_before_the_tests(
    checkout: tuple[Path, dict[str, str]],
) -> None:
    """mkdocs.yml's validation makes a broken link or anchor, or a page outside the nav, a
    warning, and --strict makes any warning fail (tests/test_docs.py breaks each on purpose)."""
    log, _ = checkout
    assert check(checkout)[0] == "exit 0"
    assert (log.parent / "mkdocs.log").read_text() == "build --strict --site-dir site\n"
    log.unlink()
    assert check(checkout, MKDOCS_EXIT="1") == ["exit 1"]  # and no pytest run
