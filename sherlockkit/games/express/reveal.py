"""Turning up an alibi: on your turn, the top card of your pile goes face up in front of
you, and the turn passes clockwise to the next player with an alibi left."""

from __future__ import annotations

from sherlockkit.engine import evolve, replace_at
from sherlockkit.games.express.cards import MAX_PLAYERS
from sherlockkit.games.express.deduction import face_up_traits
from sherlockkit.games.express.events import AlibiTurnedUp
from sherlockkit.games.express.rounds import next_turn
from sherlockkit.games.express.state import Reveal, State, View


def refusal(seen: View, move: Reveal) -> str | None:
    """Why ``seen.me`` may not turn up an alibi now (``None`` when they may): only on
    their turn, while an alibi is left to turn up."""
    if seen.turn is None:
        return "Every alibi is face up: all that is left is to accuse."
    if move.player != seen.turn:
        return f"It is {seen.names[seen.turn]}'s turn to turn up an alibi: wait for it."
    return None


def offered(seen: View) -> list[Reveal]:
    """The Reveal worth asking :func:`refusal` about: the seat's own."""
    return [REVEALS[seen.me]]


#: Every seat's Reveal, made once (see ``slap.SLAPS``).
REVEALS = tuple(Reveal(seat) for seat in range(MAX_PLAYERS))


def turn_up(state: State, player: int) -> State:
    """The table after ``player`` turns up their top alibi and the turn passes on. A trait
    already face up clears nobody new; in the False Alibi variant it is the false alibi."""
    pile = state.piles[player]
    trait = pile[0]
    repeated = trait in face_up_traits(state)
    points = repeated and state.false_alibi_variant  # in the variant, a repeat is a false alibi
    piles = replace_at(state.piles, player, pile[1:])
    return evolve(
        state, step=state.step + 1, piles=piles,
        revealed=replace_at(state.revealed, player, state.revealed[player] + (trait,)),
        false_alibi=trait if points else state.false_alibi, turn=next_turn(piles, player),
        events=state.events + (AlibiTurnedUp(player, trait, repeated, points),))
