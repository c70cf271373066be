"""The engines benchmark (``benchmarks/engines.py``) on tiny budgets: it plays the same
random games as ``tests/random_play.py``, counts what it plays, imports the code it is told
to, and refuses a game that is not registered. No timing is asserted."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import engines as bench  # noqa: E402
from sherlockkit.games import GAMES  # noqa: E402
from tests.random_play import random_game  # noqa: E402


def test_random_moves_plays_the_random_games_of_the_protocol_suite():
    rules = GAMES["express"].rules
    result = bench.random_moves(rules, budget=0.05)
    assert result["moves"] > 0
    assert result["moves_per_s"] == result["moves"] / result["cpu_seconds"]
    assert result["legal_s"] + result["play_s"] + result["view_s"] <= result["seconds"]
    # whole games finished within the budget are the games random_game plays from seeds 0, 1...
    played = sum(len(random_game(rules, seed)[1]) for seed in range(result["games"]))
    assert played <= result["moves"] <= played + len(random_game(rules, result["games"])[1])


def test_a_child_reports_the_code_it_imported():
    out = bench.child(["cardgame"], budget=0.02)
    assert Path(out["sherlockkit"]) == Path(__file__).resolve().parent.parent
    assert set(out["games"]) == {"cardgame"} and out["games"]["cardgame"]["moves"] > 0


def test_every_registered_game_is_measured_and_an_unknown_one_refused():
    assert bench._game_ids(None) == list(GAMES)
    assert bench._game_ids(["story", "express"]) == ["express", "story"]
    with pytest.raises(SystemExit, match="No such game: nope"):
        bench._game_ids(["nope"])


def test_the_engines_own_time_is_its_three_parts_and_less_than_a_whole_move():
    result = bench.random_moves(GAMES["express"].rules, budget=0.05)
    parts = [bench.part_us(result, part) for part in ("legal", "play", "view")]
    assert bench.engine_us(result) == sum(parts) and all(p > 0 for p in parts)
    assert bench.engine_us(result) <= result["cpu_seconds"] / result["moves"] * 1e6
