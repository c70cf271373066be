"""A000 (starting the campaign) and R010 (Luck after a case, spending Solve Modifier points)."""

from dataclasses import replace

import pytest

from sherlockkit.engine import IllegalAction
from sherlockkit.games.story import campaign, rules, tables

from .situations import QUIET, after_case, happen, holmes, names, person, play, situation, watson

TOBY = person("Toby", 2, 4, 8, Tracking=2)


# --- A000 ------------------------------------------------------------------------------------


@pytest.mark.parametrize("die, paragraph, holder, trait", [
    (1, "m413", "Watson", "Weaponry"), (2, "m413", "Watson", "Weaponry"),
    (3, "m415", "Holmes", "Aware"), (4, "m415", "Holmes", "Aware"),
    (5, "m416", "Holmes", "Disguise"), (6, "m418", "Holmes", "Tracking"),
])
def test_the_starting_equipment_is_rolled_on_a_d6(dice, die, paragraph, holder, trait):
    """A000: one die: m413 on 1-2, m415 on 3-4, m416 on 5, m418 on 6."""
    dice.draw(die)
    state = rules.new(1, traits=("British Law", "Science", "Running"), first_case="a001")
    assert paragraph in state.read
    assert [p for p in state.read if p in ("m413", "m415", "m416", "m418")] == [paragraph]
    plain = {"Holmes": {"British Law": 1, "Science": 1, "Running": 1},
             "Watson": {"Charisma": 1, "Weaponry": 1, "Medicine": 2}}[holder]
    carrier = state.holmes if holder == "Holmes" else state.watson
    assert dict(carrier.traits) == {**plain, trait: plain.get(trait, 0) + 1}


@pytest.mark.parametrize("die, case", [(1, "a001"), (2, "a001"), (3, "a001"), (4, "a002"), (5, "a002"), (6, "a002")])
def test_the_first_case_is_a001_on_1_3_and_a002_on_4_6(dice, die, case):
    """A000: For your first case only roll 1d6: 1-3 a001; 4-6 a002."""
    dice.draw(3, die)  # the equipment, then the first case
    if case == "a002":
        dice.queue(1, 1)  # a002's Charisma 8 at the start of the case
    state = rules.new(1, first_case=None)
    assert (state.adventure, state.turn, state.phase) == (case, 1, "case")


def test_the_first_case_may_be_chosen_instead_of_rolled(dice):
    """A000 (option): ``first_case`` skips the roll; an unknown adventure is refused."""
    dice.draw(3)
    assert rules.new(1, first_case="a003").adventure == "a003"
    with pytest.raises(ValueError, match="not an adventure"):
        rules.new(1, first_case="m403")


def test_the_starting_rolls_are_not_offered_for_luck(dice):
    """A000 (decision): the equipment and first-case rolls are made before play, without Luck."""
    dice.draw(1, 2)
    state = rules.new(1)
    assert state.pending.kind == "action" and state.luck == 4


# --- R010: Luck ------------------------------------------------------------------------------------


def solve_by_deduction(dice, sm, luck=0):
    """A case closed by Deduction (Windibank, Motive 1 needing SM 3; reward 1 Luck)."""
    dice.queue(4, 3, 1, 1, 1)  # encounter 7, the Villain (option 3), the deduction roll 2
    state = situation(sm=sm, luck=luck, villain="c212", motive=1, motive_revealed=True)
    return play(state, "rest", "deduction")


@pytest.mark.parametrize("sm", [3, 5, 8])
def test_a_solved_case_gives_luck_equal_to_the_sm_at_its_end(dice, sm):
    """R010: when the case closes, Luck grows by the Solve Modifier (counted before
    any were spent), besides the way's reward (Deduction: 1)."""
    state = solve_by_deduction(dice, sm)
    assert (state.luck, state.case_sm_end, state.sm) == (1 + sm, sm, sm)
    assert state.pending.kind == "after_case"


def test_a_lost_case_gives_no_luck(dice):
    """R010 with R007: a lost case loses all SM, so no Luck is gained from it."""
    dice.queue(*QUIET)
    state = play(situation(turn=12, sm=4, luck=0), "rest")
    assert (state.luck, state.sm, state.case_sm_end) == (0, 0, 0)


def test_the_sm_left_is_offered_for_spending_after_the_case(dice):
    """R010: Solve Modifier points can be spent once an Adventure is over."""
    state = solve_by_deduction(dice, 5)
    assert "SM to spend: 5" in state.pending.prompt
    assert "quality:Holmes:Bravery" in state.pending.ids


# --- R010: Qualities ------------------------------------------------------------------------------


@pytest.mark.parametrize("value, cost", [(5, 3), (6, 3), (7, 4), (8, 4), (9, 5)])
def test_a_quality_costs_half_its_value_rounded_up(value, cost):
    """R010: to increase a Quality by 1 costs SM equal to half its current value (rounded up)."""
    state = after_case(sm=cost, holmes=holmes(brains=value))
    assert "quality:Holmes:Brains" in state.pending.ids
    state = play(state, "quality:Holmes:Brains")
    assert (state.holmes.brains, state.sm) == (value + 1, 0)
    assert "quality:Holmes:Brains" not in after_case(sm=cost - 1, holmes=holmes(brains=value)).pending.ids


def test_the_rulebooks_example_brains_8_to_9_for_4_sm():
    """R010: raising Brains from 8 to 9 costs 4 SM."""
    state = play(after_case(sm=4, holmes=holmes(brains=8)), "quality:Holmes:Brains")
    assert (state.holmes.brains, state.sm) == (9, 0)


def test_a_quality_rises_at_most_4_across_the_campaign():
    """R010: over all adventures together, no Quality may rise by more than 4."""
    state = after_case(sm=40)
    for brawn in (6, 7, 8, 9):
        state = play(state, "quality:Holmes:Brawn")
        assert state.holmes.brawn == brawn
    assert "quality:Holmes:Brawn" not in state.pending.ids
    assert "quality:Holmes:Bravery" in state.pending.ids


def test_only_holmes_and_watson_improve_qualities_and_traits_not_friends():
    """R010 lets Holmes and Watson, and no one else, improve: a Friend's gain is
    the +4 of becoming one; SM buys them no Quality and no Trait, and a try is refused."""
    state = after_case(sm=40, friends=(TOBY,))
    assert not [o for o in state.pending.ids if o.startswith(("quality:Toby:", "trait:Toby:"))]
    assert "quality:Holmes:Brawn" in state.pending.ids and "trait:Watson:Aware" in state.pending.ids
    with pytest.raises(IllegalAction):
        play(state, "quality:Toby:Brawn")
    with pytest.raises(IllegalAction):
        play(state, "trait:Toby:Aware")


def test_watson_may_improve_his_qualities_too():
    """R010: Holmes and Watson alike may raise their Qualities and Traits."""
    state = play(after_case(sm=3), "quality:Watson:Brawn")
    assert (state.watson.brawn, state.sm) == (7, 0)


# --- R010: Traits --------------------------------------------------------------------------------


def test_a_trait_costs_3_then_4_then_6_and_stops_at_3():
    """R010: to gain a Trait costs 3 SM; level 1 to 2 costs 4, 2 to 3 costs 6; never more than 3."""
    state = after_case(sm=13)
    state = play(state, "trait:Holmes:Aware")
    assert (state.holmes.trait("Aware"), state.sm) == (1, 10)
    state = play(state, "trait:Holmes:Aware")
    assert (state.holmes.trait("Aware"), state.sm) == (2, 6)
    state = play(state, "trait:Holmes:Aware")
    assert (state.holmes.trait("Aware"), state.sm) == (3, 0)
    assert "trait:Holmes:Aware" not in after_case(sm=40, holmes=state.holmes).pending.ids


@pytest.mark.parametrize("level, cost", [(0, 3), (1, 4), (2, 6)])
def test_a_trait_step_is_not_offered_below_its_price(level, cost):
    """R010: the price must be paid in full."""
    person_ = holmes().with_trait("Thief", level) if level else holmes()
    assert "trait:Holmes:Thief" in after_case(sm=cost, holmes=person_).pending.ids
    assert "trait:Holmes:Thief" not in after_case(sm=cost - 1, holmes=person_).pending.ids


def test_holmes_may_never_take_medicine_but_watson_may_improve_it():
    """R003/R010: Medicine is a Trait Holmes can never take."""
    ids = after_case(sm=40).pending.ids
    assert "trait:Holmes:Medicine" not in ids
    assert "trait:Watson:Medicine" in ids  # Medicine 2 -> 3 for 6


def test_equipment_never_gives_holmes_medicine(dice):
    """R003: Holmes never has Medicine, whatever he carries."""
    dice.queue(*QUIET)
    state = happen(situation(), {"item": {"name": "A doctor's bag", "holder": "holmes", "traits": {"Medicine": 1}}})
    assert state.holmes.trait("Medicine") == 0


# --- R010: equipment and friends ------------------------------------------------------------------


@pytest.mark.parametrize("die, paragraph", [(1, "m413"), (2, "m413"), (3, "m415"), (4, "m415"), (5, "m416"), (6, "m418")])
def test_equipment_costs_5_sm_and_is_rolled_on_the_equipment_chart(dice, die, paragraph):
    """R010: 5 SM buys one roll: m413 on 1-2, m415 on 3-4, m416 on 5, m418 on 6."""
    dice.queue(die)
    state = play(after_case(sm=5), "equipment")
    assert state.sm == 0 and paragraph in state.read
    assert state.pending.kind == "after_case"


def test_equipment_is_not_offered_under_5_sm():
    """R010: 5 SM for a roll."""
    assert "equipment" not in after_case(sm=4).pending.ids
    assert "equipment" in after_case(sm=5).pending.ids


def test_bought_equipment_is_carried(dice):
    """R010 with m418: Holmes carries the map (Tracking 1)."""
    dice.queue(6)
    state = play(after_case(sm=5), "equipment")
    assert state.holmes.trait("Tracking") == 1


def test_an_ally_becomes_a_friend_for_6_sm_with_4_more_qualities_and_aware():
    """R010: a surviving Ally becomes a permanent companion for 6 SM: +4 to the Qualities
    (decision: +2 to the lowest, +1 to the others) and Aware."""
    state = after_case(sm=6, allies=(TOBY,))
    assert "friend:Toby" not in after_case(sm=5, allies=(TOBY,)).pending.ids
    state = play(state, "friend:Toby")
    friend = state.friends[0]
    assert (friend.name, friend.brains, friend.brawn, friend.bravery) == ("Toby", 4, 5, 9)
    assert (friend.brains + friend.brawn + friend.bravery) - (2 + 4 + 8) == 4
    assert dict(friend.traits) == {"Tracking": 2, "Aware": 1}
    assert state.sm == 0 and state.allies == ()


def test_a_friend_who_has_aware_keeps_their_level():
    """R010: Aware is added too when it is missing."""
    sharp = person("Sharp", 5, 5, 5, Aware=2)
    state = play(after_case(sm=6, allies=(sharp,)), "friend:Sharp")
    assert state.friends[0].trait("Aware") == 2


def test_at_most_three_friends():
    """R010: You may only have three Friends."""
    three = tuple(person(f"Friend {i}") for i in range(3))
    offers = [i for i in after_case(sm=20, friends=three, allies=(TOBY,)).pending.ids if i.startswith("friend:")]
    assert offers == ["friend:Toby:Friend 0", "friend:Toby:Friend 1", "friend:Toby:Friend 2"]  # only in place of one
    assert "friend:Toby" in after_case(sm=20, friends=three[:2], allies=(TOBY,)).pending.ids


def test_only_a_surviving_ally_can_become_a_friend():
    """R010: "a surviving Ally": one Seriously Wounded is not offered."""
    hurt = replace(TOBY, wounds=2)
    assert "friend:Toby" not in after_case(sm=20, allies=(hurt,)).pending.ids


def test_a_friend_joins_every_later_case(dice):
    """R010: a Friend is a permanent companion, akin to Watson."""
    state = play(after_case(sm=6, allies=(TOBY,)), "friend:Toby", "next:a001")
    assert names(state.friends) == ("Toby",) and state.allies == ()
    assert "rest" in state.pending.ids


# --- R001/R010: the next case ------------------------------------------------------------------


@pytest.mark.parametrize("sm, carried", [(0, 0), (1, 1), (2, 1), (5, 1)])
def test_at_most_1_sm_is_carried_into_a_new_case(sm, carried):
    """R001: a fresh case never opens with an SM above 1."""
    state = play(after_case(sm=sm), "next:a001")
    assert (state.sm, state.turn, state.adventure) == (carried, 1, "a001")


@pytest.mark.parametrize("adventure", ["a001", "a002", "a003"])
def test_no_case_opens_with_more_than_1_sm(dice, adventure):
    """R001: a case opens with at most 1 SM: with 2 SM
    left (and 6), each adventure's first turn opens with exactly 1 (its start-of-case rule
    included: a002's Charisma 8, failed here, gives Luck, never SM)."""
    for left in (2, 6):
        if adventure == "a002":
            dice.queue(1, 1)
        state = play(after_case(sm=left), f"next:{adventure}")
        assert (state.sm, state.turn, state.pending.kind) == (1, 1, "action")
    assert campaign.SM_CARRIED_OVER == 1


def test_sm_has_no_ceiling_during_a_case_and_all_of_it_turns_into_luck(dice):
    """R001 caps the SM only at the start of a case: during one it keeps growing (past the
    odds model's ``SM_CAP``), and a solved case pays every point of it in Luck (R010)."""
    dice.queue(*QUIET)
    state = happen(situation(sm=9, luck=0), {"sm": 3})
    assert state.sm == 12
    state = solve_by_deduction(dice, 12)
    assert (state.sm, state.case_sm_end, state.luck) == (12, 12, 1 + 12)


def test_a_new_case_starts_afresh(dice):
    """R006/R007: a new case: turn 1, no Villain, no Motive, no clues, wounds healed."""
    state = after_case(sm=0, villain="c212", motive=1, motive_revealed=True, meetings=2, had_clue=True,
                       holmes=holmes(wounds=1), watson=watson(wounds=2), away=("Watson",))
    state = play(state, "next:a001")
    assert (state.villain, state.motive, state.motive_revealed, state.meetings, state.had_clue) == \
        (None, None, False, 0, False)
    assert (state.holmes.wounds, state.watson.wounds, state.away) == (0, 0, ())


def test_any_adventure_may_follow_including_a003():
    """A000: later cases may be any adventure."""
    ids = after_case().pending.ids
    assert {"next:a001", "next:a002", "next:a003"} <= set(ids)


def test_retiring_ends_the_campaign():
    """The campaign ends when Holmes retires (or dies)."""
    state = play(after_case(luck=3), "retire")
    assert rules.outcome(state) == rules.Outcome("retired", 1, 0, 3)
    assert rules.legal_actions(state) == []


def test_the_costs_are_the_rulebooks():
    """R010: equipment 5, friends 6, a new trait 3, then 4 and 6; at most three friends."""
    assert (campaign.EQUIPMENT_COST, campaign.FRIEND_COST, campaign.NEW_TRAIT_COST) == (5, 6, 3)
    assert campaign.TRAIT_STEP_COST == {1: 4, 2: 6}
    assert campaign.MAX_FRIENDS == 3
    assert [tables.EQUIPMENT.row_for(d).result for d in range(1, 7)] == ["m413", "m413", "m415", "m415", "m416", "m418"]


def test_a_new_friend_may_replace_one_of_three():
    """R010: at most three Friends; a newcomer can take the place of one you would rather
    let go."""
    three = tuple(person(f"Friend {i}") for i in range(3))
    state = play(after_case(sm=6, friends=three, allies=(TOBY,)), "friend:Toby:Friend 1")
    assert [f.name for f in state.friends] == ["Friend 0", "Friend 2", "Toby"]
    assert state.sm == 0


def test_a_later_trait_such_as_aristocracy_may_be_bought():
    """R003/R010: later on, Medicine, Victim, Addiction, Aristocracy and Madness become
    available too; each new Trait costs 3 SM."""
    assert "trait:Holmes:Aristocracy" in after_case(sm=3).pending.ids
