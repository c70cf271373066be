"""Turning up an alibi: the top card of your pile goes face up in front of you."""

from __future__ import annotations

from sherlockkit.engine import IllegalAction, evolve, maker, recalled, replace_at
from sherlockkit.games.express.deduction import face_up, slots
from sherlockkit.games.express.rounds import next_turn
from sherlockkit.games.express.state import SEEN, AlibiTurnedUp, State

_turned_up = maker(AlibiTurnedUp)


def turn_up(state: State, player: int) -> State:
    """The table after ``player`` turns up their top alibi, and the turn passes clockwise.
    A trait already face up clears nobody new; in the False Alibi variant it becomes the
    false alibi. Refused (``IllegalAction``) out of turn or when every alibi is up."""
    if state.turn is None:
        raise IllegalAction("Every alibi is face up: all that is left is to accuse.")
    if player != state.turn:
        raise IllegalAction(f"It is {state.names[state.turn]}'s turn to turn up an alibi: wait for it.")
    pile = state.piles[player]
    trait = pile[0]
    up = face_up(state)
    repeated = trait in up
    points = repeated and state.false_alibi_variant  # in the variant, a repeat is a false alibi
    false_alibi = trait if points else state.false_alibi
    piles = replace_at(state.piles, player, pile[1:])
    revealed = replace_at(state.revealed, player, state.revealed[player] + (trait,))
    turn = next_turn(piles, player)
    event = _turned_up(player=player, trait=trait, repeated=repeated, false_alibi=points)
    events = state.events + (event,)
    # The same suspects in view: the same places to slap; the traits up, with this one.
    known = {"slots": slots(state), "up": up if repeated else up | {trait}}
    seen = recalled(state, SEEN)
    if seen is not None:  # the views' fields, gathered on the table before: only these change
        sizes = replace_at(seen["pile_sizes"], player, len(pile) - 1)
        known[SEEN] = {**seen, "revealed": revealed, "pile_sizes": sizes, "turn": turn,
                       "false_alibi": false_alibi, "events": events}
    return evolve(state, known, step=state.step + 1, piles=piles, revealed=revealed,
                  false_alibi=false_alibi, turn=turn, events=events)
