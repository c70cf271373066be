"""The Story game's shortcuts (issue 15) give what the plain code gives: a move's working
sheet and the state it freezes to, the log written when read, the player's dice, the view."""

from __future__ import annotations

import dataclasses

from sherlockkit.games.story import dice, narration, rules
from sherlockkit.games.story.state import Sheet, State, View
from tests.random_play import random_game


def test_a_sheet_frozen_untouched_is_the_state_it_was_made_from():
    states, _ = random_game(rules, 5)
    for state in states[::7]:
        sheet = Sheet(state)
        assert type(sheet.events) is list and type(sheet.read) is list
        again = sheet.freeze()
        assert again == state and type(again) is State
        assert type(again.events) is tuple and type(again.log) is tuple and type(again.read) is tuple
        sheet.events.append("written on the sheet")  # the sheet's own list: the states keep theirs
        assert again.events == state.events and len(sheet.events) == len(state.events) + 1


def _states(seed):
    """The states of a random campaign, played afresh (nothing read from them yet)."""
    return random_game(rules, seed)[0]


def test_the_log_is_the_events_told_whichever_states_are_read_and_in_whatever_order():
    for seed, order in ((1, "each"), (2, "every third"), (3, "backwards"), (4, "last only")):
        states = _states(seed)
        picked = {"each": states, "every third": states[::3], "backwards": states[::-1],
                  "last only": states[-1:]}[order]
        for state in picked:
            assert state.log == narration.log(state.events), (seed, order)
        assert len(states[-1].events) > 100


def test_the_log_read_between_moves_as_the_app_reads_it_is_the_events_told():
    import random

    for seed, every in ((11, 1), (12, 1), (13, 4)):
        rng, state, started_from_a_log = random.Random(seed), rules.new(seed), 0
        for move in range(400):
            if rules.outcome(state) is not None:
                break
            state = rules.play(state, rng.choice(rules.legal_actions(state)))
            told, events = vars(state)["_told_from"]
            started_from_a_log += bool(told)
            if move % every == 0:
                assert rules.view(state).log == narration.log(state.events)
                assert state.log == narration.log(state.events)
        assert started_from_a_log > 20  # the logs were written on from the one before


def test_a_move_writes_no_sentence_until_the_log_is_read():
    state = rules.new(9)
    for _ in range(6):
        state = rules.play(state, rules.legal_actions(state)[0])
        assert "log" not in vars(state)
    seen = rules.view(state)
    assert "log" not in vars(seen) and "log" not in vars(state)
    assert seen.log == narration.log(state.events) and "log" not in vars(state)  # the view tells its own
    assert state.log == seen.log and vars(state)["log"] is state.log


def test_a_view_holds_nothing_but_its_fields_and_what_its_log_starts_from():
    states = _states(6)
    for state in states[::9]:
        seen = rules.view(state)
        assert set(vars(seen)) <= {f.name for f in dataclasses.fields(View)} | {"_told_from"}
        told, events = vars(seen).get("_told_from", ((), ()))
        assert state.events[:len(events)] == events and told == narration.log(events)


def test_a_state_whose_events_were_replaced_tells_its_own_events():
    states = _states(7)
    middle, last = states[len(states) // 2], states[-1]
    assert middle.log  # told, so the next states start from it
    made = Sheet(middle)
    made.events = list(last.events[:2])  # not the story the sheet started from
    assert made.freeze().log == narration.log(last.events[:2])


def test_the_players_dice_are_the_streams_draw_gives_read_as_randint():
    state = rules.new(11)
    for step in range(3):
        for count in (1, 2, 3):
            fast, plain = Sheet(state), Sheet(state)
            fast.step = plain.step = step
            fast.draws = plain.draws = step  # dice already drawn this move count on
            rolled = dice.roll_dice(fast, count)
            assert rolled == tuple(dice.draw(plain, "die").randint(1, 6) for _ in range(count))
            assert fast.draws == plain.draws == step + count


def test_the_view_is_what_the_view_class_makes_from_the_state():
    from sherlockkit.games.story import tables

    states, _ = random_game(rules, 8)
    for state in states[::5]:
        seen = rules.view(state)
        assert seen == View(
            holmes=state.holmes, watson=state.watson, friends=state.friends, allies=state.allies,
            away=state.away, luck=state.luck, sm=state.sm, turn=state.turn, turns=tables.TURNS,
            adventure=state.adventure, villain=state.villain,
            motive=state.motive if state.motive_revealed else None, motive_revealed=state.motive_revealed,
            location=state.location, phase=state.phase, decision=state.pending, rolls=state.rolls,
            read=state.read, log=state.log, events=state.events, cases=state.cases)
        assert type(seen) is View


def test_the_moves_offered_are_the_decisions_options_each_made_once_in_a_fresh_list():
    from sherlockkit.games.story.state import Choose

    for state in _states(14)[::3]:
        offered = rules.legal_actions(state)
        expected = [] if state.pending is None or state.pending.kind == "over" else \
            [Choose(option) for option, _ in state.pending.options]
        assert offered == expected
        again = rules.legal_actions(state)
        assert all(a is b for a, b in zip(offered, again)) and again is not offered


def test_a_choice_of_the_wrong_shape_is_still_refused_with_a_sentence():
    import pytest

    from sherlockkit.engine import IllegalAction
    from sherlockkit.games.story.state import Choose

    @dataclasses.dataclass(frozen=True)
    class Lookalike(Choose):
        pass

    state = rules.new(15)
    option = rules.legal_actions(state)[0].option
    for wrong, sentence in ((Choose(1), "A move's option cannot be 1."),
                            (Choose([option]), "A move's option cannot be"),
                            (Lookalike(option), "That is not a move of this game.")):
        with pytest.raises(IllegalAction, match=sentence):
            rules.play(state, wrong)
    assert rules.play(state, Choose(option)) == rules.play(state, rules.legal_actions(state)[0])
