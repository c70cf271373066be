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
    card, fields = taken(state, seat, slot)
    return evolve(state, **fields), card


def taken(state: State, seat: int, slot: int) -> tuple[Evidence, dict]:
    """The card in ``slot`` of ``seat``'s hand, and the table's ``hands`` and ``told`` once
    it is taken out (see :func:`take`), to be set with other changes in one copy."""
    hand, told = state.hands[seat], state.told[seat]
    return hand[slot], {"hands": replace_at(state.hands, seat, hand[:slot] + hand[slot + 1:]),
                        "told": replace_at(state.told, seat, told[:slot] + told[slot + 1:])}


def draw(state: State, seat: int) -> State:
    """The table after ``seat`` draws the deck's top card into their last slot, knowing
    nothing of it; with the deck empty, they play on without (a decision: the rulebook
    refills hands only "while the deck lasts")."""
    event, fields = drawing(state, seat, state.hands, state.told)
    return record(state, event, **fields)


def drawing(state: State, seat: int, hands: tuple, told: tuple) -> tuple[Event, dict]:
    """What :func:`draw` does to a table whose hands and what was told are ``hands`` and
    ``told`` (the table's own, or those just :func:`taken`): its event, and the fields it
    sets, to be set with other changes in one copy."""
    if not state.deck:
        return DeckEmpty(seat), {"hands": hands, "told": told}
    return Drew(seat), {"deck": state.deck[1:], "hands": replace_at(hands, seat, hands[seat] + (state.deck[0],)),
                        "told": replace_at(told, seat, told[seat] + (UNTOLD,))}
