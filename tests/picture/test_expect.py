"""Picture Perfect: the expected score of a layout from what a player knows (``expect.py``),
checked exactly: against the real score when everything is known, against enumerating
every envelope on a small pool, and the fast float evaluator against the exact one."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from fractions import Fraction
from itertools import product

import pytest

from sherlockkit.games.picture import expect, photo, rules, scoring, wishes
from sherlockkit.games.picture.cards import (
    BACK, FRONT, HIDE, LEFT, NEXT_TO, NO_FACE, NO_MAN, PREFERENCES, RIGHT, ROW, TABLE, Wish,
)
from sherlockkit.games.picture.guests import NAMES
from sherlockkit.games.picture.mat import SPACES
from sherlockkit.games.picture.state import Envelope
from tests.picture.table import placed

CAMERA = photo.DEFAULT_CAMERA
A, B, C = NAMES[0], NAMES[1], NAMES[2]


def _random_layouts(n: int, seed: int):
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        k = rng.randint(0, len(NAMES))
        out.append((dict(zip(rng.sample(NAMES, k), rng.sample(SPACES, k))),
                    photo.Camera(rng.choice(photo.CAMERA_XS), rng.choice(photo.CAMERA_HEIGHTS))))
    return out


def test_the_unseen_pool_is_the_deck_less_what_is_known():
    state = rules.new(4, players=2)
    known = expect.Knowledge.of(rules.view(state, 0).envelopes)
    seen = Counter(c for _, cards, _ in rules.view(state, 0).envelopes for c in cards)
    assert known.unseen == Counter(PREFERENCES) - seen
    assert sum(known.unseen.values()) == len(PREFERENCES) - 3 * len(known.known)
    # a guest's pool leaves out the cards that name it
    assert all(not c.names(A) for c in known.pool(A))
    assert sum(known.pool(A).values()) == sum(n for c, n in known.unseen.items() if c.guest != A)


@pytest.mark.parametrize("seed", range(4))
def test_knowing_everything_the_expectation_is_the_score(seed):
    state = rules.new(seed, players=3)
    state = replace(state, envelopes=tuple(
        Envelope(e.guest, e.cards, e.guest in NAMES[:3]) for e in state.envelopes))  # three VIPs
    everything = expect.Knowledge({e.guest: (e.cards, e.vip) for e in state.envelopes})
    for placements, camera in _random_layouts(30, seed):
        real = sum(g.points for g in scoring.score_photo(placements, (camera.x, camera.height), state.envelopes))
        assert expect.expected_score(everything, placements, camera) == real


def test_expected_score_is_exact_enumeration_of_independent_cards_on_a_small_pool():
    """A tiny pool of five kinds of card; the unknown guest's envelope enumerated card by
    card (with replacement, as the approximation assumes) gives the formula exactly."""
    pool = Counter({Wish(ROW, row=2): 2, Wish(LEFT): 1, Wish(NEXT_TO, guest=B): 1, Wish(NO_FACE): 2, Wish(BACK): 3})
    known = {B: ((Wish(ROW, row=2), Wish(RIGHT), Wish(NEXT_TO, guest=A)), True)}
    knowledge = expect.Knowledge(known, pool)
    placements, camera = placed({A: "2A", B: "2B", C: "3D"}), CAMERA
    shot = photo.take(placements, camera)
    total = Fraction(0)
    for guest in (A, C):
        cards = [c for c in pool.elements() if not c.names(guest)]
        for triple in product(cards, repeat=3):
            met = sum(wishes.met(c, guest, placements, shot) for c in triple)
            total += Fraction(scoring.points(met, False), len(cards) ** 3)
    b_met = sum(wishes.met(c, B, placements, shot) for c in known[B][0])
    total += scoring.points(b_met, True)
    assert expect.expected_score(knowledge, placements, camera) == total
    # and the chance of one card: A's pool has 9 cards, of which the two row 2, the left
    # one and the one next to B are met
    assert expect.chance_met(knowledge, A, placements, shot) == Fraction(4, 9)


def test_drawing_without_replacement_differs_only_a_little():
    """The approximation stated in expect.py, measured: envelopes really hold three
    different cards of the pool; on a small pool the exact expectation of such envelopes
    and the binomial one differ by less than a tenth of a point here."""
    pool = Counter({Wish(ROW, row=2): 2, Wish(LEFT): 1, Wish(FRONT): 2, Wish(NO_FACE): 2, Wish(BACK): 3})
    knowledge = expect.Knowledge({}, pool)
    placements, camera = placed({A: "2A"}), CAMERA
    shot = photo.take(placements, camera)
    cards = list(pool.elements())
    exact, count = Fraction(0), 0
    for i, j, k in product(range(len(cards)), repeat=3):
        if len({i, j, k}) < 3:
            continue
        count += 1
        exact += scoring.points(sum(wishes.met(cards[n], A, placements, shot) for n in (i, j, k)), False)
    exact /= count
    approx = expect.expected_score(knowledge, placements, camera)
    assert approx != exact  # it is an approximation...
    assert abs(approx - exact) < Fraction(1, 10)  # ...and a close one


def test_binomial_distribution_sums_to_one_and_counts_known_wishes():
    d = expect.met_distribution(1, 2, Fraction(1, 3))
    assert d == {1: Fraction(4, 9), 2: Fraction(4, 9), 3: Fraction(1, 9)}
    assert expect.expected_points(1, 2, Fraction(1, 3), True) == 2 * (Fraction(4, 9) * 1 + Fraction(4, 9) * 3
                                                                     + Fraction(1, 9) * 6)


def test_out_of_frame_and_unplaced_guests_expect_nothing():
    knowledge = expect.Knowledge({A: ((Wish(ROW, row=1), Wish(LEFT), Wish(FRONT)), True)})
    placements = placed({A: "1A"})
    assert expect.expected_score(knowledge, placements, CAMERA) == 12  # all three met, VIP
    aside = next(c for c in (photo.Camera(x, h) for x in photo.CAMERA_XS for h in photo.CAMERA_HEIGHTS)
                 if not photo.take(placements, c).shots[A].in_frame)
    assert expect.expected_score(knowledge, placements, aside) == 0
    assert expect.expected_score(knowledge, {}, CAMERA) == 0


@pytest.mark.parametrize("seed", range(3))
def test_the_float_evaluator_agrees_with_the_exact_one(seed):
    state = rules.new(seed, players=2, notes=True)
    envelopes = {e.guest: (e.cards, i % 4 == 0) for i, e in enumerate(state.envelopes[:seed * 4 + 2])}
    knowledge = expect.Knowledge(envelopes)
    evaluator = expect.Evaluator(knowledge)
    for placements, camera in _random_layouts(40, seed + 10):
        exact = expect.expected_score(knowledge, placements, camera)
        assert evaluator.score(placements, camera) == pytest.approx(float(exact), abs=1e-9)
        per_guest = {g.guest: g.expected for g in expect.guest_expectations(knowledge, placements, camera)}
        fast = evaluator.guest_values(placements, camera)
        assert fast.keys() == per_guest.keys()
        assert all(fast[g] == pytest.approx(float(v), abs=1e-9) for g, v in per_guest.items())
    assert evaluator.evaluations == 80


def test_face_and_neighbour_wishes_reach_the_expectation():
    """Lady Arabella (a woman) wants no man beside her, the table, and to hide the Colonel's
    face: the known wishes met follow the mat and the photo."""
    knowledge = expect.Knowledge({A: ((Wish(NO_MAN), Wish(TABLE), Wish(HIDE, guest=B)), False)})
    for spaces in ({A: "1A", B: "2A"}, {A: "1A", B: "3A"}, {A: "2B", B: "3B"}, {A: "4D", B: "1D"}):
        placements = placed(spaces)
        shot = photo.take(placements, CAMERA)
        (a,) = [g for g in expect.guest_expectations(knowledge, placements, CAMERA) if g.guest == A]
        beside = abs(placements[A].row - placements[B].row) + abs(placements[A].column - placements[B].column) == 1
        at_table = spaces[A] in ("1A", "1D", "2B", "2C")
        hides = A in shot.shots[B].face_covered_by
        assert a.known_met == (not beside) + at_table + hides and a.unknown == 0
    # the rigged cases include a hidden face and a man beside her, or they prove nothing
    assert A in photo.take(placed({A: "2B", B: "3B"}), CAMERA).shots[B].face_covered_by


@pytest.mark.parametrize("seed, vips", [(0, False), (1, False), (2, True)])
def test_an_evaluator_working_from_its_last_photo_scores_as_a_new_one(seed, vips):
    """A search's Evaluator retakes each photo from the last layout's and remembers each
    guest's value by what it depends on: over a chain of a search's own steps in a Sherlock
    party with Irène, its values are, to the last bit, those of an Evaluator that has
    scored nothing before. With ``vips``, every envelope the player knows holds a VIP card,
    so Irène's grace comes into play."""
    from sherlockkit.games.picture import hunch, search
    state = rules.new(seed, players=4, sherlock=True, irene=True)
    view = rules.view(state, 0)
    known = {g: (tuple(c), v or vips) for g, c, v in view.envelopes}
    knowledge = expect.Knowledge(known, hunch.unseen(view, known))
    case = hunch.case_of(view, known)
    figures = hunch.figures(view)
    chained = expect.Evaluator(knowledge, case, ("Watson", "Holmes"))
    rng = random.Random(seed)
    near = search._camera_steps(search.ALL_CAMERAS)
    placements, camera = {}, photo.DEFAULT_CAMERA
    for _ in range(150):
        placements, camera = search._step(placements, camera, rng, figures, search.ALL_CAMERAS, near)
        fresh = expect.Evaluator(knowledge, case, ("Watson", "Holmes"))
        assert chained.score(placements, camera) == fresh.score(placements, camera)
        assert chained.guest_values(placements, camera) == fresh.guest_values(placements, camera)
