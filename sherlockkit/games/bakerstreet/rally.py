"""Rally, the Night Cabman's power (a move of its own, once a game): Holmes's marker one
step back, away from 0. Once a game, as a power used every turn would keep Holmes away
for ever."""

from __future__ import annotations

from sherlockkit.games.bakerstreet import characters, impossible, turns
from sherlockkit.games.bakerstreet.cards import MAX_PLAYERS
from sherlockkit.games.bakerstreet.events import HolmesMoved
from sherlockkit.games.bakerstreet.state import Rally, State, View


#: Every Rally of the game, seat by seat (made once, as ``investigate.INVESTIGATES``).
RALLIES = tuple((Rally(seat),) for seat in range(MAX_PLAYERS))


def refusal(seen: View, move: Rally) -> str | None:
    """Why ``seen.player`` may not Rally now, or ``None``: the Night Cabman, once a game."""
    return characters.power_refusal(seen, move.player, characters.RALLY, "Rally")


def offered(seen: View) -> tuple[Rally, ...]:
    """The Rally :func:`refusal` allows now: the seat's own, if they may still use the power."""
    if characters.power_refusal(seen, seen.player, characters.RALLY, "Rally"):
        return ()
    return RALLIES[seen.player]


def rally(state: State, move: Rally) -> State:
    """The table after ``move``: the power spent, Holmes a step further from 0."""
    moved, holmes = impossible.holmes_moved(state, +1, HolmesMoved.RALLY)
    return turns.taken(state, (characters.power_event(state, move.player, characters.RALLY), moved),
                       powers_used=state.powers_used | {move.player}, holmes=holmes)
