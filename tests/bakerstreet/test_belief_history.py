"""Beyond Baker Street: the belief about your own hand is exact about everything you have
seen, in order -- held to a count that shares nothing with ``odds.py``.

The count here is driven only by what the player saw, move by move: their view after each
move (the teammates' hands, the cards under the Leads, the Impossible) and the cards the
move's events showed in passing (a card played face up and shuffled back in the same
move). It follows their own slots by their own events (a card played from slot ``i``, a
card drawn into the last slot); what Assists told them of each slot is read off their
table (``View.told``: a Telegraphist's double hint tells each card's number and icon
apart, which the event's list of slots pointed at does not). A slot's card is any card
they cannot see now, that agrees with what they were told of the slot and was in sight at
no moment since the slot was filled. Every hand that gives each slot
such a card, no card twice, is equally likely; this test counts them one by one (small
positions: exact, ``Fraction`` equality), checks which cards each slot may hold by a
matching search (every position), and draws hands at random (large positions: within a
stated tolerance).

The model the project used before (every card unseen *now* possible in every slot) is kept
as ``odds.UNSEEN_NOW``; it and a belief planted to forget the cards that went back to the
deck must fail these checks.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from sherlockkit.games.bakerstreet import odds, rules, sight, teams
from sherlockkit.games.bakerstreet.cards import EVIDENCE, Evidence
from sherlockkit.games.bakerstreet.events import Drew, Eliminated, EvidenceReturned, Investigated, Recalled
from tests.random_play import random_game

#: (players, Case File, characters): every player count, easy and hard files, with and without characters
TABLES = [(2, 1, None), (3, 2, None), (4, 3, None), (2, 2, "dealt"), (3, 1, "dealt"), (4, 6, "dealt")]
#: random samples drawn for a large position, and how far a share may stray from the exact
#: chance: one standard deviation of a share of 4,000 draws is at most 0.0079, so 0.045 is
#: more than five of them
SAMPLES, TOLERANCE = 4_000, 0.045
#: the largest number of hands counted one by one for an exact check
ENUMERABLE = 60_000
#: one worker plays the games once for every test here (``make check`` spreads tests over workers)
pytestmark = [pytest.mark.xdist_group("belief_history"), pytest.mark.exhaustive]


# --- what the player saw, written again here on purpose -----------------------------------------------

def _in_sight(view) -> set[Evidence]:
    """The Evidence the view shows: the others' hands, the cards under the Leads, the Impossible's."""
    cards = {c for hand in view.hands if hand is not None for c in hand}
    cards |= {c for pile in view.piles for c in pile.evidence}
    return cards | {c for c in view.impossible if c in EVIDENCE}


def _shown_in_passing(events) -> set[Evidence]:
    """The cards a move's events showed face up as they were played."""
    return {e.card for e in events if isinstance(e, (Investigated, Eliminated))}


def _agrees(told, card: Evidence) -> bool:
    """Whether ``card`` agrees with what the player was told of a slot (a ``Told``, shown on
    their table): written again here, on purpose."""
    if told.number is not None and told.number != card.number:
        return False
    if told.icon is not None and told.icon != card.icon:
        return False
    return card.number not in told.not_numbers and card.icon not in told.not_icons


def _history(states, seat: int):
    """For each table of ``states`` (after each move), the move each of the player's slots
    was filled in (0: dealt) and, move by move, what they had in sight (the view after the
    move, and what the move showed in passing)."""
    views = [rules.view(s, seat) for s in states]
    filled = [0] * views[0].hand_sizes[seat]
    sight = [_in_sight(views[0])]
    filled_by_move = [tuple(filled)]
    for t in range(1, len(views)):
        events = views[t].events[len(views[t - 1].events):]
        for e in events:
            if isinstance(e, (Investigated, Eliminated)) and e.player == seat:
                del filled[e.slot]
            elif isinstance(e, Drew) and e.player == seat:
                filled.append(t)
        assert len(filled) == views[t].hand_sizes[seat]
        filled_by_move.append(tuple(filled))
        sight.append(_in_sight(views[t]) | _shown_in_passing(events))
    return views, filled_by_move, sight


def _candidates(views, filled_by_move, sight, t: int) -> list[list[Evidence]]:
    """For each slot of the player's hand after move ``t``, the cards it may hold."""
    view = views[t]
    unseen_now = [c for c in EVIDENCE if c not in _in_sight(view)]
    out = []
    for told, filled in zip(view.told[view.player], filled_by_move[t]):
        # from the view right after it was filled (not what that move showed before the draw), then every move on
        since = set(_in_sight(views[filled])).union(*sight[filled + 1:t + 1])
        out.append([c for c in unseen_now if _agrees(told, c) and c not in since])
    return out


# --- counting hands, three ways --------------------------------------------------------------------------

def _has_matching(cands: list[list[Evidence]], fixed_slot: int, card: Evidence) -> bool:
    """Whether the slots can each get a different card of their candidates with ``card`` in
    ``fixed_slot`` (augmenting paths)."""
    owner: dict[Evidence, int] = {card: fixed_slot}

    def place(s: int, tried: set) -> bool:
        for c in cands[s]:
            if c in tried:
                continue
            tried.add(c)
            if c not in owner or (owner[c] != fixed_slot and place(owner[c], tried)):
                owner[c] = s
                return True
        return False

    return all(place(s, {card}) for s in range(len(cands)) if s != fixed_slot)


def _support(cands) -> list[set[Evidence]]:
    return [{c for c in row if _has_matching(cands, s, c)} for s, row in enumerate(cands)]


def _count(cands) -> tuple[int, list[dict[Evidence, int]]]:
    """Every hand, one by one: how many, and how many put each card in each slot."""
    per_slot = [dict() for _ in cands]
    total = 0
    hand: list[Evidence] = []

    def fill(s: int) -> None:
        nonlocal total
        if s == len(cands):
            total += 1
            for i, c in enumerate(hand):
                per_slot[i][c] = per_slot[i].get(c, 0) + 1
            return
        for c in cands[s]:
            if c not in hand:
                hand.append(c)
                fill(s + 1)
                hand.pop()

    fill(0)
    return total, per_slot


def _sample(cands, rng: random.Random) -> list[dict[Evidence, float]]:
    """Hands drawn at random, each slot a candidate, a card twice thrown away: shares."""
    counts = [dict() for _ in cands]
    kept = 0
    while kept < SAMPLES:
        hand = [rng.choice(row) for row in cands]
        if len(set(hand)) == len(hand):
            kept += 1
            for i, c in enumerate(hand):
                counts[i][c] = counts[i].get(c, 0) + 1
    return [{c: n / kept for c, n in row.items()} for row in counts]


# --- positions ---------------------------------------------------------------------------------------------

def _games():
    """Random games and bot games (inference and conventions teams) at every table of :data:`TABLES`."""
    for i, (players, case, characters) in enumerate(TABLES):
        options = {"players": players, "case": case, "characters": characters}
        yield random_game(rules, 100 + i, **options)[0]
        for level in ("inference", "conventions"):
            seed = 7 * i + (level == "conventions")
            played = teams.play_case(level, players, case, seed, characters)
            states = [rules.new(seed, players, case, characters)]
            for move in played.moves:
                states.append(rules.play(states[-1], move))
            yield states


@pytest.fixture(scope="module")
def positions():
    """(view, candidates) at some 300 positions: every seat, ten moves of each game."""
    rng = random.Random("belief history")
    out = []
    for states in _games():
        for seat in range(states[0].players):
            views, slots_by_move, sight = _history(states, seat)
            for t in sorted(rng.sample(range(len(states)), min(len(states), 10))):
                out.append((views[t], _candidates(views, slots_by_move, sight, t)))
    return out


def _differences(positions, belief) -> list[tuple[int, int]]:
    """The positions and slots where ``belief`` gives chance to another set of cards than
    the independent count allows (slot -1: it finds no deal at all)."""
    wrong = []
    for i, (view, cands) in enumerate(positions):
        try:
            known = belief(view)
        except ValueError:  # a belief that finds no deal where the count finds some
            wrong.append((i, -1))
            continue
        for s, allowed in enumerate(_support(cands)):
            if {c for c, w in known.ways[s].items() if w} != allowed:
                wrong.append((i, s))
    return wrong


def test_every_slot_may_hold_exactly_the_cards_the_history_allows(positions):
    assert len(positions) >= 300
    assert _differences(positions, odds.belief) == []


def test_the_chances_are_the_hands_counted_one_by_one_on_small_positions(positions):
    checked = 0
    for view, cands in positions:
        size = 1
        for row in cands:
            size *= max(1, len(row))
        if size > ENUMERABLE:
            continue
        total, per_slot = _count(cands)
        known = odds.belief(view)
        assert known.deals > 0 and total > 0
        for s, row in enumerate(per_slot):
            exact = {c: Fraction(w, known.deals) for c, w in known.ways[s].items() if w}
            assert exact == {c: Fraction(n, total) for c, n in row.items()}
        checked += 1
    assert checked >= 60


def test_the_chances_match_hands_drawn_at_random_on_large_positions(positions):
    rng = random.Random("large positions")
    large = [(v, c) for v, c in positions if len(c) >= 4 and min(map(len, c)) >= 6]
    assert len(large) >= 20
    for view, cands in rng.sample(large, 20):
        known = odds.belief(view)
        for s, shares in enumerate(_sample(cands, rng)):
            for card, w in known.ways[s].items():
                assert abs(shares.get(card, 0) - w / known.deals) <= TOLERANCE, (view.player, s, card)


def test_the_issues_example_a_pursue_sends_back_two_clues_seen_after_the_slot_was_dealt():
    """Seed 0, two players, Case File 1, inference bots, after move 16: seat 0's slot 4 was
    dealt at the start; Clue 2 and Clue 3 were played by seat 1 and sent back to the deck by
    a Pursue, so neither can be in it."""
    played = teams.play_case("inference", 2, 1, 0)
    view = rules.view(teams.tables(0, 2, 1, played.moves)[16], 0)
    clues = (Evidence("Clue", 2), Evidence("Clue", 3))
    known = odds.belief(view)
    simple = odds.belief(view, odds.UNSEEN_NOW)
    assert [known.chance(4, c, rational=False) for c in clues] == [0, 0]
    assert [simple.chance(4, c, rational=False) for c in clues] == [Fraction(1, 9)] * 2
    assert odds.investigate_odds(view, 4, "Opportunity", known, rational=False).advance == Fraction(1, 7)
    assert odds.investigate_odds(view, 4, "Opportunity", simple, rational=False).advance == Fraction(1, 3)
    gaps = odds.model_gaps(view)
    assert [(s, c, now, then) for s, c, now, then in gaps if s == 4 and c in clues] == \
        [(4, c, Fraction(0), Fraction(1, 9)) for c in clues]
    assert all(now != then for _, _, now, then in gaps)
    assert odds.model_gaps(rules.view(teams.tables(0, 2, 1, played.moves)[0], 0)) == []  # nothing seen yet


def test_the_simpler_model_fails_the_count(positions):
    wrong = _differences(positions, lambda view: odds.belief(view, odds.UNSEEN_NOW))
    assert len(wrong) >= 20


def test_a_belief_planted_to_forget_the_cards_sent_back_fails_the_count(positions, monkeypatch):
    """The planted break: a card that went back to the deck (a dead Lead's evidence, a
    Recall) is forgotten, as if never seen, by every slot."""
    remembered = odds.unseen_since

    def forgetful(view):
        sent_back = {c for e in view.events if isinstance(e, EvidenceReturned) for c in e.cards}
        sent_back |= {e.card for e in view.events if isinstance(e, Recalled)}
        return tuple(since - sent_back for since in remembered(view))

    monkeypatch.setattr(odds, "unseen_since", forgetful)
    assert _differences(positions, odds.belief)


def test_a_belief_planted_to_keep_the_cards_sent_back_in_sight_fails_the_count(positions, monkeypatch):
    """The other way round: a card sent back to the deck is taken as still in sight, so no
    slot drawn after it may hold it."""
    class NeverHappens:  # no event is one of these
        pass

    monkeypatch.setattr(sight, "EvidenceReturned", NeverHappens)
    monkeypatch.setattr(sight, "Recalled", NeverHappens)
    assert _differences(positions, odds.belief)


def test_a_wrong_model_name_is_a_sentence():
    view = rules.view(rules.new(0), 0)
    with pytest.raises(ValueError, match="The models are"):
        odds.belief(view, "everything")
