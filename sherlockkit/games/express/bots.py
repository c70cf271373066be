"""Sherlock Express bots, and the race that decides who acts first.

A bot looks only at its own view. It slaps only when the table proves the culprit --
except an easy bot, which sometimes guesses between the last two uncleared suspects
(a guess is always wrong: nothing is proven yet). Its reaction time is drawn anew each
time the table changes; the quickest hand wins the slap.

``race`` turns that into the next action and its delay, so the same bots drive a game
in the widget (with real timers) and in a simulation (with simulated time).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from sherlockkit.games.express import rules
from sherlockkit.games.express.rules import Reveal, Slap, State, View


@dataclass(frozen=True)
class Level:
    """How a bot plays: its reaction (seconds, low..high), its chance of guessing when
    two suspects are left, and its pause before turning up an alibi."""

    name: str
    reaction: tuple[float, float]
    guess_chance: float
    pause: float


LEVELS = {
    "easy": Level("easy", (1.8, 3.2), 0.25, 1.6),
    "medium": Level("medium", (1.1, 2.2), 0.08, 1.3),
    "hard": Level("hard", (0.7, 1.4), 0.0, 1.1),
    "expert": Level("expert", (0.4, 0.8), 0.0, 0.9),
}


@dataclass
class Bot:
    """A seat played by the computer."""

    seat: int
    level: Level
    rng: random.Random

    def intent(self, table: View) -> Slap | None:
        """The slap this bot means to make on this table, or ``None`` to keep watching."""
        if table.finished or self.seat in table.out:
            return None
        proven = rules.correct_slots(table)
        if proven:
            return Slap(self.seat, proven[0])
        left = rules.uncleared_slots(table.display, table.face_up_traits)
        if len(left) == 2 and self.rng.random() < self.level.guess_chance:
            return Slap(self.seat, self.rng.choice(left))
        return None

    def reaction_time(self) -> float:
        """Seconds this bot needs to slap, drawn for this look at the table."""
        low, high = self.level.reaction
        return self.rng.uniform(low, high)


def race(state: State, bots: dict[int, Bot]) -> tuple[float, rules.Action] | None:
    """The bots' next action and how many seconds after the last change it comes:
    the quickest slap, unless a bot whose turn it is turns up an alibi first.
    ``None`` when no bot will act (a human's turn, or the game is over)."""
    if state.finished:
        return None
    best: tuple[float, rules.Action] | None = None
    for seat, bot in bots.items():
        slap = bot.intent(rules.view(state, seat))
        if slap is not None:
            delay = bot.reaction_time()
            if best is None or delay < best[0]:
                best = (delay, slap)
    if state.turn in bots:
        pause = bots[state.turn].level.pause
        if best is None or pause < best[0]:
            best = (pause, Reveal(state.turn))
    return best


def make_bots(levels: dict[int, str], seed: int) -> dict[int, Bot]:
    """Bots for the given seats (seat -> level name), each with its own random source."""
    unknown = set(levels.values()) - set(LEVELS)
    if unknown:
        raise ValueError(f"Unknown bot level {sorted(unknown)[0]!r}; the levels are {', '.join(LEVELS)}.")
    return {seat: Bot(seat, LEVELS[name], random.Random(f"{seed}/{seat}")) for seat, name in levels.items()}


def play_out(state: State, bots: dict[int, Bot], max_actions: int = 100_000) -> tuple[State, list[rules.Action]]:
    """A game played to its end by bots alone: the final state and every action taken."""
    if set(bots) != set(range(state.players)):
        raise ValueError("Every seat needs a bot to play a game out.")
    actions = []
    while not state.finished and len(actions) < max_actions:
        move = race(state, bots)
        if move is None:
            raise RuntimeError("The bots are stuck: no bot can act on this table.")
        action = move[1]
        state = rules.play(state, action)
        actions.append(action)
    return state, actions
