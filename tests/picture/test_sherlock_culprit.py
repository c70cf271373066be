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


@pytest.mark.parametrize("seed,players,variant", [(2, 3, None), (12, 3, "more suspects")])
def test_each_answer_speaks_of_what_its_answerer_had_held_then(seed, players, variant):
    """Every answer becomes a pseudo-seat from ANSWER_SEATS up (above every real seat)
    holding the envelopes it speaks of: for "have you confirmed X's alibi?", those its
    answerer had held when answering, not those held later; for "is X cleared?", those and
    more (what the yes to their own earlier questions about X needed: held to an
    independent count in ``test_culprit_history.py``)."""
    from sherlockkit.games.picture.cards import MAX_PLAYERS
    from sherlockkit.games.picture.culprit import ANSWER_SEATS
    from sherlockkit.games.picture.questions import CONFIRMED
    from sherlockkit.games.picture.events import Answered, Dealt, Passed, Took

    assert ANSWER_SEATS > MAX_PLAYERS
    rng = random.Random(seed)
    state = rules.new(seed, players=players, sherlock=True, variant=variant)
    while state.phase != OVER:
        state = rules.play(state, _pick(state, rng))
    checked = 0
    for p in range(players):
        view = rules.view(state, p)
        known = facts(view)
        held = {s: set() for s in range(players)}
        snapshots = []
        for e in view.events:
            if isinstance(e, Dealt):
                for guest, seat in e.holders:
                    held[seat].add(guest)
            elif isinstance(e, (Took, Passed)):
                held[e.player if isinstance(e, Took) else e.to].add(e.guest)
            elif isinstance(e, Answered) and e.player == p and e.answer is not None:
                snapshots.append((frozenset(held[e.target] & set(known["envelopes"])), e.guest, e.target, e.kind))
        keys = [seat for seat, _, _ in known["said"]]
        assert keys == list(range(ANSWER_SEATS, ANSWER_SEATS + len(snapshots)))
        assert [g for _, g, _ in known["said"]] == [g for _, g, _, _ in snapshots]
        for key, (then, _, _, kind) in zip(keys, snapshots):
            assert known["reads"][key] == then if kind == CONFIRMED else known["reads"][key] >= then
        checked += sum(then != known["reads"][target] for then, _, target, _ in snapshots)
    assert checked  # some answerer held more envelopes later than when answering
