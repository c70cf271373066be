"""The Sherlock expansion's variants (issue 14): "more suspects" played within our fourteen
guests (two guests drawn at random were outside, the culprit and the victim drawn from the
twelve others), "detectives as guests" refused with a sentence."""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections import Counter
from fractions import Fraction

import pytest

from sherlockkit.engine import IllegalAction
from sherlockkit.games.picture.narration import sentences
from sherlockkit.games.picture import alibis, questions, rules
from sherlockkit.games.picture.alibis import CHILDREN, SAW_NOTHING
from sherlockkit.games.picture.cards import envelopes_each
from sherlockkit.games.picture.culprit import odds_view
from sherlockkit.games.picture.guests import NAMES
from sherlockkit.games.picture.events import Answered, Dealt, GameEnded, Passed, Read, Took
from sherlockkit.games.picture.state import ASKING, OVER, Ask, held

from .test_sherlock_setup import _pick, _random_party

MORE = "more suspects"
SEEDS = range(16)


def party(seed: int, players: int = 3):
    return rules.new(seed, players=players, sherlock=True, variant=MORE)


def played(seed: int, players: int):
    """The states of a random party of the variant, deal to end (moves leaning to Ready)."""
    return _random_party(seed, players, MORE)


# --- the options ----------------------------------------------------------------------------------------

def test_detectives_as_guests_is_refused_with_a_sentence():
    with pytest.raises(ValueError, match=r"detectives as guests.*\."):
        rules.new(1, players=3, sherlock=True, variant="detectives as guests")


def test_more_suspects_needs_the_sherlock_expansion():
    with pytest.raises(ValueError, match=r"Sherlock expansion.*\."):
        rules.new(1, players=3, variant=MORE)


def test_the_plain_expansion_keeps_the_children_outside():
    state = rules.new(3, players=3, sherlock=True)
    assert state.outside == () and state.variant is None and rules.view(state, 0).outside == ()
    assert alibis.outside(state) == alibis.outside(rules.view(state, 1)) == CHILDREN
    assert state.events[0].outside == ()
    assert "Tom and Polly were outside" in sentences(state.events)[0]


# --- the deal --------------------------------------------------------------------------------------------

def test_two_guests_outside_drawn_anew_each_party_and_neither_culprit_nor_victim():
    pairs = set()
    for seed in SEEDS:
        state = party(seed)
        assert state.variant == MORE and len(set(state.outside)) == 2 and set(state.outside) <= set(NAMES)
        assert state.culprit not in state.outside and state.victim not in state.outside
        assert state.culprit != state.victim
        assert alibis.suspects_of(state) == tuple(g for g in NAMES if g not in state.outside)
        pairs.add(state.outside)
    assert len(pairs) > 8  # drawn at random: the pair changes from party to party
    assert any(not set(p) & set(CHILDREN) for p in pairs)  # grown-ups (or the dog...) may be outside
    assert party(5).outside == party(5).outside  # and the same seed deals the same party


def test_anyone_may_have_been_outside_and_the_deal_tells_it():
    drawn = Counter(g for seed in range(200) for g in party(seed).outside)
    assert set(drawn) == set(NAMES)
    state = party(7)
    assert state.events[0].outside == state.outside == rules.view(state, 2).outside
    with pytest.raises(ValueError, match="Two different guests"):
        alibis.deal_case(1, ("Tom", "Tom"))
    with pytest.raises(ValueError, match="Two different guests"):
        alibis.deal_case(1, ("Tom", "Watson"))


def test_a_child_can_be_the_culprit_and_the_victim():
    assert party(4).culprit in CHILDREN  # seed 4: Tom did it
    assert party(2).victim in CHILDREN  # seed 2: Tom is the victim
    culprits = Counter(party(seed).culprit for seed in range(200))
    assert set(culprits) == set(NAMES)  # anyone may be the culprit, in some party


@pytest.mark.parametrize("seed", SEEDS)
def test_alibi_cards_in_the_envelopes(seed):
    state = party(seed)
    inside = dict(zip(NAMES, state.alibis))
    assert inside[state.victim] is None
    assert all(inside[g] == SAW_NOTHING for g in state.outside)  # "I saw nothing" in each outside envelope
    eleven = [g for g in NAMES if g not in state.outside and g != state.victim]
    # the third "I saw nothing" lies among the eleven other envelopes
    assert Counter(inside[g] for g in eleven)[SAW_NOTHING] == 1
    counted = Counter(a for a in state.alibis if a is not None)
    assert counted[SAW_NOTHING] == 3 and state.culprit not in counted  # the culprit's alibi: in no envelope
    assert all(counted[g] == 1 for g in eleven if g != state.culprit)
    assert not any(counted[g] for g in state.outside) and not counted[state.victim]


@pytest.mark.parametrize("players", range(2, 7))
def test_the_outside_envelopes_lie_in_the_middle(players):
    for seed in SEEDS:
        state = party(seed, players)
        middle = held(state, None)
        assert set(state.outside) <= set(middle) and state.victim not in middle
        for p in range(players):
            mine = held(state, p)
            assert len(mine) == envelopes_each(players) and not set(mine) & set(state.outside)


@pytest.mark.parametrize("seed,players", [(1, 2), (4, 4)])
def test_the_outside_guests_cleared_on_every_sheet(seed, players):
    for state in played(seed, players)[::11]:
        for p in range(players):
            view = rules.view(state, p)
            assert view.outside == state.outside and view.variant == MORE
            told = {e.guest for e in state.events if isinstance(e, Answered) and e.player == p and e.answer == "yes"}
            assert view.cleared == {state.victim, *state.outside} | (_read_alibis(state, p) - {SAW_NOTHING}) | told
    # the log names who was outside
    state = party(3)
    assert all(" and ".join(state.outside) in line for line in (sentences(state.events)[0], sentences(rules.view(state, 0).events, 0)[0]))
    assert "Mr Wren and Biscuit were outside" in sentences(state.events)[0]


def _read_alibis(state, p):
    return {e.alibi for e in state.events if isinstance(e, Read) and e.player == p}


def test_a_child_not_outside_is_not_cleared_until_an_alibi_says_so():
    state = party(4)  # Mrs Pike and the Reverend were outside; Tom did it, Polly may have
    assert not set(CHILDREN) & set(state.outside)
    for p in range(state.players):
        sheet = rules.view(state, p).cleared
        assert "Tom" not in sheet
        assert ("Polly" in sheet) == ("Polly" in _read_alibis(state, p))


# --- questions ---------------------------------------------------------------------------------------------

def _to_asking(state):
    rng = random.Random(0)
    while state.phase != ASKING:
        state = rules.play(state, _pick(state, rng))
    return state


def test_questions_ask_about_the_partys_suspects():
    state = _to_asking(party(4))
    asker = state.turns[0]
    target = (asker + 1) % state.players
    away = state.outside[0]
    with pytest.raises(IllegalAction, match="not a suspect"):
        rules.play(state, Ask(asker, target, questions.CONFIRMED, away))
    asks = {a.guest for a in rules.legal_actions(state, asker) if isinstance(a, Ask)}
    assert asks == set(alibis.suspects_of(state)) and "Tom" in asks and "Polly" in asks
    # an outside guest is confirmed on every sheet: the sheet says so to any question about it
    assert questions.honest(state.events, target, state.victim, questions.CONFIRMED, away) == questions.YES


# --- what no player may see --------------------------------------------------------------------------------

@pytest.mark.parametrize("seed,players", [(4, 2), (5, 3), (22, 6)])
def test_no_view_holds_the_culprit_before_the_reveal(seed, players):
    states = played(seed, players)
    final = states[-1]
    culprit = final.culprit
    for state in states[:-1:3]:
        for p in range(players):
            view = rules.view(state, p)
            assert culprit not in view.cleared
            assert all(getattr(e, "culprit", None) is None and getattr(e, "alibi", None) != culprit
                       for e in view.events)
            assert not any(f"{culprit} did it" in line for line in sentences(view.events, view.player))
            for other in alibis.suspects_of(state):  # the view is the same whoever did it
                assert rules.view(dataclasses.replace(state, culprit=other), p) == view
    ended = final.events[-1]
    assert isinstance(ended, GameEnded) and ended.culprit == culprit


# shuffle_hidden in this variant: one test with the rulebook's setup,
# ``test_sherlock_setup.test_shuffle_hidden_leaves_every_view_unchanged``


@pytest.mark.parametrize("seed,players", [(8, 3), (5, 6)])
def test_replay_is_exact(seed, players):
    rng = random.Random(seed)
    state = party(seed, players)
    actions = []
    while state.phase != OVER:
        actions.append(_pick(state, rng))
        state = rules.play(state, actions[-1])
    again = party(seed, players)
    for action in actions:
        again = rules.play(again, action)
    assert again == state


# --- the odds, against every deal listed ---------------------------------------------------------------------

def brute_odds(view) -> dict[str, Fraction]:
    """The culprit's odds for ``view``'s player by listing every deal of the Alibi cards that
    fits what they saw and were told, read straight from the view's events (nothing from
    ``culprit.py`` or ``odds.py``)."""
    away = view.outside or CHILDREN
    suspects = [g for g in NAMES if g not in away and g != view.victim]
    envelopes = suspects  # one Alibi card in each but the victim's and the outside guests'
    held_now = {p: set() for p in range(view.players)}
    seen, told = {}, []
    for e in view.events:
        if isinstance(e, Dealt):
            for guest, seat in e.holders:
                held_now[seat].add(guest)
        elif isinstance(e, (Took, Passed)):
            held_now[e.player if isinstance(e, Took) else e.to].add(e.guest)
        elif isinstance(e, Read) and e.player == view.player and e.guest in envelopes:
            seen[e.guest] = e.alibi
        elif isinstance(e, Answered) and e.player == view.player and e.guest in suspects:
            told.append((e.kind, e.guest, e.answer, frozenset(held_now[e.target])))
    unread = [g for g in envelopes if g not in seen]
    ways = dict.fromkeys(suspects, 0)
    for culprit in suspects:
        cards = Counter([g for g in suspects if g != culprit] + [SAW_NOTHING])
        cards.subtract(seen.values())
        if any(n < 0 for n in cards.values()):
            continue
        for rest in set(itertools.permutations(list(cards.elements()))):
            deal = {**seen, **dict(zip(unread, rest))}
            where = {card: g for g, card in deal.items()}
            if all(_fits(kind, guest, answer, held, culprit, where) for kind, guest, answer, held in told):
                ways[culprit] += 1
    total = sum(ways.values())
    return {g: Fraction(w, total) for g, w in ways.items()}


def _fits(kind, guest, answer, held, culprit, where) -> bool:
    """Whether an answer agrees with a deal: "yes, confirmed" -- the guest's card lay in an
    envelope the answerer had held; "no" or "I don't know" -- it lay in none of them;
    "yes, cleared" -- the guest is innocent."""
    had = where.get(guest) in held
    if answer == questions.YES:
        return guest != culprit if kind == questions.CLEARED else had
    return not had


@pytest.mark.parametrize("seed,players", [(4, 2), (12, 3), (22, 4)])
def test_the_odds_from_a_view_equal_every_deal_listed(seed, players):
    checked = 0
    for state in played(seed, players)[::5]:
        for p in range(players):
            view = rules.view(state, p)
            read = {e.guest for e in view.events if isinstance(e, Read) and e.player == p}
            if len(read - set(view.outside) - {view.victim}) < 5:
                continue  # keep the listing small: at most six envelopes left unread
            expected = brute_odds(view)
            assert odds_view(view, rational=False) == expected
            assert expected[state.culprit] > 0
            checked += 1
    assert checked >= 3
