"""The load test's pieces work: ``bench/load.py`` fills a small night, starts the app with
``./dev serve`` (gunicorn), drives phones and tables, saturates with wrk and reports, in a few
seconds. Timing is not checked here (the machine is shared); that it runs, and that every
kind of request it reports was made and answered as expected, is."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_load_test_runs_a_small_night_and_reports_every_kind_of_request(
    tmp_path: Path,
) -> None:
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "BIND"}}
    # ./dev serve collects the static files: into a folder of this test's own, not the
    # checkout's staticfiles/, which another run of the suite may be collecting into meanwhile.
    env["STATIC_ROOT"] = str(tmp_path / "staticfiles")
    done = subprocess.run(
        [
            sys.executable,
            "bench/load.py",
            "--duration",
            "5",
            "--phones",
            "6",
            "--tables",
            "2",
            "--saturate",
            "1",
            "--connections",
            "4",
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    out = done.stdout
    assert done.returncode == 0, out + done.stderr
    # The night: phones polled (unchanged, and the board sent after each deal), tables recorded.
    for kind in ("poll: unchanged (204)", "poll: changed (200)", "record a deal"):
        assert re.search(rf"^{re.escape(kind)}\s+[1-9]", out, re.MULTILINE), (kind, out)

    # Each phone kept the version and key each answer gave it, as live.js does: a deal sends
    # the board to each phone of its table once, not on every poll after it.
    def count(kind: str) -> int:
        return int(re.search(rf"^{re.escape(kind)}\s+(\d+)", out, re.MULTILINE).group(1))  # type: ignore[union-attr]

    assert count("poll: changed (200)") <= count("record a deal") * 3, out  # 3 phones a table
    # The saturating run measured each answer against the minimal view.
    for name in ("unchanged poll (204)", "changed scoreboard (200)", "standings API", "game page"):
        assert re.search(rf"^{re.escape(name)}\s+\d+\s+\d\.\d\d$", out, re.MULTILINE), (name, out)
    assert out.count("errors: 0") == 3, out
