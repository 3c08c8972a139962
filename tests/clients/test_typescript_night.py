"""clients/examples/client_night.ts, a program that uses only openapi-fetch over the generated
types, checked by ``tsc --strict`` against them, compiled and run with node against a live
server with an API token."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from rest_framework.test import APIClient

from clients import generate
from scorekeeper.access.tokens import token_create
from scorekeeper.models import Game, Night
from tests.clients.conftest import Generated
from tests.clients.test_example import steps

pytestmark = [pytest.mark.node, pytest.mark.django_db(transaction=True)]

PROGRAM = generate.HERE / "examples" / "client_night.ts"
TSC = generate.NODE_BIN / "tsc"
# Node 20 runs no TypeScript itself: tsc writes the JavaScript (CommonJS under nodenext, as no
# package.json says "type": "module"). lib "dom" gives fetch's types; no @types/node.
TSCONFIG = {
    "compilerOptions": {
        "strict": True,
        "module": "nodenext",
        "moduleResolution": "nodenext",
        "target": "es2022",
        "lib": ["es2022", "dom"],
        "types": [],
        "outDir": "build",
        "rootDir": ".",
    },
    "files": ["examples/client_night.ts"],
}


@pytest.fixture(scope="session")
def compiled(typescript_types: Generated) -> Path:
    """The program beside the generated types as in the repository (examples/, typescript/),
    compiled by tsc --strict; the JavaScript's path."""
    for tool in (TSC, generate.ROOT / "node_modules" / "openapi-fetch"):
        if not tool.exists():
            pytest.fail(f"{tool} is missing: ./dev install runs npm ci (./dev ensure-node)")
    folder = typescript_types.path.parent.parent
    (folder / "examples").mkdir(exist_ok=True)
    shutil.copy(PROGRAM, folder / "examples" / PROGRAM.name)
    (folder / "tsconfig.night.json").write_text(json.dumps(TSCONFIG))
    modules = folder / "node_modules"
    if not modules.exists():
        modules.symlink_to(generate.ROOT / "node_modules", target_is_directory=True)
    done = subprocess.run(
        [str(TSC), "--pretty", "false", "-p", "tsconfig.night.json"],
        cwd=folder,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_COLOR": "1"},
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return folder / "build" / "examples" / "client_night.js"


def run_program(compiled: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["node", str(compiled), *args],
        cwd=compiled.parent,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_a_night_kept_through_openapi_fetch(live_server: Any, alice: Any, compiled: Path) -> None:
    _, raw = token_create(user=alice, name="client_night.ts")
    done = run_program(compiled, live_server.url, raw)
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
        "export",
        "import",
    ], done.stdout
    assert said["game"].startswith("Voormsi (") and said["game"].endswith("[0, 1, 0, 1]")

    (night,) = Night.objects.filter(owner=alice)
    (game,) = Game.objects.filter(night=night)
    kinds = list(game.entries.order_by("pk").values_list("kind", flat=True))
    # Hand 1 recorded once though sent twice; hands 2 and 3, the amend and the void.
    assert kinds == ["record", "record", "record", "amend", "void"]
    hand_1 = game.entries.order_by("pk")[0]
    assert said["hand 1"] == f"recorded trick by trick (entry {hand_1.pk})"
    assert said["replay"] == f"hand 1 sent again: entry {hand_1.pk}, 201, replayed true"
    (amended,) = game.entries.filter(kind="amend")
    assert amended.data["won"] == [5, 4]
    assert (
        said["amend"] == f"hand 2 amended (entry {amended.pk} supersedes {amended.supersedes_id})"
    )

    api = APIClient()
    api.force_authenticate(alice)
    answer = api.get(f"/api/v1/games/{game.pk}/standings/")
    standings = answer.json()
    units = ", ".join(f"{unit['name']} {unit['total']:g}" for unit in standings["units"])
    assert said["standings"] == f"{units} after 2 hands; {standings['status']}"
    first = standings["deals"][0]["results"]
    tricks = ", ".join(str(r["detail"]["tricks"]) for r in first)
    assert said["tricks"] == f"hand 1: [{tricks}] by side"
    assert said["conditional"] == f"standings 200, then 304 with {answer.headers['ETag']}"
    assert "undercut by seats 1 and 2" in said["knock rummy"]
    assert "(2, 0, 9)" in said["knock rummy"] and "(3, 1, 15)" in said["knock rummy"]
    assert said["export"] == "scorekeeper-export: 5 ledger entries"
    # The night's own export imported: here already, 200, nothing written.
    assert said["import"] == f"200, nights [({night.pk}, true)] (id, already here)"
    assert Game.objects.filter(night__owner=alice).count() == 1
    assert game.entries.count() == 5


def test_the_program_stops_at_a_refusal_with_the_apis_sentence(
    live_server: Any, compiled: Path
) -> None:
    done = run_program(compiled, live_server.url, "sk_" + "x" * 43)
    assert done.returncode == 1, done.stdout + done.stderr
    assert done.stderr.startswith("refused: authentication_failed: ")
