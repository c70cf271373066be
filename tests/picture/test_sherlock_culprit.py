"""The culprit's odds from a view (issue 14): the view read as the odds helper's facts;
sound at every step of random Sherlock parties (the true culprit never has chance 0,
the chances sum to 1, a guest the sheet clears has chance 0)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from sherlockkit.games.picture import rules
from sherlockkit.games.picture.culprit import facts, odds_view
from sherlockkit.games.picture.state import OVER

from .test_sherlock_setup import _pick


@pytest.mark.parametrize("seed,players", [(1, 2), (2, 4), (3, 5)])
def test_odds_from_the_view_are_sound(seed, players):
    rng = random.Random(seed)
    state = rules.new(seed, players=players, sherlock=True)
    step = 0
    while state.phase != OVER:
        if step % 9 == 0:
            for p in range(players):
                view = rules.view(state, p)
                odds = odds_view(view, rational=False)
                assert sum(odds.values()) == 1 and all(isinstance(v, Fraction) for v in odds.values())
                assert odds[state.culprit] > 0
                assert all(odds.get(g, 0) == 0 for g in view.cleared)
                assert facts(rules.view(rules.shuffle_hidden(state, p, rng), p)) == facts(view)
        state = rules.play(state, _pick(state, rng))
        step += 1


def test_no_odds_outside_a_sherlock_party():
    with pytest.raises(ValueError, match="Sherlock"):
        facts(rules.view(rules.new(1, players=2), 0))
