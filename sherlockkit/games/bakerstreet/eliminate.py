"""Eliminate (the rulebook's "Eliminate"): play a card from your hand into the Impossible;
its number advances the Investigation track. Then draw. Past the Impossible's limit the
card costs Holmes a step -- never the Locksmith's."""

from __future__ import annotations

from sherlockkit.games.bakerstreet import characters, hands, impossible, turns
from sherlockkit.games.bakerstreet.cards import MAX_HAND, MAX_PLAYERS
from sherlockkit.games.bakerstreet.events import Eliminated
from sherlockkit.games.bakerstreet.state import Eliminate, State, View


#: Every Eliminate of the game, seat by seat, slot by slot (made once, as
#: ``investigate.INVESTIGATES``).
ELIMINATES = tuple(tuple(Eliminate(seat, slot) for slot in range(MAX_HAND)) for seat in range(MAX_PLAYERS))


def refusal(seen: View, move: Eliminate) -> str | None:
    """Why ``seen.player`` may not eliminate slot ``move.card`` now, or ``None``: it must be
    a card of theirs."""
    return hands.slot_refusal(seen, move.card)


def offered(seen: View) -> tuple[Eliminate, ...]:
    """The Eliminates :func:`refusal` allows now: one a slot of the seat's hand."""
    return ELIMINATES[seen.player][:seen.hand_sizes[seen.player]]


def eliminate(state: State, move: Eliminate) -> State:
    """The table after ``move``: the card in the Impossible, the track advanced by its
    number, a card drawn."""
    seat = move.player
    card, hands_now, told = hands.taken(state, seat, move.card)
    investigation = state.investigation + card.number
    quiet = characters.bends(state, seat, characters.QUIET_ELIMINATE)
    crowded, into = impossible.added(state, card, seat, spared=quiet)
    drew, deck, hands_now, told = hands.drawn(state.deck, hands_now, told, seat)
    return turns.taken(state, [Eliminated(seat, move.card, card, investigation), *crowded, drew],
                       investigation=investigation, deck=deck, hands=hands_now, told=told, **into)
