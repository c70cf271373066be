"""How Express shuffles the piles between rounds (``rounds.py``): one stream a round since
save version 3, one stream a pile in games saved before (their saves: ``tests/test_older_saves.py``)."""

from __future__ import annotations

from collections import Counter

import pytest

from sherlockkit import engine
from sherlockkit.games.express import rounds, rules
from tests.random_play import random_game


def _mid_round_states(way: str):
    """States of a random game played with ``way``, with alibis face up to shuffle back in."""
    states, _ = random_game(rules, 3, shuffles=way)
    found = [s for s in states if not s.finished and any(s.revealed)]
    assert len(found) > 10
    return found


def test_every_pile_is_shuffled_seat_by_seat_from_the_rounds_one_stream():
    for state in _mid_round_states("round")[::5]:
        stream = engine.chance(state.seed, state.step, "piles")
        expected = []
        for pile, face_up in zip(state.piles, state.revealed):
            cards = list(pile + face_up)
            stream.shuffle(cards)  # the library's own shuffle, read from the same stream
            expected.append(tuple(cards))
        assert rounds.shuffled_piles(state) == expected


def test_in_a_game_saved_before_each_pile_is_shuffled_from_its_own_stream():
    for state in _mid_round_states("pile")[::5]:
        expected = []
        for p, (pile, face_up) in enumerate(zip(state.piles, state.revealed)):
            cards = list(pile + face_up)
            engine.chance(state.seed, state.step, f"pile {p}").shuffle(cards)
            expected.append(tuple(cards))
        assert rounds.shuffled_piles(state) == expected


@pytest.mark.parametrize("way", rounds.WAYS)
def test_each_player_gets_back_exactly_their_own_alibis(way):
    for state in _mid_round_states(way):
        for pile, face_up, shuffled in zip(state.piles, state.revealed, rounds.shuffled_piles(state)):
            assert Counter(shuffled) == Counter(pile + face_up)


def test_the_next_round_begins_with_the_piles_shuffled_so():
    states, _ = random_game(rules, 5)
    for before, after in zip(states, states[1:]):
        if after.round == before.round + 1 and not after.finished:
            shuffling = engine.evolve(before, step=after.step)  # the table as the round's last move left it
            assert after.piles == tuple(rounds.shuffled_piles(shuffling))
            return
    raise AssertionError("no round ended in this game")


@pytest.mark.parametrize("wrong", ["piles", "", None, 1, ["round"]])
def test_a_way_of_shuffling_that_is_neither_is_refused_with_a_sentence(wrong):
    with pytest.raises(ValueError, match="one stream a round"):
        rules.new(1, shuffles=wrong)


def test_games_of_both_ways_play_to_their_end():
    for way in rounds.WAYS:
        states, _ = random_game(rules, 8, shuffles=way)
        assert rules.outcome(states[-1]) is not None and {s.shuffles for s in states} == {way}
