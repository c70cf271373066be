"""Invariants of the Detective Story Game over random seeds and random play."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sherlockkit import engine
from sherlockkit.engine import IllegalAction
from sherlockkit.games.story import casebook, narration, rules
from sherlockkit.games.story.events import LuckChanged
from sherlockkit.games.story.state import Choose

BOOK = casebook.load()
MAX_MOVES_PER_CASE = 600  # a case is 12 turns; far more moves than this means it never ends
MAX_CASES = 4  # then Holmes retires


@dataclass
class Tally:
    cases: int = 0
    results: Counter = field(default_factory=Counter)
    read: set = field(default_factory=set)
    campaigns: int = 0


def check(state, before):
    """The invariants of every state reached."""
    assert state.sm >= 0, "SM below 0"
    assert state.luck >= 0, "Luck below 0"
    if state.phase == "case":
        assert 1 <= state.turn <= 12, f"turn {state.turn}"
        assert state.pending is not None and state.pending.kind != "over"
    if state.phase != "over":  # the moves offered are the decision's open options, in its order
        assert rules.legal_actions(state) == [Choose(option) for option in state.pending.ids]
    if before.phase == "case" and state.phase != "case":
        # a case has just ended: by the clock at turn 12, or by death or arrest before
        result = state.cases[-1][1]
        assert result in ("solved", "lost", "dead")
        assert result != "lost" or state.turn == 12 or "m403" in state.read[len(before.read):]
        assert state.phase in ("after_case", "over")
    if state.phase == "over":
        assert state.pending.kind == "over" and rules.legal_actions(state) == []


def campaign(seed: int, tally: Tally, replay: bool) -> None:
    """One campaign, every choice random among the legal ones (at most ``MAX_CASES`` cases)."""
    rng = random.Random(seed)
    state = rules.new(seed)
    actions, moves_in_case = [], 0
    while rules.outcome(state) is None:
        options = rules.legal_actions(state)
        assert options, "a running campaign always offers a choice"
        if state.pending.kind == "after_case" and len(state.cases) >= MAX_CASES:
            action = Choose("retire")
        else:
            action = rng.choice(options)
        before = state
        state = rules.play(state, action)
        actions.append(action)
        check(state, before)
        moves_in_case = moves_in_case + 1 if state.phase == "case" and before.phase == "case" else 0
        assert moves_in_case < MAX_MOVES_PER_CASE, f"seed {seed}: a case that never ends"
    tally.campaigns += 1
    tally.cases += len(state.cases)
    tally.results.update(result for _, result in state.cases)
    tally.read |= set(state.read)
    if replay:
        assert engine.replay(rules, seed, {}, actions) == state, f"seed {seed} does not replay"


def play_until(cases: int, first_seed: int = 0, replay_every: int = 1) -> Tally:
    tally, seed = Tally(), first_seed
    while tally.cases < cases:
        campaign(seed, tally, replay=seed % replay_every == 0)
        seed += 1
    return tally


@pytest.mark.slow
def test_a_thousand_random_cases_keep_every_invariant_and_reach_every_paragraph():
    """Over >= 1,000 random-policy cases (campaigns of up to four, spending SM at random
    and taking up any next adventure): R001/R003, SM and Luck never negative; R007, every
    case ends by turn 12 or by death or arrest; the campaigns replay exactly (every tenth
    checked); and every paragraph of the casebook is read or consulted by some case.

    Campaigns run from seed 0 on: the whole casebook is reached within 42 to 154 cases
    from any of thirty starting seeds tried (0, 1,000, ..., 29,000), so a thousand cases
    reach it with more than six times the room the slowest start needed."""
    tally = play_until(1_000, replay_every=10)
    assert tally.cases >= 1_000
    assert set(tally.results) <= {"solved", "lost", "dead"}
    assert tally.results["solved"] > 0 and tally.results["lost"] > 0 and tally.results["dead"] > 0
    unreached = set(BOOK) - tally.read
    assert unreached == set(), f"never reached in {tally.cases} cases: {sorted(unreached)}"
    assert tally.read <= set(BOOK)


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=2**40))
def test_the_same_seed_replays_the_same_campaign(seed):
    """engine.replay: (seed, options, moves) gives the same state, move for move."""
    rng = random.Random(seed)
    state, moves = rules.new(seed), []
    for _ in range(120):
        options = rules.legal_actions(state)
        if not options:
            break
        moves.append(rng.choice(options))
        state = rules.play(state, moves[-1])
    assert engine.replay(rules, seed, {}, moves) == state
    assert rules.new(seed) == rules.new(seed)


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=2**40))
def test_every_closed_action_is_refused_with_its_sentence_and_changes_nothing(seed):
    """R007: an action whose prerequisites are not met is refused with the reason, and the
    state is untouched."""
    rng = random.Random(seed)
    state = rules.new(seed)
    for _ in range(80):
        if state.pending is None or state.pending.kind == "over":
            break
        for option, sentence in state.pending.closed:
            with pytest.raises(IllegalAction) as refused:
                rules.play(state, Choose(option))
            assert str(refused.value) == sentence
        before = state
        with pytest.raises(IllegalAction):
            rules.play(state, Choose("dance"))
        assert state == before
        state = rules.play(state, rng.choice(rules.legal_actions(state)))


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=2**40))
def test_luck_is_spent_one_point_per_reroll_and_never_twice_on_a_roll(seed):
    """R003: a re-roll costs exactly 1 Luck, and the re-rolled roll is not offered again."""
    rng = random.Random(seed)
    state = rules.new(seed)
    for _ in range(150):
        options = rules.legal_actions(state)
        if not options:
            break
        if state.pending.kind == "luck":
            before = state
            state = rules.play(state, Choose("reroll"))
            rerolled = [r for r in state.rolls if r.rerolled]
            assert len(rerolled) == 1
            assert rerolled[0].label == before.rolls[-1].label
            spent = [e for e in state.events[len(before.events):] if isinstance(e, LuckChanged) and e.why == "reroll"]
            assert spent == [LuckChanged(before.luck, before.luck - 1, -1, "reroll")]
            continue
        state = rules.play(state, rng.choice(options))


def test_every_choice_in_a_case_is_told_in_the_log():
    """The log says what every click did (the app's only feedback besides the sheet):
    300 random cases, every choice made during a case adds at least one line."""
    silent = Counter()
    for seed in range(300):
        rng = random.Random(seed)
        state = rules.new(seed)
        for _ in range(MAX_MOVES_PER_CASE):
            if state.pending is None or state.phase != "case":
                break
            move = rng.choice(rules.legal_moves(rules.view(state)))
            after = rules.play(state, move)
            if not narration.entries(after.events, start=len(state.events)):  # the lines of its events
                silent[state.pending.kind, move.option] += 1
            state = after
    assert not silent, f"choices that leave no line in the log: {dict(silent)}"
