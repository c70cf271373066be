"""A move's working sheet (``state.Sheet``) and the states and views made from a dict of
their fields (``engine.made``, kept for speed: see its docstring) are the frozen
dataclasses their constructors make."""

from __future__ import annotations

import dataclasses

import pytest

from sherlockkit.games.story import rules
from sherlockkit.games.story.events import TurnStarted
from sherlockkit.engine import made
from sherlockkit.games.story.state import FIELDS, Sheet, State, View
from tests.random_play import random_game


@pytest.fixture(scope="module")
def states():
    return random_game(rules, 5)[0][::7]


def test_a_state_made_from_its_fields_is_the_one_its_constructor_makes(states):
    for state in states:
        fields = {name: getattr(state, name) for name in FIELDS}
        again = made(State, dict(fields))
        assert type(again) is State and again == State(**fields) and vars(again) == fields
        with pytest.raises(dataclasses.FrozenInstanceError):
            again.luck = 99


def test_a_view_is_what_the_view_class_makes_from_the_state(states):
    for state in states:
        seen = rules.view(state)
        fields = {f.name: getattr(seen, f.name) for f in dataclasses.fields(View)}
        assert type(seen) is View and seen == View(**fields) and vars(seen) == fields
        assert seen.decision is state.pending and seen.events is state.events


def test_a_sheet_frozen_untouched_is_the_state_it_was_made_from(states):
    for state in states:
        sheet = Sheet(state)
        again = sheet.freeze()
        assert again == state and type(again) is State and vars(again).keys() == set(FIELDS)
        assert type(again.events) is tuple and type(again.read) is tuple and type(again.stack) is tuple
        assert type(sheet.stack) is list


def test_what_a_move_notes_is_joined_to_the_states_events_and_trail(states):
    state = states[-1]
    sheet = Sheet(state)
    sheet.record(TurnStarted(7))
    sheet.consult("p001")
    sheet.luck += 1
    later = sheet.freeze()
    assert later.events == state.events + (TurnStarted(7),) and later.read == state.read + ("p001",)
    assert later.luck == state.luck + 1 and state == Sheet(state).freeze(), "the state the sheet came from is untouched"
    assert later == State(**{**{name: getattr(state, name) for name in FIELDS}, "events": later.events,
                             "read": later.read, "luck": later.luck})
