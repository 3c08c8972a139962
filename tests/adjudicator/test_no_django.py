"""The rules engine is pure Python: importing it, and every game, loads no Django."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import importlib, json, pkgutil, sys
import adjudicator, adjudicator.games
from adjudicator.games import all_games

games = all_games()
for game in games:
    importlib.import_module(type(game).__module__)
for module in pkgutil.walk_packages(adjudicator.__path__, "adjudicator."):
    importlib.import_module(module.name)
print(json.dumps({
    "games": [game.slug for game in games],
    "web": sorted(n for n in sys.modules if n.startswith(("django", "rest_framework"))),
}))
"""


def test_importing_the_engine_and_every_game_loads_no_django() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DJANGO_SETTINGS_MODULE", "PYTHONPATH")}
    done = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert "bridge-rummy" in found["games"]
    assert found["web"] == []
