"""Sherlock Express's shortcuts (issue 15) give what the rules give without them: the moves
legal_actions hands out, the check of a move it handed out, the views, and what a state
carries on from the one before (the proof, the places to slap)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from sherlockkit import engine
from sherlockkit.engine import IllegalAction
from sherlockkit.games.express import deduction, rules
from sherlockkit.games.express.state import DECK, SEEN, Reveal, Slap, State, View
from tests.random_play import random_game


FIELDS = {f.name for f in dataclasses.fields(State)}


def _games():
    for seed, options in ((0, {}), (1, {"players": 2}), (2, {"players": 6, "false_alibi": True})):
        states, _ = random_game(rules, seed, **options)
        yield from states


def _legal_afresh(state, player=None):
    """The moves open, as the rulebook says them: the next alibi by whoever's turn it is,
    then every slap of every seat not out, on each visible suspect and the deck."""
    if state.finished:
        return []
    seats = range(state.players) if player is None else [player]
    moves = [Reveal(state.turn)] if state.turn is not None and state.turn in seats else []
    places = [i for i, s in enumerate(state.display) if s is not None] + [DECK]
    return moves + [Slap(p, s) for p in seats if p not in state.out for s in places]


def test_the_moves_offered_are_the_rulebooks_for_every_seat_and_a_fresh_list_each_time():
    for state in _games():
        for player in (None, *range(state.players)):
            offered = rules.legal_actions(state, player)
            assert offered == _legal_afresh(state, player)
            offered.append("scribbled")  # the caller's own list: the next one is clean
            assert rules.legal_actions(state, player) == _legal_afresh(state, player)


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


def test_what_a_state_carries_from_the_one_before_is_what_it_shows():
    carried = {"right": 0, "slots": 0, "up": 0}
    for state in _games():
        right, slots, up = (engine.recalled(state, key) for key in ("right", "slots", "up"))
        if right is not None:
            carried["right"] += 1
            assert right == _proof_afresh(state)
        if slots is not None:
            carried["slots"] += 1
            assert slots == tuple(i for i, s in enumerate(state.display) if s is not None) + (DECK,)
        if up is not None:
            carried["up"] += 1
            assert up == {trait for pile in state.revealed for trait in pile}
    assert carried["right"] > 50 and carried["slots"] > 100 and carried["up"] > 100  # checks on carried values


def _seen_afresh(state):
    """What every seat's view shows, read off the table field by field (``me`` left out)."""
    return {"names": state.names, "round": state.round, "display": state.display, "revealed": state.revealed,
            "pile_sizes": tuple(len(p) for p in state.piles), "deck_size": len(state.suspect_deck),
            "won": state.won, "out": state.out, "turn": state.turn, "false_alibi": state.false_alibi,
            "false_alibi_variant": state.false_alibi_variant, "target": state.target,
            "finished": state.finished, "events": state.events}


def test_the_view_fields_a_move_carries_on_are_those_of_the_table_it_makes():
    """Views asked after every move, as bots and widgets ask them: a reveal or a wrong slap
    hands the next table the views' fields changed where it changed them."""
    carried = 0
    for seed, options in ((0, {}), (1, {"players": 2}), (2, {"players": 6, "false_alibi": True})):
        rng = random.Random(seed)
        state = rules.new(seed, **options)
        while not state.finished:
            seen = engine.recalled(state, SEEN)
            if seen is not None:
                carried += 1
                seen = dict(seen)  # the state's own stays as it is
                assert seen.pop("me") is None and seen == _seen_afresh(state)
                assert list(seen) == [f.name for f in dataclasses.fields(View)][1:]  # View's order
            for seat in range(state.players):
                assert rules.view(state, seat).me == seat
            legal = rules.legal_actions(state)
            kind = rng.choice(sorted({type(a).__name__ for a in legal}))  # as random_game draws
            state = rules.play(state, rng.choice([a for a in legal if type(a).__name__ == kind]))
    assert carried > 1000  # most tables met were carried on, so this checked the carrying


def test_the_proof_of_every_table_met_is_the_rulebooks():
    for state in _games():
        fresh = engine.evolve(state)  # the same table, remembering nothing
        assert deduction.correct_slots(fresh) == _proof_afresh(state)
        assert deduction.proof(fresh) == _proof_afresh(state)


def test_the_next_table_is_the_one_dataclasses_replace_makes_remembering_only_what_is_carried():
    rng = random.Random(8)
    for state in _games():
        rules.legal_actions(state)  # something remembered, as on any table played on
        state.log  # noqa: B018 -- and the log, cached beside the fields
        changes = {name: getattr(state, name) for name in rng.sample(sorted(FIELDS), 3)}
        changes["step"] = state.step + 1
        made = engine.evolve(state, **changes)
        assert made == dataclasses.replace(state, **changes) and type(made) is State
        assert list(vars(made)) == [f.name for f in dataclasses.fields(State)]  # nothing remembered
        carried = engine.evolve(state, {"up": frozenset({"tiger"})}, step=0)
        assert engine.recalled(carried, "up") == {"tiger"} and engine.recalled(carried, "slots") is None
        with pytest.raises(dataclasses.FrozenInstanceError):
            made.step = 0
    with pytest.raises(TypeError, match="State has no field 'steps'"):
        engine.evolve(state, steps=1)


def test_each_seat_sees_a_view_made_as_the_class_makes_it():
    for state in _games():
        for seat in range(state.players):
            seen = rules.view(state, seat)
            fresh = View(me=seat, names=state.names, round=state.round, display=state.display,
                         revealed=state.revealed, pile_sizes=tuple(len(p) for p in state.piles),
                         deck_size=len(state.suspect_deck), won=state.won, out=state.out, turn=state.turn,
                         false_alibi=state.false_alibi, false_alibi_variant=state.false_alibi_variant,
                         target=state.target, finished=state.finished, events=state.events)
            assert seen == fresh and type(seen) is View
            assert list(vars(seen)) == [f.name for f in dataclasses.fields(View)]
            with pytest.raises(dataclasses.FrozenInstanceError):
                seen.me = 0


def test_views_of_one_state_keep_their_own_seat_and_log():
    state = rules.play(rules.new(4, players=3), Reveal(0))
    views = [rules.view(state, seat) for seat in range(3)]
    assert [v.me for v in views] == [0, 1, 2]
    assert views[0].log == views[2].log and views[0].log is not views[2].log
    assert rules.view(state, 1).me == 1 and views[0].me == 0


def test_a_move_handed_out_by_legal_actions_for_a_larger_table_is_still_refused():
    state = rules.new(5, players=3)
    made = rules._SLAPS[5][DECK]  # the very object a six-seat table is offered
    before = state
    with pytest.raises(IllegalAction, match="There is no player number 5 at this table."):
        rules.play(state, made)
    with pytest.raises(IllegalAction, match="There is no player number 4 at this table."):
        rules.play(state, rules._REVEALS[4])
    assert state == before and state.step == 0


def test_a_move_equal_to_one_handed_out_plays_the_same_as_it():
    state = rules.new(6, players=4)
    for made, mine in ((rules._REVEALS[0], Reveal(0)), (rules._SLAPS[2][3], Slap(2, 3))):
        assert mine is not made
        assert rules.play(state, mine) == rules.play(state, made)
        state = rules.play(state, made)
    with pytest.raises(IllegalAction, match="slot cannot be 1.0"):
        rules.play(state, Slap(1, 1.0))
