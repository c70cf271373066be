"""Eliminate: play a card from your hand into the Impossible; its number goes on the
Investigation track. Then draw."""

from __future__ import annotations

from sherlockkit.games.bakerstreet import characters, impossible
from sherlockkit.games.bakerstreet.hands import draw, record, taken
from sherlockkit.games.bakerstreet.state import Eliminate, Eliminated, State


def eliminate(state: State, action: Eliminate) -> State:
    """The table after ``action`` (already found legal). The Locksmith's kind puts the card
    in the Impossible without Holmes gaining a step."""
    card, hands = taken(state, action.player, action.card)
    investigation = state.investigation + card.number
    state = record(state, Eliminated(action.player, action.card, card, investigation), investigation=investigation,
                   **hands)
    quiet = characters.bends(state, action.player, characters.QUIET_ELIMINATE)
    state = impossible.add(state, card, action.player, spared=quiet)
    return draw(state, action.player)
