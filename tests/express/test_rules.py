"""One test (at least) per rule clause of Sherlock Express, and per decision the book states."""

from collections import Counter
from dataclasses import replace

import pytest

from sherlockkit.engine import IllegalAction
from sherlockkit.games.express import deduction, narration, rules
from sherlockkit.games.express.cards import ACCESSORIES, ALIBIS, ANIMALS, PLACES, SUSPECTS, TRAITS
from sherlockkit.games.express.state import DECK, Outcome, Reveal, Slap
from sherlockkit.games.express.events import Accused, AlibiTurnedUp, GameWon, RoundBegun, RoundVoid

from tests.random_play import random_game

from .table import DISPLAY, reveal_all, table

# --- components -------------------------------------------------------------------


def test_27_suspects_one_for_each_animal_accessory_and_place():
    assert len(SUSPECTS) == 27 == len(set(SUSPECTS))
    assert {(s.animal, s.accessory, s.place) for s in SUSPECTS} == {
        (a, b, c) for a in ANIMALS for b in ACCESSORIES for c in PLACES
    }


def test_36_alibis_four_of_each_of_nine_traits():
    assert len(ALIBIS) == 36
    assert Counter(ALIBIS) == {t: 4 for t in TRAITS}
    assert len(TRAITS) == 9


# --- set-up -------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_alibis_dealt_round_the_table_face_down(players):
    state = rules.new(3, players=players)
    sizes = [len(p) for p in state.piles]
    assert sum(sizes) == 36
    assert max(sizes) - min(sizes) <= 1
    if players == 5:
        assert sizes == [8, 7, 7, 7, 7]  # decision: the first player gets the extra card
    assert Counter(t for p in state.piles for t in p) == Counter(ALIBIS)
    assert all(r == () for r in state.revealed)


def test_six_suspects_face_up_and_the_rest_face_down():
    state = rules.new(11, players=3)
    assert len(state.display) == 6
    assert len(state.suspect_deck) == 21
    assert set(state.display) | set(state.suspect_deck) == set(SUSPECTS)


@pytest.mark.parametrize("players", [1, 7, "four", True])
def test_player_count_outside_two_to_six_is_refused(players):
    with pytest.raises(ValueError, match="2 to 6 players"):
        rules.new(1, players=players)


@pytest.mark.parametrize("options, sentence", [
    ({"seed": "1"}, "A seed is a whole number"),
    ({"target": 0}, "at least 1"),
    ({"target": 2.0}, "at least 1"),
    ({"false_alibi": "yes"}, "on \\(True\\) or off"),
    ({"names": ["Ann", "Ann"]}, "different name"),
    ({"names": ["Ann"]}, "2 names"),
])
def test_bad_options_are_refused_with_a_sentence(options, sentence):
    options = {"seed": 1, "players": 2, **options}
    with pytest.raises(ValueError, match=sentence):
        rules.new(**options)


def test_the_deal_is_recorded_as_the_first_round_begun():
    state = rules.new(1, players=3, names=["Ann", "Bo", "Cy"])
    assert state.events == (RoundBegun(1, 0),)
    assert narration.sentences(state.events, state.names) == (narration.sentence(RoundBegun(1, 0), ("Ann", "Bo", "Cy")),)


def test_same_seed_deals_the_same_table_and_another_seed_another():
    assert rules.new(5) == rules.new(5)
    assert rules.new(5).display != rules.new(6).display


# --- turns --------------------------------------------------------------------------


def test_first_player_turns_up_first_then_clockwise():
    state = rules.new(2, players=3)
    assert state.turn == 0
    for expected in [1, 2, 0, 1]:
        state = rules.play(state, Reveal(state.turn))
        assert state.turn == expected


def test_turning_up_out_of_turn_is_refused_and_changes_nothing():
    state = rules.new(2, players=3)
    with pytest.raises(IllegalAction, match="Player 1's turn"):
        rules.play(state, Reveal(2))
    assert state == rules.new(2, players=3)


def test_reveal_moves_the_top_alibi_face_up_in_front_of_its_owner():
    state = table([["tiger", "panda"], ["library"]])
    after = rules.play(state, Reveal(0))
    assert after.piles[0] == ("panda",)
    assert after.revealed[0] == ("tiger",)
    assert after.events[-1] == AlibiTurnedUp(0, "tiger", repeated=False, false_alibi=False)
    assert narration.sentences(after.events, after.names)[-1] == narration.sentence(after.events[-1], after.names)


def test_a_player_with_no_alibi_left_is_passed_over():
    state = table([["tiger"], ["panda", "library"], ["koala"]])
    state = reveal_all(state, 3)  # 0, 1, 2
    assert state.turn == 1  # players 0 and 2 have nothing left


def test_when_every_alibi_is_up_nobody_turns_and_only_slaps_remain():
    state = reveal_all(table([["tiger"], ["panda"]]), 2)
    assert state.turn is None
    assert not any(isinstance(a, Reveal) for a in rules.legal_actions(state))
    with pytest.raises(IllegalAction, match="Every alibi is face up"):
        rules.play(state, Reveal(0))


# --- clearing suspects --------------------------------------------------------------


def test_an_alibi_clears_every_visible_suspect_with_that_trait():
    state = rules.play(table([["tiger"], ["panda"]]), Reveal(0))
    assert deduction.uncleared_slots(state.display, deduction.face_up_traits(state)) == (2, 3, 4, 5)
    state = rules.play(state, Reveal(1))
    assert deduction.uncleared_slots(state.display, deduction.face_up_traits(state)) == (4, 5)


def test_culprit_is_unknown_while_two_suspects_are_uncleared():
    state = reveal_all(table([["tiger"], ["panda"]]), 2)
    assert deduction.culprit(state) is None
    assert deduction.correct_slots(state) == ()


def test_culprit_is_the_last_uncleared_suspect():
    state = reveal_all(table([["tiger", "moustache"], ["panda"]]), 3)
    assert deduction.culprit(state) == 5
    assert DISPLAY[5].animal == "koala" and DISPLAY[5].accessory == "monocle"


def test_a_repeated_trait_does_nothing():
    state = reveal_all(table([["tiger", "bowler hat"], ["tiger", "panda"]]), 2)
    assert state.events[-1] == AlibiTurnedUp(1, "tiger", repeated=True, false_alibi=False)
    assert narration.sentences(state.events, state.names)[-1] == narration.sentence(state.events[-1], state.names)
    assert deduction.uncleared_slots(state.display, deduction.face_up_traits(state)) == (2, 3, 4, 5)
    assert state.false_alibi is None


def test_moriarty_when_one_alibi_clears_the_last_suspects():
    state = reveal_all(table([["tiger", "koala"], ["panda"]]), 3)
    assert deduction.culprit(state) == DECK


# --- accusations --------------------------------------------------------------------


def test_any_player_in_the_round_may_slap_at_any_moment():
    state = reveal_all(table([["tiger", "koala"], ["panda"], ["moustache"]]), 3)
    assert state.turn == 0
    actions = rules.legal_actions(state)
    for player in range(3):
        assert Slap(player, 5) in actions
        assert Slap(player, DECK) in actions


def test_correct_slap_wins_the_suspect_and_the_display_is_refilled():
    state = reveal_all(table([["tiger", "koala"], ["panda"], ["moustache"]]), 3)
    top = state.suspect_deck[0]
    after = rules.play(state, Slap(2, 5))
    assert after.won[2] == (DISPLAY[5],)
    assert after.display[5] == top and len(after.display) == 6
    assert after.suspect_deck == state.suspect_deck[1:]


def test_correct_slap_on_moriarty_wins_the_top_of_the_suspect_deck():
    state = reveal_all(table([["tiger", "koala"], ["panda"]]), 3)
    top = state.suspect_deck[0]
    after = rules.play(state, Slap(1, DECK))
    assert after.won[1] == (top,)
    assert after.display == state.display
    assert after.events[-2] == Accused(1, DECK, None, right=True, by_false_alibi=False, won=(top,))
    assert narration.sentences(after.events, after.names)[-2] == narration.sentence(after.events[-2], after.names)


def test_first_correct_slap_wins_the_second_hand_is_too_late():
    state = reveal_all(table([["tiger", "koala"], ["panda"], ["moustache"]]), 3)
    after = rules.play(state, Slap(1, 5))
    # the round is over: slot 5 now holds a new suspect, and nothing proves it guilty
    late = rules.play(after, Slap(2, 5))
    assert late.won[2] == ()
    assert 2 in late.out


def test_a_slap_before_the_proof_is_wrong_even_on_the_eventual_culprit():
    state = reveal_all(table([["tiger", "moustache"], ["panda"]]), 2)
    after = rules.play(state, Slap(1, 5))  # 4 and 5 are both still uncleared
    assert 1 in after.out and after.won[1] == ()


def test_wrong_slap_puts_the_player_out_for_the_rest_of_the_round():
    state = reveal_all(table([["tiger", "koala"], ["panda"], ["moustache"]]), 2)
    state = rules.play(state, Slap(1, 0))
    assert state.out == {1}
    assert state.events[-1] == Accused(1, 0, DISPLAY[0], right=False, by_false_alibi=False, won=())
    assert narration.sentences(state.events, state.names)[-1] == narration.sentence(state.events[-1], state.names)
    with pytest.raises(IllegalAction, match="out of this round"):
        rules.play(state, Slap(1, 5))
    assert all(a.player != 1 for a in rules.legal_actions(state) if isinstance(a, Slap))


def test_the_others_play_on_without_the_player_who_is_out():
    state = reveal_all(table([["tiger", "koala"], ["panda"], ["moustache"]]), 2)
    state = rules.play(state, Slap(1, 0))
    state = reveal_all(state, 1)
    after = rules.play(state, Slap(2, 5))
    assert after.won[2] == (DISPLAY[5],)


def test_a_player_out_still_turns_up_their_alibis():
    # decision: their pile is part of the evidence, so it keeps coming up
    state = reveal_all(table([["tiger", "moustache"], ["panda", "garden"]]), 1)
    state = rules.play(state, Slap(1, 0))
    assert state.turn == 1
    assert Reveal(1) in rules.legal_actions(state)


def test_player_out_is_back_in_next_round():
    state = reveal_all(table([["tiger", "koala"], ["panda"], ["moustache"]]), 2)
    state = rules.play(state, Slap(1, 0))
    state = rules.play(reveal_all(state, 1), Slap(2, 5))
    assert state.out == frozenset()


def test_when_everyone_is_out_the_round_is_void():
    state = reveal_all(table([["tiger", "moustache"], ["panda"]]), 1)
    state = rules.play(state, Slap(0, 0))
    state = rules.play(state, Slap(1, 0))
    assert state.round == 2 and state.out == frozenset()
    assert all(w == () for w in state.won)
    assert state.display == DISPLAY
    assert state.turn == 0  # the same player starts again
    assert state.events[-2:] == (RoundVoid(1), RoundBegun(2, 0))
    assert "void" in narration.sentences(state.events, state.names)[-2]


def test_slapping_an_empty_place_or_an_unknown_player_is_refused():
    state = rules.new(1, players=2)
    with pytest.raises(IllegalAction, match="no suspect there"):
        rules.play(state, Slap(0, 9))
    with pytest.raises(IllegalAction, match="no player number 5"):
        rules.play(state, Slap(5, 0))


# --- between rounds -----------------------------------------------------------------


def test_alibis_go_back_into_their_owners_piles_reshuffled():
    state = rules.new(4, players=3)
    before = [Counter(p) for p in state.piles]
    while state.round == 1:
        proven = deduction.correct_slots(state)
        state = rules.play(state, Slap(1, proven[0]) if proven else Reveal(state.turn))
    assert [Counter(p) for p in state.piles] == before
    assert all(r == () for r in state.revealed)


def _end_of_round_one(seed, players=3):
    """The table just before the slap that ends round 1, and the table just after."""
    state = rules.new(seed, players=players)
    while True:
        proven = deduction.correct_slots(state)
        if proven:
            return state, rules.play(state, Slap(1, proven[0]))
        state = rules.play(state, Reveal(state.turn))


@pytest.mark.parametrize("seed", range(8))
def test_between_rounds_each_pile_is_shuffled_not_just_gathered(seed):
    """Each pile keeps its own cards, but not in the order "what was left, then what was
    turned up" (nor the other way round): the alibis are really shuffled."""
    before, after = _end_of_round_one(seed)
    assert after.round == 2
    gathered = [pile + up for pile, up in zip(before.piles, before.revealed)]
    assert [Counter(p) for p in after.piles] == [Counter(p) for p in gathered]
    assert list(after.piles) != gathered
    assert list(after.piles) != [up + pile for pile, up in zip(before.piles, before.revealed)]


def test_next_round_is_started_by_the_last_winner():
    state = reveal_all(table([["tiger", "koala"], ["panda"], ["moustache"]]), 3)
    after = rules.play(state, Slap(2, 5))
    assert after.round == 2
    assert after.turn == 2 and after.starter == 2
    assert after.events[-2:] == (
        Accused(2, 5, DISPLAY[5], right=True, by_false_alibi=False, won=(DISPLAY[5],)), RoundBegun(2, 2))


# --- the end ------------------------------------------------------------------------


def _one_away(state, player, target=5):
    """The state with ``player`` holding one card fewer than the target."""
    won = list(state.won)
    won[player] = tuple(state.suspect_deck[-(target - 1):])
    deck = state.suspect_deck[:-(target - 1)]
    return replace(state, won=tuple(won), suspect_deck=deck)


def test_first_to_five_suspects_wins_and_the_game_stops():
    state = _one_away(reveal_all(table([["tiger", "moustache"], ["panda"]]), 3), 1)
    after = rules.play(state, Slap(1, 5))
    assert after.finished
    assert rules.outcome(after) == Outcome(winners=(1,), scores=(0, 5))
    assert after.events[-1] == GameWon((1,), 5, "target")
    assert narration.sentences(after.events, after.names)[-1] == narration.sentence(GameWon((1,), 5, "target"), after.names)
    assert rules.legal_actions(after) == []
    with pytest.raises(IllegalAction, match="game is over"):
        rules.play(after, Reveal(0))


def test_target_is_an_option():
    state = reveal_all(table([["tiger", "moustache"], ["panda"]], target=1), 3)
    assert rules.play(state, Slap(0, 5)).finished


def test_outcome_is_none_while_the_game_runs():
    assert rules.outcome(rules.new(1)) is None


def test_game_ends_when_the_suspect_deck_runs_out_most_cards_wins():
    # decision: with the deck empty nothing is left to win; ties share the win
    state = reveal_all(table([["tiger", "moustache"], ["panda"]]), 3)
    state = replace(state, suspect_deck=state.suspect_deck[:1])
    after = rules.play(state, Slap(0, 5))
    assert after.finished
    assert rules.outcome(after).winners == (0,)
    assert after.events[-1] == GameWon((0,), 1, "deck empty")


# --- the False Alibi variant ------------------------------------------------------


def test_variant_a_repeated_trait_is_a_false_alibi():
    state = reveal_all(table([["tiger", "garden"], ["tiger"]], false_alibi=True), 2)
    assert state.false_alibi == "tiger"
    assert deduction.false_alibi_targets(state) == (0, 1)
    assert state.events[-1] == AlibiTurnedUp(1, "tiger", repeated=True, false_alibi=True)
    assert "false alibi" in narration.sentences(state.events, state.names)[-1]


def test_variant_slapping_a_suspect_the_false_alibi_points_at_wins_two_cards():
    state = reveal_all(table([["tiger", "garden"], ["tiger"]], false_alibi=True), 2)
    top = state.suspect_deck[0]
    second = state.suspect_deck[1]
    after = rules.play(state, Slap(1, 1))
    assert after.won[1] == (DISPLAY[1], second)
    assert after.events[-2] == Accused(1, 1, DISPLAY[1], right=True, by_false_alibi=True, won=(DISPLAY[1], second))
    assert after.display[1] == top


def test_variant_false_alibi_with_no_bearer_in_view_points_at_the_deck():
    display = tuple(s for s in DISPLAY if s.animal != "tiger") + (
        next(s for s in rules.new(1).suspect_deck + rules.new(1).display if s.animal == "panda" and s not in DISPLAY),
        next(s for s in rules.new(1).suspect_deck + rules.new(1).display if s.animal == "koala" and s not in DISPLAY),
    )
    state = reveal_all(table([["tiger", "panda"], ["tiger"]], display=display, false_alibi=True), 2)
    assert deduction.false_alibi_targets(state) == (DECK,)
    after = rules.play(state, Slap(0, DECK))
    assert after.won[0] == state.suspect_deck[:2]


def test_variant_plays_until_the_deck_runs_out():
    state = rules.new(9, players=3, false_alibi=True)
    assert state.target is None
    won = (tuple(state.suspect_deck[:10]), (), ())
    state = replace(state, won=won, suspect_deck=state.suspect_deck[10:])
    state = reveal_all(replace(state, display=DISPLAY, piles=(("tiger", "moustache"), ("panda",), ("koala",))), 3)
    assert not rules.play(state, Slap(1, 5)).finished


def test_without_the_variant_false_alibis_do_not_exist():
    state = reveal_all(table([["tiger", "garden"], ["tiger"]]), 2)
    assert deduction.false_alibi_targets(state) == ()
    assert 1 in rules.play(state, Slap(1, 1)).out


# --- what players see ---------------------------------------------------------------


def test_view_shows_pile_sizes_never_the_cards():
    state = rules.new(3, players=4)
    seen = rules.view(state, 2)
    assert seen.pile_sizes == (9, 9, 9, 9)
    assert not hasattr(seen, "piles") and not hasattr(seen, "suspect_deck")
    assert seen.deck_size == 21
    assert seen.display == state.display


# --- the moves and the proof, against the rulebook stated afresh -------------------------------


def _games():
    for seed, options in ((0, {}), (1, {"players": 2}), (2, {"players": 6, "false_alibi": True})):
        states, _ = random_game(rules, seed, **options)
        yield from states


def _legal_afresh(state, player=None):
    """The moves open, as the rulebook says them, seat by seat: the next alibi by whoever's
    turn it is, then every slap of a seat not out, on each visible suspect and the deck."""
    if state.finished:
        return []
    seats = range(state.players) if player is None else [player]
    places = [i for i, s in enumerate(state.display) if s is not None] + [DECK]
    return [move for p in seats
            for move in [Reveal(p)] * (p == state.turn) + [Slap(p, s) for s in places] * (p not in state.out)]


def test_the_moves_offered_are_the_rulebooks_for_every_seat():
    for state in _games():
        for player in (None, *range(state.players)):
            offered = rules.legal_actions(state, player)
            assert offered == _legal_afresh(state, player)


def _proof_afresh(state):
    """The slots a slap wins, as the rulebook says it: the one suspect in view no face-up
    alibi clears (Moriarty, the deck, when none is left), then, in the variant, every
    suspect in view bearing the false alibi (the deck when none does)."""
    up = {trait for pile in state.revealed for trait in pile}
    left = [i for i, s in enumerate(state.display)
            if s is not None and not {s.animal, s.accessory, s.place} & up]
    right = [left[0]] if len(left) == 1 else [] if left else [DECK]
    if state.false_alibi is not None:
        bearing = [i for i, s in enumerate(state.display)
                   if s is not None and state.false_alibi in (s.animal, s.accessory, s.place)]
        right += [slot for slot in bearing or [DECK] if slot not in right]
    return tuple(right)


def test_the_proof_of_every_table_met_is_the_rulebooks():
    for state in _games():
        assert deduction.correct_slots(state) == _proof_afresh(state)
