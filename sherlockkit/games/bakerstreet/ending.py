"""The end of the case (the rulebook's "End of the Game", completed from the facts about the
published game), checked after every action: won when all three Leads are confirmed with
the Investigation track at exactly 20; lost when the Holmes marker reaches 0, the track
passes 20, a section loses its last Lead, or the third Lead is confirmed with the track
short of 20.

When one action meets several of these at once, the first in that order is the one
told (all of them lose the case, so the order changes only the sentence).
"""

from __future__ import annotations

from sherlockkit.engine import evolve
from sherlockkit.games.bakerstreet.cards import INVESTIGATION_GOAL
from sherlockkit.games.bakerstreet.events import GameEnded, Outcome
from sherlockkit.games.bakerstreet.state import State


def decide(state: State) -> Outcome | None:
    """How the case ends at this point of the table, or ``None`` if it goes on."""
    if state.holmes <= 0:
        return Outcome(False, Outcome.HOLMES)
    if state.investigation > INVESTIGATION_GOAL:
        return Outcome(False, Outcome.OVERSHOT)
    for pile in state.piles:
        if pile.lead is None:
            return Outcome(False, Outcome.NO_LEADS)
    for pile in state.piles:
        if not pile.confirmed:
            return None
    if state.investigation == INVESTIGATION_GOAL:
        return Outcome(True, Outcome.SOLVED)
    return Outcome(False, Outcome.SHORT)


def closed(state: State, turn: int) -> State:
    """The very same table if the case goes on; else the table with the end told (a
    :class:`GameEnded` event) and the turn left with ``turn``, who made the last move."""
    result = decide(state)
    return state if result is None else evolve(state, events=state.events + (GameEnded(result),), turn=turn)


def ended(state: State) -> Outcome | None:
    """The outcome told at the end of the game, or ``None`` while it runs."""
    last = state.events[-1] if state.events else None
    return last.outcome if isinstance(last, GameEnded) else None
