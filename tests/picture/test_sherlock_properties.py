"""The Sherlock expansion's properties (issue 14) over random parties (``tests/random_play.py``:
random legal moves, the kind of move drawn first), 2 to 6 players, with and without Irène and
the variant "more suspects":

- the culprit's alibi lies in no envelope, at every step;
- no player's view (its fields, its events, hence its log) holds the culprit, or the cards or
  the Alibi card of an envelope that player never read: the view is the same whoever did it
  and however the unread envelopes are filled;
- every answer given is what its answerer's Alibi sheet said at that moment (the sheet worked
  out again here from the events, not by ``questions.honest``), and a "yes" is true;
- the culprit's odds from every view sum to 1, give 0 to every guest the sheet clears and a
  positive chance to the true culprit.

The odds against every deal listed: ``test_odds.py`` (the counting, on small made-up cases)
and ``test_sherlock_variants.py`` (a real view of the variant, the deals listed from its events).
Two to three players run in the quick suite; four to six are marked slow (tens of seconds).
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from sherlockkit.games.picture.narration import sentences
from sherlockkit.games.picture import rules
from sherlockkit.games.picture.alibis import CHILDREN, SAW_NOTHING
from sherlockkit.games.picture.culprit import odds_view
from sherlockkit.games.picture.guests import NAMES
from sherlockkit.games.picture.questions import CLEARED, CONFIRMED, NO, UNKNOWN, YES
from sherlockkit.games.picture.events import Answered, Dealt, GameEnded, Read
from tests.random_play import random_game

MORE = "more suspects"
#: (seed, players, options): parties whose random play ends within a few seconds each
QUICK = [(3, 2, dict(variant=MORE)), (4, 2, dict()), (2, 3, dict(irene=True, variant=MORE)),
         (3, 3, dict(variant=MORE)), (3, 2, dict(irene=True))]
#: four to six players: longer random parties, in two groups of some twenty seconds each
#: (one party a group, to keep the whole suite within CI's time)
SLOW = {"slow 4-5": [(3, 4, dict(irene=True)), (3, 5, dict(variant=MORE))],
        "slow 6": [(5, 6, dict(variant=MORE))]}


@pytest.fixture(scope="module", params=["quick"] + [pytest.param(k, marks=pytest.mark.slow) for k in SLOW])
def parties(request):
    """Each party's states, deal to end (or to the move limit), and every how many states to look."""
    cases, every = (QUICK, 6) if request.param == "quick" else (SLOW[request.param], 29)
    return [(random_game(rules, seed, players=players, sherlock=True, **options)[0], every)
            for seed, players, options in cases]


def _outside(state) -> tuple[str, ...]:
    return state.outside or CHILDREN


def test_the_culprits_alibi_in_no_envelope(parties):
    for states, _ in parties:
        for state in states:
            assert state.culprit not in state.alibis and state.culprit not in _outside(state)
            assert state.culprit != state.victim
        assert rules.outcome(states[-1]) is not None  # each party played to its end


def _hidden_refilled(state, player: int, rng: random.Random):
    """The same table with the cards and Alibi cards of the envelopes ``player`` never read
    dealt among those envelopes again and the undealt deck in another order (the other
    players' records left as they were)."""
    read = {e.guest for e in state.events if isinstance(e, Read) and e.player == player}
    unread = [i for i, g in enumerate(NAMES) if g not in read]
    cards = [state.envelopes[i].cards for i in unread]
    alibis = [state.alibis[i] for i in unread]
    rng.shuffle(cards)
    rng.shuffle(alibis)
    envelopes, inside = list(state.envelopes), list(state.alibis)
    for i, c, a in zip(unread, cards, alibis):
        envelopes[i] = dataclasses.replace(envelopes[i], cards=c)
        inside[i] = a
    return dataclasses.replace(state, envelopes=tuple(envelopes), alibis=tuple(inside),
                               deck=tuple(reversed(state.deck)))


def test_no_view_holds_the_culprit_or_an_envelope_not_read(parties):
    rng = random.Random(0)
    for states, every in parties:
        culprit = states[-1].culprit
        for state in states[:-1:every]:
            for p in range(state.players):
                view = rules.view(state, p)
                read = {e.guest for e in state.events if isinstance(e, Read) and e.player == p}
                assert {g for g, _, _ in view.envelopes} <= read
                assert all(e.player == p for e in view.events if isinstance(e, Read))
                assert all(e.answer is None for e in view.events
                           if isinstance(e, Answered) and p not in (e.player, e.target))
                assert culprit not in view.cleared
                assert not any(isinstance(e, GameEnded) or getattr(e, "culprit", None) for e in view.events)
                for other in NAMES:  # whoever did it, the view is the same
                    if other not in _outside(state):
                        assert rules.view(dataclasses.replace(state, culprit=other), p) == view
                assert rules.view(_hidden_refilled(state, p, rng), p) == view
        last = sentences(rules.view(states[-2], 0).events, 0)
        assert not any(culprit in line and "did it" in line for line in last)
        assert any(culprit in line and "did it" in line for line in sentences(rules.view(states[-1], 0).events, 0))


def test_every_answer_is_what_the_answerers_sheet_said(parties):
    answers = set()
    for states, _ in parties:
        final = states[-1]
        dealt = final.events[0]
        assert isinstance(dealt, Dealt)
        checked = {dealt.victim, *(dealt.outside or CHILDREN)}  # on every sheet from the start
        for i, e in enumerate(final.events):
            if not isinstance(e, Answered):
                continue
            before = final.events[:i]
            confirmed = checked | {r.alibi for r in before if isinstance(r, Read) and r.player == e.target
                                   and r.alibi != SAW_NOTHING}
            told = {a.guest for a in before if isinstance(a, Answered) and a.player == e.target and a.answer == YES}
            if e.kind == CONFIRMED:
                assert e.answer == (YES if e.guest in confirmed else NO)
            else:
                assert e.kind == CLEARED and e.answer == (YES if e.guest in confirmed | told else UNKNOWN)
            if e.answer == YES:
                assert e.guest != final.culprit  # an honest sheet never clears the culprit
            answers.add((e.kind, e.answer))
    assert answers >= {(CONFIRMED, YES), (CONFIRMED, NO), (CLEARED, UNKNOWN)}  # the parties do ask


def test_the_culprits_odds_from_every_view(parties):
    for states, every in parties:
        for state in states[:-1:every]:
            for p in range(state.players):
                view = rules.view(state, p)
                odds = odds_view(view, rational=False)
                assert sum(odds.values()) == 1
                assert all(odds.get(g, 0) == 0 for g in view.cleared)
                assert odds[state.culprit] > 0
                assert set(odds) == {g for g in NAMES if g not in _outside(state) and g != state.victim}
