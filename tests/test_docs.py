"""The docs (issue 30): a README read in five minutes, each guide one click from it, every
command it names run by a test, no measured figure in it (they live on the benchmarks page),
and the site built with ``mkdocs build --strict``, which a broken link, a missing anchor or a
page outside the navigation fails."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from markdown.extensions.toc import slugify

from tests.scorekeeper.serve import free_port

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text()

# Each command the README names, and the test that runs it.
RUN_BY = {
    "./dev start": (
        "tests/browser/test_newcomer.py",
        "test_the_readme_s_walk_from_dev_start_to_a_recorded_hand",
    ),
    # CI runs it whole (.ci/run); this runs the script's own steps with stand-ins for the tools.
    "./dev check": (
        "tests/test_dev_script.py",
        "test_check_runs_the_suite_on_both_databases_in_parallel",
    ),
    "./dev serve": (
        "tests/browser/test_production.py",
        "test_every_page_answers_under_production_settings",
    ),
    "./dev docs": ("tests/test_docs.py", "test_dev_docs_serves_the_site"),
}
GUIDES = [
    "players.md",
    "running.md",
    "integrators.md",
    "contributors.md",
    "guarantees.md",
    "benchmarks.md",
]


def build(config_dir: Path, site: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=config_dir,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_docs_build_strict(tmp_path: Path) -> None:
    done = build(ROOT, tmp_path / "site")
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "site" / "players" / "index.html").exists()
    assert (tmp_path / "site" / "images" / "board-dark.png").exists()


def test_a_broken_link_a_missing_anchor_or_a_page_outside_the_nav_fails_the_build(
    tmp_path: Path,
) -> None:
    shutil.copy(ROOT / "mkdocs.yml", tmp_path / "mkdocs.yml")
    shutil.copytree(ROOT / "docs", tmp_path / "docs")
    index = tmp_path / "docs" / "index.md"
    index.write_text(
        index.read_text() + "\n[gone](gone.md) and [no heading](games.md#no-such-heading)\n"
    )
    (tmp_path / "docs" / "orphan.md").write_text("# Nobody links here\n")
    done = build(tmp_path, tmp_path / "site")
    assert done.returncode != 0
    assert "contains a link 'gone.md', but the target is not found" in done.stderr
    assert "does not contain an anchor '#no-such-heading'" in done.stderr
    assert 'are not included in the "nav" configuration:\n  - orphan.md' in done.stderr
    assert "Aborted with 3 warnings in strict mode!" in done.stdout + done.stderr


def test_the_readme_reads_in_five_minutes() -> None:
    assert len(README.splitlines()) <= 160


def links(text: str) -> list[str]:
    """The relative links of a page: Markdown's and the HTML images'."""
    found = re.findall(r"\]\(([^)\s]+)\)", text) + re.findall(r'<img src="([^"]+)"', text)
    return [link for link in found if not re.match(r"[a-z]+:", link)]


def anchors(page: Path) -> set[str]:
    """The anchors of a Markdown page's headings, as the docs site (and GitHub) make them."""
    headings = re.findall(r"(?m)^#+ (.+)$", re.sub(r"(?ms)^```.*?^```", "", page.read_text()))
    return {slugify(heading.replace("`", ""), "-") for heading in headings}


def test_each_guide_is_one_click_from_the_readme_and_every_link_leads_somewhere() -> None:
    found = links(README)
    for guide in GUIDES:
        assert f"docs/{guide}" in found, guide
    for link in found:
        path, _, anchor = link.partition("#")
        target = ROOT / path
        assert target.exists(), link
        if anchor:
            assert anchor in anchors(target), link


def test_every_command_in_the_readme_is_run_by_a_test() -> None:
    named = set(re.findall(r"\./dev [a-z-]+", README))
    assert named == set(RUN_BY)
    for command, (path, test) in RUN_BY.items():
        assert f"def {test}(" in (ROOT / path).read_text(), command
    assert "exec ./dev check" in (ROOT / ".ci" / "run").read_text()


def test_the_readme_quotes_no_measured_figure() -> None:
    """Taps, times, loads and sizes live on docs/benchmarks.md, once; the README links to it."""
    figures = re.findall(r"\b\d[\d,.]*\s?(?:ms|s|min|req/s|KB|MB|taps|queries)\b", README)
    assert figures == []
    assert "docs/benchmarks.md" in links(README)


def test_dev_docs_serves_the_site(tmp_path: Path) -> None:
    address = f"127.0.0.1:{free_port()}"
    log = tmp_path / "docs.log"
    with log.open("wb") as out:
        server = subprocess.Popen(
            [str(ROOT / "dev"), "docs"],
            cwd=ROOT,
            env={**os.environ, "DOCS_ADDRESS": address},
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    try:
        deadline = time.monotonic() + 90
        page = ""
        while time.monotonic() < deadline and not page:
            assert server.poll() is None, log.read_text()[-2000:]
            with contextlib.suppress(OSError):
                page = (
                    urllib.request.urlopen(f"http://{address}/players/", timeout=5).read().decode()
                )
            time.sleep(0.2)
        assert "<title>A night at the table - Scorekeeper</title>" in page, log.read_text()[-2000:]
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_every_picture_is_taken_by_the_browser_test_and_shown_somewhere() -> None:
    """A picture nobody takes goes stale; one nobody shows is dead weight."""
    takers = ("test_doc_pictures.py", "test_club_walk.py")
    taking = "".join((ROOT / "tests" / "browser" / name).read_text() for name in takers)
    taken = set(re.findall(r'^ {4,8}"([\w-]+\.png)": ', taking, re.MULTILINE))
    kept = {path.name for path in (ROOT / "docs" / "images").iterdir()}
    assert kept == taken
    pages = README + "".join(page.read_text() for page in (ROOT / "docs").glob("*.md"))
    shown = {Path(link).name for link in links(pages) if link.endswith(".png")}
    assert shown == kept
    for name in kept:
        assert (ROOT / "docs" / "images" / name).stat().st_size <= 150_000, name
