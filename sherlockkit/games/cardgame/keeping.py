"""Keeping the card just drawn: instead of playing it (``playing.py``), the player keeps it
in their hand, and the next player plays. Nobody learns whether it could have been played.
"""

from __future__ import annotations

from sherlockkit.games.cardgame.events import Kept
from sherlockkit.games.cardgame.hands import record
from sherlockkit.games.cardgame.state import DRAWN, PLAY, Keep, State, View
from sherlockkit.games.cardgame.turns import left_of, not_your_turn


def refusal(seen: View, move: Keep) -> str | None:
    """Why ``seen.me`` may not keep a card now (``None`` when they may): only the card they
    have just drawn, on their turn."""
    wrong = not_your_turn(seen, move.player)
    if wrong:
        return wrong
    if seen.phase != DRAWN:
        return "Keep is for the card you have just drawn."
    return None


def offered(seen: View) -> list[Keep]:
    """The keep worth asking :func:`refusal` about: ``seen.me``'s, once they have drawn."""
    return [Keep(seen.me)] if seen.phase == DRAWN else []


def keep(state: State, move: Keep) -> State:
    """The table after ``move.player`` keeps the card just drawn: the next player plays."""
    return record(state, Kept(move.player), phase=PLAY, drawn=None, turn=left_of(state, move.player))
