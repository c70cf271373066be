"""Picture Perfect, the Sherlock expansion: the case -- the culprit, the victim and the
Alibi cards in the envelopes -- and what a player's Alibi sheet says.

Twelve guests are suspects (every guest who is not a child) and each has an Alibi card;
three more cards say "I saw nothing". At setup one suspect's card is drawn face down (the
culprit, ``State.culprit``) and one face up (the victim, public). The victim's envelope
goes back to the box; the children's two envelopes go to the middle with an "I saw
nothing" card each; the other eleven envelopes get one card each, shuffled: the ten
alibis of the innocent suspects left and the third "I saw nothing". So the culprit's alibi
lies in no envelope, and every other suspect's (but the victim's) in exactly one.

An envelope may hold its own guest's alibi (the cards go in unseen; decided).
This module holds the case as data and what it tells a player; the deal and the view
call it (``rules.py``), the log tells it (``narration.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

from sherlockkit.engine import chance
from sherlockkit.games.picture.guests import CHILD, GUESTS, NAMES

#: the card that clears nobody
SAW_NOTHING = "I saw nothing"
#: the guests who may be the culprit or the victim, in guest order
SUSPECTS: tuple[str, ...] = tuple(g.name for g in GUESTS if g.kind != CHILD)
#: the children: playing outside at the time, cleared on every sheet
CHILDREN: tuple[str, ...] = tuple(g.name for g in GUESTS if g.kind == CHILD)
#: the figures every player gets in a Sherlock party, beside the fourteen guests
INVESTIGATORS: tuple[str, ...] = ("Watson", "Holmes")
#: the variant's figure (option ``irene``): a woman with no envelope, who likes the VIPs
IRENE = "Irène"


@dataclass(frozen=True)
class Case:
    """A dealt case: the ``culprit`` and the ``victim`` (suspects' names) and ``alibis``,
    the Alibi card in each envelope in guest order (a suspect's name, ``SAW_NOTHING``, or
    ``None`` for the victim's envelope, back in the box)."""

    culprit: str
    victim: str
    alibis: tuple[str | None, ...]


def deal_case(seed: int) -> Case:
    """The case of the party dealt from ``seed``: culprit and victim drawn from the
    shuffled suspects' cards, an "I saw nothing" in each child's envelope, and the other
    eleven cards (ten innocent suspects' alibis and the third "I saw nothing") shuffled
    into the eleven other envelopes."""
    suspects = list(SUSPECTS)
    chance(seed, 0, "alibi cards").shuffle(suspects)
    culprit, victim, innocents = suspects[0], suspects[1], suspects[2:]
    cards = innocents + [SAW_NOTHING]
    chance(seed, 0, "alibi envelopes").shuffle(cards)
    eleven = [g for g in NAMES if g not in CHILDREN and g != victim]
    inside = dict(zip(eleven, cards))
    inside.update({child: SAW_NOTHING for child in CHILDREN})
    return Case(culprit, victim, tuple(inside.get(g) for g in NAMES))


def alibi_of(alibis: tuple[str | None, ...], guest: str) -> str | None:
    """The Alibi card in ``guest``'s envelope (``None`` outside a Sherlock party, or for
    the victim's envelope)."""
    return alibis[NAMES.index(guest)] if alibis else None


def sheet(victim: str, seen: tuple[str | None, ...]) -> frozenset[str]:
    """The guests a player's Alibi sheet marks as cleared: the victim, the children and
    every suspect whose alibi they have seen (``seen``: the Alibi cards they read)."""
    return frozenset({victim, *CHILDREN} | {a for a in seen if a is not None and a != SAW_NOTHING})


def open_suspects(cleared: frozenset[str]) -> tuple[str, ...]:
    """The suspects a sheet has not cleared: the culprit is one of them."""
    return tuple(s for s in SUSPECTS if s not in cleared)


def outside(table) -> tuple[str, ...]:
    """The guests who were outside at the time in this party (a ``State`` or a ``View``):
    their envelopes lie in the middle with an "I saw nothing" card each and they are
    cleared on every sheet -- the children, unless a variant drew two others."""
    return tuple(getattr(table, "outside", ()) or CHILDREN)


def suspects_of(table) -> tuple[str, ...]:
    """The guests of this party (a ``State`` or a ``View``) who could have been the culprit
    before the victim was drawn: every guest who was not outside, in guest order."""
    away = outside(table)
    return tuple(g for g in NAMES if g not in away)
