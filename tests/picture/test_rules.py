"""Picture Perfect: one test per clause of the rules (each breaks when its clause does)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from sherlockkit.engine import IllegalAction
from sherlockkit.games.picture import rules
from sherlockkit.games.picture.cards import (
    EXCHANGES, GIVE_BACK, PASS_LEFT, PASS_RIGHT, PREFERENCES, QUIET, ROUNDS, SWAP_LEFT, SWAP_RIGHT, TAKE,
    TRADE_MIDDLE, Wish,
)
from sherlockkit.games.picture.events import GameEnded, Passed, Read, Skipped
from sherlockkit.games.picture.guests import NAMES
from sherlockkit.games.picture.phases import begin_round as begin
from sherlockkit.games.picture.state import (
    ARRANGING, CHOOSING, OVER, Aim, Pass, Place, Ready, Return, Take, Unplace, Vip, held, holder, mat_of,
)
from tests.picture.table import S, all_ready, assert_accounted, rig

COLONEL, POLLY, TOM, PIKE = "the Colonel", "Polly", "Tom", "Mrs Pike"


def refused(state, action, match: str):
    with pytest.raises(IllegalAction, match=match):
        rules.play(state, action)


# --- the deal -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", range(2, 7))
def test_the_deal(players):
    for seed in range(15):
        state = rules.new(seed, players=players)
        assert_accounted(state)
        each = 1 if players >= 5 else 2
        for p in range(players):
            assert len(held(state, p)) == each
        assert len(held(state, None)) == len(NAMES) - each * players
        for e in state.envelopes:
            assert len(e.cards) == 3 and len(set(e.cards)) == 3
            assert all(c.guest != e.guest for c in e.cards), f"{e.guest}'s envelope names its own guest"
        assert all(state.vips) and state.round == 1


def test_the_deck_has_every_kind_and_a_next_to_for_each_guest():
    kinds = Counter(c.kind for c in PREFERENCES)
    assert len(PREFERENCES) >= 50 and len(kinds) == 13
    assert {c.guest for c in PREFERENCES if c.kind == "next to"} == set(NAMES)
    hidden = {c.guest for c in PREFERENCES if c.kind == "hide"}
    assert not hidden & {"Miss Ashby", "Captain Thorne", "Madame Roche", "the Aspidistra"}


def test_holding_is_reading_and_only_the_holder_reads():
    state = rules.new(3, players=3)
    for p in range(3):
        mine = {e.guest for e in state.events if isinstance(e, Read) and e.player == p}
        assert mine == set(held(state, p))
        seen = rules.view(state, p).events
        assert all(e.player == p for e in seen if isinstance(e, Read))


def test_the_deal_is_by_seed():
    assert rules.new(5) == rules.new(5)
    assert rules.new(5).envelopes != rules.new(6).envelopes


def test_options_are_checked():
    for bad in ({"players": 1}, {"players": 7}, {"notes": 1}):
        with pytest.raises(ValueError):
            rules.new(1, **bad)


# --- the exchange cards -------------------------------------------------------------------------------------

def test_take_from_the_middle_in_seat_order_from_the_rounds_first_player():
    state = rig(3, holders={TOM: 0, POLLY: 2}, exchange=TAKE, round=2, begin=True)
    assert state.turns[0] == 1  # round 2: seat 1 starts
    refused(state, Take(0, COLONEL), "Player 2's turn")
    refused(state, Take(1, TOM), "not in the middle")
    state = rules.play(state, Take(1, COLONEL))
    assert holder(state, COLONEL) == 1 and state.events[-1] == Read(1, COLONEL, state.envelopes[1].cards, False)
    assert state.turns[0] == 2


def test_take_is_skipped_when_the_middle_is_empty():
    state = rig(2, holders={g: i % 2 for i, g in enumerate(NAMES)}, exchange=TAKE, begin=True)
    assert state.phase == ARRANGING
    assert [e.player for e in state.events if isinstance(e, Skipped)] == [0, 1]


def test_give_back():
    state = rig(2, holders={TOM: 0, POLLY: 1}, exchange=GIVE_BACK, begin=True)
    refused(state, Return(0, POLLY), "do not hold")
    refused(state, Take(0, COLONEL), "put an envelope back")
    state = rules.play(state, Return(0, TOM))
    assert holder(state, TOM) is None
    state = rules.play(state, Return(1, POLLY))
    assert state.phase == ARRANGING and held(state, 1) == ()


def test_trade_with_the_middle_not_the_one_put_back_nor_one_taken_this_round():
    state = rig(2, holders={TOM: 0, POLLY: 1}, exchange=TRADE_MIDDLE, begin=True)
    state = rules.play(state, Return(0, TOM))
    refused(state, Take(0, TOM), "just put")
    state = rules.play(state, Take(0, COLONEL))
    assert held(state, 0) == (COLONEL,)
    state = rules.play(state, Return(1, POLLY))
    refused(replace(state, taken=state.taken | {PIKE}), Take(1, PIKE), "already been taken this round")
    state = rules.play(state, Take(1, TOM))  # put back by another: it may be taken
    assert held(state, 1) == (TOM,) and state.phase == ARRANGING


def test_trade_with_an_empty_middle_puts_back_and_takes_nothing():
    holders = {g: 0 for g in NAMES}
    holders[TOM] = 1
    state = rig(2, holders=holders, exchange=TRADE_MIDDLE, begin=True)
    state = rules.play(state, Return(0, COLONEL))
    assert state.turns == (1,) and isinstance(state.events[-1], Skipped)


@pytest.mark.parametrize("card, to", [(PASS_LEFT, {0: 1, 1: 2, 2: 0}), (PASS_RIGHT, {0: 2, 1: 0, 2: 1})])
def test_a_pass_resolves_only_when_all_have_chosen(card, to):
    state = rig(3, holders={TOM: 0, POLLY: 1, PIKE: 2, COLONEL: 2}, exchange=card, begin=True)
    assert state.phase == CHOOSING
    state = rules.play(state, Pass(0, TOM))
    state = rules.play(state, Pass(2, PIKE))
    assert holder(state, TOM) == 0 and holder(state, PIKE) == 2  # nothing moves yet
    assert rules.view(state, 1).my_choice is None and rules.view(state, 1).chosen == (True, False, True)
    assert all(e.guest is None for e in rules.view(state, 1).events if type(e).__name__ == "Chose")
    refused(state, Pass(0, TOM), "already chosen")
    state = rules.play(state, Pass(1, POLLY))
    assert (holder(state, TOM), holder(state, POLLY), holder(state, PIKE)) == (to[0], to[1], to[2])
    assert state.phase == ARRANGING
    assert Read(to[0], TOM, state.envelopes[NAMES.index(TOM)].cards, False) in state.events


def test_a_pass_does_not_wait_for_a_player_with_no_envelope():
    state = rig(3, holders={TOM: 0, POLLY: 1}, exchange=PASS_LEFT, begin=True)
    refused(state, Pass(2, TOM), "hold no envelope")
    state = rules.play(rules.play(state, Pass(0, TOM)), Pass(1, POLLY))
    assert state.phase == ARRANGING and holder(state, POLLY) == 2


@pytest.mark.parametrize("card, neighbour", [(SWAP_RIGHT, 2), (SWAP_LEFT, 1)])
def test_swap_with_a_neighbour(card, neighbour):
    state = rig(3, holders={TOM: 0, POLLY: 1, PIKE: 2}, exchange=card, begin=True)
    other = POLLY if neighbour == 1 else PIKE
    wrong = PIKE if neighbour == 1 else POLLY
    refused(state, Take(0, wrong), "not in")
    state = rules.play(state, Take(0, other))
    refused(state, Pass(0, other), "just taken")
    state = rules.play(state, Pass(0, TOM))
    assert holder(state, other) == 0 and holder(state, TOM) == neighbour
    assert Passed(0, neighbour, TOM) in state.events
    assert any(isinstance(e, Read) and e.player == neighbour and e.guest == TOM for e in state.events)


def test_a_swap_never_takes_back_one_already_taken_this_round():
    state = rig(2, holders={TOM: 0, POLLY: 1}, exchange=SWAP_RIGHT, begin=True)
    state = rules.play(rules.play(state, Take(0, POLLY)), Pass(0, TOM))
    # seat 1 now holds only Tom; seat 0 holds only Polly, taken this round: seat 1 is skipped
    assert state.phase == ARRANGING and state.events[-1] == Skipped(1, SWAP_RIGHT)
    assert holder(state, POLLY) == 0


def test_a_quiet_round_moves_nothing():
    before = rig(2, exchange=QUIET)
    state = rig(2, exchange=QUIET, begin=True)
    assert state.phase == ARRANGING and state.holders == before.holders


def test_eight_exchange_cards_six_turned_up():
    assert len(set(EXCHANGES)) == 8
    for seed in range(5):
        state = rules.new(seed)
        assert len(state.exchanges) == ROUNDS and len(set(state.exchanges)) == ROUNDS


# --- arranging ------------------------------------------------------------------------------------------

def test_place_move_and_the_refusals():
    state = rig(2, mats={0: {TOM: "2B"}})
    refused(state, Place(0, POLLY, "1B"), "table stands")
    refused(state, Place(0, POLLY, "2B"), "2B is taken by Tom")
    refused(state, Place(0, TOM, "2B"), "already stands")
    refused(state, Place(0, POLLY, "9Z"), "no space")
    moved = rules.play(state, Place(0, TOM, "3C"))
    assert mat_of(moved, 0) == {TOM: S("3C")} and moved.events[-1].moved_from == S("2B")
    assert mat_of(rules.play(state, Place(1, TOM, "2B")), 1) == {TOM: S("2B")}  # each player's own mat
    refused(state, Unplace(0, POLLY), "not on your mat")
    assert mat_of(rules.play(state, Unplace(0, TOM)), 0) == {}


def test_no_arranging_during_the_exchange_and_no_exchange_after():
    state = rig(2, holders={TOM: 0}, exchange=TAKE, begin=True)
    refused(state, Place(0, TOM, "2B"), "being exchanged")
    refused(rig(2), Take(0, TOM), "have been exchanged")


def test_aim_within_the_ranges():
    state = rig(2)
    refused(state, Aim(0, 99, 10), "camera stands from")
    refused(state, Aim(0, *state.cameras[0]), "already")
    assert rules.play(state, Aim(0, -3, 5)).cameras[0] == (-3, 5)


def test_vip_once_per_player_once_per_envelope_only_held():
    state = rig(2, holders={TOM: 0, POLLY: 0, PIKE: 1}, vip={POLLY})
    refused(state, Vip(0, PIKE), "do not hold")
    refused(state, Vip(0, POLLY), "already holds a VIP")
    after = rules.play(state, Vip(0, TOM))
    assert after.envelopes[NAMES.index(TOM)].vip and not after.vips[0]
    refused(after, Vip(0, POLLY), "already slipped")


def test_the_base_game_too_takes_one_vip_card_an_envelope():
    """A deliberate difference: the expansion's limit of one VIP card an envelope holds in
    every party. Seat 0 slips its card into Tom's envelope and passes it on; seat 1, its
    own card still in hand, may not slip it into Tom's too (and is offered no VIP move)."""
    state = rig(2, holders={TOM: 0, POLLY: 1}, exchange=PASS_LEFT, round=2)
    assert not state.sherlock and state.variant is None
    state = rules.play(state, Vip(0, TOM))
    state = begin(state, 2)
    state = rules.play(rules.play(state, Pass(0, TOM)), Pass(1, POLLY))
    assert holder(state, TOM) == 1 and state.vips == (False, True) and state.phase == ARRANGING
    refused(state, Vip(1, TOM), "Tom's envelope already holds a VIP card")
    assert [a for a in rules.legal_actions(state, 1) if isinstance(a, Vip)] == []
    assert [e.vip for e in state.envelopes if e.guest == TOM] == [True]


def test_the_vip_is_seen_by_whoever_reads_the_envelope_afterwards():
    state = rig(2, holders={TOM: 0, POLLY: 1}, exchange=PASS_LEFT, round=2)
    state = rules.play(state, Vip(0, TOM))
    assert not any(e.player == 1 for e in rules.view(state, 1).events if type(e).__name__ == "VipSlipped")
    state = begin(state, 2)
    state = rules.play(rules.play(state, Pass(0, TOM)), Pass(1, POLLY))
    assert Read(1, TOM, state.envelopes[NAMES.index(TOM)].cards, True) in state.events


def test_ready_ends_the_round_when_all_are_ready_and_a_ready_player_waits():
    state = rig(2, exchange=QUIET, round=1)
    state = rules.play(state, Ready(0))
    refused(state, Place(0, TOM, "2B"), "Ready")
    assert rules.legal_actions(state, 0) == []
    state = rules.play(state, Ready(1))
    assert state.round == 2 and not state.ready


def test_six_rounds_then_the_end_with_every_envelope_revealed():
    state = rules.new(11, players=2)
    rounds_seen = []
    while state.phase != OVER:
        if state.phase == ARRANGING:
            rounds_seen.append(state.round)
            state = all_ready(state)
        else:
            state = rules.play(state, rules.legal_actions(state)[0])
    assert sorted(set(rounds_seen)) == [1, 2, 3, 4, 5, 6]
    ended = state.events[-1]
    assert isinstance(ended, GameEnded)
    assert [g for g, _, _ in ended.envelopes] == list(NAMES)
    assert [c for _, c, _ in ended.envelopes] == [e.cards for e in state.envelopes]
    assert rules.outcome(state).scores == (0, 0) and rules.legal_actions(state) == []
    assert len(rules.view(state, 0).envelopes) == len(NAMES)


def test_ties_share_the_win():
    cards = (Wish("row", row=2), Wish("left"), Wish("front"))
    state = rig(3, contents={TOM: cards}, mats={0: {TOM: "2A"}, 1: {TOM: "2A"}, 2: {TOM: "4D"}}, round=ROUNDS)
    out = rules.outcome(all_ready(state))
    assert out.scores == (6, 6, -3) and out.winners == (0, 1)


# --- the view --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("notes", [False, True])
def test_the_view_holds_what_is_held_now_and_with_notes_every_envelope_read(notes):
    state = rig(2, holders={TOM: 0, POLLY: 1}, exchange=PASS_LEFT, round=2, notes=notes)
    state = rules.play(state, Vip(0, TOM))
    state = rules.play(rules.play(begin(state, 2), Pass(0, TOM)), Pass(1, POLLY))
    seen = {g: vip for g, _, vip in rules.view(state, 0).envelopes}
    assert POLLY in seen and not seen[POLLY]
    if notes:
        assert TOM in seen and seen[TOM] is True  # as last seen: with the VIP slipped in
    else:
        assert TOM not in seen
