"""A seat's view over the wire (``sherlockkit.rooms.wire``): every game's views, over
random games of every option set its registry entry declares, come back from JSON equal
and of the same types all the way down; a frame naming anything but a record of the
games, or a record with a field too many or too few, is refused."""

from __future__ import annotations

import dataclasses
import json

import pytest

from sherlockkit.games import GAMES
from sherlockkit.rooms.wire import view_from_json, view_to_json
from tests.random_play import random_game


def same_all_the_way_down(a, b) -> bool:
    """Whether ``a`` and ``b`` are equal and of the same types at every level."""
    if type(a) is not type(b):
        return False
    if dataclasses.is_dataclass(a):
        return all(same_all_the_way_down(getattr(a, f.name), getattr(b, f.name)) for f in dataclasses.fields(a))
    if type(a) is tuple:
        return len(a) == len(b) and all(same_all_the_way_down(x, y) for x, y in zip(a, b))
    return a == b


def _cases():
    for entry in GAMES.values():
        for name, options in entry.option_sets.items():
            yield pytest.param(entry.id, dict(options), id=f"{entry.id}-{name.replace(' ', '-')}")


@pytest.mark.parametrize("game_id, options", list(_cases()))
def test_every_view_comes_back_from_json_the_same(game_id, options):
    rules = GAMES[game_id].rules
    states, _ = random_game(rules, 5, limit=400, **options)
    players = getattr(states[0], "players", 1)
    checked = 0
    for state in states[:: max(1, len(states) // 5)] + [states[-1]]:
        for seat in range(players):
            view = rules.view(state, seat)
            frame = json.dumps(view_to_json(view))
            back = view_from_json(json.loads(frame))
            assert back == view and same_all_the_way_down(back, view)
            assert rules.legal_moves(back) == rules.legal_moves(view)  # a table draws its buttons from it
            checked += 1
    assert checked > players


@pytest.mark.parametrize("frame, reason", [
    ({"type": "os.system", "fields": {}}, "no record type"),
    ({"type": "bakerstreet.rules.random", "fields": {}}, "no record type"),  # a module, not a record
    ({"type": "bakerstreet.state.State", "fields": {}}, "has the fields"),
    ({"type": "express.state.Slap", "fields": {"player": 0, "slot": 1, "extra": 2}}, "has the fields"),
    ({"type": "cardgame.legality.Top", "fields": {"card": "x"}}, "has the fields"),
    ({"type": "..", "fields": {}}, "names its type"),
    ({"type": 7, "fields": {}}, "names its type"),
    ({"type": "nothing_here.X", "fields": {}}, "no record type"),
    ({"type": "bakerstreet.events.__builtins__", "fields": {}}, "no record type"),
    ({"()": "abc"}, "not part of a view"),
    ([1, 2], "not part of a view"),
    ({"x": 1}, "not part of a view"),
])
def test_a_frame_that_is_not_a_view_is_refused(frame, reason):
    with pytest.raises(ValueError, match=reason):
        view_from_json(frame)


def test_a_frame_nested_too_deep_is_refused():
    frame = 1
    for _ in range(100):
        frame = {"()": [frame]}
    with pytest.raises(ValueError, match="too deep"):
        view_from_json(frame)


def test_only_the_games_records_go_out():
    @dataclasses.dataclass(frozen=True)
    class Elsewhere:
        x: int

    with pytest.raises(TypeError, match="not a record of the games"):
        view_to_json(Elsewhere(1))
    with pytest.raises(TypeError, match="holds no dict"):
        view_to_json({"a": 1})
