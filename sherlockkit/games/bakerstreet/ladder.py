"""Beyond Baker Street: the ladder of bots -- whole cases played by a team of one bot
level, and the win-rate table the chapter shows.

Every game is dealt and played from its seed alone (the bots' random sources too), so a
table is the same each time it is made. The ``"seeing"`` bot is given its own hand here,
by the harness (:func:`play_case`), and nowhere else.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from sherlockkit.games.bakerstreet import bots, rules
from sherlockkit.games.bakerstreet.state import Action, Outcome

#: no case lasts this long (the 24 cards and Holmes's track run out far sooner)
MOVE_LIMIT = 400
#: the normal quantile of a 95% interval
Z95 = 1.959963984540054


@dataclass(frozen=True)
class Game:
    """One case played out: how it ended and every move, in order."""

    outcome: Outcome
    moves: tuple[Action, ...]


def play_case(levels: str | dict[int, str], players: int, case: int, seed: int, characters=None) -> Game:
    """Case File ``case`` dealt from ``seed`` for ``players`` seats, every seat a bot of
    ``levels`` (one level, or seat -> level for a mixed team), played to its end (as
    ``engine.play_out`` does: each bot shown its own view, the seat whose turn it is moves)."""
    state = rules.new(seed, players, case, characters)
    if isinstance(levels, str):
        levels = {p: levels for p in range(players)}
    # the seeing bot's peek reads the table as it is now (``state`` is rebound each move)
    team = bots.make_bots(levels, seed, peek=lambda seat: state.hands[seat])
    moves: list[Action] = []
    while rules.outcome(state) is None:
        seat = state.turn
        action = team[seat].choose(rules.view(state, seat))
        if action is None:
            raise ValueError(f"The {levels[seat]} bot in seat {seat} did not move, but the case is not over.")
        state = rules.play(state, action)
        moves.append(action)
        if len(moves) > MOVE_LIMIT:
            raise RuntimeError(f"The bots went on for more than {MOVE_LIMIT} moves.")
    return Game(rules.outcome(state), tuple(moves))


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval (95% by default) of a win rate of ``wins`` in ``games``."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = p + z * z / (2 * games)
    spread = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    scale = 1 + z * z / games
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)


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
