"""The newcomer's command: ``./dev`` installs Debian's Chromium when the machine lacks it.

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
