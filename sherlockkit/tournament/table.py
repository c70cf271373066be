"""The tidy table on disk: one CSV line per seat of a game played (``seats.FIELDS``), and
the cache of played grids.

The cache is a folder (``$SHERLOCKKIT_TOURNAMENT_CACHE``, else
``$XDG_CACHE_HOME/sherlockkit/tournament``, else ``~/.cache/sherlockkit/tournament``) of
CSV files named by the game and a key: the SHA-256 of the grid (:meth:`Grid.describe`),
sherlockkit's version and the source of what plays the game (every file of the game's
package but its stored CSVs, sherlockkit's top-level modules, the registry,
``tournament/seats.py`` and ``tournament/ismcts.py``). So a grid asked again is read back, and a change to the grid or
to the game's code plays it anew; how it was chunked or where it ran is not part of the
key, since it does not change a row.
"""

from __future__ import annotations

import csv
import hashlib
import json
import os
from pathlib import Path

import sherlockkit
from sherlockkit.tournament.grid import Grid, TournamentError
from sherlockkit.tournament.seats import FIELDS, SeatResult

PACKAGE = Path(sherlockkit.__file__).resolve().parent


def cache_folder() -> Path:
    """Where played grids are kept (see the module's text)."""
    if os.environ.get("SHERLOCKKIT_TOURNAMENT_CACHE"):
        return Path(os.environ["SHERLOCKKIT_TOURNAMENT_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "sherlockkit" / "tournament"


def source_files(game: str) -> list[Path]:
    """The files whose text decides how ``game`` is played, in a fixed order."""
    folder = PACKAGE / "games" / game
    inside = [p for p in folder.rglob("*") if p.is_file() and p.suffix not in (".csv", ".pyc")
              and "__pycache__" not in p.parts]
    top = [p for p in PACKAGE.glob("*.py")]
    harness = [PACKAGE / "tournament" / name for name in ("seats.py", "ismcts.py")]
    return sorted(inside + top + [PACKAGE / "games" / "__init__.py"] + harness)


def key(grid: Grid) -> str:
    """The cache key of ``grid``: a hex SHA-256 of the grid, the version and the game's source."""
    digest = hashlib.sha256()
    digest.update(json.dumps({"grid": grid.describe(), "version": sherlockkit.__version__},
                             sort_keys=True).encode())
    for path in source_files(grid.game):
        digest.update(str(path.relative_to(PACKAGE)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def cached_path(grid: Grid, folder: Path | None = None) -> Path:
    """The CSV file that holds ``grid``'s table in the cache."""
    return Path(folder or cache_folder()) / f"{grid.game}-{key(grid)[:24]}.csv"


def write_table(rows: list[SeatResult], path: Path) -> None:
    """Write ``rows`` as CSV under the header ``seats.FIELDS`` (a missing score: empty),
    whole or not at all (written aside, then moved into place)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    aside = path.with_name(path.name + ".part")
    with open(aside, "w", newline="") as f:
        out = csv.writer(f)
        out.writerow(FIELDS)
        for row in rows:
            out.writerow(["" if getattr(row, n) is None else getattr(row, n) for n in FIELDS])
    os.replace(aside, path)


def _flag(text: str) -> bool:
    if text not in ("True", "False"):
        raise ValueError(text)
    return text == "True"


def _row(line: dict) -> SeatResult:
    return SeatResult(line["game"], line["lineup"], int(line["players"]), line["options"], line["bot_options"],
                      int(line["seed"]), int(line["seat"]), line["level"], _flag(line["won"]),
                      float(line["share"]), None if line["score"] == "" else int(line["score"]), int(line["moves"]))


def read_table(path: Path) -> list[SeatResult]:
    """The rows of a table written by :func:`write_table`; :class:`TournamentError` with a
    sentence when the file is missing or is not such a table."""
    try:
        with open(path, newline="") as f:
            reader = csv.DictReader(f)
            if tuple(reader.fieldnames or ()) != FIELDS:
                raise TournamentError(f"{Path(path).name} is not a tournament table: its columns are not "
                                      f"{', '.join(FIELDS)}.")
            return [_row(line) for line in reader]
    except OSError:
        raise TournamentError(f"There is no tournament table at {str(path)[:80]}.") from None
    except (ValueError, KeyError, TypeError) as error:
        if isinstance(error, TournamentError):
            raise
        raise TournamentError(f"{Path(path).name} is not a tournament table: a line cannot be read.") from None
