"""Events, not sentences: every move records typed events, and the log is written from
them by narration.py alone."""

import dataclasses
import random

import pytest

from sherlockkit.games.story import events as ev, narration, rules

from .situations import QUIET, happen, play, situation, villain_known


def campaign(seed: int, moves: int = 400):
    """The states of a campaign played by random choices."""
    rng = random.Random(seed)
    state = rules.new(seed)
    states = [state]
    for _ in range(moves):
        options = rules.legal_actions(state)
        if not options:
            break
        state = rules.play(state, rng.choice(options))
        states.append(state)
    return states


@pytest.mark.parametrize("seed", range(3))
def test_the_log_is_the_narration_of_the_events_the_view_shows(seed):
    """The log is the sentences narration writes for the view's events, move after move;
    asked for its last lines, the same lines."""
    for state in campaign(seed)[::7]:
        seen = rules.view(state)
        log = narration.log(seen)
        assert log == narration.sentences(state.events) and len(log) <= len(state.events)
        for last in (0, 1, 5, len(log) + 3):
            assert narration.log(seen, last=last) == (log[-last:] if last else ())


def test_every_kind_of_event_is_a_frozen_dataclass_with_its_sentence():
    """One sentence per kind of event, in one place."""
    kinds = [k for k in vars(ev).values() if isinstance(k, type) and issubclass(k, ev.Event) and k is not ev.Event]
    assert len(kinds) > 40
    for kind in kinds:
        assert dataclasses.is_dataclass(kind) and kind.__dataclass_params__.frozen, kind
        assert kind in narration.SENTENCES, f"{kind.__name__} has no sentence"


def test_the_view_shows_every_event():
    """Nothing is hidden in a solo game: the view carries every event."""
    state = campaign(3, moves=30)[-1]
    view = rules.view(state)
    assert view.events == state.events and narration.log(view)


def test_a_roll_is_recorded_once_final(dice):
    """A roll made: its label, dice, total and verdict (kept, or re-rolled for 1 Luck)."""
    dice.queue(3, 3)  # Explore 6, offered for Luck
    state = play(situation(luck=1), "explore")
    assert not [e for e in state.events[-3:] if isinstance(e, ev.RollMade)]
    dice.queue(5, 6, 5, *QUIET)  # re-rolled: 11, a Clue event; a001 clue face 5: m464
    state = play(state, "reroll")
    made = [e for e in state.events if isinstance(e, ev.RollMade)]
    assert made[0] == ev.RollMade("Explore (2d6+0)", (5, 6), 11, "row 11", rerolled=True)
    assert ev.LuckChanged(1, 0, -1, "reroll") in state.events
    assert ev.ActionChosen("explore") in state.events


def test_revealing_the_villain_is_an_event_with_the_sm_it_changed(dice):
    """R005a as events: the Villain revealed with the SM before and after its modifier."""
    dice.queue(1, 1, 3, *QUIET)  # Explore 2: a Villain event; a003 face 3: Windibank (SM +1)
    state = play(situation(adventure="a003", sm=1), "explore")
    assert ev.VillainRevealed("c212", "James Windibank", 1, 1, 2) in state.events
    assert ev.SMChanged(1, 2, 1, "villain") in state.events


def test_a_solved_case_is_an_event_with_its_luck(dice):
    """R005b 1 and R010 as events: the deduction, then the case solved with its reward."""
    dice.queue(4, 3, 1, 1, 1)  # encounter 7, the Villain cornered; the deduction roll 2
    state = play(situation(sm=3, **villain_known("c212", motive=1)), "rest", "deduction")
    assert ev.VillainWayChosen("deduction") in state.events
    assert ev.DeductionMade(12, 9, True) in state.events
    assert ev.CaseEnded("a001", "solved", 1, 3, 0, 4) in state.events


def test_a_paragraph_read_and_its_sm(dice):
    """Reading a paragraph and the SM it gives are events (and their sentences)."""
    dice.queue(*QUIET)
    state = happen(situation(), {"sm": 1}, pid="m462")
    assert ev.SMChanged(0, 1, 1, "paragraph") in state.events
    assert narration.sentence(ev.SMChanged(0, 1, 1, "paragraph")) == "Holmes is a step nearer the truth (SM +1, now 1)."
    assert narration.detail(ev.SMChanged(0, 1, 1, "paragraph")) == "Solve Modifier 0 → 1 (never below 0)."


def test_every_kind_of_event_that_rolls_dice_has_its_detail():
    """The dice and the rule stay one click away: every event made by a roll tells them."""
    rolled = (ev.ActionRolled("explore", 7, 1, "8"), ev.EncounterRolled(7, 7, True),
              ev.EncounterTypeRolled(4, 1, "villain"), ev.LineRolled("clue", 3, "m462"),
              ev.TableRolled("witness", 5, "5-6"), ev.RollTested("Aware roll (8+)", 9, True),
              ev.Healing("Watson", "Holmes", "Wound", 6, 2, 8, True), ev.DeductionMade(9, 8, True),
              ev.EscapeTried(11, 0, 7, False), ev.AllyStays("Wiggins", 4), ev.DeathRoll("watson_killed"))
    for event in rolled:
        assert narration.detail(event), type(event).__name__
    assert narration.detail(ev.EncounterTypeRolled(4, 1, "villain")) == "Encounter type: d6 4 −1 → villain (R008)."
    assert narration.detail(ev.EscapeTried(11, 0, 7, False)) == "Escape: 2d6 11 = 11, needs 7 or less (R009a)."


def test_the_end_of_a_campaign_is_an_event():
    """Retired or dead, the last event says how the campaign ended, as ``outcome`` does."""
    state = campaign(5, moves=2000)[-1]
    assert isinstance(state.events[-1], ev.CampaignEnded)
    assert rules.outcome(state).result == state.events[-1].fate
