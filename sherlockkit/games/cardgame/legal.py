"""The Sherlock Holmes Card Game: the moves a player has now, and why a move is refused.

``legality.py`` says what card may follow what; this module turns a player's view into
the moves open to them (:func:`moves`, all a bot or the table widget needs) and a refused
move into a sentence (:func:`why_illegal`).
"""

from __future__ import annotations

import functools

from sherlockkit import engine
from sherlockkit.games.cardgame import legality
from sherlockkit.games.cardgame.cards import AFOOT, ALIBI, KINDS, VILLAINS
from sherlockkit.games.cardgame.state import (
    ALIBI_WINDOW, DRAWN, PASSING, TARGETED, Action, Answer, Draw, Keep, PassCard, Play, PlayVillains, State, View,
)


def moves(seen: View) -> list[Action]:
    """The actions open to ``seen.me`` now, worked out from what that player sees."""
    me, hand = seen.me, seen.hand
    if seen.finished:
        return []
    if seen.phase == PASSING:
        return [] if seen.passed[me] or not hand else [move(PassCard, me, c) for c in kinds(hand)]
    if seen.phase == ALIBI_WINDOW:
        if seen.pending.target != me:
            return []
        return ([move(Answer, me, True)] if ALIBI in hand else []) + [move(Answer, me, False)]
    if seen.turn != me:
        return []
    if seen.phase == DRAWN:
        return _plays(seen, (seen.drawn,)) + [move(Keep, me)]
    return _plays(seen, kinds(hand)) or [move(Draw, me)]


@functools.lru_cache(maxsize=None, typed=True)  # typed: a seat 1 and a seat True stay two moves
def move(kind: type, *fields) -> Action:
    """The move ``kind(*fields)``, made once and handed out again whenever it is open: a
    move is frozen, so one object serves every table that offers it (making a frozen
    dataclass anew costs a few µs, and a turn offers up to twenty moves)."""
    return kind(*fields)


def movers(state: State) -> tuple[int, ...]:
    """The seats :func:`moves` may give a move to now, in seat order: everyone while the
    cards are passed, the named player while a card waits for an answer, else the player
    whose turn it is (every other seat has none, so nobody else need be asked)."""
    if state.finished:
        return ()
    if state.phase == PASSING:
        return tuple(range(state.players))
    if state.phase == ALIBI_WINDOW:
        return (state.pending.target,)
    return (state.turn,)


def kinds(hand) -> tuple[str, ...]:
    """The kinds in ``hand``, once each, in the order of the card list."""
    held = set(hand)
    return tuple(k for k in KINDS if k in held)


def _plays(seen: View, offered) -> list[Action]:
    """The plays of the kinds ``offered`` that ``seen.me`` may make on the table ``seen`` shows."""
    me, hand = seen.me, seen.hand
    if hand and all(c in VILLAINS for c in hand):
        return [move(PlayVillains, me)]
    out: list[Action] = []
    for kind in offered:
        if kind == AFOOT:
            if not seen.played:
                out.append(move(Play, me, AFOOT))
            continue
        if not seen.played or not legality.may_follow(kind, seen.top):
            continue
        if kind in TARGETED:
            out += [move(Play, me, kind, t) for t in range(seen.players) if t != me]
        else:
            out.append(move(Play, me, kind))
    return out


def why_illegal(state: State, action: Action) -> str:
    """A sentence saying why ``action`` (a move of this game, by a seated player) is not
    allowed now; it never names a hidden card."""
    me, names = action.player, state.names
    if state.finished:
        return "The game is over: start a new one to play again."
    if state.phase == PASSING:
        if not isinstance(action, PassCard):
            return "Everyone is passing a card to the left after the Alibi: choose the card you pass."
        if state.passing[me] is not None:
            return "You have already chosen the card you pass."
        return "You can only pass a card you hold."
    if state.phase == ALIBI_WINDOW:
        target = state.pending.target
        if me != target:
            return f"{names[target]} is answering {state.pending.card}: wait for them."
        if isinstance(action, Answer):
            return "You hold no Alibi."
        return f"Answer {state.pending.card} first: play your Alibi, or take it."
    if isinstance(action, (Answer, PassCard)):
        return "Nothing is waiting for that now."
    if me != state.turn:
        return f"It is {names[state.turn]}'s turn."
    hand = state.hands[me]
    if state.phase == DRAWN:
        if isinstance(action, Play) and action.card != state.drawn:
            return "After drawing you may play only the card you drew, or keep it."
        if isinstance(action, Draw):
            return "You have drawn already: play the card you drew, or keep it."
    if isinstance(action, Keep):
        return "Keep is for the card you have just drawn."
    if isinstance(action, Draw):
        return "You hold a card you may play, so you cannot draw."
    if isinstance(action, PlayVillains):
        return "A Villain goes down only as the last card of a hand: all your cards must be Villains."
    card = action.card
    if card not in hand:
        return legality.full_stop(f"You hold no {card}") if card in KINDS else f"There is no card called {engine.shortened(card)}."
    if all(c in VILLAINS for c in hand):
        return "You hold only Villains: put them down together."
    if card == AFOOT:
        return "The game is afoot! opens the hand and cannot be played later."
    if not state.played:
        return "The hand opens with The game is afoot!"
    why = legality.reason(card, state.top)
    if why:
        return why
    if card in TARGETED:
        if action.target == me:
            return f"{card} names another player, not yourself."
        return f"{card} names another player: choose one of {', '.join(n for i, n in enumerate(names) if i != me)}."
    return f"{card} names nobody."
