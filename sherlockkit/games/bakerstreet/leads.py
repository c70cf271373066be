"""The Leads: a section's target and total, a Lead's death (to the Impossible, its
evidence shuffled back into the deck) and the turning up of the next one.

A section's target is its open Lead's value plus the number of every card of the wrong
icon played under it; its total is the sum of the cards of the right icon.
"""

from __future__ import annotations

from sherlockkit.engine import chance, evolve, replace_at
from sherlockkit.games.bakerstreet import characters, impossible
from sherlockkit.games.bakerstreet.cards import KINDS
from sherlockkit.games.bakerstreet.hands import record
from sherlockkit.games.bakerstreet.state import EvidenceReturned, LeadDied, LeadRevealed, Pile, PowerUsed, State


def section(kind: str) -> int:
    """The place on the board of the ``kind`` section (Suspect, Motive, Opportunity)."""
    return KINDS.index(kind)


def target(pile: Pile) -> int:
    """What the open Lead's matching evidence must add up to: its value, raised by every
    wrong-icon card under it (0 for a section with no Lead left)."""
    lead = pile.lead
    if lead is None:
        return 0
    icon = lead.icon
    return lead.value + sum([card.number for card in pile.evidence if card.icon != icon])


def total(pile: Pile) -> int:
    """The sum of the matching evidence under the open Lead."""
    lead = pile.lead
    if lead is None:
        return 0
    icon = lead.icon
    return sum([card.number for card in pile.evidence if card.icon == icon])


def kill(state: State, kind: str, why: str, seat: int) -> State:
    """The table after the open ``kind`` Lead dies by ``seat``'s action: it goes face down
    into the Impossible (or, by a character's power, back to the box), the cards under it
    are shuffled into the deck (or become the deck, if it is empty), and the next Lead is
    turned up. A section left without a Lead loses the case (``ending.py``)."""
    index = section(kind)
    pile = state.piles[index]
    lead, returned = pile.lead, pile.evidence
    boxed = characters.bends(state, seat, characters.DEAD_LEADS_BOXED)
    state = record(state, LeadDied(kind, lead, why, impossible=not boxed),
                   piles=replace_at(state.piles, index, evolve(pile, leads=pile.leads[1:], evidence=())))
    if returned:
        deck = list(state.deck + returned)
        chance(state.seed, state.step, "deck").shuffle(deck)
        state = record(state, EvidenceReturned(kind, returned, rebuilt=not state.deck), deck=tuple(deck))
    nxt = state.piles[index].lead
    if nxt is not None:
        state = record(state, LeadRevealed(kind, nxt))
    if boxed:
        return record(state, PowerUsed(seat, state.characters[seat], characters.DEAD_LEADS_BOXED),
                      box=state.box + (lead,))
    return impossible.add(state, lead, seat)
