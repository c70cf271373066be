"""Turning up an alibi: the top card of your pile goes face up in front of you."""

from __future__ import annotations

from sherlockkit.engine import IllegalAction, evolve, remembered, replace_at
from sherlockkit.games.express.deduction import face_up_traits, places
from sherlockkit.games.express.rounds import next_turn
from sherlockkit.games.express.state import AlibiTurnedUp, State


def turn_up(state: State, player: int) -> State:
    """The table after ``player`` turns up their top alibi, and the turn passes clockwise.
    A trait already face up clears nobody new; in the False Alibi variant it becomes the
    false alibi. Refused (``IllegalAction``) out of turn or when every alibi is up."""
    if state.turn is None:
        raise IllegalAction("Every alibi is face up: all that is left is to accuse.")
    if player != state.turn:
        raise IllegalAction(f"It is {state.names[state.turn]}'s turn to turn up an alibi: wait for it.")
    trait, rest = state.piles[player][0], state.piles[player][1:]
    repeated = trait in face_up_traits(state)
    false_alibi = repeated and state.false_alibi_variant
    piles = replace_at(state.piles, player, rest)
    after = evolve(
        state, step=state.step + 1, piles=piles,
        revealed=replace_at(state.revealed, player, state.revealed[player] + (trait,)),
        false_alibi=trait if false_alibi else state.false_alibi,
        turn=next_turn(piles, player),
        events=state.events + (AlibiTurnedUp(player, trait, repeated, false_alibi),),
    )
    # The same suspects in view: the same places to slap.
    remembered(after, "slots", lambda: remembered(state, "slots", lambda: places(state.display)))
    return after
