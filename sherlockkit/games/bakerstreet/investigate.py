"""Investigate: play a card from your hand under an open Lead. The right icon adds its
number to the Lead's total, and a total past the target kills the Lead; the wrong icon
raises the target by its number. Then draw."""

from __future__ import annotations

from sherlockkit.engine import evolve, replace_at
from sherlockkit.games.bakerstreet import leads
from sherlockkit.games.bakerstreet.hands import draw, drawing, record, taken
from sherlockkit.games.bakerstreet.state import Investigate, Investigated, LeadDied, State


def investigate(state: State, action: Investigate) -> State:
    """The table after ``action`` (already found legal): a Lead left alive, the card played
    and the one drawn are set in one copy of the table."""
    seat = action.player
    card, hands = taken(state, seat, action.card)
    index = leads.section(action.lead)
    pile = state.piles[index]
    pile = evolve(pile, evidence=pile.evidence + (card,))
    matched = card.icon == pile.lead.icon
    target, total = leads.sums(pile)
    played = Investigated(seat, action.card, card, action.lead, matched, total, target)
    piles = replace_at(state.piles, index, pile)
    if matched and total > target:
        state = record(state, played, piles=piles, **hands)
        state = leads.kill(state, action.lead, LeadDied.OVERSHOT, seat)
        return draw(state, seat)
    drew, fields = drawing(state, seat, hands["hands"], hands["told"])
    return record(state, played, drew, piles=piles, **fields)
