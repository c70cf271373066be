"""The Leads: a section's target and total, a Lead's death (to the Impossible, its
evidence shuffled back into the deck) and the turning up of the next one.

A section's target is its open Lead's value plus the number of every card of the wrong
icon played under it; its total is the sum of the cards of the right icon.
"""

from __future__ import annotations

from sherlockkit.engine import chance, evolve, recalled, remembered, replace_at
from sherlockkit.games.bakerstreet import characters, impossible
from sherlockkit.games.bakerstreet.cards import KINDS
from sherlockkit.games.bakerstreet.hands import record
from sherlockkit.games.bakerstreet.state import (
    Event, EvidenceReturned, LeadDied, LeadRevealed, Pile, PowerUsed, State,
)


def section(kind: str) -> int:
    """The place on the board of the ``kind`` section (Suspect, Motive, Opportunity)."""
    return KINDS.index(kind)


def target(pile: Pile) -> int:
    """What the open Lead's matching evidence must add up to: its value, raised by every
    wrong-icon card under it (0 for a section with no Lead left)."""
    return sums(pile)[0]


def total(pile: Pile) -> int:
    """The sum of the matching evidence under the open Lead."""
    return sums(pile)[1]


def sums(pile: Pile) -> tuple[int, int]:
    """The section's target and total (see :func:`target`, :func:`total`), added up once
    per section: a Pile is immutable, and most moves hand it on unchanged."""
    known = recalled(pile, "sums")
    return known if known is not None else remembered(pile, "sums", lambda: _sums(pile))


def _sums(pile: Pile) -> tuple[int, int]:
    lead = pile.lead
    if lead is None:
        return 0, 0
    icon = lead.icon
    matching = sum([card.number for card in pile.evidence if card.icon == icon])
    return lead.value + sum([card.number for card in pile.evidence if card.icon != icon]), matching


def kill(state: State, kind: str, why: str, seat: int, *before: Event) -> State:
    """The table after the open ``kind`` Lead dies by ``seat``'s action: it goes face down
    into the Impossible (or, by a character's power, back to the box), the cards under it
    are shuffled into the deck (or become the deck, if it is empty), and the next Lead is
    turned up. A section left without a Lead loses the case (``ending.py``). The events
    ``before`` are recorded first; all is set in one copy of the table."""
    index = section(kind)
    pile = state.piles[index]
    lead, returned = pile.lead, pile.evidence
    boxed = characters.bends(state, seat, characters.DEAD_LEADS_BOXED)
    left = evolve(pile, leads=pile.leads[1:], evidence=())
    events = [*before, LeadDied(kind, lead, why, impossible=not boxed)]
    changes = {"piles": replace_at(state.piles, index, left)}
    if returned:
        deck = list(state.deck + returned)
        chance(state.seed, state.step, "deck").shuffle(deck)
        events.append(EvidenceReturned(kind, returned, rebuilt=not state.deck))
        changes["deck"] = tuple(deck)
    if left.lead is not None:
        events.append(LeadRevealed(kind, left.lead))
    if boxed:
        return record(state, *events, PowerUsed(seat, state.characters[seat], characters.DEAD_LEADS_BOXED),
                      box=state.box + (lead,), **changes)
    return impossible.add(state, lead, seat, before=tuple(events), **changes)
