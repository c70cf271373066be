"""The Beyond Baker Street benchmark (``benchmarks/bakerstreet.py``) on tiny sizes: its
baselines play real games and count real deals, and its rows are what the table prints.
No timing is asserted (times depend on the machine)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import bakerstreet as bench  # noqa: E402
from sherlockkit.games.bakerstreet import bots, odds, rules  # noqa: E402


@pytest.fixture(scope="module")
def found():
    return bench.positions(seeds=range(1))


def test_bare_game_plays_a_whole_case_and_is_deterministic():
    moves = bench.bare_game(2, seed=3)
    assert moves > 0
    assert bench.bare_game(2, seed=3) == moves
    # the bare loop stops exactly when the engine says the case is over
    rng, state = random.Random(3), rules.new(3, 2, bench.CASE)
    for _ in range(moves):
        assert rules.outcome(state) is None
        state = rules.play(state, rng.choice(rules.legal_actions(state)))
    assert rules.outcome(state) is not None


def test_positions_cover_every_stage_and_table_from_the_movers_view(found):
    labels = [label for label, _ in found]
    assert labels == [f"{n}p {stage}" for n in bench.TABLES for stage in bench.STAGES]
    for _, view in found:
        assert view.player == view.turn and view.hands[view.player] is None
    fresh = dict(found)["2p fresh"]
    assert odds.belief(fresh).deals == 18 * 17 * 16 * 15 * 14 * 13  # nothing told yet: every ordered hand


def test_brute_force_lists_the_same_deals_as_the_exact_belief(found):
    small = [v for _, v in found if odds.belief(v).deals <= bench.BRUTE_LIMIT]
    assert small
    for view in small:
        exact = odds.belief(view)
        deals, ways = bench.brute_force(view)
        assert deals == exact.deals
        assert ways == [[row[c] for c in exact.cards] for row in exact.ways]
    # later in a game, what was told and what was played narrow the deals
    assert any(odds.belief(v).deals < 15 * 14 * 13 for _, v in found if v.players == 4)


def test_monte_carlo_lands_near_the_exact_belief(found):
    view = dict(found)["4p fresh"]
    estimate, draws = bench.monte_carlo(view, random.Random(0), samples=4000)
    assert draws >= 4000
    for slot in estimate:
        assert sum(slot) == pytest.approx(1.0)
    # 4000 deals: a chance's standard error is at most 0.008; 0.04 is five of them
    assert bench.largest_error(odds.belief(view), estimate) < 0.04


def test_all_chances_are_equal_as_rational_and_fraction(found):
    belief = odds.belief(dict(found)["4p mid"])
    as_fraction = bench.all_chances(belief, rational=False)
    as_rational = bench.all_chances(belief, rational=True)
    assert len(as_fraction) == len(belief.ways) * len(belief.cards)
    assert [(f.numerator, f.denominator) for f in as_fraction] == [(r.p, r.q) for r in as_rational]


def test_games_rows_give_a_rate_and_a_ratio_for_every_level_and_table():
    # every level but the searching one, whose games take seconds (its own test times them)
    levels = tuple(lv for lv in bots.LEVELS if lv != "search")
    raw, rows = bench.games_rows(repeats=1, budget=0.0, levels=levels)
    assert set(raw) == {f"{k}/{n}p" for k in ("bare",) + levels for n in bench.TABLES}
    what = {r["what"]: r for r in rows}
    for n in bench.TABLES:
        for level in levels:
            ratio = what[f"{n}p ratio {level}/floor cost per move"]
            assert ratio["n"] == 1 and ratio["median"] > 0
        assert what[f"{n}p floor: random legal moves: moves a game"]["median"] >= 1


def test_belief_rows_check_brute_force_and_report_every_baseline():
    raw, rows = bench.belief_rows(seeds=range(1))
    assert len(raw["positions"]) == len(bench.TABLES) * len(bench.STAGES)
    assert all(p["brute_agrees"] in (None, True) for p in raw["positions"])
    assert any(p["brute_agrees"] for p in raw["positions"])
    assert all(p["brute_s"] is None for p in raw["positions"] if p["deals"] > bench.BRUTE_LIMIT)
    what = {r["what"]: r for r in rows}
    assert what["belief 4p fresh: ratio exact/brute force"]["n"] == 1  # 2,730 deals: listed
    assert what["belief 2p fresh: ratio exact/brute force"]["n"] == 0  # 13,366,080 deals: not listed
    for n in bench.TABLES:
        for stage in bench.STAGES:
            assert what[f"belief {n}p {stage}: ratio exact/Monte Carlo"]["n"] == 1
    for needed in ("Monte Carlo max |error|", "ratio Rational/Fraction"):
        assert what[needed]["n"] == len(raw["positions"])
    assert what["Monte Carlo max |error|"]["max"] < 0.05


def test_search_waits_time_every_move_of_whole_searching_cases():
    raw, rows = bench.search_waits(range(1), tables=(2,), cases=(6,))
    (one,) = raw.values()
    assert len(one["slowest_ms"]) == len(one["mean_ms"]) == 1
    assert one["slowest_ms"][0] >= one["mean_ms"][0] > 0
    assert [r["what"] for r in rows] == ["search bot 2p case 6: slowest move", "search bot 2p case 6: mean move"]


def test_each_speed_trick_is_taken_away_and_put_back():
    """``without`` really plays the bot without the trick it names, and puts it back."""
    from sherlockkit.games.bakerstreet import inference, search

    now = odds._deals_of, inference.card_moves, search.card_moves
    with bench.without("remembered beliefs"):
        assert not hasattr(odds._deals_of, "cache_info")  # counted afresh each time
        assert odds.belief(dict(bench.positions(seeds=range(1)))["2p mid"]).deals > 0
    with bench.without("whole-count scores"):
        assert inference.card_moves is search.card_moves is bench.card_moves_from_chances
    assert (odds._deals_of, inference.card_moves, search.card_moves) == now


def test_the_speed_tricks_rows_play_the_same_moves_every_way():
    raw, rows = bench.search_tricks(seeds=range(1), cells=((3, 3),))
    assert raw["same_moves"] == [1.0]
    assert [len(raw["cpu_s"][t]) for t in ("none", "remembered beliefs", "whole-count scores")] == [1, 1, 1]
    assert [r["what"] for r in rows][1:3] == ["search: beliefs counted afresh / now", "search: scores from Fractions / now"]
