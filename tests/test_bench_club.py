"""The club benchmark's pieces work: ``bench/club.py --years 1`` builds a club of a year (52
nights, a season, three merges), reads each page in the process cold and warm, starts the app
with ``./dev serve`` and saturates each page with wrk. Timing is not checked here (the machine
is shared); that every page was read, served and measured, with no error, is."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGES = (
    "today's nights list (home)",
    "club page (season board)",
    "all-time leaderboard",
    "a season's table",
    "a club player, all time",
    "club history, page 10",
    "one's own page",
)


def test_the_club_benchmark_builds_a_year_and_measures_every_page(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "BIND"}}
    env["STATIC_ROOT"] = str(tmp_path / "staticfiles")  # not the checkout's (see test_bench_load)
    done = subprocess.run(
        [sys.executable, "bench/club.py", "--years", "1", "--reads", "1", "--saturate", "1"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    out = done.stdout
    assert done.returncode == 0, out + done.stderr
    assert "a club of 52 weekly nights, 416 finished games" in out, out
    for page in PAGES:  # queries and ms cold and warm; then first read, req/s, its fraction
        assert re.search(rf"^{re.escape(page)}\s+\d+\s+[\d.]+\s+\d+\s+[\d.]+$", out, re.M), out
        assert re.search(rf"^{re.escape(page)}\s+\d+\s+\d+\s+\d\.\d\d\d$", out, re.M), out
    assert "after one more game finished at the club" in out
    assert out.endswith("errors: 0\n"), out
