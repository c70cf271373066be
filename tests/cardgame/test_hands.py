"""How a hand of The Sherlock Holmes Card Game goes on and ends: drawing, the Villains,
the score and the end of the game -- one test (at least) per rule clause or decision.
Tables are rigged with ``table.rig``."""

from __future__ import annotations

from dataclasses import replace

from sherlockkit import engine
from sherlockkit.games.cardgame import rules
from sherlockkit.games.cardgame.cards import (
    AFOOT, ARREST, CLAY, CLUE, COUNTRY, HANSOM, HOLMES, I_SUSPECT, LONDON, MILVERTON, MORAN, MORIARTY, TELEGRAM,
    TRAIN,
)
from sherlockkit.games.cardgame.state import DRAWN, PLAY, Answer, Draw, Keep, Outcome, Play, PlayVillains, Scoring

from .table import AT_COUNTRY, AT_LONDON, REST, TRAIN_FROM_LONDON, act, assert_accounted, refused, rig, told


# --- drawing ----------------------------------------------------------------------------------------


def test_a_player_may_draw_only_when_holding_nothing_playable():
    state = rig([[CLUE, LONDON, COUNTRY], [TRAIN], [HANSOM]], on=TRAIN_FROM_LONDON)
    refused(state, Draw(0), "You hold a card you may play, so you cannot draw.")
    state = rig([[CLUE, LONDON], [TRAIN], [HANSOM]], pile=REST, on=TRAIN_FROM_LONDON)
    assert rules.legal_actions(state) == [Draw(0)]


def test_a_drawn_card_that_fits_may_be_played_at_once():
    state = rig([[CLUE, ARREST], [TRAIN], [HANSOM]], pile=[COUNTRY, TRAIN], on=TRAIN_FROM_LONDON)
    state = rules.play(state, Draw(0))
    assert state.phase == DRAWN and state.drawn == COUNTRY and state.turn == 0
    assert state.hands[0] == (CLUE, ARREST, COUNTRY) and state.pile == (TRAIN,)
    assert rules.legal_actions(state) == [Play(0, COUNTRY), Keep(0)]
    assert rules.view(state, 0).drawn == COUNTRY and rules.view(state, 1).drawn is None
    assert COUNTRY not in told(state)[-1]
    refused(state, Draw(0), "You have drawn already")
    refused(state, Play(0, CLUE), "After drawing you may play only the card you drew")
    refused(state, Keep(1), "It is Player 1's turn.")
    played = rules.play(state, Play(0, COUNTRY))
    assert played.top == AT_COUNTRY and played.turn == 1 and played.hands[0] == (CLUE, ARREST)
    kept = rules.play(state, Keep(0))
    assert kept.phase == PLAY and kept.turn == 1 and kept.hands[0] == (CLUE, ARREST, COUNTRY)
    assert kept.top == TRAIN_FROM_LONDON


def test_a_drawn_card_that_does_not_fit_can_only_be_kept():
    state = rig([[CLUE, ARREST], [TRAIN], [HANSOM]], pile=[LONDON, TRAIN], on=TRAIN_FROM_LONDON)
    after = rules.play(state, Draw(0))
    # the drawer still has a choice to make (only Keep), so nobody learns whether it fitted
    assert after.phase == DRAWN and after.turn == 0 and after.hands[0] == (CLUE, ARREST, LONDON)
    assert rules.legal_actions(after) == [Keep(0)]
    refused(after, Play(0, LONDON), "After Train · London the game goes to the Country")
    kept = rules.play(after, Keep(0))
    assert kept.phase == PLAY and kept.turn == 1 and kept.hands[0] == (CLUE, ARREST, LONDON)


def test_keep_is_only_for_a_card_just_drawn():
    state = rig([[CLUE, ARREST], [TRAIN], [HANSOM]], pile=REST, on=TRAIN_FROM_LONDON)
    refused(state, Keep(0), "Keep is for the card you have just drawn.")


def test_with_the_pile_empty_a_player_who_cannot_play_passes():
    state = rig([[I_SUSPECT], [I_SUSPECT, COUNTRY], [I_SUSPECT, MORIARTY]], pile=[], on=TRAIN_FROM_LONDON)
    state = rules.play(state, Draw(0))
    assert state.turn == 1 and state.idle == 1 and state.hands[0] == (I_SUSPECT,)
    state = rules.play(state, Play(1, COUNTRY))  # a card played: the count starts again
    assert state.idle == 0
    state = act(state, Draw(2), Draw(0))
    assert state.idle == 2 and state.hand_number == 1 and not state.hand_scores


def test_when_everyone_passes_in_a_row_the_trail_goes_cold():
    state = rig([[I_SUSPECT], [I_SUSPECT, CLUE], [I_SUSPECT, MORIARTY]], pile=[], on=TRAIN_FROM_LONDON,
                hands_in_game=1)
    state = act(state, Draw(0), Draw(1))
    assert not state.finished
    state = rules.play(state, Draw(2))
    assert state.finished
    assert state.hand_scores == ((1, 2, 1 + 5),)  # cards and Villains left, nobody caught
    assert any("cold" in line for line in told(state))


# --- villains ---------------------------------------------------------------------------------------


def test_a_villain_cannot_go_down_while_other_cards_are_held():
    state = rig([[MORIARTY, TRAIN], [TRAIN], [HANSOM]], pile=REST, on=AT_LONDON)
    assert not any(isinstance(a, PlayVillains) for a in rules.legal_actions(state))
    refused(state, Play(0, MORIARTY), "A Villain can only go down as the last card")
    refused(state, PlayVillains(0), "all your cards must be Villains")


def test_villains_held_alone_go_down_all_at_once_and_escape():
    state = rig([[MORIARTY, MORAN], [TRAIN, CLUE], [HANSOM]], pile=REST, on=TRAIN_FROM_LONDON, hands_in_game=1)
    assert rules.legal_actions(state) == [PlayVillains(0)]  # on any card, and nothing else (no Draw)
    refused(state, Play(0, MORIARTY), "You hold only Villains: put them down together.")
    after = rules.play(state, PlayVillains(0))
    assert after.finished
    assert after.hand_scores == ((-15, 2, 1),)
    assert any(MORIARTY in line and MORAN in line and "escapes" in line for line in told(after))


def test_an_escape_puts_the_villains_among_the_played_cards_and_the_next_hand_is_dealt():
    state = rig([[CLAY], [TRAIN, CLUE], [HANSOM]], pile=REST, on=AT_COUNTRY, options={"hands": 2})
    after = rules.play(state, PlayVillains(0))
    assert after.hand_number == 2 and after.hand_scores == ((-15, 2, 1),)
    assert after.played == () and [len(h) for h in after.hands] == [6, 6, 6]
    assert_accounted(after)


def test_villains_go_down_only_in_turn():
    state = rig([[TRAIN], [MORIARTY], [HANSOM]], pile=REST, on=AT_LONDON)
    refused(state, PlayVillains(1), "It is Player 1's turn.")


def test_playing_the_last_other_card_does_not_let_a_villain_out_in_the_same_turn():
    state = rig([[CLUE, MORIARTY], [ARREST, TRAIN], [HANSOM]], pile=REST, on=AT_LONDON)
    state = rules.play(state, Play(0, CLUE))
    assert state.hands[0] == (MORIARTY,) and state.turn == 1 and state.hand_number == 1
    # the others get their turn first, and may catch the Villain before it goes down
    refused(state, PlayVillains(0), "It is Player 2's turn.")
    state = rig([[HOLMES, MORIARTY], [ARREST, TRAIN], [HANSOM]], pile=REST, on=AT_COUNTRY, hands_in_game=1)
    state = act(state, Play(0, HOLMES, 2), Play(1, ARREST, 0))
    assert rules.legal_actions(state) == [Answer(0, False)]
    caught = rules.play(state, Answer(0, False))
    assert caught.finished and caught.hand_scores == ((5 + 20, 1 - 15, 1),)


def test_a_drawn_villain_into_an_empty_hand_may_escape_at_once():
    state = rig([[], [TRAIN], [HANSOM]], pile=[MILVERTON, CLUE], on=TRAIN_FROM_LONDON, hands_in_game=1)
    state = rules.play(state, Draw(0))
    assert rules.legal_actions(state) == [PlayVillains(0), Keep(0)]
    assert rules.play(state, PlayVillains(0)).hand_scores == ((-15, 1, 1),)


# --- scoring and the end of the game --------------------------------------------------------------


def _arrest_table(**options):
    return rig([[ARREST, CLUE, TRAIN], [LONDON, COUNTRY, TELEGRAM], [MORIARTY, HANSOM], []], on=AT_COUNTRY,
               hands_in_game=1, options=options)


def test_a_hand_ended_by_an_arrest_scores_cards_villains_the_arrest_and_the_capture():
    final = act(_arrest_table(), Play(0, ARREST, 2), Answer(2, False))
    assert final.hand_scores == ((2 - 15, 3, 5 + 1 + 20, 0),)
    assert final.scores == (2 - 15, 3, 5 + 1 + 20, 0)


def test_scoring_values_are_options_of_new():
    points = {"card": 2, "villain_card": 7, "captured": 30, "arrest": -10}
    assert rules.new(1, **points).scoring == Scoring(2, 7, 30, -10, -15, 10)
    final = act(_arrest_table(**points), Play(0, ARREST, 2), Answer(2, False))
    assert final.hand_scores == ((4 - 10, 6, 7 + 2 + 30, 0),)
    state = rig([[MORIARTY], [TRAIN, CLUE], [HANSOM]], pile=REST, on=AT_LONDON, hands_in_game=1,
                options={"escape": -40, "card": 3})
    assert rules.play(state, PlayVillains(0)).hand_scores == ((-40, 6, 3),)
    cold = rig([[I_SUSPECT], [I_SUSPECT, MORAN], [CLUE]], pile=[], on=TRAIN_FROM_LONDON, hands_in_game=1,
               options={"villain_card": 9, "card": 4})
    assert act(cold, Draw(0), Draw(1), Draw(2)).hand_scores == ((4, 4 + 9, 4),)


def test_a_telegram_shows_in_the_row_of_the_hand_it_came_in():
    state = rig([[TELEGRAM, TRAIN], [MORIARTY, MORAN], [HANSOM]], pile=REST, on=AT_COUNTRY, hands_in_game=1)
    final = act(state, Play(0, TELEGRAM), PlayVillains(1))
    assert final.hand_scores == ((1, 10 - 15, 1),)
    assert final.scores == (1, -5, 1)


def test_the_totals_are_the_sums_of_the_rows_of_every_hand():
    state = rig([[MORIARTY], [TRAIN, CLUE], [HANSOM]], pile=REST, on=AT_LONDON, hands_in_game=2,
                hand_number=2, scores=(4, -3, 12), hand_scores=((4, -3, 12),))
    final = rules.play(state, PlayVillains(0))
    assert final.finished and final.hand_scores == ((4, -3, 12), (-15, 2, 1))
    assert final.scores == (-11, -1, 13)
    assert rules.outcome(final) == Outcome((0,), (-11, -1, 13))


def test_the_game_ends_after_its_hands_and_not_before():
    state = rig([[MORIARTY], [TRAIN, CLUE], [HANSOM]], pile=REST, on=AT_LONDON, hands_in_game=2)
    after = rules.play(state, PlayVillains(0))
    assert not after.finished and after.hand_number == 2 and rules.outcome(after) is None
    assert after.scores == (-15, 2, 1)
    opener = after.turn
    assert AFOOT in after.hands[opener] and rules.legal_actions(after) == [Play(opener, AFOOT)]


def test_a_whole_game_is_its_number_of_hands():
    from sherlockkit.games.cardgame import bots

    for hands in (1, 2):
        seats = bots.make_bots({0: "sleuth", 1: "constable", 2: "sleuth"}, 5)
        final, _ = engine.play_out(rules, rules.new(5, players=3, hands=hands), seats, limit=5000)
        assert final.finished and len(final.hand_scores) == hands == final.hand_number
        assert final.scores == tuple(map(sum, zip(*final.hand_scores)))


def test_a_game_is_one_hand_as_the_rulebook_ends_it_at_the_arrest():
    # "the game ends and the points are counted" at a successful arrest: one hand, unless ``hands`` says more
    assert rules.new(1).hands_in_game == 1
    state = rig([[ARREST, TRAIN], [TRAIN], [HANSOM, CLAY], [COUNTRY]], on=AT_LONDON)
    final = act(state, Play(0, ARREST, 2), Answer(2, False))
    assert final.finished and rules.outcome(final) == Outcome((0,), final.scores)
    assert rules.legal_actions(final) == []
    longer = rig([[ARREST, TRAIN], [TRAIN], [HANSOM, CLAY], [COUNTRY]], on=AT_LONDON, options={"hands": 3})
    assert not act(longer, Play(0, ARREST, 2), Answer(2, False)).finished


def test_an_escape_or_a_cold_trail_ends_a_one_hand_game_too():
    escaped = rules.play(rig([[MORAN], [TRAIN], [HANSOM]], pile=REST, on=AT_LONDON), PlayVillains(0))
    assert escaped.finished and rules.outcome(escaped).winners == (0,)
    cold = act(rig([[I_SUSPECT], [I_SUSPECT], [CLUE]], pile=[], on=TRAIN_FROM_LONDON), Draw(0), Draw(1), Draw(2))
    assert cold.finished and rules.outcome(cold).winners == (0, 1, 2)


def test_the_lowest_total_wins_and_ties_share():
    state = rig([[TRAIN], [TRAIN], [HANSOM], [CLUE]], on=AT_LONDON)
    assert rules.outcome(state) is None
    over = replace(state, finished=True, scores=(12, -3, -3, 40))
    assert rules.outcome(over) == Outcome((1, 2), (12, -3, -3, 40))
    over = replace(state, finished=True, scores=(5, 6, 7, 8))
    assert rules.outcome(over).winners == (0,)


def test_nothing_may_be_done_once_the_game_is_over():
    final = rules.play(rig([[MORIARTY], [TRAIN], [HANSOM]], pile=REST, on=AT_LONDON, hands_in_game=1),
                       PlayVillains(0))
    assert rules.legal_actions(final) == [] and rules.legal_moves(rules.view(final, 1)) == []
    refused(final, Draw(1), "The game is over")
