"""Every number chance gives a case during a move: the player's dice, and the other draws
(an opponent's strike die, 1d3 of Luck, an Ally picked at random).

Each comes from its own stream, ``engine.chance(seed, move, "die N")`` (``"foe N"``,
``"d3 N"``, ``"pick N"``), N counting the numbers drawn so far in the move, so that a
campaign replays exactly from its seed and moves. The tests force these two functions
(``tests/story/conftest.py``).
"""

from __future__ import annotations

import random

from sherlockkit.engine import chance, die
from sherlockkit.games.story.state import Sheet


def roll_dice(sheet: Sheet, count: int) -> tuple[int, ...]:
    """``count`` fresh d6 for the player, each from its own stream of this move (the
    streams :func:`draw` gives for ``"die"``, read as ``randint(1, 6)`` reads them)."""
    seed, step, first = sheet.seed, sheet.step, sheet.draws
    sheet.draws = first + count
    if count == 1:  # nearly every roll is 1d6 or 2d6: no loop around one or two dice
        return (die(chance(seed, step, f"die {first}")),)
    if count == 2:
        return die(chance(seed, step, f"die {first}")), die(chance(seed, step, f"die {first + 1}"))
    return tuple([die(chance(seed, step, f"die {n}")) for n in range(first, first + count)])


def draw(sheet: Sheet, what: str) -> random.Random:
    """The stream for the next number of this move: ``"die"``, ``"foe"`` (an opponent's
    strike), ``"d3"`` (Luck lost with a friend) or ``"pick"`` (someone at random)."""
    stream = chance(sheet.seed, sheet.step, f"{what} {sheet.draws}")
    sheet.draws += 1
    return stream
