"""The Irène variant (issue 14): an Irène figure for every player, a woman with no
envelope, 5 points per VIP guest beside her, and a VIP beside her loses nothing."""

from __future__ import annotations

import random

import pytest

from sherlockkit.engine import IllegalAction
from sherlockkit.games.picture import rules, scoring, wishes
from sherlockkit.games.picture.alibis import IRENE
from sherlockkit.games.picture.cards import NO_WOMAN, ROW, Wish
from sherlockkit.games.picture.guests import NAMES
from sherlockkit.games.picture.narration import detail
from sherlockkit.games.picture.photo import DEFAULT_CAMERA
from sherlockkit.games.picture.events import PhotoTaken
from sherlockkit.games.picture.state import ARRANGING, OVER, Envelope, Place, Take

from .table import placed
from .test_sherlock_setup import _pick

AT = (DEFAULT_CAMERA.x, DEFAULT_CAMERA.height)


def envelopes(vip=()):
    return [Envelope(g, (Wish(ROW, row=4), Wish(ROW, row=4), Wish(ROW, row=4)), g in vip) for g in NAMES]


def test_irene_scores_five_per_vip_beside_her():
    mat = placed({IRENE: "2B", "Tom": "2A", "Polly": "3B", "Biscuit": "2C", "the Colonel": "3D"})
    scored = {g.guest: g for g in scoring.score_photo(mat, AT, envelopes(vip={"Tom", "Polly", "the Colonel"}))}
    assert scored[IRENE].points == 10  # Tom and Polly beside her; the Colonel far away
    # a VIP beside her with no wish met scores 0, a VIP away from her -6
    assert scored["Tom"].points == 0 and scored["Polly"].points == 0
    assert scored["the Colonel"].points == -6 and scored["Biscuit"].points == -3
    assert "2 VIP guests beside her, 10" in detail(PhotoTaken(0, tuple(scored.values()), 0))


def test_irene_counts_as_a_woman():
    mat = placed({IRENE: "2B", "Tom": "2A"})
    assert not wishes.met(Wish(NO_WOMAN), "Tom", mat, scoring.photo_of(mat, AT))
    assert wishes.kind_of(IRENE) == "woman"


def test_only_with_the_option():
    base = rules.new(2, players=2)
    state = rules.new(2, players=2, irene=True)
    rng = random.Random(1)
    while state.phase != ARRANGING:
        state = rules.play(state, rng.choice(rules.legal_actions(state)))
    assert Place(0, IRENE, "2B") in rules.legal_actions(state, 0)
    assert all(getattr(a, "guest", None) != IRENE for a in rules.legal_actions(base))
    with pytest.raises(IllegalAction, match="no envelope"):
        rules.play(state, Take(state.turns[0] if state.turns else 0, IRENE))


@pytest.mark.parametrize("sherlock", [False, True])
def test_irene_parties_end_and_views_do_not_change_with_hidden_cards(sherlock):
    rng = random.Random(6)
    state = rules.new(6, players=3, irene=True, sherlock=sherlock)
    while state.phase != OVER:
        state = rules.play(state, _pick(state, rng))
    assert state.result.scores == tuple(sum(g.points for g in photo) for photo in state.result.photos)
    for p in range(3):
        shuffled = rules.shuffle_hidden(state, p, rng)
        assert rules.view(shuffled, p) == rules.view(state, p)
