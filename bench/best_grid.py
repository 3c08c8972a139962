"""Time the best-grid helper over random hands: ``python bench/best_grid.py [--hands 1000] [--seed N]``.

Targets (ruling 1a and its issue): Brummy median < 5 ms and worst < 20 ms; Brummagem median
< 100 ms and worst < 1 s. The search tables are built once per process; that one-off cost is
shown on its own and kept out of the per-hand figures.
"""

from __future__ import annotations

import argparse
import random
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from adjudicator.cards import DOUBLE, STANDARD, Card
from adjudicator.grids.best import best_grid, prepare
from adjudicator.grids.lines import SIZES, GridRules, Shape
from bench.timing import measure

TARGETS: dict[Shape, tuple[float, float]] = {"3x3": (5.0, 20.0), "3x4": (100.0, 1000.0)}
NAMES: dict[Shape, str] = {"3x3": "Brummy 3x3", "3x4": "Brummagem 3x4"}


def hands(shape: Shape, count: int, seed: int, double: bool) -> list[list[Card]]:
    rng = random.Random(f"{seed}:{shape}:{double}")
    pack = list(DOUBLE if double else STANDARD)
    return [rng.sample(pack, SIZES[shape]) for _ in range(count)]


def run(shape: Shape, count: int, seed: int, double: bool, rules: GridRules) -> dict[str, float]:
    sample = hands(shape, count, seed, double)
    return measure(lambda hand: best_grid(hand, shape, rules), sample, memory=20)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000, help="random hands per shape")
    parser.add_argument("--seed", type=int, default=1, help="seed for the random hands")
    parser.add_argument("--double", action="store_true", help="deal from a double pack")
    parser.add_argument("--face-extra", action="store_true", help="house rule face_extra")
    parser.add_argument("--best-single", action="store_true", help="house rule best_single rows")
    args = parser.parse_args()
    rules = GridRules(
        face_extra=args.face_extra, row_model="best_single" if args.best_single else "additive"
    )
    print(f"best_grid over {args.hands} random hands per shape (seed {args.seed}, {rules})")
    started = time.perf_counter()
    prepare()
    print(f"search tables, built once per process: {(time.perf_counter() - started) * 1000:.0f} ms")
    header = f"{'shape':<15}{'median':>9}{'p95':>9}{'worst':>9}{'peak/call':>11}  target"
    print(header)
    print("-" * len(header))
    met = True
    for shape in ("3x3", "3x4"):
        figures = run(shape, args.hands, args.seed, args.double, rules)
        median_target, worst_target = TARGETS[shape]
        ok = figures["median"] < median_target and figures["worst"] < worst_target
        met = met and ok
        print(
            f"{NAMES[shape]:<15}{figures['median']:>7.2f}ms{figures['p95']:>7.2f}ms"
            f"{figures['worst']:>7.2f}ms{figures['peak_mb']:>9.2f}MB"
            f"  {'met' if ok else 'MISSED'} (median < {median_target:g} ms, "
            f"worst < {worst_target:g} ms)"
        )
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"process peak RSS: {rss:.0f} MB (Python, numpy and both tables)")
    return 0 if met else 1


if __name__ == "__main__":
    raise SystemExit(main())
