"""Picture Perfect, the Sherlock expansion: the exact odds of the culprit (``odds.py``)
against listing every deal and against sampling shuffles, in the same run.

*Positions*: what one player knows, drawn from a real deal (a culprit among the suspects,
the other alibis and one "I saw nothing" shuffled into the envelopes) at three stages: the
fresh table (nothing seen), mid-party (a third of the envelopes seen, some answers) and late
(more than half seen, more answers). Every answer is true of the deal.

*Exact*: ``odds.counts`` (the culprit's counts: one pass) and ``odds.counts(holds=True)``
(the Alibi sheet too: two passes); also ``odds.best_question`` over every question "has seat
s confirmed g?" of a table of four.

*Baselines*, each on the same position: (a) brute force -- every (culprit, deal) pair listed
with ``itertools.permutations`` and checked, on small tables only (:data:`BRUTE_SIZES`
suspects; at eleven that is 11 x 11! = 439 million pairs, out of reach), its counts must equal
the exact ones; (b) sampling -- deals drawn as the game shuffles, the seen cards put where
they were seen first (every culprit then leaves the same number of deals, so the draw stays
fair), kept when every answer fits, until :data:`SAMPLES` are kept: its time and its largest
error on a culprit's chance against the exact one.
"""

from __future__ import annotations

import random
from itertools import permutations
from time import perf_counter

from common import mean_time, ratios, row
from sherlockkit.games.picture import odds

#: small tables (suspects = envelopes) where every deal is listed
BRUTE_SIZES = (5, 6, 7)
#: the full table: eleven suspects, eleven envelopes
FULL = 11
#: the sampling baseline's kept deals
SAMPLES = 5_000
#: a sampling run stops after this many draws whatever it kept
MAX_DRAWS = 2_000_000
#: share of the envelopes seen and answers given at each stage
STAGES = {"fresh": (0.0, 0), "mid": (0.35, 4), "late": (0.6, 8)}
SEATS = 4


def position(n: int, stage: str, seed: int):
    """What a player knows at ``stage`` of a table of ``n`` suspects dealt from ``seed``:
    ``(suspects, envelopes, seen, reads, said)``, all of it true of the deal."""
    rng = random.Random(seed)
    suspects = [f"s{i}" for i in range(n)]
    envelopes = [f"e{i}" for i in range(n)]
    culprit = rng.choice(suspects)
    cards = [g for g in suspects if g != culprit] + [None]
    rng.shuffle(cards)
    deal = dict(zip(envelopes, cards))
    where = {x: e for e, x in deal.items()}
    share, answers = STAGES[stage]
    seen = {e: deal[e] for e in rng.sample(envelopes, round(share * n))}
    reads = {s: rng.sample(envelopes, max(1, round(share * n / 2))) for s in range(SEATS)} if answers else {}
    said = []
    for _ in range(answers):
        s, g = rng.randrange(SEATS), rng.choice(suspects)
        said.append((s, g, g != culprit and where[g] in reads[s]))
    return suspects, envelopes, seen, reads, said


def _fits_answers(deal_where: dict, culprit: str, reads, said) -> bool:
    for s, g, confirmed in said:
        inside = g != culprit and deal_where[g] in reads[s]
        if inside != confirmed:
            return False
    return True


def brute_force(suspects, envelopes, seen, reads, said) -> dict[str, int]:
    """Every (culprit, deal) pair listed and checked: the pairs that fit, by culprit."""
    out = dict.fromkeys(suspects, 0)
    for c in suspects:
        cards = [g for g in suspects if g != c] + [None]
        for order in permutations(cards):
            deal = dict(zip(envelopes, order))
            if any(deal[e] != x for e, x in seen.items()):
                continue
            if _fits_answers({x: e for e, x in deal.items()}, c, reads, said):
                out[c] += 1
    return out


def sampling(suspects, envelopes, seen, reads, said, rng: random.Random,
             samples: int = SAMPLES) -> tuple[dict[str, float], int, int]:
    """Estimated chance of each culprit from deals drawn as the game shuffles (the seen
    cards where they were seen, the rest shuffled), kept when every answer fits; also the
    draws it took and how many were kept (fewer than ``samples`` only at :data:`MAX_DRAWS`)."""
    shown = set(seen.values())
    open_envelopes = [e for e in envelopes if e not in seen]
    possible = [g for g in suspects if g not in shown]
    counts = dict.fromkeys(suspects, 0)
    kept = draws = 0
    while kept < samples and draws < MAX_DRAWS:
        draws += 1
        culprit = rng.choice(possible)
        cards = [g for g in possible if g != culprit] + ([] if None in shown else [None])
        rng.shuffle(cards)
        where = {x: e for e, x in seen.items()} | dict(zip(cards, open_envelopes))
        if _fits_answers(where, culprit, reads, said):
            kept += 1
            counts[culprit] += 1
    return {g: c / max(kept, 1) for g, c in counts.items()}, draws, kept


def small_rows(seeds) -> tuple[list[dict], list[dict]]:
    """Exact against brute force on the small tables: raw records and the table's rows."""
    raw = []
    for n in BRUTE_SIZES:
        for stage in STAGES:
            for seed in seeds:
                known = position(n, stage, seed)
                exact = odds.counts(*known)
                start = perf_counter()
                listed = brute_force(*known)
                brute_s = perf_counter() - start
                raw.append({"n": n, "stage": stage, "seed": seed, "deals": exact.deals,
                            "exact_s": mean_time(lambda: odds.counts(*known), 0.02), "brute_s": brute_s,
                            "agrees": dict(exact.culprit) == listed})
    if not all(r["agrees"] for r in raw):
        raise AssertionError("brute force and odds.counts disagree on a position")
    out = []
    for n in BRUTE_SIZES:
        at = [r for r in raw if r["n"] == n]
        out += [row(f"{n} suspects: exact", [r["exact_s"] * 1000 for r in at], "ms"),
                row(f"{n} suspects: brute force", [r["brute_s"] * 1000 for r in at], "ms"),
                row(f"{n} suspects: ratio exact/brute force", ratios([r["exact_s"] for r in at],
                                                                     [r["brute_s"] for r in at]), "x")]
    out.append(row("brute force agrees (1 = every count)", [float(r["agrees"]) for r in raw], "yes"))
    return raw, out


def full_rows(seeds) -> tuple[list[dict], list[dict]]:
    """Exact against sampling at the full table: raw records and the table's rows."""
    raw = []
    for stage in STAGES:
        for seed in seeds:
            known = position(FULL, stage, seed)
            c = odds.counts(*known)
            exact = {g: w / c.deals for g, w in c.culprit.items()}
            start = perf_counter()
            estimate, draws, kept = sampling(*known, random.Random(seed))
            sample_s = perf_counter() - start
            questions = [(s, g) for s in range(SEATS) for g in known[0]]
            raw.append({
                "stage": stage, "seed": seed, "deals": c.deals,
                "exact_s": mean_time(lambda: odds.counts(*known), 0.02),
                "sheet_s": mean_time(lambda: odds.counts(*known, holds=True), 0.02),
                "question_s": mean_time(lambda: odds.best_question(*known, questions=questions), 0.0),
                "sample_s": sample_s, "draws": draws, "kept": kept,
                "max_error": max(abs(exact[g] - estimate[g]) for g in exact),
            })
    out = []
    for stage in STAGES:
        at = [r for r in raw if r["stage"] == stage]
        out += [
            row(f"{FULL} suspects {stage}: deals that fit", [r["deals"] for r in at], "deals"),
            row(f"{FULL} suspects {stage}: exact culprit odds", [r["exact_s"] * 1000 for r in at], "ms"),
            row(f"{FULL} suspects {stage}: exact with the Alibi sheet", [r["sheet_s"] * 1000 for r in at], "ms"),
            row(f"{FULL} suspects {stage}: best of {SEATS * FULL} questions", [r["question_s"] * 1000 for r in at], "ms"),
            row(f"{FULL} suspects {stage}: sampling {SAMPLES:,} kept", [r["sample_s"] * 1000 for r in at], "ms"),
            row(f"{FULL} suspects {stage}: ratio exact/sampling", ratios([r["exact_s"] for r in at],
                                                                       [r["sample_s"] for r in at]), "x"),
            row(f"{FULL} suspects {stage}: sampling max |error|", [r["max_error"] for r in at], "prob"),
            row(f"{FULL} suspects {stage}: sampling draws a kept deal", [r["draws"] / max(r["kept"], 1) for r in at],
                "draws"),
        ]
    return raw, out


def run(quick: bool = False) -> dict:
    """The small tables against brute force and the full table against sampling: every raw
    figure and the table's rows."""
    seeds = range(2) if quick else range(6)
    odds.counts(*position(FULL, "mid", 0))  # warm up
    small_raw, small_table = small_rows(range(1) if quick else range(3))
    full_raw, full_table = full_rows(seeds)
    return {"brute_sizes": BRUTE_SIZES, "full": FULL, "samples": SAMPLES, "max_draws": MAX_DRAWS,
            "stages": STAGES, "small": small_raw, "full_table": full_raw, "rows": small_table + full_table}


if __name__ == "__main__":
    import json
    import sys

    result = run(quick="--quick" in sys.argv)
    for r in result["rows"]:
        print(f"{r['what']:<55} {r['median']!s:>24} {r['unit']}  (n={r['n']})")
    json.dump({k: v for k, v in result.items() if k != "rows"}, sys.stderr, default=str)
