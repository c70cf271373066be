"""The Sherlock expansion's setup (issue 14): the case dealt, the Read event showing the
Alibi card, the view (victim public, culprit never), the investigators' figures, and
shuffle_hidden on Sherlock parties (the rulebook's setup and the variant "more suspects")."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest

from sherlockkit.engine import IllegalAction
from sherlockkit.games.picture.narration import sentences
from sherlockkit.games.picture import alibis, rules
from sherlockkit.games.picture.alibis import CHILDREN, INVESTIGATORS, SAW_NOTHING, SUSPECTS
from sherlockkit.games.picture.cards import CULPRIT_CARD, PLACE_KINDS, envelopes_each
from sherlockkit.games.picture.guests import NAMES
from sherlockkit.games.picture.events import Dealt, GameEnded, Read
from sherlockkit.games.picture.state import ARRANGING, OVER, Place, Ready, Take, held, index

SEEDS = range(12)


def party(seed: int, players: int = 3):
    return rules.new(seed, players=players, sherlock=True)


def test_base_game_has_no_case():
    state = rules.new(5, players=3)
    assert (state.sherlock, state.culprit, state.victim, state.alibis, state.culprit_cards) == (False, None, None, (), ())
    assert all(e.alibi is None for e in state.events if isinstance(e, Read))
    assert rules.view(state, 0).cleared == frozenset()


@pytest.mark.parametrize("bad", [{"sherlock": 1}, {"irene": "yes"}, {"variant": "everyone"}])
def test_bad_options_are_refused_with_a_sentence(bad):
    with pytest.raises(ValueError, match=r"\."):
        rules.new(1, players=2, **bad)


@pytest.mark.parametrize("seed", SEEDS)
def test_culprit_and_victim_are_two_suspects(seed):
    state = party(seed)
    assert state.culprit in SUSPECTS and state.victim in SUSPECTS and state.culprit != state.victim


@pytest.mark.parametrize("seed", SEEDS)
def test_alibi_cards_in_the_envelopes(seed):
    state = party(seed)
    inside = dict(zip(NAMES, state.alibis))
    assert inside[state.victim] is None  # the victim's envelope is back in the box
    assert all(inside[child] == SAW_NOTHING for child in CHILDREN)
    counted = Counter(a for a in state.alibis if a is not None)
    assert counted[SAW_NOTHING] == 3
    assert state.culprit not in counted  # the culprit's alibi lies in no envelope
    for suspect in SUSPECTS:
        if suspect not in (state.culprit, state.victim):
            assert counted[suspect] == 1  # every other suspect's in exactly one
    assert state.victim not in counted


@pytest.mark.parametrize("players", range(2, 7))
def test_the_deal_leaves_out_victim_and_children(players):
    for seed in SEEDS:
        state = party(seed, players)
        for p in range(players):
            mine = held(state, p)
            assert len(mine) == envelopes_each(players)
            assert state.victim not in mine and not set(CHILDREN) & set(mine)
        middle = held(state, None)
        assert set(CHILDREN) <= set(middle) and state.victim not in middle
        assert len(middle) + players * envelopes_each(players) == len(NAMES) - 1


@pytest.mark.parametrize("seed", SEEDS)
def test_the_culprits_two_cards_are_public(seed):
    state = party(seed)
    card, way_out = state.culprit_cards
    assert card == CULPRIT_CARD and way_out.kind in PLACE_KINDS
    dealt = state.events[0]
    assert isinstance(dealt, Dealt) and dealt.victim == state.victim and dealt.culprit_cards == state.culprit_cards
    # the way out is drawn from the deck: all cards still accounted for
    from sherlockkit.games.picture.cards import PREFERENCES, SHERLOCK_PREFERENCES
    cards = Counter(c for e in state.envelopes for c in e.cards) + Counter(state.deck) + Counter([way_out])
    assert cards == Counter(PREFERENCES + SHERLOCK_PREFERENCES)


@pytest.mark.parametrize("seed", SEEDS)
def test_reading_shows_the_alibi_card(seed):
    state = party(seed)
    reads = [e for e in state.events if isinstance(e, Read)]
    assert reads and all(e.alibi == state.alibis[NAMES.index(e.guest)] for e in reads)
    view = rules.view(state, 0)
    mine = {e.alibi for e in view.events if isinstance(e, Read)}
    assert view.cleared == frozenset({state.victim, *CHILDREN} | (mine - {SAW_NOTHING}))
    assert view.victim == state.victim and view.sherlock


def test_an_alibi_read_is_told_to_its_reader_only():
    state = party(4)
    read = next(e for e in state.events if isinstance(e, Read))
    mine = sentences(rules.view(state, read.player).events, read.player)
    assert any(read.guest in line and "Alibi card" in line for line in mine)
    other = sentences(rules.view(state, (read.player + 1) % 3).events, (read.player + 1) % 3)
    assert not any(f"{read.guest}'s envelope" in line and "Alibi card" in line for line in other)


def test_victim_and_investigators_moves():
    state = party(2)
    state = _to_arranging(state)
    victim = state.victim
    with pytest.raises(IllegalAction, match="coffin"):
        rules.play(state, Place(0, victim, "2B"))
    with pytest.raises(IllegalAction, match="no envelope"):
        rules.play(state, Take(0, "Watson"))
    after = rules.play(rules.play(state, Place(0, "Watson", "2B")), Place(0, "Holmes", "2C"))
    assert dict(after.mats[0]) == {"Watson": after.mats[0][0][1], "Holmes": after.mats[0][1][1]}
    assert Place(0, "Holmes", "3A") in rules.legal_actions(state, 0)
    assert not any(getattr(a, "guest", None) == victim and isinstance(a, Place) for a in rules.legal_actions(state))
    assert not any(getattr(a, "guest", None) == victim for a in rules.legal_actions(state) if isinstance(a, Take))
    # the base game has no Watson
    base = _to_arranging(rules.new(2, players=3))
    with pytest.raises(IllegalAction, match="no guest"):
        rules.play(base, Place(0, "Watson", "2B"))


def _to_arranging(state):
    rng = random.Random(0)
    while state.phase != ARRANGING:
        state = rules.play(state, rng.choice(rules.legal_actions(state)))
    return state


def _pick(state, rng):
    """A random legal move, leaning to Ready and to standing Watson and Holmes in the
    middle of the mat (so random parties end)."""
    actions = rules.legal_actions(state)
    ready = [a for a in actions if isinstance(a, Ready)]
    if ready and rng.random() < 0.25:
        return rng.choice(ready)
    if state.phase == ARRANGING and rng.random() < 0.3:
        middle = [a for a in actions if isinstance(a, Place) and a.guest in INVESTIGATORS and a.space in MIDDLE]
        if middle:
            return rng.choice(middle)
    return rng.choice(actions)


MIDDLE = ("2B", "2C", "3B", "3C")


def _step(state, rng):
    return rules.play(state, _pick(state, rng))


def _strings(value):
    """Every string inside a value: dataclass fields, tuples, sets, dicts, nested."""
    if isinstance(value, str):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from _strings(getattr(value, f.name))
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _strings(k)
            yield from _strings(v)
    elif isinstance(value, (tuple, list, set, frozenset)):
        for v in value:
            yield from _strings(v)


def _random_party(seed: int, players: int, variant: str | None = None):
    """The states of a random Sherlock party (``variant``: "more suspects" or none), deal to end."""
    rng = random.Random(seed)
    state = rules.new(seed, players=players, sherlock=True, variant=variant)
    states = [state]
    while state.phase != OVER:
        state = _step(state, rng)
        states.append(state)
    return states


@pytest.mark.parametrize("seed,players", [(1, 2), (2, 3), (3, 5), (4, 6)])
def test_no_view_or_event_holds_the_culprit_before_the_reveal(seed, players):
    states = _random_party(seed, players)
    final = states[-1]
    culprit = final.culprit
    for state in states[:-1]:
        for p in range(players):
            view = rules.view(state, p)
            # the culprit's name is in no field as the culprit: it may be named as a guest
            # (its envelope, its figure), never as the one who did it
            assert "culprit" not in {f.name for f in dataclasses.fields(view)}
            assert culprit not in view.cleared
            for e in view.events:
                assert getattr(e, "culprit", None) is None
                assert getattr(e, "alibi", None) != culprit
            assert not any(f"{culprit} did it" in line for line in sentences(view.events, view.player))
    ended = final.events[-1]
    assert isinstance(ended, GameEnded) and ended.culprit == culprit
    assert any(f"{culprit} did it" in line for line in sentences(rules.view(final, 0).events, 0))


@pytest.mark.parametrize("seed,players", [(5, 2), (6, 4)])
def test_no_view_changes_with_the_culprit(seed, players):
    """Search every field: a view at every step is the same whoever the culprit is among
    the suspects nobody has cleared by reading (the culprit reaches no view at all)."""
    states = _random_party(seed, players)
    for state in states[:-1]:
        read = {e.alibi for e in state.events if isinstance(e, Read)}
        others = [s for s in SUSPECTS if s not in read and s not in (state.victim,)]
        for other in others:
            swapped = dataclasses.replace(state, culprit=other)
            for p in range(players):
                assert rules.view(swapped, p) == rules.view(state, p)


@pytest.mark.parametrize("seed,players", [(7, 3), (8, 6)])
def test_replay_is_exact(seed, players):
    rng = random.Random(seed)
    state = rules.new(seed, players=players, sherlock=True)
    actions = []
    while state.phase != OVER:
        actions.append(_pick(state, rng))
        state = rules.play(state, actions[-1])
    again = rules.new(seed, players=players, sherlock=True)
    for action in actions:
        again = rules.play(again, action)
    assert again == state


@pytest.mark.parametrize("variant,seed,players,every", [
    (None, 9, 2, 7), (None, 10, 3, 7), (None, 11, 6, 7),
    (rules.MORE_SUSPECTS, 7, 2, 9), (rules.MORE_SUSPECTS, 11, 4, 9), (rules.MORE_SUSPECTS, 25, 6, 9),
])
def test_shuffle_hidden_leaves_every_view_unchanged(variant, seed, players, every):
    """In the rulebook's setup and in "more suspects": every view the same, the readings
    following the new deal, the culprit moved among the open suspects only, the outside
    guests' "I saw nothing" kept, the Alibi cards and the culprit's card only moved."""
    rng = random.Random(seed)
    culprits = set()
    for state in _random_party(seed, players, variant)[::every]:
        for p in range(players):
            shuffled = rules.shuffle_hidden(state, p, rng)
            assert rules.view(shuffled, p) == rules.view(state, p)
            # every reading, anyone's, agrees with the table dealt again
            assert all(e.alibi == shuffled.alibis[index(e.guest, shuffled)] for e in shuffled.events
                       if isinstance(e, Read))
            if state.phase != OVER:
                culprits.add(shuffled.culprit)
                assert shuffled.culprit in alibis.suspects_of(state) and shuffled.culprit not in rules.view(state, p).cleared
                assert shuffled.culprit not in shuffled.alibis
                assert all(shuffled.alibis[index(g, state)] == SAW_NOTHING for g in alibis.outside(state))
                cards = [a for a in shuffled.alibis if a is not None] + [shuffled.culprit]
                assert Counter(cards) == Counter([a for a in state.alibis if a is not None] + [state.culprit])
    assert len(culprits) > 1  # the culprit does move among the suspects not ruled out
