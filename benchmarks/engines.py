"""Engines: random moves a second of every registered game, this code against a baseline revision.

For each game of ``sherlockkit.games.GAMES`` (so a game is measured the moment it is
registered), the loop a tournament or a property test runs: deal ``rules.new(seed)`` with
the game's default options, then until the end ``rules.legal_actions(state)``, a random
legal move (a kind of move drawn first, then a move of that kind, as in
``tests/random_play.py``), ``rules.play`` and, after each move, ``rules.view`` for every
seat (``state.players``, 1 for a solo game), as bots and widgets ask for them. Seeds run
0, 1, 2... so both codes play exactly the same games; whoever is faster gets further
within the same time.

The *baseline* is the same loop on the code of another git revision (by default
:data:`BASE`, the engines before issue 25 made them simple again), checked out in a temporary
worktree (``git worktree add --detach``, removed at the end). Each measurement runs in a
fresh subprocess whose ``sherlockkit`` comes from the current checkout or from the
worktree (``PYTHONPATH``; the child reports which it imported). Current and baseline
alternate, the order swapped every repeat; per game, the ratio *current moves/s /
baseline moves/s* is taken repeat by repeat, and the median of those is the speed-up.

Rates are moves per second of the child's CPU time (``time.process_time``), not of the
clock on the wall: on a shared machine a process waiting for a core would otherwise count
the wait as the engine's (the wall-clock rate is kept in the raw results). Each child also
times the three parts of a move (legal moves, ``play``, the views) with ``perf_counter`` and
reports each part's share of the time in CPU µs a move, so the table says where a move's
time goes before and after; their sum is the engine's own time a move (without the random
player's choosing and the deals), and its ratio, base/current, is the second speed-up shown.

    .venv/bin/python benchmarks/engines.py [--base REV] [--repeats N] [--budget S] [--games express story]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path
from time import perf_counter, process_time

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from common import print_table, ratios, row  # noqa: E402

#: The revision measured against: the engines before issue 25 made them simple again (issue
#: 15's speed work measured itself against 2154472, the commit before it: ``--base 2154472``).
BASE = "e59efdb"


# --- the child: one code, every game ---------------------------------------------------------

def random_moves(rules, budget: float, first_seed: int = 0) -> dict:
    """Random play of ``rules`` for about ``budget`` seconds of this process's CPU time: moves
    made, games finished, the CPU and wall seconds it took, and the wall seconds spent in
    legal moves, in ``play`` and in the views."""
    legal_s = play_s = view_s = 0.0
    moves = games = 0
    seed = first_seed
    clock = perf_counter
    cpu_start, start = process_time(), clock()
    while process_time() - cpu_start < budget:
        rng = random.Random(seed)
        state = rules.new(seed)
        seats = range(getattr(state, "players", 1))
        while rules.outcome(state) is None:
            t0 = clock()
            legal = rules.legal_actions(state)
            t1 = clock()
            kind = rng.choice(sorted({type(a).__name__ for a in legal}))
            move = rng.choice([a for a in legal if type(a).__name__ == kind])
            t2 = clock()
            state = rules.play(state, move)
            t3 = clock()
            for seat in seats:
                rules.view(state, seat)
            t4 = clock()
            legal_s += t1 - t0
            play_s += t3 - t2
            view_s += t4 - t3
            moves += 1
            if moves % 64 == 0 and process_time() - cpu_start >= budget:
                break
        else:
            games += 1
        seed += 1
    cpu, elapsed = process_time() - cpu_start, clock() - start
    return {"moves": moves, "games": games, "cpu_seconds": cpu, "seconds": elapsed, "moves_per_s": moves / cpu,
            "moves_per_wall_s": moves / elapsed, "legal_s": legal_s, "play_s": play_s, "view_s": view_s}


def child(games: list[str], budget: float) -> dict:
    """Every game in ``games`` measured once by this process's ``sherlockkit``."""
    import sherlockkit
    from sherlockkit.games import GAMES

    out = {"sherlockkit": str(Path(sherlockkit.__file__).resolve().parent.parent), "games": {}}
    for game_id in games:
        rules = GAMES[game_id].rules
        random_moves(rules, min(0.2, budget))  # imports, caches, the casebook
        out["games"][game_id] = random_moves(rules, budget)
    return out


# --- the parent: worktree, alternation, ratios -----------------------------------------------

def _measure(code_root: Path, games: list[str], budget: float) -> dict:
    """One child run with ``sherlockkit`` imported from ``code_root``."""
    env = {**os.environ, "PYTHONPATH": str(code_root), "PYTHONHASHSEED": "0"}
    result = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--child", "--budget", str(budget), "--games", *games],
        env=env, cwd=tempfile.gettempdir(), capture_output=True, text=True, check=True)
    data = json.loads(result.stdout)
    if Path(data["sherlockkit"]) != code_root.resolve():
        raise RuntimeError(f"the child imported sherlockkit from {data['sherlockkit']}, not {code_root}")
    return data["games"]


def _game_ids(wanted: list[str] | None) -> list[str]:
    from sherlockkit.games import GAMES

    ids = list(GAMES)
    if wanted:
        unknown = set(wanted) - set(ids)
        if unknown:
            raise SystemExit(f"No such game: {', '.join(sorted(unknown))} (games: {', '.join(ids)}).")
        ids = [g for g in ids if g in wanted]
    return ids


def run(quick: bool = False, base: str = BASE, repeats: int | None = None, budget: float | None = None,
        games: list[str] | None = None) -> dict:
    """Current code against ``base``, alternating; moves/s per game and the speed-ups."""
    repeats = repeats or (3 if quick else 7)
    budget = budget or (0.5 if quick else 1.5)
    ids = _game_ids(games)
    worktree = Path(tempfile.mkdtemp(prefix="engines-base-"))
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet", str(worktree), base],
                   check=True, capture_output=True)
    try:
        runs = {"current": [], "base": []}
        for r in range(repeats):
            order = [("current", ROOT), ("base", worktree)]
            for name, code in (order if r % 2 == 0 else order[::-1]):
                runs[name].append(_measure(code, ids, budget))
    finally:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(worktree)],
                       capture_output=True)
    rows, raw = [], {}
    for g in ids:
        now = [m[g] for m in runs["current"]]
        then = [m[g] for m in runs["base"]]
        now_rate = [m["moves_per_s"] for m in now]
        then_rate = [m["moves_per_s"] for m in then]
        raw[g] = {"current": now, "base": then}
        rows += [row(f"{g}: random moves, base {base}", then_rate, "moves/s"),
                 row(f"{g}: random moves, current", now_rate, "moves/s"),
                 row(f"{g}: random moves without the views, base", [without_views(m) for m in then], "moves/s"),
                 row(f"{g}: random moves without the views, current", [without_views(m) for m in now], "moves/s"),
                 row(f"{g}: speed-up current/base", ratios(now_rate, then_rate), "x"),
                 row(f"{g}: speed-up of the engine's own time", ratios([engine_us(m) for m in then],
                                                                      [engine_us(m) for m in now]), "x")]
        for code, ms in (("base", then), ("current", now)):
            for part in ("legal", "play", "view"):
                rows.append(row(f"{g}:   {code} {part}", [part_us(m, part) for m in ms], "µs/move"))
    return {"base": base, "repeats": repeats, "seconds_per_game": budget, "rows": rows, "raw": raw}


def part_us(measure: dict, part: str) -> float:
    """CPU µs a move spent in ``part`` (``"legal"``, ``"play"`` or ``"view"``): the part's share
    of the wall time, applied to the CPU time."""
    return measure[f"{part}_s"] / measure["seconds"] * measure["cpu_seconds"] / measure["moves"] * 1e6


def without_views(measure: dict) -> float:
    """Random moves a CPU second, the views for every seat left out: the loop a random
    player (a property test, a random tournament seat) runs -- legal moves, a random
    choice, ``play``."""
    return measure["moves"] / (measure["cpu_seconds"] - part_us(measure, "view") * measure["moves"] / 1e6)


def engine_us(measure: dict) -> float:
    """CPU µs a move spent in the engine itself (legal moves, ``play``, the views): a move's
    time without the random player's own choosing and the deals."""
    return sum(part_us(measure, part) for part in ("legal", "play", "view"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default=BASE, help=f"the baseline git revision (default {BASE})")
    parser.add_argument("--repeats", type=int, help="alternating runs of each code (default 7; --quick 3)")
    parser.add_argument("--budget", type=float, help="seconds of play per game and run (default 1.5; --quick 0.5)")
    parser.add_argument("--games", nargs="*", help="only these games (default: every registered game)")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(child(args.games, args.budget)))
        return 0
    result = run(args.quick, args.base, args.repeats, args.budget, args.games)

    print_table(f"engines against {args.base}", result["rows"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
