"""The Leads (the rulebook's "Investigate", "Confirm" and "Pursue"): a section chosen by its
kind, only while its Lead is unconfirmed, and a Lead's death -- into the Impossible (a
Dead Lead), its evidence shuffled back into the deck (or become the deck, if it is
empty), the next Lead turned up. What lies in a section and how it adds up is in
``sections.py``."""

from __future__ import annotations

from sherlockkit.engine import evolve, replace_at
from sherlockkit.games.bakerstreet import characters, impossible
from sherlockkit.games.bakerstreet.cards import KINDS
from sherlockkit.games.bakerstreet.events import Event, EvidenceReturned, LeadDied, LeadRevealed, PowerUsed
from sherlockkit.games.bakerstreet.hands import shuffled_into_deck
from sherlockkit.games.bakerstreet.state import Pile, State, View


#: each section's place on the board, by its kind (Suspect, Motive, Opportunity)
SECTIONS: dict[str, int] = {kind: index for index, kind in enumerate(KINDS)}


def section(kind: str) -> int:
    """The place on the board of the ``kind`` section (Suspect, Motive, Opportunity)."""
    return SECTIONS[kind]


def section_refusal(seen: View, kind: str, doing: str) -> str | None:
    """Why the ``kind`` Lead cannot be ``doing`` ("investigated further", "given up") now,
    or ``None``: only one of the three Leads, and only while it is unconfirmed."""
    index = SECTIONS.get(kind)
    if index is None:
        return "There is no such Lead: the sections are Suspect, Motive and Opportunity."
    if seen.piles[index].confirmed:
        return f"The {kind} is confirmed already: it cannot be {doing}."
    return None


def unconfirmed(seen: View) -> tuple[str, ...]:
    """The kinds of the Leads not yet confirmed, in board order: the sections
    :func:`section_refusal` lets a player investigate further or give up."""
    return tuple(pile.kind for pile in seen.piles if not pile.confirmed)


def died(state: State, pile: Pile, why: str, seat: int) -> tuple[list[Event], dict]:
    """The open Lead of ``pile`` dies by ``seat``'s action (``why``): it goes face down into
    the Impossible (or, by a character's power, back to the box), the cards under it are
    shuffled into the deck, and the next Lead is turned up. The events, and the fields it
    sets: the board, the deck, and the Impossible (with Holmes's space) or the box. A
    section left without a Lead loses the case (``ending.py``)."""
    kind, lead, returned = pile.kind, pile.lead, pile.evidence
    boxed = characters.bends(state, seat, characters.DEAD_LEADS_BOXED)
    left = evolve(pile, leads=pile.leads[1:], evidence=())
    events: list[Event] = [LeadDied(kind, lead, why, impossible=not boxed)]
    changes = {"piles": replace_at(state.piles, section(kind), left), "deck": state.deck}
    if returned:
        changes["deck"] = shuffled_into_deck(state, returned)
        events.append(EvidenceReturned(kind, returned, rebuilt=not state.deck))
    if left.lead is not None:
        events.append(LeadRevealed(kind, left.lead))
    if boxed:
        events.append(PowerUsed(seat, state.characters[seat], characters.DEAD_LEADS_BOXED))
        return events, {**changes, "box": state.box + (lead,)}
    crowded, into = impossible.added(state, lead, seat)
    return events + crowded, {**changes, **into}
