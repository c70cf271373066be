"""Investigate (the rulebook's "Investigate"): play a card from your hand below one of the
unconfirmed Leads, then draw. The right icon adds its number to the Lead's total, and a
total past the Lead's target kills the Lead (a Dead Lead: into the Impossible, the cards
under it shuffled back into the deck, the next Lead turned up); the wrong icon stays under
the Lead and raises its target by its number."""

from __future__ import annotations

from sherlockkit.engine import evolve, replace_at
from sherlockkit.games.bakerstreet import hands, leads, turns
from sherlockkit.games.bakerstreet.cards import KINDS, MAX_HAND, MAX_PLAYERS
from sherlockkit.games.bakerstreet.events import Investigated, LeadDied
from sherlockkit.games.bakerstreet.state import Investigate, State, View


#: Every Investigate of the game: ``INVESTIGATES[seat][slot][kind]``. A move is a value: a
#: seat's moves are taken from here, not made anew for every list of moves (made anew, the
#: moves of a list took a third of the time of a random move: ``benchmarks/engines.py``).
INVESTIGATES = tuple(tuple({kind: Investigate(seat, slot, kind) for kind in KINDS} for slot in range(MAX_HAND))
                     for seat in range(MAX_PLAYERS))


def refusal(seen: View, move: Investigate) -> str | None:
    """Why ``seen.player`` may not play slot ``move.card`` under the ``move.lead`` Lead now,
    or ``None``: a card of theirs, under a Lead not yet confirmed."""
    return hands.slot_refusal(seen, move.card) or leads.section_refusal(seen, move.lead, "investigated further")


def offered(seen: View) -> list[Investigate]:
    """The Investigates :func:`refusal` allows now: each slot of the seat's hand under each
    Lead not yet confirmed."""
    open_leads = leads.unconfirmed(seen)
    return [under[kind] for under in INVESTIGATES[seen.player][:seen.hand_sizes[seen.player]] for kind in open_leads]


def investigate(state: State, move: Investigate) -> State:
    """The table after ``move``: the card under the Lead, its sums told; the Lead dead if
    the total passed its target; then the player draws."""
    seat = move.player
    card, hands_now, told = hands.taken(state, seat, move.card)
    index = leads.section(move.lead)
    pile = evolve(state.piles[index], evidence=state.piles[index].evidence + (card,))
    matched = card.icon == pile.lead.icon
    events = [Investigated(seat, move.card, card, move.lead, matched, pile.total, pile.target)]
    changes = {"piles": replace_at(state.piles, index, pile), "deck": state.deck}
    if matched and pile.total > pile.target:  # past its target: a Dead Lead
        dead, changes = leads.died(state, pile, LeadDied.OVERSHOT, seat)
        events += dead
    drew, deck, hands_now, told = hands.drawn(changes["deck"], hands_now, told, seat)
    return turns.taken(state, events + [drew], **{**changes, "deck": deck, "hands": hands_now, "told": told})
