"""Hands held facing out, and the deck: the card a player points at in their own hand (they
cannot see it: they name its slot), taking it out, drawing the deck's top card into the
last slot, and shuffling cards back into the deck.

Decision: with the deck empty, a player who plays a card draws nothing and plays on with
one card fewer (the rulebook refills hands only "while the deck lasts").
"""

from __future__ import annotations

from sherlockkit.engine import chance, replace_at
from sherlockkit.games.bakerstreet.cards import Evidence
from sherlockkit.games.bakerstreet.events import DeckEmpty, Drew, Event
from sherlockkit.games.bakerstreet.state import UNTOLD, State, View


def slot_refusal(seen: View, slot: int) -> str | None:
    """Why ``seen.player`` cannot play the card in ``slot`` of their hand, or ``None``: they
    must hold a card there."""
    size = seen.hand_sizes[seen.player]
    if 0 <= slot < size:
        return None
    if size == 0:
        return "You hold no cards: Assist, Confirm or Pursue instead."
    return f"You hold {size} cards: point at one of slots 0 to {size - 1}."


def taken(state: State, seat: int, slot: int) -> tuple[Evidence, tuple, tuple]:
    """The card in ``slot`` of ``seat``'s hand, and the table's hands and what each player
    was told of their cards once it is taken out (the cards after it move up a slot)."""
    hand, told = state.hands[seat], state.told[seat]
    return (hand[slot], replace_at(state.hands, seat, hand[:slot] + hand[slot + 1:]),
            replace_at(state.told, seat, told[:slot] + told[slot + 1:]))


def drawn(deck: tuple, hands: tuple, told: tuple, seat: int) -> tuple[Event, tuple, tuple, tuple]:
    """``seat`` draws the top card of ``deck`` into their last slot, knowing nothing of it:
    the event, and the deck, the hands and what was told after it. With the deck empty
    they draw nothing."""
    if not deck:
        return DeckEmpty(seat), deck, hands, told
    return (Drew(seat), deck[1:], replace_at(hands, seat, hands[seat] + (deck[0],)),
            replace_at(told, seat, told[seat] + (UNTOLD,)))


def shuffled_into_deck(state: State, cards: tuple[Evidence, ...]) -> tuple[Evidence, ...]:
    """The deck with ``cards`` shuffled into it, by the random source of the move being
    made (the deal's seed and the move's number)."""
    deck = list(state.deck + cards)
    chance(state.seed, state.step + 1, "deck").shuffle(deck)
    return tuple(deck)
