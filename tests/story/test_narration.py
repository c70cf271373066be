"""The log reads as the casebook, not as a rules trace (issue 10): names agree with their
verbs, the dice and the rule are the detail one click away, and a lost case or Holmes's
death is told cause first, then what it cost."""

import random
import re
from dataclasses import replace

import pytest

from sherlockkit.games.story import campaign, events as ev, narration, rules
from sherlockkit.games.story.agenda import EndTurn
from sherlockkit.games.story.state import Choose

from .situations import BOOK, happen, lose, run, situation

ROUGHS = "The Baron's hired roughs"


def told(*events):
    """The sentences of ``events``, told one after the other."""
    return narration.sentences(events)


# --- names and verbs ------------------------------------------------------------------------------


def test_a_band_takes_a_plural_verb_and_one_person_a_singular():
    assert narration.plural(ROUGHS) and not narration.plural("Holmes") and not narration.plural("Rough with a knife")
    assert told(ev.Exchange("Watson", ROUGHS, 9, 15)) == ("Watson strikes 9, the Baron's hired roughs strike 15.",)
    assert told(ev.Exchange("Holmes", "Rough with a knife", 7, 13)) == \
        ("Holmes strikes 7, Rough with a knife strikes 13.",)
    assert told(ev.Exchange("Holmes", ROUGHS, 12, 8), ev.StrikeResult(ROUGHS, "stunned"))[-1] == \
        "The Baron's hired roughs reel, stunned."
    assert told(ev.FoeDown(ROUGHS, "out")) == ("The Baron's hired roughs are seriously wounded and out of the fight.",)
    assert told(ev.FightLost("Watson", ROUGHS, "wounded")) == \
        ("The fight is lost: the Baron's hired roughs wound Watson.",)
    assert told(ev.FightLost("Holmes", "Rough with a knife", "wounded")) == \
        ("The fight is lost: Rough with a knife wounds Holmes.",)
    assert told(ev.FightStarted(((ROUGHS, 8),)))[0] == "A fight! The Baron's hired roughs stand against Holmes."
    assert told(ev.FightStarted((("Dock bully", 7),)))[0] == "A fight! Dock bully stands against Holmes."
    bravo = "One of the Professor's hired bravoes"
    assert told(ev.Exchange("Watson", bravo, 12, 15)) == \
        ("Watson strikes 12, one of the Professor's hired bravoes strikes 15.",)


def test_an_escape_is_told_in_the_casebooks_voice_with_the_dice_beside_it():
    """Not "Escape: 11-0 against Bravery 7": who corners Holmes, and the numbers that count."""
    fight = (ev.FightStarted(((ROUGHS, 8),)), ev.FightOrFlee(True))
    assert told(*fight, ev.EscapeTried(11, 0, 7, False))[-1] == \
        "Holmes is cornered by the Baron's hired roughs and cannot get away — Bravery 7 needed, 11 rolled."
    assert told(*fight, ev.EscapeTried(9, 2, 7, True))[-1] == "Holmes gets away from the Baron's hired roughs."
    assert narration.detail(ev.EscapeTried(9, 2, 7, True)) == "Escape: 2d6 9 - Running 2 = 7, needs 7 or less (R009a)."


def test_equipment_and_healing_read_as_sentences():
    assert told(ev.ItemCarried("Watson's service revolver", "Watson")) == ("Watson now carries his service revolver.",)
    assert told(ev.ItemCarried("Pocket street map", "Holmes")) == ("Holmes now carries a pocket street map.",)
    assert told(ev.Healing("Watson", "Watson", "Madness", 6, 2, 11, False)) == \
        ("Watson can do nothing for his own madness this time.",)
    assert told(ev.Healing("Dr Agar", "Shinwell Johnson", "Wound", 6, 1, 8, True)) == \
        ("Dr Agar treats Shinwell Johnson's wound, and it heals.",)


def test_no_healer_left_fits_a_rest_turn_and_the_end_of_a_fight():
    """R009b reuses Rest's step after a fight: the sentence names no turn."""
    line = narration.sentence(ev.Nothing("no healer left"))
    assert line == "No one else here can tend the wounds." and "turn" not in line


def test_one_case_is_a_case():
    assert told(ev.CampaignEnded("retired", 1)) == ("Holmes retires to keep bees, after 1 case.",)
    assert told(ev.CampaignEnded("retired", 2)) == ("Holmes retires to keep bees, after 2 cases.",)
    assert narration.ending((), "retired", 0, 1, 0) == \
        "Holmes retires to keep bees after 1 case: 0 solved, 1 lost, with no Luck to spare."


def test_the_death_roll_names_no_fate_id():
    """Not "(holmes killed)": the death roll and what it did, in words."""
    assert told(ev.DeathRoll("holmes_killed"), ev.Killed("Holmes", "death roll")) == (
        "With no SM and no Luck to fall back on, the dice decide who pays for the lost case.",
        "The dice go against Holmes: he is killed.")
    assert narration.detail(ev.DeathRoll("holmes_killed")) == "The death roll (R007): holmes killed."


# --- the whole log ----------------------------------------------------------------------------------

TRACE = re.compile(r"_|→|\bd6\b|2d6|Encounter type|Escape:|\bRead [acmr]\d{3}|\b[acmr]\d{3}\b|\(holmes"
                   r"|\broughs strikes\b|\(you\)'s")


@pytest.mark.parametrize("seed", range(12))
def test_no_sentence_of_a_campaign_reads_like_a_rules_trace(seed):
    """Random campaigns: no fate ids, arrows, dice notation or bare paragraph ids in the
    story; every sentence is a sentence (a capital first, an end mark or a closing
    quote); the dice and the rules are in the details."""
    rng, state = random.Random(seed), rules.new(seed)
    for _ in range(600):
        options = rules.legal_actions(state)
        if not options:
            break
        state = rules.play(state, rng.choice(options))
    for entry in narration.entries(state.events):
        assert not TRACE.search(entry.text), entry.text
        assert entry.text[0].isupper() or entry.text[0] in "“—", entry.text
        assert entry.text[-1] in ".!?”—", entry.text
    assert any(entry.detail for entry in narration.entries(state.events))


def test_a_d6_on_a_line_is_told_by_the_paragraph_it_leads_to():
    """The line roll has no sentence of its own: its die is the detail of the paragraph."""
    title = BOOK["m462"].title
    [entry] = narration.entries((ev.LineRolled("clue", 3, "m462"), ev.ParagraphRead("m462", title)))
    assert entry.text == f"“{title}”" and entry.kind == "ParagraphRead"
    assert entry.detail == "Clue line: d6 3 → m462 (R006). Paragraph m462."


def test_the_state_log_is_told_with_what_came_before():
    """The last lines of the log read the story so far, as the log of all events does."""
    state = situation()
    state = happen(state, {"fight": {"opponents": [{"name": ROUGHS, "brawn": 8}], "won": [], "escaped": []}})
    log = narration.log(rules.view(state))
    assert log == narration.sentences(state.events) and narration.log(rules.view(state), last=3) == log[-3:]


# --- how a case and the campaign end ---------------------------------------------------------------


def test_a_case_lost_to_time_says_why_then_what_it_cost(dice):
    state = lose(situation(sm=3, luck=4))
    assert narration.case_closed(state.events) == (
        "Twelve turns pass and the Villain is still at large.", "It costs the 3 SM gathered and 2 Luck: Luck is now 2.")
    assert narration.log(rules.view(state), last=1) == ("The case is lost, and with it the 3 SM gathered and 2 Luck (Luck now 2).",)


def test_holmes_carried_home_from_a_fight_names_who_hurt_him(dice):
    """Holmes (5 + 1 + 1 = 7) against the roughs (8 + 6 + 1 = 15): a difference of 8, Seriously
    Wounded: the fight is lost, he is carried home, and the case with it."""
    dice.queue(1)
    dice.draw(6)
    state = happen(situation(sm=1, away=("Watson",)),
                   {"fight": {"opponents": [{"name": ROUGHS, "brawn": 8}], "won": [], "escaped": []}})
    assert campaign.case_result(state) == "lost"
    lost = state.events.index(ev.FightLost("Holmes", ROUGHS, "seriously wounded"))
    assert isinstance(state.events[lost + 1], ev.HolmesCarriedHome)
    cause, cost = narration.case_closed(state.events)
    assert cause == "Holmes is seriously wounded by the Baron's hired roughs and carried home to Baker Street."
    assert cost == "It costs the 1 SM gathered and 0 Luck: Luck is now 0."


def test_holmes_dead_by_the_death_roll_is_told_cause_first(dice):
    """R007's death roll (1-2: Holmes): the ending says the case was lost with nothing left
    and the dice went against him, then his record; no Watson paragraph, no fate id."""
    dice.draw(1)
    state = run(replace(situation(turn=12), sm=0, luck=0, pending=None, stack=(EndTurn(),)))
    assert rules.outcome(state).result == "dead"
    cause, cost = narration.case_closed(state.events)
    assert cause.endswith("is lost with no SM and no Luck left, and the dice go against Holmes: he is dead.")
    assert cost == "The campaign ends here."
    over = rules.outcome(state)
    assert narration.ending(state.events, over.result, over.solved, over.lost, over.luck).startswith(cause[:-1])


def test_a_whole_campaign_ends_with_a_sentence_that_says_how():
    for seed in range(30):
        rng, state = random.Random(seed), rules.new(seed)
        while rules.outcome(state) is None:
            state = rules.play(state, rng.choice(rules.legal_actions(state)))
        over = rules.outcome(state)
        text = narration.ending(state.events, over.result, over.solved, over.lost, over.luck)
        if over.result == "retired":
            assert text.startswith(f"Holmes retires to keep bees after {over.solved + over.lost} case")
        else:
            assert "Holmes" in text and ("dead" in text or "killed" in text) and "case" in text
        assert "_" not in text


def test_a_solved_case_says_how_it_was_closed(dice):
    """R005b 1: outwitted by deduction, and the Luck it brought."""
    from .situations import villain_known

    dice.queue(4, 3, 1, 1, 1)  # encounter 7, the Villain cornered; the deduction roll 2
    state = rules.play(situation(sm=3, **villain_known("c212", motive=1)), Choose("rest"))
    state = rules.play(state, Choose("deduction"))
    cause, brought = narration.case_closed(state.events)
    assert cause == "Holmes outwits the Villain by deduction."  # no VillainRevealed in this situation
    assert brought == "It brings Luck +1 for the way it ended and +3 for the SM left: Luck is now 4."
