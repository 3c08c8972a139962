"""The long game's benchmark works: ``bench/long_game.py`` builds games of a few sizes, records,
amends and voids hands in them, reads their pages, and has recorders write at once through
gunicorn (``./dev serve``). Timing is not checked here (the machine is shared); the work each
write costs is: the same queries and one deal scored at either size (issue 26, item 10.11)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_long_game_benchmark_reports_a_writes_cost_at_each_size(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "BIND"}}
    env["STATIC_ROOT"] = str(tmp_path / "staticfiles")  # ./dev serve collects into it
    done = subprocess.run(
        [
            sys.executable,
            "bench/long_game.py",
            *("--db", "sqlite", "--sizes", "3,40", "--repeat", "1"),
            *("--parallel", "2", "--duration", "2"),
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    out = done.stdout
    assert done.returncode == 0, out + done.stderr

    def row(name: str) -> list[tuple[int, int]]:
        """(queries, deals scored) at each size."""
        found = re.search(rf"^{re.escape(name)}\s+(.*)$", out, re.MULTILINE)
        assert found is not None, (name, out)
        cells = found.group(1).split()
        return [(int(cells[i + 1]), int(cells[i + 2])) for i in range(0, len(cells), 3)]

    # A hand recorded, or undone, costs the same queries and at most one deal scored at hand
    # 40 as at hand 3.
    for name in ("record (page, htmx)", "record (API)", "undo the hand just recorded"):
        small, large = row(name)
        assert small[0] == large[0] and large[1] <= 1, (name, out)
    assert row("record after another process")[1][1] == 2  # that hand and this one
    assert row("record, nothing kept")[1][1] == 40  # a worker just started: the whole game
    assert re.search(r"^game page\s+[\d.]+ KB\s+[\d.]+ KB$", out, re.MULTILINE), out
    parallel = re.search(r"2 recorders at once .*answers \{201: (\d+)\}", out)
    assert parallel is not None and int(parallel.group(1)) > 0, out
