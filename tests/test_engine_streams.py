"""engine.shuffled and engine.die draw exactly what ``random.Random.shuffle`` and
``randint`` draw (issue 15: the same games, made faster), and leave the stream where they
would."""

from __future__ import annotations

import random

import pytest

from sherlockkit import engine


@pytest.mark.parametrize("size", [0, 1, 2, 3, 5, 8, 9, 17, 27, 36])
def test_shuffled_is_the_order_shuffle_leaves_and_draws_the_same(size):
    for seed in range(60):
        mine, theirs = random.Random(seed), random.Random(seed)
        cards = [f"card {i}" for i in range(size)]
        expected = list(cards)
        theirs.shuffle(expected)
        assert engine.shuffled(mine, cards) == expected
        assert cards == [f"card {i}" for i in range(size)]  # the items given are not moved
        assert mine.getstate() == theirs.getstate()


def test_shuffled_takes_any_iterable_and_gives_a_new_list():
    stream = engine.chance(7, 3, "pile 1")
    pile = ("a", "b", "c", "d")
    out = engine.shuffled(stream, pile)
    assert type(out) is list and sorted(out) == list(pile)


@pytest.mark.parametrize("sides", [1, 2, 3, 4, 6, 8, 12, 20, 100])
def test_die_is_randint_from_one_and_draws_the_same(sides):
    for seed in range(200):
        mine, theirs = engine.chance(seed, 1, "die 0"), engine.chance(seed, 1, "die 0")
        assert [engine.die(mine, sides) for _ in range(4)] == [theirs.randint(1, sides) for _ in range(4)]
        assert mine.getstate() == theirs.getstate()


def test_a_six_sided_die_shows_every_face():
    faces = {engine.die(engine.chance(seed, 0, "die 0")) for seed in range(200)}
    assert faces == {1, 2, 3, 4, 5, 6}
