"""R007a-R007f: every action's prerequisites, modifiers and rows; bonuses, traps, channels."""

import re
from dataclasses import replace

import pytest

from sherlockkit.engine import IllegalAction
from sherlockkit.games.story import campaign, rules
from sherlockkit.games.story.tables import action_modifier

from .situations import QUIET, holmes, keep, names, person, play, roll, rolls, situation, villain_known, who

TOBY = person("Toby", 2, 4, 8, Tracking=2)
GREGSON = person("Inspector Gregson", 5, 6, 6, British_Law=1, Charisma=1)
WIGGINS = person("Wiggins", 4, 3, 6, Tracking=1, Running=2, Thief=1)

#: James Windibank (c212): Brains 7, SM +1; Motive 0 needs SM 2, Motive 1 needs SM 3;
#: option 2 is one Brains+1 roll (+1 SM, or -1 Luck).
WINDIBANK = "c212"
SUSPECTED = villain_known(WINDIBANK)  # revealed, Motive unknown
KNOWN = villain_known(WINDIBANK, motive=1)  # Motive revealed: an arrest needs SM 3


def wounded(character):
    return replace(character, wounds=1)


def refused(state, option, sentence):
    with pytest.raises(IllegalAction, match=re.escape(sentence)):
        rules.play(state, rules.Choose(option))


# --- prerequisites -------------------------------------------------------------------------------


def test_attempt_arrest_needs_the_villain_and_the_motive():
    """R007a: open only once both who the Villain is and why they did it are known."""
    sentence = "Attempt Arrest needs the Villain revealed and the Motive uncovered."
    refused(situation(), "attempt_arrest", sentence)
    refused(situation(**SUSPECTED), "attempt_arrest", sentence)
    assert "attempt_arrest" in situation(**KNOWN).pending.ids


def test_attempt_arrest_is_open_even_with_sm_short_of_the_motive():
    """R007a: the prerequisite is the Villain and the Motive, not the SM."""
    assert "attempt_arrest" in situation(sm=0, **KNOWN).pending.ids


def test_explore_only_while_no_villain_is_revealed():
    """R007b: offered only while the Villain is still unknown."""
    assert "explore" in situation().pending.ids
    refused(situation(**SUSPECTED), "explore", "Explore is only possible while the Villain is still unknown.")
    refused(situation(**KNOWN), "explore", "Explore is only possible while the Villain is still unknown.")


def test_investigate_when_an_event_allows_it_or_the_villain_is_known_without_motive():
    """R007c: available when an event points to it, or when the Villain is known but the Motive is not."""
    sentence = "Investigate needs an event that allows it, or a revealed Villain whose Motive is unknown."
    refused(situation(), "investigate", sentence)
    refused(situation(**KNOWN), "investigate", sentence)
    assert "investigate" in situation(**SUSPECTED).pending.ids
    assert "investigate" in situation(investigate_next=True).pending.ids
    assert "investigate" in situation(investigate_next=True, **KNOWN).pending.ids


def test_seek_information_after_a_clue_or_with_a_villain_known_without_motive():
    """R007d: needs an earlier Clue event, or a known Villain whose Motive is still hidden."""
    sentence = "Seek Information needs a Clue found or a Villain revealed without Motive."
    refused(situation(), "seek_information", sentence)
    refused(situation(**KNOWN), "seek_information", sentence)
    assert "seek_information" in situation(had_clue=True).pending.ids
    assert "seek_information" in situation(**SUSPECTED).pending.ids
    assert "seek_information" in situation(had_clue=True, **KNOWN).pending.ids


def test_seek_information_offers_only_the_channels_the_group_has():
    """R007d: +1 for one of Charisma, Disguise, Thief or History -- a trait present in the group."""
    ids = situation(had_clue=True).pending.ids  # Watson's Charisma only
    assert [i for i in ids if i.startswith("seek_information")] == ["seek_information", "seek_information:Charisma"]
    ids = situation(had_clue=True, allies=(WIGGINS,)).pending.ids
    assert "seek_information:Thief" in ids and "seek_information:Disguise" not in ids
    with pytest.raises(IllegalAction, match="That is not one of the options now"):
        rules.play(situation(had_clue=True), rules.Choose("seek_information:Disguise"))


def test_research_needs_the_motive():
    """R007e: the Motive has to be known before this Action can be picked."""
    refused(situation(**SUSPECTED), "research", "Research needs the Motive uncovered.")
    assert "research" in situation(**KNOWN).pending.ids


def test_rest_needs_someone_with_medicine():
    """R007f: only if Watson or another Character with Medicine is present."""
    refused(situation(away=("Watson",)), "rest", "Rest needs someone with Medicine at your side.")
    refused(situation(watson=None), "rest", "Rest needs someone with Medicine at your side.")
    doctor = person("Dr Agar", Medicine=1)
    assert "rest" in situation(away=("Watson",), allies=(doctor,)).pending.ids


def test_wait_is_always_open():
    """R007: you can always choose to Wait."""
    assert "wait" in situation().pending.ids
    assert "wait" in situation(watson=None, **KNOWN).pending.ids


def test_a_refused_action_changes_nothing():
    """R007 and the protocol: a closed action is refused and the state is untouched."""
    state = situation()
    with pytest.raises(IllegalAction):
        rules.play(state, rules.Choose("research"))
    assert state == situation()


# --- modifiers -------------------------------------------------------------------------------


@pytest.mark.parametrize("turn, sm, bonus, expected", [
    (1, 0, 0, -1), (2, 2, 0, 1), (3, 2, 0, 2), (8, 1, 0, 1), (9, 1, 0, 2), (12, 0, 1, 2),
])
def test_attempt_arrest_adds_sm_minus_1_in_turns_1_2_plus_1_from_turn_9(turn, sm, bonus, expected):
    """R007a: the SM is added; turns 1-2 take 1 off, and from turn 9 on it gains 1."""
    assert action_modifier("attempt_arrest", turn=turn, sm=sm, bonus=bonus) == expected


@pytest.mark.parametrize("turn, sm, expected", [(1, 0, -1), (4, 2, 1), (5, 2, 2), (8, 0, 0), (9, 0, 1), (12, 3, 4)])
def test_research_adds_sm_minus_1_in_turns_1_4_plus_1_in_9_12(turn, sm, expected):
    """R007e: the SM is added; turns 1-4 take 1 off, and turns 9-12 give 1 more."""
    assert action_modifier("research", turn=turn, sm=sm) == expected


@pytest.mark.parametrize("tracking, expected", [(0, 0), (1, 1), (3, 3), (5, 3)])
def test_explore_adds_tracking_at_most_3(tracking, expected):
    """R007b: +1 for each Tracking Trait (max 3)."""
    assert action_modifier("explore", turn=1, traits={"Tracking": tracking}, sm=4) == expected


@pytest.mark.parametrize("aware, history, outside, expected", [
    (1, 2, False, 1), (1, 2, True, 3), (4, 0, False, 3), (4, 5, True, 6), (0, 5, False, 0),
])
def test_investigate_adds_aware_and_outside_london_history_each_at_most_3(aware, history, outside, expected):
    """R007c: +1 for each Aware (max 3); +1 per History (max 3) if outside London."""
    traits = {"Aware": aware, "History": history}
    assert action_modifier("investigate", turn=1, traits=traits, outside_london=outside) == expected


@pytest.mark.parametrize("channel, traits, expected", [
    ("Charisma", {"Charisma": 3}, 1), ("History", {"History": 1, "Charisma": 2}, 1),
    (None, {"Charisma": 2}, 0), ("Thief", {"Charisma": 2}, 0),
])
def test_seek_information_adds_1_at_most_for_one_channel(channel, traits, expected):
    """R007d: +1 for one of Charisma, Disguise, Thief or History; the maximum is +1."""
    assert action_modifier("seek_information", turn=1, traits=traits, channel=channel) == expected


def test_in_play_explore_adds_the_groups_tracking_up_to_3(dice):
    """R007b: Holmes's Tracking 1, Toby's 2 and Wiggins's 1 add +3, not +4 (4 + 3 = 7: nothing)."""
    dice.queue(2, 2, *QUIET)
    state = play(situation(traits=("Tracking", "Science", "British Law"), allies=(TOBY, WIGGINS)), "explore")
    assert (roll(state, "Explore").label, roll(state, "Explore").verdict) == ("Explore (2d6+3)", "row 6-7")


def test_in_play_history_counts_for_investigate_only_outside_london(dice):
    """R007c: in Dartmoor (a003) Holmes's History adds to Aware; in Limehouse (a001) not."""
    dice.queue(2, 2, *QUIET)  # 4 + 2 = 6: no further light
    traits = ("Aware", "History", "Science")
    state = play(situation(adventure="a003", traits=traits, **SUSPECTED), "investigate")
    assert (roll(state, "Investigate").label, roll(state, "Investigate").verdict) == ("Investigate (2d6+2)", "row 6")
    dice.queue(3, 2, *QUIET)  # 5 + 1 = 6
    state = play(situation(adventure="a001", traits=traits, **SUSPECTED), "investigate")
    assert roll(state, "Investigate").label == "Investigate (2d6+1)"


def test_in_play_seek_information_through_charisma_adds_1_although_the_group_has_2(dice):
    """R007d: Holmes's and Watson's Charisma: still only +1."""
    dice.queue(2, 3, *QUIET)  # 5 + 1 = 6: nothing
    state = play(situation(traits=("Charisma", "Science", "British Law"), had_clue=True), "seek_information:Charisma")
    assert (roll(state, "Seek").label, roll(state, "Seek").verdict) == ("Seek Information (2d6+1)", "row 5-6")


def test_in_play_research_adds_sm_and_the_turn(dice):
    """R007e: SM 2 in turn 9: 2 + 1 = +3."""
    dice.queue(1, 2, *QUIET)  # 3 + 3 = 6: an impasse
    state = play(situation(turn=9, sm=2, **KNOWN), "research")
    assert (roll(state, "Research").label, roll(state, "Research").verdict) == ("Research (2d6+3)", "row 5-7")


def test_in_play_attempt_arrest_takes_1_off_in_turn_2(dice):
    """R007a: SM 1 in turn 2: 1 - 1 = +0."""
    dice.queue(3, 3, *QUIET)  # 6: a disaster, -1 Luck
    state = play(situation(turn=2, sm=1, luck=0, **KNOWN), "attempt_arrest")
    assert roll(state, "Attempt Arrest").label == "Attempt Arrest (2d6+0)"


# --- R007a: Attempt Arrest, row by row ---------------------------------------------------------------


@pytest.mark.parametrize("faces", [(1, 1), (1, 2)])
def test_arrest_2_3_holmes_is_killed_and_the_game_is_over(dice, faces):
    """R007a 2-3: the attempt costs Holmes his life, which ends the game."""
    dice.queue(*faces)
    state = play(situation(turn=3, **KNOWN), "attempt_arrest")
    assert (state.phase, state.fate, campaign.case_result(state)) == ("over", "dead", "dead")
    assert state.pending.kind == "over"


def test_arrest_4_a_random_ally_is_killed_and_2_luck_lost(dice):
    """R007a 4: One random Ally is killed (not Watson while others are with you). Lose 2 Luck."""
    dice.queue(2, 2, *QUIET)
    dice.pick("Wiggins")
    state = keep(situation(turn=3, luck=3, allies=(TOBY, WIGGINS), **KNOWN), "attempt_arrest")
    assert names(state.allies) == ("Toby",)
    assert state.watson is not None and state.luck == 1


def test_arrest_4_kills_watson_only_when_no_other_ally_is_with_you(dice):
    """R007a 4: the Ally who dies can be Watson only when no other Ally is along."""
    dice.queue(2, 2, *QUIET)
    state = keep(situation(turn=3, luck=2, **KNOWN), "attempt_arrest")
    assert state.watson is None and state.luck == 0


def test_arrest_5_a_trap(dice):
    """R007a 5: an enemy trap: no Action next turn, but an encounter roll this turn and next."""
    dice.queue(2, 3, *QUIET, *QUIET)
    state = play(situation(turn=3, **KNOWN), "attempt_arrest")
    assert [r.label for r in state.rolls] == ["Attempt Arrest (2d6+0)", "Encounter roll (2d6)", "Encounter roll (2d6)"]
    assert (state.turn, state.pending.kind) == (5, "action")


@pytest.mark.parametrize("faces", [(3, 3), (3, 4)])
def test_arrest_6_7_a_disaster_lose_1_luck(dice, faces):
    """R007a 6-7: Your attempt has been a disaster. Lose 1 Luck point."""
    dice.queue(*faces, *QUIET)
    state = keep(situation(turn=3, luck=3, **KNOWN), "attempt_arrest")
    assert (state.luck, state.sm) == (2, 0)


def test_arrest_8_lose_1_sm_and_option_2_even_with_enough_sm(dice):
    """R007a 8: Lose 1 SM and consult section 2 (even with a high enough SM to Arrest)."""
    dice.queue(2, 3)  # 5 + SM 3 = 8
    dice.queue(1, 1, *QUIET)  # option 2: Brains+1 roll, success (+1 SM)
    state = play(situation(turn=3, sm=3, **KNOWN), "attempt_arrest")
    assert roll(state, "Attempt Arrest").verdict == "row 8"
    assert state.sm == 3  # 3 - 1 + 1
    assert state.read.count("r005b") == 1 and state.pending.kind == "action"


@pytest.mark.parametrize("faces", [(4, 5), (5, 5), (5, 6)])
def test_arrest_9_11_gain_1_sm_and_option_2(dice, faces):
    """R007a 9-11: a confrontation: gain +1 SM and consult section 2."""
    dice.queue(*faces, 6, 6, *QUIET)  # option 2's Brains+1 roll fails: -1 Luck
    state = keep(situation(turn=3, sm=0, luck=1, **KNOWN), "attempt_arrest")
    assert (state.sm, state.luck) == (1, 0)
    assert "r005b" in state.read


def test_arrest_9_11_goes_to_option_2_even_when_sm_reaches_the_motive(dice):
    """R007a 9-11: option 2 applies even when the SM would allow an Arrest."""
    dice.queue(3, 4)  # 7 + SM 2 = 9; SM 3 reaches Motive 1's value
    dice.queue(1, 1, *QUIET)
    state = play(situation(turn=3, sm=2, **KNOWN), "attempt_arrest")
    assert state.pending.kind == "action" and state.sm == 4


def test_arrest_12_gives_1_to_the_next_arrest_attempt(dice):
    """R007a 12: trying the Arrest again on the following turn gains +1."""
    dice.queue(6, 6, *QUIET)
    state = play(situation(turn=3, **KNOWN), "attempt_arrest")
    assert state.bonus_now == (("attempt_arrest", 1),)
    dice.queue(3, 3, *QUIET)
    state = play(state, "attempt_arrest")
    assert roll(state, "Attempt Arrest").label == "Attempt Arrest (2d6+1)"


def test_arrest_13_or_more_leads_to_option_3(dice):
    """R007a 13+: the Villain is in the right place: consult section 3."""
    dice.queue(5, 5)  # 10 + SM 3 = 13
    state = play(situation(turn=5, sm=3, **KNOWN), "attempt_arrest")
    assert state.pending.kind == "villain"
    assert state.pending.ids == ("deduction", "hide_follow", "fight")


def test_arrest_13_with_sm_short_of_the_motive_is_option_2(dice):
    """R007a 13+ with R005a (decision): no arrest below the Motive's value, so option 2."""
    dice.queue(6, 5)  # 11 + SM 1 + 1 (turn 9) = 13, but Motive 1 needs SM 3
    dice.queue(1, 1, *QUIET)
    state = play(situation(turn=9, sm=1, **KNOWN), "attempt_arrest")
    assert state.pending.kind == "action" and state.sm == 2


# --- R007b: Explore, row by row ---------------------------------------------------------------------


def test_explore_2_the_villain_is_revealed(dice):
    """R007b 2: a meeting with the Villain, so a Villain event is rolled (here: revealed)."""
    dice.queue(1, 1, 2, *QUIET)  # a002's Villain line, face 2: Irene Adler (SM -1)
    state = play(situation(adventure="a002", sm=2), "explore")
    assert (state.villain, state.sm, state.meetings) == ("c209", 1, 0)


@pytest.mark.parametrize("faces", [(1, 2), (2, 2)])
def test_explore_3_4_lost_back_to_221b_baker_street(dice, faces):
    """R007b 3-4: lost, return to 221B Baker Street (m403: a Brains roll for +1 SM)."""
    dice.queue(*faces, 4, 5, *QUIET)
    state = play(situation(), "explore")
    assert "m403" in state.read and state.location == "221B Baker Street"
    assert state.sm == 1


def test_explore_5_a_random_ally_leaves(dice):
    """R007b 5: an Ally picked at random quits the case."""
    dice.queue(1, 2, *QUIET)
    dice.pick("Toby")
    state = play(situation(allies=(TOBY, GREGSON)), "explore")  # Toby's Tracking 2: 3 + 2 = 5
    assert names(state.allies) == ("Inspector Gregson",)


def test_explore_5_never_sends_watson_away(dice):
    """R007b 5 and R003: Watson is not an Ally."""
    dice.queue(2, 3, *QUIET)
    state = play(situation(), "explore")
    assert state.away == () and state.watson is not None


@pytest.mark.parametrize("faces", [(3, 3), (3, 4)])
def test_explore_6_7_nothing_unusual(dice, faces):
    """R007b 6-7: You discover nothing unusual."""
    dice.queue(*faces, *QUIET)
    before = situation(luck=0)
    state = play(before, "explore")
    assert (state.sm, state.luck, state.villain, state.allies) == (0, 0, None, ())
    assert state.read == ("r007b", "r008")


def test_explore_8_a_character_event(dice):
    """R007b 8: You meet someone - roll for a Character event (a001 face 5: Mrs Hudson)."""
    dice.queue(4, 4, 5, 3, *QUIET)  # m424 gives a Clue event: face 3, m462 (+1 SM)
    state = play(situation(), "explore")
    assert roll(state, "Character event").verdict == "m424"
    assert "m462" in state.read and state.sm == 1


@pytest.mark.parametrize("faces", [(4, 5), (5, 5)])
def test_explore_9_10_investigate_may_be_chosen_next_turn(dice, faces):
    """R007b 9-10: You may choose Investigate next turn even if no Villain is revealed."""
    dice.queue(*faces, *QUIET)
    state = play(situation(), "explore")
    assert "investigate" in state.pending.ids and state.villain is None


def test_explore_9_10_allows_investigate_for_the_next_turn_only(dice):
    """R007b 9-10: "next turn": the turn after, Investigate is closed again."""
    dice.queue(4, 5, *QUIET, *QUIET)
    state = play(situation(), "explore", "wait")
    assert "investigate" not in state.pending.ids


def test_explore_11_a_clue_event(dice):
    """R007b 11: something significant turns up, so a Clue event is rolled."""
    dice.queue(5, 6, 5, *QUIET)  # a001 clue face 5: m464 (+1 SM)
    state = play(situation(), "explore")
    assert "m464" in state.read and state.sm == 1 and state.had_clue
    assert "seek_information" in state.pending.ids


@pytest.mark.parametrize("die, line, event", [(1, "holmes", "m440"), (3, "holmes", "m440"), (4, "watson", "m454")])
def test_explore_12_a_holmes_event_on_1_3_a_watson_event_on_4_6(dice, die, line, event):
    """R007b 12+: one die decides: 1-3 gives a Holmes event, 4-6 a Watson event."""
    dice.queue(6, 6, die, 1 if line == "holmes" else 5)
    if event == "m454":
        dice.queue(3)  # m454: a clue event, face 3: m462
    dice.queue(*QUIET)
    state = play(situation(), "explore")
    assert roll(state, "Holmes or Watson").verdict == line
    assert event in state.read


# --- R007c: Investigate, row by row -----------------------------------------------------------------


@pytest.mark.parametrize("faces", [(1, 1), (1, 2)])
def test_investigate_2_3_a_trap(dice, faces):
    """R007c 2-3: a trap: next turn no Action, but the encounter roll both turns."""
    dice.queue(*faces, *QUIET, *QUIET)
    state = play(situation(turn=2, **SUSPECTED), "investigate")
    assert len(rolls(state, "Encounter roll")) == 2
    assert (state.turn, state.pending.kind) == (4, "action")


@pytest.mark.parametrize("faces", [(2, 2), (2, 3)])
def test_investigate_4_5_a_villain_event(dice, faces):
    """R007c 4-5: You encounter the Villain (a first meeting: option 2)."""
    dice.queue(*faces, 1, 1, *QUIET)  # Windibank's option 2: Brains+1, success: +1 SM
    state = play(situation(**SUSPECTED), "investigate")
    assert (state.meetings, state.sm, state.motive_revealed) == (1, 1, False)


def test_investigate_4_5_after_explore_reveals_a_villain(dice):
    """R007c 4-5: allowed by Explore with no Villain revealed: roll on the Villain line."""
    dice.queue(2, 2, 6, *QUIET)  # a002 Villain face 6: Moriarty
    state = play(situation(adventure="a002", investigate_next=True), "investigate")
    assert (state.villain, state.meetings) == ("c201", 0)


def test_investigate_6_no_further_light(dice):
    """R007c 6: nothing new is learned."""
    dice.queue(3, 3, *QUIET)
    state = play(situation(**SUSPECTED), "investigate")
    assert (state.sm, state.luck, state.meetings, state.bonus_now) == (0, 0, 0, ())


def test_investigate_7_gives_1_if_investigating_next_turn(dice):
    """R007c 7: Investigating once more on the following turn gains +1."""
    dice.queue(3, 4, *QUIET)
    state = play(situation(**SUSPECTED), "investigate")
    assert state.bonus_now == (("investigate", 1),)
    dice.queue(3, 3, *QUIET)
    state = play(state, "investigate")
    assert roll(state, "Investigate").label == "Investigate (2d6+1)"


def test_investigate_7_twice_in_a_row_makes_2(dice):
    """R007c 7: the bonus stacks when the following turn gives the same result."""
    dice.queue(3, 4, *QUIET, 3, 3, *QUIET)  # 7; then 6 + 1 = 7 again
    state = play(situation(**SUSPECTED), "investigate", "investigate")
    assert state.bonus_now == (("investigate", 2),)


def test_investigate_8_a_location_event_while_not_at_a_location(dice):
    """R007c 8: You discover a Location - roll for a Location event (a001 face 3: m480)."""
    dice.queue(4, 4, 3)
    state = play(situation(**SUSPECTED), "investigate")
    assert "m480" in state.read and state.location == "a pawnbroker's shop"
    assert state.pending.kind == "choice"


def test_investigate_8_at_baker_street_is_still_a_location_event(dice):
    """R007c 8: only a Location other than 221B Baker Street turns it into a Clue."""
    dice.queue(4, 4, 3)
    state = play(situation(location="221B Baker Street", **SUSPECTED), "investigate")
    assert "m480" in state.read


def test_investigate_8_at_another_location_is_a_clue_event(dice):
    """R007c 8: away from Baker Street (221B) a Clue event is rolled in its place."""
    dice.queue(4, 4, 3, *QUIET)  # clue face 3: m462
    state = play(situation(location="an opium den", **SUSPECTED), "investigate")
    assert "m462" in state.read and state.sm == 1


@pytest.mark.parametrize("faces", [(4, 5), (5, 5)])
def test_investigate_9_10_a_clue_event(dice, faces):
    """R007c 9-10: useful facts come to light, so a Clue event is rolled."""
    dice.queue(*faces, 3, *QUIET)
    state = play(situation(**SUSPECTED), "investigate")
    assert "m462" in state.read and state.had_clue


def test_investigate_11_gain_1_sm(dice):
    """R007c 11: a crucial fact is found, worth +1 to the Solve Modifier."""
    dice.queue(5, 6, *QUIET)
    state = play(situation(**SUSPECTED), "investigate")
    assert state.sm == 1


def test_investigate_12_a_holmes_or_watson_event(dice):
    """R007c 12+: one die decides: 1-3 gives a Holmes event, 4-6 a Watson event."""
    dice.queue(6, 6, 2, 1, *QUIET)
    state = play(situation(**SUSPECTED), "investigate")
    assert roll(state, "Holmes or Watson").verdict == "holmes" and "m440" in state.read


# --- R007d: Seek Information, row by row -------------------------------------------------------------


def test_seek_2_a_trap(dice):
    """R007d 2: a trap: no Action next turn, the encounter roll both turns."""
    dice.queue(1, 1, *QUIET, *QUIET)
    state = play(situation(turn=6, had_clue=True), "seek_information")
    assert (state.turn, len(rolls(state, "Encounter roll"))) == (8, 2)


def test_seek_3_a_villain_event(dice):
    """R007d 3: a meeting with the Villain, so a Villain event is rolled."""
    dice.queue(1, 2, 1, 1, *QUIET)
    state = play(situation(**SUSPECTED), "seek_information")
    assert state.meetings == 1 and state.sm == 1


def test_seek_4_closes_the_chosen_channel_for_the_case(dice):
    """R007d 4: that Trait is barred from Seek Information for the rest of this case."""
    dice.queue(2, 1, *QUIET)  # 3 + 1 = 4
    state = play(situation(had_clue=True), "seek_information:Charisma")
    assert state.blocked_channels == ("Charisma",)
    refused(state, "seek_information:Charisma",
            "You were found out seeking information through Charisma: not again this case.")
    assert "seek_information" in state.pending.ids


def test_seek_4_without_a_channel_closes_nothing(dice):
    """R007d 4: no Trait was used, so none is closed."""
    dice.queue(2, 2, *QUIET)
    state = play(situation(had_clue=True), "seek_information")
    assert state.blocked_channels == ()
    assert "seek_information:Charisma" in state.pending.ids


@pytest.mark.parametrize("faces", [(2, 3), (3, 3)])
def test_seek_5_6_nothing(dice, faces):
    """R007d 5-6: You discover nothing this turn."""
    dice.queue(*faces, *QUIET)
    state = play(situation(had_clue=True), "seek_information")
    assert (state.sm, state.luck, state.bonus_now, state.blocked_channels) == (0, 0, (), ())


def test_seek_7_gives_1_if_seeking_again_next_turn_cumulatively(dice):
    """R007d 7: +1 to Seek Information next turn (cumulative with the same result)."""
    dice.queue(3, 4, *QUIET, 3, 3, *QUIET)
    state = play(situation(had_clue=True), "seek_information", "seek_information")
    assert state.bonus_now == (("seek_information", 2),)


@pytest.mark.parametrize("die, line, then, first", [
    (1, "location", (3,), "m480"), (2, "location", (3,), "m480"),  # a001 location face 3: the pawnbroker's
    (3, "character", (5, 3, *QUIET), "m424"), (4, "character", (5, 3, *QUIET), "m424"),  # Mrs Hudson
    (5, "clue", (3, *QUIET), "m462"), (6, "clue", (3, *QUIET), "m462"),  # the Twisted Lip
])
def test_seek_8_10_a_witness_leads_to_a_location_character_or_clue(dice, die, line, then, first):
    """R007d 8-10: roll 1d6: 1-2 a Location event; 3-4 a Character event; 5-6 a Clue event."""
    dice.queue(4, 4, die, *then)
    state = play(situation(had_clue=True), "seek_information")
    assert roll(state, "A useful witness").verdict == line
    assert roll(state, f"{line.title()} event").verdict == first


def test_seek_11_reveals_the_motive_and_gives_1_luck(dice):
    """R007d 11: Reveal the Motive and gain 1 Luck point."""
    dice.queue(5, 6, 5, *QUIET)  # Motive die 5: Windibank's second Motive; its option 1: +1 SM
    state = keep(situation(**SUSPECTED), "seek_information")
    assert (state.motive_revealed, state.motive, state.luck, state.sm) == (True, 1, 1, 1)


def test_seek_11_without_a_villain_has_no_effect(dice):
    """R007d 11: with the Villain still unknown, the result does nothing."""
    dice.queue(5, 6, *QUIET)
    state = play(situation(had_clue=True), "seek_information")
    assert (state.motive_revealed, state.luck, state.villain) == (False, 0, None)


def test_seek_12_a_holmes_or_watson_event(dice):
    """R007d 12+: 1-3 Holmes event; 4-6 Watson event."""
    dice.queue(6, 6, 6, 5, 3, *QUIET)  # Watson: m454 -> clue m462
    state = play(situation(had_clue=True), "seek_information")
    assert roll(state, "Holmes or Watson").verdict == "watson" and "m454" in state.read


# --- R007e: Research, row by row ---------------------------------------------------------------


def research(dice, faces, **fields):
    dice.queue(*faces)
    fields = {"turn": 5, **KNOWN, **fields}
    return situation(**fields)


def test_research_2_a_lucky_breakthrough_1_luck_and_1_sm(dice):
    """R007e 2: Gain 1 Luck point and +1SM."""
    state = keep(research(dice, (1, 1, *QUIET)), "research")
    assert (state.luck, state.sm) == (1, 1)


def test_research_3_each_ally_leaves_on_1_or_2(dice):
    """R007e 3: roll 1d6 for each Ally; on 1-2 they leave the case."""
    state = play(research(dice, (1, 2, 2, *QUIET), allies=(TOBY,)), "research")
    assert state.allies == ()


def test_research_3_an_ally_stays_on_3_to_6(dice):
    """R007e 3: on 3-6 the Ally stays."""
    state = play(research(dice, (1, 2, 3, *QUIET), allies=(TOBY,)), "research")
    assert names(state.allies) == ("Toby",)


def test_research_3_rolls_once_for_every_ally(dice):
    """R007e 3: "Roll 1d6 for each Ally"."""
    state = play(research(dice, (1, 2, 1, 6, *QUIET), allies=(TOBY, WIGGINS)), "research")
    assert len(rolls(state, "Does the Ally stay")) == 2 and len(state.allies) == 1


def test_research_4_a_setback_lose_1_luck(dice):
    """R007e 4: Lose 1 Luck point."""
    state = keep(research(dice, (2, 2, *QUIET), luck=2), "research")
    assert state.luck == 1


@pytest.mark.parametrize("faces", [(2, 3), (3, 3), (3, 4)])
def test_research_5_7_an_impasse(dice, faces):
    """R007e 5-7: No effect."""
    state = play(research(dice, (*faces, *QUIET)), "research")
    assert (state.sm, state.luck, state.bonus_now) == (0, 0, ())


def test_research_8_9_gives_1_if_researching_next_turn_cumulatively(dice):
    """R007e 8-9: +1 if you Research again next turn (cumulative with the same result)."""
    state = play(research(dice, (4, 4, *QUIET, 4, 3, *QUIET)), "research", "research")
    assert state.bonus_now == (("research", 2),)


@pytest.mark.parametrize("faces", [(5, 5), (5, 6)])
def test_research_10_11_gain_1_sm(dice, faces):
    """R007e 10-11: Gain a +1SM."""
    state = play(research(dice, (*faces, *QUIET)), "research")
    assert state.sm == 1


def test_research_12_gain_2_sm(dice):
    """R007e 12: Gain a +2SM."""
    state = play(research(dice, (6, 6, *QUIET)), "research")
    assert state.sm == 2


def test_research_13_a_holmes_or_watson_event(dice):
    """R007e 13+: 1-3 Holmes event; 4-6 Watson event."""
    state = play(research(dice, (6, 6, 1, 1, *QUIET), turn=9), "research")  # 12 + 1 = 13
    assert roll(state, "Research").verdict == "row 13+" and "m440" in state.read


# --- bonuses and traps --------------------------------------------------------------------------


def test_a_bonus_is_only_for_the_same_action(dice):
    """R007c-e: the +1 for Investigating again the following turn does not carry over to Seek Information."""
    dice.queue(3, 3, *QUIET)
    state = play(situation(bonus_next=(("investigate", 1),), **SUSPECTED), "seek_information")
    assert roll(state, "Seek").label == "Seek Information (2d6+0)"


def test_a_bonus_is_only_for_the_next_turn(dice):
    """R007c-e: the +1 is for next turn: after a Wait it has lapsed."""
    dice.queue(*QUIET, 3, 3, *QUIET)
    state = play(situation(bonus_next=(("investigate", 1),), **SUSPECTED), "wait", "investigate")
    assert roll(state, "Investigate").label == "Investigate (2d6+0)"


def test_a_bonus_does_not_carry_when_another_result_comes_up(dice):
    """R007c 7: only the same result next turn adds up; otherwise the bonus is spent."""
    dice.queue(3, 3, *QUIET)  # 6 + 1 = 7 would add up; a 5 + 1 = 6 does not
    state = play(situation(bonus_next=(("investigate", 1),), **SUSPECTED), "investigate")
    assert state.bonus_now == (("investigate", 2),)
    dice.queue(2, 3, *QUIET)  # 5 + 2 = 7: a 7 again, +1 more
    state = play(state, "investigate")
    assert state.bonus_now == (("investigate", 3),)
    dice.queue(1, 2, *QUIET)  # 3 + 3 = 6: nothing
    state = play(state, "investigate")
    assert state.bonus_now == ()


def test_a_trap_costs_the_next_action_but_not_its_encounter_roll(dice):
    """R007c 2-3 / R007d 2 / R007a 5: no Action may be picked on the following turn; the
    Encounter matrix is rolled this turn and again on the next."""
    dice.queue(4, 3, 2, 1)  # the trapped turn 4: an event (7), Holmes (2), m440
    state = situation(turn=4, trapped_next=True)
    assert (state.turn, state.pending.kind) == (5, "action")
    assert state.read == ("r008", "m440")
    assert state.trapped_now is False


# --- R007f: Rest and heal -----------------------------------------------------------------------------


def test_rest_heals_a_wound_on_medicine_8(dice):
    """R007f: Medicine 8 rolls to heal each Wounded Character (Watson's Medicine 2 adds +2)."""
    dice.queue(3, 3, *QUIET)
    state = play(situation(holmes=holmes(wounds=1)), "rest")
    assert state.holmes.wounds == 0
    assert roll(state, "Healing").verdict == "healed"


def test_rest_fails_under_8(dice):
    """R007f: 5 + 2 = 7: the wound stays."""
    dice.queue(3, 2, *QUIET)
    state = play(situation(holmes=holmes(wounds=1)), "rest")
    assert state.holmes.wounds == 1


def test_rest_heals_every_wounded_character_in_turn(dice):
    """R007f: a roll for each Wounded Character."""
    dice.queue(4, 4, 3, 3, *QUIET)
    state = play(situation(holmes=holmes(wounds=1), allies=(wounded(TOBY),)), "rest")
    assert (state.holmes.wounds, who(state, "Toby").wounds) == (0, 0)


def test_a_healer_who_fails_stops_and_the_next_healer_tries(dice):
    """R007f: when an attempt fails, that healer cannot go on this turn; another character
    with Medicine may attempt it until they also fail."""
    agar = person("Dr Agar", Medicine=1)
    toby = wounded(TOBY)
    dice.queue(1, 1)  # Watson on Holmes: 2 + 2 fails; Watson stops
    dice.queue(4, 3)  # Dr Agar on Holmes: 7 + 1 = 8 heals
    dice.queue(1, 1)  # Dr Agar on Toby: fails; nobody is left
    dice.queue(*QUIET)
    state = play(situation(holmes=holmes(wounds=1), allies=(agar, toby)), "rest")
    assert [r.verdict for r in rolls(state, "Healing")] == ["failed", "healed", "failed"]
    assert (state.holmes.wounds, who(state, "Toby").wounds) == (0, 1)


def test_a_lone_healer_who_fails_leaves_the_others_unhealed(dice):
    """R007f: Watson fails on the first patient: no more attempts this turn."""
    toby = wounded(TOBY)
    dice.queue(1, 1, *QUIET)
    state = play(situation(holmes=holmes(wounds=1), allies=(toby,)), "rest")
    assert len(rolls(state, "Healing")) == 1
    assert (state.holmes.wounds, who(state, "Toby").wounds) == (1, 1)


def test_rest_with_nobody_wounded_rolls_nothing_but_the_encounter(dice):
    """R007f: healing rolls are for Wounded Characters only."""
    dice.queue(*QUIET)
    state = play(situation(), "rest")
    assert [r.label for r in state.rolls] == ["Encounter roll (2d6)"]


def test_rest_removes_a_level_of_addiction_on_medicine_9(dice):
    """R007f: a Medicine 9 roll takes away one level of a Character's Addiction."""
    dice.queue(4, 3, *QUIET)  # 7 + Watson's Medicine 2 = 9
    state = play(situation(holmes=holmes().with_trait("Addiction", 2)), "rest")
    assert state.holmes.trait("Addiction") == 1


def test_rest_removes_a_level_of_madness_on_medicine_11(dice):
    """R007f: a Medicine 11 roll takes away one level of a Character's Madness."""
    dice.queue(5, 4, *QUIET)  # 9 + Watson's Medicine 2 = 11
    state = play(situation(holmes=holmes().with_trait("Madness", 1)), "rest")
    assert state.holmes.trait("Madness") == 0


def test_an_investigate_bonus_survives_an_events_bonus_for_another_action(dice):
    """R007c 7: Investigating once more on the following turn gains +1 -- even when the
    turn's encounter (m440, The Violin) also gives +1 to Research."""
    dice.queue(3, 4, 4, 3, 2, 1)  # Investigate 7; encounter 7; Holmes event; a001 face 1: m440
    state = play(situation(**SUSPECTED), "investigate")
    dice.queue(3, 3, *QUIET)
    state = play(state, "investigate")
    assert roll(state, "Investigate").label == "Investigate (2d6+1)"
