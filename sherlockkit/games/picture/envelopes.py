"""Picture Perfect: the guests' envelopes -- which guests have one, where an exchange card
sends them, which may be taken, and reading one.

Everybody sees who holds which envelope (a seat, or the middle); only the holder sees
inside, and holding is reading: whoever receives an envelope reads it (a ``Read`` event
for them alone). What each move does with an envelope is in its module (``take``,
``pass_on``, ``give_back``, ``vip``); here is what they share. Everything reads a
``State`` or a ``View`` alike, so a judge works from a player's view.
"""

from __future__ import annotations

from sherlockkit.engine import evolve, replace_at
from sherlockkit.games.picture.alibis import alibi_of
from sherlockkit.games.picture.cards import (
    GIVE_BACK, PASS_LEFT, SWAP_LEFT, SWAPS, TAKE, TRADE_MIDDLE, left_of, mechanic, right_of,
)
from sherlockkit.games.picture.events import Read
from sherlockkit.games.picture.figures import absent, expansion_figures
from sherlockkit.games.picture.guests import capital
from sherlockkit.games.picture.state import State, View, held, index


def no_envelope(table: State | View, guest: str) -> str | None:
    """Why a move may not name ``guest``'s envelope (a sentence), or ``None`` when the guest
    has one at this party: Watson, Holmes and Irène as the expansion's figures have none,
    and in a Sherlock party the victim's went back to the box."""
    if guest in expansion_figures(table):
        return capital(f"{guest} has no envelope: only the guests do.")
    if guest == table.victim:
        return capital(f"{guest} is the victim: their envelope went back to the box.")
    return absent(table, guest)


def neighbour(table: State | View, seat: int) -> int:
    """The seat this round's exchange card sends ``seat``'s envelopes to (or takes them from):
    the left for a pass left or a swap left, else the right."""
    card = mechanic(table.exchange)
    return left_of(seat, table.players) if card in (PASS_LEFT, SWAP_LEFT) else right_of(seat, table.players)


def takeable(table: State | View, source: int | None) -> tuple[str, ...]:
    """The envelopes that may be taken from ``source`` (a seat, or ``None`` the middle) now:
    not one already taken this round, nor the one just put back."""
    return tuple(g for g in held(table, source) if g not in table.taken and g != table.pending)


def collected_again(table: State | View, seat: int) -> bool:
    """Whether what ``seat`` collects now may be collected again this round: a Sherlock
    party of five or six, where the round's first three players read at once what they
    collect and the others may then collect those same envelopes."""
    if not table.sherlock or table.players < 5:
        return False
    first = (table.round - 1) % table.players
    return (seat - first) % table.players < 3


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


def reading(state: State, seat: int, guest: str) -> Read:
    """What ``seat`` reads in ``guest``'s envelope as they receive it: its cards, whether a
    VIP card is inside, and in a Sherlock party its Alibi card."""
    envelope = state.envelopes[index(guest, state)]
    return Read(seat, guest, envelope.cards, envelope.vip, alibi_of(state.alibis, guest))


def handed(state: State, guest: str, to: int | None) -> tuple[int | None, ...]:
    """The holders once ``guest``'s envelope is in ``to``'s hands (``None``: the middle)."""
    return replace_at(state.holders, index(guest, state), to)


def read(state: State, seat: int, guest: str) -> State:
    """``seat`` reads ``guest``'s envelope (they hold it now): a ``Read`` event for them."""
    return evolve(state, events=state.events + (reading(state, seat, guest),))
