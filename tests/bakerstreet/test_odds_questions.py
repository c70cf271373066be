"""Beyond Baker Street: the questions the chapter asks of the odds (``odds.py``'s
``open_leads``, ``uncertainty``, ``least_sure``, ``surest_investigate``, ``sampled``),
each checked against the odds it reads, worked out again here slot by slot."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from sherlockkit.games.bakerstreet import odds, rules
from sherlockkit.games.bakerstreet.state import Assist, Told

from .table import E, L, rig


def _two_player_small():
    """The table of ``test_odds``: a two-player table where few cards are hidden, then
    Assists telling each seat something (seat 1 to move)."""
    state = rig((E("Clue 1", "Track 4", "Witness 2", "Document 6", "Track 1", "Clue 3"),
                 E("Witness 5", "Track 2", "Document 1", "Clue 6", "Witness 3", "Document 4")),
                piles={"Suspect": ((L("Suspect", "Track", 12),), E("Track 3", "Clue 2")),
                       "Motive": ((L("Motive", "Witness", 10),), E("Witness 1", "Witness 4")),
                       "Opportunity": ((L("Opportunity", "Document", 7),), E("Document 2", "Document 3"))},
                impossible=E("Clue 4", "Document 5", "Witness 6"), investigation=15)
    state = rules.play(state, Assist(0, 1, number=4))
    state = rules.play(state, Assist(1, 0, icon="Track"))
    return rules.play(state, Assist(0, 1, icon="Witness"))


def _every_chance(view):
    """Every chance of a move of ``view``'s player with one of their cards, listed again here."""
    out = []
    for slot in range(view.hand_sizes[view.player]):
        for pile in view.piles:
            if pile.lead is not None and not pile.confirmed:
                o = odds.investigate_odds(view, slot, pile.kind)
                out += [o.advance, o.exact, o.kill, o.wrong_icon]
        o = odds.eliminate_odds(view, slot)
        out += [o.short, o.exact, o.over]
    return out


def test_the_open_leads_are_those_face_up_and_not_confirmed():
    state = _two_player_small()
    assert [p.kind for p in odds.open_leads(rules.view(state, 1))] == ["Suspect", "Motive", "Opportunity"]
    done = replace(state, piles=(replace(state.piles[0], confirmed=True), replace(state.piles[1], leads=()),
                                 state.piles[2]))
    assert [p.kind for p in odds.open_leads(rules.view(done, 1))] == ["Opportunity"]


def test_uncertainty_counts_the_chances_strictly_between_zero_and_one():
    state = _two_player_small()
    for seat in (0, 1):
        view = rules.view(state, seat)
        chances = _every_chance(view)
        assert odds.uncertainty(view) == sum(1 for p in chances if 0 < p < 1) == \
            odds.uncertainty(view, odds.belief(view))
        assert 0 < odds.uncertainty(view) < len(chances)


def test_a_player_who_knows_every_card_is_sure_of_every_move():
    state = _two_player_small()
    known = tuple(Told(number=c.number, icon=c.icon) for c in state.hands[1])
    view = rules.view(replace(state, told=(state.told[0], known)), 1)
    assert odds.uncertainty(view) == 0


def test_the_least_sure_view_is_the_earliest_of_the_most_uncertain_where_the_seat_moves_told():
    state = _two_player_small()  # seat 1 to move, told of its cards
    untold = rules.view(replace(state, told=(state.told[0], (Told(),) * 6)), 1)
    told = rules.view(state, 1)
    knows_all = rules.view(replace(state, told=(state.told[0],
                                               tuple(Told(number=c.number, icon=c.icon) for c in state.hands[1]))), 1)
    not_its_turn = rules.view(state, 0)
    views = [untold, knows_all, not_its_turn, told, told]
    assert odds.uncertainty(told) > odds.uncertainty(knows_all) == 0
    assert odds.least_sure(views) == 3  # not the untold seat, nor a seat not to move; the first of ties
    assert odds.least_sure([knows_all, told]) == 1
    with pytest.raises(ValueError, match="never to move"):
        odds.least_sure([untold, not_its_turn])


def test_the_surest_investigate_is_the_likeliest_to_fit_without_passing():
    state = _two_player_small()
    view = rules.view(state, 1)
    good, slot, kind = odds.surest_investigate(view)
    options = [(odds.investigate_odds(view, s, p.kind), s, p.kind)
               for p in view.piles for s in range(6)]
    best = max(o.advance + o.exact for o, _, _ in options)
    assert good.advance + good.exact == best
    ties = [(o, s, k) for o, s, k in options if o.advance + o.exact == best]
    assert good.exact == max(o.exact for o, _, _ in ties)
    assert slot == min(s for o, s, _ in ties if o.exact == good.exact)
    assert good == odds.investigate_odds(view, slot, kind)
    # Fractions when asked, the same values
    assert odds.surest_investigate(view, rational=False)[1:] == (slot, kind)


def test_the_surest_investigate_needs_an_open_lead():
    state = _two_player_small()
    none_open = replace(state, piles=tuple(replace(p, confirmed=True) for p in state.piles))
    with pytest.raises(ValueError, match="No Lead is open"):
        odds.surest_investigate(rules.view(none_open, 1))


def test_sampled_deals_come_close_to_the_exact_chances():
    state = _two_player_small()
    view = rules.view(state, 0)
    belief = odds.belief(view)
    sample = odds.sampled(view, 20_000, random.Random(7))
    assert sample.kept == 20_000 and sample.tried >= sample.kept and sample.cards == belief.cards
    assert all(sum(row.values()) == sample.kept for row in sample.counts)
    gap, slot, card = sample.largest_gap(belief)
    assert gap == abs(sample.share(slot, card) - float(belief.chances[slot][card]))
    assert 0 < gap < 0.02
    # a card a slot cannot hold never comes up there
    for s, t in enumerate(view.told[0]):
        assert all(sample.counts[s][c] == 0 for c in belief.cards if not odds.fits(t, c))


def test_sampling_is_the_same_from_the_same_seed_and_asks_for_a_deal():
    view = rules.view(_two_player_small(), 1)
    assert odds.sampled(view, 500, random.Random(3)) == odds.sampled(view, 500, random.Random(3))
    with pytest.raises(ValueError, match="at least one"):
        odds.sampled(view, 0, random.Random(3))
