"""R004 (Quality and Trait rolls) and R003's Luck points."""

import pytest

from .situations import QUIET, happen, holmes, person, play, roll, situation

SM_ON_SUCCESS = {"success": [{"sm": 2}], "failure": [{"sm": 1}]}


def quality_roll(quality, **spec):
    return {"roll": {"quality": quality, **spec}, **SM_ON_SUCCESS}


def trait_roll(trait, target, **spec):
    return {"roll": {"trait": trait, "target": target, **spec}, **SM_ON_SUCCESS}


def succeeded(state) -> bool:
    """Whether the test roll of :func:`quality_roll` / :func:`trait_roll` succeeded."""
    assert state.sm in (1, 2)
    return state.sm == 2


# --- R004: Quality rolls -----------------------------------------------------------------------

@pytest.mark.parametrize("faces, success", [((4, 5), True), ((3, 5), True), ((5, 5), False), ((6, 6), False)])
def test_a_quality_roll_succeeds_on_2d6_equal_or_under_the_quality(dice, faces, success):
    """R004: 2d6 must not exceed the Quality (Holmes's Brains 9)."""
    dice.queue(*faces, *QUIET)
    state = happen(situation(), quality_roll("Brains"))
    assert succeeded(state) is success


@pytest.mark.parametrize("faces, success", [((3, 3), True), ((3, 4), False)])
def test_a_quality_roll_counts_its_penalty_before_the_roll(dice, faces, success):
    """R004: some events give penalties to the Quality before the roll (Bravery 7 - 1)."""
    dice.queue(*faces, *QUIET)
    state = happen(situation(), quality_roll("Bravery", modifier=-1))
    assert succeeded(state) is success


def test_a_quality_roll_reads_a_wounded_brawn(dice):
    """R004 and R009b: a Wounded Holmes rolls against Brawn 5 - 2 = 3."""
    dice.queue(2, 2, *QUIET)
    state = happen(situation(holmes=holmes(wounds=1)), quality_roll("Brawn"))
    assert not succeeded(state)


# --- R004: Trait rolls ------------------------------------------------------------------------

@pytest.mark.parametrize("faces, success", [((3, 3), True), ((6, 6), True), ((3, 2), False), ((1, 1), False)])
def test_a_trait_roll_succeeds_when_2d6_plus_the_groups_levels_reach_the_target(dice, faces, success):
    """R004: 2d6 + 1 for every matching Trait of the group >= the number given
    (Charisma 8: Holmes's Charisma and Watson's make +2)."""
    dice.queue(*faces, *QUIET)
    state = happen(situation(traits=("Charisma", "Science", "History")), trait_roll("Charisma", 8))
    assert succeeded(state) is success


def test_a_trait_roll_adds_the_levels_of_allies_too(dice):
    """R004 and R005a: every Trait anyone in the party has counts (Holmes, Watson, Allies):
    Tracking 9 with Toby's Tracking 2 and Wiggins's 1 needs 6 on the dice."""
    allies = (person("Toby", Tracking=2), person("Wiggins", Tracking=1))
    dice.queue(3, 3, *QUIET)
    state = happen(situation(traits=("Charisma", "Science", "Tracking"), allies=allies), trait_roll("Tracking", 10))
    assert succeeded(state)


def test_a_trait_roll_by_holmes_alone_counts_only_his_levels(dice):
    """R004: some events count only Holmes's own Traits: the same 6 that passes
    Charisma 8 for the group fails for Holmes."""
    dice.queue(3, 3, *QUIET)
    state = happen(situation(traits=("Charisma", "Science", "History")), trait_roll("Charisma", 8, who="holmes"))
    assert not succeeded(state)


def test_a_trait_roll_does_not_count_watson_when_he_is_away(dice):
    """R004: only the group present counts: Watson gone home takes his Charisma with him."""
    dice.queue(3, 3, *QUIET)
    state = happen(situation(traits=("Charisma", "Science", "History"), away=("Watson",)), trait_roll("Charisma", 8))
    assert not succeeded(state)


def test_a_trait_roll_without_the_trait_is_the_bare_dice(dice):
    """R004: with no matching Trait nothing is added (Thief 8 needs 8 on the dice)."""
    dice.queue(4, 3, *QUIET)
    state = happen(situation(), trait_roll("Thief", 8))
    assert not succeeded(state)


# --- R003: Luck ------------------------------------------------------------------------------

def test_with_luck_left_every_roll_offers_keep_or_reroll(dice):
    """R003: a Luck point may be spent to re-roll when a roll does not go your way."""
    dice.queue(6, 6)
    state = happen(situation(luck=2), quality_roll("Brains"))
    assert state.pending.kind == "luck"
    assert state.pending.ids == ("keep", "reroll")
    assert state.luck == 2


def test_keeping_a_roll_costs_no_luck_and_the_roll_counts(dice):
    """R003: Luck is crossed off only when it is spent."""
    dice.queue(6, 6)
    state = happen(situation(luck=2), quality_roll("Brains"))
    dice.queue(*QUIET)
    state = play(state, "keep", "keep")  # the Brains roll, then the encounter roll
    assert (state.sm, state.luck) == (1, 2)  # failed, and no Luck spent


def test_a_reroll_costs_1_luck_and_rolls_both_dice_of_a_2d6_again(dice):
    """R003: when several dice are thrown (2d6, say), one Luck re-throws every one of
    them."""
    dice.queue(6, 6)
    state = happen(situation(luck=2), quality_roll("Brains"))
    dice.queue(2, 3, *QUIET)
    state = play(state, "reroll")
    assert dice.rolled[-2] == (2, 3)
    assert state.sm == 2 and state.luck == 1
    brains = [r for r in state.rolls if r.label == "Brains roll"]
    assert [(r.dice, r.rerolled) for r in brains] == [((2, 3), True)]


def test_luck_cannot_be_spent_twice_on_the_same_roll(dice):
    """R003: a disliked re-roll cannot be bought off with a second point."""
    dice.queue(6, 6)
    state = happen(situation(luck=3), quality_roll("Brains"))
    dice.queue(6, 5, *QUIET)
    state = play(state, "reroll")
    assert state.luck == 2
    # the next decision is the encounter roll's offer, not a second offer on the Brains roll
    assert state.pending.kind == "luck" and state.pending.prompt.startswith("Encounter roll")
    assert roll(state, "Brains roll").verdict == "failure"


def test_no_luck_offer_at_0_luck(dice):
    """R003: Luck is spent from the points you have: at 0 the roll simply counts."""
    dice.queue(6, 6, *QUIET)
    state = happen(situation(luck=0), quality_roll("Brains"))
    assert state.pending.kind == "action" and state.turn == 2
    assert (state.sm, state.luck) == (1, 0)
    assert all(r.verdict != "waiting" for r in state.rolls)


def test_the_other_sides_dice_are_never_offered_for_a_reroll(dice):
    """R003: Luck re-rolls your own rolls: an opponent's strike die is not offered."""
    dice.queue(3)  # Holmes's strike die, kept
    dice.draw(6)  # the rough's die
    fight = {"fight": {"opponents": [{"name": "Rough", "brawn": 5}], "won": [], "escaped": []}}
    state = happen(situation(luck=1, away=("Watson",)), fight)
    state = play(state, "keep")
    assert state.pending.kind == "combat"
    assert state.luck == 1


def test_luck_never_falls_below_0(dice):
    """R001/R003: points cannot be spent below nothing (a loss of 2 at 1 Luck leaves 0)."""
    dice.queue(*QUIET)
    state = happen(situation(luck=1), {"luck": -2})
    assert state.luck == 0


def test_sm_never_falls_below_0(dice):
    """R001: during an Adventure the SM stays at 0 or more."""
    dice.queue(*QUIET)
    state = happen(situation(sm=1), {"sm": -2})
    assert state.sm == 0
