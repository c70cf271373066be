"""Bots slap only on proof (an easy bot sometimes guesses) and race by reaction time."""

import random

import pytest

from sherlockkit.games.express import bots, rules
from sherlockkit.games.express.rules import DECK, Reveal, Slap

from .table import reveal_all, table


def test_a_bot_slaps_the_proven_culprit():
    state = reveal_all(table([["tiger", "koala"], ["panda"], ["moustache"]]), 3)
    bot = bots.Bot(1, bots.LEVELS["hard"], random.Random(0))
    assert bot.intent(rules.view(state, 1)) == Slap(1, 5)


def test_a_bot_slaps_the_deck_for_moriarty():
    state = reveal_all(table([["tiger", "koala"], ["panda"]]), 3)
    bot = bots.Bot(0, bots.LEVELS["expert"], random.Random(0))
    assert bot.intent(rules.view(state, 0)) == Slap(0, DECK)


def test_an_expert_never_slaps_without_proof():
    state = reveal_all(table([["tiger"], ["panda"]]), 2)  # two suspects left
    bot = bots.Bot(0, bots.LEVELS["expert"], random.Random(0))
    assert all(bot.intent(rules.view(state, 0)) is None for _ in range(500))


def test_an_easy_bot_sometimes_guesses_between_the_last_two():
    state = reveal_all(table([["tiger"], ["panda"]]), 2)
    bot = bots.Bot(0, bots.LEVELS["easy"], random.Random(0))
    guesses = [bot.intent(rules.view(state, 0)) for _ in range(400)]
    made = [g for g in guesses if g is not None]
    assert 40 < len(made) < 200  # about a quarter of the looks
    assert {g.slot for g in made} == {4, 5}


def test_a_bot_that_is_out_keeps_its_hands_still():
    state = reveal_all(table([["tiger", "koala"], ["panda"], ["moustache"]]), 2)
    state = rules.play(state, Slap(1, 0))
    state = reveal_all(state, 1)
    bot = bots.Bot(1, bots.LEVELS["expert"], random.Random(0))
    assert bot.intent(rules.view(state, 1)) is None


def test_the_quickest_bot_wins_the_race():
    state = reveal_all(table([["tiger", "koala"], ["panda"], ["moustache"]]), 3)
    slow = bots.Level("slow", (5.0, 5.0), 0.0, 9.0)
    quick = bots.Level("quick", (0.5, 0.5), 0.0, 9.0)
    seats = {0: bots.Bot(0, slow, random.Random(0)), 2: bots.Bot(2, quick, random.Random(0))}
    assert bots.race(state, seats) == (0.5, Slap(2, 5))


def test_a_bot_turns_up_its_alibi_when_nobody_can_slap():
    state = table([["tiger"], ["panda"]])
    seats = bots.make_bots({0: "medium", 1: "medium"}, 1)
    delay, action = bots.race(state, seats)
    assert action == Reveal(0) and delay == bots.LEVELS["medium"].pause


def test_no_bot_acts_on_a_humans_turn_without_proof():
    state = table([["tiger"], ["panda"]])
    assert bots.race(state, bots.make_bots({1: "expert"}, 1)) is None


def test_unknown_level_is_refused():
    with pytest.raises(ValueError, match="Unknown bot level 'godlike'"):
        bots.make_bots({0: "godlike"}, 1)


def test_faster_levels_win_more_games():
    """Over 60 games, an expert against an easy bot wins most (a level means something)."""
    expert_wins = 0
    for seed in range(60):
        seats = bots.make_bots({0: "easy", 1: "expert"}, seed)
        final, _ = bots.play_out(rules.new(seed, players=2), seats)
        expert_wins += rules.outcome(final).winners == (1,)
    assert expert_wins > 50
