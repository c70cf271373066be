"""Hands held facing out: taking a card from a slot, drawing from the deck, and what
each player was told about their own cards. Also :func:`record`, how every move module
adds its events to the table."""

from __future__ import annotations

from sherlockkit.engine import evolve, replace_at
from sherlockkit.games.bakerstreet.cards import Evidence
from sherlockkit.games.bakerstreet.state import UNTOLD, DeckEmpty, Drew, Event, State


def record(state: State, *events: Event, **changes) -> State:
    """The table with ``events`` added to what happened (and the fields in ``changes`` set
    anew, in the same copy of the table)."""
    return evolve(state, events=state.events + events, **changes)


def take(state: State, seat: int, slot: int) -> tuple[State, Evidence]:
    """The table with the card in ``slot`` of ``seat``'s hand taken out (and what they were
    told of it forgotten), and that card. The cards after it move up one slot."""
    hand, told = state.hands[seat], state.told[seat]
    card = hand[slot]
    return evolve(state, hands=replace_at(state.hands, seat, hand[:slot] + hand[slot + 1:]),
                  told=replace_at(state.told, seat, told[:slot] + told[slot + 1:])), card


def draw(state: State, seat: int) -> State:
    """The table after ``seat`` draws the deck's top card into their last slot, knowing
    nothing of it; with the deck empty, they play on without (a decision: the rulebook
    refills hands only "while the deck lasts")."""
    if not state.deck:
        return record(state, DeckEmpty(seat))
    card, deck = state.deck[0], state.deck[1:]
    return record(state, Drew(seat), deck=deck, hands=replace_at(state.hands, seat, state.hands[seat] + (card,)),
                  told=replace_at(state.told, seat, state.told[seat] + (UNTOLD,)))
