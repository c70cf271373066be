"""Bots for Picture Perfect. A bot decides from its own :class:`~state.View` only.

One level for now (the thinking bots come later):

- ``"random"``: during the exchange, any allowed move; while arranging, a kind of move
  first (place, unplace, aim, VIP, Ready), then one of that kind, so Ready comes often
  and every round ends.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from sherlockkit.engine import chance
from sherlockkit.games.picture import legal
from sherlockkit.games.picture.state import View

LEVELS = ("random",)


def _allowed(view: View) -> list:
    """The moves this seat may make, worked out from its view alone (the exchange card, the
    holders, its own mat and camera: nothing hidden is needed to know what is allowed)."""
    return legal.moves_in_view(view)


@dataclass
class RandomBot:
    """Any allowed move, the kind of move drawn first."""

    seat: int
    rng: random.Random

    def choose(self, view: View):
        options = _allowed(view)
        if not options:
            return None
        kind = self.rng.choice(sorted({type(a).__name__ for a in options}))
        return self.rng.choice([a for a in options if type(a).__name__ == kind])


def make_bots(levels: dict[int, str], seed: int) -> dict[int, RandomBot]:
    """A bot per seat at the level asked (``ValueError`` for an unknown level)."""
    bots = {}
    for seat, level in levels.items():
        if level not in LEVELS:
            raise ValueError(f"There is no bot level {str(level)[:30]!r}; the levels are {', '.join(LEVELS)}.")
        bots[seat] = RandomBot(seat, chance(seed, 0, f"bot/{seat}"))
    return bots
