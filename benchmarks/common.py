"""Small helpers shared by the benchmarks: summaries of repeated measurements.

Every benchmark compares a measurement with a baseline taken in the same process or
session, so a figure is always read as a ratio; absolute times depend on the machine
and on whatever else it is doing.
"""

from __future__ import annotations

from statistics import median
from time import perf_counter


def summary(values) -> dict:
    """Median, min, max and count of repeated measurements (``None`` values dropped)."""
    values = [v for v in values if v is not None]
    if not values:
        return {"median": None, "min": None, "max": None, "n": 0}
    return {"median": median(values), "min": min(values), "max": max(values), "n": len(values)}


def row(what: str, values, unit: str) -> dict:
    """One line of the printed table: a label, a unit and the summary of ``values``."""
    return {"what": what, "unit": unit, **summary(values)}


def percentile(values: list, q: float) -> float | None:
    """The q-th percentile (nearest rank) of the values that are not None."""
    values = sorted(v for v in values if v is not None)
    if not values:
        return None
    return values[min(len(values) - 1, max(0, round(q / 100 * len(values) + 0.5) - 1))]


def ratios(numerators, denominators) -> list[float]:
    """Paired ratios, run by run (both lists in the same order)."""
    return [a / b for a, b in zip(numerators, denominators) if a is not None and b]


def mean_time(fn, at_least: float = 0.005) -> float:
    """Seconds a call of ``fn`` takes, averaged over as many calls as fill ``at_least`` seconds."""
    calls, start = 0, perf_counter()
    while True:
        fn()
        calls += 1
        elapsed = perf_counter() - start
        if elapsed >= at_least:
            return elapsed / calls


def _fmt(value) -> str:
    if value is None:
        return "-"
    if abs(value) >= 1000:
        return f"{value:,.0f}"
    if abs(value) >= 10:
        return f"{value:.1f}"
    if abs(value) >= 0.1:
        return f"{value:.2f}"
    return f"{value:.4f}"


def print_table(name: str, rows: list[dict]) -> None:
    print(f"\n{name}")
    print(f"  {'measure':<44} {'median':>10} {'min - max':>23} {'n':>3}  unit")
    for r in rows:
        span = "" if r["n"] <= 1 else f"{_fmt(r['min'])} - {_fmt(r['max'])}"
        print(f"  {r['what']:<44} {_fmt(r['median']):>10} {span:>23} {r['n']:>3}  {r['unit']}")
