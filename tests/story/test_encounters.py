"""Allies (R002, R007, R007b, R007e, R008), paragraphs met once, and the adventures' specials."""


from sherlockkit.games.story import tables
from sherlockkit.games.story.events import Nothing

from .situations import QUIET, after_case, happen, keep, lose, names, person, play, read, situation

LESTRADE = person("Inspector Lestrade", 4, 6, 7, British_Law=1, Running=1)
HOPKINS = person("Inspector Hopkins", 4, 5, 5, British_Law=1, Running=1)
TOBY = person("Toby", 2, 4, 8, Tracking=2)


# --- joining -------------------------------------------------------------------------------


def test_a_character_joins_as_an_ally_on_charisma_7_and_brings_1_luck(dice):
    """R002: an Ally joins after a successful Charisma 7 roll (Watson's Charisma: 6 + 1);
    gaining Allies brings Luck (R003)."""
    dice.queue(3, 3, *QUIET)
    state = read(situation(), "m420")
    assert names(state.allies) == ("Inspector Lestrade",)
    assert state.luck == 1
    lestrade = state.allies[0]
    assert (lestrade.brains, lestrade.brawn, lestrade.bravery) == (4, 6, 7)
    assert dict(lestrade.traits) == {"British Law": 1, "Running": 1}


def test_a_failed_charisma_7_and_the_character_goes_on_their_way(dice):
    """R002: unless they join, other Characters simply go on their way (5 + 1 = 6 < 7)."""
    dice.queue(3, 2, *QUIET)
    state = read(situation(), "m420")
    assert (state.allies, state.luck) == ((), 0)


def test_someone_already_with_you_does_not_join_again(dice):
    """R002: an Ally is noted once; meeting them again needs no roll."""
    dice.queue(*QUIET)
    state = read(situation(allies=(LESTRADE,)), "m420")
    assert names(state.allies) == ("Inspector Lestrade",) and state.luck == 0


def test_a_character_who_left_the_case_never_returns_as_an_ally(dice):
    """R008: someone who already walked out of this Adventure comes back only as a passing
    event, never again as an Ally."""
    dice.queue(*QUIET)
    state = happen(situation(allies=(LESTRADE,)), {"ally_leaves": "random"})
    dice.queue(*QUIET)  # no Charisma roll is offered: he comes only as a passing event
    state = read(state, "m420")
    assert state.allies == () and state.luck == 0
    assert Nothing("left this case", "Inspector Lestrade") in state.events


def test_the_new_inspector_already_with_you_does_not_join_twice(dice):
    """R002 and R007 death roll 5: Lestrade's duties go to the new Inspector; if he is
    already your Ally, meeting "Lestrade" again adds nobody."""
    dice.queue(*QUIET)
    state = read(situation(allies=(HOPKINS,), lestrade_alive=False), "m420")
    assert names(state.allies) == ("Inspector Hopkins",) and state.luck == 0


def test_after_lestrades_death_the_new_inspector_joins_in_his_place(dice):
    """R007 death roll 5: a Charisma 7 roll brings in a replacement Inspector as an Ally
    (Brains 4, Brawn 5 and Bravery 5, with British Law and Running)."""
    dice.queue(3, 3, *QUIET)
    state = read(situation(lestrade_alive=False), "m420")
    assert names(state.allies) == ("Inspector Hopkins",)
    inspector = state.allies[0]
    assert (inspector.brains, inspector.brawn, inspector.bravery) == (4, 5, 5)
    assert dict(inspector.traits) == {"British Law": 1, "Running": 1}


def test_the_new_inspector_killed_costs_3_luck_and_bars_inspectors_for_this_case_and_the_next_two(dice):
    """R007 death roll 5: should he die, 3 points are lost and no replacement Inspector
    may join during this case or the two after it."""
    dice.queue(2, 2, *QUIET)  # Attempt Arrest 4: a random Ally killed (-2 Luck)
    state = keep(situation(turn=3, luck=6, allies=(HOPKINS,), lestrade_alive=False,
                           villain="c212", motive=1, motive_revealed=True), "attempt_arrest")
    assert state.allies == () and state.luck == 6 - 2 - 3
    dice.queue(*QUIET)
    state = read(state, "m421")  # Inspector Gregson: no roll, nobody joins
    assert state.allies == ()
    for later in (1, 2):  # the next two cases
        state = play(lose(state), "next:a001")
        dice.queue(*QUIET)
        state = read(state, "m421")
        assert state.allies == (), f"an Inspector joined in case {later} after the death"
    state = play(lose(state), "next:a001")
    dice.queue(3, 3, *QUIET)
    state = read(state, "m421")
    assert names(state.allies) == ("Inspector Gregson",)


# --- leaving -------------------------------------------------------------------------------


def test_a_random_ally_leaves(dice):
    """R007b 5 / events: a random Ally decides to leave the investigation."""
    dice.queue(*QUIET)
    dice.pick("Toby")
    state = happen(situation(allies=(LESTRADE, TOBY)), {"ally_leaves": "random"})
    assert names(state.allies) == ("Inspector Lestrade",)


def test_friends_count_as_allies_and_may_leave_a_case(dice):
    """R010: for every game effect, a Friend is treated as an Ally."""
    dice.queue(*QUIET)
    state = happen(situation(friends=(TOBY,)), {"ally_leaves": "random"})
    assert state.away == ("Toby",) and names(state.friends) == ("Toby",)
    assert all(p.name != "Toby" for p in (state.holmes, state.watson))


def test_allies_join_only_for_the_current_case(dice):
    """R001: extra companions stay for this case alone; Watson stays on."""
    state = play(after_case(allies=(TOBY,), friends=(LESTRADE,)), "next:a001")
    assert state.allies == () and names(state.friends) == ("Inspector Lestrade",)
    assert state.watson is not None and state.turn == 1 and state.phase == "case"


# --- paragraphs ---------------------------------------------------------------------------------


def test_a_paragraph_met_only_once_does_nothing_the_second_time(dice):
    """R008: a few events and people say outright that they happen just once
    (m431, the nervous clerk)."""
    dice.queue(4, 4, *QUIET)  # Charisma 8 with Watson's Charisma: +1 SM
    state = read(situation(), "m431")
    assert state.sm == 1
    dice.queue(*QUIET)
    state = read(state, "m431")
    assert state.sm == 1 and not [r for r in state.rolls if r.label.startswith("Charisma")]


def test_other_paragraphs_may_be_met_again(dice):
    """R008: you can meet the same Character more than once in a case."""
    dice.queue(5, *QUIET, 3, *QUIET)  # Mrs Hudson (m424): a clue event each time (m464, then m462: +1 SM)
    state = read(read(situation(), "m424"), "m424")
    assert state.sm == 2


def test_a_man_or_a_woman_on_a_d6(dice):
    """R002: roll 1d6: 1-3 Male; 4-6 Female."""
    assert [tables.GENDER.row_for(d).result for d in range(1, 7)] == ["male"] * 3 + ["female"] * 3


# --- the adventures' special rules ------------------------------------------------------------------


def test_mayfair_charisma_8_at_the_start_of_every_case_for_1_luck(dice):
    """a002's special rule: at the start of every case, Charisma 8: on a success gain 1 Luck."""
    dice.queue(4, 3)  # 7 + Watson's Charisma 1 = 8
    state = play(after_case(luck=0), "next:a002")
    assert (state.adventure, state.luck, state.turn) == ("a002", 1, 1)
    assert state.pending.kind == "action"


def test_dartmoor_allows_investigate_on_the_first_turn(dice):
    """a003's special rule: Holmes may choose Investigate on the first turn with no Villain known."""
    state = play(after_case(), "next:a003")
    assert state.turn == 1 and "investigate" in state.pending.ids and state.villain is None
