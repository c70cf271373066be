"""Sherlock Express bots: they slap what the table proves, and turn up alibis in turn.

A bot looks only at its own view (``engine.Bot``): ``choose`` returns the slap it makes,
the ``Reveal`` of its alibi when it is its turn and it has nothing to slap, or ``None``.
It slaps only when the face-up alibis prove the culprit -- except that *easy* and
*medium* bots sometimes guess between the last two uncleared suspects (easy often,
medium a little; a guess is always wrong, since nothing is proven yet). *Hard* and
*expert* bots never slap without a proof.

How quick a bot is belongs to its level, as data: a reaction time (seconds, drawn anew
for every look at the table) for a slap, and a pause before turning up an alibi.
:func:`thinking_time` turns that data into a delay; the widget's session puts the delay
on a real clock, and :func:`play_out` (simulations) lets the quickest hand move first.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable, Mapping

from sherlockkit import engine
from sherlockkit.games.express import rules
from sherlockkit.games.express.deduction import correct_slots, uncleared_slots
from sherlockkit.games.express.state import Action, Outcome, Reveal, Slap, State, View


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
    """A seat played by the computer, at a level, with its own random source."""

    seat: int
    level: Level
    rng: random.Random

    def choose(self, view: View) -> Slap | Reveal | None:
        """The move this bot makes on this table, of the moves its view offers: a slap on
        what the table proves (or, at times, a guess), else its alibi when it is its turn,
        else ``None`` (keep watching)."""
        legal = rules.legal_moves(view)
        slaps = {move.slot: move for move in legal if type(move) is Slap}
        if slaps:
            proven = correct_slots(view)
            if proven:
                return slaps[proven[0]]
            left = uncleared_slots(view.display, view.face_up_traits)
            if len(left) == 2 and self.rng.random() < self.level.guess_chance:
                return slaps[self.rng.choice(left)]
        return next((move for move in legal if type(move) is Reveal), None)

    def reaction_time(self) -> float:
        """Seconds this bot needs to slap, drawn for this look at the table."""
        low, high = self.level.reaction
        return self.rng.uniform(low, high)


def thinking_time(bot: Bot, action: Action) -> float:
    """Seconds before ``bot`` makes ``action``: a reaction time drawn for a slap, its
    level's pause for turning up an alibi."""
    return bot.reaction_time() if isinstance(action, Slap) else bot.level.pause


def quickest(bots: Mapping[int, Bot]) -> Callable[[Mapping[int, Action]], Action]:
    """A ``pick`` for ``engine.play_out``: of the moves the bots propose at once, the one
    made soonest (a tie goes to the lowest seat)."""
    def pick(proposals: Mapping[int, Action]) -> Action:
        delays = {seat: thinking_time(bots[seat], action) for seat, action in sorted(proposals.items())}
        return proposals[min(delays, key=delays.get)]
    return pick


def make_bots(levels: dict[int, str], seed: int) -> dict[int, Bot]:
    """Bots for the given seats (seat -> level name), each with its own random source."""
    unknown = set(levels.values()) - set(LEVELS)
    if unknown:
        raise ValueError(f"Unknown bot level {sorted(unknown)[0]!r}; the levels are {', '.join(LEVELS)}.")
    return {seat: Bot(seat, LEVELS[name], random.Random(f"{seed}/{seat}")) for seat, name in levels.items()}


class _Rounds:
    """The rules, with the game over for ``play_out`` once ``last`` rounds are done."""

    def __init__(self, last: int):
        self.last = last

    def __getattr__(self, name):
        return getattr(rules, name)

    def outcome(self, state: State):
        return rules.outcome(state) or (True if state.round > self.last else None)


def play_out(state: State, bots: dict[int, Bot], rounds: int | None = None,
             max_actions: int = 100_000) -> tuple[State, list[Action]]:
    """A game played by bots alone, the quickest hand first, to its end (or until
    ``rounds`` more rounds are over): the final state and every action taken."""
    if set(bots) != set(range(state.players)):
        raise ValueError("Every seat needs a bot to play a game out.")
    game = rules if rounds is None else _Rounds(state.round + rounds - 1)
    return engine.play_out(game, state, bots, pick=quickest(bots), limit=max_actions)


def race(game: str, lineup: tuple[str, ...], options: dict, bot_options: dict, seed: int) -> tuple[Outcome, int]:
    """One game for the tournament runner (``sherlockkit.games``' ``plays``): the bots of
    ``lineup`` (a level a seat) race from the deal of ``seed``, the quickest hand first:
    the outcome and how many moves it lasted."""
    state = rules.new(seed, players=len(lineup), **options)
    final, moves = play_out(state, make_bots(dict(enumerate(lineup)), seed, **bot_options))
    return rules.outcome(final), len(moves)


#: A bot that sees at once and never guesses: for measuring the rules, not for playing.
INSTANT = Level("instant", (0.0, 0.0), 0.0, 1.0)


def first_rounds(games: int, players: int = 4) -> list[Action]:
    """The slap that ended the first round of each of ``games`` deals (seeds 0, 1, ...),
    played by instant bots: what the chapter counts Moriarty rounds with."""
    ends = []
    for seed in range(games):
        seats = {p: Bot(p, INSTANT, random.Random(seed)) for p in range(players)}
        _, moves = play_out(rules.new(seed, players=players), seats, rounds=1)
        ends.append(moves[-1])
    return ends
