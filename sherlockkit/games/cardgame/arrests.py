"""Looking for the Villain: Holmes and Watson look through a hand; an Arrest (or an
Inspector laid on Scotland Yard) arrests -- a Villain there is caught and the hand ends,
and an arrest without one is a false arrest. Holmes does this as he is played
(``playing.py``); the others once their target has answered without an Alibi
(``answering.py``).
"""

from __future__ import annotations

from sherlockkit.engine import evolve, replace_at
from sherlockkit.games.cardgame.cards import VILLAINS
from sherlockkit.games.cardgame.events import Arrested, FalseArrest, Looked, NoVillainFound, Peek
from sherlockkit.games.cardgame.hands import ARREST_END, draw_cards, end_hand, record
from sherlockkit.games.cardgame.state import State
from sherlockkit.games.cardgame.turns import next_player


def inspect(state: State, by: int, target: int, card: str) -> State:
    """Holmes or Watson (``card``): ``by`` looks through ``target``'s hand. A Villain
    there is caught and the hand ends; otherwise the hand goes back, ``by`` remembers it,
    and the player after ``by`` plays."""
    state = record(state, Looked(by, target, card, None))
    if _villains(state, target):
        return caught(state, by, target, card)
    state = record(state, Peek(by, target, tuple(sorted(state.hands[target])), state.hand_number, card),
                   NoVillainFound(by, target, card))
    return next_player(state, by)


def arrest(state: State, by: int, target: int, card: str) -> State:
    """An arrest by ``card``: a Villain in ``target``'s hand is caught and the hand ends;
    if there is none, a false arrest -- ``by`` takes all of ``target``'s cards, and
    ``target`` draws as many (as the pile allows); the player after ``by`` plays."""
    if _villains(state, target):
        return caught(state, by, target, card)
    taken = state.hands[target]
    hands = replace_at(state.hands, by, state.hands[by] + taken)
    state = evolve(state, hands=replace_at(hands, target, ()))
    state = record(state, FalseArrest(by, target, len(taken)))
    state, _ = draw_cards(state, target, len(taken))
    return next_player(state, by)


def caught(state: State, by: int, target: int, card: str) -> State:
    """``by``'s ``card`` finds the Villain(s) in ``target``'s hand: the hand ends, scored."""
    state = record(state, Arrested(by, target, card, _villains(state, target)))
    return end_hand(state, ARREST_END, by, target)


def _villains(state: State, player: int) -> tuple[str, ...]:
    """The Villains ``player`` holds."""
    return tuple(c for c in state.hands[player] if c in VILLAINS)
