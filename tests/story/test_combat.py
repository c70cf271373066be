"""R009a (strikes, the difference table, escape) and R009b (wounds and death)."""

from dataclasses import replace

import pytest

from sherlockkit.games.story import campaign, combat
from sherlockkit.games.story.events import Exchange, FightWon, StrikeResult
from sherlockkit.games.story.tables import combat_result, strike_modifier

from .situations import QUIET, happen, holmes, keep, names, person, play, roll, rolls, situation, watson

ALONE = {"away": ("Watson",)}  # Holmes fights alone


def fight(*opponents, won=(), escaped=()):
    return {"fight": {"opponents": [{"name": n, "brawn": b, **extra} for n, b, extra in opponents],
                      "won": list(won), "escaped": list(escaped)}}


def rough(brawn, **extra):
    return ("Rough", brawn, extra)


def last_exchange(state):
    """The strikes of the last pair to meet (R009a), as the engine recorded them."""
    return [e for e in state.events if isinstance(e, Exchange)][-1]


# --- R009a: the strike ----------------------------------------------------------------------


@pytest.mark.parametrize("brawn, changes, die, total", [
    (5, {}, 3, 5 + 3 + 1),  # Brawn 4-8: +1
    (3, {}, 3, 3 + 3),  # Brawn 3: nothing
    (9, {}, 3, 9 + 3 + 2),  # Brawn 9+: +2
    (6, {"Weaponry": 2}, 4, 6 + 4 + 1 + 2),  # +1 per Weaponry
    (6, {"Madness": 1, "Addiction": 2}, 4, 6 + 4 + 1 - 3),  # -1 per Madness or Addiction
])
def test_a_strike_is_brawn_plus_1d6_plus_its_modifiers(brawn, changes, die, total):
    """R009a: take the Brawn and add 1d6 and the modifiers."""
    fighter = person("Fighter", brawn=brawn, **changes)
    assert combat.strike(fighter, (), die) == total


def test_a_stunned_fighter_strikes_2_lower():
    """R009a's -1 if the Character is Stunned, and R009b's Brawn -1 for the rest of the
    combat, as well (decision): Brawn 4 + 4 + 1 (band of 4) - 1."""
    assert combat.strike(holmes(), ("Holmes",), 4) == 4 + 4 + 1 - 1


def test_a_wounded_fighter_strikes_on_his_reduced_brawn():
    """R009a's -2 if Wounded is R009b's Brawn -2, counted once; the band reads the
    reduced Brawn (decision): Brawn 5 - 2 = 3, no band: 3 + 4."""
    assert combat.strike(holmes(wounds=1), (), 4) == 3 + 4


@pytest.mark.parametrize("brawn, expected", [(1, 0), (3, 0), (4, 1), (8, 1), (9, 2), (12, 2)])
def test_the_brawn_band_of_a_strike(brawn, expected):
    """R009a: +1 if Brawn = 4-8; +2 if Brawn = 9+."""
    assert strike_modifier(brawn) == expected


HOLMES_ROW = ["unhurt", "stunned", "stunned", "stunned",  # differences 1-4
              "wounded", "wounded", "wounded", "seriously wounded"]
OTHER_ROW = ["stunned", "stunned", "wounded", "wounded",  # differences 1-4
             "wounded", "seriously wounded", "seriously wounded", "death"]


@pytest.mark.parametrize("difference", range(1, 12))
def test_the_difference_table(difference):
    """R009a: the result for the lower total, by the difference (8+), for Holmes or Watson
    and for all other targets."""
    index = min(difference, 8) - 1
    assert combat_result(difference, holmes_or_watson=True) == HOLMES_ROW[index]
    assert combat_result(difference, holmes_or_watson=False) == OTHER_ROW[index]


def test_equal_strikes_hurt_nobody():
    """R009a: the result applies to the Character with the lowest total: none on a tie."""
    assert combat_result(0, True) is None and combat_result(0, False) is None


# --- R009a in play -----------------------------------------------------------------------------


def strike_once(dice, ours, theirs, opponent=rough(5), **fields):
    """One round: Holmes (alone unless ``fields`` say otherwise) against ``opponent``."""
    dice.queue(ours)
    dice.draw(theirs)
    return happen(situation(**{**ALONE, **fields}), fight(opponent))


def test_holmes_unhurt_on_a_difference_of_1(dice):
    """R009a: Holmes or Watson, difference 1: Unhurt (Holmes 5+2+1 = 8, Rough 5+3+1 = 9)."""
    state = strike_once(dice, 2, 3)
    assert state.holmes.wounds == 0 and state.fight.stunned == ()
    assert state.pending.kind == "combat"


@pytest.mark.parametrize("theirs", [4, 5, 6])
def test_holmes_stunned_on_2_to_4(dice, theirs):
    """R009a: Holmes, difference 2-4: Stunned."""
    state = strike_once(dice, 2, theirs)
    assert state.fight.stunned == ("Holmes",) and state.holmes.wounds == 0


def test_holmes_wounded_on_5_to_7(dice):
    """R009a: Holmes, difference 5 (7 against 12): Wounded -- and the fight is over, lost
    (R009a: combat goes on until one side is wounded)."""
    dice.queue(1, *QUIET)
    dice.draw(6)
    state = happen(situation(**ALONE), fight(rough(5)))
    assert state.holmes.wounds == 1 and state.fight is None
    assert state.pending.kind == "action" and state.turn == 2


def test_holmes_seriously_wounded_on_8_loses_the_case(dice):
    """R009a 8+ and R009b: a Seriously Wounded Holmes goes home to Baker Street and the case fails."""
    state = strike_once(dice, 1, 6, opponent=rough(8), sm=1)  # 7 against 15
    assert campaign.case_result(state) == "lost"
    assert "m403" in state.read and state.phase == "after_case"


@pytest.mark.parametrize("ours, theirs", [(3, 2), (4, 2)])
def test_another_target_stunned_on_1_2(dice, ours, theirs):
    """R009a, all other targets: 1-2 Stunned, and the fight goes on (Holmes 6 + ours,
    Rough 6 + theirs)."""
    state = strike_once(dice, ours, theirs)
    assert state.fight.stunned == ("Rough",) and state.fight.opponents[0].wounds == 0
    assert state.pending.kind == "combat"


@pytest.mark.parametrize("ours, theirs", [(5, 2), (6, 1)])
def test_another_target_wounded_on_3_5_and_the_fight_is_won(dice, ours, theirs):
    """R009a, all other targets: 3-5 Wounded; the Wounded side has lost the fight, and
    the paragraph's effects for a win follow."""
    dice.queue(ours, *QUIET)
    dice.draw(theirs)
    state = happen(situation(**ALONE), fight(rough(5), won=[{"sm": 1}]))
    assert StrikeResult("Rough", "wounded") in state.events and FightWon() in state.events
    assert state.fight is None and state.sm == 1 and state.turn == 2


def test_another_target_seriously_wounded_on_6_7_is_out_of_the_fight(dice):
    """R009a 6-7 and R009b: an unfriendly Character Seriously Wounded takes no further part;
    the fight is won."""
    dice.queue(6, *QUIET)
    dice.draw(1)  # Holmes 5 + 6 + 1 = 12 against Rough 4 + 1 + 1 = 6: difference 6
    state = happen(situation(**ALONE), fight(rough(4), won=[{"sm": 1}]))
    assert state.sm == 1 and state.fight is None
    assert campaign.case_result(state) is None


def test_another_target_killed_on_8_ends_the_case_for_1_luck(dice):
    """R009a 8+ and R009b: an unfriendly character killed: lose 1 Luck; the case ends successfully."""
    dice.queue(6)
    dice.draw(1)  # Holmes 12 against Rough 2 + 1 = 3: difference 9
    state = keep(happen(situation(luck=2, **ALONE), fight(rough(2))), "keep")
    assert campaign.case_result(state) == "solved"
    assert state.luck == 1


def test_the_strongest_face_the_opponents_one_to_one(dice):
    """R009a: each Character is matched against one opponent; neither side outnumbers the
    other (Watson, Brawn 6, faces the one rough; Holmes watches)."""
    dice.queue(3)
    dice.draw(3)
    state = happen(situation(), fight(rough(5)))
    assert len(rolls(state, "Watson strikes")) == 1 and not rolls(state, "Holmes strikes")


def test_two_opponents_meet_two_fighters(dice):
    """R009a: one opponent each (Watson the first, Holmes the second)."""
    dice.queue(3, 3)
    dice.draw(3, 3)
    state = happen(situation(), fight(("Cudgel", 6, {}), ("Knife", 5, {})))
    assert [r.label for r in state.rolls[:2]] == ["Watson strikes at Cudgel (Brawn + d6)",
                                                  "Holmes strikes at Knife (Brawn + d6)"]


def test_stunned_only_once_per_fight(dice):
    """R009b: a single Stun per fight; any later Stun changes nothing (Holmes Stunned
    strikes Brawn 4 + 2 + 1 - 1 = 6, not less)."""
    state = strike_once(dice, 2, 4)  # 8 against 10: Stunned
    dice.queue(2)
    dice.draw(2)  # 6 against 8: Stunned again
    state = play(state, "fight_on")
    assert state.fight.stunned == ("Holmes",)
    assert last_exchange(state) == Exchange("Holmes", "Rough", 6, 8)
    dice.queue(2)
    dice.draw(2)  # still 6 against 8
    state = play(state, "fight_on")
    assert last_exchange(state) == Exchange("Holmes", "Rough", 6, 8)


def test_stunned_lasts_only_for_the_fight(dice):
    """R009b: the Brawn returns to normal after the combat ends."""
    state = strike_once(dice, 2, 4)  # 8 against 10: Holmes Stunned
    dice.queue(6, *QUIET)
    dice.draw(1)  # 4 + 6 + 1 - 1 = 10 against 7: difference 3, the rough is Wounded: won
    state = play(state, "fight_on")
    assert last_exchange(state) == Exchange("Holmes", "Rough", 10, 7)
    assert state.fight is None and state.turn == 2
    dice.queue(2)
    dice.draw(1)  # a new fight: Holmes strikes 5 + 2 + 1 = 8 again, unstunned
    state = happen(state, fight(rough(5)))
    assert last_exchange(state) == Exchange("Holmes", "Rough", 8, 7)


# --- R009a: escape ------------------------------------------------------------------------------


def test_escape_on_a_bravery_roll_then_read_m629(dice):
    """R009a: after a round, make a Bravery roll (7); on a success consult m629."""
    state = strike_once(dice, 2, 3)
    dice.queue(4, 3)  # 7 <= 7: away
    dice.queue(6, 1, *QUIET)  # m629: Running 7, success
    state = play(state, "escape")
    assert "m629" in state.read and state.fight is None
    assert roll(state, "Escape").verdict == "escaped"


def test_a_failed_escape_and_the_fight_goes_on(dice):
    """R009a: "If you fail the battle continues"."""
    state = strike_once(dice, 2, 3)
    dice.queue(4, 4)  # 8 > 7
    dice.queue(2)
    dice.draw(3)  # the next round
    state = play(state, "escape")
    assert roll(state, "Escape").verdict == "caught"
    assert state.pending.kind == "combat" and "m629" not in state.read


def test_running_makes_escape_easier(dice):
    """R009a: subtract 1 for each level of Running (8 - 1 = 7 <= 7)."""
    state = strike_once(dice, 2, 3, holmes=holmes("Running", "Science", "British Law"))
    dice.queue(4, 4)
    dice.queue(6, 1, *QUIET)  # m629's Running 7 roll: 7 + 1
    state = play(state, "escape")
    assert roll(state, "Escape").verdict == "escaped"


def test_escaping_applies_the_events_escape_effects(dice):
    """R009a: escaping ends the fight with the event's own consequences (here -1 Luck)."""
    dice.queue(2)
    dice.draw(3)
    state = happen(situation(luck=0, sm=2, **ALONE), fight(rough(5), escaped=[{"sm": -1}]))
    dice.queue(4, 3, 6, 1, *QUIET)
    state = play(state, "escape")
    assert state.sm == 1


# --- R009b: wounds ----------------------------------------------------------------------------------


def test_a_wound_takes_2_off_brawn_for_the_rest_of_the_case(dice):
    """R009b: a Wound costs the Character 2 Brawn until the case ends."""
    dice.queue(*QUIET)
    state = happen(situation(), {"wound": "holmes"})
    assert state.holmes.quality("Brawn") == 3 and state.turn == 2


def test_a_second_wound_is_serious(dice):
    """R009b: a second Wound on an already Wounded Character makes it Seriously Wounded."""
    dice.queue(*QUIET)
    state = happen(situation(luck=3, watson=watson(wounds=1)), {"wound": "watson"})
    state = keep(state, "keep") if state.pending.kind == "luck" else state
    assert "Watson" in state.away and state.watson.wounds == 2


def test_holmes_seriously_wounded_loses_the_case(dice):
    """R009b Holmes: he goes home to Baker Street and the case fails."""
    state = happen(situation(sm=2, luck=2, holmes=holmes(wounds=1)), {"wound": "holmes"})
    assert campaign.case_result(state) == "lost"
    assert (state.sm, state.luck) == (0, 1)
    assert "m403" in state.read


def test_watson_seriously_wounded_goes_home_and_costs_2_luck(dice):
    """R009b Watson: he goes home to Baker Street and sits out the rest of the case; 2 Luck are lost."""
    dice.queue(*QUIET)
    state = keep(happen(situation(luck=3, watson=watson(wounds=1)), {"wound": "watson"}), "keep")
    assert state.luck == 1
    assert "Watson" in state.away
    assert "rest" not in state.pending.ids  # his Medicine went home with him


def test_an_ally_seriously_wounded_in_a_fight_leaves_and_costs_1_luck(dice):
    """R009a 6-7 for an Ally and R009b: a friendly character Seriously Wounded leaves the
    case immediately. Lose 1 Luck point."""
    shinwell = person("Shinwell Johnson", 5, 8, 7, Thief=1)  # the strongest with Watson away
    dice.queue(3)  # Shinwell: 8 + 3 + 1 = 12
    dice.draw(6)  # the brute: 10 + 6 + 2 = 18: difference 6
    dice.queue(*QUIET)
    state = keep(happen(situation(luck=2, allies=(shinwell,), **ALONE), fight(("Brute", 10, {}))), "keep")
    assert names(state.allies) == ()
    assert state.luck == 1
    assert state.fight is None and state.turn == 2  # the fight is lost: Holmes does not face the brute


def test_an_ally_wounded_twice_leaves_and_costs_1_luck(dice):
    """R009b: a second Wound is Serious; an Ally Seriously Wounded leaves; lose 1 Luck."""
    toby = replace(person("Toby", 2, 4, 8, Tracking=2), wounds=1)
    dice.queue(*QUIET)
    state = keep(happen(situation(luck=2, allies=(toby,)), {"wound": "random_ally"}), "keep")
    assert (names(state.allies), state.luck) == ((), 1)


def test_a_friendly_death_costs_1d3_luck(dice):
    """R009b Death: losing a friendly Character costs 1d3 Luck."""
    shinwell = person("Shinwell Johnson", 5, 8, 7, Thief=1)
    dice.queue(1)  # Shinwell: 8 + 1 + 1 = 10
    dice.draw(6, 2)  # the brute: 10 + 6 + 2 = 18: difference 8, death; the d3: 2
    dice.queue(*QUIET)
    state = keep(happen(situation(luck=3, allies=(shinwell,), **ALONE), fight(("Brute", 10, {}))), "keep")
    assert names(state.allies) == ()
    assert state.luck == 1
