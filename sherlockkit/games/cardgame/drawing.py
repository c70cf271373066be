"""Drawing a card: a player who holds nothing they may play (``playing.py``, ``villains.py``)
takes the top card of the draw pile. Nobody else sees it; they may then play it at once
if it fits, or keep it (``keeping.py``) -- a choice even when it does not fit, or everyone
would see whether it does. With the pile empty they pass instead; when every player in
turn has passed, the trail goes cold and the hand ends.
"""

from __future__ import annotations

from sherlockkit.games.cardgame import playing, villains
from sherlockkit.games.cardgame.events import Drew, PassedTurn, TrailCold
from sherlockkit.games.cardgame.hands import COLD_END, draw_changes, end_hand, record
from sherlockkit.games.cardgame.state import DRAWN, Draw, State, View
from sherlockkit.games.cardgame.turns import next_player, not_your_turn


def refusal(seen: View, move: Draw) -> str | None:
    """Why ``seen.me`` may not draw now (``None`` when they may): only on their turn, once,
    and only when they hold no card they may play."""
    wrong = not_your_turn(seen, move.player)
    if wrong:
        return wrong
    if seen.phase == DRAWN:
        return "You have drawn already: play the card you drew, or keep it."
    if can_play(seen):
        return "You hold a card you may play, so you cannot draw."
    return None


def can_play(seen: View) -> bool:
    """Whether ``seen.me`` holds a card they may play now, or Villains to put down."""
    return any(kind.refusal(seen, move) is None for kind in (playing, villains) for move in kind.offered(seen))


def offered(seen: View) -> list[Draw]:
    """The draw worth asking :func:`refusal` about: ``seen.me``'s, on their turn."""
    return [Draw(seen.me)] if seen.turn == seen.me else []


def draw(state: State, move: Draw) -> State:
    """The table after ``move.player`` draws the top card, to play or keep; with the pile
    empty, after they pass (and, everyone having passed in a row, the hand's end)."""
    me = move.player
    if not state.pile:
        state = record(state, PassedTurn(me), idle=state.idle + 1)
        if state.idle >= state.players:
            return end_hand(record(state, TrailCold()), COLD_END)
        return next_player(state, me)
    changes, _ = draw_changes(state, me, 1)
    return record(state, Drew(me, 1, Drew.ON_TURN), **changes, phase=DRAWN, drawn=state.pile[0])
