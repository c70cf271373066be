"""The project's characters for Beyond Baker Street: the set itself, the turn order they
give, and a test per character that breaks when their bend of the rules does."""

from __future__ import annotations

import pytest

from sherlockkit.games.bakerstreet import characters, rules
from sherlockkit.games.bakerstreet.cards import CLUE, DOCUMENT, ICONS, MOTIVE, OPPORTUNITY, SUSPECT, TRACK, WITNESS, plural
from sherlockkit.games.bakerstreet.characters import CHARACTERS
from sherlockkit.games.bakerstreet.events import Assisted, HolmesMoved, LeadDied, PowerUsed, Recalled
from sherlockkit.games.bakerstreet.state import Assist, Confirm, Eliminate, Investigate, Pursue, Rally, Recall, Told

from .table import E, L, act, new_events, rig
from .test_rules import A, B, B2, refused


def test_at_least_eight_characters_each_bending_one_rule_with_a_turn_number():
    assert len(CHARACTERS) >= 8
    numbers = [c.number for c in CHARACTERS.values()]
    assert len(set(numbers)) == len(numbers)
    for cid, c in CHARACTERS.items():
        assert c.id == cid and c.name and c.text.endswith(".") and c.rule
    barred = [c.cannot_name for c in CHARACTERS.values() if c.rule == characters.ICON_BARRED]
    assert sorted(barred) == sorted(ICONS)  # one who may not name each icon


def test_the_lowest_number_starts():
    state = rules.new(3, players=3, characters=("recluse", "cabman", "sailor"))
    assert state.turn == 1
    assert rules.new(3, players=3, characters=("archivist", "cabman", "sailor")).turn == 0


def test_dealt_characters_are_different_and_follow_the_seed():
    for seed in range(20):
        state = rules.new(seed, players=4, characters="dealt")
        assert len(set(state.characters)) == 4 and set(state.characters) <= set(CHARACTERS)
        assert state == rules.new(seed, players=4, characters="dealt")
        assert state.turn == min(range(4), key=lambda s: CHARACTERS[state.characters[s]].number)


def test_the_surgeon_confirms_one_short_and_nobody_else_does():
    piles = {MOTIVE: ((L(MOTIVE, TRACK, 9),), E("Track 6", "Track 2"))}  # 8 of 9
    state = rig([A, B], piles=piles, characters=("surgeon", "reader"))
    after = act(state, Confirm(0, MOTIVE))
    assert after.piles[1].confirmed and new_events(state, after)[0].short
    assert PowerUsed(0, "surgeon", characters.CONFIRM_SHORT) in after.events
    refused(rig([A, B], piles=piles, characters=("reader", "surgeon")), Confirm(0, MOTIVE), "adds up to 8")
    # two short is still too far
    far = {MOTIVE: ((L(MOTIVE, TRACK, 9),), E("Track 6", "Track 1"))}
    refused(rig([A, B], piles=far, characters=("surgeon", "reader")), Confirm(0, MOTIVE), "adds up to 7")


def test_the_locksmith_eliminates_without_moving_holmes_even_past_the_limit():
    full = (E("Document 1"),)  # case 5: the Impossible holds one card
    state = rig([A, B], case=5, impossible=full, characters=("locksmith", "reader"))
    after = act(state, Eliminate(0, 0))
    assert after.holmes == 9 and len(after.impossible) == 2
    assert PowerUsed(0, "locksmith", characters.QUIET_ELIMINATE) in after.events
    other = rig([A, B], case=5, impossible=full, characters=("reader", "locksmith"))
    assert act(other, Eliminate(0, 0)).holmes == 8
    # a Pursue by the Locksmith still costs the step: only Eliminate is bent
    assert act(state, Pursue(0, SUSPECT)).holmes == 8


def test_the_magistrate_lets_the_impossible_hold_one_more():
    state = rig([A, B], case=5, impossible=(E("Document 1"),), characters=("reader", "magistrate"))
    assert rules.view(state, 0).impossible_limit == 2
    after = act(state, Eliminate(0, 0))
    assert after.holmes == 9
    assert act(after, Eliminate(1, 0)).holmes == 8


def test_the_cabman_rallies_once():
    state = rig([A, B], case=4, characters=("cabman", "reader"))
    after = act(state, Rally(0))
    assert after.holmes == 11 and HolmesMoved(1, 11, HolmesMoved.RALLY) in after.events
    after = act(after, Assist(1, 0, number=1))
    refused(after, Rally(0), "once a game")
    assert Rally(0) not in rules.legal_actions(after)
    refused(rig([A, B], characters=("reader", "cabman")), Rally(0), "Only The Night Cabman")


def test_the_telegraphist_gives_two_hints_for_one_step():
    state = rig([A, B], characters=("telegraphist", "reader"))
    after = act(state, Assist(0, 1, number=5, icon=WITNESS))
    assert new_events(state, after)[0] == Assisted(0, 1, 5, WITNESS, (0, 1, 2))
    assert after.told[1] == (Told(number=5, not_icons=frozenset({WITNESS})), Told(number=5, not_icons=frozenset({WITNESS})),
                             Told(icon=WITNESS, not_numbers=frozenset({5})),
                             Told(not_numbers=frozenset({5}), not_icons=frozenset({WITNESS})))
    assert after.holmes == state.holmes - 1
    # each hint must point at a card
    refused(state, Assist(0, 1, number=2, icon=WITNESS), "holds no 2")
    refused(state, Assist(0, 1, number=5, icon=TRACK + "x"), "icons are")
    refused(rig([A, B], characters=("reader", "telegraphist")), Assist(0, 1, number=5, icon=WITNESS), "not both")


def test_the_archivist_recalls_an_eliminated_card_once():
    state = rig([A, B], investigation=9, impossible=(E("Document 3"), L(SUSPECT, TRACK, 13)),
                characters=("archivist", "reader"))
    assert [a for a in rules.legal_actions(state) if isinstance(a, Recall)] == [Recall(0, "Document 3")]
    after = act(state, Recall(0, "Document 3"))
    assert after.investigation == 6 and after.impossible == (L(SUSPECT, TRACK, 13),)
    assert E("Document 3") in after.deck and len(after.deck) == len(state.deck) + 1
    assert new_events(state, after) == (Recalled(0, E("Document 3"), 6),)
    after = act(after, Assist(1, 0, number=1))
    refused(after, Recall(0, "Document 3"), "once a game")
    refused(state, Recall(0, "Clue 1"), "in the Impossible")
    refused(state, Recall(0, "document 3"), "in the Impossible")  # the card's name exactly, as offered
    refused(rig([A, B], impossible=(E("Document 3"),), characters=("reader", "archivist")),
            Recall(0, "Document 3"), "Only The Archivist")


def test_the_urchin_sends_dead_leads_to_the_box():
    lead, nxt = L(SUSPECT, WITNESS, 12), L(SUSPECT, CLUE, 13)
    state = rig([A, B], case=5, impossible=(E("Document 1"),), piles={SUSPECT: ((lead, nxt), ())},
                characters=("urchin", "reader"))
    after = act(state, Pursue(0, SUSPECT))
    assert after.impossible == state.impossible and lead in after.box and after.holmes == 9
    assert LeadDied(SUSPECT, lead, LeadDied.PURSUED, impossible=False) in after.events
    # by Investigate too
    opp = L(OPPORTUNITY, CLUE, 7)
    state = rig([E("Clue 6"), B2], case=5, impossible=(E("Document 1"),),
                piles={OPPORTUNITY: ((opp, L(OPPORTUNITY, CLUE, 8)), E("Clue 5"))}, characters=("urchin", "reader"))
    after = act(state, Investigate(0, 0, OPPORTUNITY))
    assert opp in after.box and after.holmes == 9
    # a teammate's dead lead goes to the Impossible as usual
    other = rig([A, B], case=5, impossible=(E("Document 1"),), piles={SUSPECT: ((lead, nxt), ())},
                characters=("reader", "urchin"))
    assert act(other, Pursue(0, SUSPECT)).impossible[-1] == lead


@pytest.mark.parametrize("cid,icon", [("reader", CLUE), ("sailor", DOCUMENT), ("clerk", TRACK), ("recluse", WITNESS)])
def test_four_characters_may_not_assist_naming_one_icon(cid, icon):
    hand = E("Clue 5", "Document 5", "Track 5", "Witness 5")
    state = rig([A, hand], characters=(cid, "surgeon"))
    refused(state, Assist(0, 1, icon=icon), "may not Assist", f"naming {plural(icon)}.")
    legal = [a for a in rules.legal_actions(state) if isinstance(a, Assist)]
    assert Assist(0, 1, icon=icon) not in legal
    assert {a.icon for a in legal if a.icon} == set(ICONS) - {icon}
    assert Assist(0, 1, number=5) in legal


def test_the_urchins_boxed_last_lead_still_loses_the_case():
    state = rig([A, B], piles={SUSPECT: ((L(SUSPECT, WITNESS, 12),), ())}, characters=("urchin", "reader"))
    after = act(state, Pursue(0, SUSPECT))
    assert rules.outcome(after).why == "no leads" and after.impossible == ()
