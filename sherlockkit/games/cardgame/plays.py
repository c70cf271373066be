"""The Sherlock Holmes Card Game: a turn -- a card played and what it does, the Villains
put down, a card drawn, a drawn card kept.

Each function is called by ``rules.play`` once the move is known to be legal.
"""

from __future__ import annotations

from sherlockkit.engine import chance, evolve, replace_at
from sherlockkit.games.cardgame import legality
from sherlockkit.games.cardgame.arrests import inspect
from sherlockkit.games.cardgame.cards import (
    ARREST, CLUE, DISGUISE, HOLMES, INSPECTOR, MYCROFT, SCOTLAND_YARD, TELEGRAM, THICK_FOG,
)
from sherlockkit.games.cardgame.hands import (
    COLD_END, ESCAPE_END, drawing, end_hand, left_of, next_player, record, without,
)
from sherlockkit.games.cardgame.state import (
    ALIBI_WINDOW, DRAWN, PLAY, CardPlayed, Drew, Escaped, FogRedeal, HandsSwapped, Kept, Looked, PassedTurn,
    Peek, Pending, Play, State, TelegramReceived, TrailCold,
)

#: cards shown to a Clue or a Disguise
LOOK = 2


def play_card(state: State, action: Play) -> State:
    """The table after ``action.player`` lays ``action.card``, and what the card does."""
    me, card, target = action.player, action.card, action.target
    under = state.top
    laid = {"hands": without(state, me, card), "played": state.played + (card,),
            "top": legality.next_top(under, card), "drawn": None, "idle": 0}
    if card in legality.ANSWERED_BY_ALIBI:
        # the card waits for its target's answer; an Inspector laid on Scotland Yard arrests
        arrests = card == ARREST or (card == INSPECTOR and under.card == SCOTLAND_YARD)
        return record(state, CardPlayed(me, card, target, arrests), **laid, phase=ALIBI_WINDOW,
                      pending=Pending(card, me, target, under, arrests))
    if card == HOLMES:
        return inspect(record(state, CardPlayed(me, card, target), **laid, phase=PLAY), me, target, HOLMES)
    # Any other card passes the turn on once it has done its work below; no work reads
    # whose turn it is, so the turn is passed in the same step as the card is laid.
    nxt = left_of(state, me)
    state = record(state, CardPlayed(me, card, target), **laid, phase=PLAY, turn=nxt)
    if card == THICK_FOG:
        state = record(_fog(state), FogRedeal())
    elif card == SCOTLAND_YARD:
        changes, drawn = drawing(state, nxt, 2)
        state = record(state, Drew(nxt, drawn, SCOTLAND_YARD), **changes)
    elif card == TELEGRAM:
        points = state.scoring.telegram
        state = record(state, TelegramReceived(nxt, points),
                       scores=replace_at(state.scores, nxt, state.scores[nxt] + points),
                       telegrams=replace_at(state.telegrams, nxt, state.telegrams[nxt] + points))
    elif card == CLUE:
        state = _look(state, me, (me - 1) % state.players, CLUE)
    elif card == DISGUISE:
        state = _look(state, me, target, DISGUISE)
    elif card == MYCROFT:
        hands = replace_at(state.hands, me, state.hands[target])
        state = record(state, HandsSwapped(me, target), hands=replace_at(hands, target, state.hands[me]))
    return state  # the opening card, a movement or a place other than Scotland Yard: nothing more


def go_out(state: State, me: int) -> State:
    """``me`` puts down their Villains, every card they hold: they escape and the hand ends."""
    villains = state.hands[me]
    state = record(state, Escaped(me, villains), hands=replace_at(state.hands, me, ()), played=state.played + villains)
    return end_hand(state, ESCAPE_END, me)


def draw(state: State, me: int) -> State:
    """``me``, holding nothing to play, draws the top card and must then play it or keep
    it -- always a choice, even when the card does not fit, or everyone would see whether
    it does. With the pile empty they pass instead; when everyone has passed in a row,
    the trail goes cold and the hand ends."""
    if not state.pile:
        state = record(state, PassedTurn(me), idle=state.idle + 1)
        if state.idle >= state.players:
            return end_hand(record(state, TrailCold()), COLD_END)
        return next_player(state, me)
    card = state.pile[0]
    changes, _ = drawing(state, me, 1)
    return record(state, Drew(me, 1, Drew.ON_TURN), **changes, phase=DRAWN, drawn=card)


def keep(state: State, me: int) -> State:
    """``me`` keeps the card just drawn; the next player plays."""
    return record(state, Kept(me), phase=PLAY, drawn=None, turn=left_of(state, me))


def _fog(state: State) -> State:
    """Thick Fog: every card of every hand gathered, shuffled and dealt back, each hand
    as big as it was."""
    sizes = [len(h) for h in state.hands]
    cards = [c for h in state.hands for c in h]
    chance(state.seed, state.step, "fog").shuffle(cards)
    hands, at = [], 0
    for size in sizes:
        hands.append(tuple(cards[at:at + size]))
        at += size
    return evolve(state, hands=tuple(hands))


def _look(state: State, looker: int, target: int, card: str) -> State:
    """A Clue or a Disguise: ``looker`` picks two of ``target``'s cards face down (a blind
    pick, so by chance) and sees them; everyone knows how many."""
    hand = list(state.hands[target])
    chance(state.seed, state.step, "peek").shuffle(hand)
    seen = tuple(sorted(hand[:LOOK]))
    return record(state, Looked(looker, target, card, len(seen)), Peek(looker, target, seen, state.hand_number, card))
