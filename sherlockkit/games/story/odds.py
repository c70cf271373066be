"""Exact odds of the Detective Story Game's tables, read from the same objects and rules
the engine rolls with (``tables.py``; ``rolls.py`` for R004): actions (R007a-e), the
Encounter Matrix (R008), Quality and Trait rolls (R004), Luck, and combat (R009a).

Every probability is a ``sympy.Rational``; each table takes well under a millisecond.
"""

from __future__ import annotations

from fractions import Fraction

from sympy import Rational

from sherlockkit.dice import Distribution, d6, parse_row, two_d6
from sherlockkit.games.story import combat, rolls, tables
from sherlockkit.games.story.tables import ACTION_TABLES, SEEK_CHANNELS

ENCOUNTER_KEYS = ("none", "villain", "holmes", "watson", "character", "location")


def action_outcomes(action: str, *, turn: int, sm: int = 0, traits: dict | None = None, bonus: int = 0,
                    outside_london: bool = False, channel: str | None = None) -> dict[str, Rational]:
    """The exact chance of each row of an action's table, keyed as the rulebook writes
    the rows (``"2-3"``, ``"4"``, ..., ``"13+"``), with every modifier of R007.

    ``traits`` maps a trait to the group's total level (``{"Tracking": 3}``). For Seek
    Information the +1 comes from ``channel``, or, if none is named, from any of
    Charisma, Disguise, Thief or History the group has.
    """
    if action not in ACTION_TABLES:
        raise ValueError(f"{action!r} has no table; the actions with tables are {', '.join(ACTION_TABLES)}.")
    if not 1 <= turn <= tables.TURNS:
        raise ValueError(f"A case has turns 1 to {tables.TURNS}, not {turn}.")
    traits = traits or {}
    if action == "seek_information" and channel is None:
        channel = next((c for c in SEEK_CHANNELS if traits.get(c, 0) > 0), None)
    modifier = tables.action_modifier(action, turn=turn, sm=sm, traits=traits, bonus=bonus,
                                      outside_london=outside_london, channel=channel)
    return ACTION_TABLES[action].odds(modifier)


def encounter_chance(turn: int, waiting: bool = False) -> Rational:
    """R008: the exact chance that something happens at the end of a turn: 2d6 (plus
    Wait's bonus) at or over the turn's threshold."""
    threshold, _ = tables.encounter_band(turn)
    bonus = tables.WAIT_BONUS if waiting else 0
    return two_d6.probability(lambda total: total + bonus >= threshold)


def encounter_odds(turn: int, *, motive_revealed: bool = False, can_arrest: bool = False,
                   waiting: bool = False) -> dict[str, Rational]:
    """The exact chance of no event and of each type of event at the end of a turn (R008)."""
    _, columns = tables.encounter_band(turn)
    event = encounter_chance(turn, waiting)
    shift = tables.encounter_shift(motive_revealed, can_arrest)
    result = {key: Rational(0) for key in ENCOUNTER_KEYS}
    result["none"] = 1 - event
    for face in range(1, 7):
        result[columns[tables.encounter_column(face, shift) - 1]] += event * Rational(1, 6)
    return result


def quality_roll(quality: int, modifier: int = 0) -> Rational:
    """R004: the chance that 2d6 comes at or under the Quality (plus its modifier)."""
    return rolls.quality_chance(quality, modifier)


def trait_roll(target: int, levels: int = 0, modifier: int = 0) -> Rational:
    """R004: the chance that 2d6 plus the group's trait levels reaches the target."""
    return rolls.trait_chance(target, levels, modifier)


def with_luck(p, luck: int = 1) -> Rational:
    """The chance of passing one roll of chance ``p`` with ``luck`` points to spend on a
    failure: a roll may be re-rolled once, never twice, so any Luck beyond 1 is unused."""
    p = Rational(p)
    return p + (1 - p) * p if luck >= 1 else p


def successes_with_luck(p, rolls: int, luck: int) -> dict[int, Rational]:
    """Over ``rolls`` independent rolls of chance ``p``, with ``luck`` points spent only on
    failures (each failed roll re-rolled once while points last): the exact distribution
    of the number of successes."""
    p = Fraction(str(Rational(p)))
    states = {(0, luck): Fraction(1)}  # (successes so far, luck left) -> chance
    for _ in range(rolls):
        following: dict = {}
        for (won, left), q in states.items():
            outcomes = [((won + 1, left), p)]
            if left:
                outcomes += [((won + 1, left - 1), (1 - p) * p), ((won, left - 1), (1 - p) * (1 - p))]
            else:
                outcomes.append(((won, left), 1 - p))
            for key, r in outcomes:
                following[key] = following.get(key, 0) + q * r
        states = following
    result: dict[int, Rational] = {}
    for (won, _), q in states.items():
        result[won] = result.get(won, Rational(0)) + Rational(q.numerator, q.denominator)
    return dict(sorted(result.items()))


def strike_total(brawn: int, *, weaponry: int = 0, madness: int = 0, addiction: int = 0,
                 stunned: bool = False, wounded: bool = False) -> Distribution:
    """R009a: one fighter's strike, 1d6 + Brawn + modifiers, as an exact distribution: the
    engine's own strike (``combat.strike_base``: a Stun or a Wound lowers the Brawn, and
    the band is read on what is left)."""
    return d6 + combat.strike_base(brawn, weaponry=weaponry, madness=madness, addiction=addiction,
                                   stunned=stunned, wounded=wounded)


def strike_difference(ours: Distribution, theirs: Distribution) -> Distribution:
    """Our strike minus theirs, exactly (positive: they take the result)."""
    return ours - theirs


def strike_results(ours: Distribution, theirs: Distribution, *, we_are_holmes_or_watson: bool = True,
                   they_are_holmes_or_watson: bool = False) -> dict[str, Rational]:
    """The chance of each outcome of one exchange of strikes: ``"even"``, ``"we: <result>"``
    when we are lower, ``"they: <result>"`` when they are."""
    result: dict[str, Rational] = {}
    for gap, p in strike_difference(ours, theirs).items():
        if gap == 0:
            key = "even"
        elif gap > 0:
            key = "they: " + tables.combat_result(gap, they_are_holmes_or_watson)
        else:
            key = "we: " + tables.combat_result(-gap, we_are_holmes_or_watson)
        result[key] = result.get(key, Rational(0)) + p
    return result


def strikes_harder(ours: Distribution, theirs: Distribution) -> Rational:
    """The chance that our strike is the higher of an exchange (R009a): they take a
    result, and we take none."""
    return strike_difference(ours, theirs).probability(lambda gap: gap > 0)


def motive_chance(motive) -> Rational:
    """R005a: the chance that the Motive die picks ``motive``, one of a Villain's Motives
    as the casebook writes it (its ``faces``, ``"1-3"``, ``"4-5"`` or ``"6"``)."""
    low, high = parse_row(motive["faces"])
    return d6.probability(lambda face: low <= face and (high is None or face <= high))


def expected_successes_with_luck(p, rolls: int, luck: int) -> Rational:
    """The number of successes to expect over ``rolls`` independent rolls of chance ``p``
    with ``luck`` points spent only on failures (:func:`successes_with_luck`), exactly."""
    return sum((won * q for won, q in successes_with_luck(p, rolls, luck).items()), Rational(0))


def luck_gains(p, rolls: int, points: int) -> list[Rational]:
    """What each point of Luck is worth over ``rolls`` rolls of chance ``p``: the
    successes to expect that the 1st, the 2nd, ... up to the ``points``-th point adds to
    the ones before it, exactly."""
    expected = [expected_successes_with_luck(p, rolls, luck) for luck in range(points + 1)]
    return [more - fewer for fewer, more in zip(expected, expected[1:])]
