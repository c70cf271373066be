"""Turns (the rulebook's "Game Play"): on your turn you take one action -- passing is not
allowed -- and after it the end of the game is checked (``ending.py``); if the case goes
on, the turn goes to the seat on the mover's left. Who starts is settled at the deal
(``setup.py``)."""

from __future__ import annotations

from typing import Iterable

from sherlockkit.engine import evolve
from sherlockkit.games.bakerstreet import ending
from sherlockkit.games.bakerstreet.events import Event
from sherlockkit.games.bakerstreet.state import State, View


def seat_name(seat: int) -> str:
    """A seat as refusals name it ("Player 2")."""
    return f"Player {seat + 1}"


def refusal(seen: View, player: int) -> str | None:
    """Why ``player`` may make no move at all now, as ``seen`` shows the table, or ``None``
    when it is their turn: nobody moves once the case is closed, and only the seat whose
    turn it is acts."""
    if seen.outcome is not None:
        return "The case is closed: no more moves can be made."
    if player != seen.turn:
        return f"It is not your turn: {seat_name(seen.turn)} is to act."
    return None


def taken(state: State, events: Iterable[Event], **changes) -> State:
    """The table after a turn: the move's ``events`` told and the fields in ``changes`` set,
    the move counted, then the end checked; the turn passes to the left unless the move
    closed the case (then it stays with whoever made it, and the end is told)."""
    after = evolve(state, step=state.step + 1, turn=(state.turn + 1) % state.players,
                   events=state.events + tuple(events), **changes)
    return ending.closed(after, turn=state.turn)
