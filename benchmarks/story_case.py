"""The whole Detective Story Game case, exactly, against sampling the same model.

*Exact*: ``case_odds.solve`` for a simple policy ("arrest when allowed") and for best
play (no policy: every action, Luck re-roll and way of facing the Villain chosen), each
with a fresh model, so no run is flattered by the caches of the one before.

*Baseline*: what one would do without the solver -- sample 10,000 cases of the same
model under "arrest when allowed" (``case_odds.simulate``), which gives the answer to
about +-0.5 points. Each exact run is paired with a sampled run; the ratio exact /
sampled is taken pair by pair, with how far the sample lands from the exact value.
"""

from __future__ import annotations

from time import perf_counter

from common import ratios, row
from sherlockkit.games.story import case_odds

CASES = 10_000


def _timed(fn, *args, **kwargs):
    start = perf_counter()
    result = fn(*args, **kwargs)
    return perf_counter() - start, result


def run(quick: bool = False) -> dict:
    """Paired timings (seconds): exact policy and best play against 10,000 sampled cases."""
    repeats = 2 if quick else 5
    policy, best, sampled, errors = [], [], [], []
    for i in range(repeats):
        t_policy, exact = _timed(case_odds.solve, policy=case_odds.arrest_when_allowed)
        t_best, optimum = _timed(case_odds.solve)
        t_sample, share = _timed(case_odds.simulate, case_odds.arrest_when_allowed, CASES, seed=i)
        policy.append(t_policy)
        best.append(t_best)
        sampled.append(t_sample)
        errors.append(abs(share - float(exact.probability)))
    return {
        "sampled_cases": CASES,
        "policy_s": policy, "best_play_s": best, "sampled_s": sampled, "sample_error": errors,
        "best_play_situations": len(optimum.values),
        "rows": [
            row("a001 'arrest when allowed': exact", policy, "s"),
            row("a001 best play from turn 1: exact", best, "s"),
            row(f"a001 'arrest when allowed': {CASES:,} sampled", sampled, "s"),
            row("ratio exact policy / sampled", ratios(policy, sampled), "x"),
            row("ratio exact best play / sampled", ratios(best, sampled), "x"),
            row("sample's |error|", errors, "prob"),
        ],
    }
