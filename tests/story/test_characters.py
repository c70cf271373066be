"""R002-R003: young Holmes, Watson and the traits they start with."""

import pytest

from sherlockkit.games.story import characters, rules
from sherlockkit.games.story.characters import STARTING_TRAITS

from .situations import names


def test_holmes_starts_with_brains_9_brawn_5_bravery_7_and_the_three_traits_chosen(dice):
    """R003: Brains 9, Brawn 5, Bravery 7 and three Traits chosen from the list."""
    dice.draw(1)  # A000 equipment: m413, Watson's revolver (nothing for Holmes)
    state = rules.new(5, traits=("Thief", "Running", "History"), first_case="a001")
    assert (state.holmes.brains, state.holmes.brawn, state.holmes.bravery) == (9, 5, 7)
    assert dict(state.holmes.traits) == {"Thief": 1, "Running": 1, "History": 1}


def test_holmes_starts_with_4_luck_and_no_solve_modifier(dice):
    """R003: Holmes begins with 4 Luck."""
    dice.draw(1)
    state = rules.new(5, first_case="a001")
    assert (state.luck, state.sm) == (4, 0)


@pytest.mark.parametrize("traits, why", [
    (("Aware", "Charisma"), "exactly three different traits"),
    (("Aware", "Charisma", "Running", "Thief"), "exactly three different traits"),
    (("Aware", "Aware", "Running"), "exactly three different traits"),
    (("Aware", "Charisma", "Medicine"), "'Medicine' is not a starting trait"),
    (("Aware", "Charisma", "Aristocracy"), "'Aristocracy' is not a starting trait"),
    (("Aware", "Charisma", "Violin"), "'Violin' is not a starting trait"),
])
def test_a_bad_choice_of_starting_traits_is_refused(traits, why):
    """R003: three Traits from the list, never the same one twice; Medicine and the other
    later Traits cannot be chosen at the start."""
    with pytest.raises(ValueError, match=why):
        rules.new(1, traits=traits)


def test_the_starting_list_is_the_rulebooks_eleven_traits():
    """R003: the eleven starting Traits (Weaponry, History, Science, Thief, Running, Aware,
    Disguise, Tracking, Charisma, Sensational Literature and British Law)."""
    assert set(STARTING_TRAITS) == {"Aware", "Charisma", "British Law", "Disguise", "Running", "Thief",
                                    # the rest of the list
                                    "Tracking", "Science", "Sensational Literature", "Weaponry", "History"}


@pytest.mark.parametrize("trait", STARTING_TRAITS)
def test_every_trait_of_the_list_may_be_chosen(trait):
    """R003: any three different Traits of the list make a Holmes."""
    others = [t for t in STARTING_TRAITS if t != trait][:2]
    assert characters.holmes([trait, *others]).trait(trait) == 1


def test_watson_has_brains_6_brawn_6_bravery_7_charisma_weaponry_and_medicine_2(dice):
    """R003: Watson has Brains 6, Brawn 6 and Bravery 7; his Traits are Charisma, Weaponry and Medicine 2."""
    dice.draw(3)  # A000 equipment: m415, Holmes's lens (nothing for Watson)
    state = rules.new(5, first_case="a001")
    watson = state.watson
    assert (watson.name, watson.brains, watson.brawn, watson.bravery) == ("Watson", 6, 6, 7)
    assert dict(watson.traits) == {"Charisma": 1, "Weaponry": 1, "Medicine": 2}


def test_watson_accompanies_holmes_but_is_not_an_ally(dice):
    """R003: Watson is with Holmes from the beginning and is not referred to as an Ally."""
    dice.draw(3)
    state = rules.new(5, first_case="a001")
    assert state.allies == () and state.friends == ()
    assert state.watson is not None and "Watson" not in state.away


def test_a_wound_takes_2_off_brawn():
    """R009b: Wounded reduces the Brawn of that Character by 2."""
    watson = characters.watson()
    assert watson.quality("Brawn") == 6
    assert characters.Character(**{**watson.__dict__, "wounds": characters.WOUNDED}).quality("Brawn") == 4


def test_the_new_inspector_has_brains_4_brawn_5_bravery_5_british_law_and_running():
    """R007 death roll 5: the replacement Inspector has Brains 4, Brawn 5 and Bravery 5,
    with British Law and Running."""
    inspector = characters.INSPECTOR
    assert (inspector.brains, inspector.brawn, inspector.bravery) == (4, 5, 5)
    assert dict(inspector.traits) == {"British Law": 1, "Running": 1}
    assert names([inspector]) == ("Inspector",)
