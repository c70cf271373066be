"""Whose move it is: play passes to the left; a player named by an Arrest, Inspector,
I Suspect or Watson answers at once, out of turn (``answering.py``); after an Alibi
everyone passes a card at once (``passing.py``).

:func:`to_move` names the seats that are to move now (``rules.legal_actions`` asks only
them; ``tests/test_protocol.py`` holds it to every seat's moves); :func:`not_your_turn` is
the clause every move of a turn asks first (playing a card, drawing, keeping, going out);
the other functions pass the turn on.
"""

from __future__ import annotations

from sherlockkit.engine import evolve
from sherlockkit.games.cardgame.state import ALIBI_WINDOW, PASSING, PLAY, State, View


def to_move(table: State | View) -> tuple[int, ...] | range:
    """The seats that are to move now: everyone while the cards are passed after an
    Alibi, the player named by a card waiting for its answer, else the player whose turn
    it is; nobody once the game is over."""
    if table.finished:
        return ()
    if table.phase == PASSING:
        return range(table.players)
    if table.phase == ALIBI_WINDOW:
        return (table.pending.target,)
    return (table.turn,)


def not_your_turn(seen: View, player: int) -> str | None:
    """Why ``player`` may not make a move of their turn now (``None`` when they may): the
    cards are being passed after an Alibi, a named player is to answer a card first, or it
    is someone else's turn."""
    if seen.phase == PASSING:
        return "Everyone is passing a card to the left after the Alibi: choose the card you pass."
    if seen.phase == ALIBI_WINDOW:
        return waiting_for_an_answer(seen, player)
    if player != seen.turn:
        return f"It is {seen.names[seen.turn]}'s turn."
    return None


def waiting_for_an_answer(seen: View, player: int) -> str:
    """What a card waiting for its answer asks of ``player``: to wait for the named player,
    or, named, to answer it before anything else."""
    pending = seen.pending
    if player != pending.target:
        return f"{seen.names[pending.target]} is answering {pending.card}: wait for them."
    return f"Answer {pending.card} first: play your Alibi, or take it."


def left_of(state: State | View, player: int) -> int:
    """The player on the left of ``player``, who plays after them."""
    return (player + 1) % state.players


def next_player(state: State, after: int) -> State:
    """The table with the turn passed to the player on the left of ``after``."""
    return turn_to(state, left_of(state, after))


def turn_to(state: State, player: int) -> State:
    """The table with ``player`` to play a card."""
    return evolve(state, turn=player, phase=PLAY)
