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


@pytest.mark.parametrize("watson,met,points", [
    (None, (False, False, False, True, False), -4),  # one of five met (no investigator beside it): -2 doubled
    ("3A", (False, False, False, False, False), 0),  # none met (Watson beside it): -12 spared
])
def test_irenes_grace_spares_only_a_vip_with_no_wish_met(watson, met, points):
    """A VIP culprit on 3B beside Irène (3C): its envelope asks row 2, the left, the table,
    its face-up cards no investigator beside it and the front rows."""
    from .test_sherlock_scoring import CULPRIT, envelopes as sherlock_envelopes, score

    mat = {CULPRIT: "3B", IRENE: "3C", **({"Watson": watson} if watson else {})}
    scored = {g.guest: g for g in score(mat, sherlock_envelopes(vip=True))}
    culprit = scored[CULPRIT]
    assert (culprit.in_frame, culprit.vip, culprit.met, culprit.points) == (True, True, met, points)
    assert scored[IRENE].points == 5
    # away from Irène, the same culprit keeps its points for none met too
    away = {CULPRIT: "3B", IRENE: "4D", **({"Watson": watson} if watson else {})}
    assert {g.guest: g for g in score(away, sherlock_envelopes(vip=True))}[CULPRIT].points == (-4 if met[3] else -12)


def test_irenes_grace_spares_a_vip_guest_with_no_wish_met_only():
    """A VIP guest beside Irène: none of its three wishes met, 0 (not -6); one met, 2."""
    mat = placed({IRENE: "2B", "Tom": "2A", "Polly": "2C"})
    cards = {"Tom": (Wish(ROW, row=4),) * 3, "Polly": (Wish(ROW, row=2), Wish(ROW, row=4), Wish(ROW, row=3))}
    envs = [Envelope(g, cards.get(g, (Wish(ROW, row=4),) * 3), g in ("Tom", "Polly")) for g in NAMES]
    scored = {g.guest: g for g in scoring.score_photo(mat, AT, envs)}
    assert (scored["Tom"].met, scored["Tom"].points) == ((False, False, False), 0)
    assert (scored["Polly"].met, scored["Polly"].points) == ((True, False, False), 2)
    assert scored[IRENE].points == 10


def test_irenes_grace_reads_the_wishes_met_not_the_points():
    """The bots hand ``spared`` the points of each number of wishes met (``expect``,
    ``hunch``): a VIP beside Irène is spared for none met only, whatever its table, and a
    VIP elsewhere never."""
    from sherlockkit.games.picture.mat import SPACES, touching

    here, beside = next((a, b) for a in SPACES for b in SPACES if touching(a, b))
    away = next(c for c in SPACES if c not in (here, beside) and not touching(here, c))
    placements = {IRENE: here, "Tom": beside, "Polly": away}
    for worth in (scoring.points, scoring.culprit_points):
        assert scoring.spared(worth(0, True), 0, "Tom", placements, True) == 0
        assert scoring.spared(worth(1, True), 1, "Tom", placements, True) == worth(1, True)
        assert scoring.spared(worth(0, True), 0, "Polly", placements, True) == worth(0, True) < 0
        assert scoring.spared(worth(0, False), 0, "Tom", placements, False) == worth(0, False)
    assert scoring.culprit_points(1, True) == -4  # the rulebook's case: one of five met, and still a loss
