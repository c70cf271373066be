"""R005a-R005b: revealing the Villain, meetings, the Motive, and the three ways of option 3."""

import pytest

from sherlockkit.games.story import campaign, rules

from .situations import BOOK, QUIET, happen, keep, play, roll, situation, villain_known, watson

WINDIBANK = "c212"  # Brains 7, Brawn 5, SM +1; Motives: 1-4 needs SM 2, 5-6 needs SM 3; rewards 1/2/3
SUSPECTED = villain_known(WINDIBANK)
KNOWN = villain_known(WINDIBANK, motive=1)  # an arrest needs SM 3


def test_windibank_is_as_the_tests_assume():
    """The villain these tests use: its page in the casebook."""
    page = BOOK[WINDIBANK]
    assert (page["brains"], page["brawn"], page["sm_modifier"]) == (7, 5, 1)
    assert [(m["faces"], m["value"]) for m in page["motives"]] == [("1-4", 2), ("5-6", 3)]
    assert page["rewards"] == {"deduction": 1, "hide_follow": 2, "fight": 3}
    assert list(page["option1"]) == [{"sm": 1}]


# --- R005a: revealing ---------------------------------------------------------------------------


def test_the_first_villain_event_reveals_the_villain_by_the_adventures_villain_line(dice):
    """R005a: revealing a Villain means rolling to see which Villain is here (a003 face 3: Windibank)."""
    dice.queue(1, 1, 3, *QUIET)
    state = play(situation(adventure="a003"), "explore")
    assert state.villain == WINDIBANK
    assert roll(state, "Villain (d6)").verdict == WINDIBANK
    assert "c212" in state.read and "r005a" in state.read


def test_revealing_is_not_a_meeting(dice):
    """R005a: "you do NOT have a Villain encounter": no option is read and no meeting counted."""
    dice.queue(1, 1, 3, *QUIET)
    state = play(situation(adventure="a003"), "explore")
    assert (state.meetings, state.motive_revealed) == (0, False)
    assert "r005b" not in state.read


def test_the_villains_sm_modifier_is_applied_when_revealed(dice):
    """R005a: the Villain's SM bonus (+1) counts from the moment the Villain is first unmasked."""
    dice.queue(1, 1, 3, *QUIET)
    state = play(situation(adventure="a003", sm=1), "explore")
    assert state.sm == 2


def test_a_negative_sm_modifier_never_takes_sm_below_0(dice):
    """R005a with R001: Moriarty's -3 on 2 SM leaves 0."""
    dice.queue(1, 1, 6, *QUIET)  # a002 face 6: Moriarty
    state = play(situation(adventure="a002", sm=2), "explore")
    assert (state.villain, state.sm) == ("c201", 0)


def test_the_sm_modifier_is_applied_only_once(dice):
    """R005a: applied "when you first reveal": a later meeting does not apply it again."""
    dice.queue(1, 1, 3, *QUIET)  # revealed: SM 0 + 1
    state = play(situation(adventure="a003"), "explore")
    dice.queue(2, 2, 6, 6, *QUIET)  # Investigate 4: a meeting; option 2's Brains+1 roll fails (-1 Luck at 0)
    state = play(state, "investigate")
    assert (state.sm, state.meetings) == (1, 1)


def test_later_villain_events_are_meetings_with_that_villain(dice):
    """R005a: once revealed, any further Villain events in the Adventure are with that Villain."""
    dice.queue(2, 2, 1, 1, *QUIET)  # Investigate 4: a meeting; option 2 succeeds: +1 SM
    state = play(situation(**SUSPECTED), "investigate")
    assert (state.villain, state.meetings, state.sm) == (WINDIBANK, 1, 1)
    assert "r005b" in state.read
    assert not [r for r in state.rolls if r.label == "Villain (d6)"]


def test_the_first_adventures_special_gives_1_sm_when_the_villain_is_revealed_in_the_first_case(dice):
    """A000/a001's special rule: first case only, +1 SM when the Villain is revealed."""
    dice.queue(1, 1, 5, *QUIET)  # a001 face 5: Jefferson Hope, SM +1
    state = play(situation(adventure="a001"), "explore")
    assert (state.villain, state.sm) == ("c208", 2)


def test_the_first_adventures_special_is_not_for_later_cases(dice):
    """a001's special rule: "In your first case only"."""
    dice.queue(1, 1, 5, *QUIET)
    state = play(situation(adventure="a001", cases=(("a002", "solved"),)), "explore")
    assert state.sm == 1


# --- R005a/b: the Motive ----------------------------------------------------------------------------


@pytest.mark.parametrize("die, motive", [(1, 0), (4, 0), (5, 1), (6, 1)])
def test_the_motive_is_revealed_at_the_second_meeting(dice, die, motive):
    """R005a: meeting the Villain a second time always uncovers the Motive;
    R005b option 1 is read then (Windibank: +1 SM)."""
    dice.queue(2, 2, die, *QUIET)
    state = play(situation(meetings=1, **SUSPECTED), "investigate")
    assert (state.motive_revealed, state.motive, state.meetings) == (True, motive, 2)
    assert state.sm == 1
    assert roll(state, "Motive").verdict == BOOK[WINDIBANK]["motives"][motive]["text"]


def test_the_first_meeting_does_not_reveal_the_motive(dice):
    """R005a: the first meeting after the reveal is option 2, the Motive stays hidden."""
    dice.queue(2, 2, 6, 6, *QUIET)
    state = play(situation(**SUSPECTED), "investigate")
    assert state.motive_revealed is False and state.meetings == 1


def test_an_event_may_reveal_the_motive_before_the_second_meeting(dice):
    """R005a: "The Motive can be uncovered through events" (m462 is plain; Langdale Pike's
    first option reveals it)."""
    dice.queue(2, *QUIET)  # the Motive die: Windibank's first Motive
    state = happen(situation(luck=1, **SUSPECTED), {"luck": -1}, {"reveal_motive": True}, pid="m425")
    assert (state.motive_revealed, state.motive, state.luck) == (True, 0, 0)


def test_view_hides_the_motive_until_it_is_revealed():
    """R005a: the Motive is uncovered through events; until then the player does not see it."""
    state = situation(villain=WINDIBANK, motive=1, motive_revealed=False)
    assert rules.view(state).motive is None
    assert rules.view(situation(**KNOWN)).motive == 1


# --- R005b: options 2 and 3 ---------------------------------------------------------------------


def test_option_2_when_sm_is_below_the_motive_value(dice):
    """R005b option 2: a Villain event while the SM is too low (under the Motive value)
    to try an Arrest (SM 2, Motive 3): Windibank's Brains+1 roll, +1 SM."""
    dice.queue(4, 3, 1, 1, 1)  # encounter 7, type 1: the Villain; option 2 roll 2: success
    state = play(situation(sm=2, **KNOWN), "rest")
    assert state.sm == 3 and state.pending.kind == "action"
    assert "r005b" in state.read


@pytest.mark.parametrize("sm", [3, 5])
def test_option_3_when_sm_reaches_the_motive_value(dice, sm):
    """R005b option 3: once the SM reaches the Motive value, the case can be closed in three ways."""
    dice.queue(4, 3, 1)  # turn 1, encounter 7, type die 1 - 2 = column 1: the Villain
    state = play(situation(sm=sm, **KNOWN), "rest")
    assert state.pending.kind == "villain"
    assert state.pending.ids == ("deduction", "hide_follow", "fight")


def option3(dice, sm=3, luck=0, **fields):
    dice.queue(4, 3, 1)
    return keep(situation(sm=sm, luck=luck, **{**KNOWN, **fields}), "rest")


@pytest.mark.parametrize("faces, solved", [((1, 1), True), ((2, 2), True), ((2, 3), False), ((6, 6), False)])
def test_deduction_succeeds_iff_holmes_brains_plus_sm_beats_2d6_plus_the_villains_brains(dice, faces, solved):
    """R005b 1: Holmes's Brains + SM (9 + 3 = 12) must be higher than 2d6 + the Villain's Brains (7)."""
    state = option3(dice)
    dice.queue(*faces)
    if not solved:
        dice.queue(6, 6)  # Hide/Follow (Bravery + 1 = 8): 12 fails ... then the fight
        dice.queue(1)  # Watson's strike die: 6 + 1 + 1 + 1 = 9
        dice.draw(1)  # Windibank's: 5 + 1 + 1 = 7: Windibank Stunned
    state = play(state, "deduction")
    assert (campaign.case_result(state) == "solved") is solved
    assert roll(state, "Deduction").verdict == ("success" if solved else "failure")


def test_a_successful_deduction_solves_the_case_for_its_reward(dice):
    """R005b 1 and R010: solved; Luck + the deduction reward (1) + the SM left (3)."""
    state = option3(dice, luck=0)
    dice.queue(1, 1)
    state = play(state, "deduction")
    assert state.cases == (("a001", "solved"),)
    assert (state.luck, state.sm, state.case_sm_end) == (4, 3, 3)
    assert state.phase == "after_case"


def test_a_failed_deduction_goes_on_to_hide_and_follow(dice):
    """R005b 1: failing that, Holmes is still puzzled and falls back on option 2 (Hide/Follow)."""
    state = option3(dice)
    dice.queue(3, 3, 4, 4)  # deduction 13 >= 12 fails; Hide/Follow: Bravery 7 + 1, 8 succeeds
    state = play(state, "deduction")
    assert [r.label for r in state.rolls][-2:] == ["Deduction (2d6 + the Villain's Brains)", "Hide and Follow (Bravery)"]
    assert state.cases == (("a001", "solved"),)
    assert state.luck == 2 + 3  # the Hide/Follow reward, not the Deduction's


def test_hide_and_follow_may_be_chosen_first_and_pays_its_reward(dice):
    """R005b 2: you may choose to start with Hide/Follow: success solves the case (reward 2)."""
    state = option3(dice)
    dice.queue(4, 4)
    state = play(state, "hide_follow")
    assert (campaign.case_result(state), state.luck) == ("solved", 5)


def test_a_failed_hide_and_follow_leads_to_a_fight(dice):
    """R005b 2: failing that, the third option's result must be taken."""
    state = option3(dice)
    dice.queue(5, 4)  # 9 > 8: fails
    dice.queue(1)
    dice.draw(1)  # Watson 9 against Windibank 7: Windibank Stunned, the fight goes on
    state = play(state, "hide_follow")
    assert state.pending.kind == "combat"
    assert state.fight.opponents[0].name == "James Windibank" and state.fight.villain


def test_a_villain_seriously_wounded_in_the_fight_is_arrested_for_the_fight_reward(dice):
    """R005b 3 and R009b: a Villain Seriously Wounded is Arrested; the case ends
    successfully (Luck: fight reward 3 + SM 3)."""
    state = option3(dice)
    dice.queue(6)  # Watson: 6 + 6 + 1 + 1 = 14
    dice.draw(1)  # Windibank: 5 + 1 + 1 = 7; difference 7: Seriously Wounded
    state = play(state, "fight")
    assert campaign.case_result(state) == "solved"
    assert state.luck == 3 + 3


def test_a_villain_killed_in_the_fight_ends_the_case_for_1_luck(dice):
    """R009b: a Villain killed: lose 1 Luck and the case ends successfully (no arrest reward)."""
    strong = watson(traits=(("Charisma", 1), ("Medicine", 2), ("Weaponry", 3)))
    state = option3(dice, luck=2, watson=strong)
    dice.queue(6)  # Watson: 6 + 6 + 1 + 3 = 16
    dice.draw(1)  # Windibank 7: difference 9: death
    state = keep(state, "fight")
    assert campaign.case_result(state) == "solved"
    assert state.luck == 2 - 1 + 3  # 1 Luck lost, then the SM left; no arrest reward
