"""The Villains go out: Villains may be played only as the last cards of a hand, and then
several at once. A player whose every card is a Villain puts them all down together, on
their turn, on any card, and escapes; the hand ends and is scored (``hands.end_hand``).
"""

from __future__ import annotations

from sherlockkit.engine import replace_at
from sherlockkit.games.cardgame.cards import only_villains
from sherlockkit.games.cardgame.events import Escaped
from sherlockkit.games.cardgame.hands import ESCAPE_END, end_hand, record
from sherlockkit.games.cardgame.state import PlayVillains, State, View
from sherlockkit.games.cardgame.turns import not_your_turn


def refusal(seen: View, move: PlayVillains) -> str | None:
    """Why ``seen.me`` may not put their Villains down now (``None`` when they may): only
    on their turn, and only when every card they hold is a Villain."""
    wrong = not_your_turn(seen, move.player)
    if wrong:
        return wrong
    if not only_villains(seen.hand):
        return "A Villain goes down only as the last card of a hand: all your cards must be Villains."
    return None


def offered(seen: View) -> list[PlayVillains]:
    """The going out worth asking :func:`refusal` about: ``seen.me``'s, on their turn."""
    return [PlayVillains(seen.me)] if seen.turn == seen.me else []


def go_out(state: State, move: PlayVillains) -> State:
    """The table after ``move.player`` puts down their Villains, every card they hold: they
    escape and the hand ends."""
    me = move.player
    villains = state.hands[me]
    state = record(state, Escaped(me, villains), hands=replace_at(state.hands, me, ()), played=state.played + villains)
    return end_hand(state, ESCAPE_END, me)
