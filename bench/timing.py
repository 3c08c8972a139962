"""What every benchmark here measures: the time of each call, and the peak memory of a few."""

from __future__ import annotations

import statistics
import time
import tracemalloc
from collections.abc import Callable, Sequence


def measure[T](call: Callable[[T], object], sample: Sequence[T], memory: int) -> dict[str, float]:
    """Median, p95 and worst milliseconds of ``call`` over ``sample``, and the peak MB of one
    call over its first ``memory`` items (a separate pass: tracemalloc slows every allocation)."""
    times = []
    for item in sample:
        started = time.perf_counter()
        call(item)
        times.append((time.perf_counter() - started) * 1000)
    tracemalloc.start()
    peak = 0
    for item in sample[:memory]:
        tracemalloc.reset_peak()
        call(item)
        peak = max(peak, tracemalloc.get_traced_memory()[1])
    tracemalloc.stop()
    times.sort()
    return {
        "median": statistics.median(times),
        "p95": times[int(0.95 * (len(times) - 1))],
        "worst": times[-1],
        "peak_mb": peak / 2**20,
    }
