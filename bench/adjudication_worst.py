"""The slowest answer of every question: ``python bench/adjudication_worst.py [--random 20] [--seed N]``.

Issue 17: one anonymous request must never cost more than a few milliseconds of a worker,
whatever its body. Each question of each game, at each table size, is fed its sample, its
largest input within every bound (every list full, every string of cards as long as it may
be), random inputs within the bounds, and, for each bound, a body far past it (40,000 items
or characters). Each input is timed through the engine (``Game.ask``) and through the API view
(``POST /api/v1/adjudicate/<game>/<question>/``, called with a ``RequestFactory``, JSON
parsing included). The table prints each question's slowest answer within the bounds and past
them, then the slowest of all. Any answer other than 200 or 400 is reported as a failure.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from adjudicator.asking import input_schema
from adjudicator.bounds import MAX_CARDS
from adjudicator.cards import Pack
from adjudicator.errors import AdjudicationError
from adjudicator.game import Game
from adjudicator.games import all_games
from tests.oversize import beyond, largest, variants

type Body = dict[str, Any]


def randomized(schema: Mapping[str, Any], pack: Pack, rng: random.Random) -> Any:
    """A random value within every bound: lists of random length, strings of random cards."""
    schema = variants(schema)[rng.randrange(len(variants(schema)))]
    if "enum" in schema:
        return rng.choice(schema["enum"])
    kinds = schema.get("type")
    kind = kinds[0] if isinstance(kinds, list) else kinds
    if kind == "integer":
        return rng.randint(schema.get("minimum", 0), schema.get("maximum", 20))
    if kind == "boolean":
        return rng.random() < 0.5
    if kind == "string":
        cards = list(pack)
        count = rng.randint(0, min(schema.get(MAX_CARDS, 0), len(cards)))
        return " ".join(str(c) for c in rng.sample(cards, count))
    if kind == "array":
        items = schema["items"]
        return [randomized(items, pack, rng) for _ in range(rng.randint(0, schema["maxItems"]))]
    props = schema.get("properties", {})
    return {key: randomized(prop, pack, rng) for key, prop in props.items()}


def inputs(
    game: Game[Any, Any], name: str, players: int, count: int, rng: random.Random
) -> tuple[list[Body], list[Body]]:
    """The question's bodies within its bounds and past them, at a table of ``players``."""
    options = game.options()
    asks = game.questions()[name].asks
    assert asks is not None
    schema = input_schema(asks, players, options)
    pack = game.pack(options, players)
    keys = {f.key for f in asks.fields(players, options)}
    fields = {"type": "object", "properties": {k: schema["properties"][k] for k in keys}}
    within = [asks.example(players, options), largest(fields, pack)]
    within += [randomized(fields, pack, rng) for _ in range(count)]
    past = [body for _, body in beyond(fields)]
    if asks.players:
        within = [{**body, "players": players} for body in within]
        past = [{**body, "players": players} for body in past]
    return within, past


def timed[T](call: Callable[[], T]) -> tuple[float, T]:
    """Milliseconds of one call, and what it returned."""
    started = time.perf_counter()
    result = call()
    return (time.perf_counter() - started) * 1000, result


def engine(game: Game[Any, Any], name: str, body: Body) -> Callable[[], None]:
    def call() -> None:
        with contextlib.suppress(AdjudicationError):
            game.ask(name, body)

    return call


def api(game: Game[Any, Any], name: str, body: Body) -> Callable[[], int]:
    """The API view called as gunicorn would: the JSON text in, the status code out."""
    from django.test import RequestFactory

    from scorekeeper.api.views import adjudicate

    request = RequestFactory().post(
        f"/api/v1/adjudicate/{game.slug}/{name}/",
        data=json.dumps(body),
        content_type="application/json",
    )
    return lambda: int(adjudicate(request, game=game.slug, question=name).status_code)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--random", type=int, default=20, help="random inputs per question")
    parser.add_argument("--seed", type=int, default=1, help="seed for the random inputs")
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
    import django

    django.setup()
    rng = random.Random(f"{args.seed}:worst")
    print(
        "slowest answer per question, in ms, over every table size: its sample, its largest "
        f"input, {args.random} random inputs within the bounds, and one body far past each "
        "bound (40,000 items or characters)"
    )
    header = (
        f"{'question':<34}{'inputs':>7}{'engine in':>11}{'engine past':>13}"
        f"{'API in':>9}{'API past':>10}"
    )
    print(header)
    print("-" * len(header))
    slowest: tuple[float, str] = (0.0, "")
    failures = []
    for game in all_games():
        for name in game.questions():
            worst = {"engine in": 0.0, "engine past": 0.0, "API in": 0.0, "API past": 0.0}
            total = 0
            for players in game.table_sizes():
                within, past = inputs(game, name, players, args.random, rng)
                total += len(within) + len(past)
                for where, bodies in (("in", within), ("past", past)):
                    for body in bodies:
                        ms, _ = timed(engine(game, name, body))
                        worst[f"engine {where}"] = max(worst[f"engine {where}"], ms)
                        ms, code = timed(api(game, name, body))
                        worst[f"API {where}"] = max(worst[f"API {where}"], ms)
                        if code not in (200, 400):
                            failures.append(f"{game.slug} {name} at {players}: {code}")
                        if where == "past" and code != 400:
                            failures.append(f"{game.slug} {name}: a body past a bound answered")
                        slowest = max(slowest, (ms, f"{game.slug} {name} ({where} the bounds)"))
            label = f"{game.slug} {name}"
            print(
                f"{label:<34}{total:>7}{worst['engine in']:>11.2f}{worst['engine past']:>13.2f}"
                f"{worst['API in']:>9.2f}{worst['API past']:>10.2f}"
            )
    print("-" * len(header))
    print(f"slowest answer of all: {slowest[0]:.2f} ms, {slowest[1]} (through the API)")
    for failure in failures:
        print(f"FAILED: {failure}")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
