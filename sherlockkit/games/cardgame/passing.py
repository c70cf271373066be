"""Passing cards after an Alibi: every player chooses, in secret, a card of their hand and
passes it face down to the player on their left. The cards move together once everyone
holding a card has chosen; then play goes on after the player whose card the Alibi
answered (``answering.py``).
"""

from __future__ import annotations

from sherlockkit.engine import evolve, replace_at
from sherlockkit.games.cardgame.cards import kinds_in
from sherlockkit.games.cardgame.events import CardsWentRound, PassChosen
from sherlockkit.games.cardgame.hands import record
from sherlockkit.games.cardgame.state import ALIBI_WINDOW, PASSING, PLAY, PassCard, State, View
from sherlockkit.games.cardgame.turns import left_of, turn_to, waiting_for_an_answer


def refusal(seen: View, move: PassCard) -> str | None:
    """Why ``seen.me`` may not pass ``move.card`` now (``None`` when they may): only after
    an Alibi, once, a card they hold."""
    if seen.phase == ALIBI_WINDOW:
        return waiting_for_an_answer(seen, move.player)
    if seen.phase != PASSING:
        return "Nothing is waiting for that now."
    if seen.passed[move.player]:
        return "You have already chosen the card you pass."
    if move.card not in seen.hand:
        return "You can only pass a card you hold."
    return None


def offered(seen: View) -> list[PassCard]:
    """The passes worth asking :func:`refusal` about: each kind of card in ``seen.me``'s
    hand, while the cards are being passed."""
    if seen.phase != PASSING:
        return []
    return [PassCard(seen.me, card) for card in kinds_in(seen.hand)]


def start(state: State, resume: int) -> State:
    """The table once an Alibi has stopped a card: everyone holding a card is to choose one
    to pass, and ``resume`` plays afterwards (at once, if nobody holds a card)."""
    state = evolve(state, phase=PASSING, passing=(None,) * state.players, resume=resume)
    if not any(state.hands):
        return turn_to(evolve(state, phase=PLAY, passing=()), resume)
    return state


def pass_card(state: State, move: PassCard) -> State:
    """The table once ``move.player`` has chosen ``move.card`` to pass. Once everyone
    holding cards has chosen, the cards move together, each to the next player on the
    left, and play resumes."""
    passing = replace_at(state.passing, move.player, move.card)
    if any(passing[p] is None and state.hands[p] for p in range(state.players)):
        return record(state, PassChosen(move.player), passing=passing)
    hands = [list(h) for h in state.hands]
    for p, c in enumerate(passing):
        if c is not None:
            hands[p].remove(c)
    for p, c in enumerate(passing):
        if c is not None:
            hands[left_of(state, p)].append(c)
    return record(state, PassChosen(move.player), CardsWentRound(), hands=tuple(tuple(h) for h in hands), passing=(),
                  phase=PLAY, turn=state.resume)
