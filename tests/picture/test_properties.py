"""Picture Perfect: properties over random games (the kind of move drawn first, as the
protocol suite does), for every table size, with and without notes."""

from __future__ import annotations

import random

import pytest

from sherlockkit import engine
from tests.random_play import random_game
from sherlockkit.games.picture import bots, photo, rules, wishes
from sherlockkit.games.picture.cards import POINTS, fits
from sherlockkit.games.picture.events import Read
from sherlockkit.games.picture.guests import NAMES
from sherlockkit.games.picture.state import OVER, Place, held, mat_of
from tests.picture.table import all_ready, assert_accounted, rig

CASES = [(seed, players, seed % 2 == 1) for seed, players in enumerate(range(2, 7))] + [(9, 3, True), (10, 2, False)]


@pytest.fixture(scope="module")
def games():
    return {case: random_game(rules, case[0], players=case[1], notes=case[2]) for case in CASES}


def test_every_envelope_in_exactly_one_place_at_every_step(games):
    for states, _ in games.values():
        for state in states:
            assert_accounted(state)
            places = [held(state, p) for p in range(state.players)] + [held(state, None)]
            assert sorted(g for place in places for g in place) == sorted(NAMES)


def test_replay_is_exact(games):
    for (seed, players, notes), (states, moves) in games.items():
        assert engine.replay(rules, seed, {"players": players, "notes": notes}, moves) == states[-1]


def recomputed(state, p: int) -> int:
    """A player's score worked out again straight from the photo model and the wishes."""
    mat = mat_of(state, p)
    shot = photo.take(mat, photo.camera_at(*state.cameras[p]))
    total = 0
    for e in state.envelopes:
        if e.guest in mat and shot.shots[e.guest].in_frame:
            met = sum(wishes.met(c, e.guest, mat, shot) for c in e.cards)
            total += POINTS[met] * (2 if e.vip else 1)
    return total


def test_the_score_recomputed_from_the_photo_equals_the_outcome(games):
    for states, _ in games.values():
        final = states[-1]
        out = rules.outcome(final)
        assert out.scores == tuple(recomputed(final, p) for p in range(final.players))
        assert out.winners == tuple(p for p, s in enumerate(out.scores) if s == max(out.scores))


def test_the_photo_is_unchanged_by_the_order_guests_were_placed(games):
    for states, _ in games.values():
        final = states[-1]
        for p in range(final.players):
            mat = mat_of(final, p)
            camera = photo.camera_at(*final.cameras[p])
            backwards = dict(reversed(list(mat.items())))
            assert photo.take(backwards, camera) == photo.take(mat, camera)
    spots = {"Tom": "2A", "Polly": "3A", "the Colonel": "1D", "Mrs Pike": "2D", "Biscuit": "4B"}
    for order in (list(spots), list(reversed(spots)), sorted(spots)):
        state = rig(2, round=6)
        for g in order:
            state = rules.play(state, Place(0, g, spots[g]))
        assert state.mats[0] == rig(2, mats={0: spots}).mats[0]
        assert rules.outcome(all_ready(state)) == rules.outcome(all_ready(rig(2, mats={0: spots}, round=6)))


def test_a_view_holds_only_envelopes_read_and_without_notes_only_those_held(games):
    for states, _ in games.values():
        for state in states[::3]:
            if state.phase == OVER:
                continue
            for p in range(state.players):
                shown = {g for g, _, _ in rules.view(state, p).envelopes}
                read = {e.guest for e in state.events if isinstance(e, Read) and e.player == p}
                assert shown <= read
                assert shown == (read if state.notes else set(held(state, p)))
                assert all(e.player == p for e in rules.view(state, p).events if isinstance(e, Read))


def test_the_view_is_unchanged_by_shuffle_hidden(games):
    rng = random.Random(3)
    moved = 0
    for states, _ in games.values():
        for state in states[::4]:
            for p in range(state.players):
                other = rules.shuffle_hidden(state, p, rng)
                assert rules.view(other, p) == rules.view(state, p)
                assert_accounted(other)
                assert all(fits(e.guest, e.cards) for e in other.envelopes)
                moved += other.envelopes != state.envelopes
    assert moved > 10


@pytest.mark.parametrize("players", range(2, 7))
def test_random_bots_play_legal_moves_from_their_views_to_the_end(players):
    state = rules.new(players, players=players)
    made = bots.make_bots({p: "random" for p in range(players)}, players)
    final, moves = engine.play_out(rules, state, made)
    assert rules.outcome(final) is not None and final.round == 6
    assert engine.replay(rules, players, {"players": players}, moves) == final
