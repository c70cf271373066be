"""Engine invariants of Sherlock Express over random seeds and random play."""

import random
from collections import Counter
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from sherlockkit import engine
from sherlockkit.engine import IllegalAction
from sherlockkit.games.express import narration, bots, deduction, rules
from sherlockkit.games.express.cards import ALIBIS, SUSPECTS
from sherlockkit.games.express.state import DECK, Reveal, Slap

seeds = st.integers(min_value=0, max_value=2**32)
players = st.integers(min_value=2, max_value=6)


def every_action(state):
    """Every action of the right shape, legal or not."""
    slots = list(range(8)) + [DECK]
    return [Reveal(p) for p in range(state.players)] + [
        Slap(p, s) for p in range(state.players) for s in slots
    ]


def random_play(seed, n_players, steps, slap_rate=0.05):
    """A game played by a careless table: mostly turning alibis, sometimes a random slap,
    a correct slap whenever one exists half the time."""
    rng = random.Random(seed)
    state = rules.new(seed, players=n_players)
    history = [state]
    for _ in range(steps):
        if state.finished:
            break
        proven = deduction.correct_slots(state)
        choices = rules.legal_actions(state)
        if proven and rng.random() < 0.5:
            action = Slap(rng.choice([p for p in range(n_players) if p not in state.out]), proven[0])
        elif state.turn is not None and rng.random() > slap_rate:
            action = Reveal(state.turn)
        else:
            action = rng.choice(choices)
        state = rules.play(state, action)
        history.append(state)
    return history


def assert_cards_conserved(state):
    alibis = Counter(t for p in state.piles for t in p) + Counter(t for p in state.revealed for t in p)
    assert alibis == Counter(ALIBIS)
    suspects = [s for s in state.display if s] + list(state.suspect_deck) + [s for w in state.won for s in w]
    assert sorted(suspects) == sorted(SUSPECTS)


@settings(max_examples=60, deadline=None)
@given(seeds, players)
def test_no_card_is_ever_lost_or_duplicated(seed, n):
    for state in random_play(seed, n, 400):
        assert_cards_conserved(state)


@settings(max_examples=40, deadline=None)
@given(seeds, players, st.randoms(use_true_random=False))
def test_only_legal_actions_are_accepted_and_a_refusal_changes_nothing(seed, n, rng):
    state = rules.new(seed, players=n)
    for _ in range(120):
        if state.finished:
            break
        action = rng.choice(every_action(state))
        legal = rules.legal_actions(state)
        try:
            after = rules.play(state, action)
        except IllegalAction as refusal:
            assert action not in legal
            assert str(refusal) and "Traceback" not in str(refusal)
            continue
        assert action in legal
        assert after.step == state.step + 1
        state = after


@settings(max_examples=30, deadline=None)
@given(seeds, players)
def test_every_game_between_bots_ends_with_a_winner(seed, n):
    levels = {p: list(bots.LEVELS)[p % len(bots.LEVELS)] for p in range(n)}
    final, actions = bots.play_out(rules.new(seed, players=n), bots.make_bots(levels, seed))
    assert final.finished
    result = rules.outcome(final)
    assert result.winners and max(result.scores) == result.scores[result.winners[0]]
    assert max(result.scores) >= 5 or not final.suspect_deck


@settings(max_examples=30, deadline=None)
@given(seeds, players)
def test_the_same_seed_and_actions_replay_the_same_game(seed, n):
    levels = {p: "medium" for p in range(n)}
    final, actions = bots.play_out(rules.new(seed, players=n), bots.make_bots(levels, seed))
    assert engine.replay(rules, seed, {"players": n}, actions) == final
    record, loaded = engine.load(rules, engine.save(rules, seed, {"players": n}, actions))
    assert loaded == final and record.actions == tuple(actions)


@settings(max_examples=60, deadline=None)
@given(seeds, players, st.integers(min_value=0, max_value=200), st.randoms(use_true_random=False))
def test_a_view_does_not_change_when_hidden_cards_are_permuted(seed, n, steps, rng):
    state = random_play(seed, n, steps)[-1]
    piles = tuple(tuple(rng.sample(p, len(p))) for p in state.piles)
    deck = tuple(rng.sample(state.suspect_deck, len(state.suspect_deck)))
    shuffled = replace(state, piles=piles, suspect_deck=deck)
    for player in range(n):
        assert rules.view(shuffled, player) == rules.view(state, player)
        # and when the face-down alibis change hands between piles (nobody sees any pile)
        assert rules.view(rules.shuffle_hidden(state, player, rng), player) == rules.view(state, player)


@settings(max_examples=40, deadline=None)
@given(seeds, players, st.integers(min_value=0, max_value=200), st.randoms(use_true_random=False))
def test_shuffle_hidden_moves_only_face_down_cards_and_keeps_every_size(seed, n, steps, rng):
    state = random_play(seed, n, steps)[-1]
    other = rules.shuffle_hidden(state, rng.randrange(n), rng)
    assert [len(p) for p in other.piles] == [len(p) for p in state.piles]
    assert Counter(t for p in other.piles for t in p) == Counter(t for p in state.piles for t in p)
    assert sorted(other.suspect_deck) == sorted(state.suspect_deck)
    assert replace(other, piles=state.piles, suspect_deck=state.suspect_deck) == state
    assert_cards_conserved(other)


@settings(max_examples=40, deadline=None)
@given(seeds, players)
def test_the_log_never_names_a_suspect_before_it_is_face_up(seed, n):
    history = random_play(seed, n, 400)
    shown = set()
    for state in history:
        shown |= {s for s in state.display if s} | {s for w in state.won for s in w}
        hidden = set(state.suspect_deck) - shown
        text = " ".join(narration.sentences(state.events, state.names))
        assert not any(str(s) in text for s in hidden)
