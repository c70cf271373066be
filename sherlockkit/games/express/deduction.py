"""What the face-up cards prove: who is cleared, who is the culprit, which slap is right.

These read only what every player sees (``State`` or ``View`` alike), so the rules, the
bots, the widget and the chapter all deduce with the same functions.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from sherlockkit.games.express.cards import Suspect
from sherlockkit.games.express.state import DECK, Slot, State, View


def places(display: Sequence[Suspect | None]) -> tuple[Slot, ...]:
    """The places a slap may land on: every visible suspect's, then the suspect deck."""
    return (*(i for i, s in enumerate(display) if s is not None), DECK)


def face_up_traits(table: State | View) -> frozenset[str]:
    """Every trait shown by an alibi turned up this round."""
    return frozenset(t for pile in table.revealed for t in pile)


def uncleared_slots(display: Sequence[Suspect | None], traits: Iterable[str]) -> tuple[int, ...]:
    """The places of the visible suspects that none of ``traits`` clears."""
    traits = frozenset(traits)
    return tuple(i for i, s in enumerate(display) if s is not None and not s.cleared_by(traits))


def culprit(table: State | View) -> Slot | None:
    """The slot the table proves guilty: the last uncleared suspect, ``DECK`` when all are
    cleared (Moriarty), or ``None`` while two or more suspects are still uncleared."""
    left = uncleared_slots(table.display, face_up_traits(table))
    if len(left) == 1:
        return left[0]
    if not left:
        return DECK
    return None


def false_alibi_targets(table: State | View) -> tuple[Slot, ...]:
    """Variant: the slots a false alibi points at (the deck when no visible suspect bears it)."""
    if table.false_alibi is None:
        return ()
    bearing = tuple(i for i, s in enumerate(table.display) if s is not None and table.false_alibi in s.traits)
    return bearing or (DECK,)


def correct_slots(table: State | View) -> tuple[Slot, ...]:
    """Every slot a slap would win right now (empty while nothing is proven)."""
    proven = culprit(table)
    slots = () if proven is None else (proven,)
    return slots + tuple(s for s in false_alibi_targets(table) if s not in slots)
