"""Beyond Baker Street: what a player has had in sight, and since when -- read from their
view alone, for the exact belief about their own hand (``odds.py``).

A card seen face up after a slot of the hand was filled cannot be in that slot, even once
it has gone back to the deck; :func:`unseen_since` gives, slot by slot, every such card.
"""

from __future__ import annotations

from sherlockkit.games.bakerstreet.cards import Evidence
from sherlockkit.games.bakerstreet.events import Drew, Eliminated, EvidenceReturned, Investigated, Recalled
from sherlockkit.games.bakerstreet.state import View


def unseen_since(view: View) -> tuple[frozenset[Evidence], ...]:
    """For each slot of the hand of ``view``'s player, in order, every Evidence card they
    have had in sight since that slot's card came to them (dealt or drawn): none of them
    can be that card. Read from the view alone: the events in order, and the others' hands
    now, from which each card a teammate drew is known (a teammate's hand changes only by
    the cards they play, named, and the cards they draw, seen)."""
    me, events = view.player, view.events
    hands = [list(hand) if hand is not None else None for hand in view.hands]
    mine = view.hand_sizes[me]
    drawn: dict[int, Evidence] = {}  # event index -> the card a teammate drew there
    for i in range(len(events) - 1, -1, -1):  # back to the deal: the teammates' hands then
        event = events[i]
        seat = getattr(event, "player", None)
        if isinstance(event, Drew):
            if seat == me:
                mine -= 1
            elif not hands[seat]:
                raise ValueError("The view's events do not fit its hands: a teammate drew a card they do not hold.")
            else:
                drawn[i] = hands[seat].pop()
        elif isinstance(event, (Investigated, Eliminated)):
            if seat == me:
                mine += 1
            else:
                hands[seat].insert(event.slot, event.card)
    if mine < 0:
        raise ValueError("The view's events do not fit its hands: more cards drawn than held.")
    in_sight = {card for hand in hands if hand is not None for card in hand}
    slots = [set(in_sight) for _ in range(mine)]  # the hand as dealt: what was in sight then

    def shown(card: Evidence) -> None:
        in_sight.add(card)
        for since in slots:
            since.add(card)

    for i, event in enumerate(events):
        if isinstance(event, (Investigated, Eliminated)):  # under a Lead, or into the Impossible: face up
            if event.player == me:
                if not 0 <= event.slot < len(slots):
                    raise ValueError("The view's events do not fit its hands: a card played from an empty slot.")
                del slots[event.slot]
            shown(event.card)
        elif isinstance(event, Drew):
            if event.player == me:
                slots.append(set(in_sight))
            else:
                shown(drawn[i])
        elif isinstance(event, EvidenceReturned):  # shuffled into the deck: out of sight
            in_sight.difference_update(event.cards)
        elif isinstance(event, Recalled):
            in_sight.discard(event.card)
    if len(slots) != view.hand_sizes[me]:
        raise ValueError("The view's events do not fit its hands.")
    return tuple(frozenset(since) for since in slots)
