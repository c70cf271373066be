"""Exact dice: distributions and tables, checked against values computed by hand."""

import random

import pytest
from sympy import Rational

from sherlockkit.dice import Distribution, Table, d6, die, parse_row, two_d6


def test_one_die_is_uniform():
    assert dict(d6) == {k: Rational(1, 6) for k in range(1, 7)}


def test_two_dice_by_hand():
    # ways to roll each total of 2d6: 1,2,3,4,5,6,5,4,3,2,1 out of 36
    assert [two_d6[t] * 36 for t in range(2, 13)] == [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]
    assert two_d6.mean() == 7
    assert sum(two_d6.values()) == 1


def test_a_modifier_shifts_and_a_sum_convolves():
    assert (two_d6 + 2)[14] == Rational(1, 36)
    assert (d6 + d6 + d6)[3] == Rational(1, 216)
    assert d6.repeat(3) == d6 + d6 + d6
    assert (d6 - d6)[0] == Rational(1, 6)


def test_clip_reads_the_extremes():
    clipped = (d6 - 3).clip(low=1)
    assert clipped[1] == Rational(4, 6)


def test_probability_of_an_event():
    assert two_d6.probability(lambda t: t >= 10) == Rational(6, 36)


def test_bad_weights_are_refused():
    with pytest.raises(ValueError, match="negative"):
        Distribution({1: -1, 2: 2})
    with pytest.raises(ValueError, match="at least one"):
        Distribution({})
    with pytest.raises(ValueError, match="at least one die"):
        d6.repeat(0)


def test_sampling_follows_the_exact_odds():
    """20,000 rolls of 2d6: every total within 4 binomial standard errors."""
    rng = random.Random(5)
    n = 20_000
    counts = {}
    for _ in range(n):
        t = two_d6.sample(rng)
        counts[t] = counts.get(t, 0) + 1
    for total, p in two_d6.items():
        sd = (float(p * (1 - p)) / n) ** 0.5
        assert abs(counts.get(total, 0) / n - float(p)) < 4 * sd


@pytest.mark.parametrize("label, covers", [("2-3", (2, 3)), ("4", (4, 4)), ("13+", (13, None)), ("-1-0", (-1, 0))])
def test_row_labels_read_like_the_rulebook(label, covers):
    assert parse_row(label) == covers


def test_malformed_rows_are_refused():
    with pytest.raises(ValueError, match="reads like"):
        parse_row("two to three")
    with pytest.raises(ValueError, match="backwards"):
        parse_row("5-3")
    with pytest.raises(ValueError, match="gap or overlap"):
        Table("broken", {"2-3": "a", "5-12": "b"})


TABLE = Table("sample", {"2-4": "bad", "5-9": "so-so", "10+": "good"})


def test_table_odds_by_hand():
    assert TABLE.odds() == {"2-4": Rational(6, 36), "5-9": Rational(24, 36), "10+": Rational(6, 36)}


def test_totals_beyond_the_table_read_its_first_or_last_row():
    assert TABLE.row_for(-3).label == "2-4"
    assert TABLE.row_for(40).label == "10+"
    assert TABLE.odds(modifier=-5)["2-4"] == two_d6.probability(lambda t: t <= 9)
    assert sum(TABLE.odds(modifier=7).values()) == 1


def test_rolling_on_a_table_reads_the_row_of_its_total():
    rng = random.Random(2)
    for _ in range(200):
        total, row = TABLE.roll_on(rng, modifier=1)
        assert row.covers(total) or (total < 2 and row.label == "2-4")
    assert die(4)[4] == Rational(1, 4)


def test_every_probability_handed_out_is_a_sympy_rational():
    assert isinstance(two_d6[7], Rational) and isinstance(two_d6[13], Rational)  # 13: impossible, still exact
    assert isinstance(two_d6.probability(lambda t: t >= 10), Rational)
    assert isinstance(two_d6.mean(), Rational)
    assert all(isinstance(p, Rational) for p in TABLE.odds(modifier=2).values())
    assert all(isinstance(p, Rational) for p in dict(d6 + d6).values())


def test_weights_may_be_rationals_fractions_or_whole_numbers():
    from fractions import Fraction

    assert Distribution({1: Rational(1, 3), 2: Fraction(1, 3), 3: 1}) == Distribution({1: 1, 2: 1, 3: 3})
    assert Distribution({"heads": Rational(1, 2), "tails": Rational(1, 2)})["heads"] == Rational(1, 2)


def test_rolling_and_reading_tables_import_no_sympy():
    """A game being played builds its tables and reads their rows; only asking for odds
    imports sympy (a dashboard's kernel that only plays does not pay ~50 MB for it)."""
    import subprocess
    import sys

    script = ("import random, sys\n"
              "from sherlockkit.dice import Table, d6, two_d6\n"
              "table = Table('t', {'2-6': 'low', '7+': 'high'})\n"
              "table.roll_on(random.Random(1), modifier=1); (d6 + 1).sample(random.Random(2))\n"
              "print('sympy' in sys.modules, end=' ')\n"
              "two_d6.probability(lambda t: t > 7)\n"
              "print('sympy' in sys.modules)\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["False", "True"]
