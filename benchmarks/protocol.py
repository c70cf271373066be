"""Protocol: every registered game's moves, and what writing its log from events costs.

For each game of ``sherlockkit.games.GAMES`` (so a new game is measured the moment it is
registered): a few random games are recorded once; then, alternating in the same
process,

*Moves*: the recorded moves replayed from the deal (``engine.replay``: ``new`` and one
``play`` per move, with every check and event);

*Log*: the log of every state met written from its events (``narration``, as a table
redraw asks for it after each move).

The ratio *log / moves* says what the events-to-sentences design costs on top of the
engine: a log written from events must stay cheap next to the moves themselves.
"""

from __future__ import annotations

import random
from time import perf_counter

from common import ratios, row
from sherlockkit import engine
from sherlockkit.games import GAMES

GAMES_EACH = 6


def _record(rules, seed: int) -> list:
    rng, state, moves = random.Random(seed), rules.new(seed), []
    while rules.outcome(state) is None and len(moves) < 3_000:
        move = rng.choice(rules.legal_actions(state))
        state = rules.play(state, move)
        moves.append(move)
    return moves


def _states(rules, seed: int, moves: list) -> list:
    state, states = rules.new(seed), []
    for move in moves:
        state = rules.play(state, move)
        states.append(state)
    return states


def run(quick: bool = False) -> dict:
    repeats = 3 if quick else 7
    rows, raw = [], {}
    for game_id, entry in GAMES.items():
        rules = entry.rules
        recorded = [(seed, _record(rules, seed)) for seed in range(GAMES_EACH)]
        count = sum(len(m) for _, m in recorded)
        move_costs, log_costs = [], []
        for _ in range(repeats):
            start = perf_counter()
            for seed, moves in recorded:
                engine.replay(rules, seed, {}, moves)
            move_costs.append((perf_counter() - start) / count * 1e6)
            states = [s for seed, moves in recorded for s in _states(rules, seed, moves)]
            start = perf_counter()
            for state in states:
                entry.narration.log(rules.view(state, 0))  # the sentences a redraw asks for
            log_costs.append((perf_counter() - start) / count * 1e6)
        raw[game_id] = {"moves": count, "move_us": move_costs, "log_us": log_costs}
        rows += [row(f"{game_id}: a move (replay)", move_costs, "µs/move"),
                 row(f"{game_id}: its log from events", log_costs, "µs/move"),
                 row(f"{game_id}: log / move", ratios(log_costs, move_costs), "ratio")]
    return {"rows": rows, "raw": raw}
