"""schemathesis against the live app: no input breaks it, and every answer is in the schema.

The app runs in a process of its own (tests/scorekeeper/serve.py) on the test database, SQLite
or PostgreSQL. schemathesis reads /api/v1/schema/ from it and sends what the schema allows and
what it does not (examples, then fuzzing), with a fixed seed and a time bound, twice: signed out,
and signed in with an API token as the owner of a played night, every path id pointed at that
night, its games and a deal, so the requests reach real objects. Its checks: no 5xx, every
status code documented, every JSON body matching the schema. The HAR report it writes gives the
figures: requests made and 5xx answered.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.access.tokens import token_create
from scorekeeper.models import Entry
from tests.factories import played_night
from tests.scorekeeper.serve import Server

pytestmark = pytest.mark.django_db(transaction=True)

ST = Path(sys.executable).with_name("st")
SEED = 20261122
MAX_EXAMPLES = 8  # per operation and phase
MAX_TIME = 25  # seconds per run: both runs stay under a minute on two cores
CHECKS = "not_a_server_error,status_code_conformance,response_schema_conformance"


def fuzz(server: Server, tmp_path: Path, name: str, config: str, *args: str) -> Counter[int]:
    """Run schemathesis once; fail with its report unless it passed. Answers per status."""
    (tmp_path / f"{name}.toml").write_text(config)
    har = tmp_path / f"{name}.har"
    run = subprocess.run(
        [
            str(ST),
            "--config-file",
            str(tmp_path / f"{name}.toml"),
            "run",
            f"{server.url}/api/v1/schema/?format=json",
            "--seed",
            str(SEED),
            "--generation-deterministic",
            "--max-examples",
            str(MAX_EXAMPLES),
            "--max-time",
            str(MAX_TIME),
            "--phases",
            "examples,fuzzing",
            "--checks",
            CHECKS,
            "--workers",
            "2",
            "--no-color",
            "--report",
            "har",
            "--report-har-path",
            str(har),
            *args,
        ],
        cwd=tmp_path,  # its cache stays out of the work tree
        capture_output=True,
        text=True,
        timeout=MAX_TIME + 90,
        env={**os.environ, "NO_COLOR": "1"},
    )
    statuses = Counter(
        e["response"]["status"] for e in json.loads(har.read_text())["log"]["entries"]
    )
    server_errors = sum(n for code, n in statuses.items() if code >= 500)
    print(f"schemathesis {name}: {statuses.total()} requests, {server_errors} answered 5xx")
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    assert server_errors == 0, statuses
    return statuses


def test_signed_out_nothing_breaks_and_every_answer_is_documented(
    server: Server, tmp_path: Path
) -> None:
    statuses = fuzz(server, tmp_path, "signed-out", "")
    assert statuses[401] > 0  # it did reach the guarded operations
    assert statuses[200] > 0  # and the open ones (game types, the rules questions)


def test_signed_in_as_an_owner_nothing_breaks_and_every_answer_is_documented(
    server: Server, tmp_path: Path, alice: Any, bob: Any
) -> None:
    night = played_night(alice, recorder=bob)
    game = night.games.order_by("pk").first()
    assert game is not None
    deal = Entry.objects.filter(game=game).order_by("pk").first()
    assert deal is not None
    _, raw = token_create(user=alice, name="schemathesis")
    spare, _ = token_create(user=alice, name="to revoke")  # not the token the run signs in with
    config = f"""
[[operations]]
include-path-regex = "^/api/v1/nights/"
parameters = {{ "path.id" = {night.pk}, "path.username" = "{bob.username}" }}

[[operations]]
include-path-regex = "^/api/v1/games/"
parameters = {{ "path.id" = {game.pk}, "path.deal" = {deal.deal_key} }}

[[operations]]
include-path-regex = "^/api/v1/tokens/"
parameters = {{ "path.id" = {spare.pk} }}
"""
    statuses = fuzz(server, tmp_path, "owner", config, "--header", f"Authorization: Token {raw}")
    assert statuses[201] > 0  # it recorded, made and saved things: it reached real objects
    assert statuses[401] == 0  # the token stayed good throughout
