"""Beyond Baker Street: the ladder of bots -- whole cases played by a team of one bot
level, and the win-rate table the chapter shows.

Every game is dealt and played from its seed alone (the bots' random sources too), so a
table is the same each time it is made. The ``"seeing"`` bot is given its own hand here,
by the harness (:func:`play_case`), and nowhere else.

The chapter's full table (every level, case file and table size, thousands of games a
cell) takes hours, so it is played once by ``python -m sherlockkit.games.bakerstreet.ladder``
and kept in ``ladder.csv`` beside this module, as wins per block of :data:`BLOCK` seeds;
any block can be played again and must give the same wins (a test does it).

Every cell holds 2,000 cases, the searching rung's too. That rung is nearly all the cost:
a searching bot plays the case out on several tables at each move it searches, a quarter
of a second to a second and a half of CPU a case where the others take milliseconds
(``benchmarks/bakerstreet.py`` times its moves), so its 18 cells are hours of two cores
and the other rungs' minutes. It was played on its own (``--levels search``, the other
rungs' blocks kept), a few cells at a time (``--players``, ``--cases``) and from a seed
on (``--from``, a cell's earlier blocks kept).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from sherlockkit import runs, tournament
from sherlockkit.games.bakerstreet import bots
from sherlockkit.games.bakerstreet.teams import Game, play_case  # noqa: F401 -- play_case, as the ladder plays it
# the 95% interval of a win rate: the tournament runner's, so the ladder and every other table agree
from sherlockkit.tournament.rates import Z95, compared, wilson  # noqa: F401 -- Z95, for the ladder's readers


def win_rates(level: str, players: int, case: int, games: int, seed: int = 0,
              characters=None) -> tuple[int, int, float, float]:
    """How many of ``games`` cases (seeds ``seed``, ``seed + 1``, ...) a team of ``level``
    bots wins: ``(wins, games, low, high)`` with the 95% Wilson interval."""
    wins = sum(play_case(level, players, case, seed + g, characters).outcome.won for g in range(games))
    low, high = wilson(wins, games)
    return wins, games, low, high


@dataclass(frozen=True)
class Row:
    """One line of the ladder table: a level, a table size and a case, its wins out of
    ``games``, the 95% interval, and how many games a second the bots played."""

    level: str
    players: int
    case: int
    wins: int
    games: int
    low: float
    high: float
    per_second: float


def ladder_table(games: int = 100, levels=bots.LEVELS, players=(2, 3, 4), cases=range(1, 7),
                 seed: int = 0) -> list[Row]:
    """The win rates of every ``level`` at every table size and case, ``games`` each."""
    rows = []
    for level in levels:
        for n in players:
            for case in cases:
                start = time.perf_counter()
                wins, played, low, high = win_rates(level, n, case, games, seed)
                spent = time.perf_counter() - start
                rows.append(Row(level, n, case, wins, played, low, high, played / spent if spent else math.inf))
    return rows


# --- the stored table ---------------------------------------------------------------------------

#: the games of one stored block: seeds ``start`` .. ``start + BLOCK - 1``
BLOCK = 100
#: the table sizes and case files of the ladder's grid
PLAYERS, CASES = (2, 3, 4), tuple(range(1, 7))
#: where the chapter's table is kept
STORED = Path(__file__).with_name("ladder.csv")
FIELDS = ("level", "players", "case", "start", "games", "wins")


@dataclass(frozen=True)
class Block:
    """The wins of a team of ``level`` bots in the cases dealt from seeds ``start`` ..
    ``start + games - 1``, at a table of ``players`` on case file ``case``."""

    level: str
    players: int
    case: int
    start: int
    games: int
    wins: int


def play_block(level: str, players: int, case: int, start: int, games: int = BLOCK) -> Block:
    """The block of ``games`` cases from seed ``start``, played out."""
    wins = sum(play_case(level, players, case, seed).outcome.won for seed in range(start, start + games))
    return Block(level, players, case, start, games, wins)


def play_grid(games: int, levels=bots.LEVELS, players=(2, 3, 4), cases=range(1, 7), jobs: int = 1,
              progress=None, scheduler: str | None = None, start: int = 0) -> list[Block]:
    """Every cell of the grid played for the seeds from ``start`` (a whole number of blocks)
    up to ``games``, in blocks of :data:`BLOCK`, as a tournament (``sherlockkit.tournament``,
    a chunk a block) on ``scheduler`` (by default serial for one job, a local Dask cluster
    of ``jobs`` workers for more); the blocks come back in grid order wherever they were
    played."""
    grid = tournament.Grid("bakerstreet", [(level,) * n for level in levels for n in players],
                           [{"case": case} for case in cases], seeds=range(start, games))
    rows = tournament.play(grid, BLOCK, tournament.execute.scheduler_of(scheduler, jobs), jobs, progress)
    cells: dict[tuple[str, int, int, int], list[int]] = {}
    for r in rows:
        if r.seat == 0:  # the team wins or loses together: one row a case
            start = r.seed - r.seed % BLOCK
            tally = cells.setdefault((r.level, r.players, json.loads(r.options)["case"], start), [0, 0])
            tally[0] += 1
            tally[1] += r.won
    return [Block(level, n, case, start, played, wins) for (level, n, case, start), (played, wins) in cells.items()]


def save_blocks(blocks: list[Block], path: Path = STORED) -> None:
    """Write ``blocks`` as the stored table (one CSV line a block)."""
    runs.save_rows(blocks, FIELDS, path)


def stored_blocks(path: Path = STORED) -> list[Block]:
    """The blocks kept in the stored table."""
    return [Block(r["level"], int(r["players"]), int(r["case"]), int(r["start"]), int(r["games"]),
                  int(r["wins"])) for r in runs.read_rows(path)]


def table_from(blocks: list[Block]) -> list[Row]:
    """One :class:`Row` per cell (level, table size, case): its blocks' wins and games
    added up, with the 95% Wilson interval (``per_second`` is not kept: ``nan``)."""
    cells: dict[tuple[str, int, int], list[int]] = {}
    for b in blocks:
        tally = cells.setdefault((b.level, b.players, b.case), [0, 0])
        tally[0] += b.wins
        tally[1] += b.games
    return [Row(level, n, case, wins, games, *wilson(wins, games), math.nan)
            for (level, n, case), (wins, games) in cells.items()]


def stored_table(path: Path = STORED) -> list[Row]:
    """The chapter's ladder table, as kept in ``ladder.csv``."""
    return table_from(stored_blocks(path))


def comparisons(rows: list[Row], levels=bots.LEVELS) -> list[tuple[str, str, int, int, str]]:
    """For every table size and case, each level against the one below it on the ladder:
    ``(lower, upper, players, case, verdict)`` where the verdict is ``"above"`` (the upper
    level's interval lies wholly above the lower's), ``"below"`` (wholly under it) or
    ``"overlap"`` (the games do not tell them apart)."""
    by = {(r.level, r.players, r.case): r for r in rows}
    out = []
    for (level, n, case), upper in sorted(by.items(), key=lambda kv: (kv[0][1], kv[0][2])):
        i = levels.index(level)
        if i == 0 or (levels[i - 1], n, case) not in by:
            continue
        lower = by[(levels[i - 1], n, case)]
        out.append((lower.level, upper.level, n, case, compared(upper, lower)))
    return out


@dataclass(frozen=True)
class Step:
    """One rung of the ladder, ``upper``, against the one below it, ``lower``, over the
    ``cells`` (table size, case) where both were played, each cell a ``(players, case)``:
    ``above``, where the upper level's 95% interval lies wholly above the lower's;
    ``overlap``, where the games cannot tell them apart; ``below``, where it lies wholly
    under. Of the overlaps: ``neither``, where neither team won a single case, and
    ``scarce``, where one did but both win fewer than the ``rare`` share of their cases."""

    lower: str
    upper: str
    cells: int
    above: tuple[tuple[int, int], ...]
    overlap: tuple[tuple[int, int], ...]
    below: tuple[tuple[int, int], ...]
    neither: tuple[tuple[int, int], ...]
    scarce: tuple[tuple[int, int], ...]


def steps(rows: list[Row], levels=bots.LEVELS, rare: float = 0.02) -> list[Step]:
    """Each level of ``levels`` against the one below it (a :class:`Step` each, from the
    bottom of the ladder), read from :func:`comparisons` of ``rows``."""
    by = {(r.level, r.players, r.case): r for r in rows}
    verdicts = comparisons(rows, levels)
    out = []
    for lower, upper in zip(levels, levels[1:]):
        pair = [(n, c, verdict) for lo, up, n, c, verdict in verdicts if (lo, up) == (lower, upper)]

        def where(verdict):
            return tuple((n, c) for n, c, v in pair if v == verdict)

        overlap = where("overlap")
        neither = tuple(cell for cell in overlap if by[(lower, *cell)].wins == 0 and by[(upper, *cell)].wins == 0)
        scarce = tuple(cell for cell in overlap if cell not in neither
                       and max(by[(lv, *cell)].wins / by[(lv, *cell)].games for lv in (lower, upper)) < rare)
        out.append(Step(lower, upper, len(pair), where("above"), overlap, where("below"), neither, scarce))
    return out


def rates(rows: list[Row]) -> dict[tuple[str, int, int], float]:
    """The win rate of every cell of ``rows``, by ``(level, players, case)``."""
    return {(r.level, r.players, r.case): r.wins / r.games for r in rows}


def price_of_hidden(rows: list[Row], seeing: str = "seeing", blind: str = "inference") -> dict[tuple[int, int], float]:
    """What holding your cards facing out costs a team, cell by cell (``(players, case)``):
    the win rate of a team that sees its own hand (``seeing``) less that of the best team
    that does not (``blind``), in the same cells."""
    rate = rates(rows)
    return {(n, c): rate[(seeing, n, c)] - rate[(blind, n, c)]
            for level, n, c in rate if level == seeing and (blind, n, c) in rate}


def share_of_seeing(rows: list[Row], level: str = "search", seeing: str = "seeing") -> dict[tuple[int, int], float]:
    """How much of the seeing team's win rate a team of ``level`` reaches, cell by cell
    (``(players, case)``): its win rate over the seeing team's (``nan`` where the seeing
    team won nothing)."""
    rate = rates(rows)
    return {(n, c): rate[(level, n, c)] / rate[(seeing, n, c)] if rate[(seeing, n, c)] else math.nan
            for lv, n, c in rate if lv == level and (seeing, n, c) in rate}


def case_file_drop(rows: list[Row], level: str, players: int) -> float:
    """How much the case files take from a team of ``level`` at a table of ``players``:
    its win rate on Case File 1 less its lowest on any Case File."""
    rate = rates(rows)
    cases = [c for lv, n, c in rate if (lv, n) == (level, players)]
    return rate[(level, players, 1)] - min(rate[(level, players, c)] for c in cases)


def main(argv=None) -> int:
    """Play the ladder grid and store it (``--games`` seeds a cell; ``--levels``,
    ``--players``, ``--cases``: only these cells, the other cells' stored blocks kept;
    ``--from``: only the blocks from this seed on, a played cell's earlier blocks kept;
    ``--scheduler``, ``--workers``: where the tournament runner plays it)."""
    parser = argparse.ArgumentParser(description="Play the Beyond Baker Street ladder and store its table.")
    parser.add_argument("--games", type=int, default=2000, help="cases a cell (default 2000)")
    tournament.execute.add_run_arguments(parser)
    parser.add_argument("--levels", nargs="+", choices=bots.LEVELS, default=list(bots.LEVELS),
                        help="play only these rungs again; the other rungs' stored blocks are kept")
    parser.add_argument("--players", nargs="+", type=int, choices=PLAYERS, default=list(PLAYERS),
                        help="only these table sizes")
    parser.add_argument("--cases", nargs="+", type=int, choices=CASES, default=list(CASES),
                        help="only these case files")
    parser.add_argument("--from", dest="start", type=int, default=0,
                        help=f"play the seeds from this one on (a multiple of {BLOCK}); the earlier blocks are kept")
    parser.add_argument("--out", type=Path, default=STORED, help=f"where to write (default {STORED.name})")
    args = parser.parse_args(argv)
    if args.start < 0 or args.start % BLOCK or args.games <= args.start:
        parser.error(f"The seeds played run from --from, a multiple of {BLOCK}, up to --games, which is larger: "
                     f"not {args.start} to {args.games}.")
    levels = [level for level in bots.LEVELS if level in args.levels]
    players, cases = sorted(set(args.players)), sorted(set(args.cases))
    try:
        blocks = play_grid(args.games, levels, players, cases, jobs=args.workers, progress=True,
                           scheduler=args.scheduler, start=args.start)
    except tournament.TournamentError as error:
        parser.error(str(error))
    played = {(b.level, b.players, b.case) for b in blocks}
    kept = [b for b in stored_blocks(STORED) if (b.level, b.players, b.case) not in played or b.start < args.start]
    order = {level: i for i, level in enumerate(bots.LEVELS)}
    blocks = sorted(kept + blocks, key=lambda b: (order[b.level], b.players, b.case, b.start))
    save_blocks(blocks, args.out)
    print(f"wrote {len(blocks)} blocks to {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
