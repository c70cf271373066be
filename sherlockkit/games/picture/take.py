"""Taking an envelope: on your exchange turn, from the middle (the "take" card; the second
half of a trade with the middle) or from your neighbour (the first half of a swap).

The rulebook's exchange cards move envelopes between the players and the middle; the
expansion forbids taking an envelope someone has already taken this round (here, for
every card), with its exception at five or six players: the round's
first three players read at once what they collect, and the others may collect those
envelopes again (``envelopes.collected_again``). Whoever takes an envelope reads it. In
a swap you then give one of yours back (``pass_on``).
"""

from __future__ import annotations

from sherlockkit.engine import evolve
from sherlockkit.games.picture import phases
from sherlockkit.games.picture.cards import SWAPS, mechanic
from sherlockkit.games.picture.envelopes import collected_again, handed, neighbour, no_envelope, reading
from sherlockkit.games.picture.events import Took
from sherlockkit.games.picture.guests import capital, party
from sherlockkit.games.picture.state import State, Take, View, holder, seat_name


def refusal(seen: View, move: Take) -> str | None:
    """Why ``seen.player`` may not take ``move.guest``'s envelope now (a sentence), or
    ``None``: only on their exchange turn when the card asks them to take; from where the
    card says (the middle, or the neighbour they swap with); not the one they just put
    back, nor one already taken this round."""
    wrong = (phases.questions_refusal(seen) or no_envelope(seen, move.guest)
             or phases.exchange_refusal(seen, Take, move.player))
    if wrong:
        return wrong
    source = neighbour(seen, move.player) if mechanic(seen.exchange) in SWAPS else None
    where = "the middle" if source is None else f"{seat_name(source)}'s hands"
    if holder(seen, move.guest) != source:
        return capital(f"{move.guest}'s envelope is not in {where}.")
    if move.guest == seen.pending:
        return f"You have just put {move.guest}'s envelope back: take another."
    if move.guest in seen.taken:
        return capital(f"{move.guest}'s envelope has already been taken this round.")
    return None


def offered(seen: View) -> list[Take]:
    """Every Take :func:`refusal` allows now: one for each envelope of the party it may take (none at
    all when the phase or the card allows no Take of this seat's)."""
    if phases.questions_refusal(seen) or phases.exchange_refusal(seen, Take, seen.player):
        return []
    return [move for move in (Take(seen.player, guest) for guest in party(seen)) if refusal(seen, move) is None]


def take(state: State, move: Take) -> State:
    """The table after ``move.player`` takes the envelope and reads it: in a swap they then
    give one back; otherwise the exchange passes to the next seat."""
    source = holder(state, move.guest)
    taken = state.taken if collected_again(state, move.player) else state.taken | {move.guest}
    swapping = mechanic(state.exchange) in SWAPS
    told = (Took(move.player, move.guest, source), reading(state, move.player, move.guest))
    state = evolve(state, step=state.step + 1, holders=handed(state, move.guest, move.player), taken=taken,
                   pending=move.guest if swapping else state.pending, events=state.events + told)
    return state if swapping else phases.next_turn(state)
