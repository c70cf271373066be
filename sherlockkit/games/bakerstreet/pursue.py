"""Pursue: give up an open Lead -- it dies (into the Impossible, its evidence back into
the deck) and the next one is turned up. Giving up a section's last Lead loses the case."""

from __future__ import annotations

from sherlockkit.games.bakerstreet import leads
from sherlockkit.games.bakerstreet.state import LeadDied, Pursue, Pursued, State


def pursue(state: State, action: Pursue) -> State:
    """The table after ``action`` (already found legal)."""
    lead = state.piles[leads.section(action.lead)].lead
    return leads.kill(state, action.lead, LeadDied.PURSUED, action.player, Pursued(action.player, action.lead, lead))
