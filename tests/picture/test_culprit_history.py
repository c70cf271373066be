"""Picture Perfect, the Sherlock expansion: the culprit's odds are exact about everything a
player was told -- held to a count that plays the questions forward, sharing nothing with
``culprit.py`` or ``odds.py``.

For a position of a party and one player, every hypothetical deal is a culprit and the
Alibi cards in the envelopes, agreeing with the cards the player read. On it the party's
questions are answered again, in order, as an honest player answers from their Alibi
sheet then: "have you confirmed X's alibi?" is yes when they have read X's card; "is X
cleared?" when they have read it or an answer they were given about X was yes (answers
worked out the same way, on the same deal, as the party went); a guest who is no suspect
(the victim, one who was outside) is checked on every sheet. Who read which envelope
when is public (holding an envelope is reading it); only the cards are the deal's. A deal
fits when every answer the player was given comes out the same. Every (culprit, deal)
pair is as likely as another before anything is read, so the chance of a culprit is the
share of fitting deals: counted deal by deal on small positions (exact, ``Fraction``
equality), drawn at random on large ones (within a stated tolerance).

The model the project used before (``culprit.HELD_ONLY``: a yes to "is X cleared?" only
clears X, an "I don't know" speaks only of the envelopes the answerer had held) must fail.
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

from sherlockkit.games.picture import bots, culprit, rules
from sherlockkit.games.picture.alibis import SAW_NOTHING
from sherlockkit.games.picture.events import Answered, Read
from sherlockkit.games.picture.questions import CONFIRMED, YES
from tests.random_play import random_game

#: hypothetical deals drawn for a large position, and how far a share may stray from the
#: exact chance: one standard deviation of a share of the fitting deals is at most
#: 0.5 / sqrt(kept); 3,000 kept make it 0.0091, and 0.05 is more than five of them
KEPT, TOLERANCE = 3_000, 0.05
#: random parties are played this far only: their questions are all asked and answered
#: before (the last answer of these sixteen parties comes at move 223; random players then
#: spend hundreds of moves arranging the photo, half this file's time when it was 400)
LIMIT = 240
#: one worker plays the parties once for every test here (``make check`` spreads tests over workers)
pytestmark = [pytest.mark.xdist_group("culprit_history"), pytest.mark.exhaustive]
#: the most envelopes left unread by the player for a count deal by deal (6! deals a culprit)
ENUMERABLE = 6


def _play_forward(events, deal: dict, player: int) -> bool:
    """Whether ``deal`` (envelope -> the card in it, ``None`` for "I saw nothing") answers
    every question ``player`` was given in ``events`` as they were answered (a guest who is
    no suspect -- the victim, a guest who was outside -- is checked on every sheet: yes)."""
    read: dict[int, set] = {}
    told_yes: dict[int, set] = {}
    for e in events:
        if isinstance(e, Read) and e.guest in deal:
            read.setdefault(e.player, set()).add(deal[e.guest])
        elif isinstance(e, Answered):
            knows = read.get(e.target, set())
            if e.guest not in deal:
                yes = True
            else:
                yes = e.guest in knows or (e.kind != CONFIRMED and e.guest in told_yes.get(e.target, ()))
            if yes:
                told_yes.setdefault(e.player, set()).add(e.guest)
            if e.player == player and (e.answer == YES) != yes:
                return False
    return True


def _setting(state, player: int):
    """The suspects, the envelopes the player read (and what was in them), the envelopes
    they did not, and the events that matter to a count, in order: every reading and every
    answer of the table so far (for who read what when, and who was told what)."""
    known = culprit.facts(rules.view(state, player))  # only its list of suspects (the party's, less the victim)
    suspects = known["suspects"]
    seen = {}
    for e in state.events:
        if isinstance(e, Read) and e.player == player and e.guest in suspects:
            seen[e.guest] = None if e.alibi == SAW_NOTHING else e.alibi
    unread = [g for g in suspects if g not in seen]
    return suspects, seen, unread, [e for e in state.events if isinstance(e, (Read, Answered))]


def _counted(state, player: int) -> dict[str, Fraction]:
    """Every (culprit, deal) pair, one by one: the share of those that fit, by culprit."""
    suspects, seen, unread, events = _setting(state, player)
    fits = dict.fromkeys(suspects, 0)
    for guilty in suspects:
        cards = [g for g in suspects if g != guilty] + [None]
        for c in seen.values():
            if c not in cards:
                break
            cards.remove(c)
        else:
            for order in itertools.permutations(cards):
                deal = {**seen, **dict(zip(unread, order))}
                fits[guilty] += _play_forward(events, deal, player)
    total = sum(fits.values())
    return {g: Fraction(n, total) for g, n in fits.items()}


def _drawn(state, player: int, rng: random.Random) -> dict[str, float]:
    """Pairs drawn at random (a culprit, then a shuffle), those that fit kept: shares."""
    suspects, seen, unread, events = _setting(state, player)
    fits = dict.fromkeys(suspects, 0)
    kept = 0
    while kept < KEPT:
        guilty = rng.choice(suspects)
        cards = [g for g in suspects if g != guilty] + [None]
        if any(c not in cards for c in seen.values()):
            continue
        for c in seen.values():
            cards.remove(c)
        rng.shuffle(cards)
        if _play_forward(events, {**seen, **dict(zip(unread, cards))}, player):
            fits[guilty] += 1
            kept += 1
    return {g: n / kept for g, n in fits.items()}


# --- positions ---------------------------------------------------------------------------------------------

def _parties():
    """Random Sherlock parties (three to six players, the variants, Irène; up to their
    :data:`LIMIT`-th move) and parties of keen bots asking at random, both kinds of question."""
    tables = [{}, {"variant": "more suspects"}, {"irene": True}, {"variant": "more suspects", "irene": True}]
    for seed in range(1, 17):
        yield random_game(rules, seed, limit=LIMIT, players=3 + seed % 4, sherlock=True, **tables[seed % 4])[0]
    for seed in (0, 4):
        made = bots.make_bots({p: bots.KEEN for p in range(3)}, seed, 40, questions=False)
        states = [rules.new(seed, players=3, sherlock=True)]
        from sherlockkit import engine

        _, moves = engine.play_out(rules, states[0], made)
        for move in moves:
            states.append(rules.play(states[-1], move))
        yield states


@pytest.fixture(scope="module")
def positions():
    """(state, player) after answers: for each party and player, the tables right after
    each answer they were given."""
    out = []
    for states in _parties():
        for player in range(states[0].players):
            after = [s for prev, s in zip(states, states[1:])
                     if any(isinstance(e, Answered) and e.player == player for e in s.events[len(prev.events):])]
            out += [(s, player) for s in after]
    return out


def _unread(state, player: int) -> int:
    return len(_setting(state, player)[2])


@pytest.fixture(scope="module")
def counted(positions):
    """The small positions (few envelopes unread) and their count deal by deal."""
    return [(s, p, _counted(s, p)) for s, p in positions if _unread(s, p) <= ENUMERABLE]


def test_the_odds_are_the_deals_played_forward_counted_one_by_one(counted):
    assert len(counted) >= 100
    for state, player, exact in counted:
        assert culprit.odds_view(rules.view(state, player), rational=False) == exact


def test_the_odds_match_deals_drawn_at_random_on_large_positions(positions):
    rng = random.Random("culprit history")
    large = [(s, p) for s, p in positions if _unread(s, p) > ENUMERABLE]
    assert len(large) >= 40
    for state, player in rng.sample(large, 12):
        exact = culprit.odds_view(rules.view(state, player), rational=False)
        for guest, share in _drawn(state, player, rng).items():
            assert abs(share - exact[guest]) <= TOLERANCE, (player, guest)


def test_the_simpler_model_fails_the_count(counted):
    wrong = [1 for s, p, exact in counted
             if culprit.odds_view(rules.view(s, p), rational=False, model=culprit.HELD_ONLY) != exact]
    assert wrong


def test_a_wrong_model_name_is_a_sentence():
    view = rules.view(rules.new(0, players=3, sherlock=True), 0)
    with pytest.raises(ValueError, match="The models are"):
        culprit.facts(view, "sheet")


def _random_party(seed: int):
    """The tables of a party of three random bots (the tournament's level), dealt from ``seed``."""
    from sherlockkit import engine

    start = rules.new(seed, players=3, sherlock=True)
    _, moves = engine.play_out(rules, start, bots.make_bots({p: bots.RANDOM for p in range(3)}, seed, 10))
    states = [start]
    for move in moves:
        states.append(rules.play(states[-1], move))
    return states


def test_the_chapters_example_an_i_dont_know_says_more_than_the_envelopes_held():
    """The chapter's position (``inquiry_report.first_misread``): seed 1, Player 3 hears
    "I don't know" to "Is Biscuit cleared?"; the simpler model gives Biscuit 1/4, the exact
    odds 1/2, and the questions played forward on every deal agree with the exact odds."""
    from sherlockkit.games.picture import inquiry_report

    states = _random_party(1)
    misread = inquiry_report.first_misread([rules.view(s, 2) for s in states])
    assert (misread.index, misread.answer.guest, misread.answer.kind) == (65, "Biscuit", "cleared")
    assert misread.differs["Biscuit"] == (Fraction(1, 2), Fraction(1, 4))
    state = states[misread.index]
    forward = _counted(state, 2) if _unread(state, 2) <= ENUMERABLE else None
    exact = culprit.odds_view(rules.view(state, 2), rational=False)
    if forward is not None:
        assert forward == exact
    else:
        drawn = _drawn(state, 2, random.Random("chapter"))
        assert all(abs(drawn[g] - exact[g]) <= TOLERANCE for g in exact)
    assert inquiry_report.first_misread([rules.view(s, 2) for s in states[:misread.index]]) is None
