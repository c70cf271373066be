"""The tournament runner (issue 15): the same grid gives the same rows however and wherever
it is played, rows agree with games played directly, the cache is reused and invalidated,
win rates' Wilson intervals, and the command line's refusals."""

from __future__ import annotations

import math
import subprocess
import sys

import pytest

import sherlockkit
from sherlockkit import engine, tournament
from sherlockkit.games.bakerstreet import bots as baker_bots, rules as baker_rules
from sherlockkit.games.cardgame import bots as card_bots, rules as card_rules
from sherlockkit.games.express import bots as express_bots, rules as express_rules
from sherlockkit.games.express.state import Outcome as ExpressOutcome
from sherlockkit.games.story import bots as story_bots, rules as story_rules
from sherlockkit.games.story.state import Outcome as StoryOutcome
from sherlockkit.tournament import Grid, SeatResult, TournamentError, seats, table, win_rates, wilson
from sherlockkit.tournament.__main__ import main

EXPRESS = Grid("express", [("medium", "easy", "hard"), ("expert", "medium")], [{}, {"target": 3}],
               seeds=range(10, 22))


def test_the_same_grid_gives_the_same_rows_serially_on_a_local_cluster_and_chunked_otherwise():
    serial = tournament.play(EXPRESS, chunk=5, scheduler="serial", progress=False)
    whole = tournament.play(EXPRESS, chunk=100, scheduler="serial", progress=False)
    cluster = tournament.play(EXPRESS, chunk=3, scheduler="local", workers=2, progress=False)
    assert serial == whole == cluster
    # one row per seat of every game, cell by cell, seed by seed, seat by seat
    expected = [(lineup, opts, seed, seat) for lineup in ("medium,easy,hard", "expert,medium")
                for opts in ('{}', '{"target":3}') for seed in range(10, 22) for seat in range(lineup.count(",") + 1)]
    assert [(r.lineup, r.options, r.seed, r.seat) for r in serial] == expected


def test_chunks_cover_every_seed_of_every_cell_once():
    tasks = tournament.chunks(EXPRESS, 5)
    assert [len(t.seeds) for t in tasks] == [5, 5, 2] * 4
    assert [s for t in tasks[:3] for s in t.seeds] == list(range(10, 22))


@pytest.mark.parametrize("seed", [0, 7, 31])
def test_express_rows_are_the_games_played_directly(seed):
    lineup = ("medium", "easy", "hard")
    state = express_rules.new(seed, players=3)
    final, moves = express_bots.play_out(state, express_bots.make_bots(dict(enumerate(lineup)), seed))
    outcome = express_rules.outcome(final)
    rows = seats.play_chunk("express", lineup, "{}", "{}", (seed,))
    assert [(r.seat, r.level, r.won, r.score, r.moves) for r in rows] == [
        (p, lineup[p], p in outcome.winners, outcome.scores[p], len(moves)) for p in range(3)]


@pytest.mark.parametrize("seed", [3, 4])
def test_card_game_rows_are_the_games_played_directly(seed):
    lineup = ("sleuth", "constable", "constable")
    final, moves = engine.play_out(card_rules, card_rules.new(seed, players=3),
                                   card_bots.make_bots(dict(enumerate(lineup)), seed))
    outcome = card_rules.outcome(final)
    rows = seats.play_chunk("cardgame", lineup, "{}", "{}", (seed,))
    assert [(r.won, r.score, r.moves) for r in rows] == [
        (p in outcome.winners, outcome.scores[p], len(moves)) for p in range(3)]


@pytest.mark.parametrize("level, case, seed", [("conventions", 1, 5), ("random", 3, 6), ("inference", 2, 2)])
def test_baker_street_rows_are_cases_played_by_the_engine_loop_every_seat_winning_together(level, case, seed):
    """An independent driver: ``engine.play_out`` (the bots propose only on their turn)."""
    final, moves = engine.play_out(baker_rules, baker_rules.new(seed, 3, case),
                                   baker_bots.make_bots({p: level for p in range(3)}, seed))
    won = baker_rules.outcome(final).won
    rows = seats.play_chunk("bakerstreet", (level,) * 3, f'{{"case":{case}}}', "{}", (seed,))
    assert [(r.won, r.share, r.score, r.moves) for r in rows] == [(won, 1.0 if won else 0.0, None, len(moves))] * 3


def test_story_rows_are_campaigns_played_directly():
    for seed in (0, 1, 2):
        final, moves = engine.play_out(story_rules, story_rules.new(seed),
                                       story_bots.make_bots({0: "simple detective"}, seed))
        outcome = story_rules.outcome(final)
        [row] = seats.play_chunk("story", ("simple detective",), "{}", "{}", (seed,))
        assert (row.score, row.moves, row.players) == (outcome.solved, len(moves), 1)
        assert row.won == (outcome.result == "retired" and outcome.lost == 0)


def test_a_tie_shares_the_win_and_the_story_needs_a_clean_record():
    tie = ExpressOutcome(winners=(0, 2), scores=(3, 1, 3))
    assert [seats.seat_results("express", tie, p) for p in range(3)] == [(True, 0.5, 3), (False, 0.0, 1),
                                                                          (True, 0.5, 3)]
    assert seats.seat_results("story", StoryOutcome("retired", 3, 0, 2), 0) == (True, 1.0, 3)
    assert seats.seat_results("story", StoryOutcome("retired", 2, 1, 2), 0) == (False, 0.0, 2)
    assert seats.seat_results("story", StoryOutcome("dead", 1, 0, 0), 0) == (False, 0.0, 1)


SMALL = Grid("express", [("hard", "easy")], seeds=range(6))


@pytest.fixture
def counted(monkeypatch):
    """Counts the chunks played (the serial scheduler calls ``seats.play_chunk`` in this process)."""
    calls = []
    real = seats.play_chunk

    def play_chunk(*task):
        calls.append(task)
        return real(*task)

    monkeypatch.setattr(seats, "play_chunk", play_chunk)
    return calls


def test_a_grid_asked_again_is_read_from_the_cache_not_played(tmp_path, counted):
    first = tournament.run(SMALL, chunk=2, scheduler="serial", progress=False, cache=tmp_path)
    assert len(counted) == 3
    again = tournament.run(SMALL, chunk=3, scheduler="serial", progress=False, cache=tmp_path)
    assert len(counted) == 3 and again == first
    assert tournament.read_table(tournament.cached_path(SMALL, tmp_path)) == first


def test_the_cache_is_played_again_when_the_grid_version_or_source_changes(tmp_path, counted, monkeypatch):
    tournament.run(SMALL, chunk=6, scheduler="serial", progress=False, cache=tmp_path)
    assert len(counted) == 1
    tournament.run(Grid("express", [("hard", "easy")], seeds=range(7)), chunk=7, scheduler="serial",
                   progress=False, cache=tmp_path)
    assert len(counted) == 2
    monkeypatch.setattr(sherlockkit, "__version__", "0.0.0-other")
    tournament.run(SMALL, chunk=6, scheduler="serial", progress=False, cache=tmp_path)
    assert len(counted) == 3
    source = tmp_path / "rules.py"
    source.write_text("A = 1\n")
    monkeypatch.setattr(table, "source_files", lambda game: [source])
    monkeypatch.setattr(table, "PACKAGE", tmp_path)
    tournament.run(SMALL, chunk=6, scheduler="serial", progress=False, cache=tmp_path)
    tournament.run(SMALL, chunk=6, scheduler="serial", progress=False, cache=tmp_path)
    assert len(counted) == 4
    source.write_text("A = 2\n")
    tournament.run(SMALL, chunk=6, scheduler="serial", progress=False, cache=tmp_path)
    assert len(counted) == 5


def test_a_damaged_cache_file_is_played_again_and_replaced(tmp_path, counted):
    rows = tournament.run(SMALL, chunk=6, scheduler="serial", progress=False, cache=tmp_path)
    path = tournament.cached_path(SMALL, tmp_path)
    path.write_text("game,lineup\nexpress,oops\n")
    assert tournament.run(SMALL, chunk=6, scheduler="serial", progress=False, cache=tmp_path) == rows
    assert len(counted) == 2 and tournament.read_table(path) == rows


def test_the_table_is_written_and_read_back_exactly(tmp_path):
    rows = [SeatResult("cardgame", "sleuth,constable", 2, "{}", "{}", 4, 0, "sleuth", True, 1 / 3, -9, 70),
            SeatResult("bakerstreet", "random,random", 2, '{"case":2}', "{}", 5, 1, "random", False, 0.0, None, 9)]
    tournament.write_table(rows, tmp_path / "t.csv")
    assert tournament.read_table(tmp_path / "t.csv") == rows
    with pytest.raises(TournamentError, match="no tournament table"):
        tournament.read_table(tmp_path / "missing.csv")


def _score_equation(p_hat: float, n: int, p: float, z: float = tournament.rates.Z95) -> float:
    """Wilson's bounds are the two p where the score test is at z: (p_hat - p)^2 = z^2 p (1 - p) / n."""
    return (p_hat - p) ** 2 - z * z * p * (1 - p) / n


def test_wilson_intervals_are_the_score_tests_roots_and_the_textbook_values():
    low, high = wilson(7, 10)
    assert abs(_score_equation(0.7, 10, low)) < 1e-12 and abs(_score_equation(0.7, 10, high)) < 1e-12
    assert low < 0.7 < high
    # 7 of 10 and 0 of 20, as tables of the Wilson interval give them (z = 1.96)
    assert (round(low, 4), round(high, 4)) == (0.3968, 0.8922)
    assert wilson(0, 20)[0] == 0.0 and round(wilson(0, 20)[1], 4) == 0.1611
    assert wilson(0, 0) == (0.0, 1.0)


def _row(lineup, seed, seat, level, won, score=None):
    return SeatResult("x", lineup, lineup.count(",") + 1, "{}", "{}", seed, seat, level, won, float(won), score, 10)


def test_win_rates_count_a_game_once_when_its_seats_fall_in_one_group():
    # a co-operative pair: 4 games, won together in 3 of them
    rows = [_row("a,a", seed, seat, "a", seed != 2, None) for seed in range(4) for seat in range(2)]
    # a lone seat of level b against c: b wins 7 games of 10, scoring 2 when it wins, else 1
    rows += [_row("b,c", seed, seat, "bc"[seat], (seed < 7) == (seat == 0), 2 if (seed < 7) == (seat == 0) else 1)
             for seed in range(10) for seat in range(2)]
    rates = {dict(r.group)["level"]: r for r in win_rates(rows, by=["level"])}
    a, b, c = rates["a"], rates["b"], rates["c"]
    assert (a.games, a.seats, a.wins, a.rate, a.score) == (4, 8, 6, 0.75, None)
    assert (a.low, a.high) == wilson(3, 4)
    assert abs(_score_equation(0.75, 4, a.low)) < 1e-12
    assert (b.games, b.wins, b.rate, (b.low, b.high), b.score) == (10, 7, 0.7, wilson(7, 10), 1.7)
    assert (c.wins, c.rate, c.score) == (3, 0.3, 1.3)
    assert list(rates) == ["a", "b", "c"]
    assert win_rates(rows, by="lineup")[0].as_dict()["lineup"] == "a,a"
    with pytest.raises(TournamentError, match="grouped by"):
        win_rates(rows, by=["colour"])


@pytest.mark.parametrize("args, sentence", [
    (["--game", "chess", "--lineup", "easy,easy"], "There is no game 'chess'"),
    (["--game", "express", "--lineup", "easy,genius"], "no bot level 'genius'"),
    (["--game", "express", "--lineup", "easy", "--seeds", "0:5"], "for 2 to 6 players, not 1"),
    (["--game", "express", "--lineup", "easy,easy", "--seeds", "9:3"], "holds no seed"),
    (["--game", "express", "--lineup", "easy,easy", "--seeds", "a:b"], "The seeds are START:STOP"),
    (["--game", "express", "--lineup", "easy,easy", "--option", "colour=1"], "no rules option 'colour'"),
    (["--game", "express", "--lineup", "easy,easy", "--option", "target"], "NAME=VALUE"),
    (["--game", "express", "--lineup", "easy,easy", "--chunk", "0"], "at least one seed"),
    (["--game", "express", "--lineup", "easy,easy", "--scheduler", "cloud"], "The scheduler is 'serial'"),
    (["--game", "express", "--lineup", "easy,easy", "--workers", "-1"], "number of workers"),
    (["--game", "express", "--lineup", "easy,easy", "--by", "colour"], "grouped by"),
    (["--game", "express", "--lineup", "easy,easy", "--chunk", "many"], "invalid int value"),
    (["--game", "bakerstreet", "--lineup", "random,random", "--bot-option", "budget=3"], "no option 'budget'"),
])
def test_bad_command_line_input_is_a_sentence_and_exit_code_2(args, sentence, capsys, tmp_path):
    extra = ["--cache", str(tmp_path), "--no-progress"] + ([] if "--scheduler" in args else ["--scheduler", "serial"])
    with pytest.raises(SystemExit) as stopped:
        main(args + extra)
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert sentence in err and "Traceback" not in err


def test_the_command_plays_writes_the_table_and_prints_the_rates(tmp_path):
    out = tmp_path / "t.csv"
    done = subprocess.run([sys.executable, "-m", "sherlockkit.tournament", "--game", "express", "--lineup",
                           "hard,easy", "--seeds", "0:6", "--chunk", "4", "--scheduler", "serial", "--no-progress",
                           "--no-cache", "--out", str(out), "--by", "level"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert tournament.read_table(out) == tournament.play(SMALL, scheduler="serial", progress=False)
    rates = win_rates(tournament.read_table(out), by=["level"])
    assert done.stdout.splitlines() == [
        f"level={r.group[0][1]}  games 6  won {r.wins}/6 = {r.rate:.3f} [{r.low:.3f}, {r.high:.3f}]  "
        f"mean score {r.score:.2f}" for r in rates]
    bad = subprocess.run([sys.executable, "-m", "sherlockkit.tournament", "--game", "chess", "--lineup", "a"],
                         capture_output=True, text=True)
    assert bad.returncode == 2 and "There is no game 'chess'" in bad.stderr and "Traceback" not in bad.stderr


@pytest.mark.parametrize("make, sentence", [
    (lambda: Grid("express", "easy,easy"), "The lineups are a list"),
    (lambda: Grid("express", ["easy,easy"]), "A lineup is a list"),
    (lambda: Grid("express", [("easy", "easy")], [{"target": math.nan}]), "not plain JSON"),
    (lambda: Grid("express", [("easy", "easy")], seeds=[1, 1]), "repeats"),
    (lambda: Grid("express", [("easy", "hard"), ["easy", "hard"]]), "lineup 'easy,hard' twice"),
    (lambda: Grid("express", [("easy", "hard")], [{"target": 3}, {"target": 3}]), "rules options .* twice"),
    (lambda: Grid("express", [("easy", "easy")], seeds=[1, 2.0]), "whole number"),
    (lambda: Grid("express", [("easy", "easy")], seeds=[10 ** 41]), "digits"),
    (lambda: Grid("express", [("easy", "easy")], [{"players": 3}]), "no rules option 'players'"),
    (lambda: Grid("picture", [("keen", "keen")], bot_options=[{"budget": "lots"}]), "'budget' is a whole number such as 600"),
    (lambda: Grid("story", [("random",)], [{"first_case": "z999"}]), "not an adventure"),
    (lambda: tournament.run(SMALL, scheduler=3), "The scheduler is"),
    (lambda: tournament.run("express"), "plays a Grid"),
])
def test_a_grid_or_run_that_cannot_be_played_is_refused_with_a_sentence(make, sentence):
    with pytest.raises(TournamentError, match=sentence):
        make()


def test_the_default_grids_seat_every_level_in_every_seat_equally():
    grid = tournament.grids.express_levels(seeds=range(3))
    seats_of = {level: sorted(lineup.index(level) for lineup in grid.lineups) for level in grid.lineups[0]}
    assert seats_of == {level: [0, 1, 2, 3] for level in ("easy", "medium", "hard", "expert")}
    assert tournament.grids.rotations(("a", "b", "c")) == [("a", "b", "c"), ("c", "a", "b"), ("b", "c", "a")]
    ladder = tournament.grids.bakerstreet_ladder(seeds=range(2))
    assert len(ladder.cells()) == 4 * 3 * 6 and ladder.games() == 4 * 3 * 6 * 2
    for make in (tournament.grids.cardgame_bots, tournament.grids.picture_levels, tournament.grids.story_levels):
        assert make(seeds=range(2)).games() >= 2


def test_map_chunks_keeps_the_items_order_whatever_the_chunks():
    assert tournament.map_chunks(abs, [-3, 1, -2, 5, -8], chunk=2, scheduler="serial", progress=False) == [3, 1, 2, 5, 8]
    done = []
    tournament.map_chunks(abs, range(5), chunk=2, scheduler="serial", progress=lambda d, t: done.append((d, t)))
    assert done == [(1, 3), (2, 3), (3, 3)]
    with pytest.raises(TournamentError, match="at least one item"):
        tournament.map_chunks(abs, range(5), chunk=0, scheduler="serial")


@pytest.mark.notebook
def test_in_a_notebook_the_progress_is_a_widget_and_nothing_without_progress():
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    play = ("tournament.play(tournament.Grid('express', [('hard', 'easy')], seeds=range(4)), chunk=2, "
            "scheduler='serial', progress={})\nNone")
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell("from sherlockkit import tournament"),
                      nbformat.v4.new_code_cell(play.format(True)), nbformat.v4.new_code_cell(play.format(False))]
    nbclient.NotebookClient(notebook, timeout=120, kernel_name="python3").execute()
    shown, quiet = notebook.cells[1].outputs, notebook.cells[2].outputs
    assert [o.output_type for o in shown] == ["display_data"]
    assert "application/vnd.jupyter.widget-view+json" in shown[0].data
    assert quiet == []


def test_a_running_cluster_is_reached_by_its_scheduler_address():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=":0") as cluster:
        assert cluster.scheduler_address.startswith("tcp://127.0.0.1:")
        rows = tournament.play(SMALL, chunk=4, scheduler=cluster.scheduler_address, progress=False)
    assert rows == tournament.play(SMALL, chunk=6, scheduler="serial", progress=False)
