"""The costliest answer of every question: ``python bench/adjudication_worst.py [--climb 40]``.

Issues 17 and 26: one anonymous request must never cost more than a few milliseconds of a
worker, whatever its body. Each question of each game, at each table size, is fed its sample,
its largest input within every bound, random inputs within the bounds, inputs made to be hard
(every string of cards full of jokers, of every copy the pack holds of a few ranks, of long
runs in one suit), and then the worst of these is climbed: one card at a time is changed,
added or taken away, and a change is kept when the answer costs at least as much (the steps
its search took, then its time). For each bound a body far past it (40,000 items or
characters) is fed too. Each input is timed through the engine (``Game.ask``), and the
costliest within the bounds through the API view (``POST /api/v1/adjudicate/<game>/<question>/``,
called with a ``RequestFactory``, JSON parsing included), in processor time (what the request
costs a worker, whatever else the machine runs) and in wall-clock time. Any answer other than
200 or 400, or a body past a bound answered, is reported as a failure.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import sys
import time
from collections import Counter
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from adjudicator.asking import input_schema
from adjudicator.bounds import MAX_CARDS
from adjudicator.budget import QUESTION_STEPS, budget
from adjudicator.cards import JOKER, Card, Pack, parse_cards
from adjudicator.errors import AdjudicationError
from adjudicator.game import Game
from adjudicator.games import all_games
from tests.oversize import beyond, largest, variants

type Body = dict[str, Any]
type Path_ = tuple[str | int, ...]


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


# ---------------------------------------------------------------------------------------------
# Hard hands: what makes a melding search grow
# ---------------------------------------------------------------------------------------------


def _copies(pack: Pack) -> Counter[Card]:
    return Counter(pack.copies)


def jokers_first(pack: Pack, most: int, rng: random.Random) -> list[Card]:
    """Every joker the pack holds, then every copy of a few neighbouring ranks in all suits."""
    left = _copies(pack)
    hand = [JOKER] * min(left.pop(JOKER, 0), most)
    naturals = sorted(left, key=lambda c: (c.rank.number if c.rank else 0, str(c.suit)))
    start = rng.randrange(max(len(naturals) - 1, 1))
    for c in naturals[start:] + naturals[:start]:
        hand += [c] * min(left[c], most - len(hand))
    return hand[:most]


def dense_copies(pack: Pack, most: int, rng: random.Random) -> list[Card]:
    """Every copy of as few ranks as fill the hand, in all suits (sets that overlap runs)."""
    left = _copies(pack)
    jokers = left.pop(JOKER, 0)
    ranks = sorted({c.rank for c in left if c.rank}, key=lambda r: r.number)
    start = rng.randrange(len(ranks))
    hand: list[Card] = []
    for rank in ranks[start:] + ranks[:start]:
        for c in sorted((c for c in left if c.rank is rank), key=str):
            hand += [c] * left[c]
    hand = hand[: max(most - jokers // 2, 0)] + [JOKER] * (jokers // 2)
    return hand[:most]


def long_runs(pack: Pack, most: int, rng: random.Random) -> list[Card]:
    """Runs through whole suits, every copy, a joker in every few places."""
    left = _copies(pack)
    jokers = left.pop(JOKER, 0)
    suits = sorted({c.suit for c in left if c.suit}, key=str)
    rng.shuffle(suits)
    hand: list[Card] = []
    for suit in suits:
        for c in sorted((c for c in left if c.suit is suit), key=lambda c: c.rank.number):  # type: ignore[union-attr]
            hand += [c] * left[c]
            if jokers and len(hand) % 5 == 0:
                hand.append(JOKER)
                jokers -= 1
    return hand[:most]


HARD = {"jokers": jokers_first, "copies": dense_copies, "runs": long_runs}


def card_paths(
    schema: Mapping[str, Any], value: Any, path: Path_ = ()
) -> Iterator[tuple[Path_, int]]:
    """Every string of cards in ``value`` (walked along ``schema``): its path and how many
    cards it may hold."""
    if isinstance(value, list):
        items = schema.get("items")
        if isinstance(items, Mapping):
            for i, item in enumerate(value):
                yield from card_paths(items, item, (*path, i))
    elif isinstance(value, str):
        if MAX_CARDS in schema:
            yield path, schema[MAX_CARDS]
    elif isinstance(value, dict):
        for key, item in value.items():
            for variant in variants(schema):
                prop = variant.get("properties", {}).get(key)
                if isinstance(prop, Mapping):
                    yield from card_paths(prop, item, (*path, key))
                    break


def put(body: Any, path: Path_, text: str) -> Any:
    """``body`` with the string at ``path`` replaced (a copy along the path)."""
    if not path:
        return text
    head, *rest = path
    if isinstance(body, list):
        out = list(body)
        out[head] = put(body[head], tuple(rest), text)  # type: ignore[index]
        return out
    return {**body, head: put(body[head], tuple(rest), text)}


def get(body: Any, path: Path_) -> Any:
    for step in path:
        body = body[step]
    return body


def hardened(schema: Mapping[str, Any], body: Body, pack: Pack, rng: random.Random) -> list[Body]:
    """``body`` with every string of cards made hard each way of :data:`HARD`."""
    found = []
    for make in HARD.values():
        hard = body
        for path, most in card_paths(schema, body):
            hard = put(hard, path, " ".join(str(c) for c in make(pack, most, rng)))
        found.append(hard)
    return found


def mutated(schema: Mapping[str, Any], body: Body, pack: Pack, rng: random.Random) -> Body:
    """``body`` with one string of cards changed by a card: one replaced by another the pack
    still has, one added, or one taken away."""
    paths = list(card_paths(schema, body))
    if not paths:
        return body
    path, most = rng.choice(paths)
    try:
        cards = list(parse_cards(get(body, path)))
    except AdjudicationError:
        cards = []
    left = _copies(pack) - Counter(cards)
    spare = list(left.elements())
    move = rng.random()
    if cards and (move < 0.6 or (move < 0.8 and len(cards) >= most)) and spare:
        cards[rng.randrange(len(cards))] = rng.choice(spare)
    elif len(cards) < most and spare and move < 0.8:
        cards.insert(rng.randrange(len(cards) + 1), rng.choice(spare))
    elif cards:
        cards.pop(rng.randrange(len(cards)))
    return put(body, path, " ".join(str(c) for c in cards))


# ---------------------------------------------------------------------------------------------
# Measuring
# ---------------------------------------------------------------------------------------------


def cost(game: Game[Any, Any], name: str, body: Body) -> tuple[int, float]:
    """The steps the answer's searches took and its processor time in ms, through the engine."""
    with budget(10**15) as spent:
        started = time.process_time()
        with contextlib.suppress(AdjudicationError):
            game.ask(name, body)
        ms = (time.process_time() - started) * 1000
    return spent.spent, ms


def api(game: Game[Any, Any], name: str, body: Body) -> tuple[float, float, int]:
    """The API view called as gunicorn would: its processor time and its wall-clock time in
    ms, and its status code."""
    from django.test import RequestFactory

    from scorekeeper.api.questions import adjudicate

    request = RequestFactory().post(
        f"/api/v1/adjudicate/{game.slug}/{name}/",
        data=json.dumps(body),
        content_type="application/json",
    )
    started, wall = time.process_time(), time.perf_counter()
    code = int(adjudicate(request, game=game.slug, question=name).status_code)
    return (time.process_time() - started) * 1000, (time.perf_counter() - wall) * 1000, code


def worst_within(
    game: Game[Any, Any], name: str, players: int, args: argparse.Namespace, rng: random.Random
) -> tuple[list[tuple[tuple[int, float], Body]], int]:
    """The question's costliest bodies within its bounds at a table of ``players`` (the
    costliest first), and how many were tried."""
    options = game.options()
    asks = game.questions()[name].asks
    assert asks is not None
    schema = input_schema(asks, players, options)
    pack = game.pack(options, players)
    keys = {f.key for f in asks.fields(players, options)}
    fields = {"type": "object", "properties": {k: schema["properties"][k] for k in keys}}
    seeds = [asks.example(players, options), largest(fields, pack)]
    seeds += [randomized(fields, pack, rng) for _ in range(args.random)]
    seeds += [hard for body in seeds[:2] for hard in hardened(fields, body, pack, rng)]
    extra = {"players": players} if asks.players else {}
    tried = [(cost(game, name, {**body, **extra}), body) for body in seeds]
    tried.sort(key=lambda pair: pair[0], reverse=True)
    best_cost, best = tried[0]
    # Climb from the costliest: keep a change of one card when it costs at least as much.
    for _ in range(args.climb):
        candidate = mutated(fields, best, pack, rng)
        found = cost(game, name, {**candidate, **extra})
        tried.append((found, candidate))
        if found >= best_cost:
            best_cost, best = found, candidate
    tried.sort(key=lambda pair: pair[0], reverse=True)
    return [(c, {**body, **extra}) for c, body in tried[:3]], len(tried)


def past_bounds(game: Game[Any, Any], name: str, players: int) -> list[Body]:
    options = game.options()
    asks = game.questions()[name].asks
    assert asks is not None
    schema = input_schema(asks, players, options)
    keys = {f.key for f in asks.fields(players, options)}
    fields = {"type": "object", "properties": {k: schema["properties"][k] for k in keys}}
    extra = {"players": players} if asks.players else {}
    return [{**body, **extra} for _, body in beyond(fields)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--random", type=int, default=10, help="random inputs per table size")
    parser.add_argument("--climb", type=int, default=40, help="changes tried per table size")
    parser.add_argument("--seed", type=int, default=1, help="seed for the random inputs")
    parser.add_argument("--game", help="only this game (its slug)")
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
    import django

    django.setup()
    rng = random.Random(f"{args.seed}:worst")
    print(
        "costliest answer per question over every table size, within the bounds: its sample, "
        f"its largest input, {args.random} random and 6 hard inputs, {args.climb} climbing "
        "changes; past the bounds: one body far past each bound (40,000 items or characters)"
    )
    print(
        "steps: the most its searches took (the budget is "
        f"{QUESTION_STEPS:,}); times in ms of processor time (the worker's cost), and the "
        "API's wall-clock time on this machine as loaded"
    )
    header = (
        f"{'question':<36}{'inputs':>7}{'steps':>9}{'engine in':>11}{'API in':>9}"
        f"{'API wall':>10}{'API past':>10}"
    )
    print(header)
    print("-" * len(header))
    # Tables built once per process (the best-grid search's) are not any body's cost.
    for game in all_games():
        for name, question in game.questions().items():
            if question.asks is not None:
                players = game.table_sizes()[-1]
                sample = question.asks.example(players, game.options())
                cost(
                    game, name, {**sample, "players": players} if question.asks.players else sample
                )
    slowest: tuple[float, float, str, str] = (0.0, 0.0, "", "")
    failures = []
    for game in all_games():
        if args.game and game.slug != args.game:
            continue
        for name in game.questions():
            steps, engine_in, api_in, api_wall, api_past, total = 0, 0, 0.0, 0.0, 0.0, 0
            for players in game.table_sizes():
                costliest, tried = worst_within(game, name, players, args, rng)
                total += tried
                for (spent, ms), body in costliest:
                    steps, engine_in = max(steps, spent), max(engine_in, ms)
                    # The API's time is the least of three: what the body costs, not the
                    # machine's other work at that moment.
                    timed = [api(game, name, body) for _ in range(3)]
                    ms_api, ms_wall = min(t for t, _, _ in timed), min(w for _, w, _ in timed)
                    api_in, api_wall = max(api_in, ms_api), max(api_wall, ms_wall)
                    for _, _, code in timed:
                        if code not in (200, 400):
                            failures.append(f"{game.slug} {name} at {players}: {code}")
                    shown = json.dumps(body)
                    slowest = max(slowest, (ms_api, ms_wall, f"{game.slug} {name}", shown))
                for body in past_bounds(game, name, players):
                    total += 1
                    ms, _, code = api(game, name, body)
                    api_past = max(api_past, ms)
                    if code != 400:
                        failures.append(f"{game.slug} {name}: a body past a bound answered {code}")
            label = f"{game.slug} {name}"
            print(
                f"{label:<36}{total:>7}{steps:>9,}{engine_in:>11.2f}{api_in:>9.2f}"
                f"{api_wall:>10.2f}{api_past:>10.2f}",
                flush=True,
            )
    print("-" * len(header))
    print(
        f"costliest answer of all through the API: {slowest[0]:.2f} ms of processor time "
        f"({slowest[1]:.2f} ms wall-clock), {slowest[2]}"
    )
    print(f"its body: {slowest[3][:400]}")
    for failure in failures:
        print(f"FAILED: {failure}")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
