"""clients/examples/client_night.py, a script that uses only the generated Python client (and
the standard library), run against a live server with an API token."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from typing import Any

import pytest
from rest_framework.test import APIClient

from clients import generate
from scorekeeper.access.tokens import token_create
from scorekeeper.models import Game, Night
from tests.clients.conftest import Generated

pytestmark = pytest.mark.django_db(transaction=True)

SCRIPT = generate.HERE / "examples" / "client_night.py"


def test_the_script_imports_only_the_client_and_the_standard_library() -> None:
    imported = set()
    for node in ast.walk(ast.parse(SCRIPT.read_text())):
        if isinstance(node, ast.Import):
            imported |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            imported.add(node.module.split(".")[0])
    outside = imported - set(sys.stdlib_module_names) - {"__future__", generate.PACKAGE}
    assert not outside, f"the script imports {sorted(outside)}"
    assert generate.PACKAGE in imported


def run_script(python_client: Generated, *args: str) -> subprocess.CompletedProcess[str]:
    """The script as an integrator runs it: the client on its path, not this repository."""
    env = {**os.environ, "PYTHONPATH": str(python_client.path), "PYTHONSAFEPATH": "1"}
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args],
        cwd=python_client.path.parent,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def steps(output: str) -> dict[str, str]:
    said = {}
    for line in output.splitlines():
        step, _, what = line.partition(": ")
        said[step] = what
    return said


def test_a_night_kept_through_the_generated_client(
    live_server: Any, alice: Any, python_client: Generated
) -> None:
    _, raw = token_create(user=alice, name="client_night.py")
    done = run_script(python_client, live_server.url, raw)
    assert done.returncode == 0, done.stdout + done.stderr
    said = steps(done.stdout)
    assert list(said) == [
        "players",
        "night",
        "game",
        "hand 1",
        "replay",
        "hand 2",
        "hand 3",
        "amend",
        "void",
        "standings",
        "tricks",
        "conditional",
        "knock rummy",
        "bridge rummy",
        "export",
        "import",
        "csv",
    ], done.stdout
    assert said["game"].startswith("Voormsi (") and said["game"].endswith("[0, 1, 0, 1]")

    game = Game.objects.get(night__owner=alice)
    kinds = list(game.entries.order_by("pk").values_list("kind", "recorded_by__username"))
    assert [kind for kind, _ in kinds] == ["record", "record", "record", "amend", "void"]
    assert {who for _, who in kinds} == {"alice"}
    # Hand 1 sent twice with one Idempotency-Key: the first answer again, recorded once.
    hand_1 = game.entries.order_by("pk").first()
    assert hand_1 is not None
    assert said["hand 1"] == f"recorded trick by trick (entry {hand_1.pk})"
    assert said["replay"] == f"hand 1 sent again: entry {hand_1.pk}, 201, replayed true"
    assert game.entries.filter(kind="record").count() == 3  # hand 1 once, hands 2 and 3
    (amended,) = game.entries.filter(kind="amend")
    assert amended.data["won"] == [5, 4]
    assert (
        said["amend"] == f"hand 2 amended (entry {amended.pk} supersedes {amended.supersedes_id})"
    )

    # Two hands count: the one recorded trick by trick and the amended one.
    api = APIClient()
    api.force_authenticate(alice)
    standings = api.get(f"/api/v1/games/{game.pk}/standings/").json()
    units = ", ".join(f"{unit['name']} {unit['total']:g}" for unit in standings["units"])
    assert said["standings"] == f"{units} after 2 hands; {standings['status']}"
    assert units.startswith("Ann and Cy ")
    # Read from the first hand's figures, typed as Voormsi's: no field lost to another game's.
    first = standings["deals"][0]["results"]
    assert said["tricks"] == f"hand 1: {[r['detail']['tricks'] for r in first]} by side"
    # The standings read again with their ETag: 304, the same tag the server gives now.
    etag = api.get(f"/api/v1/games/{game.pk}/standings/").headers["ETag"]
    assert said["conditional"] == f"standings 200, then 304 with {etag}"
    # Tied winners each paid in full (the house rule), not half each.
    assert "undercut by seats 1 and 2" in said["knock rummy"]
    assert "(2, 0, 9)" in said["knock rummy"] and "(3, 1, 15)" in said["knock rummy"]
    assert said["bridge rummy"] == ("4C JK=5C 6C not valid: a meld needs at least 3 natural cards")
    assert said["export"] == "scorekeeper-export: 5 ledger entries"
    # The night's own export imported: here already, nothing written (one night, one game).
    (night,) = Night.objects.filter(owner=alice)
    assert said["import"] == f"nights [({night.pk}, True)] (id, already here)"
    assert Game.objects.filter(night__owner=alice).count() == 1
    assert game.entries.count() == 5
    assert (
        said["csv"] == "date,place,game_number,game,deal,player,points,total; 4 rows"
    )  # a row per hand per side


def test_the_script_stops_at_a_refusal_with_the_apis_sentence(
    live_server: Any, python_client: Generated
) -> None:
    done = run_script(python_client, live_server.url, "sk_" + "x" * 43)
    assert done.returncode == 1, done.stdout + done.stderr
    assert done.stderr.startswith("refused: authentication_failed: ")
