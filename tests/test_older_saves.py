"""Saves written by an older sherlockkit (save version 2) still load, and replay as they were
played: a game that draws differently since says how it drew then (``older_save_options``),
every other game replays as it always did."""

from __future__ import annotations

import pytest

from sherlockkit import engine
from sherlockkit.games import GAMES
from tests.older_saves import older_save
from tests.random_play import random_game

#: The games that draw differently since save version 3: the options of a game to save, and
#: the option that plays it as it was played before.
DRAWN_DIFFERENTLY = {
    "express": ({"players": 3}, {"shuffles": "pile"}),  # piles shuffled one stream a pile
    "story": ({}, {"dice": "die"}),  # dice drawn one stream a die
}


def test_the_games_that_say_how_they_drew_before_are_those_tested_here():
    said = {game_id for game_id, entry in GAMES.items()
            if hasattr(entry.rules, "older_save_options")}
    assert said == set(DRAWN_DIFFERENTLY)


@pytest.mark.parametrize("sealed", [True, False], ids=["sealed", "open"])
@pytest.mark.parametrize("game_id", sorted(DRAWN_DIFFERENTLY))
def test_a_game_saved_at_version_2_replays_as_it_was_played(game_id, sealed):
    rules = GAMES[game_id].rules
    options, then = DRAWN_DIFFERENTLY[game_id]
    states, moves = random_game(rules, 4, **options, **then)
    half = len(moves) // 2
    record, state = engine.load(rules, older_save(rules, 4, options, moves[:half], sealed))
    assert state == states[half]
    assert record.options == {**options, **then}
    now = random_game(rules, 4, **options)[0]  # the same seed as drawn now: another game by then
    assert len(now) <= half or now[half] != state
    _, again = engine.load(rules, engine.save(rules, record.seed, record.options, record.actions))
    assert again == state  # saved again (version 3), it keeps its way of drawing


@pytest.mark.parametrize("game_id", sorted(g for g in GAMES if g not in DRAWN_DIFFERENTLY))
def test_a_game_that_draws_as_before_replays_a_version_2_save_unchanged(game_id):
    rules = GAMES[game_id].rules
    states, moves = random_game(rules, 2, limit=40)
    record, state = engine.load(rules, older_save(rules, 2, {}, moves, sealed=True))
    assert state == states[-1] and record.options == {}


def test_a_version_2_save_loads_at_the_table_and_replays_there_as_it_was_played():
    from sherlockkit.games.express import rules as express
    from widgets.clock import ManualClock

    options = {"players": 3, "names": ["Holmes", "Lestrade", "Irene"], "target": 5, "false_alibi": False}
    states, moves = random_game(express, 4, **options, shuffles="pile")
    upto = next(k for k, s in enumerate(states) if s.round >= 3)  # two rounds' shuffles behind it
    table = GAMES["express"].table_class()(clock=ManualClock())
    table.save_box.value = older_save(express, 4, options, moves[:upto], sealed=True)
    table.load_button.click()
    session = table.game
    assert session.state == states[upto], session.message
    session.replay()
    session.replay_skip()  # the replay from the deal, straight to its end: the same table
    assert session.state == states[upto] and session.options["shuffles"] == "pile"
