"""Passing an envelope on: for a pass card, everyone holding an envelope chooses one, and
when all have chosen every chosen envelope moves at once to the left (or the right) --
nobody sees another's choice before; in a swap, the second half of your turn: giving one
of yours back to the neighbour you took from.

Whoever receives an envelope reads it. Decided (the rules-decisions page): a pass waits
for everyone holding an envelope, and a player holding none is not waited for.
"""

from __future__ import annotations

from sherlockkit.engine import evolve, replace_at
from sherlockkit.games.picture import phases
from sherlockkit.games.picture.envelopes import handed, neighbour, no_envelope, reading
from sherlockkit.games.picture.events import Chose, Passed
from sherlockkit.games.picture.guests import party
from sherlockkit.games.picture.state import CHOOSING, Pass, State, View, held, holder, index


def refusal(seen: View, move: Pass) -> str | None:
    """Why ``seen.player`` may not pass ``move.guest``'s envelope now (a sentence), or
    ``None``: for a pass card, once, an envelope they hold; in a swap, on their turn after
    taking, one they hold other than the one they just took."""
    wrong = (phases.questions_refusal(seen) or no_envelope(seen, move.guest)
             or phases.exchange_refusal(seen, Pass, move.player))
    if wrong:
        return wrong
    if seen.phase == CHOOSING:
        if not held(seen, move.player):
            return "You hold no envelope to pass."
        if seen.my_choice is not None:
            return "You have already chosen the envelope you pass."
    if holder(seen, move.guest) != move.player:
        return f"You do not hold {move.guest}'s envelope."
    if move.guest == seen.pending:
        return f"You have just taken {move.guest}'s envelope: give back another."
    return None


def offered(seen: View) -> list[Pass]:
    """Every Pass :func:`refusal` allows now: one for each envelope of the party it may pass (none at
    all when the phase or the card allows no Pass of this seat's)."""
    if phases.questions_refusal(seen) or phases.exchange_refusal(seen, Pass, seen.player):
        return []
    return [move for move in (Pass(seen.player, guest) for guest in party(seen)) if refusal(seen, move) is None]


def pass_on(state: State, move: Pass) -> State:
    """The table after the pass: a pass card's choice is kept (and once everyone holding an
    envelope has chosen, all move at once); a swap's envelope goes to the neighbour at once,
    who reads it, and the exchange passes on."""
    if state.phase == CHOOSING:
        state = evolve(state, step=state.step + 1, chosen=replace_at(state.chosen, move.player, move.guest),
                       events=state.events + (Chose(move.player, move.guest),))
        if all(c is not None or not held(state, p) for p, c in enumerate(state.chosen)):
            return _all_pass(state)
        return state
    to = neighbour(state, move.player)
    told = (Passed(move.player, to, move.guest), reading(state, to, move.guest))
    return phases.next_turn(evolve(state, step=state.step + 1, holders=handed(state, move.guest, to),
                                   events=state.events + told))


def _all_pass(state: State) -> State:
    """Every chosen envelope moves at once, and each receiver reads what came to them."""
    moves = [(p, neighbour(state, p), g) for p, g in enumerate(state.chosen) if g is not None]
    holders = list(state.holders)
    for _, to, g in moves:
        holders[index(g, state)] = to
    told = tuple(Passed(p, to, g) for p, to, g in moves) + tuple(reading(state, to, g) for _, to, g in moves)
    return phases.exchange_over(evolve(state, holders=tuple(holders), chosen=(None,) * state.players,
                                       events=state.events + told))
