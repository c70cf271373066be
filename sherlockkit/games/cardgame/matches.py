"""What the computer's players' games show, in the card game's terms: how a hand ended
(an arrest, and the card that made it; an escape; a cold trail), read from a finished
game's events, and how many penalty points a game one level of bot finished ahead of
another, read from a tournament's table (``sherlockkit.tournament``).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from sherlockkit.games.cardgame.events import Arrested, Escaped, TrailCold
from sherlockkit.games.cardgame.state import State

#: the events that end a hand, and how the book names each ending
ENDINGS = {Arrested: "arrest", Escaped: "escape", TrailCold: "cold trail"}


def ending(state: State) -> tuple[str, str | None]:
    """How the first hand of ``state`` ended: ``("arrest", card)`` with the card that
    caught the Villain (an Arrest, an Inspector on Scotland Yard, Holmes or Watson),
    ``("escape", None)`` when the Villain's holder went out, or ``("cold trail", None)``;
    ``ValueError`` while no hand has ended."""
    for event in state.events:
        how = ENDINGS.get(type(event))
        if how is not None:
            return how, event.card if isinstance(event, Arrested) else None
    raise ValueError("No hand of this game has ended yet.")


@dataclass(frozen=True)
class Edge:
    """How far ``ahead``'s seats finished ahead of ``behind``'s, in penalty points a game:
    ``points`` is the mean, over the games, of the mean penalty of ``behind``'s seats less
    that of ``ahead``'s (positive: ``ahead`` did better, since the fewest points win);
    ``standard_error`` is that mean's, over the ``games`` games."""

    ahead: str
    behind: str
    points: float
    standard_error: float
    games: int


def points_edge(table: Iterable, ahead: str = "sleuth", behind: str = "constable") -> Edge:
    """The :class:`Edge` of ``ahead`` over ``behind`` in a tournament's tidy table (rows
    with ``game``, ``lineup``, ``options``, ``bot_options``, ``seed``, ``level`` and
    ``score``). Each game counts once, whatever the number of seats of each level in it,
    so the two levels are compared at the same deal; ``ValueError`` if a game lacks either
    level or there are fewer than two games."""
    games: dict[tuple, dict[str, list[int]]] = {}
    for row in table:
        seats = games.setdefault((row.game, row.lineup, row.options, row.bot_options, row.seed),
                                 {ahead: [], behind: []})
        if row.level in seats:
            seats[row.level].append(row.score)
    gaps = []
    for seats in games.values():
        if not seats[ahead] or not seats[behind]:
            raise ValueError(f"Every game must seat both a {ahead} and a {behind}.")
        gaps.append(sum(seats[behind]) / len(seats[behind]) - sum(seats[ahead]) / len(seats[ahead]))
    n = len(gaps)
    if n < 2:
        raise ValueError("An edge and its standard error need at least two games.")
    mean = sum(gaps) / n
    spread = math.sqrt(sum((g - mean) ** 2 for g in gaps) / (n - 1) / n)
    return Edge(ahead, behind, mean, spread, n)
