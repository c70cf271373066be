"""The bots in the variant "detectives as guests": they place the party's fourteen (never a
guest left in the box), judge Watson, Holmes and Irène by their envelopes like any guest,
expect unseen cards from the variant's deck, and grant no Irène's grace (she is a guest).
Their expectation is tied to the real scorer: with every envelope known it equals the
photo's score exactly."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from sherlockkit.games.picture import bots, expect, hunch, photo, rules, scoring
from sherlockkit.games.picture.cards import BACK, FRONT, LEFT, PREFERENCES, ROW, Wish, detectives_deck
from sherlockkit.games.picture.guests import DETECTIVE_NAMES, NAMES, party
from sherlockkit.games.picture.mat import SPACES, space_named, touching

DETECTIVES = rules.DETECTIVES_AS_GUESTS


def party_of(seed: int, players: int = 3):
    return rules.new(seed, players=players, variant=DETECTIVES)


def everything_known(state) -> dict:
    return {e.guest: (e.cards, e.vip) for e in state.envelopes}


def test_a_bot_knows_the_variants_deck_and_who_has_an_envelope():
    state = party_of(5)
    view = rules.view(state, 0)
    known = {g: (tuple(cards), vip) for g, cards, vip in view.envelopes}
    knowledge = hunch.knowledge(view, known)
    seen = Counter(c for cards, _ in known.values() for c in cards)
    assert knowledge.unseen == Counter(detectives_deck(party(view))) - seen
    assert knowledge.unseen != Counter(PREFERENCES) - seen  # the detectives' cards are in play
    assert knowledge.guests == frozenset(party(view)) != frozenset(NAMES)
    assert knowledge.grace is (("Irène" not in party(view)))


@pytest.mark.parametrize("seed", range(6))
def test_with_every_envelope_known_the_expectation_is_the_photos_score(seed):
    state = party_of(seed)
    view = rules.view(state, 0)
    knowledge = hunch.knowledge(view, everything_known(state))
    guests = party(view)
    rng = random.Random(seed)
    evaluator = expect.Evaluator(knowledge)
    for _ in range(25):
        k = rng.randint(1, len(guests))
        placements = dict(zip(rng.sample(guests, k), (space_named(s) for s in rng.sample([str(s) for s in SPACES], k))))
        camera = photo.Camera(rng.choice(photo.CAMERA_XS), rng.choice(photo.CAMERA_HEIGHTS))
        real = sum(g.points for g in scoring.score_photo(placements, (camera.x, camera.height), state.envelopes))
        assert expect.expected_score(knowledge, placements, camera) == real
        assert evaluator.score(placements, camera) == pytest.approx(float(real), abs=1e-9)


def test_irene_as_a_guest_spares_no_vip_beside_her():
    a = NAMES[0]
    unmet = ((Wish(ROW, row=4), Wish(BACK), Wish(LEFT)), True)  # a VIP with none of its wishes met
    here, beside = SPACES[1], next(s for s in SPACES if touching(s, SPACES[1]))
    placements = {a: here, "Irène": beside}
    camera = photo.DEFAULT_CAMERA
    assert photo.take(placements, camera).shots[a].in_frame
    guests = frozenset(NAMES[:13]) | {"Irène"}
    as_guest = expect.Knowledge({a: unmet, "Irène": ((Wish(FRONT),), False)}, Counter(), guests)
    as_figure = expect.Knowledge({a: unmet}, Counter())
    negative = scoring.points(0, True)
    assert negative < 0
    mine = {g.guest: g.expected for g in expect.guest_expectations(as_guest, placements, camera)}
    assert mine[a] == negative and "Irène" in mine
    spared = {g.guest: g.expected for g in expect.guest_expectations(as_figure, placements, camera)}
    assert spared[a] == 0 and "Irène" not in spared
    assert expect.Evaluator(as_guest).guest_values(placements, camera)[a] == float(negative)
    assert expect.Evaluator(as_figure).guest_values(placements, camera)[a] == 0.0


@pytest.mark.parametrize("players", [3, 6])
def test_bots_finish_a_detectives_party_placing_only_its_guests(players):
    state = party_of(players * 11, players)
    levels = {p: (bots.KEEN if p % 2 else bots.FORGETFUL) for p in range(players)}
    seats = bots.make_bots(levels, seed=players, budget=30)
    placed_detectives = set()
    while rules.outcome(state) is None:
        for seat in range(players):
            move = seats[seat].choose(rules.view(state, seat))
            if move is not None:
                break
        assert move is not None, "no bot had a move"
        state = rules.play(state, move)  # an illegal move raises
        for mat in state.mats:
            figures = {g for g, _ in mat}
            assert figures <= set(party(state)), "a bot placed a guest who stayed in the box"
            placed_detectives |= figures & set(DETECTIVE_NAMES)
    assert placed_detectives, "no bot ever placed Watson, Holmes or Irène as a guest"
