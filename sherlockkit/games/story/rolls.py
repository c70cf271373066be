"""R004, in one place: when a Quality roll or a Trait roll succeeds.

A casebook roll is a spec: ``{"quality": "Bravery", "modifier": -1}`` or
``{"trait": "Tracking", "target": 9, "who": "holmes"}``. A Quality roll succeeds when 2d6
comes at or under Holmes's Quality plus the modifier; a Trait roll when 2d6 plus the
levels of the group (or of Holmes alone, ``who = "holmes"``) plus the modifier reaches
the target.

:func:`success` is the rule; the engine asks :func:`passes` of the dice it rolled, and
the analyses ask :func:`chance` for the exact odds of the same rule.
"""

from __future__ import annotations

from typing import Callable, Mapping, Sequence

from sympy import Rational

from sherlockkit.dice import two_d6
from sherlockkit.games.story.characters import Character


def success(spec: Mapping, holmes: Character, party: Sequence[Character]) -> Callable[[int], bool]:
    """The rule of a roll: which 2d6 totals succeed for ``holmes`` leading ``party``
    (everyone with him, Holmes included)."""
    modifier = spec.get("modifier", 0)
    if "quality" in spec:
        ceiling = holmes.quality(spec["quality"]) + modifier
        return lambda total: total <= ceiling
    people = (holmes,) if spec.get("who") == "holmes" else party
    levels = sum(p.trait(spec["trait"]) for p in people)
    target = spec["target"]
    return lambda total: total + levels + modifier >= target


def passes(spec: Mapping, total: int, holmes: Character, party: Sequence[Character]) -> bool:
    """Whether the 2d6 ``total`` rolled passes the roll ``spec``."""
    return success(spec, holmes, party)(total)


def chance(spec: Mapping, holmes: Character, party: Sequence[Character]) -> Rational:
    """The exact chance that the roll ``spec`` succeeds, on 2d6."""
    return two_d6.probability(success(spec, holmes, party))
