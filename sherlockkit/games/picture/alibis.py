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

The variant "more suspects" (``rules.new(..., variant="more suspects")``), read within the
fourteen guests we have: every guest is present, and two of them drawn at random at setup
(``draw_outside``) were outside instead of the children -- their envelopes go to the middle
with an "I saw nothing" card each and they are cleared on every sheet; the culprit and the
victim are drawn from the twelve others, so a child may be the culprit and anyone may have
been outside. The third "I saw nothing" card still goes among the eleven envelopes. A
party's outside guests and suspects are asked of it (``outside``, ``suspects_of``), never
assumed to be the children and the other twelve.

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


#: how many guests were outside at the time (the children, or two drawn by the variant)
OUTSIDE_COUNT = 2


@dataclass(frozen=True)
class Case:
    """A dealt case: the ``culprit`` and the ``victim`` (suspects' names) and ``alibis``,
    the Alibi card in each envelope in guest order (a suspect's name, ``SAW_NOTHING``, or
    ``None`` for the victim's envelope, back in the box); ``outside``: the guests who were
    outside, as ``State.outside`` keeps them (empty: the children)."""

    culprit: str
    victim: str
    alibis: tuple[str | None, ...]
    outside: tuple[str, ...] = ()


def draw_outside(seed: int) -> tuple[str, ...]:
    """The variant "more suspects": the two guests of the party dealt from ``seed`` who
    were outside at the time, drawn at random from all fourteen, in guest order."""
    drawn = chance(seed, 0, "outside guests").sample(NAMES, OUTSIDE_COUNT)
    return tuple(g for g in NAMES if g in drawn)


def deal_case(seed: int, outside: tuple[str, ...] = ()) -> Case:
    """The case of the party dealt from ``seed`` with ``outside`` the guests who were
    outside (empty: the children): culprit and victim drawn from the shuffled cards of the
    twelve others, an "I saw nothing" in each outside guest's envelope, and the other
    eleven cards (ten innocent suspects' alibis and the third "I saw nothing") shuffled
    into the eleven other envelopes."""
    away = _or_children(outside)
    if len(set(away)) != OUTSIDE_COUNT or not set(away) <= set(NAMES):
        raise ValueError(f"Two different guests were outside, not {', '.join(map(str, away))[:60]}.")
    suspects = [g for g in NAMES if g not in away]
    chance(seed, 0, "alibi cards").shuffle(suspects)
    culprit, victim, innocents = suspects[0], suspects[1], suspects[2:]
    cards = innocents + [SAW_NOTHING]
    chance(seed, 0, "alibi envelopes").shuffle(cards)
    eleven = [g for g in NAMES if g not in away and g != victim]
    inside = dict(zip(eleven, cards))
    inside.update({guest: SAW_NOTHING for guest in away})
    return Case(culprit, victim, tuple(inside.get(g) for g in NAMES), tuple(outside))


def alibi_of(alibis: tuple[str | None, ...], guest: str) -> str | None:
    """The Alibi card in ``guest``'s envelope (``None`` outside a Sherlock party, or for
    the victim's envelope)."""
    return alibis[NAMES.index(guest)] if alibis else None


def sheet(victim: str, seen: tuple[str | None, ...], outside: tuple[str, ...] = ()) -> frozenset[str]:
    """The guests a player's Alibi sheet marks as cleared: the victim, the guests who were
    outside (``outside``; empty: the children) and every suspect whose alibi they have
    seen (``seen``: the Alibi cards they read)."""
    return frozenset({victim, *_or_children(outside)} | {a for a in seen if a is not None and a != SAW_NOTHING})


def open_suspects(cleared: frozenset[str], table=None) -> tuple[str, ...]:
    """The suspects a sheet has not cleared (the suspects of ``table``, a ``State`` or a
    ``View``; without it, the plain expansion's twelve): the culprit is one of them."""
    return tuple(s for s in (SUSPECTS if table is None else suspects_of(table)) if s not in cleared)


def outside(table) -> tuple[str, ...]:
    """The guests who were outside at the time in this party (a ``State``, a ``View`` or
    its ``Dealt`` event):
    their envelopes lie in the middle with an "I saw nothing" card each and they are
    cleared on every sheet -- the children, unless a variant drew two others."""
    return _or_children(getattr(table, "outside", ()))


def _or_children(outside: tuple[str, ...]) -> tuple[str, ...]:
    """The guests who were outside as kept (``State.outside``, ``Dealt.outside``): empty
    means the children, so every party dealt before the variant reads as it did."""
    return tuple(outside) or CHILDREN


def suspects_of(table) -> tuple[str, ...]:
    """The guests of this party (a ``State`` or a ``View``) who could have been the culprit
    before the victim was drawn: every guest who was not outside, in guest order."""
    away = outside(table)
    return tuple(g for g in NAMES if g not in away)
