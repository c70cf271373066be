"""Long runs of bot games that the book keeps as tables (the Beyond Baker Street ladder,
Picture Perfect's memory parties): played on one or more processes in a fixed order, saved
as CSV, read back, with a progress line on the terminal.

Every game is played from its seed alone, so a run gives the same rows however many
processes play it; the order of the rows is the order of the work.
"""

from __future__ import annotations

import csv
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Callable, Iterable, Sequence


def run_all(play: Callable, work: Sequence, jobs: int = 1, progress: Callable[[int, int], None] | None = None,
            chunksize: int = 1) -> list:
    """``play(item)`` for every item of ``work``, in order, on ``jobs`` processes (``play``
    must be a module-level function); ``progress(done, total)`` after each."""
    if jobs <= 1:
        return _collect(map(play, work), len(work), progress)
    with ProcessPoolExecutor(jobs) as pool:
        return _collect(pool.map(play, work, chunksize=chunksize), len(work), progress)


def _collect(results: Iterable, total: int, progress) -> list:
    done: list = []
    for one in results:
        done.append(one)
        if progress:
            progress(len(done), total)
    return done


def save_rows(rows: Iterable, fields: Sequence[str], path: Path) -> None:
    """Write ``rows`` (objects with the attributes ``fields``) as CSV under a header."""
    with open(path, "w", newline="") as f:
        out = csv.writer(f)
        out.writerow(fields)
        for row in rows:
            out.writerow([getattr(row, name) for name in fields])


def read_rows(path: Path) -> list[dict[str, str]]:
    """The rows of a CSV written by :func:`save_rows`, as dicts of text."""
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def progress_line(what: str) -> Callable[[int, int], None]:
    """A progress reporter writing ``done/total what, seconds`` over one terminal line."""
    start = time.perf_counter()

    def report(done: int, total: int) -> None:
        print(f"\r{done}/{total} {what}, {time.perf_counter() - start:.0f} s", end="", file=sys.stderr)

    return report
