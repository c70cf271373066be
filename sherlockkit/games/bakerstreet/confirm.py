"""Confirm (the rulebook's "Confirm"): an open Lead whose matching evidence adds up to
exactly its target is confirmed; its evidence stays under it, face down, and Holmes
moves one space away from 0. The Police Surgeon may confirm a Lead one short."""

from __future__ import annotations

from sherlockkit.engine import evolve, replace_at
from sherlockkit.games.bakerstreet import characters, impossible, leads, turns
from sherlockkit.games.bakerstreet.cards import KINDS, MAX_PLAYERS
from sherlockkit.games.bakerstreet.events import Confirmed, HolmesMoved
from sherlockkit.games.bakerstreet.state import Confirm, PileView, State, View


#: Every Confirm of the game, seat by seat, section by section (made once, as
#: ``investigate.INVESTIGATES``).
CONFIRMS = tuple(tuple(Confirm(seat, kind) for kind in KINDS) for seat in range(MAX_PLAYERS))


def confirmable(pile: PileView, short_allowed: bool) -> bool:
    """Whether the section may be confirmed now: open, unconfirmed, its total at its
    target (or one short, when ``short_allowed``)."""
    if pile.confirmed or pile.lead is None:
        return False
    gap = pile.target - pile.total
    return gap == 0 or (short_allowed and gap == 1)


def refusal(seen: View, move: Confirm) -> str | None:
    """Why ``seen.player`` may not confirm the ``move.lead`` Lead now, or ``None``: not
    confirmed already, and its evidence exactly at its target (one short will do for the
    Police Surgeon)."""
    wrong = leads.section_refusal(seen, move.lead, "confirmed twice")
    if wrong:
        return wrong
    pile = seen.piles[leads.section(move.lead)]
    if confirmable(pile, characters.bends(seen, move.player, characters.CONFIRM_SHORT)):
        return None
    return (f"The {move.lead} cannot be confirmed: its evidence adds up to {pile.total} "
            f"against a target of {pile.target}.")


def offered(seen: View) -> list[Confirm]:
    """The Confirms :func:`refusal` allows now: each section whose Lead may be confirmed."""
    short = characters.bends(seen, seen.player, characters.CONFIRM_SHORT)
    return [move for move, pile in zip(CONFIRMS[seen.player], seen.piles) if confirmable(pile, short)]


def confirm(state: State, move: Confirm) -> State:
    """The table after ``move``: the Lead confirmed (one short told as the Surgeon's power),
    Holmes a step further from 0."""
    index = leads.section(move.lead)
    pile = state.piles[index]
    short = pile.total != pile.target
    events = [Confirmed(move.player, move.lead, pile.lead, short)]
    if short:
        events.append(characters.power_event(state, move.player, characters.CONFIRM_SHORT))
    moved, holmes = impossible.holmes_moved(state, +1, HolmesMoved.CONFIRM)
    return turns.taken(state, events + [moved], piles=replace_at(state.piles, index, evolve(pile, confirmed=True)),
                       holmes=holmes)
