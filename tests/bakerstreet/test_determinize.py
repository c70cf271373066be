"""A table drawn to fit what one player has seen (``determinize.table_for``): that player's
view of it is exactly the view it was drawn from, it plays on like any table, and their
hand in it falls as the exact belief says."""

from __future__ import annotations

import random

import pytest

from collections import Counter

from sherlockkit.games.bakerstreet import determinize, odds, rules
from sherlockkit.games.bakerstreet.cards import EVIDENCE, LEADS, Evidence, Lead
from sherlockkit.games.bakerstreet.events import LeadDied
from tests.random_play import random_game

#: (players, case file, characters) of the random games the positions come from
TABLES = [(2, 1, None), (3, 3, None), (4, 6, None), (3, 2, "dealt"), (4, 1, "dealt")]
#: random games in which a character's power sends a dead Lead back to the box (seed, players)
BOXED = [(3, 3), (5, 4)]


def positions(every: int = 5):
    """Positions of random games, every few moves, with each seat's view."""
    for players, case, characters in TABLES:
        for seed in range(3):
            states, _ = random_game(rules, seed, players=players, case=case, characters=characters)
            for state in states[::every]:
                if rules.outcome(state) is None:
                    yield state
    for seed, players in BOXED:
        states, _ = random_game(rules, seed, players=players, case=1, characters="dealt")
        assert any(isinstance(e, LeadDied) and not e.impossible for e in states[-1].events)
        yield from (s for s in states[-10:] if rules.outcome(s) is None)


def every_card(table) -> tuple[Counter, Counter]:
    """Every Lead and every Evidence card of ``table``, wherever it lies."""
    leads = Counter(lead for p in table.piles for lead in p.leads) + Counter(table.box)
    evidence = Counter(c for hand in table.hands for c in hand) + Counter(table.deck)
    evidence += Counter(c for p in table.piles for c in p.evidence)
    leads += Counter(x for x in table.impossible if isinstance(x, Lead))
    evidence += Counter(x for x in table.impossible if isinstance(x, Evidence))
    return leads, evidence


def test_the_player_sees_the_drawn_table_exactly_as_the_one_it_was_drawn_from():
    rng, checked = random.Random(1), 0
    for state in positions():
        for seat in range(state.players):
            view = rules.view(state, seat)
            drawn = determinize.table_for(view, rng)
            assert rules.view(drawn, seat) == view
            assert every_card(drawn) == every_card(state) == (Counter(LEADS), Counter(EVIDENCE)), "each card once"
            assert rules.legal_moves(rules.view(drawn, seat)) == rules.legal_moves(view)
            checked += 1
    assert checked > 120


def test_a_drawn_table_plays_on_to_its_end():
    rng = random.Random(2)
    for k, state in enumerate(positions(every=15)):
        table = determinize.table_for(rules.view(state, state.turn), rng)
        for _ in range(500):
            if rules.outcome(table) is not None:
                break
            table = rules.play(table, rng.choice(rules.legal_actions(table)))
        assert rules.outcome(table) is not None, k


def test_it_reads_the_view_alone():
    """The hidden cards dealt again (the same view): the same draw from the same source."""
    for state in list(positions(every=20))[:10]:
        again = rules.shuffle_hidden(state, state.turn, random.Random(3))
        view = rules.view(state, state.turn)
        if rules.view(again, state.turn) != view:
            continue  # the re-deal moved a card the player was told about: not the same view
        assert determinize.table_for(view, random.Random(4)) == determinize.table_for(rules.view(again, state.turn),
                                                                                      random.Random(4))


@pytest.mark.parametrize("seed", [0, 1])
def test_the_drawn_hands_fall_as_the_exact_belief_counts(seed):
    """Per slot and card, the share of 4,000 drawn hands is the exact chance ``odds.belief``
    counts, within 0.04 (over 5 standard deviations of a share of 4,000)."""
    told = [s for k in range(seed * 50, seed * 50 + 50) for s in random_game(rules, k, players=2, case=1)[0]
            if rules.outcome(s) is None and sum(bool(t.icon or t.number) for t in s.told[s.turn]) >= 2]
    state = told[len(told) // 2]  # a player told of two cards or more
    view = rules.view(state, state.turn)
    belief, rng, draws = odds.belief(view), random.Random(seed), 4_000
    counts = [dict() for _ in view.told[view.player]]
    for _ in range(draws):
        for slot, card in enumerate(determinize.own_hand(view, rng)):
            counts[slot][card] = counts[slot].get(card, 0) + 1
    for slot, row in enumerate(counts):
        for card in set(row) | {c for c, w in belief.ways[slot].items() if w}:
            exact = belief.ways[slot].get(card, 0) / belief.deals
            assert abs(row.get(card, 0) / draws - exact) < 0.04, (slot, card)
