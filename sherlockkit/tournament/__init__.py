"""Tournaments: many bot games of one game, on one core, a local cluster or any Dask
scheduler, as a tidy table -- and win rates with 95% intervals.

    from sherlockkit import tournament
    grid = tournament.grids.express_levels(seeds=range(200))
    table = tournament.run(grid)                     # a list of SeatResult, one per seat of a game
    rates = tournament.win_rates(table, by=["level"])  # Rate: wins, rate, low, high (Wilson, 95%)

A :class:`Grid` is a game × lineups × rules options × bot options × seeds; it is cut into
chunks of seeds (``grid.py``), each played by a pure function of its arguments
(``seats.play_chunk``) serially or on Dask (``execute.py``); every game is dealt and played
from its seed alone, so the rows are the same wherever and however chunked they ran. The
table is kept in a cache keyed by the grid and the game's source (``table.py``) and read
back when the same grid is asked again. ``python -m sherlockkit.tournament --help`` runs a
grid from the command line.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sherlockkit.tournament import grids, seats
from sherlockkit.tournament.execute import check_scheduler, map_chunks, run_tasks
from sherlockkit.tournament.grid import Grid, Task, TournamentError, chunks
from sherlockkit.tournament.rates import Rate, win_rates, wilson
from sherlockkit.tournament.seats import FIELDS, SeatResult
from sherlockkit.tournament.table import cache_folder, cached_path, read_table, write_table

__all__ = ["Grid", "Task", "TournamentError", "SeatResult", "Rate", "FIELDS", "run", "play", "win_rates",
           "wilson", "read_table", "write_table", "chunks", "grids", "map_chunks", "run_tasks", "cache_folder",
           "cached_path"]

#: seeds a chunk by default: a few seconds of work for the quick games, amortising a task's overhead
CHUNK = 100


def play(grid: Grid, chunk: int = CHUNK, scheduler: str = "local", workers: int | None = None,
         progress: Any = True) -> list[SeatResult]:
    """Every game of ``grid`` played now (no cache): the tidy table, cell by cell, seed by
    seed, seat by seat."""
    if not isinstance(grid, Grid):
        raise TournamentError("A tournament plays a Grid (tournament.Grid or one of tournament.grids).")
    tasks = [task.arguments() for task in chunks(grid, chunk)]
    parts = run_tasks(seats.play_chunk, tasks, scheduler, workers, progress)
    return [row for part in parts for row in part]


def run(grid: Grid, chunk: int = CHUNK, scheduler: str = "local", workers: int | None = None,
        progress: Any = True, cache: bool | str | Path = True) -> list[SeatResult]:
    """The tidy table of ``grid``: read from the cache when this grid was played before by
    this code, else played (:func:`play`) and kept there. ``cache`` is ``True`` (the
    default folder, :func:`cache_folder`), a folder, or ``False`` (neither read nor kept)."""
    if not isinstance(grid, Grid):
        raise TournamentError("A tournament plays a Grid (tournament.Grid or one of tournament.grids).")
    check_scheduler(scheduler, workers)
    chunks(grid, chunk)  # the chunk size is checked before the cache is read
    path = None
    if cache:
        path = cached_path(grid, None if cache is True else Path(cache))
        if path.exists():
            try:
                return read_table(path)
            except TournamentError:
                pass  # a damaged cache file is played again and replaced
    table = play(grid, chunk, scheduler, workers, progress)
    if path is not None:
        write_table(table, path)
    return table
