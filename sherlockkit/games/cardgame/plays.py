"""The Sherlock Holmes Card Game: a turn -- a card played and what it does, the Villains
put down, a card drawn, a drawn card kept.

Each function is called by ``rules.play`` once the move is known to be legal.
"""

from __future__ import annotations

from sherlockkit.engine import chance, evolve, replace_at
from sherlockkit.games.cardgame import legality
from sherlockkit.games.cardgame.arrests import inspect
from sherlockkit.games.cardgame.cards import (
    AFOOT, ARREST, CLUE, DISGUISE, HOLMES, INSPECTOR, MYCROFT, SCOTLAND_YARD, TELEGRAM, THICK_FOG,
)
from sherlockkit.games.cardgame.hands import COLD_END, ESCAPE_END, draw_cards, end_hand, next_player, record, take
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
    state = take(state, me, card)
    state = evolve(state, played=state.played + (card,), top=legality.next_top(under, card), phase=PLAY,
                   drawn=None, idle=0)
    if card in legality.ANSWERED_BY_ALIBI:
        # the card waits for its target's answer; an Inspector laid on Scotland Yard arrests
        arrests = card == ARREST or (card == INSPECTOR and under.card == SCOTLAND_YARD)
        state = record(state, CardPlayed(me, card, target, arrests))
        return evolve(state, phase=ALIBI_WINDOW, pending=Pending(card, me, target, under, arrests))
    state = record(state, CardPlayed(me, card, target))
    nxt = (me + 1) % state.players
    if card == THICK_FOG:
        state = record(_fog(state), FogRedeal())
    elif card == SCOTLAND_YARD:
        state, drawn = draw_cards(state, nxt, 2)
        state = record(state, Drew(nxt, drawn, SCOTLAND_YARD))
    elif card == TELEGRAM:
        points = state.scoring.telegram
        state = evolve(state, scores=replace_at(state.scores, nxt, state.scores[nxt] + points),
                       telegrams=replace_at(state.telegrams, nxt, state.telegrams[nxt] + points))
        state = record(state, TelegramReceived(nxt, points))
    elif card == CLUE:
        state = _look(state, me, (me - 1) % state.players, CLUE)
    elif card == DISGUISE:
        state = _look(state, me, target, DISGUISE)
    elif card == HOLMES:
        return inspect(state, me, target, HOLMES)
    elif card == MYCROFT:
        hands = replace_at(state.hands, me, state.hands[target])
        state = record(evolve(state, hands=replace_at(hands, target, state.hands[me])), HandsSwapped(me, target))
    elif card == AFOOT:
        pass  # it opens the hand, and does nothing else
    return next_player(state, me)


def go_out(state: State, me: int) -> State:
    """``me`` puts down their Villains, every card they hold: they escape and the hand ends."""
    villains = state.hands[me]
    state = evolve(state, hands=replace_at(state.hands, me, ()), played=state.played + villains)
    return end_hand(record(state, Escaped(me, villains)), ESCAPE_END, me)


def draw(state: State, me: int) -> State:
    """``me``, holding nothing to play, draws the top card and must then play it or keep
    it -- always a choice, even when the card does not fit, or everyone would see whether
    it does. With the pile empty they pass instead; when everyone has passed in a row,
    the trail goes cold and the hand ends."""
    if not state.pile:
        state = record(evolve(state, idle=state.idle + 1), PassedTurn(me))
        if state.idle >= state.players:
            return end_hand(record(state, TrailCold()), COLD_END)
        return next_player(state, me)
    card = state.pile[0]
    state, _ = draw_cards(state, me, 1)
    return record(evolve(state, phase=DRAWN, drawn=card), Drew(me, 1, Drew.ON_TURN))


def keep(state: State, me: int) -> State:
    """``me`` keeps the card just drawn; the next player plays."""
    return next_player(record(evolve(state, phase=PLAY, drawn=None), Kept(me)), me)


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
