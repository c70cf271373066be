"""One test (at least) per rule clause of Beyond Baker Street, and per decision the book's
rules-decisions page states: the components, the deal, the five actions with their
refusals, the Holmes track, the Impossible and its limit, and every end. The characters
are in ``test_characters.py``. Tables are rigged with ``table.rig``."""

from __future__ import annotations

import copy
from collections import Counter

import pytest

from sherlockkit.engine import IllegalAction, evolve
from sherlockkit.games.bakerstreet import cards, rules
from sherlockkit.games.bakerstreet.cards import (
    CLUE, DOCUMENT, EVIDENCE, ICONS, LEADS, MOTIVE, OPPORTUNITY, SUSPECT, TRACK, WITNESS, evidence_named,
)
from sherlockkit.games.bakerstreet.events import (
    Assisted, DeckEmpty, Drew, EvidenceReturned, GameEnded, HolmesMoved, Investigated, LeadDied, LeadRevealed, Outcome,
)
from sherlockkit.games.bakerstreet.state import ACTIONS, UNTOLD, Assist, Confirm, Eliminate, Investigate, Pile, Pursue, Told

from .table import E, L, act, assert_accounted, new_events, rig

# two hands that most tests share: seat 0 holds A, seat 1 holds B
A = E("Clue 1", "Clue 2", "Track 3", "Witness 4")
B = E("Document 5", "Track 5", "Witness 1", "Clue 6")
#: a second partner's hand, for tables that need B's cards elsewhere
B2 = E("Document 6", "Track 6", "Witness 6")


def refused(state, action, *words):
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction) as refusal:
        rules.play(state, action)
    text = str(refusal.value)
    assert text[0].isupper() and text.endswith("."), text
    for word in words:
        assert word in text, text
    assert state == before
    return text


# --- components ------------------------------------------------------------------------------------

def test_24_evidence_cards_one_of_each_icon_and_number():
    assert len(EVIDENCE) == 24 == len(set(EVIDENCE))
    assert Counter(c.icon for c in EVIDENCE) == {CLUE: 6, DOCUMENT: 6, TRACK: 6, WITNESS: 6}
    assert {c.number for c in EVIDENCE} == {1, 2, 3, 4, 5, 6}
    assert str(evidence_named("track 4")) == "Track 4"
    for bad in ("Track 7", "Spoon 1", "", 4):
        with pytest.raises(ValueError):
            evidence_named(bad)


def test_28_leads_one_per_icon_and_value_of_their_kind():
    assert len(LEADS) == 28 == len(set(LEADS))
    assert Counter(lead.kind for lead in LEADS) == {SUSPECT: 12, MOTIVE: 8, OPPORTUNITY: 8}
    for kind, values in {OPPORTUNITY: (7, 8), MOTIVE: (9, 10), SUSPECT: (11, 12, 13)}.items():
        assert cards.LEAD_VALUES[kind] == values
        assert {(lead.icon, lead.value) for lead in LEADS if lead.kind == kind} == {(i, v) for i in ICONS for v in values}


def test_case_files_hand_sizes_and_goal():
    assert {n: (f.holmes, f.impossible) for n, f in cards.CASE_FILES.items()} == {
        1: (15, 4), 2: (12, 4), 3: (11, 2), 4: (10, 2), 5: (9, 1), 6: (8, 1)}
    assert cards.HAND_SIZES == {2: 6, 3: 4, 4: 3}
    assert cards.INVESTIGATION_GOAL == 20


def test_no_passing_there_are_five_actions_and_two_powers():
    assert set(ACTIONS) == {"Assist", "Investigate", "Confirm", "Eliminate", "Pursue", "Rally", "Recall"}


# --- setup -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("players,size", [(2, 6), (3, 4), (4, 3)])
@pytest.mark.parametrize("case", range(1, 7))
def test_the_deal(players, size, case):
    state = rules.new(11, players=players, case=case)
    assert_accounted(state)
    assert [len(h) for h in state.hands] == [size] * players
    assert len(state.deck) == 24 - players * size
    assert state.holmes == cards.CASE_FILES[case].holmes and state.investigation == 0
    assert state.impossible == () and len(state.box) == 28 - 9
    for pile, kind in zip(state.piles, cards.KINDS):
        assert pile.kind == kind and len(pile.leads) == 3 and all(lead.kind == kind for lead in pile.leads)
        assert pile.evidence == () and not pile.confirmed
    view = rules.view(state, 0)
    assert [(p.lead, p.leads_below, p.total) for p in view.piles] == [(p.leads[0], 2, 0) for p in state.piles]
    assert all(t == UNTOLD for told in state.told for t in told)
    assert state.turn == 0  # without characters, seat 0 starts (a decision: the rulebook has no rule for it)


def test_deals_differ_by_seed_and_repeat_with_it():
    assert rules.new(1) == rules.new(1)
    assert rules.new(1).hands != rules.new(2).hands


@pytest.mark.parametrize("options,words", [
    ({"players": 1}, "2 to 4"), ({"players": 5}, "2 to 4"), ({"players": True}, "2 to 4"),
    ({"case": 0}, "1 to 6"), ({"case": 7}, "1 to 6"), ({"case": "1"}, "1 to 6"), ({"case": 1.0}, "1 to 6"),
    ({"characters": "random"}, "dealt"), ({"characters": ["surgeon"]}, "2 of them"),
    ({"characters": ["surgeon", "nobody"]}, "no character"), ({"characters": ["surgeon", "surgeon"]}, "different"),
])
def test_bad_options_are_a_sentence(options, words):
    with pytest.raises(ValueError) as error:
        rules.new(1, **options)
    assert words in str(error.value) and str(error.value).endswith(".")


# --- turns --------------------------------------------------------------------------------------

def test_only_the_seat_whose_turn_it_is_acts_and_the_turn_passes_left():
    state = rig([A, B, (E("Document 1"),)], turn=1)
    assert rules.legal_actions(state, 0) == [] and rules.legal_actions(state, 1)
    refused(state, Assist(0, 1, number=5), "not your turn", "Player 2")
    state = act(state, Assist(1, 0, number=1))
    assert state.turn == 2
    state = act(state, Assist(2, 0, number=1))
    assert state.turn == 0


# --- Assist --------------------------------------------------------------------------------------

def test_assist_points_at_every_card_of_the_number_and_tells_the_rest_they_are_not_it():
    state = rig([A, B], turn=1)
    after = act(state, Assist(1, 0, number=1))
    assert isinstance(new_events(state, after)[0], Assisted) and new_events(state, after)[0].slots == (0,)
    assert after.told[0][0] == Told(number=1)
    assert all(t == Told(not_numbers=frozenset({1})) for t in after.told[0][1:])
    assert after.holmes == state.holmes - 1
    assert HolmesMoved(-1, state.holmes - 1, HolmesMoved.ASSIST) in after.events
    assert after.hands == state.hands and after.deck == state.deck


def test_assist_by_icon_points_at_all_of_them():
    state = rig([A, B])
    after = act(state, Assist(0, 1, icon=TRACK))
    assert new_events(state, after)[0].slots == (1,)
    state = rig([A, B], turn=1)
    after = act(state, Assist(1, 0, icon=CLUE))
    assert new_events(state, after)[0].slots == (0, 1)
    assert after.told[0][:2] == (Told(icon=CLUE), Told(icon=CLUE))
    assert after.told[0][2] == Told(not_icons=frozenset({CLUE}))


def test_hints_add_up_on_a_card():
    state = rig([A, B], turn=1)
    state = act(state, Assist(1, 0, number=1))
    state = act(state, Assist(0, 1, number=5))
    state = act(state, Assist(1, 0, icon=TRACK))
    assert state.told[0][1] == Told(not_numbers=frozenset({1}), not_icons=frozenset({TRACK}))
    assert state.told[0][0] == Told(number=1, not_icons=frozenset({TRACK}))


def test_assist_refusals():
    state = rig([A, B])
    refused(state, Assist(0, 1, number=2), "holds no 2", "one card at least")
    refused(state, Assist(0, 1, icon="Spoon"), "icons are")
    refused(state, Assist(0, 0, number=1), "teammate")
    refused(state, Assist(0, 1), "names a number or an icon")
    refused(state, Assist(0, 1, number=5, icon=TRACK), "not both")
    refused(state, Assist(0, 1, number=7), "1 to 6")
    refused(state, Assist(0, 5, number=1), "no player number")
    legal = {a for a in rules.legal_actions(state) if isinstance(a, Assist)}
    assert legal == {Assist(0, 1, number=n) for n in (1, 5, 6)} | {Assist(0, 1, icon=i) for i in ICONS}


# --- Investigate -----------------------------------------------------------------------------------

def test_a_matching_card_adds_its_number_and_the_player_draws():
    state = rig([A, B], piles={SUSPECT: ((L(SUSPECT, CLUE, 11),), ())}, turn=0)
    state = act(state, Assist(0, 1, number=5))
    state = act(state, Assist(1, 0, number=3))  # seat 0 learns slot 2 is a 3
    top = state.deck[0]
    after = act(state, Investigate(0, 1, SUSPECT))  # Clue 2 under the Clue Suspect
    pile = rules.view(after, 1).piles[0]
    assert pile.evidence == (E("Clue 2"),) and (pile.total, pile.target) == (2, 11)
    assert after.hands[0] == (E("Clue 1"), E("Track 3"), E("Witness 4"), top)
    assert after.told[0][1] == Told(number=3) and after.told[0][-1] == UNTOLD
    assert new_events(state, after) == (Investigated(0, 1, E("Clue 2"), SUSPECT, True, 2, 11), Drew(0))


def test_a_wrong_icon_raises_the_target_by_its_number():
    state = rig([A, B])
    after = act(state, Investigate(0, 3, MOTIVE))  # Witness 4 under the Clue 9 Motive
    pile = rules.view(after, 1).piles[1]
    assert (pile.total, pile.target) == (0, 13)
    assert new_events(state, after)[0] == Investigated(0, 3, E("Witness 4"), MOTIVE, False, 0, 13)


def test_going_past_the_target_kills_the_lead_and_the_evidence_goes_back_into_the_deck():
    lead, nxt = L(OPPORTUNITY, CLUE, 7), L(OPPORTUNITY, TRACK, 8)
    state = rig([E("Clue 3", "Document 1"), B2], piles={OPPORTUNITY: ((lead, nxt), E("Clue 5", "Document 2"))})
    # Clue 5 + Clue 3 = 8 against a target of 7 + 2 = 9: alive; the Clue 1 in the deck would make it 9
    assert rules.view(state, 1).piles[2].target == 9
    after = act(state, Investigate(0, 0, OPPORTUNITY))
    assert after.piles[2].leads == (lead, nxt) and rules.view(after, 1).piles[2].total == 8
    state = rig([E("Clue 6", "Document 1"), B2], piles={OPPORTUNITY: ((lead, nxt), E("Clue 5", "Document 2"))})
    deck = len(state.deck)
    after = act(state, Investigate(0, 0, OPPORTUNITY))  # 11 against 9
    assert after.piles[2].leads == (nxt,) and after.piles[2].evidence == ()
    assert after.impossible == (lead,)
    assert len(after.deck) == deck + 3 - 1  # three cards back in, one drawn
    kinds = [type(e) for e in new_events(state, after)]
    assert kinds == [Investigated, LeadDied, EvidenceReturned, LeadRevealed, Drew]
    died = new_events(state, after)[1]
    assert died == LeadDied(OPPORTUNITY, lead, LeadDied.OVERSHOT)
    assert Counter(new_events(state, after)[2].cards) == Counter(E("Clue 5", "Document 2", "Clue 6"))


def test_dead_evidence_shuffled_back_makes_the_deck_when_it_is_empty():
    lead, nxt = L(OPPORTUNITY, CLUE, 7), L(OPPORTUNITY, TRACK, 8)
    state = rig([E("Clue 6"), B2], deck=(), impossible=tuple(c for c in EVIDENCE if c not in
                                                             E("Clue 6", "Clue 5") + B2),
                piles={OPPORTUNITY: ((lead, nxt), E("Clue 5"))}, case=1, holmes=15)
    after = act(state, Investigate(0, 0, OPPORTUNITY))
    returned = [e for e in after.events if isinstance(e, EvidenceReturned)][0]
    assert returned.rebuilt and len(after.deck) == 1 and len(after.hands[0]) == 1  # drew one of the two


def test_a_dead_lead_that_empties_a_section_loses_the_case():
    lead = L(MOTIVE, CLUE, 9)
    state = rig([E("Clue 6"), B2], piles={MOTIVE: ((lead,), E("Clue 5"))})
    after = act(state, Investigate(0, 0, MOTIVE))
    assert rules.outcome(after) == Outcome(False, Outcome.NO_LEADS)
    assert after.piles[1].leads == () and rules.view(after, 0).piles[1].lead is None
    assert rules.legal_actions(after) == []


def test_a_sections_target_is_its_value_plus_its_wrong_icons_and_its_total_its_right_ones():
    """The sums every view shows (worked out once a section: a section played under is a
    new one, with its own sums)."""
    pile = Pile(MOTIVE, (L(MOTIVE, TRACK, 9),), E("Track 6", "Track 2"))
    assert (pile.target, pile.total) == (9, 8) and pile.seen.leads_below == 0
    wrong = evolve(pile, evidence=pile.evidence + (E("Clue 3"),))  # as the moves make a new section
    right = evolve(pile, evidence=pile.evidence + (E("Track 1"),))
    assert (wrong.target, wrong.total) == (12, 8) and (right.target, right.total) == (9, 9)
    assert (pile.target, pile.total) == (9, 8)
    assert rules.view(rig([A, B], piles={MOTIVE: right}), 1).piles[1] == right.seen
    assert Confirm(0, MOTIVE) in rules.legal_actions(rig([A, B], piles={MOTIVE: right}))
    assert (Pile(MOTIVE, ()).target, Pile(MOTIVE, ()).total) == (0, 0)  # no Lead left


def test_a_matching_card_that_lands_exactly_on_the_target_keeps_the_lead_alive_to_be_confirmed():
    """Clue 3 under the Clue 7 Opportunity, then Clue 4: 7 against 7, exactly the target.
    Only a total past the target kills a Lead: this one stays open, nothing goes to the
    Impossible or back to the deck, and the next player may confirm it."""
    lead, nxt = L(OPPORTUNITY, CLUE, 7), L(OPPORTUNITY, TRACK, 8)
    state = rig([E("Clue 4", "Document 1"), B2], piles={OPPORTUNITY: ((lead, nxt), E("Clue 3"))})
    deck = len(state.deck)
    after = act(state, Investigate(0, 0, OPPORTUNITY))
    pile = rules.view(after, 1).piles[2]
    assert (pile.lead, pile.leads_below, pile.evidence, pile.total, pile.target) == (lead, 1, E("Clue 3", "Clue 4"), 7, 7)
    assert after.impossible == () and len(after.deck) == deck - 1
    assert new_events(state, after) == (Investigated(0, 0, E("Clue 4"), OPPORTUNITY, True, 7, 7), Drew(0))
    assert rules.outcome(after) is None and after.turn == 1
    assert Confirm(1, OPPORTUNITY) in rules.legal_actions(after)
    confirmed = act(after, Confirm(1, OPPORTUNITY))
    assert confirmed.piles[2].confirmed and confirmed.piles[2].leads == (lead, nxt)


def test_a_lead_at_its_target_is_still_open_and_one_more_matching_card_kills_it():
    lead = L(OPPORTUNITY, CLUE, 7)
    state = rig([E("Clue 1"), B], piles={OPPORTUNITY: ((lead, L(OPPORTUNITY, CLUE, 8)), E("Clue 3", "Clue 4"))})
    assert Investigate(0, 0, OPPORTUNITY) in rules.legal_actions(state)
    after = act(state, Investigate(0, 0, OPPORTUNITY))
    assert after.piles[2].leads[0] == L(OPPORTUNITY, CLUE, 8)


def test_a_confirmed_lead_takes_no_more_evidence_and_cannot_be_pursued():
    lead = L(OPPORTUNITY, CLUE, 7)
    state = rig([A, B], piles={OPPORTUNITY: ((lead,), E("Clue 3", "Clue 4"))})
    state = act(state, Confirm(0, OPPORTUNITY))
    refused(state, Investigate(1, 0, OPPORTUNITY), "confirmed already")
    refused(state, Pursue(1, OPPORTUNITY), "confirmed already")
    refused(state, Confirm(1, OPPORTUNITY), "confirmed already")


def test_investigate_refusals():
    state = rig([A, B])
    refused(state, Investigate(0, 4, SUSPECT), "slots 0 to 3")
    refused(state, Investigate(0, -1, SUSPECT), "slots 0 to 3")
    refused(state, Investigate(0, 0, "Weapon"), "Suspect, Motive and Opportunity")


def test_an_empty_deck_means_no_draw_and_play_goes_on():
    state = rig([A, B], deck=(), impossible=tuple(c for c in EVIDENCE if c not in A + B))
    after = act(state, Investigate(0, 0, SUSPECT))
    assert len(after.hands[0]) == 3 and new_events(state, after)[-1] == DeckEmpty(0)
    assert rules.outcome(after) is None


def test_a_player_with_no_cards_still_takes_turns():
    state = rig([(), B], deck=(), impossible=tuple(c for c in EVIDENCE if c not in B))
    legal = rules.legal_actions(state, 0)
    assert {type(a) for a in legal} == {Assist, Pursue}
    refused(state, Eliminate(0, 0), "no cards")
    refused(state, Investigate(0, 0, SUSPECT), "no cards")
    # and nobody can Assist them: there is nothing to point at
    state = act(state, Assist(0, 1, number=5))
    assert not [a for a in rules.legal_actions(state, 1) if isinstance(a, Assist)]


# --- Confirm ---------------------------------------------------------------------------------------

def test_confirm_at_exactly_the_target_holmes_steps_back_and_the_evidence_stays():
    lead = L(MOTIVE, TRACK, 9)
    evidence = E("Track 6", "Document 1", "Track 4")  # 10 against 9 + 1
    state = rig([A, B], piles={MOTIVE: ((lead, L(MOTIVE, TRACK, 10)), evidence)}, case=2)
    after = act(state, Confirm(0, MOTIVE))
    assert after.piles[1].confirmed and after.piles[1].evidence == evidence
    assert after.holmes == 13 and HolmesMoved(1, 13, HolmesMoved.CONFIRM) in after.events
    assert rules.view(after, 1).piles[1].confirmed
    # face down, but everyone saw it played: the view still lists it (a decision)
    assert rules.view(after, 1).piles[1].evidence == evidence


def test_confirm_refused_short_of_the_target():
    state = rig([A, B], piles={MOTIVE: ((L(MOTIVE, TRACK, 9),), E("Track 6", "Track 2"))})
    refused(state, Confirm(0, MOTIVE), "adds up to 8", "target of 9")
    assert Confirm(0, MOTIVE) not in rules.legal_actions(state)


def test_holmes_never_goes_above_20():
    state = rig([A, B], piles={OPPORTUNITY: ((L(OPPORTUNITY, CLUE, 7),), E("Clue 3", "Clue 4"))}, holmes=20)
    after = act(state, Confirm(0, OPPORTUNITY))
    assert after.holmes == 20 and HolmesMoved(0, 20, HolmesMoved.CONFIRM) in after.events
    # but he does go above his starting space
    state = rig([A, B], piles={OPPORTUNITY: ((L(OPPORTUNITY, CLUE, 7),), E("Clue 3", "Clue 4"))}, case=6)
    assert act(state, Confirm(0, OPPORTUNITY)).holmes == 9


# --- Eliminate and the Impossible ----------------------------------------------------------------

def test_eliminate_puts_the_card_in_the_impossible_raises_the_track_and_draws():
    state = rig([A, B], investigation=3)
    top = state.deck[0]
    after = act(state, Eliminate(0, 3))
    assert after.impossible == (E("Witness 4"),) and after.investigation == 7
    assert after.hands[0] == A[:3] + (top,) and after.holmes == state.holmes
    assert [type(e) for e in new_events(state, after)] == [type(new_events(state, after)[0]), Drew]


def test_each_card_past_the_limit_moves_holmes_toward_0():
    # Case 3: the Impossible holds 2 cards for free
    state = rig([A, B], case=3, impossible=(L(SUSPECT, TRACK, 13),))
    after = act(state, Eliminate(0, 0))  # the second card: free
    assert after.holmes == 11 and len(after.impossible) == 2
    after = act(after, Eliminate(1, 0))  # the third: a step
    assert after.holmes == 10 and HolmesMoved(-1, 10, HolmesMoved.CROWDED) in after.events
    after = act(after, Pursue(0, SUSPECT))  # a dead Lead counts as well
    assert after.holmes == 9 and len(after.impossible) == 4
    assert rules.view(after, 0).impossible_limit == 2


def test_a_lead_killed_by_investigate_counts_toward_the_limit():
    lead = L(OPPORTUNITY, CLUE, 7)
    state = rig([E("Clue 6"), B2], case=5, impossible=(E("Document 4"),),
                piles={OPPORTUNITY: ((lead, L(OPPORTUNITY, CLUE, 8)), E("Clue 5"))})
    after = act(state, Investigate(0, 0, OPPORTUNITY))
    assert after.holmes == 8 and after.impossible == (E("Document 4"), lead)


# --- Pursue ----------------------------------------------------------------------------------------

def test_pursue_drops_the_open_lead_turns_up_the_next_and_returns_its_evidence():
    lead, nxt = L(SUSPECT, WITNESS, 12), L(SUSPECT, CLUE, 13)
    state = rig([A, B], piles={SUSPECT: ((lead, nxt), E("Document 3"))})
    after = act(state, Pursue(0, SUSPECT))
    assert after.impossible == (lead,) and after.piles[0].leads == (nxt,) and after.piles[0].evidence == ()
    assert E("Document 3") in after.deck and after.hands == state.hands
    assert rules.view(after, 1).piles[0].target == 13
    assert LeadRevealed(SUSPECT, nxt) in after.events


def test_pursuing_the_last_lead_of_a_section_loses():
    state = rig([A, B], piles={SUSPECT: ((L(SUSPECT, WITNESS, 12),), ())})
    after = act(state, Pursue(0, SUSPECT))
    assert rules.outcome(after) == Outcome(False, Outcome.NO_LEADS)
    assert isinstance(after.events[-1], GameEnded)


# --- the end ---------------------------------------------------------------------------------------

def _nearly_solved(investigation: int):
    """Motive and Opportunity confirmed, the Suspect at its target, the track at ``investigation``."""
    return rig([A, B2], investigation=investigation, piles={
        SUSPECT: ((L(SUSPECT, CLUE, 11),), E("Clue 5", "Clue 6")),
        MOTIVE: Pile(MOTIVE, (L(MOTIVE, TRACK, 9),), E("Track 4", "Track 5"), True),
        OPPORTUNITY: Pile(OPPORTUNITY, (L(OPPORTUNITY, WITNESS, 7),), E("Witness 2", "Witness 5"), True),
    })


def test_the_third_confirm_at_exactly_20_wins():
    after = act(_nearly_solved(20), Confirm(0, SUSPECT))
    assert rules.outcome(after) == Outcome(True, Outcome.SOLVED)
    assert after.events[-1] == GameEnded(Outcome(True, Outcome.SOLVED))
    assert rules.legal_actions(after) == [] and after.turn == 0
    refused(after, Assist(1, 0, number=1), "closed")


def test_the_third_confirm_short_of_20_loses():
    after = act(_nearly_solved(19), Confirm(0, SUSPECT))
    assert rules.outcome(after) == Outcome(False, Outcome.SHORT)


def test_the_track_past_20_loses():
    state = rig([A, B], investigation=18)
    assert rules.outcome(act(state, Eliminate(0, 1))) is None  # 20: the game goes on
    assert rules.outcome(act(state, Eliminate(0, 2))) == Outcome(False, Outcome.OVERSHOT)  # 21


def test_holmes_reaching_0_loses():
    state = rig([A, B], holmes=1)
    after = act(state, Assist(0, 1, number=5))
    assert after.holmes == 0 and rules.outcome(after) == Outcome(False, Outcome.HOLMES)
    state = rig([A, B], holmes=2)
    assert rules.outcome(act(state, Assist(0, 1, number=5))) is None


def test_the_end_is_checked_after_every_action_and_reads_the_first_cause():
    # Holmes at 1 and the Impossible full: an Eliminate past 20 meets two ends; Holmes is told
    state = rig([A, B], holmes=1, investigation=18, case=5, impossible=(E("Document 1"),))
    assert rules.outcome(act(state, Eliminate(0, 3))) == Outcome(False, Outcome.HOLMES)
