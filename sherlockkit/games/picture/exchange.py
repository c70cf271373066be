"""Picture Perfect: the exchange cards' effects -- envelopes moving between the players
and the middle at the start of each round.

A turn-by-turn card (take, give back, trade with the middle, swap) is played in seat
order from the round's first player; a seat that can do nothing under the card is
skipped (a ``Skipped`` event says so). A pass card is chosen by everyone holding an
envelope first; when all have chosen, every chosen envelope moves at once. Whoever
receives an envelope reads it (a ``Read`` event for them alone). When the exchange is
over the arranging starts (``rounds.arrange``).

The refusals (whose turn, which envelope) are in ``legal.py``; here the moves are
already allowed.
"""

from __future__ import annotations

from sherlockkit.engine import evolve, replace_at
from sherlockkit.games.picture.cards import (
    GIVE_BACK, PASS_LEFT, PASSES, SWAP_LEFT, SWAPS, TAKE, TRADE_MIDDLE, left_of, mechanic, right_of,
)
from sherlockkit.games.picture.state import (
    CHOOSING, EXCHANGING, Chose, Pass, Passed, Read, Return, Returned, Skipped, State, Take, Took, held, holder, index,
)


def neighbour(state: State, seat: int) -> int:
    """The seat the exchange card sends ``seat``'s envelopes to (or takes them from)."""
    card = mechanic(state.exchange)
    return left_of(seat, state.players) if card in (PASS_LEFT, SWAP_LEFT) else right_of(seat, state.players)


def takeable(state: State, source: int | None) -> tuple[str, ...]:
    """The envelopes that may be taken from ``source`` (a seat, or ``None`` the middle) now:
    not one already taken this round, nor the one just put back."""
    return tuple(g for g in held(state, source) if g not in state.taken and g != state.pending)


def collected_again(state: State, seat: int) -> bool:
    """Whether what ``seat`` collects now may be collected again this round: a Sherlock
    party of five or six, where the round's first three players read at once what they
    collect and the others may then collect those same envelopes."""
    if not state.sherlock or state.players < 5:
        return False
    first = (state.round - 1) % state.players
    return (seat - first) % state.players < 3


def can_act(state: State, seat: int) -> bool:
    """Whether ``seat`` has anything to do under this round's turn-by-turn card."""
    card = mechanic(state.exchange)
    if card == TAKE:
        return bool(takeable(state, None))
    if card in (GIVE_BACK, TRADE_MIDDLE):
        return bool(held(state, seat))
    if card in SWAPS:
        return bool(held(state, seat)) and bool(takeable(state, neighbour(state, seat)))
    return False


def read(state: State, seat: int, guest: str) -> State:
    """``seat`` reads ``guest``'s envelope (they hold it now): a ``Read`` event for them,
    with its Alibi card in a Sherlock party."""
    from sherlockkit.games.picture.alibis import alibi_of

    envelope = state.envelopes[index(guest, state)]
    seen = Read(seat, guest, envelope.cards, envelope.vip, alibi_of(state.alibis, guest))
    return evolve(state, events=state.events + (seen,))


def _move(state: State, guest: str, to: int | None) -> State:
    return evolve(state, holders=replace_at(state.holders, index(guest, state), to))


def start(state: State) -> State:
    """The exchange of this round begins (the card is turned up): everyone chooses for a
    pass card, else the turns run from the round's first player."""
    from sherlockkit.games.picture.rounds import arrange

    if mechanic(state.exchange) in PASSES:
        if not any(held(state, p) for p in range(state.players)):
            return arrange(state)
        return evolve(state, phase=CHOOSING, chosen=(None,) * state.players)
    if mechanic(state.exchange) in (TAKE, GIVE_BACK, TRADE_MIDDLE) + SWAPS:
        first = (state.round - 1) % state.players
        seats = tuple((first + i) % state.players for i in range(state.players))
        return next_turn(evolve(state, phase=EXCHANGING, turns=seats, pending=None), skip_current=False)
    return arrange(state)  # a quiet round


def next_turn(state: State, skip_current: bool = True) -> State:
    """The exchange passes to the next seat that can act (those who cannot are skipped),
    or, when none is left, the arranging begins."""
    from sherlockkit.games.picture.rounds import arrange

    turns = state.turns[1:] if skip_current else state.turns
    state = evolve(state, turns=turns, pending=None)
    while state.turns and not can_act(state, state.turns[0]):
        state = evolve(state, turns=state.turns[1:],
                       events=state.events + (Skipped(state.turns[0], state.exchange),))
    return state if state.turns else arrange(evolve(state, turns=()))


def take(state: State, action: Take) -> State:
    """Take an envelope: from the middle (take; the second half of a trade), or from your
    neighbour (the first half of a swap, then you give one back)."""
    source = holder(state, action.guest)
    state = _move(state, action.guest, action.player)
    taken = state.taken if collected_again(state, action.player) else state.taken | {action.guest}
    state = evolve(state, taken=taken,
                   events=state.events + (Took(action.player, action.guest, source),))
    state = read(state, action.player, action.guest)
    if mechanic(state.exchange) in SWAPS:
        return evolve(state, pending=action.guest)
    return next_turn(state)


def give_back(state: State, action: Return) -> State:
    """Put an envelope back in the middle; in a trade, then take another (if any may be taken)."""
    state = _move(state, action.guest, None)
    state = evolve(state, events=state.events + (Returned(action.player, action.guest),))
    if mechanic(state.exchange) == TRADE_MIDDLE:
        state = evolve(state, pending=action.guest)
        if takeable(state, None):
            return state
        state = evolve(state, events=state.events + (Skipped(action.player, state.exchange),))
    return next_turn(state)


def pass_on(state: State, action: Pass) -> State:
    """Pass an envelope: the choice for a pass card (all move once everyone has chosen), or
    the second half of a swap (it goes to your neighbour at once)."""
    if state.phase == CHOOSING:
        state = evolve(state, chosen=replace_at(state.chosen, action.player, action.guest),
                       events=state.events + (Chose(action.player, action.guest),))
        if all(c is not None or not held(state, p) for p, c in enumerate(state.chosen)):
            return _all_pass(state)
        return state
    to = neighbour(state, action.player)
    state = _move(state, action.guest, to)
    state = evolve(state, events=state.events + (Passed(action.player, to, action.guest),))
    return next_turn(read(state, to, action.guest))


def _all_pass(state: State) -> State:
    """Every chosen envelope moves at once, and each receiver reads what came to them."""
    from sherlockkit.games.picture.rounds import arrange

    moves = [(p, neighbour(state, p), g) for p, g in enumerate(state.chosen) if g is not None]
    for p, to, g in moves:
        state = _move(state, g, to)
        state = evolve(state, events=state.events + (Passed(p, to, g),))
    for _, to, g in moves:
        state = read(state, to, g)
    return arrange(evolve(state, chosen=(None,) * state.players))
