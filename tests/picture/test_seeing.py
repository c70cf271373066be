"""What a seat has seen, kept as the party goes (``seeing.followed``), is what reading every
event again gives (``seeing.events_seen_by``, ``questions.sheet_of``): on random parties of
every kind, at every state, for every seat; and a table whose kept sight is not of its own
events (made by hand, or dealt again) is read whole."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from sherlockkit.games.picture import rules
from sherlockkit.games.picture.events import Read
from sherlockkit.games.picture.questions import sheet_of
from sherlockkit.games.picture.seeing import events_seen_by, seen_now
from tests.random_play import random_game

PARTIES = [(1, {"players": 3}), (2, {"players": 4, "notes": True}), (3, {"players": 3, "sherlock": True}),
           (4, {"players": 5, "sherlock": True, "irene": True, "variant": rules.MORE_SUSPECTS})]


@pytest.mark.parametrize("seed, options", PARTIES)
def test_the_kept_sight_is_every_event_read_again(seed, options):
    states, _ = random_game(rules, seed, limit=600, **options)
    for state in states[::7] + states[-1:]:
        for seat in range(state.players):
            view = rules.view(state, seat)
            assert view.events == events_seen_by(state.events, seat)
            if state.sherlock:
                assert view.cleared == sheet_of(state.events, seat, state.victim)


def test_a_table_made_by_hand_or_dealt_again_is_read_whole():
    states, _ = random_game(rules, 5, limit=300, players=3, sherlock=True)
    state = states[-1]
    # events changed by hand, the kept sight left as it was: not trusted
    changed = replace(state, events=state.events[:-3])
    assert seen_now(changed, 0).events == events_seen_by(changed.events, 0)
    # the others' readings dealt again: each seat's sight is of the new events
    again = rules.shuffle_hidden(state, 0, random.Random(1))
    for seat in range(3):
        assert rules.view(again, seat).events == events_seen_by(again.events, seat)
    assert any(isinstance(e, Read) for e in again.events)
