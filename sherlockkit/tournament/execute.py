"""Running tasks: serially, on a local Dask cluster, or on any Dask scheduler.

:func:`run_tasks` calls a module-level function on every task and returns the results in
the tasks' order, wherever they ran. ``scheduler`` is:

- ``"serial"``: no Dask at all, one task after the other in this process;
- ``"local"``: a ``distributed.LocalCluster`` on this machine, ``workers`` processes of one
  thread each (every core by default), on 127.0.0.1, its HTTP server on a free port (no
  clash with another cluster on 8787), closed at the end;
- ``"tcp://host:port"`` (or ``tls://``...): the scheduler of a running cluster, whose
  workers must have sherlockkit installed (the same version: results are cached by it).

Dask's worker processes are spawned and import the main module: a script that runs a
tournament keeps its work under ``if __name__ == "__main__":`` (a notebook needs nothing).

Progress: a tqdm bar (``tqdm.auto``: a bar on a terminal, a widget in a notebook) when
``progress`` is true, a call ``progress(done, total)`` when it is a function, nothing when
it is false.
"""

from __future__ import annotations

import contextlib
import logging
import os
from typing import Any, Callable, Sequence

from sherlockkit.tournament.grid import TournamentError

SCHEDULERS = ("serial", "local")
#: seconds to wait for a remote scheduler before giving up
CONNECT_TIMEOUT = 10


def check_scheduler(scheduler: Any, workers: Any) -> None:
    """:class:`TournamentError` (a sentence) for a scheduler or a number of workers that cannot run."""
    if not isinstance(scheduler, str) or not (scheduler in SCHEDULERS or "://" in scheduler):
        raise TournamentError(f"The scheduler is 'serial', 'local' or a Dask scheduler's address such as "
                              f"tcp://10.0.0.5:8786, not {str(scheduler)[:40]!r}.")
    if workers is not None and (type(workers) is not int or workers < 1):
        raise TournamentError(f"The number of workers is a whole number of at least 1, not {str(workers)[:40]!r}.")


def default_workers() -> int:
    """Every core of this machine."""
    return os.cpu_count() or 1


@contextlib.contextmanager
def client_for(scheduler: str, workers: int | None):
    """A ``distributed.Client`` on the scheduler asked for (``"local"``: a fresh
    LocalCluster), closed (with its cluster) on leaving."""
    from distributed import Client, LocalCluster

    with contextlib.ExitStack() as stack:
        if scheduler == "local":
            cluster = stack.enter_context(LocalCluster(
                n_workers=workers or default_workers(), threads_per_worker=1, processes=True,
                host="127.0.0.1", dashboard_address=":0", silence_logs=logging.ERROR))
            client = stack.enter_context(Client(cluster))
        else:
            try:
                client = stack.enter_context(Client(scheduler, timeout=CONNECT_TIMEOUT))
            except (OSError, TimeoutError, ValueError) as error:
                raise TournamentError(f"No Dask scheduler answered at {scheduler[:60]}: {str(error)[:120]}") from None
        yield client


class _Progress:
    """What ``progress`` asked for: a tqdm bar, a function's calls, or nothing."""

    def __init__(self, progress: Any, total: int, unit: str):
        self.done, self.total, self.report, self.bar = 0, total, None, None
        if callable(progress):
            self.report = progress
        elif progress:
            from tqdm.auto import tqdm

            self.bar = tqdm(total=total, unit=unit)

    def step(self) -> None:
        self.done += 1
        if self.bar is not None:
            self.bar.update(1)
        if self.report is not None:
            self.report(self.done, self.total)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def run_tasks(function: Callable, tasks: Sequence[tuple], scheduler: str = "local", workers: int | None = None,
              progress: Any = True, unit: str = "chunk") -> list:
    """``function(*task)`` for every task, the results in the tasks' order whatever ran
    them (``function`` must be module-level, so a worker imports it by name)."""
    check_scheduler(scheduler, workers)
    bar = _Progress(progress, len(tasks), unit)
    try:
        if scheduler == "serial":
            results = []
            for task in tasks:
                results.append(function(*task))
                bar.step()
            return results
        from distributed import as_completed

        with client_for(scheduler, workers) as client:
            futures = [client.submit(function, *task, pure=False) for task in tasks]
            for _ in as_completed(futures):
                bar.step()
            return client.gather(futures)
    finally:
        bar.close()


def _call_each(function: Callable, items: Sequence) -> list:
    """``[function(item) for item in items]``: one chunk of :func:`map_chunks`."""
    return [function(item) for item in items]


def map_chunks(function: Callable, items: Sequence, chunk: int = 1, scheduler: str = "local",
               workers: int | None = None, progress: Any = True, unit: str = "chunk") -> list:
    """``function(item)`` for every item, in order, sent in chunks of ``chunk`` items:
    for runs that are not a grid (the stored tables of the ladder, memory and inquiry)."""
    if type(chunk) is not int or chunk < 1:
        raise TournamentError(f"A chunk holds at least one item, not {str(chunk)[:40]!r}.")
    items = list(items)
    tasks = [(function, items[i:i + chunk]) for i in range(0, len(items), chunk)]
    return [one for part in run_tasks(_call_each, tasks, scheduler, workers, progress, unit) for one in part]


def add_run_arguments(parser, default_workers_text: str = "every core") -> None:
    """The options every stored-table command shares: ``--scheduler`` and ``--workers``
    (``--jobs``, its older name)."""
    parser.add_argument("--scheduler", default="local",
                        help="local (a LocalCluster, the default), serial (no Dask) or a scheduler address tcp://HOST:PORT")
    parser.add_argument("--workers", "--jobs", dest="workers", type=int, default=None,
                        help=f"worker processes of a local cluster (default: {default_workers_text})")


def scheduler_of(scheduler: str | None, jobs: int | None) -> str:
    """The scheduler a run with ``jobs`` processes means when none is named: serial for
    one (or none), a local cluster for more."""
    if scheduler is not None:
        return scheduler
    return "serial" if jobs is None or (type(jobs) is int and jobs <= 1) else "local"
