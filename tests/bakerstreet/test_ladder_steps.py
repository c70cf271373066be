"""Beyond Baker Street: what the chapter reads from the ladder's table (``ladder``'s
``steps``, ``rates``, ``price_of_hidden``, ``case_file_drop``), on small tables made up
here and on the stored one."""

from __future__ import annotations

import pytest

from sherlockkit.games.bakerstreet import bots, ladder


def row(level, players, case, wins, games=100):
    return ladder.Row(level, players, case, wins, games, *ladder.wilson(wins, games), 0.0)


def test_each_step_sorts_its_cells_by_what_the_intervals_say():
    rows = [row("random", 2, 1, 0), row("conventions", 2, 1, 30),  # above
            row("random", 2, 2, 0), row("conventions", 2, 2, 0),  # overlap, neither won
            row("random", 2, 3, 1), row("conventions", 2, 3, 0),  # overlap, both rare
            row("random", 2, 4, 10), row("conventions", 2, 4, 12),  # overlap, not rare
            row("random", 3, 1, 40), row("conventions", 3, 1, 10)]  # below
    (step,) = ladder.steps(rows, levels=("random", "conventions"))
    assert (step.lower, step.upper, step.cells) == ("random", "conventions", 5)
    assert step.above == ((2, 1),) and step.below == ((3, 1),)
    assert step.overlap == ((2, 2), (2, 3), (2, 4))
    assert step.neither == ((2, 2),) and step.scarce == ((2, 3),)
    assert ladder.steps(rows, levels=("random", "conventions"), rare=0.2)[0].scarce == ((2, 3), (2, 4))


def test_the_stored_tables_steps_cover_every_cell_once():
    rows = ladder.stored_table()
    steps = ladder.steps(rows)
    assert [(s.lower, s.upper) for s in steps] == list(zip(bots.LEVELS, bots.LEVELS[1:]))
    verdicts = ladder.comparisons(rows)
    for s in steps:
        assert len(s.above) + len(s.overlap) + len(s.below) == s.cells == 18
        assert set(s.neither) | set(s.scarce) <= set(s.overlap) and not set(s.neither) & set(s.scarce)
        assert {(n, c) for lo, up, n, c, v in verdicts if (lo, up, v) == (s.lower, s.upper, "above")} == set(s.above)


def test_rates_and_what_hidden_information_costs():
    rows = [row("inference", 2, 1, 40), row("seeing", 2, 1, 70), row("inference", 2, 2, 10),
            row("seeing", 2, 2, 65), row("inference", 2, 3, 20), row("seeing", 2, 3, 68)]
    assert ladder.rates(rows)[("seeing", 2, 2)] == pytest.approx(0.65)
    assert ladder.price_of_hidden(rows) == pytest.approx({(2, 1): 0.3, (2, 2): 0.55, (2, 3): 0.48})
    assert ladder.case_file_drop(rows, "inference", 2) == pytest.approx(0.3)  # case 1 against the worst, case 2
    assert ladder.case_file_drop(rows, "seeing", 2) == pytest.approx(0.05)
    # the share of the seeing team's rate a team reaches, cell by cell
    shares = ladder.share_of_seeing(rows, level="inference")
    assert shares == pytest.approx({(2, 1): 40 / 70, (2, 2): 10 / 65, (2, 3): 20 / 68})
    # a cell with only one of the two teams is no gap
    assert (3, 1) not in ladder.price_of_hidden(rows + [row("seeing", 3, 1, 50)])
