"""Giving an envelope back: on your exchange turn, putting one of yours back in the middle
(the "give back" card, and the first half of a trade with the middle, after which you
take another from there -- not the one you put back, nor one already taken this round).
"""

from __future__ import annotations

from sherlockkit.engine import evolve
from sherlockkit.games.picture import phases
from sherlockkit.games.picture.cards import TRADE_MIDDLE, mechanic
from sherlockkit.games.picture.envelopes import handed, no_envelope, takeable
from sherlockkit.games.picture.events import Returned, Skipped
from sherlockkit.games.picture.guests import party
from sherlockkit.games.picture.state import Return, State, View, holder


def refusal(seen: View, move: Return) -> str | None:
    """Why ``seen.player`` may not put ``move.guest``'s envelope back now (a sentence), or
    ``None``: only on their exchange turn when the card asks it, and only an envelope they hold."""
    wrong = (phases.questions_refusal(seen) or no_envelope(seen, move.guest)
             or phases.exchange_refusal(seen, Return, move.player))
    if wrong:
        return wrong
    if holder(seen, move.guest) != move.player:
        return f"You do not hold {move.guest}'s envelope."
    return None


def offered(seen: View) -> list[Return]:
    """Every Return :func:`refusal` allows now: one for each envelope of the party it may put back (none at
    all when the phase or the card allows no Return of this seat's)."""
    if phases.questions_refusal(seen) or phases.exchange_refusal(seen, Return, seen.player):
        return []
    return [move for move in (Return(seen.player, guest) for guest in party(seen)) if refusal(seen, move) is None]


def give_back(state: State, move: Return) -> State:
    """The table after the envelope goes back to the middle: in a trade, the player then
    takes another (or, with none to take, their turn ends); otherwise the exchange passes on."""
    state = evolve(state, step=state.step + 1, holders=handed(state, move.guest, None),
                   events=state.events + (Returned(move.player, move.guest),))
    if mechanic(state.exchange) != TRADE_MIDDLE:
        return phases.next_turn(state)
    state = evolve(state, pending=move.guest)
    if takeable(state, None):
        return state
    return phases.next_turn(evolve(state, events=state.events + (Skipped(move.player, state.exchange),)))
