"""Tournaments (issues 15 and 29): games a second serially against a local Dask cluster of 1
and 2 workers, the same grid in the same session, and what a chunk costs on the cluster.

*Grid*: Sherlock Express, one lineup (medium, medium, easy, hard), seeds ``0 .. N-1`` --
10,000 games in a full run, 1,000 in a quick one -- cut into chunks of
``sherlockkit.tournament.CHUNK`` seeds (100, what ``tournament.play`` sends;
``seats.play_chunk``'s work), and once more into chunks of :data:`SMALL_CHUNK` (25, the size
issue 15 measured with) to show what a chunk's size costs. *Baseline*: the same chunks
played serially in this process (no Dask). Both clusters (``execute.client_for("local",
n)``: 1 or 2 processes of one thread, 127.0.0.1, no dashboard) are started once, their
start-up timed apart, every worker warmed up (imports) outside the timings; then each repeat
plays the grid serially, on 1 worker and on 2, in a rotating order, and the ratios
*cluster games/s / serial games/s* are taken repeat by repeat.

Why issue 29 saw 0.75x: on a quiet machine, a 10,000-game grid in chunks of 100 plays at
0.95x serial on one worker and 1.74x on two (three repeats: 0.94-0.97x, 1.73-1.77x; chunks
of 25: 1.67x); the figures of issue 15 came from a grid of 600 games in chunks of 25 (24
tasks for two workers: the last ones run alone) on a machine running other work. Turning
Dask's statistical profiler off changed nothing measurable (in a side run, 1.76x with it off
against 1.85x with it on, within the noise). What is left of a worker's 5%: a task's round
trip (about 2 ms a chunk), the worker's own event loop beside its one thread, and the
rows pickled back.

*Overhead per chunk*: :data:`EMPTY` chunks with no seed (``play_chunk`` with ``seeds=()``:
a task's round trip -- submit, schedule, run nothing, send back ``[]``) on the 2-worker
cluster, seconds per chunk. A chunk of games is worth sending when its games take well
over this. The machine's load average (before and after) is reported beside them: on a
shared machine the ratios say more about the other processes than about Dask.
"""

from __future__ import annotations

import os
from time import perf_counter

from common import ratios, row
from distributed import as_completed
from sherlockkit.tournament import CHUNK, Grid, chunks, seats
from sherlockkit.tournament.execute import client_for

LINEUP = ("medium", "medium", "easy", "hard")
#: the smaller chunk measured beside ``CHUNK`` (issue 15's size)
SMALL_CHUNK = 25
#: empty chunks timed for the overhead
EMPTY = 200


def serial(tasks: list[tuple]) -> float:
    """Seconds to play ``tasks`` one after the other in this process."""
    start = perf_counter()
    for task in tasks:
        seats.play_chunk(*task)
    return perf_counter() - start


def on_cluster(client, tasks: list[tuple]) -> float:
    """Seconds to play ``tasks`` on ``client``'s cluster and gather every row."""
    start = perf_counter()
    futures = [client.submit(seats.play_chunk, *task, pure=False) for task in tasks]
    for _ in as_completed(futures):
        pass
    client.gather(futures)
    return perf_counter() - start


def run(quick: bool = False) -> dict:
    """Serial, 1 and 2 workers, repeat by repeat, in chunks of ``CHUNK`` and of
    ``SMALL_CHUNK`` seeds; the overhead of an empty chunk."""
    repeats, seeds = (2, 1_000) if quick else (3, 10_000)
    grid = Grid("express", [LINEUP], seeds=range(seeds))
    tasks = [t.arguments() for t in chunks(grid, CHUNK)]
    small = [t.arguments() for t in chunks(grid, SMALL_CHUNK)]
    games = grid.games()
    load_before = os.getloadavg()[0]
    serial(tasks[:2])  # warm up imports and caches
    timing = {"serial": [], "1 worker": [], "2 workers": [], "2 workers, small chunks": []}
    startup = {}
    with client_for_timed(1, startup) as one, client_for_timed(2, startup) as two:
        for client in (one, two):  # warm every worker up (imports) outside the timings
            client.gather([client.submit(seats.play_chunk, *t, pure=False) for t in small[:4]])
        runs = {"serial": lambda: serial(tasks), "1 worker": lambda: on_cluster(one, tasks),
                "2 workers": lambda: on_cluster(two, tasks), "2 workers, small chunks": lambda: on_cluster(two, small)}
        for r in range(repeats):
            order = list(runs)[r % 4:] + list(runs)[:r % 4]
            for name in order:
                timing[name].append(runs[name]())
        empty = [(("express", LINEUP, "{}", "{}", ()))] * EMPTY
        overhead = [on_cluster(two, empty) / EMPTY for _ in range(repeats)]
    load_after = os.getloadavg()[0]
    rate = {name: [games / s for s in spent] for name, spent in timing.items()}
    return {
        "repeats": repeats, "games": games, "chunk": CHUNK, "small_chunk": SMALL_CHUNK, "lineup": LINEUP,
        "games_per_s": rate, "startup_s": startup, "overhead_s_per_chunk": overhead,
        "load_average": [load_before, load_after],
        "rows": [
            row(f"serial (no Dask): games ({games:,} a repeat)", rate["serial"], "games/s"),
            row(f"local cluster, 1 worker, chunks of {CHUNK}", rate["1 worker"], "games/s"),
            row(f"local cluster, 2 workers, chunks of {CHUNK}", rate["2 workers"], "games/s"),
            row("ratio 1 worker / serial", ratios(rate["1 worker"], rate["serial"]), "x"),
            row("ratio 2 workers / serial", ratios(rate["2 workers"], rate["serial"]), "x"),
            row(f"ratio 2 workers / serial, chunks of {SMALL_CHUNK}",
                ratios(rate["2 workers, small chunks"], rate["serial"]), "x"),
            row("cluster start-up, 1 worker", [startup[1]], "s"),
            row("cluster start-up, 2 workers", [startup[2]], "s"),
            row("overhead of a chunk (2 workers, empty)", [o * 1000 for o in overhead], "ms"),
            row(f"machine load, 1-min average ({os.cpu_count()} cores)", [load_before, load_after], "procs"),
        ],
    }


class client_for_timed:
    """``client_for("local", workers)``, its start-up's seconds noted in ``startup[workers]``."""

    def __init__(self, workers: int, startup: dict):
        self.workers, self.startup = workers, startup

    def __enter__(self):
        start = perf_counter()
        self.context = client_for("local", self.workers)
        client = self.context.__enter__()
        self.startup[self.workers] = perf_counter() - start
        return client

    def __exit__(self, *exc):
        return self.context.__exit__(*exc)


if __name__ == "__main__":
    import json

    print(json.dumps({k: v for k, v in run(quick=True).items() if k != "rows"}, indent=1))
