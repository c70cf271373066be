"""What the face-up cards prove: who is cleared, who is the culprit, which slap is right.

These read only what every player sees (``State`` or ``View`` alike), so the rules, the
bots, the widget and the chapter all deduce with the same functions.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from sherlockkit.games.express.cards import DECK, Slot, Suspect
from sherlockkit.games.express.state import State, View


def places(display: Sequence[Suspect | None]) -> tuple[Slot, ...]:
    """The places a slap may land on: every visible suspect's, then the suspect deck."""
    return (*(i for i, s in enumerate(display) if s is not None), DECK)


def face_up_traits(table: State | View) -> frozenset[str]:
    """Every trait shown by an alibi turned up this round."""
    return frozenset(t for pile in table.revealed for t in pile)


def uncleared_slots(display: Sequence[Suspect | None], traits: Iterable[str]) -> tuple[int, ...]:
    """The places of the visible suspects that none of ``traits`` clears."""
    traits = frozenset(traits)
    return tuple([i for i, s in enumerate(display) if s is not None and not s.cleared_by(traits)])


def culprit(table: State | View) -> Slot | None:
    """The slot the table proves guilty: the last uncleared suspect, ``DECK`` when all are
    cleared (Moriarty), or ``None`` while two or more suspects are still uncleared."""
    return _culprit(table.display, face_up_traits(table))


def _culprit(display: Sequence[Suspect | None], traits: frozenset[str]) -> Slot | None:
    left = uncleared_slots(display, traits)
    if len(left) == 1:
        return left[0]
    if not left:
        return DECK
    return None


def false_alibi_targets(table: State | View) -> tuple[Slot, ...]:
    """Variant: the slots a false alibi points at (the deck when no visible suspect bears it)."""
    return () if table.false_alibi is None else _pointed(table.display, table.false_alibi)


def _pointed(display: Sequence[Suspect | None], false_alibi: str) -> tuple[Slot, ...]:
    bearing = tuple(i for i, s in enumerate(display) if s is not None and false_alibi in s.traits)
    return bearing or (DECK,)


def correct_slots(table: State | View) -> tuple[Slot, ...]:
    """Every slot a slap would win right now (empty while nothing is proven)."""
    return proven_slots(table.display, face_up_traits(table), table.false_alibi)


def proven_slots(display: Sequence[Suspect | None], traits: frozenset[str], false_alibi: str | None
                 ) -> tuple[Slot, ...]:
    """Every slot a slap would win on a table showing ``display``, with ``traits`` face up and
    ``false_alibi`` (or ``None``) pointing: what :func:`correct_slots` says, from the
    parts a move already holds."""
    proven = _culprit(display, traits)
    slots = () if proven is None else (proven,)
    if false_alibi is None:
        return slots
    return slots + tuple(s for s in _pointed(display, false_alibi) if s not in slots)
