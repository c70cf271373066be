"""Bots slap only on proof (easy and medium bots sometimes guess), turn up their alibis
in turn, and the quickest hand moves first."""

import random

import pytest

from sherlockkit import engine
from sherlockkit.games.express import bots, rules
from sherlockkit.games.express.state import DECK, Reveal, Slap

from .table import reveal_all, table


def test_a_bot_slaps_the_proven_culprit():
    state = reveal_all(table([["tiger", "koala"], ["panda"], ["moustache"]]), 3)
    bot = bots.Bot(1, bots.LEVELS["hard"], random.Random(0))
    assert bot.choose(rules.view(state, 1)) == Slap(1, 5)


def test_a_bot_slaps_the_deck_for_moriarty():
    state = reveal_all(table([["tiger", "koala"], ["panda"]]), 3)
    bot = bots.Bot(0, bots.LEVELS["expert"], random.Random(0))
    assert bot.choose(rules.view(state, 0)) == Slap(0, DECK)


def test_a_bot_whose_turn_it_is_slaps_rather_than_turn_up_when_it_sees_the_culprit():
    state = reveal_all(table([["tiger", "koala"], ["panda"], ["moustache"]]), 3)
    assert state.turn == 0
    bot = bots.Bot(0, bots.LEVELS["easy"], random.Random(0))
    assert bot.choose(rules.view(state, 0)) == Slap(0, 5)


def test_an_expert_never_slaps_without_proof():
    state = reveal_all(table([["tiger"], ["panda"]]), 2)  # two suspects left, no alibi left
    bot = bots.Bot(0, bots.LEVELS["expert"], random.Random(0))
    assert all(bot.choose(rules.view(state, 0)) is None for _ in range(500))


def _guesses(level, looks=400):
    state = reveal_all(table([["tiger"], ["panda"]]), 2)
    bot = bots.Bot(0, bots.LEVELS[level], random.Random(0))
    return [g for g in (bot.choose(rules.view(state, 0)) for _ in range(looks)) if g is not None]


def test_an_easy_bot_sometimes_guesses_between_the_last_two():
    made = _guesses("easy")
    assert 40 < len(made) < 200  # about a quarter of the looks
    assert {g.slot for g in made} == {4, 5}


def test_only_easy_and_medium_bots_guess_and_medium_less_often():
    """What the module's docstring and the rules-decisions page say: easy bots guess
    often, medium bots a little, hard and expert bots never."""
    guessing = {name for name, level in bots.LEVELS.items() if level.guess_chance > 0}
    assert guessing == {"easy", "medium"}
    assert bots.LEVELS["easy"].guess_chance > bots.LEVELS["medium"].guess_chance
    made = _guesses("medium", looks=1000)
    assert 30 < len(made) < 160  # about 8% of the looks
    assert not _guesses("hard") and not _guesses("expert")
    doc = bots.__doc__.replace("\n", " ")
    assert "*easy* and *medium* bots sometimes guess" in doc
    assert "*Hard* and *expert* bots never slap without a proof" in doc


def test_a_bot_that_is_out_keeps_its_hands_still():
    state = reveal_all(table([["tiger", "koala"], ["panda"], ["moustache"]]), 2)
    state = rules.play(state, Slap(1, 0))
    state = reveal_all(state, 1)
    bot = bots.Bot(1, bots.LEVELS["expert"], random.Random(0))
    assert bot.choose(rules.view(state, 1)) is None


def test_a_bot_that_is_out_still_turns_up_its_alibi_in_turn():
    state = reveal_all(table([["tiger", "moustache"], ["panda", "garden"]]), 1)
    state = rules.play(state, Slap(1, 0))
    assert bots.Bot(1, bots.LEVELS["expert"], random.Random(0)).choose(rules.view(state, 1)) == Reveal(1)


def test_the_quickest_bot_moves_first():
    state = reveal_all(table([["tiger", "koala"], ["panda"], ["moustache"]]), 3)
    slow = bots.Level("slow", (5.0, 5.0), 0.0, 9.0)
    quick = bots.Level("quick", (0.5, 0.5), 0.0, 9.0)
    seats = {0: bots.Bot(0, slow, random.Random(0)), 2: bots.Bot(2, quick, random.Random(0))}
    proposals = {seat: bot.choose(rules.view(state, seat)) for seat, bot in seats.items()}
    assert proposals == {0: Slap(0, 5), 2: Slap(2, 5)}
    assert bots.quickest(seats)(proposals) == Slap(2, 5)


def test_a_bot_turns_up_its_alibi_when_nobody_can_slap_after_its_pause():
    state = table([["tiger"], ["panda"]])
    seats = bots.make_bots({0: "medium", 1: "medium"}, 1)
    assert seats[0].choose(rules.view(state, 0)) == Reveal(0)
    assert seats[1].choose(rules.view(state, 1)) is None
    assert bots.thinking_time(seats[0], Reveal(0)) == bots.LEVELS["medium"].pause


def test_a_slap_takes_a_reaction_time_of_the_bots_level():
    bot = bots.make_bots({0: "hard"}, 1)[0]
    low, high = bots.LEVELS["hard"].reaction
    times = [bots.thinking_time(bot, Slap(0, 1)) for _ in range(200)]
    assert all(low <= t <= high for t in times) and len(set(times)) > 100  # drawn anew each look


def test_no_bot_acts_on_a_humans_turn_without_proof():
    state = table([["tiger"], ["panda"]])
    assert bots.make_bots({1: "expert"}, 1)[1].choose(rules.view(state, 1)) is None


def test_unknown_level_is_refused():
    with pytest.raises(ValueError, match="Unknown bot level 'godlike'"):
        bots.make_bots({0: "godlike"}, 1)


def test_play_out_is_the_engines_loop_with_the_quickest_hand_first():
    seats = bots.make_bots({0: "easy", 1: "expert", 2: "medium"}, 5)
    final, moves = bots.play_out(rules.new(5, players=3), seats)
    again = bots.make_bots({0: "easy", 1: "expert", 2: "medium"}, 5)
    assert engine.play_out(rules, rules.new(5, players=3), again, pick=bots.quickest(again)) == (final, moves)
    assert rules.outcome(final) is not None


def test_play_out_can_stop_after_some_rounds():
    seats = bots.make_bots({p: "expert" for p in range(3)}, 2)
    final, moves = bots.play_out(rules.new(2, players=3), seats, rounds=2)
    assert final.round == 3 and not final.finished
    assert isinstance(moves[-1], Slap)


def test_play_out_needs_a_bot_in_every_seat():
    with pytest.raises(ValueError, match="Every seat needs a bot"):
        bots.play_out(rules.new(1, players=3), bots.make_bots({0: "easy", 1: "easy"}, 1))


def test_faster_levels_win_more_games():
    """Over 60 games, an expert against an easy bot wins most (a level means something)."""
    expert_wins = 0
    for seed in range(60):
        seats = bots.make_bots({0: "easy", 1: "expert"}, seed)
        final, _ = bots.play_out(rules.new(seed, players=2), seats)
        expert_wins += rules.outcome(final).winners == (1,)
    assert expert_wins > 50
