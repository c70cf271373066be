"""The Sherlock Holmes Card Game: answering a card that names you -- with an Alibi, or
by taking it -- and, after an Alibi, the cards everyone passes to the left.

Each function is called by ``rules.play`` once the move is known to be legal.
"""

from __future__ import annotations

from sherlockkit.engine import evolve, replace_at
from sherlockkit.games.cardgame import legality
from sherlockkit.games.cardgame.arrests import arrest, inspect
from sherlockkit.games.cardgame.cards import ALIBI, I_SUSPECT, INSPECTOR, WATSON
from sherlockkit.games.cardgame.hands import drawing, left_of, next_player, record, turn_to, without
from sherlockkit.games.cardgame.state import PASSING, PLAY, Answered, CardsWentRound, Drew, PassChosen, State

#: cards the named player draws on taking the card
DRAWS = {I_SUSPECT: 1, INSPECTOR: 2}


def answer(state: State, alibi: bool) -> State:
    """The table once the named player answers the pending card. With an Alibi the card
    does nothing, the Alibi lies on the table and everyone passes a card to the left;
    play then resumes after the player whose card was answered. Taken: I Suspect draws
    one card, an Inspector two (and arrests too if it was laid on Scotland Yard), Watson
    looks through the hand, an Arrest arrests."""
    pending = state.pending
    by, target, card = pending.by, pending.target, pending.card
    answered = Answered(target, card, alibi)
    if alibi:
        state = record(state, answered, hands=without(state, target, ALIBI), played=state.played + (ALIBI,),
                       top=legality.next_top(state.top, ALIBI), idle=0, phase=PLAY, pending=None)
        return _start_passing(state, resume=left_of(state, by))
    if card in DRAWS:
        changes, drawn = drawing(state, target, DRAWS[card])
        state = record(state, answered, Drew(target, drawn, card), **changes, phase=PLAY, pending=None)
    else:
        state = record(state, answered, phase=PLAY, pending=None)
    if card == WATSON:
        return inspect(state, by, target, WATSON)
    if pending.arrest:
        return arrest(state, by, target, card)
    return next_player(state, by)


def pass_card(state: State, player: int, card: str) -> State:
    """``player`` has chosen ``card`` to pass. Once everyone holding cards has chosen, the
    cards move together, each to the next player on the left, and play resumes."""
    passing = replace_at(state.passing, player, card)
    if any(passing[p] is None and state.hands[p] for p in range(state.players)):
        return record(state, PassChosen(player), passing=passing)
    hands = [list(h) for h in state.hands]
    for p, c in enumerate(passing):
        if c is not None:
            hands[p].remove(c)
    for p, c in enumerate(passing):
        if c is not None:
            hands[left_of(state, p)].append(c)
    return record(state, PassChosen(player), CardsWentRound(), hands=tuple(tuple(h) for h in hands), passing=(),
                  phase=PLAY, turn=state.resume)


def _start_passing(state: State, resume: int) -> State:
    """Everyone holding a card is to choose one to pass; ``resume`` plays afterwards."""
    state = evolve(state, phase=PASSING, passing=(None,) * state.players, resume=resume)
    if not any(state.hands):
        return turn_to(evolve(state, phase=PLAY, passing=()), resume)
    return state
