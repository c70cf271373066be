"""The Story's bots: every level plays whole campaigns, choosing only options offered,
from its view alone, the way its level says."""

from collections import Counter
from dataclasses import replace

import pytest

from sherlockkit import engine
from sherlockkit.games.story import bots, case_odds, rules
from sherlockkit.games.story.state import Choose, Decision

SEEDS = range(6)


def campaign(level: str, seed: int):
    """A campaign played by the bot of ``level``, checking every choice against the
    options offered: the views it was shown, with what it chose, and the final state."""
    bot = bots.make_bots({0: level}, seed)[0]
    state, seen = rules.new(seed), []
    while rules.outcome(state) is None:
        view = rules.view(state, 0)
        choice = bot.choose(view)
        assert choice in rules.legal_actions(state), (level, view.decision, choice)
        seen.append((view, choice))
        state = rules.play(state, choice)
    assert bot.choose(rules.view(state, 0)) is None
    return seen, state


@pytest.fixture(scope="module")
def played():
    """:func:`campaign`, each ``(level, seed)`` played once for the whole module."""
    games = {}

    def play(level: str, seed: int):
        if (level, seed) not in games:
            games[level, seed] = campaign(level, seed)
        return games[level, seed]
    return play


@pytest.mark.parametrize("level", list(bots.LEVELS))
def test_every_level_plays_whole_campaigns_with_offered_options_only(level, played):
    for seed in SEEDS:
        seen, state = played(level, seed)
        assert rules.outcome(state).result in ("retired", "dead")
        # a detective that is still alive retires after its cases (the random one when the die says so)
        assert state.fate == "dead" or len(state.cases) == bots.CASES or level == "random"


@pytest.mark.parametrize("level", list(bots.LEVELS))
def test_every_level_plays_to_the_end_through_the_engines_play_out(level, played):
    for seed in SEEDS[:2]:
        state, moves = engine.play_out(rules, rules.new(seed), bots.make_bots({0: level}, seed))
        assert rules.outcome(state) is not None and moves
        seen, final = played(level, seed)
        assert state == final and moves == [choice for _, choice in seen], "the same campaign, move for move"


def test_the_bots_follow_the_engine_contract():
    made = bots.make_bots({0: "simple detective"}, 7)
    assert set(made) == {0} and made[0].seat == 0
    assert list(bots.LEVELS)[0] == "simple detective"
    with pytest.raises(ValueError, match="Unknown bot level 'sherlock'; the levels are simple detective"):
        bots.make_bots({0: "sherlock"}, 7)


def test_a_random_detective_replays_the_same_campaign_from_the_same_seed(played):
    first = [choice for _, choice in played("random", 11)[0]]
    again = [choice for _, choice in campaign("random", 11)[0]]
    assert first == again


def _actions(played, level):
    """Every turn's action the bot of ``level`` chose, with the sheet it chose from."""
    for seed in SEEDS:
        for view, choice in played(level, seed)[0]:
            if view.decision.kind == "action":
                yield view, choice.option.partition(":")[0], {o.partition(":")[0] for o in view.decision.ids}


def test_arrest_when_allowed_attempts_the_arrest_as_soon_as_it_is_open(played):
    chosen = Counter()
    for view, action, offered in _actions(played, "arrest when allowed"):
        chosen[action] += 1
        if "attempt_arrest" in offered:
            assert action == "attempt_arrest"
        elif "research" in offered:
            assert action == "research"
        elif "investigate" in offered:
            assert action == "investigate"
    assert chosen["attempt_arrest"] and chosen["explore"]


def test_arrest_when_ready_waits_for_two_sm_before_attempting(played):
    attempts = 0
    for view, action, offered in _actions(played, "arrest when SM >= 2"):
        ready = "attempt_arrest" in offered and view.sm >= 2
        assert (action == "attempt_arrest") == ready, (view.sm, offered)
        attempts += ready
    assert attempts


def test_always_investigate_never_researches_nor_arrests_and_always_wait_only_waits(played):
    assert not {a for _, a, _ in _actions(played, "always investigate")} & {"research", "attempt_arrest"}
    assert {a for _, a, _ in _actions(played, "always wait")} == {"wait"}


def test_the_simple_detective_seeks_information_through_a_trait_that_adds_one(played):
    seeking = 0
    for seed in SEEDS:
        for view, choice in played("simple detective", seed)[0]:
            if choice.option.partition(":")[0] == "seek_information":
                channels = [o for o in view.decision.ids if o.startswith("seek_information:")]
                assert choice.option == (channels[-1] if channels else "seek_information")
                seeking += 1
    assert seeking


def test_fights_the_simple_detective_fights_on_the_model_levels_escape(played):
    for level, answer in (("simple detective", "fight_on"), ("arrest when allowed", "escape")):
        answers = {c.option for seed in range(20) for v, c in played(level, seed)[0] if v.decision.kind == "combat"}
        assert answers == {answer}


def test_every_bot_keeps_its_rolls_and_faces_the_villain_with_deduction(played):
    for level in ("simple detective", "always investigate"):
        for seed in SEEDS:
            for view, choice in played(level, seed)[0]:
                if view.decision.kind == "luck":
                    assert choice == Choose("keep")
                if view.decision.kind == "villain":
                    assert choice == Choose("deduction")


def test_after_a_case_the_next_adventure_in_order_then_retirement():
    offered = (("quality:Holmes:Brains", "Brains"), ("next:a001", "A"), ("next:a002", "B"), ("next:a003", "C"),
               ("retire", "Retire"))
    decision = Decision("after_case", "The case is closed.", offered)
    sheet = rules.view(rules.new(0, first_case="a001"), 0)

    def after(*cases):
        view = replace(sheet, decision=decision, cases=cases)
        return bots.next_case(view, bots.CASES, rules.legal_moves(view))

    assert after(("a001", "solved")) == "next:a002"
    assert after(("a001", "solved"), ("a003", "lost")) == "next:a001"
    assert after(("a002", "lost"), ("a001", "solved"), ("a002", "solved")) == "retire"


def test_the_policy_bots_choose_what_the_case_models_policy_chooses(played):
    """The bots do not restate the policies: the action is the model's policy of that
    name, given the actions offered and the sheet."""
    for name, policy in case_odds.POLICIES.items():
        for view, action, _ in _actions(played, name):
            actions = tuple(dict.fromkeys(o.partition(":")[0] for o in view.decision.ids))
            assert action == policy(bots.situation(view), actions)
