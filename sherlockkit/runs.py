"""Stored tables of long bot runs (the Beyond Baker Street ladder, Picture Perfect's memory
parties and questions): saved as CSV under a header and read back.

The runs themselves are played by the tournament runner (``sherlockkit.tournament``); this
module only keeps their rows on disk, in the order they were made.
"""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Iterable, Sequence


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
