"""Exact analysis: the odds module against a Monte Carlo estimate of the same numbers.

*Exact, one display*: ``odds.reveal_distribution`` and ``odds.moriarty_probability`` for
a fresh display, with the module's cache and sympy's cache cleared first, so no run is
flattered by the one before.

*Exact, averaged over displays*: ``odds.average_reveal_distribution`` and
``odds.average_moriarty_probability``.

*Baseline*: what one would do without the maths -- simulate 10,000 rounds (shuffle the
36 alibis, turn them up until at most one suspect is uncleared, count) for the same
display, or for a random display each round for the average. Each exact run is paired
with a Monte Carlo run; the ratio exact / Monte Carlo is taken pair by pair. The table
also shows how far the estimate lands from the exact answer.
"""

from __future__ import annotations

import random
from collections import Counter
from time import perf_counter

from sympy.core.cache import clear_cache

from common import ratios, row
from sherlockkit.games.express import odds
from sherlockkit.games.express.cards import ALIBIS, SUSPECTS

ROUNDS = 10_000


def monte_carlo(rng: random.Random, display=None, rounds: int = ROUNDS) -> tuple[dict[int, float], float]:
    """Estimated chance that the culprit is first determined at the k-th alibi, and of a
    Moriarty round; a new random display each round when ``display`` is None."""
    alibis = list(ALIBIS)
    at_k, moriarty = Counter(), 0
    for _ in range(rounds):
        shown = display if display is not None else rng.sample(SUSPECTS, 6)
        left = [s.traits for s in shown]
        rng.shuffle(alibis)
        for k, alibi in enumerate(alibis, start=1):
            left = [traits for traits in left if alibi not in traits]
            if len(left) <= 1:
                at_k[k] += 1
                moriarty += not left
                break
    return {k: n / rounds for k, n in at_k.items()}, moriarty / rounds


def _exact_one(display):
    odds._determined_by_count.cache_clear()
    clear_cache()
    return odds.reveal_distribution(display), odds.moriarty_probability(display)


def _exact_average():
    clear_cache()
    return odds.average_reveal_distribution(), odds.average_moriarty_probability()


def _timed(fn, *args):
    start = perf_counter()
    result = fn(*args)
    return perf_counter() - start, result


def _error(exact: tuple, estimate: tuple) -> float:
    """Largest absolute gap between the exact chances and the estimate."""
    (dist, p_moriarty), (est, est_moriarty) = exact, estimate
    gaps = [abs(float(dist.get(k, 0)) - est.get(k, 0)) for k in set(dist) | set(est)]
    return max(gaps + [abs(float(p_moriarty) - est_moriarty)])


def run(quick: bool = False) -> dict:
    """Paired exact / Monte Carlo timings (seconds) for fresh displays and the average."""
    n_displays, n_average = (4, 2) if quick else (12, 5)
    rng = random.Random(2026)
    displays = [tuple(rng.sample(SUSPECTS, 6)) for _ in range(n_displays)]
    _exact_one(displays[0])  # warm up imports
    exact, mc, errors = [], [], []
    for i, display in enumerate(displays):
        t_exact, result = _timed(_exact_one, display)
        t_mc, estimate = _timed(monte_carlo, random.Random(i), display)
        exact.append(t_exact)
        mc.append(t_mc)
        errors.append(_error(result, estimate))
    avg_exact, avg_mc, avg_errors = [], [], []
    for i in range(n_average):
        t_exact, result = _timed(_exact_average)
        t_mc, estimate = _timed(monte_carlo, random.Random(100 + i))
        avg_exact.append(t_exact)
        avg_mc.append(t_mc)
        avg_errors.append(_error(result, estimate))
    one_ratio, avg_ratio = ratios(exact, mc), ratios(avg_exact, avg_mc)
    ms = lambda xs: [x * 1000 for x in xs]  # noqa: E731
    return {
        "monte_carlo_rounds": ROUNDS,
        "one_display": {"exact_s": exact, "monte_carlo_s": mc, "ratio": one_ratio, "mc_max_error": errors},
        "average": {"exact_s": avg_exact, "monte_carlo_s": avg_mc, "ratio": avg_ratio, "mc_max_error": avg_errors},
        "rows": [
            row("one display: exact", ms(exact), "ms"),
            row(f"one display: Monte Carlo {ROUNDS:,}", ms(mc), "ms"),
            row("one display: ratio exact/MC", one_ratio, "x"),
            row("one display: MC max |error|", errors, "prob"),
            row("average: exact", ms(avg_exact), "ms"),
            row(f"average: Monte Carlo {ROUNDS:,}", ms(avg_mc), "ms"),
            row("average: ratio exact/MC", avg_ratio, "x"),
            row("average: MC max |error|", avg_errors, "prob"),
        ],
    }
