"""Engine: Sherlock Express rounds per second, bots only, against a bare-loop floor.

*Engine*: whole games of four "medium" bots (``rules.new(seed, players=4)`` and
``bots.play_out``), counting the rounds each game lasted (``state.round`` at the end).
That pays for everything the engine does per round: immutable states, views, typed
checks of every move, the events, and the bots (each looks at its own view; the
quickest hand is picked).

*Floor*: what a round costs with no engine at all -- shuffle the 36 alibi strings and
scan them against six suspects' trait sets until at most one suspect is uncleared.

The two alternate, repeat by repeat, in the same process; the ratio of their costs per
round says how much the engine adds on top of the bare arithmetic of a round.
"""

from __future__ import annotations

import random
from time import perf_counter

from common import ratios, row
from sherlockkit.games.express import bots, rules
from sherlockkit.games.express.cards import ALIBIS, SUSPECTS

LEVEL = "medium"  # the app's default bots


def engine_rate(budget: float, first_seed: int) -> float:
    """Rounds per second of bot-only 4-player games, played for about ``budget`` seconds."""
    rounds, seed = 0, first_seed
    start = perf_counter()
    while True:
        state = rules.new(seed, players=4)
        final, _ = bots.play_out(state, bots.make_bots({p: LEVEL for p in range(4)}, seed))
        rounds += final.round
        seed += 1
        elapsed = perf_counter() - start
        if elapsed >= budget:
            return rounds / elapsed


def floor_rate(budget: float, seed: int) -> float:
    """Rounds per second of the bare loop: shuffle the alibis, clear suspects, stop."""
    rng = random.Random(seed)
    displays = [[s.traits for s in rng.sample(SUSPECTS, 6)] for _ in range(64)]
    alibis = list(ALIBIS)
    rounds = 0
    start = perf_counter()
    while True:
        for display in displays:
            rng.shuffle(alibis)
            left = display
            for alibi in alibis:
                left = [traits for traits in left if alibi not in traits]
                if len(left) <= 1:
                    break
        rounds += len(displays)
        elapsed = perf_counter() - start
        if elapsed >= budget:
            return rounds / elapsed


def run(quick: bool = False) -> dict:
    """Alternate engine and floor runs; rates in rounds/s and the per-round cost ratio."""
    repeats, budget = (3, 0.3) if quick else (7, 1.0)
    engine_rate(0.1, 10_000)  # warm up imports and caches
    floor_rate(0.1, 10_000)
    engine, floor = [], []
    for r in range(repeats):
        engine.append(engine_rate(budget, first_seed=r * 1000))
        floor.append(floor_rate(budget, seed=r))
    # cost per round = 1 / rate, so engine cost / floor cost = floor rate / engine rate
    cost_ratio = ratios(floor, engine)
    return {
        "repeats": repeats, "seconds_per_repeat": budget, "bot_level": LEVEL,
        "engine_rounds_per_s": engine, "floor_rounds_per_s": floor, "cost_ratio": cost_ratio,
        "rows": [
            row("engine: bot-only rounds", engine, "rounds/s"),
            row("floor: shuffle + scan only", floor, "rounds/s"),
            row("ratio engine/floor cost per round", cost_ratio, "x"),
        ],
    }
