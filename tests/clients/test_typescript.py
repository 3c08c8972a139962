"""The TypeScript types openapi-typescript generates from the served schema, checked by tsc.

deals.ts, written here from the engine's sample deals, holds a valid deal for every game, at
every table size, recorded every way its record allows (``Record.ways``: trick by trick or
quickly, …): as the game's deal component and as the body that records and amends it. tsc
must accept it all. refusals.ts (beside this file, hand-written) holds what must be refused.

narrowing.ts, written here from tests/clients/samples.py, reads one sample of every member of
every union the API answers (a ledger entry's deal, a dispute's question and answer, a game's
house rules, a deal's figures) as a script would: it tests the member's discriminator
(``object``, ``game``, ``kind``) and nothing else, and must then hold that member's own type.
"""

from __future__ import annotations

import functools
import json
import os
import re
import shutil
import subprocess
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest
from rest_framework.test import APIClient

from adjudicator.games import all_games
from clients import generate
from tests.clients import samples
from tests.clients.conftest import Generated

pytestmark = pytest.mark.node

HERE = Path(__file__).resolve().parent
TSC = generate.NODE_BIN / "tsc"
TSCONFIG = {
    "compilerOptions": {
        "strict": True,
        "noEmit": True,
        "target": "es2022",
        "lib": ["es2022"],
        "module": "esnext",
        "moduleResolution": "bundler",
        "types": [],
        "skipLibCheck": False,
    },
    "files": ["schema.d.ts", "bodies.ts", "deals.ts", "refusals.ts", "narrowing.ts"],
}
PREAMBLE = """\
// Written by tests/clients/test_typescript.py from the engine's sample deals.
import type { AmendBody, RecordBody, Schemas } from "./bodies";
"""


def deal_component(slug: str) -> str:
    """The schema's name for a game's deal: ``bridge-rummy`` → ``DealBridgeRummy``."""
    return "Deal" + "".join(part.capitalize() for part in slug.split("-"))


@functools.cache
def sample_deals() -> list[tuple[str, int, str, dict[str, object]]]:
    """(game, players, way, deal): one sample for every game, table size and way."""
    found = []
    for game in all_games():
        options = game.options()
        for players in game.table_sizes():
            record = game.record(options, players)
            wanted = [way.key for way in record.ways] or ["whole"]
            by_way: dict[str, dict[str, object]] = {}
            for number in range(1, 9):
                deal = game.sample_deal(players=players, options=options, number=number)
                way = record.way_of(deal)
                by_way.setdefault(way.key if way else "whole", deal)
                if set(wanted) <= set(by_way):
                    break
            missing = set(wanted) - set(by_way)
            assert not missing, f"{game.slug} at {players}: no sample deal recorded {missing}"
            found += [(game.slug, players, way, by_way[way]) for way in wanted]
    return found


def deals_source() -> str:
    lines = [PREAMBLE]
    for slug, players, way, deal in sample_deals():
        name = re.sub(r"\W", "_", f"{slug}_{players}_{way}")
        literal = json.dumps(deal)
        lines += [
            f"// {slug}, {players} players, {way}",
            f'export const {name}: Schemas["{deal_component(slug)}"] = {literal};',
            f'export const {name}_recorded: RecordBody = {{ game: "{slug}", deal: {literal} }};',
            f"export const {name}_amended: AmendBody = "
            f'{{ game: "{slug}", deal: {literal}, revision: 1, note: "a typo" }};',
            "",
        ]
    return "\n".join(lines)


def narrowing_source(answers: samples.Samples) -> str:
    """For each member, a function that takes the union where a client meets it and narrows it
    by the discriminator alone: assigning the narrowed value to the member's own type compiles
    only if the test picked out exactly that member."""
    lines = [
        "// Written by tests/clients/test_typescript.py from tests/clients/samples.py.",
        'import type { Schemas } from "./bodies";',
        "",
    ]

    def reader(name: str, union: str, value: str, test: str, sample: dict[str, Any]) -> None:
        lines.extend(
            [
                f"export function read{name}(held: {union}): Schemas[{json.dumps(name)}] | null {{",
                f"  const it = {value};",
                f"  if ({test}) {{",
                f"    const own: Schemas[{json.dumps(name)}] = it;",
                "    return own;",
                "  }",
                "  return null;",
                "}",
                f"export const sample{name}: Schemas[{json.dumps(name)}] = {json.dumps(sample)};",
                "",
            ]
        )

    entry = 'Schemas["EntryOut"]'
    for name, deal in sorted(samples.deals().items()):
        reader(
            name,
            entry,
            'held.kind === "record" || held.kind === "amend" ? held.data : null',
            f"it !== null && it.object === {json.dumps(name)}",
            deal,
        )
    dispute = 'Schemas["DisputeData"]'
    for name, asked in sorted(samples.asks().items()):
        reader(name, dispute, "held.input", f"it.object === {json.dumps(name)}", asked)
    for name, answer in sorted(answers.items()):
        reader(name, dispute, "held.answer", f"it.object === {json.dumps(name)}", answer)
    game = 'Schemas["GameOut"]'
    for name, options in sorted(samples.options().items()):
        reader(name, game, "held.options", f"it.game === {json.dumps(options['game'])}", options)
    unit = 'Schemas["UnitResultOut"]'
    for name, detail in sorted(samples.details().items()):
        reader(name, unit, "held.detail", f"it.game === {json.dumps(detail['game'])}", detail)
    return "\n".join(lines)


@pytest.fixture(scope="session")
def answer_samples(django_db_setup: Any, django_db_blocker: Any) -> samples.Samples:
    """What the API answers to every question body (samples.answers), read once."""
    with django_db_blocker.unblock():
        return samples.answers(APIClient())


@pytest.fixture(scope="session")
def tsc_errors(
    typescript_types: Generated, answer_samples: samples.Samples
) -> dict[str, list[str]]:
    """tsc --strict over the generated types, deals.ts and refusals.ts: errors by file."""
    if not TSC.exists():
        pytest.fail(f"{TSC} is missing: ./dev install runs npm ci (needs node: ./dev ensure-node)")
    folder = typescript_types.path.parent
    (folder / "deals.ts").write_text(deals_source())
    (folder / "narrowing.ts").write_text(narrowing_source(answer_samples))
    shutil.copy(HERE / "bodies.ts", folder / "bodies.ts")
    shutil.copy(HERE / "refusals.ts", folder / "refusals.ts")
    (folder / "tsconfig.json").write_text(json.dumps(TSCONFIG))
    done = subprocess.run(
        [str(TSC), "--noEmit", "--strict", "--pretty", "false", "-p", "tsconfig.json"],
        cwd=folder,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_COLOR": "1"},
    )
    errors: dict[str, list[str]] = defaultdict(list)
    for line in done.stdout.splitlines():
        match = re.match(r"([\w.]+)\((\d+),\d+\): (error .*)", line)
        if match:
            message = match.group(3)
            message = message if len(message) < 300 else message[:300] + "…"
            errors[match.group(1)].append(f"line {match.group(2)}: {message}")
        elif line.strip() and not line.startswith(" "):
            errors["tsc"].append(line)
    assert done.returncode == 0 or errors, done.stdout + done.stderr
    return errors


def test_it_generates_with_no_warning(typescript_types: Generated) -> None:
    assert not typescript_types.warnings, "\n".join(typescript_types.warnings)


def test_the_generated_types_compile(tsc_errors: dict[str, list[str]]) -> None:
    assert not tsc_errors["schema.d.ts"] and not tsc_errors["tsc"], tsc_errors


def test_every_game_and_way_has_a_typed_deal(tsc_errors: dict[str, list[str]]) -> None:
    errors = tsc_errors["deals.ts"]
    assert not errors, f"{len(errors)} errors in deals.ts:\n" + "\n".join(errors[:30])


def test_every_union_narrows_by_its_discriminator(tsc_errors: dict[str, list[str]]) -> None:
    errors = tsc_errors["narrowing.ts"]
    assert not errors, f"{len(errors)} errors in narrowing.ts:\n" + "\n".join(errors[:30])


def test_the_types_refuse_a_wrong_game_and_mixed_ways(tsc_errors: dict[str, list[str]]) -> None:
    errors = tsc_errors["refusals.ts"]
    assert not errors, f"{len(errors)} errors in refusals.ts:\n" + "\n".join(errors)


def test_the_samples_cover_every_way() -> None:
    """deals.ts is only as good as its samples: every game, size and way is in it."""
    samples = sample_deals()
    voormsi = {(players, way) for slug, players, way, _ in samples if slug == "voormsi"}
    assert (4, "tricks") in voormsi and (4, "quick") in voormsi
    assert {slug for slug, *_ in samples} == {game.slug for game in all_games()}
