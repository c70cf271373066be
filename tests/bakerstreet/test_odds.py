"""Beyond Baker Street: the odds of the hand you cannot see (``odds.py``), checked exactly
against every deal listed one by one on small tables, against sampled deals on large ones,
and against the engine itself playing each deal."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from dataclasses import replace

import pytest
from sympy import Rational

from sherlockkit.games.bakerstreet import odds, rules
from sherlockkit.games.bakerstreet.cards import INVESTIGATION_GOAL, KINDS, Evidence
from sherlockkit.games.bakerstreet.events import Investigated, LeadDied
from sherlockkit.games.bakerstreet.state import Assist, Eliminate, Investigate, Told

from .table import E, L, rig


# --- a brute force that shares nothing with odds.py -------------------------------------------------

def _agrees(told: Told, card: Evidence) -> bool:
    """Written again here, on purpose: the test must not borrow ``odds.fits``."""
    if told.number is not None and told.number != card.number:
        return False
    if told.icon is not None and told.icon != card.icon:
        return False
    return card.number not in told.not_numbers and card.icon not in told.not_icons


def _hidden(state, seat: int) -> list[Evidence]:
    """The cards ``seat`` cannot see, read off the table (not the view): their hand and the deck."""
    return sorted(state.hands[seat] + state.deck)


def _hands(state, seat: int):
    """Every hand ``seat`` might hold given what they were told: each ordered choice of
    distinct hidden cards for their slots (the rest the deck, in any order: the same count
    for every hand, so it drops out)."""
    told = state.told[seat]
    for hand in itertools.permutations(_hidden(state, seat), len(state.hands[seat])):
        if all(_agrees(t, c) for t, c in zip(told, hand)):
            yield hand


def _brute(state, seat: int) -> list[dict[Evidence, Rational]]:
    hands = list(_hands(state, seat))
    counts = [Counter(h[s] for h in hands) for s in range(len(state.hands[seat]))]
    return [{c: Rational(n, len(hands)) for c, n in row.items()} for row in counts]


def _nonzero(belief: odds.Belief) -> list[dict[Evidence, Rational]]:
    return [{c: p for c, p in row.items() if p} for row in belief.chances]


def _played(seed: int, players: int, moves: int, pick=lambda acts, i: acts[(7 * i + 3) % len(acts)]):
    """A table after ``moves`` legal moves from a fresh deal (chosen by a fixed rule, so
    Assists, Investigates and Eliminates all come up), stopping early if the case ends."""
    state = rules.new(seed, players=players)
    for i in range(moves):
        if rules.outcome(state) is not None:
            break
        state = rules.play(state, pick(rules.legal_actions(state), i))
    return state


# --- small tables: exactly every deal ---------------------------------------------------------------

@pytest.mark.parametrize("seed,players,moves", [(1, 4, 0), (2, 4, 5), (3, 4, 9), (4, 3, 4), (5, 3, 8), (6, 4, 14)])
def test_belief_is_every_deal_counted_exactly(seed, players, moves):
    """The counting, for the simpler model (every card unseen now possible in a slot told
    nothing against it: what this brute force lists); what the whole history adds is held
    to its own count in ``test_belief_history.py``."""
    state = _played(seed, players, moves)
    for seat in range(players):
        belief = odds.belief(rules.view(state, seat), odds.UNSEEN_NOW)
        assert belief.cards == tuple(_hidden(state, seat))
        assert _nonzero(belief) == _brute(state, seat)
        assert belief.deals == sum(1 for _ in _hands(state, seat))


def test_the_tables_above_were_told_things():
    """The exact test means something only if some seat was told of its cards there."""
    told = [t for seed, players, moves in [(2, 4, 5), (3, 4, 9), (5, 3, 8), (6, 4, 14)]
            for ts in _played(seed, players, moves).told for t in ts]
    assert any(t.number is not None or t.icon is not None for t in told)
    assert any(t.not_numbers or t.not_icons for t in told)


def _two_player_small():
    """A two-player table (six slots) where few cards are hidden: most are played under
    the Leads or eliminated; then Assists tell each seat something."""
    state = rig((E("Clue 1", "Track 4", "Witness 2", "Document 6", "Track 1", "Clue 3"),
                 E("Witness 5", "Track 2", "Document 1", "Clue 6", "Witness 3", "Document 4")),
                piles={"Suspect": ((L("Suspect", "Track", 12),), E("Track 3", "Clue 2")),
                       "Motive": ((L("Motive", "Witness", 10),), E("Witness 1", "Witness 4")),
                       "Opportunity": ((L("Opportunity", "Document", 7),), E("Document 2", "Document 3"))},
                impossible=E("Clue 4", "Document 5", "Witness 6"), investigation=15)
    state = rules.play(state, Assist(0, 1, number=4))
    state = rules.play(state, Assist(1, 0, icon="Track"))
    state = rules.play(state, Assist(0, 1, icon="Witness"))
    return state


def test_belief_on_a_two_player_table_with_few_hidden_cards():
    state = _two_player_small()
    for seat in (0, 1):
        assert len(_hidden(state, seat)) <= 12
        assert _nonzero(odds.belief(rules.view(state, seat))) == _brute(state, seat)


# --- large tables: sampled deals --------------------------------------------------------------------

def test_belief_matches_sampled_deals_on_a_fresh_two_player_table():
    """18 hidden cards in six slots: too many deals to list, so deal many consistent hands
    by rejection sampling (fixed seed) and compare. Tolerance: 4 standard errors of each
    frequency, plus 1/N."""
    state = rules.new(11, players=2)
    me, other = state.turn, 1 - state.turn
    state = rules.play(state, Assist(me, other, number=state.hands[other][0].number))
    state = rules.play(state, Assist(other, me, icon=state.hands[me][2].icon))
    seat = other
    belief = odds.belief(rules.view(state, seat))
    hidden, told, rng = _hidden(state, seat), state.told[seat], random.Random(2024)
    counts, n = [Counter() for _ in told], 0
    while n < 20000:
        hand = rng.sample(hidden, len(told))
        if all(_agrees(t, c) for t, c in zip(told, hand)):
            n += 1
            for s, c in enumerate(hand):
                counts[s][c] += 1
    assert any(t.number is not None for t in told)
    for s, row in enumerate(belief.chances):
        for card in hidden:
            p = float(row[card])
            assert abs(counts[s][card] / n - p) <= 4 * math.sqrt(p * (1 - p) / n) + 1 / n, (s, card)


# --- what the belief reads, and its shape -----------------------------------------------------------

@pytest.mark.parametrize("seed,players,moves", [(21, 2, 6), (22, 3, 10), (23, 4, 12)])
def test_belief_reads_the_view_only_moving_the_hidden_cards_changes_nothing(seed, players, moves):
    state = _played(seed, players, moves)
    rng = random.Random(seed)
    for seat in range(players):
        before = odds.belief(rules.view(state, seat))
        for _ in range(3):
            moved = rules.shuffle_hidden(state, seat, rng)
            assert odds.belief(rules.view(moved, seat)) == before


@pytest.mark.parametrize("seed,players,moves", [(31, 2, 0), (32, 2, 12), (33, 3, 15), (34, 4, 20)])
def test_every_row_sums_to_one_over_the_unseen_cards(seed, players, moves):
    state = _played(seed, players, moves)
    for seat in range(players):
        belief = odds.belief(rules.view(state, seat))
        assert len(belief.chances) == len(state.hands[seat])
        for row in belief.chances:
            assert tuple(row) == belief.cards
            assert sum(row.values()) == 1
            assert all(isinstance(p, Rational) and 0 <= p <= 1 for p in row.values())


def test_a_fresh_deal_is_uniform():
    belief = odds.belief(rules.view(rules.new(5, players=2), 0))
    assert len(belief.cards) == 18
    assert all(p == Rational(1, 18) for row in belief.chances for p in row.values())


def test_a_slot_told_track_4_is_certain():
    state = _two_player_small()  # seat 1 was told "4" and then "Witness"; seat 0 "Track"
    state = rules.play(state, Assist(1, 0, number=4))
    view = rules.view(state, 0)
    assert view.told[0][1] == Told(number=4, icon="Track")
    belief = odds.belief(view)
    assert belief.chances[1][E("Track 4")] == 1
    assert belief.chance(1, E("Track 4")) == 1
    assert all(belief.chances[s][E("Track 4")] == 0 for s in range(6) if s != 1)
    assert belief.likeliest(1) == (E("Track 4"),)


def test_chance_helpers_add_up():
    state = _two_player_small()
    belief = odds.belief(rules.view(state, 1))
    for s in range(len(state.hands[1])):
        assert sum(belief.numbers(s).values()) == 1
        assert sum(belief.icons(s).values()) == 1
        assert belief.icons(s).get("Witness", 0) == belief.chance(s, lambda c: c.icon == "Witness")
    # seat 1 was told which cards are Witnesses: those slots are Witnesses for sure, the others never
    told = state.told[1]
    for s, t in enumerate(told):
        assert belief.chance(s, lambda c: c.icon == "Witness") == (1 if t.icon == "Witness" else 0)


def test_told_facts_that_fit_no_deal_are_a_sentence():
    state = _two_player_small()
    impossible = replace(state.told[0][0], number=1, icon="Witness", not_icons=frozenset())  # under the Motive
    state = replace(state, told=((impossible,) + state.told[0][1:], state.told[1]))
    with pytest.raises(ValueError, match="fits no deal"):
        odds.belief(rules.view(state, 0))


# --- Investigate and Eliminate odds, against the engine playing every deal --------------------------

def _with_hand(state, seat, hand):
    """The table with ``seat`` holding ``hand`` and the rest of their hidden cards as the deck."""
    rest = tuple(c for c in _hidden(state, seat) if c not in hand)
    return replace(state, hands=state.hands[:seat] + (tuple(hand),) + state.hands[seat + 1:], deck=rest)


def _engine_investigate(state, seat, slot, kind):
    """The odds found by playing the Investigate on every deal ``seat`` thinks possible."""
    tally, hands = Counter(), list(_hands(state, seat))
    for hand in hands:
        after = rules.play(_with_hand(state, seat, hand), Investigate(seat, slot, kind))
        event = next(e for e in after.events[len(state.events):] if isinstance(e, Investigated))
        died = any(isinstance(e, LeadDied) for e in after.events[len(state.events):])
        tally["wrong_icon" if not event.matched else "kill" if died else
              "exact" if event.total == event.target else "advance"] += 1
    return odds.InvestigateOdds(**{k: Rational(tally[k], len(hands)) for k in ("advance", "exact", "kill", "wrong_icon")})


def _engine_eliminate(state, seat, slot):
    tally, hands = Counter(), list(_hands(state, seat))
    for hand in hands:
        after = rules.play(_with_hand(state, seat, hand), Eliminate(seat, slot))
        track = after.investigation
        tally["short" if track < INVESTIGATION_GOAL else "exact" if track == INVESTIGATION_GOAL else "over"] += 1
    return odds.EliminateOdds(**{k: Rational(tally[k], len(hands)) for k in ("short", "exact", "over")})


def test_investigate_odds_are_what_the_engine_does_on_every_deal():
    # seat 1 to play, hiding Witness 5 and 3 (the Motive at 5 of 10: exact, advance),
    # Document 1 and 4 (the Opportunity at 5 of 7: advance, kill), Tracks, Clues
    state = _two_player_small()
    seat = state.turn
    view = rules.view(state, seat)
    outcomes = set()
    for slot in range(len(state.hands[seat])):
        for kind in KINDS:
            got = odds.investigate_odds(view, slot, kind)
            assert got == _engine_investigate(state, seat, slot, kind), (slot, kind)
            assert got.advance + got.exact + got.kill + got.wrong_icon == 1
            assert got.survives == 1 - got.kill
            outcomes |= {k for k in ("advance", "exact", "kill", "wrong_icon") if getattr(got, k)}
    assert outcomes == {"advance", "exact", "kill", "wrong_icon"}  # the table tests every case


def test_eliminate_odds_are_what_the_engine_does_on_every_deal():
    state = _two_player_small()  # the track at 15: a 5 lands on 20, a 6 passes it
    seat = state.turn
    view = rules.view(state, seat)
    outcomes = set()
    belief = odds.belief(view)
    for slot in range(len(state.hands[seat])):
        got = odds.eliminate_odds(view, slot, belief)
        assert got == _engine_eliminate(state, seat, slot) == odds.eliminate_odds(view, slot)
        assert got.short + got.exact + got.over == 1
        outcomes |= {k for k in ("short", "exact", "over") if getattr(got, k)}
    assert outcomes == {"short", "exact", "over"}


def test_odds_on_a_large_table_add_up_to_one():
    state = _played(41, 2, 10)
    view = rules.view(state, state.turn)
    belief = odds.belief(view)
    for slot in range(len(state.hands[state.turn])):
        e = odds.eliminate_odds(view, slot, belief)
        assert e.short + e.exact + e.over == 1
        for pile in view.piles:
            if pile.lead is not None and not pile.confirmed:
                i = odds.investigate_odds(view, slot, pile.kind, belief)
                assert i.advance + i.exact + i.kill + i.wrong_icon == 1


def test_no_open_lead_or_a_confirmed_one_is_a_sentence():
    state = _two_player_small()
    done = replace(state, piles=(replace(state.piles[0], confirmed=True),) + state.piles[1:])
    with pytest.raises(ValueError, match="confirmed"):
        odds.investigate_odds(rules.view(done, 0), 0, "Suspect")
    gone = replace(state, piles=(replace(state.piles[0], leads=()),) + state.piles[1:])
    with pytest.raises(ValueError, match="no open"):
        odds.investigate_odds(rules.view(gone, 0), 0, "Suspect")


# --- the belief remembered by its kinds of cards (odds._deals_of) ------------------------------------

def _bot_views(players: int, case: int, seed: int):
    """Every seat's view at every move of a case the inference team plays."""
    from sherlockkit.games.bakerstreet.teams import play_case

    state = rules.new(seed, players, case)
    for move in play_case("inference", players, case, seed).moves:
        yield from (rules.view(state, seat) for seat in range(players))
        state = rules.play(state, move)


def test_a_belief_remembered_is_the_belief_counted_afresh():
    """The counts are remembered by the kinds of unseen cards (how many may be in just
    these slots), not by the cards: a view whose kinds were met before, with other cards,
    gets the counts of a fresh count, card by card."""
    views = [v for players, case, seed in ((2, 1, 3), (3, 4, 4), (4, 6, 5)) for v in _bot_views(players, case, seed)]
    odds._deals_of.cache_clear()
    remembered = [(odds.belief(v), odds.belief(v, odds.UNSEEN_NOW)) for v in views]
    assert odds._deals_of.cache_info().hits > len(views)  # most views meet kinds met before
    for view, beliefs in zip(views, remembered):
        for model, got in zip(odds.MODELS, beliefs):
            odds._deals_of.cache_clear()
            fresh = odds.belief(view, model)
            assert (got.cards, got.deals, got.ways) == (fresh.cards, fresh.deals, fresh.ways)
