"""Beyond Baker Street played by a team of bots: a whole case, every seat a bot.

The ``"seeing"`` bot is given its own hand here (its ``peek``), and nowhere else: it is
the yardstick the ladder measures the honest bots against.
"""

from __future__ import annotations

from dataclasses import dataclass

from sherlockkit.games.bakerstreet import bots, rules
from sherlockkit.games.bakerstreet.state import Action, Outcome

#: no case lasts this long (the 24 cards and Holmes's track run out far sooner)
MOVE_LIMIT = 400


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


def tournament_game(game: str, lineup: tuple[str, ...], options: dict, bot_options: dict,
                    seed: int) -> tuple[Outcome, int]:
    """One case for the tournament runner (``sherlockkit.games``' ``plays``): the team of
    ``lineup`` (a level a seat) on the case ``options`` deal, from ``seed``: its outcome
    and how many moves it lasted."""
    if bot_options:
        raise ValueError("Beyond Baker Street's bots take no options.")
    played = play_case(dict(enumerate(lineup)), len(lineup), options.get("case", 1), seed,
                       options.get("characters"))
    return played.outcome, len(played.moves)
