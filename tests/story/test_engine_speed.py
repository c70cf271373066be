"""The Story game's shortcuts (issue 15) give what the plain code gives: a move's working
sheet and the state it freezes to, the player's dice, the view."""

from __future__ import annotations

import dataclasses

from sherlockkit.games.story import dice, rules
from sherlockkit.games.story.state import Sheet, State, View
from tests.random_play import random_game


def test_a_sheet_frozen_untouched_is_the_state_it_was_made_from():
    states, _ = random_game(rules, 5)
    for state in states[::7]:
        sheet = Sheet(state)
        assert type(sheet.events) is list and type(sheet.log) is list and type(sheet.read) is list
        again = sheet.freeze()
        assert again == state and type(again) is State
        assert list(vars(again)) == [f.name for f in dataclasses.fields(State)]
        assert type(again.events) is tuple and type(again.log) is tuple and type(again.read) is tuple
        sheet.events.append("written on the sheet")  # the sheet's own list: the states keep theirs
        assert again.events == state.events and len(sheet.events) == len(state.events) + 1


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
        assert type(seen) is View and list(vars(seen)) == [f.name for f in dataclasses.fields(View)]
