"""Answering a card that names you: the Alibi. It may be played only at once, out of turn,
by the player an Arrest, an Inspector, I Suspect or Watson has just named; it is the one
card played out of turn. It stops the card it answers, and every player passes a card of
their choice, face down, to the player on their left (``passing.py``); play then goes on
after the player whose card was answered.

A player who does not answer with an Alibi takes the card: I Suspect makes them draw
one card, an Inspector two (and, laid on Scotland Yard, it arrests too); Watson looks
through their hand and an Arrest arrests (``arrests.py``).
"""

from __future__ import annotations

from sherlockkit.games.cardgame import legality, passing
from sherlockkit.games.cardgame.arrests import arrest, inspect
from sherlockkit.games.cardgame.cards import ALIBI, I_SUSPECT, INSPECTOR, WATSON
from sherlockkit.games.cardgame.events import Answered, Drew
from sherlockkit.games.cardgame.hands import draw_changes, record, without
from sherlockkit.games.cardgame.state import ALIBI_WINDOW, PASSING, PLAY, Answer, State, View
from sherlockkit.games.cardgame.turns import left_of, next_player, waiting_for_an_answer

#: cards the named player draws on taking the card
DRAWS = {I_SUSPECT: 1, INSPECTOR: 2}


def refusal(seen: View, move: Answer) -> str | None:
    """Why ``seen.me`` may not answer now (``None`` when they may): only the player named by
    the card waiting for its answer answers it, with an Alibi only if they hold one."""
    if seen.phase == PASSING:
        return "Everyone is passing a card to the left after the Alibi: choose the card you pass."
    if seen.phase != ALIBI_WINDOW:
        return "Nothing is waiting for that now."
    if move.player != seen.pending.target:
        return waiting_for_an_answer(seen, move.player)
    if move.alibi and ALIBI not in seen.hand:
        return "You hold no Alibi."
    return None


def offered(seen: View) -> list[Answer]:
    """The answers worth asking :func:`refusal` about: the Alibi, then taking the card,
    while a card waits for an answer."""
    if seen.phase != ALIBI_WINDOW:
        return []
    return [Answer(seen.me, True), Answer(seen.me, False)]


def answer(state: State, move: Answer) -> State:
    """The table once the named player answers the waiting card. With an Alibi the card
    does nothing, the Alibi lies on the table and everyone passes a card to the left;
    play then resumes after the player whose card was answered. Taken: I Suspect draws
    one card, an Inspector two (and arrests too if it was laid on Scotland Yard), Watson
    looks through the hand, an Arrest arrests."""
    pending = state.pending
    by, target, card = pending.by, pending.target, pending.card
    answered = Answered(target, card, move.alibi)
    if move.alibi:
        state = record(state, answered, hands=without(state, target, ALIBI), played=state.played + (ALIBI,),
                       top=legality.next_top(state.top, ALIBI), idle=0, phase=PLAY, pending=None)
        return passing.start(state, resume=left_of(state, by))
    if card in DRAWS:
        changes, drawn = draw_changes(state, target, DRAWS[card])
        state = record(state, answered, Drew(target, drawn, card), **changes, phase=PLAY, pending=None)
    else:
        state = record(state, answered, phase=PLAY, pending=None)
    if card == WATSON:
        return inspect(state, by, target, WATSON)
    if pending.arrest:
        return arrest(state, by, target, card)
    return next_player(state, by)
