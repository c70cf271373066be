"""Win rates with 95% intervals, read from the tidy table.

The interval is Wilson's score interval (not Clopper-Pearson): it is what the ladder's
table has always shown, it stays inside [0, 1], and it takes a fractional count of wins,
which :func:`win_rates` needs when several seats of one game fall in the same group.

The unit of a rate is the *game*, not the seat: the seats of one game are not independent
(in Beyond Baker Street they win together), so a game with ``k`` seats in a group counts
once, with the share of those seats that won. The rate is wins / seats; the interval is
Wilson's for that rate over the number of games.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable, Sequence

from sherlockkit.tournament.grid import TournamentError
from sherlockkit.tournament.seats import FIELDS, SeatResult

#: the normal quantile of a two-sided 95% interval
Z95 = 1.959963984540054
#: the groups :func:`win_rates` makes unless told otherwise: one per cell and level
BY = ("game", "lineup", "options", "bot_options", "level")


def wilson(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval (95% by default) of a rate of ``wins`` in ``games``
    (``(0, 1)`` when no game was played)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = p + z * z / (2 * games)
    spread = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    scale = 1 + z * z / games
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)


def compared(upper, lower) -> str:
    """How rate ``upper`` stands to rate ``lower`` (anything with 95% ends ``low`` and
    ``high``): ``"above"`` when its interval lies wholly above the other's, ``"below"``
    when wholly under it, ``"overlap"`` when the games cannot tell them apart."""
    return "above" if upper.low > lower.high else "below" if upper.high < lower.low else "overlap"


@dataclass(frozen=True)
class Rate:
    """One group's record: its values of the ``by`` columns, the games and seats it
    holds, the seats that won, the win rate (wins / seats) with its 95% interval, the mean
    share of a seat (ties shared) and the mean score (``None`` without scores)."""

    group: tuple[tuple[str, object], ...]
    games: int
    seats: int
    wins: int
    rate: float
    low: float
    high: float
    share: float
    score: float | None

    def as_dict(self) -> dict:
        """The record as one flat row (the group's columns first)."""
        return {**dict(self.group), "games": self.games, "seats": self.seats, "wins": self.wins,
                "rate": self.rate, "low": self.low, "high": self.high, "share": self.share, "score": self.score}


def win_rates(table: Iterable[SeatResult], by: Sequence[str] = BY) -> list[Rate]:
    """A :class:`Rate` for each group of rows with the same ``by`` columns, in the order
    the groups first come in the table."""
    by = (by,) if isinstance(by, str) else tuple(by)
    wrong = [name for name in by if name not in FIELDS]
    if wrong or not by:
        raise TournamentError(f"A table is grouped by some of its columns ({', '.join(FIELDS)}), "
                              f"not {str(wrong[0] if wrong else 'nothing')[:40]!r}.")
    groups: dict[tuple, list[SeatResult]] = {}
    for row in table:
        groups.setdefault(tuple(getattr(row, name) for name in by), []).append(row)
    out = []
    for values, rows in groups.items():
        games = len({(r.game, r.lineup, r.options, r.bot_options, r.seed) for r in rows})
        wins = sum(r.won for r in rows)
        rate = wins / len(rows)
        scores = [r.score for r in rows if r.score is not None]
        out.append(Rate(tuple(zip(by, values)), games, len(rows), wins, rate, *wilson(rate * games, games),
                        sum(r.share for r in rows) / len(rows), sum(scores) / len(scores) if scores else None))
    return out
