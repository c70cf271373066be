"""Tournaments (issue 15): games a second serially against a local Dask cluster of 1 and 2
workers, the same grid in the same session, and what a chunk costs on the cluster.

*Grid*: Sherlock Express, one lineup (medium, medium, easy, hard), seeds ``0 .. N-1`` cut
into chunks of :data:`CHUNK` seeds (``sherlockkit.tournament.play``'s work:
``seats.play_chunk``). *Baseline*: the same chunks played serially in this process
(``scheduler="serial"``, no Dask). Both clusters (``execute.client_for("local", n)``: 1 or
2 processes of one thread, 127.0.0.1, no dashboard) are started once, their start-up timed
apart; then each repeat plays the grid serially, on 1 worker and on 2, in a rotating order,
and the ratios *cluster games/s / serial games/s* are taken repeat by repeat.

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
from sherlockkit.tournament import Grid, chunks, seats
from sherlockkit.tournament.execute import client_for

LINEUP = ("medium", "medium", "easy", "hard")
#: seeds a chunk
CHUNK = 25
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
    """Serial, 1 and 2 workers, repeat by repeat; the overhead of an empty chunk."""
    repeats, seeds = (2, 200) if quick else (5, 600)
    grid = Grid("express", [LINEUP], seeds=range(seeds))
    tasks = [t.arguments() for t in chunks(grid, CHUNK)]
    games = grid.games()
    load_before = os.getloadavg()[0]
    serial(tasks[:2])  # warm up imports and caches
    timing = {"serial": [], "1 worker": [], "2 workers": []}
    startup = {}
    with client_for_timed(1, startup) as one, client_for_timed(2, startup) as two:
        for client in (one, two):  # warm every worker up (imports) outside the timings
            client.gather([client.submit(seats.play_chunk, *t, pure=False) for t in tasks[:4]])
        runs = {"serial": lambda: serial(tasks), "1 worker": lambda: on_cluster(one, tasks),
                "2 workers": lambda: on_cluster(two, tasks)}
        for r in range(repeats):
            order = list(runs)[r % 3:] + list(runs)[:r % 3]
            for name in order:
                timing[name].append(runs[name]())
        empty = [(("express", LINEUP, "{}", "{}", ()))] * EMPTY
        overhead = [on_cluster(two, empty) / EMPTY for _ in range(repeats)]
    load_after = os.getloadavg()[0]
    rate = {name: [games / s for s in spent] for name, spent in timing.items()}
    return {
        "repeats": repeats, "games": games, "chunk": CHUNK, "lineup": LINEUP, "games_per_s": rate,
        "startup_s": startup, "overhead_s_per_chunk": overhead, "load_average": [load_before, load_after],
        "rows": [
            row("serial (no Dask): games", rate["serial"], "games/s"),
            row("local cluster, 1 worker: games", rate["1 worker"], "games/s"),
            row("local cluster, 2 workers: games", rate["2 workers"], "games/s"),
            row("ratio 1 worker / serial", ratios(rate["1 worker"], rate["serial"]), "x"),
            row("ratio 2 workers / serial", ratios(rate["2 workers"], rate["serial"]), "x"),
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
