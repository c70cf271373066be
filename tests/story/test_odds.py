"""Exact odds of the story game's tables: hand values, totals of 1, and the engine's own dice."""

import math
from dataclasses import replace

import pytest
from sympy import Rational

from sherlockkit.games.story import case_odds, characters, graph, narration, odds, rolls, rules, tables
from sherlockkit.games.story.characters import QUALITIES, make
from sherlockkit.games.story.state import Choose

R = Rational


@pytest.mark.parametrize("action", list(tables.ACTION_TABLES))
@pytest.mark.parametrize("turn", range(1, 13))
def test_every_action_table_sums_to_one(action, turn):
    for sm in (0, 3, 8):
        for bonus in (0, 2):
            result = odds.action_outcomes(action, turn=turn, sm=sm, bonus=bonus, traits={"Aware": 2, "History": 1})
            assert sum(result.values()) == 1
            assert list(result) == [row.label for row in tables.ACTION_TABLES[action].rows]


def test_explore_by_hand():
    plain = odds.action_outcomes("explore", turn=1)
    assert (plain["2"], plain["3-4"], plain["12+"]) == (R(1, 36), R(5, 36), R(1, 36))
    capped = odds.action_outcomes("explore", turn=1, traits={"Tracking": 5})  # +3 at most
    assert capped["12+"] == R(10, 36) and capped["2"] == 0


def test_attempt_arrest_by_hand():
    early = odds.action_outcomes("attempt_arrest", turn=1, sm=0)  # -1: 2d6 - 1
    assert early["2-3"] == R(6, 36)  # totals 1..3 read the first row
    assert early["13+"] == 0
    late = odds.action_outcomes("attempt_arrest", turn=9, sm=3, bonus=1)  # +5
    assert late["13+"] == R(15, 36)  # 2d6 >= 8


def test_research_and_investigate_modifiers_by_hand():
    assert odds.action_outcomes("research", turn=10, sm=3)["13+"] == R(10, 36)  # +4: 2d6 >= 9
    assert odds.action_outcomes("research", turn=3, sm=1)["2"] == R(1, 36)  # SM 1 and turn 1-4 -1: 2d6 == 2
    london = odds.action_outcomes("investigate", turn=5, traits={"Aware": 1, "History": 2})
    moor = odds.action_outcomes("investigate", turn=5, traits={"Aware": 1, "History": 2}, outside_london=True)
    assert london["12+"] == R(3, 36)  # +1: 2d6 >= 11
    assert moor["12+"] == R(10, 36)  # +3: 2d6 >= 9


def test_seek_information_adds_one_at_most_and_only_through_a_trait_you_have():
    none = odds.action_outcomes("seek_information", turn=4)
    both = odds.action_outcomes("seek_information", turn=4, traits={"Charisma": 2, "Thief": 1})
    assert none["12+"] == R(1, 36) and both["12+"] == R(3, 36)
    assert odds.action_outcomes("seek_information", turn=4, traits={"Charisma": 1}, channel="Thief") == none


def test_bad_parameters_are_refused_with_a_sentence():
    with pytest.raises(ValueError, match="has no table"):
        odds.action_outcomes("dance", turn=1)
    with pytest.raises(ValueError, match="turns 1 to 12"):
        odds.action_outcomes("explore", turn=13)


def test_encounter_matrix_by_hand():
    first = odds.encounter_odds(1)
    assert first["none"] == R(15, 36)  # an event needs 7+
    assert first["villain"] == R(21, 36) * R(1, 6)
    assert first["character"] == R(21, 36) * R(2, 6)
    assert odds.encounter_odds(1, waiting=True)["none"] == R(10, 36)
    late = odds.encounter_odds(9)
    assert late["character"] == R(30, 36) * R(1, 6)  # the sixth column, a decision
    arrest = odds.encounter_odds(10, motive_revealed=True, can_arrest=True)
    assert arrest["villain"] == R(25, 36) and arrest["holmes"] == R(5, 36)
    motive = odds.encounter_odds(6, motive_revealed=True)  # -1: faces 1-2 read column 1
    assert motive["villain"] == R(26, 36) * R(3, 6)


def test_the_chance_of_an_event_is_the_one_the_matrix_and_the_case_model_read():
    """R008 stated once for the analyses: 2d6 (+1 when Waiting) at or over 7, 6, 5."""
    assert [odds.encounter_chance(t) for t in (1, 5, 9)] == [R(21, 36), R(26, 36), R(30, 36)]
    assert [odds.encounter_chance(t, waiting=True) for t in (4, 8, 12)] == [R(26, 36), R(30, 36), R(33, 36)]
    model = case_odds.Model("a001")
    for turn in range(1, 13):
        for waiting in (False, True):
            p = odds.encounter_chance(turn, waiting)
            assert odds.encounter_odds(turn, waiting=waiting)["none"] == 1 - p
            assert model.encounter_deltas(turn, 0, waiting)[None] == 1 - case_odds.Fraction(int(p.p), int(p.q))


@pytest.mark.parametrize("turn", range(1, 13))
def test_encounter_odds_sum_to_one(turn):
    for motive, arrest, waiting in [(False, False, False), (True, False, True), (True, True, False)]:
        assert sum(odds.encounter_odds(turn, motive_revealed=motive, can_arrest=arrest, waiting=waiting).values()) == 1


def test_quality_and_trait_rolls_by_hand():
    assert odds.quality_roll(9) == R(30, 36)
    assert odds.quality_roll(7, modifier=-1) == R(15, 36)
    assert odds.trait_roll(7, levels=2) == R(30, 36)
    assert odds.trait_roll(13) == 0


# --- R004, stated once (rolls.py) and read everywhere ------------------------------------------

def _by_counting(passes) -> Rational:
    """An independent reading of a roll's chance: count the 36 throws of two dice."""
    return R(sum(1 for a in range(1, 7) for b in range(1, 7) if passes(a + b)), 36)


HOLMES = characters.holmes(("Aware", "Tracking", "Charisma"))
WOUNDED = replace(characters.holmes(("Thief", "Running", "History")), wounds=1)  # Brawn 5 - 2
TOBY = make("Toby", 2, 3, 4, {"Tracking": 2})
PARTIES = [(HOLMES, characters.watson()), (HOLMES,), (WOUNDED, characters.watson(), TOBY)]
SPECS = ([{"quality": q, "modifier": m} for q in QUALITIES for m in (-3, -1, 0, 2)]
         + [{"trait": t, "target": target, "modifier": m, **who}
            for t in ("Tracking", "Charisma", "Thief") for target in (2, 5, 7, 9, 12, 14, 16)
            for m in (-1, 0, 1) for who in ({}, {"who": "holmes"}, {"who": "group"})])


@pytest.mark.parametrize("party", PARTIES, ids=["reference", "holmes-alone", "wounded-with-toby"])
def test_every_reader_of_r004_gives_the_old_value(party):
    """``rolls`` against the rule as it was written in each reader (2d6 at or under the
    Quality plus the modifier; 2d6 plus the levels plus the modifier reaching the target),
    over every kind of spec: the odds, the graph and the chapter read the same numbers."""
    holmes = party[0]
    for spec in SPECS:
        modifier = spec.get("modifier", 0)
        if "quality" in spec:
            ceiling = holmes.quality(spec["quality"]) + modifier
            old = _by_counting(lambda total: total <= ceiling)
            assert odds.quality_roll(holmes.quality(spec["quality"]), modifier) == old
        else:
            people = party[:1] if spec.get("who") == "holmes" else party
            levels = sum(p.trait(spec["trait"]) for p in people)
            old = _by_counting(lambda total: total + levels + modifier >= spec["target"])
            assert odds.trait_roll(spec["target"], levels, modifier) == old
            assert rolls.levels(spec, holmes, party) == levels
        assert rolls.chance(spec, holmes, party) == old, spec
        assert graph.roll_chance(spec, party) == old, spec
        assert all(rolls.passes(spec, total, holmes, party) == rolls.success(spec, holmes, party)(total)
                   for total in range(2, 13))


def test_the_case_model_reads_r004_as_fractions_of_the_same_value():
    model = case_odds.Model("a001")  # the reference party: Holmes with the default traits, and Watson
    for spec in SPECS:
        exact = rolls.chance(spec, *model.party[:1], model.party)
        assert model.chance(spec) == case_odds.Fraction(int(exact.p), int(exact.q)), spec


def test_r004_at_the_edge_of_each_roll():
    """The totals at the limit: a Quality roll passes *at* the Quality, a Trait roll
    passes *at* the target (turning ``<=`` into ``<`` or ``>=`` into ``>`` breaks this)."""
    party = (HOLMES, characters.watson())
    brains = {"quality": "Brains"}  # Holmes's Brains 9
    assert rolls.passes(brains, 9, HOLMES, party) and not rolls.passes(brains, 10, HOLMES, party)
    assert rolls.passes({**brains, "modifier": -2}, 7, HOLMES, party)
    assert not rolls.passes({**brains, "modifier": -2}, 8, HOLMES, party)
    charisma = {"trait": "Charisma", "target": 7}  # Holmes 1 and Watson 1: +2
    assert rolls.passes(charisma, 5, HOLMES, party) and not rolls.passes(charisma, 4, HOLMES, party)
    alone = {**charisma, "who": "holmes"}  # Holmes's own level only: +1
    assert rolls.passes(alone, 6, HOLMES, party) and not rolls.passes(alone, 5, HOLMES, party)
    assert rolls.chance(brains, HOLMES, party) == R(30, 36)
    assert rolls.chance(charisma, HOLMES, party) == R(30, 36)
    assert rolls.chance(alone, HOLMES, party) == R(26, 36)
    assert rolls.quality_chance(7, -1) == R(15, 36) and rolls.trait_chance(12, 0) == R(1, 36)


def test_a_deduction_must_beat_the_villains_total():
    """R005b: Holmes's Brains + SM against 2d6 + the Villain's Brains; a tie is not enough."""
    assert rolls.deduction_success(9, 3, 7)(4) and not rolls.deduction_success(9, 3, 7)(5)  # 12 > 11, 12 = 12
    for brains, sm, theirs in [(9, 0, 7), (9, 3, 10), (10, 6, 12), (9, 8, 6)]:
        old = _by_counting(lambda total: brains + sm > total + theirs)
        assert rolls.deduction_chance(brains, sm, theirs) == old
    assert rolls.deduction_chance(9, 3, 7) == R(6, 36)


def test_luck_rerolls_a_failure_once():
    assert odds.with_luck(R(1, 2)) == R(3, 4)
    assert odds.with_luck(R(1, 2), luck=0) == R(1, 2)
    assert odds.with_luck(R(1, 2), luck=3) == R(3, 4)  # never twice for one roll
    assert odds.successes_with_luck(R(1, 2), 2, 1) == {0: R(1, 8), 1: R(3, 8), 2: R(1, 2)}
    for luck in range(4):
        assert sum(odds.successes_with_luck(R(5, 12), 4, luck).values()) == 1
    means = [sum(k * p for k, p in odds.successes_with_luck(R(5, 12), 4, luck).items()) for luck in range(6)]
    assert means == sorted(means) and means[4] == means[5]


def test_combat_by_hand():
    holmes, thug = odds.strike_total(5), odds.strike_total(7)
    assert holmes[6 + 1] == R(1, 6)  # Brawn 5 + band 1 + d6
    results = odds.strike_results(holmes, thug)
    assert results["even"] == R(4, 36)  # d6 - d6 = 2
    assert results["they: wounded"] == R(1, 36)  # d6 - d6 = 5 gives a difference of 3
    assert sum(results.values()) == 1
    assert odds.strike_difference(holmes, thug).mean() == -2


def _engine_rows(n):
    """The row each engine Explore roll read on turn 1, by its modifier."""
    seen = {}
    for seed in range(n):
        state = rules.new(seed, first_case="a001")
        while state.pending.kind != "action":
            state = rules.play(state, Choose("keep" if "keep" in state.pending.ids else state.pending.ids[0]))
        state = rules.play(state, Choose("explore"))
        roll = state.rolls[-1]
        modifier = int(roll.label.split("2d6")[1].rstrip(")"))
        if state.pending.kind == "luck":
            state = rules.play(state, Choose("keep"))
            roll = next(r for r in state.rolls if r.label.startswith("Explore"))
        seen.setdefault(modifier, []).append(roll.verdict.replace("row ", ""))
    return seen


def test_the_engine_rolls_explore_with_the_exact_odds():
    """2,000 first turns of the engine: each row's frequency within 4 binomial standard errors."""
    for modifier, rows in _engine_rows(2000).items():
        if len(rows) < 300:
            continue
        exact = tables.EXPLORE.odds(modifier)
        for label, p in exact.items():
            freq = rows.count(label) / len(rows)
            assert abs(freq - float(p)) <= 4 * math.sqrt(float(p * (1 - p)) / len(rows)) + 1 / len(rows)


def test_the_engine_rolls_encounters_with_the_exact_odds():
    """1,500 turn-1 Waits: the share of turns with an event is the exact one."""
    events, n = 0, 1500
    for seed in range(n):
        state = rules.new(seed, first_case="a001")
        while state.pending.kind != "action":
            state = rules.play(state, Choose("keep" if "keep" in state.pending.ids else state.pending.ids[0]))
        state = rules.play(state, Choose("wait"))
        while state.pending.kind == "luck":
            state = rules.play(state, Choose("keep"))
        events += any("something happens" in line for line in narration.log(rules.view(state)))
    p = 1 - odds.encounter_odds(1, waiting=True)["none"]
    assert abs(events / n - float(p)) < 4 * math.sqrt(float(p * (1 - p)) / n)


def test_the_strike_odds_are_the_engines_strikes_for_every_state_of_a_fighter():
    """``odds.strike_total`` is, die by die, what ``combat.strike`` gives in a fight."""
    from dataclasses import replace

    from sherlockkit.games.story import combat
    from sherlockkit.games.story.characters import WOUNDED, make

    for brawn in (3, 4, 8, 9, 10):
        for stunned in (False, True):
            for wounded in (False, True):
                person = replace(make("Brute", 5, brawn, 5, {"Weaponry": 1}), wounds=WOUNDED if wounded else 0)
                engine_strikes = {combat.strike(person, ("Brute",) if stunned else (), die) for die in range(1, 7)}
                exact = odds.strike_total(brawn, weaponry=1, stunned=stunned, wounded=wounded)
                assert set(exact.keys()) == engine_strikes
