"""Confirm: an open Lead whose matching evidence adds up to exactly its target is
confirmed (one short will do for the Police Surgeon's kind); its evidence stays under it,
face down, and Holmes loses a step (he moves away from 0)."""

from __future__ import annotations

from sherlockkit.engine import evolve, replace_at
from sherlockkit.games.bakerstreet import characters, impossible, leads
from sherlockkit.games.bakerstreet.hands import record
from sherlockkit.games.bakerstreet.state import Confirm, Confirmed, HolmesMoved, Pile, State


def confirmable(pile: Pile, short_allowed: bool) -> bool:
    """Whether the section may be confirmed now: open, unconfirmed, its total at its
    target (or one short, when ``short_allowed``)."""
    if pile.confirmed or pile.lead is None:
        return False
    gap = leads.target(pile) - leads.total(pile)
    return gap == 0 or (short_allowed and gap == 1)


def confirm(state: State, action: Confirm) -> State:
    """The table after ``action`` (already found legal)."""
    index = leads.section(action.lead)
    pile = state.piles[index]
    short = leads.total(pile) != leads.target(pile)
    state = record(state, Confirmed(action.player, action.lead, pile.lead, short),
                   piles=replace_at(state.piles, index, evolve(pile, confirmed=True)))
    if short:
        state = record(state, characters.power_event(state, action.player, characters.CONFIRM_SHORT))
    return impossible.move_holmes(state, +1, HolmesMoved.CONFIRM)
