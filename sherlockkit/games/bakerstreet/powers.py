"""The characters' powers that are actions of their own, each once a game: Rally (Holmes
one step back) and Recall (an eliminated card back into the deck, the Investigation
track lowered by its number). Once a game, because a power used every turn could undo
an Eliminate turn after turn and the case would never end."""

from __future__ import annotations

from sherlockkit.engine import chance
from sherlockkit.games.bakerstreet import characters, impossible
from sherlockkit.games.bakerstreet.cards import evidence_named
from sherlockkit.games.bakerstreet.hands import record
from sherlockkit.games.bakerstreet.state import HolmesMoved, Rally, Recall, Recalled, State


def rally(state: State, action: Rally) -> State:
    """The table after ``action`` (already found legal)."""
    state = record(state, characters.power_event(state, action.player, characters.RALLY),
                   powers_used=state.powers_used | {action.player})
    return impossible.move_holmes(state, +1, HolmesMoved.RALLY)


def recall(state: State, action: Recall) -> State:
    """The table after ``action`` (already found legal)."""
    card = evidence_named(action.evidence)
    left = list(state.impossible)
    left.remove(card)
    deck = list(state.deck) + [card]
    chance(state.seed, state.step, "deck").shuffle(deck)
    investigation = state.investigation - card.number
    return record(state, Recalled(action.player, card, investigation), impossible=tuple(left), deck=tuple(deck),
                  investigation=investigation, powers_used=state.powers_used | {action.player})
