"""Time the best melding over random hands: ``python bench/best_melding.py [--hands 1000] [--seed N]``.

Target (issue 9): a 16-card hand from two packs with two jokers, Crummy Rummy's melds (the
widest: sets of 3 or more with repeated suits, runs of 4, jokers), median under 10 ms and the
worst of 1,000 hands under 100 ms on one core. Continental (runs only) is timed alongside.
"""

from __future__ import annotations

import argparse
import random
import resource
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from adjudicator.cards import ALL_CARDS, JOKER, Card
from adjudicator.rummy.melding_rules import (
    CONTINENTAL,
    CRUMMY,
    CardValue,
    MeldStyle,
    best_melding,
    continental_value,
    crummy_value,
)
from bench.timing import measure

MEDIAN_MS, WORST_MS = 10.0, 100.0
STYLES: dict[str, tuple[MeldStyle, CardValue]] = {
    "Crummy Rummy": (CRUMMY, crummy_value),
    "Continental": (CONTINENTAL, continental_value),
}


def hands(count: int, seed: int) -> list[list[Card]]:
    """16 cards: 14 from two packs, and both jokers."""
    rng = random.Random(f"{seed}:melding")
    pack = list(ALL_CARDS) * 2
    return [[*rng.sample(pack, 14), JOKER, JOKER] for _ in range(count)]


def run(style: MeldStyle, value: CardValue, sample: list[list[Card]]) -> dict[str, float]:
    return measure(lambda hand: best_melding(hand, style, value), sample, memory=50)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000, help="random hands per style")
    parser.add_argument("--seed", type=int, default=1, help="seed for the random hands")
    args = parser.parse_args()
    sample = hands(args.hands, args.seed)
    print(
        f"best_melding over {args.hands} random 16-card hands, two packs + two jokers (seed {args.seed})"
    )
    header = f"{'style':<15}{'median':>9}{'p95':>9}{'worst':>9}{'peak/call':>11}  target"
    print(header)
    print("-" * len(header))
    met = True
    for name, (style, value) in STYLES.items():
        figures = run(style, value, sample)
        ok = figures["median"] < MEDIAN_MS and figures["worst"] < WORST_MS
        met = met and ok
        print(
            f"{name:<15}{figures['median']:>7.2f}ms{figures['p95']:>7.2f}ms"
            f"{figures['worst']:>7.2f}ms{figures['peak_mb']:>9.2f}MB"
            f"  {'met' if ok else 'MISSED'} (median < {MEDIAN_MS:g} ms, worst < {WORST_MS:g} ms)"
        )
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"process peak RSS: {rss:.0f} MB")
    return 0 if met else 1


if __name__ == "__main__":
    raise SystemExit(main())
