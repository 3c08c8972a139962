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
