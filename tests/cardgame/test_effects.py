"""What each card of The Sherlock Holmes Card Game does, and the Alibi that answers some
of them: one test (at least) per rule clause. Tables are rigged with ``table.rig``."""

from __future__ import annotations

from collections import Counter

import pytest

from sherlockkit.games.cardgame import rules
from sherlockkit.games.cardgame.cards import (
    ALIBI, ARREST, CLAY, CLUE, COUNTRY, DISGUISE, HANSOM, HOLMES, I_SUSPECT, IN_COUNTRY, IN_LONDON, INSPECTOR,
    LONDON, MILVERTON, MORAN, MORIARTY, MYCROFT, SCOTLAND_YARD, TELEGRAM, THICK_FOG, TRAIN, WATSON,
)
from sherlockkit.games.cardgame.legality import Top
from sherlockkit.games.cardgame.events import Peek
from sherlockkit.games.cardgame.state import ALIBI_WINDOW, PASSING, PLAY, Answer, Draw, PassCard, Pending, Play

from .table import (
    AT_BAKER_STREET, AT_COUNTRY, AT_LONDON, AT_YARD, CLUE_C, CLUE_L, FOG, HANSOM_IN_LONDON, REST, TRAIN_FROM_COUNTRY,
    TRAIN_FROM_LONDON, act, assert_accounted, kinds_offered, refused, rig, told, top,
)


# --- effects ----------------------------------------------------------------------------------------


def test_thick_fog_gathers_shuffles_and_deals_every_hand_again_at_its_size():
    hands = [[THICK_FOG, CLUE, CLUE], [LONDON, COUNTRY], [ARREST, INSPECTOR, TELEGRAM, HOLMES], [WATSON]]
    moved = 0
    for seed in range(10):
        state = rig(hands, on=TRAIN_FROM_LONDON, seed=seed)
        after = rules.play(state, Play(0, THICK_FOG))
        assert [len(h) for h in after.hands] == [2, 2, 4, 1]
        assert Counter(c for h in after.hands for c in h) == Counter(
            [CLUE, CLUE, LONDON, COUNTRY, ARREST, INSPECTOR, TELEGRAM, HOLMES, WATSON])
        assert after.top == FOG and after.turn == 1
        assert_accounted(after)
        moved += after.hands != ((CLUE, CLUE), (LONDON, COUNTRY), (ARREST, INSPECTOR, TELEGRAM, HOLMES), (WATSON,))
    assert moved >= 8  # the cards really are shuffled


def test_scotland_yard_makes_the_next_player_draw_two_at_once():
    state = rig([[SCOTLAND_YARD, CLUE], [TRAIN], [HANSOM]], pile=[CLUE, ARREST, TELEGRAM], on=TRAIN_FROM_COUNTRY)
    after = rules.play(state, Play(0, SCOTLAND_YARD))
    assert after.hands[1] == (TRAIN, CLUE, ARREST)
    assert after.pile == (TELEGRAM,)
    assert after.turn == 1 and after.phase == PLAY
    assert after.top == AT_YARD
    assert "draws two cards" in told(after)[-1]
    assert CLUE not in told(after)[-1] and ARREST not in told(after)[-1]  # the drawn cards stay hidden


def test_scotland_yard_with_a_short_pile_draws_what_there_is():
    state = rig([[SCOTLAND_YARD, CLUE], [TRAIN], [HANSOM]], pile=[ARREST], on=HANSOM_IN_LONDON)
    after = rules.play(state, Play(0, SCOTLAND_YARD))
    assert after.hands[1] == (TRAIN, ARREST) and after.pile == ()


def test_a_clue_looks_at_two_cards_of_the_previous_player_privately():
    hands = [[TRAIN, HANSOM, ARREST, COUNTRY], [CLUE, TRAIN], [HANSOM]]
    state = rig(hands, on=AT_LONDON, turn=1)
    after = rules.play(state, Play(1, CLUE))
    peek = after.peeks[-1]
    assert (peek.looker, peek.target, peek.why, peek.hand) == (1, 0, CLUE, state.hand_number)
    assert len(peek.cards) == 2 and not Counter(peek.cards) - Counter(hands[0])
    assert after.hands[0] == state.hands[0]  # looking takes nothing
    assert peek in rules.view(after, 1).peeks
    assert rules.view(after, 0).peeks == () and rules.view(after, 2).peeks == ()
    assert after.turn == 2 and after.top == CLUE_L
    assert not any(k in told(after)[-1] for k in (TRAIN, HANSOM, ARREST, COUNTRY))


def test_the_first_seat_s_clue_looks_at_the_last_seat():
    state = rig([[CLUE], [TRAIN], [HANSOM, ARREST]], on=AT_COUNTRY, turn=0)
    peek = rules.play(state, Play(0, CLUE)).peeks[-1]
    assert peek.target == 2


def test_a_clue_on_a_single_card_sees_that_card():
    state = rig([[CLUE, TRAIN], [TRAIN], [INSPECTOR]], on=AT_COUNTRY)
    assert rules.play(state, Play(0, CLUE)).peeks[-1].cards == (INSPECTOR,)


def test_the_clue_s_two_cards_are_a_blind_pick():
    hand = [TRAIN, HANSOM, ARREST, COUNTRY, LONDON, TELEGRAM]
    picks = set()
    for seed in range(20):
        state = rig([[CLUE], [TRAIN], hand], on=AT_LONDON, seed=seed)
        picks.add(rules.play(state, Play(0, CLUE)).peeks[-1].cards)
    assert len(picks) > 5


def test_a_disguise_looks_at_two_cards_of_any_chosen_player():
    hands = [[DISGUISE], [TRAIN, TRAIN, TRAIN], [HANSOM, ARREST, CLUE], [COUNTRY]]
    state = rig(hands, on=AT_YARD)
    after = rules.play(state, Play(0, DISGUISE, 2))
    peek = after.peeks[-1]
    assert (peek.looker, peek.target, peek.why) == (0, 2, DISGUISE)
    assert len(peek.cards) == 2 and set(peek.cards) <= {HANSOM, ARREST, CLUE}
    assert rules.view(after, 2).peeks == ()
    assert after.turn == 1


def test_i_suspect_makes_its_target_draw_one_card():
    state = rig([[I_SUSPECT, TRAIN], [TRAIN], [HANSOM], [COUNTRY]], pile=[ARREST, CLUE], on=CLUE_L)
    state = rules.play(state, Play(0, I_SUSPECT, 2))
    assert state.phase == ALIBI_WINDOW
    assert state.pending == Pending(I_SUSPECT, 0, 2, CLUE_L, arrest=False)
    assert rules.legal_actions(state) == [Answer(2, False)]  # no Alibi to play
    after = rules.play(state, Answer(2, False))
    assert after.hands[2] == (HANSOM, ARREST) and after.pile == (CLUE,)
    assert after.turn == 1 and after.phase == PLAY and after.top == Top(I_SUSPECT, IN_LONDON)


def test_an_inspector_makes_its_target_draw_two_and_arrests_nobody_away_from_the_yard():
    state = rig([[INSPECTOR, TRAIN], [TRAIN], [HANSOM, MORIARTY], [COUNTRY]], pile=[ARREST, CLUE, TELEGRAM],
                on=top(I_SUSPECT))
    state = act(state, Play(0, INSPECTOR, 2), Answer(2, False))
    assert state.hands[2] == (HANSOM, MORIARTY, ARREST, CLUE)
    assert state.hand_number == 1 and state.hand_scores == ()  # a Villain there, but no arrest
    assert state.turn == 1 and state.top == Top(INSPECTOR, IN_LONDON)


def test_an_inspector_at_scotland_yard_is_an_arrest_too_and_catches_a_villain():
    state = rig([[INSPECTOR, TRAIN], [TRAIN], [HANSOM, MORIARTY], [COUNTRY]], pile=[ARREST, CLUE, TELEGRAM],
                on=AT_YARD, hands_in_game=1)
    state = act(state, Play(0, INSPECTOR, 2))
    assert "arrest" in told(state)[-1]
    state = act(state, Answer(2, False))
    assert state.finished
    # seat 2 holds Hansom, Moriarty and the two drawn cards when caught
    assert state.hand_scores == ((1 - 15, 1, 1 + 5 + 2 + 20, 1),)


def test_an_inspector_at_scotland_yard_on_an_innocent_is_a_false_arrest():
    state = rig([[INSPECTOR, TRAIN], [TRAIN], [HANSOM], [COUNTRY]],
                pile=[ARREST, CLUE, TELEGRAM, LONDON, DISGUISE, HANSOM, TRAIN], on=AT_YARD)
    state = act(state, Play(0, INSPECTOR, 2), Answer(2, False))
    # seat 2 drew Arrest and Clue, then seat 0 took all three cards and seat 2 drew three more
    assert state.hands[0] == (TRAIN, HANSOM, ARREST, CLUE)
    assert state.hands[2] == (TELEGRAM, LONDON, DISGUISE)
    assert state.pile == (HANSOM, TRAIN)
    assert state.turn == 1 and state.hand_number == 1
    assert "false arrest" in told(state)[-1]


def test_a_villain_drawn_by_an_inspector_at_the_yard_is_caught():
    # the decision: the two cards are drawn, then the arrest looks at the hand
    state = rig([[INSPECTOR, TRAIN], [TRAIN], [HANSOM], [COUNTRY]], pile=[CLUE, MORAN, ARREST], on=AT_YARD,
                hands_in_game=1)
    state = act(state, Play(0, INSPECTOR, 2), Answer(2, False))
    assert state.finished and state.hand_scores[-1][2] == 1 + 1 + 5 + 20


def test_a_telegram_gives_the_next_player_its_points_at_once():
    state = rig([[TELEGRAM, TRAIN], [TRAIN], [HANSOM]], on=AT_COUNTRY, turn=0)
    after = rules.play(state, Play(0, TELEGRAM))
    assert after.scores == (0, 10, 0)
    state = rig([[TRAIN], [HANSOM], [TELEGRAM, TRAIN]], on=CLUE_C, turn=2, options={"telegram": 7})
    after = rules.play(state, Play(2, TELEGRAM))
    assert after.scores == (7, 0, 0)  # the seat after the last is the first


def test_an_arrest_of_a_villain_ends_the_hand():
    state = rig([[ARREST, TRAIN], [TRAIN], [HANSOM, CLAY], [COUNTRY]], on=AT_LONDON, options={"hands": 2})
    state = rules.play(state, Play(0, ARREST, 2))
    assert state.phase == ALIBI_WINDOW and state.pending == Pending(ARREST, 0, 2, AT_LONDON, arrest=True)
    after = rules.play(state, Answer(2, False))
    assert after.hand_number == 2 and after.hand_scores == ((1 - 15, 1, 1 + 5 + 20, 1),)
    assert any(CLAY in line and "arrested" in line for line in told(after))
    assert after.played == () and [len(h) for h in after.hands] == [6] * 4  # the next hand is dealt


def test_a_false_arrest_gives_the_arrester_the_hand_and_the_accused_draws_as_many():
    state = rig([[ARREST, CLUE], [TRAIN], [TRAIN, HANSOM, COUNTRY], [COUNTRY]],
                pile=[LONDON, TELEGRAM, DISGUISE, INSPECTOR], on=AT_COUNTRY)
    after = act(state, Play(0, ARREST, 2), Answer(2, False))
    assert after.hands[0] == (CLUE, TRAIN, HANSOM, COUNTRY)
    assert after.hands[2] == (LONDON, TELEGRAM, DISGUISE)
    assert after.pile == (INSPECTOR,)
    assert after.turn == 1 and after.top == Top(ARREST, IN_COUNTRY) and after.hand_number == 1
    assert not any(k in told(after)[-1] for k in (TRAIN, HANSOM, LONDON, TELEGRAM, DISGUISE))  # told as numbers
    assert "three cards" in told(after)[-1]
    assert_accounted(after)


def test_a_false_arrest_with_a_short_pile_draws_what_there_is():
    state = rig([[ARREST, CLUE], [TRAIN], [TRAIN, HANSOM, COUNTRY]], pile=[LONDON], on=AT_COUNTRY)
    after = act(state, Play(0, ARREST, 2), Answer(2, False))
    assert after.hands[2] == (LONDON,) and after.pile == ()
    assert after.turn == 1


def test_holmes_catches_a_villain_at_once_and_cannot_be_answered():
    state = rig([[HOLMES, TRAIN], [TRAIN], [ALIBI, MILVERTON], [COUNTRY]], on=CLUE_L, hands_in_game=1)
    after = rules.play(state, Play(0, HOLMES, 2))
    assert after.finished  # no window for the Alibi
    assert after.hand_scores == ((1 - 15, 1, 1 + 5 + 20, 1),)


def test_holmes_finding_nothing_leaves_the_table_as_it_was():
    state = rig([[HOLMES, TRAIN], [I_SUSPECT, TRAIN], [ALIBI, HANSOM], [COUNTRY]], on=CLUE_L)
    after = rules.play(state, Play(0, HOLMES, 2))
    assert after.top == CLUE_L  # see-through
    assert after.hands[2] == (ALIBI, HANSOM)
    assert after.peeks[-1] == Peek(0, 2, (ALIBI, HANSOM), 1, HOLMES)
    assert after.turn == 1 and after.phase == PLAY
    assert kinds_offered(after, 1) == {I_SUSPECT}  # the next player follows the Clue, not Holmes
    refused(after, Play(1, TRAIN), "the table shows Clue · London")


def test_watson_is_answered_like_an_arrest_and_otherwise_is_holmes():
    state = rig([[WATSON, TRAIN], [ARREST], [HANSOM], [COUNTRY]], on=AT_LONDON)
    state = rules.play(state, Play(0, WATSON, 2))
    assert state.phase == ALIBI_WINDOW and state.pending.card == WATSON
    assert state.top == AT_LONDON
    after = rules.play(state, Answer(2, False))
    assert after.peeks[-1].cards == (HANSOM,) and after.peeks[-1].why == WATSON
    assert after.top == AT_LONDON and after.turn == 1
    assert kinds_offered(after, 1) == {ARREST}  # Arrest follows the London under Watson

    caught = rig([[WATSON, TRAIN], [ARREST], [HANSOM, MORAN], [COUNTRY]], on=AT_LONDON, hands_in_game=1)
    caught = act(caught, Play(0, WATSON, 2), Answer(2, False))
    assert caught.finished and caught.hand_scores[-1][0] == 1 - 15 and caught.hand_scores[-1][2] == 1 + 5 + 20


def test_watson_answered_by_an_alibi_does_nothing():
    state = rig([[WATSON, TRAIN], [ARREST], [ALIBI, MORAN, HANSOM], [COUNTRY]], on=AT_LONDON)
    state = act(state, Play(0, WATSON, 2), Answer(2, True))
    assert state.phase == PASSING and state.hand_number == 1
    assert state.top == Top(ALIBI, IN_LONDON) and state.played[-2:] == (WATSON, ALIBI)
    assert all(p.looker != 0 or p.target != 2 for p in state.peeks)  # Watson saw nothing


def test_mycroft_swaps_hands_and_leaves_the_table_as_it_was():
    state = rig([[MYCROFT, CLUE], [TRAIN], [MORIARTY, TRAIN, HANSOM]], on=AT_BAKER_STREET)
    after = rules.play(state, Play(0, MYCROFT, 2))
    assert after.hands[0] == (MORIARTY, TRAIN, HANSOM) and after.hands[2] == (CLUE,)
    assert after.top == AT_BAKER_STREET and after.turn == 1 and after.phase == PLAY
    assert after.hands[1] == (TRAIN,)


# --- the Alibi --------------------------------------------------------------------------------------


def _answered_arrest():
    """Seat 0 arrests seat 2, who answers with an Alibi."""
    state = rig([[ARREST, TRAIN, HANSOM], [COUNTRY, CLUE], [ALIBI, MORIARTY, LONDON], [TELEGRAM]], on=AT_LONDON)
    return act(state, Play(0, ARREST, 2), Answer(2, True))


def test_an_alibi_cancels_the_arrest_and_everyone_passes_a_card_to_the_left():
    state = _answered_arrest()
    assert state.phase == PASSING and state.hand_number == 1 and state.hand_scores == ()
    assert state.top == Top(ALIBI, IN_LONDON) and state.played[-2:] == (ARREST, ALIBI)
    assert state.hands == ((TRAIN, HANSOM), (COUNTRY, CLUE), (MORIARTY, LONDON), (TELEGRAM,))
    assert set(rules.legal_actions(state)) == {
        PassCard(0, TRAIN), PassCard(0, HANSOM), PassCard(1, COUNTRY), PassCard(1, CLUE),
        PassCard(2, MORIARTY), PassCard(2, LONDON), PassCard(3, TELEGRAM),
    }
    state = act(state, PassCard(0, TRAIN), PassCard(2, MORIARTY), PassCard(1, CLUE))
    assert state.hands == ((TRAIN, HANSOM), (COUNTRY, CLUE), (MORIARTY, LONDON), (TELEGRAM,))  # not yet
    assert rules.view(state, 1).passed == (True, True, True, False)
    refused(state, PassCard(0, HANSOM), "already chosen")
    refused(state, Play(3, TRAIN), "choose the card you pass")
    state = rules.play(state, PassCard(3, TELEGRAM))
    assert state.hands == ((HANSOM, TELEGRAM), (COUNTRY, TRAIN), (LONDON, CLUE), (MORIARTY,))
    assert state.phase == PLAY and state.turn == 1  # after the arrester, not after the Alibi
    assert kinds_offered(state, 1) == {TRAIN}  # a movement card follows the Alibi
    assert_accounted(state)


def test_after_an_alibi_play_resumes_after_the_player_whose_card_was_answered():
    state = rig([[ALIBI, CLUE], [TRAIN], [HANSOM], [ARREST, COUNTRY]], on=AT_COUNTRY, turn=3)
    state = act(state, Play(3, ARREST, 0), Answer(0, True), PassCard(1, TRAIN), PassCard(2, HANSOM),
                PassCard(0, CLUE), PassCard(3, COUNTRY))
    assert state.turn == 0  # seat 3 played the Arrest: the next seat round the table


def test_a_player_left_without_cards_passes_nothing_but_receives():
    state = rig([[ARREST, TRAIN], [COUNTRY], [ALIBI]], on=AT_LONDON)
    state = act(state, Play(0, ARREST, 2), Answer(2, True))
    assert rules.legal_actions(state, 2) == []
    refused(state, PassCard(2, ALIBI), "You can only pass a card you hold.")
    state = act(state, PassCard(0, TRAIN), PassCard(1, COUNTRY))
    assert state.hands == ((), (TRAIN,), (COUNTRY,)) and state.turn == 1


def test_only_the_named_player_answers_and_only_while_the_card_waits():
    state = rig([[ARREST, TRAIN], [ALIBI, CLUE], [ALIBI, HANSOM], [COUNTRY]], on=AT_LONDON)
    refused(state, Answer(1, True), "Nothing is waiting for that now.")
    refused(state, Play(1, ALIBI), "It is Player 1's turn.")
    refused(state, Play(0, ALIBI), "You hold no Alibi.")
    state = rules.play(state, Play(0, ARREST, 2))
    assert rules.legal_actions(state) == [Answer(2, True), Answer(2, False)]
    refused(state, Answer(1, True), "Player 3 is answering Arrest: wait for them.")
    refused(state, Play(1, CLUE), "wait for them")
    refused(state, Play(2, HANSOM), "Answer Arrest first")
    refused(state, Draw(0), "Player 3 is answering Arrest")


def test_the_alibi_is_never_played_in_turn():
    state = rig([[ALIBI, TRAIN], [TRAIN], [HANSOM]], on=top(ARREST))
    assert ALIBI not in kinds_offered(state, 0)
    refused(state, Play(0, ALIBI), "An Alibi is played only at once")


def test_answering_without_an_alibi_is_refused():
    state = act(rig([[ARREST, TRAIN], [TRAIN], [HANSOM]], on=AT_LONDON), Play(0, ARREST, 2))
    refused(state, Answer(2, True), "You hold no Alibi.")


@pytest.mark.parametrize("card,on", [(ARREST, AT_LONDON), (INSPECTOR, CLUE_L), (I_SUSPECT, CLUE_L),
                                     (WATSON, AT_COUNTRY)])
def test_the_four_answerable_cards_open_the_window(card, on):
    state = act(rig([[card, TRAIN], [TRAIN], [ALIBI, HANSOM]], pile=REST, on=on), Play(0, card, 2))
    assert rules.legal_actions(state) == [Answer(2, True), Answer(2, False)]


@pytest.mark.parametrize("card,on", [(HOLMES, AT_LONDON), (DISGUISE, AT_LONDON), (MYCROFT, AT_LONDON)])
def test_other_cards_that_name_a_player_cannot_be_answered(card, on):
    state = act(rig([[card, TRAIN], [TRAIN], [ALIBI, HANSOM]], pile=REST, on=on), Play(0, card, 2))
    assert state.phase == PLAY
    assert not any(isinstance(a, Answer) for a in rules.legal_actions(state))
