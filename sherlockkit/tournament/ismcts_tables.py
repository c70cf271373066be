"""Where OpenSpiel's information-set MCTS stands against our bots: the tables the chapters
show, played once and kept beside each game (``ismcts.csv``).

An IS-MCTS seat searches each of its moves (``tournament/ismcts.py``): seconds of CPU a
game where our bots take milliseconds, so the chapters read these tables instead of
playing them in the book's build. ``python -m sherlockkit.tournament.ismcts_tables``
plays them again (on every core) and writes them; a test plays the first seeds of every
cell again and finds the same rows.

- **The card game** (:func:`grids.cardgame_against_ismcts`): one IS-MCTS seat at a table of
  three, against two sleuths, then two constables, and a sleuth against two constables
  for comparison, every lineup in each rotation of the seats; 50 searches a move.
- **Beyond Baker Street** (:func:`grids.bakerstreet_ismcts`): a team of IS-MCTS at two,
  three and four players on Case File 1, a rung beside the ladder's; 20 searches a move
  (a case of four at 50 would take a minute).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Callable

from sherlockkit.tournament import grids
from sherlockkit.tournament.grid import Grid
from sherlockkit.tournament.rates import Rate, win_rates
from sherlockkit.tournament.seats import SeatResult
from sherlockkit.tournament.table import read_table, write_table

GAMES_FOLDER = Path(__file__).resolve().parent.parent / "games"
#: the stored grid of each game, as the chapters read it
STORED: dict[str, Callable[[], Grid]] = {
    "cardgame": lambda: grids.cardgame_against_ismcts(seeds=range(100)),
    "bakerstreet": lambda: grids.bakerstreet_ismcts(seeds=range(100)),
}


def stored_path(game: str) -> Path:
    """The file that keeps ``game``'s table."""
    return GAMES_FOLDER / game / "ismcts.csv"


def stored(game: str) -> list[SeatResult]:
    """The rows of ``game``'s stored table (one per seat of a game played)."""
    return read_table(stored_path(game))


def standings(game: str, by: tuple[str, ...] = ("lineup", "level")) -> list[Rate]:
    """The win rate of each level in each lineup of ``game``'s stored table (``by`` other
    columns to group on), with its 95% interval: where IS-MCTS stands."""
    return win_rates(stored(game), by=list(by))


def by_table(game: str) -> dict[tuple[str, ...], dict[str, Rate]]:
    """The win rate of each level at each table of ``game``'s stored grid, a lineup's
    rotations counted as one table (keyed by the rotation that sorts first): level ->
    :class:`Rate` over every seat it held there."""
    rows = stored(game)
    tables: dict[tuple[str, ...], list[SeatResult]] = {}
    for row in rows:
        lineup = tuple(row.lineup.split(","))
        tables.setdefault(min(grids.rotations(lineup)), []).append(row)
    return {key: {dict(rate.group)["level"]: rate for rate in win_rates(part, by=["level"])}
            for key, part in tables.items()}


def main(argv: list[str] | None = None) -> int:
    """Play every stored grid again, on every core, and write its table."""
    parser = argparse.ArgumentParser(prog="python -m sherlockkit.tournament.ismcts_tables", description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", default=list(STORED), help="the games to play (all by default)")
    parser.add_argument("--chunk", type=int, default=5, help="seeds a task")
    args = parser.parse_args(argv)
    from sherlockkit import tournament

    for game in args.games:
        if game not in STORED:
            print(f"There is no stored IS-MCTS table of {game!r}; there are {', '.join(STORED)}.", file=sys.stderr)
            return 2
        rows = tournament.play(STORED[game](), chunk=args.chunk, scheduler="local")
        write_table(rows, stored_path(game))
        print(f"{game}: {len(rows)} rows in {stored_path(game)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
