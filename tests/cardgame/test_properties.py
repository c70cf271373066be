"""Engine invariants of the card game over random seeds, player counts and random legal play.

``tests/test_protocol.py`` holds the card game to what every game promises (replays,
saves, refusals, views blind to hidden cards) over its registered option sets; the
properties here are the card game's own, over random player counts and numbers of hands,
with a few examples each of what the protocol tests too."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from sherlockkit import engine
from sherlockkit.engine import IllegalAction
from sherlockkit.games.cardgame import rules
from sherlockkit.games.cardgame.cards import ARREST, CLUE, COUNTRY, HANSOM, HOLMES, KINDS, LONDON, TRAIN, VILLAINS
from sherlockkit.games.cardgame.legality import Top
from sherlockkit.games.cardgame.events import Peek
from sherlockkit.games.cardgame.state import DRAWN, PASSING, Answer, Draw, Keep, PassCard, Play, PlayVillains

from .table import all_cards, assert_accounted, rig, told

seeds = st.integers(min_value=0, max_value=2**32)
players = st.integers(min_value=3, max_value=6)
hands = st.integers(min_value=1, max_value=3)
randoms = st.randoms(use_true_random=False)


def bound(n_players: int, n_hands: int) -> int:
    """A generous ceiling on the actions of a game. In a hand every card is played at most
    once and drawn at most once (108 each); every Answer follows a play, every Keep a
    draw; with the pile empty at most ``n`` passes come between two plays; and each Alibi
    (6 at most) brings ``n`` PassCards."""
    per_hand = 108 * 4 + (108 + 1) * n_players + 6 * n_players
    return n_hands * per_hand


def random_game(seed, n, rng, n_hands=3, stop=None):
    """A game between random legal players: the states (the first is the deal) and the actions."""
    state = rules.new(seed, players=n, hands=n_hands)
    states, actions = [state], []
    limit = bound(n, n_hands)
    while not state.finished and (stop is None or len(actions) < stop):
        options = rules.legal_actions(state)
        assert options, f"nobody can move, but the game is not over (phase {state.phase})"
        action = rng.choice(options)
        after = rules.play(state, action)
        assert after.step == state.step + 1
        state = after
        states.append(state)
        actions.append(action)
        assert len(actions) <= limit, "the game went on too long"
    return states, actions


@settings(max_examples=12, deadline=None)
@given(seeds, players, hands, randoms)
def test_every_game_ends_and_every_card_is_always_accounted_for(seed, n, n_hands, rng):
    states, actions = random_game(seed, n, rng, n_hands)
    final = states[-1]
    assert final.finished and len(final.hand_scores) == n_hands == final.hand_number
    assert len(actions) <= bound(n, n_hands)
    for state in states:
        assert_accounted(state)
        assert sum(state.pile.count(v) for v in VILLAINS) + sum(h.count(v) for h in state.hands for v in VILLAINS) \
            + sum(state.played.count(v) for v in VILLAINS) == 4
    assert final.scores == tuple(map(sum, zip(*final.hand_scores)))
    result = rules.outcome(final)
    assert result.scores == final.scores
    assert set(result.winners) == {p for p in range(n) if final.scores[p] == min(final.scores)}
    assert rules.legal_actions(final) == []


@settings(max_examples=8, deadline=None)
@given(seeds, players, randoms)
def test_a_game_replays_from_its_seed_and_actions_and_survives_a_save(seed, n, rng):
    states, actions = random_game(seed, n, rng, n_hands=2)
    options = {"players": n, "hands": 2}
    assert engine.replay(rules, seed, options, actions) == states[-1]
    cut = rng.randrange(len(actions) + 1)
    assert engine.replay(rules, seed, options, actions[:cut]) == states[cut]
    record, loaded = engine.load(rules, engine.save(rules, seed, options, actions[:cut]))
    assert loaded == states[cut] and record.actions == tuple(actions[:cut])
    assert record.seed == seed and record.options == options and record.game == "cardgame"


@settings(max_examples=15, deadline=None)
@given(seeds, players, randoms)
def test_a_view_shows_only_the_viewer_s_cards_and_peeks(seed, n, rng):
    states, _ = random_game(seed, n, rng, n_hands=1)
    for state in states[:: max(1, len(states) // 25)]:
        for p in range(n):
            seen = rules.view(state, p)
            assert seen.me == p and seen.hand == state.hands[p]
            assert seen.hand_sizes == tuple(len(h) for h in state.hands) and seen.pile_size == len(state.pile)
            assert all(peek.looker == p for peek in seen.peeks)
            assert set(seen.peeks) == {peek for peek in state.peeks if peek.looker == p}
            # the events kept seat by seat (hands.record) are the events, the others' peeks left out
            assert seen.events == tuple(e for e in state.events if not isinstance(e, Peek) or e.looker == p)
            assert seen.drawn == (state.drawn if state.phase == DRAWN and state.turn == p else None)
            assert seen.my_pass == (state.passing[p] if state.phase == PASSING else None)
            assert rules.legal_moves(seen) == rules.legal_actions(state, p)
        # everyone's moves are each seat's, in seat order: those of the seats to move now
        assert rules.legal_actions(state) == [a for p in range(n) for a in rules.legal_actions(state, p)]


def test_a_drawn_card_and_a_chosen_pass_show_in_their_holders_view_only():
    drawn = passes = 0
    for seed, n in ((0, 4), (1, 3), (2, 6), (3, 5)):
        states, _ = random_game(seed, n, random.Random(seed), n_hands=2)
        for state in states:
            for p in range(n):
                seen = rules.view(state, p)
                if state.phase == DRAWN:
                    drawn += 1
                    assert seen.drawn == (state.drawn if p == state.turn else None)
                if state.phase == PASSING:
                    passes += seen.my_pass is not None
                    assert seen.my_pass == state.passing[p] and seen.passed[p] == (state.passing[p] is not None)
    assert drawn > 20 and passes > 5


def _movable(state, player):
    """The cards of ``player``'s hand that a test may swap: not one already chosen to
    pass after an Alibi, nor the card they have just drawn."""
    hand = list(state.hands[player])
    if state.phase == PASSING and state.passing[player] is not None:
        hand.remove(state.passing[player])
    if state.phase == DRAWN and state.turn == player:
        hand.remove(state.drawn)
    return set(hand)


def hide_differently(state, viewer, rng):
    """The same table but for hidden cards: two other players swap a card each (of two
    different kinds), and the pile is shuffled. ``None`` if no such swap exists."""
    others = [p for p in range(state.players) if p != viewer]
    rng.shuffle(others)
    for q in others:
        for r in others:
            if q >= r:
                continue
            pairs = [(a, b) for a in _movable(state, q) for b in _movable(state, r) if a != b]
            if not pairs:
                continue
            a, b = sorted(pairs)[rng.randrange(len(pairs))]
            hands = [list(h) for h in state.hands]
            hands[q][hands[q].index(a)] = b
            hands[r][hands[r].index(b)] = a
            pile = list(state.pile)
            rng.shuffle(pile)
            other = replace(state, hands=tuple(tuple(h) for h in hands), pile=tuple(pile))
            assert all_cards(other) == all_cards(state) and other != state
            return other
    return None


@settings(max_examples=30, deadline=None)
@given(seeds, players, st.integers(min_value=0, max_value=250), randoms)
def test_a_view_is_blind_to_the_other_hands_and_the_pile(seed, n, steps, rng):
    states, _ = random_game(seed, n, rng, n_hands=1, stop=steps)
    state = states[-1]
    viewer = rng.randrange(n)
    other = hide_differently(state, viewer, rng)
    if other is None:
        return
    assert rules.view(other, viewer) == rules.view(state, viewer)
    assert rules.legal_actions(other, viewer) == rules.legal_actions(state, viewer)


@settings(max_examples=60, deadline=None)
@given(seeds, players, st.integers(min_value=0, max_value=250), randoms)
def test_the_log_tells_the_same_story_whatever_the_hidden_cards(seed, n, steps, rng):
    """The viewer's own move, made at two tables that differ only in cards the viewer
    cannot see, writes the same log (unless it ends the hand, whose score counts them,
    or is Holmes, whose finding is public)."""
    states, _ = random_game(seed, n, rng, n_hands=1, stop=steps)
    state = states[-1]
    movers = [p for p in range(n) if rules.legal_actions(state, p)]
    if not movers:
        return
    viewer = rng.choice(movers)
    other = hide_differently(state, viewer, rng)
    if other is None:
        return
    for action in rules.legal_actions(state, viewer):
        if isinstance(action, Play) and action.card == HOLMES:
            continue
        one, two = rules.play(state, action), rules.play(other, action)
        if one.finished or two.finished or one.hand_number != state.hand_number \
                or two.hand_number != state.hand_number:
            continue
        assert told(one) == told(two), action
    # what the others do blind (draw, keep, pass a card) shows the viewer nothing more
    for action in rules.legal_actions(state):
        if action.player == viewer or not isinstance(action, (Draw, Keep, PassCard)):
            continue
        if action not in rules.legal_actions(other):
            continue
        one, two = rules.play(state, action), rules.play(other, action)
        if one.hand_number == two.hand_number == state.hand_number and not (one.finished or two.finished):
            assert rules.view(one, viewer) == rules.view(two, viewer), action


def every_action(state):
    """Every action of the right shape, legal or not."""
    n = state.players
    out = []
    for p in range(n):
        out += [Draw(p), Keep(p), PlayVillains(p), Answer(p, True), Answer(p, False)]
        out += [PassCard(p, k) for k in KINDS]
        out += [Play(p, k, t) for k in KINDS for t in (None, *range(n))]
    return out


@settings(max_examples=10, deadline=None)
@given(seeds, players, randoms)
def test_only_legal_actions_are_accepted_and_a_refusal_changes_nothing(seed, n, rng):
    states, _ = random_game(seed, n, rng, n_hands=1)
    for state in rng.sample(states, min(len(states), 12)):
        legal = rules.legal_actions(state)
        for action in rng.sample(every_action(state), 40) + legal:
            before = replace(state)
            try:
                after = rules.play(state, action)
            except IllegalAction as refusal:
                assert action not in legal
                assert str(refusal) and "Traceback" not in str(refusal)
                assert state == before
                continue
            assert action in legal, action
            assert after.step == state.step + 1


def test_the_bound_is_not_reached_by_far():
    rng = random.Random(3)
    longest = max(len(random_game(seed, 6, rng)[1]) for seed in range(5))
    assert longest < bound(6, 3) / 3


def test_another_player_s_draw_does_not_show_whether_the_card_fits():
    """Seat 0 cannot play on a Train from London and draws. Whether the top of the pile is
    a Country (it fits) or a London (it does not) is hidden from seat 1, so seat 1's view
    just after the draw should not depend on it: in both cases seat 0 holds one more card
    and may, at most, keep it without showing it."""
    fits = rig([[CLUE, ARREST], [TRAIN], [HANSOM]], pile=[COUNTRY, LONDON], on=Top(TRAIN, "London"))
    misses = replace(fits, pile=(LONDON, COUNTRY))
    assert rules.view(fits, 1) == rules.view(misses, 1)
    one, two = rules.play(fits, Draw(0)), rules.play(misses, Draw(0))
    assert told(one) == told(two)
    assert rules.view(one, 1) == rules.view(two, 1)
