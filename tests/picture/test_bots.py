"""Picture Perfect bots: legal moves from their views only, memory (keen against
forgetful), the search against a hand-made layout and against brute force, and whole
games at every table size."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

import pytest

from sherlockkit import engine
from sherlockkit.games.picture import bots, expect, phases, photo, rules
from sherlockkit.games.picture.cards import (
    BACK, CENTRE, FRONT, GIVE_BACK, HIDE, LEFT, NEXT_TO, NO_MAN, PASS_LEFT, RIGHT, ROUNDS, ROW, TAKE, Wish,
)
from sherlockkit.games.picture.events import Read
from sherlockkit.games.picture.guests import NAMES
from sherlockkit.games.picture.mat import SPACES
from sherlockkit.games.picture.search import BUDGET, Layout, greedy, random_layouts, search
from sherlockkit.games.picture.state import ARRANGING, Place, Ready, Return, Take, Vip, held, mat_of
from tests.picture.table import S, rig

X, Y, Z = "Lady Arabella", "the Colonel", "Mrs Pike"
EASY = (Wish(ROW, row=4), Wish(LEFT), Wish(BACK))  # all three met on 4A, and only there
SMALL = 30  # layouts a search: enough to play, quick for whole games


def _everything(state) -> expect.Knowledge:
    return expect.Knowledge({e.guest: (e.cards, e.vip) for e in state.envelopes})


# --- whole games ---------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def games():
    """Whole games of keen and forgetful bots, seat by seat alternating, played once for the
    module: at a table of two (without notes) and of five (with: one envelope each).
    players -> (options, states from the deal to the end, moves)."""
    played = {}
    for players in (2, 5):
        options = {"players": players, "notes": players == 5}
        levels = {p: (bots.KEEN, bots.FORGETFUL)[p % 2] for p in range(players)}
        state = rules.new(players, **options)
        final, moves = engine.play_out(rules, state, bots.make_bots(levels, players, SMALL),
                                       limit=40 * players * ROUNDS)
        states = [state]
        for move in moves:
            states.append(rules.play(states[-1], move))
        assert states[-1] == final
        played[players] = options, states, moves
    return played


@pytest.mark.parametrize("players", [2, 5])
def test_bots_play_whole_games_legally_and_replay(games, players):
    options, states, moves = games[players]
    final = states[-1]
    assert rules.outcome(final) is not None and final.round == ROUNDS
    assert engine.replay(rules, players, options, moves) == final
    # thinking bots place guests, and score more than nothing
    assert all(mat_of(final, p) for p in range(players))


def test_the_same_bots_from_the_same_seed_play_the_same_game(games):
    options, states, moves = games[2]
    levels = {0: bots.KEEN, 1: bots.FORGETFUL}
    assert engine.play_out(rules, states[0], bots.make_bots(levels, 2, SMALL))[1] == moves


def test_the_random_level_is_kept_first_for_the_protocol_suite():
    assert bots.LEVELS[0] == "random" and {"forgetful", "keen"} <= set(bots.LEVELS)
    with pytest.raises(ValueError, match="no bot level"):
        bots.make_bots({0: "clever"}, 1)


@pytest.mark.parametrize("budget", ["lots", 0, -5, 2.5, True, None])
def test_a_budget_that_is_not_a_whole_number_of_layouts_is_refused_with_a_sentence(budget):
    with pytest.raises(ValueError, match="whole number of layouts"):
        bots.make_bots({0: bots.KEEN}, 1, budget)


def test_every_choice_is_legal_and_a_function_of_the_view_alone(games):
    """Along a game, each seat's fresh bot picks a legal move, and the same one when every
    card it has not seen is dealt again (``shuffle_hidden``): at eight moments of the game."""
    _, states, _ = games[2]
    rng = random.Random(5)
    checked = 0
    for s in states[:-1:max(1, len(states) // 8)]:
        for p in range(2):
            for level in (bots.KEEN, bots.FORGETFUL):
                mine = bots.make_bots({p: level}, 4, SMALL)[p].choose(rules.view(s, p))
                other = rules.shuffle_hidden(s, p, rng)
                assert other.envelopes != s.envelopes or s.phase == "over"
                theirs = bots.make_bots({p: level}, 4, SMALL)[p].choose(rules.view(other, p))
                assert mine == theirs
                assert mine is None or mine in rules.legal_actions(s, p)
                checked += mine is not None
    assert checked > 12


# --- memory --------------------------------------------------------------------------------------------

def _passed_on(notes: bool):
    """Seat 0 holds only Lady Arabella's envelope (wishes met on 4A), and passes it left."""
    holders = {X: 0, Y: 1}
    state = rig(2, notes=notes, holders=holders, contents={X: EASY}, exchange=PASS_LEFT, begin=True)
    made = bots.make_bots({0: bots.KEEN, 1: bots.FORGETFUL}, 3)
    forgetful = bots.make_bots({0: bots.FORGETFUL}, 3)[0]
    for seat in (0, 1):
        state = rules.play(state, made[seat].choose(rules.view(state, seat)))
    assert state.phase == ARRANGING and held(state, 0) == (Y,)
    return state, made[0], forgetful


def test_a_keen_bot_remembers_an_envelope_it_passed_on_and_places_that_guest_by_it():
    state, keen, forgetful = _passed_on(notes=False)
    assert X in keen.knowledge(rules.view(state, 0)).known
    assert X not in forgetful.knowledge(rules.view(state, 0)).known
    for _ in range(40):  # the keen bot plays its layout out
        move = keen.choose(rules.view(state, 0))
        state = rules.play(state, move)
        if isinstance(move, Ready):
            break
    assert mat_of(state, 0).get(X) == S("4A")
    assert keen._values[X] == 6  # all three wishes met, for sure
    # the forgetful bot does not know them: Lady Arabella is worth less than that to it
    forgetful.choose(rules.view(state, 0))
    assert forgetful._values.get(X, 0) < 6


def test_with_notes_a_forgetful_bot_knows_what_a_keen_one_does():
    state, keen, forgetful = _passed_on(notes=True)
    view = rules.view(state, 0)
    assert forgetful.knowledge(view) == keen.knowledge(view)


def test_a_keen_bot_takes_an_envelope_it_has_not_read():
    """Two envelopes lie in the middle, one read by seat 0 in an earlier round: a keen bot
    never takes it back; a forgetful one (without notes) does now and then."""
    others = [g for g in NAMES if g not in (X, Y, Z)]
    holders = {X: 0, **{g: 1 for g in others}}
    state = rig(2, holders=holders, exchange=TAKE)
    envelope = state.envelopes[NAMES.index(Y)]
    state = replace(state, events=state.events + (Read(0, Y, envelope.cards, False),))
    state = phases.begin_round(state, 1)
    keen_takes, forgetful_takes = set(), set()
    for seed in range(12):
        keen_takes.add(bots.make_bots({0: bots.KEEN}, seed)[0].choose(rules.view(state, 0)))
        forgetful_takes.add(bots.make_bots({0: bots.FORGETFUL}, seed)[0].choose(rules.view(state, 0)))
    assert keen_takes == {Take(0, Z)}
    assert forgetful_takes == {Take(0, Y), Take(0, Z)}


def test_a_bot_gives_back_the_envelope_worth_least_to_its_photo():
    """Round 1: seat 0 holds Lady Arabella (all three wishes met on 4A) and the Colonel
    (front and back rows asked at once); round 2 asks for an envelope back: the Colonel's."""
    state = rig(2, holders={X: 0, Y: 0}, contents={X: EASY, Y: (Wish(ROW, row=1), Wish(BACK), Wish(RIGHT))})
    state = replace(state, exchanges=state.exchanges[:1] + (GIVE_BACK,) + state.exchanges[2:])
    bot = bots.make_bots({0: bots.KEEN}, 6)[0]
    while 0 not in state.ready:
        state = rules.play(state, bot.choose(rules.view(state, 0)))
    state = rules.play(state, Ready(1))
    assert state.round == 2 and state.phase == "exchanging"
    assert bot._values[X] > bot._values.get(Y, 0)
    assert bot.choose(rules.view(state, 0)) == Return(0, Y)


def test_in_the_last_round_the_vip_goes_to_the_guest_best_satisfied():
    """Lady Arabella can have all three wishes, the Colonel (asking the front and the back
    rows) two at most: the VIP card goes to her."""
    state = rig(2, holders={X: 0, Y: 0, Z: 1}, contents={X: EASY, Y: (Wish(ROW, row=1), Wish(BACK), Wish(LEFT))},
                round=ROUNDS)
    bot = bots.make_bots({0: bots.KEEN}, 2)[0]
    played = []
    while not played or not isinstance(played[-1], Ready):
        played.append(bot.choose(rules.view(state, 0)))
        state = rules.play(state, played[-1])
    assert Vip(0, X) in played and state.envelopes[NAMES.index(X)].vip


# --- the search ------------------------------------------------------------------------------------------

def test_the_search_beats_a_hand_made_layout_with_every_wish_known():
    contents = {X: EASY, Y: (Wish(RIGHT), Wish(FRONT), Wish(ROW, row=1)), Z: (Wish(NEXT_TO, guest=X), Wish(ROW, row=3),
                                                                              Wish(LEFT))}
    state = rig(2, contents=contents)
    knowledge = _everything(state)
    hand = {X: S("4A"), Y: S("1D"), Z: S("3A")}
    hand_value = expect.expected_score(knowledge, hand, photo.DEFAULT_CAMERA)
    assert hand_value == 18
    found = search(expect.Evaluator(knowledge).score, {}, photo.DEFAULT_CAMERA, random.Random(1))
    assert expect.expected_score(knowledge, found.placements, found.camera) >= hand_value
    assert found.value == pytest.approx(float(expect.expected_score(knowledge, found.placements, found.camera)))


def test_the_search_finds_the_optimum_of_a_tiny_case_found_by_brute_force():
    """Two guests whose wishes pull against each other, three cameras: every layout scored."""
    contents = {X: (Wish(NEXT_TO, guest=Y), Wish(ROW, row=3), Wish(NO_MAN)),
                Y: (Wish(HIDE, guest=X), Wish(FRONT), Wish(CENTRE))}
    knowledge = _everything(rig(2, contents=contents))
    cameras = (photo.Camera(0, 10), photo.Camera(-4, 6), photo.Camera(3, 16))
    spots = list(SPACES) + [None]
    best = Fraction(-100)
    for a in spots:
        for b in spots:
            if a is not None and a == b:
                continue
            layout = {g: s for g, s in ((X, a), (Y, b)) if s is not None}
            for camera in cameras:
                best = max(best, expect.expected_score(knowledge, layout, camera))
    found = search(expect.Evaluator(knowledge).score, {}, cameras[0], random.Random(2), budget=600,
                        guests=(X, Y), cameras=cameras)
    assert set(found.placements) <= {X, Y} and found.camera in cameras
    assert expect.expected_score(knowledge, found.placements, found.camera) == best


def test_the_search_beats_the_baselines_on_dealt_hands():
    """On two dealt hands (seat 0's envelopes at the deal) the search (``BUDGET`` layouts)
    reaches more than the best of as many random layouts, by over a point a hand on
    average, and never less than the greedy layout it may start from; without its greedy
    start, from an empty mat, it still ends well above the random best, by over two points
    a hand: keeping only steps that do not lose is what does it. (Measured on six hands,
    seeds 0-5: the search led the random best by 1.4 to 7.2 points, the search alone by
    2.2 to 5.3; two hands were four before issue 25.)"""
    lead = alone = 0.0
    for seed in range(2):
        state = rules.new(seed, players=2)
        evaluator = expect.Evaluator(expect.Knowledge.of(rules.view(state, 0).envelopes))
        found = search(evaluator.score, {}, photo.DEFAULT_CAMERA, random.Random(seed))
        assert evaluator.evaluations == BUDGET
        sampled = random_layouts(evaluator.score, random.Random(seed), BUDGET)
        assert found.value >= greedy(evaluator.score, photo.DEFAULT_CAMERA).value - 1e-9
        climbed = search(evaluator.score, {}, photo.DEFAULT_CAMERA, random.Random(seed), from_greedy=False)
        lead += found.value - sampled.value
        alone += climbed.value - sampled.value
    assert lead / 2 > 1 and alone / 2 > 2


def test_the_plan_is_played_out_from_any_mat():
    """From a random mat to a random layout: legal moves only, swaps and cycles included,
    the camera last, then Ready, in at most two moves a guest."""
    rng = random.Random(8)
    for _ in range(20):
        n, m = rng.randint(0, 14), rng.randint(0, 14)
        now = dict(zip(rng.sample(NAMES, n), (str(s) for s in rng.sample(SPACES, n))))
        target = dict(zip(rng.sample(NAMES, m), rng.sample(SPACES, m)))
        camera = photo.Camera(rng.choice(photo.CAMERA_XS), rng.choice(photo.CAMERA_HEIGHTS))
        state = rig(2, mats={0: now})
        layout = Layout(target, camera, 0.0)
        for count in range(2 * 14 + 3):
            move = bots.next_move(rules.view(state, 0), layout, None)
            state = rules.play(state, move)
            if isinstance(move, Ready):
                break
        assert isinstance(move, Ready)
        assert mat_of(state, 0) == target and state.cameras[0] == (camera.x, camera.height)


def test_a_cycle_of_moves_is_broken_by_taking_one_guest_off():
    state = rig(2, mats={0: {X: "2A", Y: "2B"}})
    layout = Layout({X: S("2B"), Y: S("2A")}, photo.Camera(*state.cameras[0]), 0.0)
    moves = []
    while not moves or not isinstance(moves[-1], Ready):
        moves.append(bots.next_move(rules.view(state, 0), layout, None))
        state = rules.play(state, moves[-1])
    assert len(moves) == 4 and sum(isinstance(m, Place) for m in moves) == 2


@pytest.mark.parametrize("enabled", [True, False])
def test_a_search_holds_the_collector_off_and_leaves_it_as_it_found_it(enabled):
    """The cyclic garbage collector is off while a search scores layouts and as it was
    after, a search that fails included."""
    import gc
    from sherlockkit.games.picture.photo import DEFAULT_CAMERA
    seen_on = []

    def score(placements, camera):
        seen_on.append(gc.isenabled())
        return float(len(placements))

    def failing(placements, camera):
        raise RuntimeError("a scorer that fails")

    was = gc.isenabled()
    try:
        (gc.enable if enabled else gc.disable)()
        search(score, {}, DEFAULT_CAMERA, random.Random(0), 50)
        assert seen_on and not any(seen_on) and gc.isenabled() is enabled
        with pytest.raises(RuntimeError):
            search(failing, {}, DEFAULT_CAMERA, random.Random(0), 50)
        assert gc.isenabled() is enabled
    finally:
        (gc.enable if was else gc.disable)()
