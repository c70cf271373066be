"""The Impossible and the Holmes track: how many cards the Impossible holds before each
new one costs a step, adding a card to it, and moving the Holmes marker.

Decision: the Holmes marker never goes above the top of its track, space 20
(:data:`~cards.HOLMES_TOP`), whatever the case's starting space. The Case File only says
where he starts; capping him at the start would make a Confirm on an untouched track
worth nothing, which the rulebook never says, and 20 is the track's last space on the
board (as the Investigation track's).
"""

from __future__ import annotations

from sherlockkit.games.bakerstreet import characters
from sherlockkit.games.bakerstreet.cards import HOLMES_TOP, Evidence, Lead
from sherlockkit.games.bakerstreet.hands import record
from sherlockkit.games.bakerstreet.state import Event, HolmesMoved, PowerUsed, State


def limit(state: State) -> int:
    """How many cards the Impossible holds before each further card moves Holmes one step
    toward 0: the Case File's number, one more with the Magistrate's kind at the table."""
    key = (state.case.impossible, state.characters)
    known = _limits.get(key)
    if known is None:
        if len(_limits) >= 4096:  # casts dealt at random are many: keep only the recent ones
            _limits.clear()
        known = _limits[key] = state.case.impossible + characters.anyone_bends(state, characters.ROOMY_IMPOSSIBLE)
    return known


#: the limit for each Case File's number and cast of characters (all the limit depends on)
_limits: dict[tuple, int] = {}


def move_holmes(state: State, steps: int, why: str, *before: Event, **changes) -> State:
    """The table with the Holmes marker moved ``steps`` (negative: toward 0), never above
    :data:`HOLMES_TOP` nor below 0; the move is recorded even when he cannot go further.
    The events ``before`` are recorded first and the fields in ``changes`` set, in the same
    copy of the table."""
    to = max(0, min(HOLMES_TOP, state.holmes + steps))
    return record(state, *before, HolmesMoved(to - state.holmes, to, why), holmes=to, **changes)


def add(state: State, card: Evidence | Lead, seat: int, spared: bool = False, before: tuple[Event, ...] = (),
        **changes) -> State:
    """The table with ``card`` put in the Impossible by ``seat``: past the limit, Holmes
    moves one step toward 0 -- unless ``spared`` (a character's power, told as such). The
    events ``before`` are recorded first and the fields in ``changes`` set (none of them
    the Impossible), in the same copy of the table."""
    now = state.impossible + (card,)
    if len(now) <= limit(state):
        return record(state, *before, impossible=now, **changes)
    if spared:
        return record(state, *before, PowerUsed(seat, state.characters[seat], characters.QUIET_ELIMINATE),
                      impossible=now, **changes)
    return move_holmes(state, -1, HolmesMoved.CROWDED, *before, impossible=now, **changes)
