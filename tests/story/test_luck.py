"""R003's "a roll that does not go your way" (``luck.goes_against``), checked against what
the roll then does once kept: the verdict on the dice tray, the row read, the exchange
fought. The table asks about Luck, by default, only after such a roll."""

from __future__ import annotations

import random
from collections import Counter

from sherlockkit.games.story import agenda, combat, rules
from sherlockkit.games.story.events import Exchange, RollMade
from sherlockkit.games.story.state import Choose

from .situations import QUIET, happen, play, situation

#: The rows of each action's table that cost the party something or give nothing, written
#: out here from the rulebook's tables (R007a-e), not read from the engine's.
AGAINST_ROWS = {
    "attempt_arrest": {"2-3", "4", "5", "6-7", "8"},
    "explore": {"5", "6-7"},
    "investigate": {"2-3", "6"},
    "seek_information": {"2", "4", "5-6"},
    "research": {"3", "4", "5-7"},
}
#: The verdicts of a test (and of an Ally's d6) that went against the player.
FAILED = {"failure", "failed", "caught", "leaves"}
#: Rolls that pick which, not how well: never against.
NEUTRAL = (agenda.EncounterRoll, agenda.EncounterTypeRoll, agenda.LineRoll, agenda.MotiveRoll, agenda.VillainRoll)


def luck_offers(seeds, moves=400):
    """Every Luck offer met in random campaigns: (state, the roll waiting) pairs."""
    for seed in seeds:
        rng, state = random.Random(seed), rules.new(seed)
        for _ in range(moves):
            if rules.outcome(state) is not None:
                break
            if state.pending.kind == "luck":
                yield state, state.stack[-1].roll
            state = rules.play(state, rng.choice(rules.legal_actions(state)))


def kept(state):
    """The events of keeping the roll waiting in ``state``."""
    after = rules.play(state, Choose("keep"))
    return after.events[len(state.events):]


def test_a_failed_test_goes_against_you_and_a_passed_one_does_not():
    seen = Counter()
    for state, roll in luck_offers(range(40)):
        made = next(e for e in kept(state) if isinstance(e, RollMade))
        if isinstance(roll, NEUTRAL):
            assert not state.pending.against, roll
            seen["neutral"] += 1
        elif isinstance(roll, agenda.ActionRoll):
            row = made.verdict.removeprefix("row ")
            assert state.pending.against == (row in AGAINST_ROWS[roll.action]), (roll, made)
            seen["action", state.pending.against] += 1
        elif isinstance(roll, agenda.StrikeRoll):
            seen["strike"] += 1
        elif made.verdict in FAILED | {"success", "healed", "escaped", "stays"}:
            assert state.pending.against == (made.verdict in FAILED), (roll, made)
            seen["test", state.pending.against] += 1
    # the random campaigns met every case at least once
    assert {("action", True), ("action", False), ("test", True), ("test", False), "neutral"} <= set(seen), seen


def test_a_strike_goes_against_you_when_the_exchange_is_likelier_lost_than_won():
    """The other side's die is drawn only once the roll is kept: the judge reads the six
    faces it may show, here counted from the exchange fought and the foe's strike base."""
    met = Counter()
    for state, roll in luck_offers(range(300)):
        if not isinstance(roll, agenda.StrikeRoll):
            continue
        exchange = next((e for e in kept(state) if isinstance(e, Exchange)), None)
        if exchange is None:
            assert not state.pending.against
            continue
        fight = state.fight
        foe = next(o for o in fight.opponents if o.name == roll.theirs)
        base = combat.strike(foe, fight.stunned, 0)
        ours = exchange.our_strike
        theirs = [base + face for face in range(1, 7)]
        lost, won = sum(t > ours for t in theirs), sum(t < ours for t in theirs)
        assert state.pending.against == (lost > won), (roll, exchange)
        met[state.pending.against] += 1
    assert met[True] and met[False], met


def test_the_offer_says_when_a_roll_goes_against_you(dice):
    """The prompt tells the player why the table asks (a Brains 9 roll of 6 + 6 fails)."""
    dice.queue(6, 6)
    state = happen(situation(luck=2), {"roll": {"quality": "Brains"}, "success": [], "failure": []})
    assert state.pending.against and "goes against you" in state.pending.prompt
    dice.queue(*QUIET)
    play(state, "keep", "keep")


def test_a_passed_roll_does_not_go_against_you(dice):
    dice.queue(2, 2)
    state = happen(situation(luck=2), {"roll": {"quality": "Brains"}, "success": [], "failure": []})
    assert state.pending.kind == "luck" and not state.pending.against
    assert "goes against you" not in state.pending.prompt
    dice.queue(*QUIET)
    play(state, "keep", "keep")
