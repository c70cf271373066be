"""R007 (turns, the end of a case) and R008 (the Encounter Matrix), with Wait's +1."""

import pytest

from sherlockkit.games.story import campaign, rules, tables
from sherlockkit.games.story.events import EncounterRolled
from sherlockkit.games.story.tables import TURNS, encounter_column, encounter_shift, encounter_table

from .situations import QUIET, keep, play, roll, situation, villain_known

# --- R007: the turn ----------------------------------------------------------------------------


def test_a_case_has_12_turns():
    """R007: "Each case is split into 12 turns"."""
    assert TURNS == 12


def test_each_turn_is_an_action_then_the_encounter_roll(dice):
    """R007: choose an Action; after it has been completed roll on the Encounter matrix."""
    dice.queue(3, 3, *QUIET)  # Explore 6: nothing; the encounter roll: quiet
    state = play(situation(turn=4), "explore")
    assert [r.label for r in state.rolls] == ["Explore (2d6+0)", "Encounter roll (2d6)"]
    assert state.read == ("r007b", "r008")


def test_after_the_encounter_roll_the_next_turn_begins(dice):
    """R007: the turns follow one another, each starting with the choice of an Action."""
    dice.queue(*QUIET)
    state = play(situation(turn=11), "rest")
    assert (state.turn, state.phase, state.pending.kind) == (12, "case", "action")


def test_the_case_is_lost_at_the_end_of_turn_12_with_all_sm_and_half_the_luck_rounded_up(dice):
    """R007: not arrested by the end of turn 12: lose all SM and half the Luck (rounding up)."""
    dice.queue(*QUIET)
    state = keep(situation(turn=12, sm=3, luck=5), "rest")
    assert campaign.case_result(state) == "lost"
    assert state.cases == (("a001", "lost"),)
    assert (state.sm, state.luck, state.phase) == (0, 2, "after_case")
    assert state.pending.kind == "after_case"


@pytest.mark.parametrize("luck, left", [(1, 0), (2, 1), (4, 2), (7, 3)])
def test_a_lost_case_takes_half_the_luck_rounded_up(dice, luck, left):
    """R007: half your remaining Luck (rounding up) is lost."""
    dice.queue(*QUIET)
    state = keep(situation(turn=12, luck=luck), "rest")
    assert state.luck == left


def test_a_lost_case_with_something_left_has_no_death_roll(dice):
    """R007: the death roll is only for a lost case with no SM and no Luck left."""
    dice.queue(*QUIET)  # no draw queued: a death roll would fail the test
    state = keep(situation(turn=12, sm=1), "rest")
    assert (state.phase, state.watson is not None, state.lestrade_alive) == ("after_case", True, True)


def lose_with_nothing_left(dice, die):
    dice.queue(*QUIET)
    dice.draw(die)
    return play(situation(turn=12, sm=0, luck=0), "rest")


@pytest.mark.parametrize("die", [1, 2])
def test_death_roll_1_or_2_holmes_is_killed_and_the_game_is_over(dice, die):
    """R007: out of SM and Luck after a loss, one die is rolled; on 1-2 Holmes dies and play ends."""
    state = lose_with_nothing_left(dice, die)
    assert (state.phase, state.fate) == ("over", "dead")
    assert rules.outcome(state) == rules.Outcome("dead", 0, 1, 0)
    assert rules.legal_actions(state) == []


@pytest.mark.parametrize("die", [3, 4])
def test_death_roll_3_or_4_watson_is_killed_and_holmes_goes_on(dice, die):
    """R007: on 3-4 Watson dies and leaves play for good."""
    state = lose_with_nothing_left(dice, die)
    assert state.watson is None
    assert (state.phase, state.fate, state.lestrade_alive) == ("after_case", "", True)


def test_death_roll_5_lestrade_is_killed_and_a_new_inspector_takes_his_duties(dice):
    """R007: 5 Inspector Lestrade is killed; a new Inspector takes over his duties."""
    state = lose_with_nothing_left(dice, 5)
    assert state.lestrade_alive is False
    assert state.watson is not None and state.phase == "after_case"


def test_death_roll_6_has_no_further_effect(dice):
    """R007: 6 No further effects."""
    state = lose_with_nothing_left(dice, 6)
    assert (state.phase, state.watson is not None, state.lestrade_alive) == ("after_case", True, True)
    assert state.cases == (("a001", "lost"),)


def test_the_campaign_goes_on_after_a_lost_case(dice):
    """R007: a lost case is not the end of the game (unless Holmes dies)."""
    dice.queue(*QUIET)
    state = keep(situation(turn=12, luck=2), "rest")
    assert "next:a002" in state.pending.ids and "retire" in state.pending.ids


# --- Wait ----------------------------------------------------------------------------------


def test_wait_adds_1_to_the_encounter_roll(dice):
    """R007 Wait: only the Encounter matrix is rolled, with 1 added to the 2d6."""
    dice.queue(3, 3, 2, 1)  # 6 + 1 = 7: an event in turn 1; type die 2: Holmes; line die 1: m440
    state = play(situation(turn=1), "wait")
    assert (roll(state, "Encounter roll").total, roll(state, "Encounter roll").verdict) == (6, "event")
    assert "m440" in state.read


def test_without_waiting_the_same_encounter_roll_is_quiet(dice):
    """R007/R008: the +1 is Wait's alone: resting, a 6 in turn 1 brings nothing."""
    dice.queue(3, 3)
    state = play(situation(turn=1), "rest")
    assert roll(state, "Encounter roll").verdict == "quiet"
    assert state.turn == 2


#: A turn of each band, its threshold, and the type die that reads a Holmes event there.
BANDS = [(1, 7, 2), (5, 6, 3), (9, 5, 4)]


@pytest.mark.parametrize("turn, threshold, holmes_die", BANDS)
def test_waiting_one_short_of_the_threshold_brings_an_event(dice, turn, threshold, holmes_die):
    """R007 Wait: +1 to the encounter roll, so 2d6 one under the threshold brings an
    event (the engine's total counts the +1)."""
    low = threshold - 1
    dice.queue(low // 2, low - low // 2, holmes_die, 1)  # a Holmes event, line face 1: m440
    state = play(situation(turn=turn), "wait")
    rolled = [e for e in state.events if isinstance(e, EncounterRolled)][-1]
    assert rolled == EncounterRolled(threshold, threshold, True)
    assert "m440" in state.read


@pytest.mark.parametrize("turn, threshold, holmes_die", BANDS)
def test_waiting_two_short_of_the_threshold_stays_quiet(dice, turn, threshold, holmes_die):
    """R007 Wait: the bonus is +1, not more: 2d6 two under the threshold is still quiet."""
    low = threshold - 2
    dice.queue(low // 2, low - low // 2)
    state = play(situation(turn=turn), "wait")
    rolled = [e for e in state.events if isinstance(e, EncounterRolled)][-1]
    assert rolled == EncounterRolled(threshold - 1, threshold, False)
    assert state.turn == turn + 1


def test_wait_rolls_on_no_action_table(dice):
    """R007 Wait: no Action roll, only the encounter roll."""
    dice.queue(*QUIET)
    state = play(situation(turn=1), "wait")
    assert [r.label for r in state.rolls] == ["Encounter roll (2d6)"]


# --- R008: the Encounter Matrix ------------------------------------------------------------------


@pytest.mark.parametrize("turn, threshold", [(1, 7), (4, 7), (5, 6), (8, 6), (9, 5), (12, 5)])
def test_an_encounter_happens_on_7_in_turns_1_to_4_6_in_5_to_8_and_5_in_9_to_12(turn, threshold):
    """R008: During Turn 1-4 roll 7+, 5-8 roll 6+, 9-12 roll 5+."""
    assert tables.encounter_band(turn)[0] == threshold


@pytest.mark.parametrize("turn, faces, verdict", [
    (1, (3, 3), "quiet"), (4, (3, 4), "event"),
    (5, (2, 3), "quiet"), (8, (3, 3), "event"),
    (9, (2, 2), "quiet"), (12, (2, 3), "event"),
])
def test_the_engine_rolls_against_the_threshold_of_the_turn(dice, turn, faces, verdict):
    """R008: the chance of an event by turn band, on the 2d6 of the encounter roll."""
    dice.queue(*faces)
    if verdict == "event":
        dice.queue({1: 2, 4: 2, 8: 3, 12: 4}[turn], 1)  # a Holmes event: m440 (no roll)
    state = play(situation(turn=turn, sm=1), "rest")  # 1 SM: no death roll after turn 12
    assert roll(state, "Encounter roll").verdict == verdict


BOOK_MATRIX = {
    1: ("villain", "holmes", "watson", "character", "character", "location"),
    5: ("villain", "villain", "holmes", "watson", "character", "character"),
    9: ("villain", "villain", "villain", "holmes", "watson", "character"),
}


@pytest.mark.parametrize("turn", range(1, 13))
def test_the_columns_of_the_encounter_matrix(turn):
    """R008: the type of encounter by the d6, for each band of turns (the sixth column of
    turns 9-12 is Character, the project's decision for the missing entry)."""
    band = 1 if turn <= 4 else 5 if turn <= 8 else 9
    table = encounter_table(turn)
    assert tuple(table.row_for(die).result for die in range(1, 7)) == BOOK_MATRIX[band]


@pytest.mark.parametrize("motive, arrest, shift", [(False, False, 0), (True, False, 1), (True, True, 2)])
def test_the_type_die_is_shifted_1_for_a_motive_and_2_once_an_arrest_is_possible(motive, arrest, shift):
    """R008: -1 from the die once the Motive is revealed; -2 once you can Attempt Arrest
    (replacing the -1, not added to it)."""
    assert encounter_shift(motive, arrest) == shift


@pytest.mark.parametrize("die, shift, column", [(1, 1, 1), (1, 2, 1), (2, 2, 1), (3, 2, 1), (6, 2, 4), (6, 1, 5)])
def test_a_shifted_die_never_reads_below_column_1(die, shift, column):
    """R008 and the table convention: a total below the first column reads column 1."""
    assert encounter_column(die, shift) == column


@pytest.mark.parametrize("turn, motive, arrest, expected", [
    (1, True, False, ("villain", "villain", "holmes", "watson", "character", "character")),
    (1, True, True, ("villain", "villain", "villain", "holmes", "watson", "character")),
    (9, True, True, ("villain", "villain", "villain", "villain", "villain", "holmes")),
    (9, True, False, ("villain", "villain", "villain", "villain", "holmes", "watson")),
])
def test_shifted_columns_by_turn(turn, motive, arrest, expected):
    """R008: the shifted die read on the turn's row."""
    table = encounter_table(turn, motive_revealed=motive, can_arrest=arrest)
    assert tuple(table.row_for(die).result for die in range(1, 7)) == expected


def test_in_play_a_known_motive_takes_1_off_the_type_die(dice):
    """R008: turn 1 with the Motive revealed: a 3 reads column 2, Holmes (not Watson)."""
    dice.queue(4, 3, 3, 1)  # encounter 7; type 3 - 1 = column 2; Holmes line die 1: m440
    state = play(situation(turn=1, **villain_known("c212", motive=1)), "rest")
    assert roll(state, "Encounter type").verdict == "holmes"
    assert "m440" in state.read


def test_in_play_the_type_die_is_unshifted_before_the_motive(dice):
    """R008: turn 1, nothing known: a 3 reads column 3, Watson."""
    dice.queue(4, 3, 3, 5, 3)  # Watson line die 5: m454, a clue event; clue die 3: m462 (+1 SM)
    state = play(situation(turn=1), "rest")
    assert roll(state, "Encounter type").verdict == "watson"
    assert ("m454", "m462") == tuple(p for p in state.read if p in ("m454", "m462"))
    assert state.sm == 1


def test_in_play_once_an_arrest_is_possible_a_3_in_turn_9_brings_the_villain(dice):
    """R008: -2 once you can Attempt Arrest: turn 9, die 3 reads column 1, the Villain,
    and with SM at the Motive's value that is option 3 (R005b)."""
    dice.queue(3, 3, 3)
    state = play(situation(turn=9, sm=3, **villain_known("c212", motive=1)), "rest")
    assert roll(state, "Encounter type").verdict == "villain"
    assert state.pending.kind == "villain"


def test_in_play_the_sixth_column_of_turns_9_to_12_is_a_character(dice):
    """R008 (decision): turns 9-12, an unshifted 6 reads Character."""
    dice.queue(3, 3, 6, 5, 3)  # character line die 5: m424 Mrs Hudson, a clue; clue die 3: m462
    state = play(situation(turn=10), "rest")
    assert roll(state, "Encounter type").verdict == "character"
    assert "m424" in state.read and state.sm == 1


def test_the_encounter_type_rolls_on_the_adventures_line(dice):
    """R008/R006: the type leads to the adventure's d6 line (a001's Holmes line, face 1 is m440)."""
    dice.queue(4, 3, 2, 1)
    state = play(situation(turn=1), "rest")
    assert roll(state, "Holmes event").verdict == "m440"
    assert state.bonus_now == (("research", 1),)  # m440: +1 to Research, usable in turn 2


def test_a_clue_seen_again_gives_1_sm_on_4_to_6(dice):
    """R008: returning to a Clue found before: 1d6, 1-3 nothing more, 4-6 +1 SM."""
    dice.queue(4, 3, 3, 5, 4)  # Watson event m454 -> a clue event -> clue die 4: m463, found before
    dice.queue(4)  # the revisit roll: 4, +1 SM
    state = play(situation(turn=1, clues_found=("m463",)), "rest")
    assert state.sm == 1 and roll(state, "A clue seen before").verdict == "4-6"


def test_a_clue_seen_again_gives_nothing_on_1_to_3(dice):
    """R008: returning to a Clue found before: 1-3 no further clues can be deduced."""
    dice.queue(4, 3, 3, 5, 4, 3)
    state = play(situation(turn=1, clues_found=("m463",)), "rest")
    assert state.sm == 0 and roll(state, "A clue seen before").verdict == "1-3"
