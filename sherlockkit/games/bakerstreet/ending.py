"""The end of the case, checked after every action: won when all three Leads are
confirmed with the Investigation track at exactly 20; lost when the Holmes marker
reaches 0, the track passes 20, a section loses its last Lead, or the third Lead is
confirmed with the track short of 20.

When one action meets several of these at once, the first in that order is the one
told (all of them lose the case, so the order changes only the sentence).
"""

from __future__ import annotations

from sherlockkit.games.bakerstreet.cards import INVESTIGATION_GOAL
from sherlockkit.games.bakerstreet.hands import record
from sherlockkit.games.bakerstreet.state import GameEnded, Outcome, State


def decide(state: State) -> Outcome | None:
    """How the case ends at this point of the table, or ``None`` if it goes on."""
    if state.holmes <= 0:
        return Outcome(False, Outcome.HOLMES)
    if state.investigation > INVESTIGATION_GOAL:
        return Outcome(False, Outcome.OVERSHOT)
    piles = state.piles
    for pile in piles:
        if pile.lead is None:
            return Outcome(False, Outcome.NO_LEADS)
    for pile in piles:
        if not pile.confirmed:
            return None
    if state.investigation == INVESTIGATION_GOAL:
        return Outcome(True, Outcome.SOLVED)
    return Outcome(False, Outcome.SHORT)


def check(state: State, **closing) -> State:
    """The table, closed with a :class:`GameEnded` event if the case is over (and then the
    fields in ``closing`` set anew, in the same copy); the very same table if it goes on."""
    result = decide(state)
    return state if result is None else record(state, GameEnded(result), **closing)


def ended(state: State) -> Outcome | None:
    """The outcome told at the end of the game, or ``None`` while it runs."""
    last = state.events[-1] if state.events else None
    return last.outcome if isinstance(last, GameEnded) else None
