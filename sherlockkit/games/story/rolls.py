"""R004, in one place: when a Quality roll or a Trait roll succeeds; and the other test
on two dice, R005b's Deduction against a cornered Villain.

A casebook roll is a spec: ``{"quality": "Bravery", "modifier": -1}`` or
``{"trait": "Tracking", "target": 9, "who": "holmes"}``. A Quality roll succeeds when 2d6
comes at or under Holmes's Quality plus the modifier; a Trait roll when 2d6 plus the
levels of the group (or of Holmes alone, ``who = "holmes"``) plus the modifier reaches
the target.

:func:`quality_success` and :func:`trait_success` are the rule, on plain numbers;
:func:`success` reads a spec for a party and hands it to them. The engine asks
:func:`passes` of the dice it rolled, and the analyses ask :func:`chance` (or
:func:`quality_chance`, :func:`trait_chance` on plain numbers) for the exact odds of the
same rule. :func:`deduction_success` and :func:`deduction_chance` do the same for a
Deduction: Holmes's Brains plus SM must beat 2d6 plus the Villain's Brains.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Mapping, Sequence

from sherlockkit.dice import two_d6
from sherlockkit.games.story.characters import Character

if TYPE_CHECKING:  # the odds are sympy's Rationals; the engine, which only asks passes(), never imports sympy
    from sympy import Rational


def quality_success(quality: int, modifier: int = 0) -> Callable[[int], bool]:
    """Which 2d6 totals pass a Quality roll: those at or under the Quality plus ``modifier``."""
    ceiling = quality + modifier
    return lambda total: total <= ceiling


def trait_success(target: int, levels: int = 0, modifier: int = 0) -> Callable[[int], bool]:
    """Which 2d6 totals pass a Trait roll: those that, with the ``levels`` of the trait
    and ``modifier`` added, reach ``target``."""
    return lambda total: total + levels + modifier >= target


def levels(spec: Mapping, holmes: Character, party: Sequence[Character]) -> int:
    """The levels a Trait roll adds: the whole party's in the trait, or Holmes's alone
    when the spec says ``who = "holmes"``."""
    people = (holmes,) if spec.get("who") == "holmes" else party
    return sum(p.trait(spec["trait"]) for p in people)


def success(spec: Mapping, holmes: Character, party: Sequence[Character]) -> Callable[[int], bool]:
    """The rule of a roll: which 2d6 totals succeed for ``holmes`` leading ``party``
    (everyone with him, Holmes included)."""
    modifier = spec.get("modifier", 0)
    if "quality" in spec:
        return quality_success(holmes.quality(spec["quality"]), modifier)
    return trait_success(spec["target"], levels(spec, holmes, party), modifier)


def passes(spec: Mapping, total: int, holmes: Character, party: Sequence[Character]) -> bool:
    """Whether the 2d6 ``total`` rolled passes the roll ``spec``."""
    return success(spec, holmes, party)(total)


def chance(spec: Mapping, holmes: Character, party: Sequence[Character]) -> Rational:
    """The exact chance that the roll ``spec`` succeeds, on 2d6."""
    return two_d6.probability(success(spec, holmes, party))


def quality_chance(quality: int, modifier: int = 0) -> Rational:
    """The exact chance of passing a Quality roll against ``quality`` (plus ``modifier``)."""
    return two_d6.probability(quality_success(quality, modifier))


def trait_chance(target: int, levels: int = 0, modifier: int = 0) -> Rational:
    """The exact chance of passing a Trait roll of ``target`` with ``levels`` of the trait."""
    return two_d6.probability(trait_success(target, levels, modifier))


def deduction_success(brains: int, sm: int, villain_brains: int) -> Callable[[int], bool]:
    """R005b: which 2d6 totals (the Villain's throw) a Deduction beats: Holmes's
    ``brains`` plus ``sm`` must be higher than the total plus the Villain's Brains."""
    ours = brains + sm
    return lambda total: ours > total + villain_brains


def deduction_chance(brains: int, sm: int, villain_brains: int) -> Rational:
    """The exact chance that a Deduction closes the case (R005b)."""
    return two_d6.probability(deduction_success(brains, sm, villain_brains))
