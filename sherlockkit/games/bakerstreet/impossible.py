"""The Impossible and the Holmes track: how many cards the Impossible holds before each
new one costs a step, adding a card to it, and moving the Holmes marker.

Decision: the Holmes marker never goes above the top of its track, space 20
(:data:`~cards.HOLMES_TOP`), whatever the case's starting space. The Case File only says
where he starts; capping him at the start would make a Confirm on an untouched track
worth nothing, which the rulebook never says, and 20 is the track's last space on the
board (as the Investigation track's).
"""

from __future__ import annotations

from sherlockkit.engine import evolve
from sherlockkit.games.bakerstreet import characters
from sherlockkit.games.bakerstreet.cards import HOLMES_TOP, Evidence, Lead
from sherlockkit.games.bakerstreet.hands import record
from sherlockkit.games.bakerstreet.state import HolmesMoved, PowerUsed, State


def limit(state: State) -> int:
    """How many cards the Impossible holds before each further card moves Holmes one step
    toward 0: the Case File's number, one more with the Magistrate's kind at the table."""
    return state.case.impossible + characters.anyone_bends(state, characters.ROOMY_IMPOSSIBLE)


def move_holmes(state: State, steps: int, why: str) -> State:
    """The table with the Holmes marker moved ``steps`` (negative: toward 0), never above
    :data:`HOLMES_TOP` nor below 0; the move is recorded even when he cannot go further."""
    to = max(0, min(HOLMES_TOP, state.holmes + steps))
    return record(state, HolmesMoved(to - state.holmes, to, why), holmes=to)


def add(state: State, card: Evidence | Lead, seat: int, spared: bool = False) -> State:
    """The table with ``card`` put in the Impossible by ``seat``: past the limit, Holmes
    moves one step toward 0 -- unless ``spared`` (a character's power, told as such)."""
    state = evolve(state, impossible=state.impossible + (card,))
    if len(state.impossible) <= limit(state):
        return state
    if spared:
        return record(state, PowerUsed(seat, state.characters[seat], characters.QUIET_ELIMINATE))
    return move_holmes(state, -1, HolmesMoved.CROWDED)
