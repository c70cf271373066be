"""``python -m sherlockkit.tournament``: play a grid of one game from the command line,
write its tidy table (``--out``) and print the win rates with 95% intervals.

    python -m sherlockkit.tournament --game express --lineup medium,medium,easy \\
        --seeds 0:1000 --chunk 100 --workers 2 --scheduler local --out express.csv

Bad input (an unknown game or level, a range that is not one, an option the game refuses)
is told in a sentence, with exit code 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from sherlockkit.games import GAMES
from sherlockkit.tournament import CHUNK, Grid, TournamentError, run, win_rates, write_table
from sherlockkit.tournament.rates import BY
from sherlockkit.tournament.seats import FIELDS


def seeds_from(text: str) -> range | list[int]:
    """The seeds ``START:STOP`` (``STOP`` left out), ``START:STOP:STEP`` or ``A,B,C`` name;
    :class:`TournamentError` for anything else."""
    try:
        if ":" in text:
            parts = [int(p) for p in text.split(":")]
            if len(parts) not in (2, 3):
                raise ValueError
            seeds = range(*parts)
        else:
            seeds = [int(p) for p in text.split(",")]
    except ValueError:
        raise TournamentError(f"The seeds are START:STOP (such as 0:1000) or a list such as 3,5,8, "
                              f"not {text[:40]!r}.") from None
    if len(seeds) == 0:
        raise TournamentError(f"The range {text[:40]} holds no seed: STOP comes after START.")
    return seeds


def options_from(pairs: list[str], what: str) -> dict:
    """``NAME=VALUE`` pairs as a mapping; a value is read as JSON (``3``, ``true``,
    ``"more suspects"``), else taken as text."""
    options = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise TournamentError(f"A {what} is NAME=VALUE (such as case=3), not {pair[:40]!r}.")
        try:
            options[name.strip()] = json.loads(value)
        except ValueError:
            options[name.strip()] = value
    return options


def parser() -> argparse.ArgumentParser:
    games = ", ".join(GAMES)
    p = argparse.ArgumentParser(
        prog="python -m sherlockkit.tournament",
        description="Play many bot games of one game (a grid of lineups, options and seeds), serially or on "
                    "Dask, and print the win rates with 95% (Wilson) intervals.",
        epilog="Results are cached by grid and game source; the same grid asked again is read back.")
    p.add_argument("--game", required=True, help=f"the game: {games}")
    p.add_argument("--lineup", action="append", required=True, metavar="LEVEL,LEVEL,...",
                   help="a bot level per seat, comma-separated (players = how many); repeat for more lineups")
    p.add_argument("--seeds", default="0:100", help="START:STOP, START:STOP:STEP or A,B,C (default 0:100)")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="a rules option (rules.new), such as case=3 or sherlock=true; repeat for more")
    p.add_argument("--bot-option", action="append", default=[], metavar="NAME=VALUE",
                   help="a bot option (make_bots), such as budget=200; repeat for more")
    p.add_argument("--chunk", type=int, default=CHUNK, help=f"seeds a task (default {CHUNK})")
    p.add_argument("--scheduler", default="local",
                   help="local (a LocalCluster, the default), serial (no Dask) or a scheduler address tcp://HOST:PORT")
    p.add_argument("--workers", type=int, default=None, help="worker processes of a local cluster (default: every core)")
    p.add_argument("--out", type=Path, default=None, help="write the tidy table (CSV, one line a seat) here")
    p.add_argument("--by", default=",".join(BY), help=f"columns the win rates are grouped by (default {','.join(BY)}; "
                                                      f"any of {','.join(FIELDS)})")
    p.add_argument("--cache", type=Path, default=None, help="the cache folder (default: the user's cache)")
    p.add_argument("--no-cache", action="store_true", help="neither read nor keep the table in the cache")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    return p


def main(argv: list[str] | None = None) -> int:
    """Run the command; 0 when the table was made, 2 (and a sentence) for bad input."""
    p = parser()
    args = p.parse_args(argv)
    try:
        grid = Grid(args.game, [tuple(x.strip() for x in one.split(",")) for one in args.lineup],
                    [options_from(args.option, "rules option")], [options_from(args.bot_option, "bot option")],
                    seeds_from(args.seeds))
        by = [c.strip() for c in args.by.split(",")]
        win_rates([], by)  # the columns are checked before anything is played
        cache = False if args.no_cache else (args.cache or True)
        table = run(grid, args.chunk, args.scheduler, args.workers, not args.no_progress, cache)
    except TournamentError as error:
        p.error(str(error))
    if args.out is not None:
        try:
            write_table(table, args.out)
        except OSError as error:
            print(f"The table could not be written to {args.out}: {error.strerror or error}.", file=sys.stderr)
            return 1
    print_rates(win_rates(table, by))
    return 0


def print_rates(rates) -> None:
    """The win rates as a plain text table on standard output."""
    for rate in rates:
        group = "  ".join(f"{name}={value}" for name, value in rate.group)
        score = "" if rate.score is None else f"  mean score {rate.score:.2f}"
        print(f"{group}  games {rate.games}  won {rate.wins}/{rate.seats} = {rate.rate:.3f} "
              f"[{rate.low:.3f}, {rate.high:.3f}]{score}")


if __name__ == "__main__":
    raise SystemExit(main())
