"""Pursue (the rulebook's "Pursue"): discard the open Lead of a section to the Impossible,
face down (a Dead Lead); the evidence under it is shuffled into the deck and the next
Lead turned up. Discarding a section's last Lead loses the case (``ending.py``)."""

from __future__ import annotations

from sherlockkit.games.bakerstreet import leads, turns
from sherlockkit.games.bakerstreet.cards import KINDS, MAX_PLAYERS
from sherlockkit.games.bakerstreet.events import LeadDied, Pursued
from sherlockkit.games.bakerstreet.state import Pursue, State, View


#: Every Pursue of the game, seat by seat, section by section (made once, as
#: ``investigate.INVESTIGATES``).
PURSUES = tuple({kind: Pursue(seat, kind) for kind in KINDS} for seat in range(MAX_PLAYERS))


def refusal(seen: View, move: Pursue) -> str | None:
    """Why ``seen.player`` may not give up the ``move.lead`` Lead now, or ``None``: one not
    yet confirmed."""
    return leads.section_refusal(seen, move.lead, "given up")


def offered(seen: View) -> list[Pursue]:
    """The Pursues :func:`refusal` allows now: one for each Lead not yet confirmed."""
    return [PURSUES[seen.player][kind] for kind in leads.unconfirmed(seen)]


def pursue(state: State, move: Pursue) -> State:
    """The table after ``move``: the Lead dead, the next turned up."""
    pile = state.piles[leads.section(move.lead)]
    dead, changes = leads.died(state, pile, LeadDied.PURSUED, move.player)
    return turns.taken(state, [Pursued(move.player, move.lead, pile.lead), *dead], **changes)
