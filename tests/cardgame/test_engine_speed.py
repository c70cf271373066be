"""The card game's shortcuts (issue 15) give what the rules give without them: the seats
asked for moves, the moves made once and handed out again, and the views made from the
part every seat shares."""

from __future__ import annotations

import dataclasses

from sherlockkit import engine
from sherlockkit.games.cardgame import legal, rules
from sherlockkit.games.cardgame.state import (
    DRAWN, PASSING, Answer, Draw, Keep, PassCard, Peek, Play, PlayVillains, View,
)
from tests.random_play import random_game


def _games():
    for seed, options in ((0, {}), (1, {"players": 3}), (2, {"players": 6, "hands": 3}), (3, {"hands": 2})):
        states, _ = random_game(rules, seed, **options)
        yield from states


def _view_afresh(state, seat):
    """The view as ``rules.view`` describes it, made by the View class itself."""
    passing = state.phase == PASSING
    return View(
        me=seat, names=state.names, hand=state.hands[seat], hand_sizes=tuple(len(h) for h in state.hands),
        pile_size=len(state.pile), played=state.played, top=state.top, turn=state.turn, phase=state.phase,
        drawn=state.drawn if state.phase == DRAWN and state.turn == seat else None, pending=state.pending,
        passed=tuple(c is not None for c in state.passing) if passing else (),
        my_pass=state.passing[seat] if passing else None, scores=state.scores, telegrams=state.telegrams,
        hand_scores=state.hand_scores, hand_number=state.hand_number, hands_in_game=state.hands_in_game,
        finished=state.finished, outcome=rules.outcome(state), scoring=state.scoring,
        events=tuple(e for e in state.events if not isinstance(e, Peek) or e.looker == seat))


def test_every_seat_sees_the_view_the_class_makes_field_by_field_in_order():
    phases = set()
    for state in _games():
        phases.add(state.phase)
        for seat in range(state.players):
            seen, expected = rules.view(state, seat), _view_afresh(state, seat)
            assert type(seen) is View
            assert list(vars(seen).items()) == list(vars(expected).items())  # same fields, same order
            assert seen == expected
    assert phases == {"play", "drawn", "alibi", "passing"}  # every kind of table was met


def test_a_drawn_card_and_a_chosen_pass_show_in_their_holders_view_only():
    drawn = passes = 0
    for state in _games():
        for seat in range(state.players):
            seen = rules.view(state, seat)
            if state.phase == DRAWN:
                drawn += 1
                assert seen.drawn == (state.drawn if seat == state.turn else None)
            if state.phase == PASSING:
                passes += seen.my_pass is not None
                assert seen.my_pass == state.passing[seat]
    assert drawn > 20 and passes > 5


def test_legal_actions_asks_only_seats_that_can_have_a_move_and_misses_none():
    for state in _games():
        every_seat = [a for seat in range(state.players) for a in legal.moves(_view_afresh(state, seat))]
        assert rules.legal_actions(state) == every_seat
        for seat in range(state.players):
            assert rules.legal_actions(state, seat) == legal.moves(_view_afresh(state, seat))
        asked = legal.movers(state)
        assert all(not legal.moves(_view_afresh(state, s)) for s in range(state.players) if s not in asked)


def test_the_list_of_moves_is_the_callers_own():
    state = rules.new(5)
    offered = rules.legal_actions(state)
    offered.append("scribbled")
    assert "scribbled" not in rules.legal_actions(state)
    assert "scribbled" not in rules.legal_actions(state, state.turn)


def test_a_move_made_once_is_the_move_its_class_makes_and_true_is_no_seat_1():
    for kind, fields in ((Play, (1, "Clue")), (Play, (2, "Arrest", 0)), (PassCard, (0, "Train")), (Draw, (3,)),
                         (Keep, (2,)), (PlayVillains, (1,)), (Answer, (0, True)), (Answer, (0, False))):
        made = legal.move(kind, *fields)
        assert made == kind(*fields) and type(made) is kind
        assert legal.move(kind, *fields) is made
    assert type(legal.move(Play, True, "Clue").player) is bool
    assert type(legal.move(Play, 1, "Clue").player) is int
    assert type(legal.move(Answer, 1, True).alibi) is bool and type(legal.move(Answer, 1, 1).alibi) is int
    assert engine.check_fields(legal.move(Play, 1, "Clue")) is None


def test_a_changed_table_gets_views_and_moves_of_its_own():
    states, _ = random_game(rules, 4)
    state = next(s for s in states if s.phase == DRAWN)
    for seat in range(state.players):
        rules.view(state, seat)
    rules.legal_actions(state)
    moved = dataclasses.replace(state, turn=(state.turn + 1) % state.players, phase="play", drawn=None)
    for seat in range(moved.players):
        assert rules.view(moved, seat) == _view_afresh(moved, seat)
    assert rules.legal_actions(moved) == legal.moves(_view_afresh(moved, moved.turn))
