"""The events a seat sees are handed on from move to move (issue 15): whatever views were
asked for on the way, each view holds exactly the events of the whole game but the other
players' peeks."""

from __future__ import annotations

import dataclasses

from sherlockkit.games.cardgame import rules
from sherlockkit.games.cardgame.state import Peek
from tests.random_play import random_game


def _fresh(state, seat):
    return tuple(e for e in state.events if not isinstance(e, Peek) or e.looker == seat)


def test_each_view_holds_every_event_but_the_others_peeks_whichever_views_were_asked_before():
    peeks = 0
    for seed in range(8):
        states, _ = random_game(rules, seed, players=3 + seed % 4)
        for number, state in enumerate(states):
            for seat in range(state.players):
                if (number + seat) % 3 == 0:  # only some views asked, so some are handed on, some built anew
                    assert rules.view(state, seat).events == _fresh(state, seat)
        final = states[-1]
        peeks += sum(isinstance(e, Peek) for e in final.events)
        for seat in range(final.players):
            assert rules.view(final, seat).events == _fresh(final, seat)
    assert peeks > 0  # the games did have peeks to hide


def test_a_table_changed_outside_play_gets_its_own_view():
    state, _ = random_game(rules, 3)
    state = state[len(state) // 2]
    rules.view(state, 0)
    cut = dataclasses.replace(state, events=state.events[:3])
    assert rules.view(cut, 0).events == _fresh(cut, 0)
    assert rules.view(cut, 0) == rules.view(cut, 0) and rules.view(cut, 0).events != rules.view(state, 0).events
