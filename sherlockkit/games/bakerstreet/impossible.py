"""The Impossible and the Holmes track (the rulebook's "The Impossible"): how many cards the
Impossible holds before each new one costs a step, a card going in, and the Holmes marker
moving.

Decision: the Holmes marker never goes above the top of its track, space 20
(:data:`~cards.HOLMES_TOP`), whatever the case's starting space. The Case File only says
where he starts; capping him at the start would make a Confirm on an untouched track
worth nothing, which the rulebook never says, and 20 is the track's last space on the
board (as the Investigation track's).
"""

from __future__ import annotations

from sherlockkit.games.bakerstreet import characters
from sherlockkit.games.bakerstreet.cards import HOLMES_TOP, Evidence, Lead
from sherlockkit.games.bakerstreet.events import Event, HolmesMoved, PowerUsed
from sherlockkit.games.bakerstreet.state import State


def limit(table) -> int:
    """How many cards the Impossible of ``table`` (a state) holds before each further card
    moves Holmes one step toward 0: the Case File's number, one more with the Magistrate's
    kind at the table."""
    return table.case.impossible + characters.anyone_bends(table, characters.ROOMY_IMPOSSIBLE)


def holmes_moved(state: State, steps: int, why: str) -> tuple[HolmesMoved, int]:
    """The Holmes marker moved ``steps`` (negative: toward 0), never above
    :data:`HOLMES_TOP` nor below 0: the event (told even when he cannot go further) and the
    space he stands on."""
    to = max(0, min(HOLMES_TOP, state.holmes + steps))
    return HolmesMoved(to - state.holmes, to, why), to


def added(state: State, card: Evidence | Lead, seat: int, spared: bool = False) -> tuple[list[Event], dict]:
    """``card`` put in the Impossible by ``seat``: past the limit, Holmes moves one step
    toward 0 -- unless ``spared`` (a character's power, told as such). The events, and the
    fields it sets (the Impossible, and Holmes's space)."""
    now = state.impossible + (card,)
    if len(now) <= limit(state):
        return [], {"impossible": now}
    if spared:
        return [PowerUsed(seat, state.characters[seat], characters.QUIET_ELIMINATE)], {"impossible": now}
    moved, holmes = holmes_moved(state, -1, HolmesMoved.CROWDED)
    return [moved], {"impossible": now, "holmes": holmes}
