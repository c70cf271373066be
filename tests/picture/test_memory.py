"""Picture Perfect: the stored table of keen against forgetful bots (``memory.csv``) --
complete, alternating seats, and played, not typed: parties replay to the same scores --
and how the chapter sums it up (``memory.report``)."""

from __future__ import annotations

import math
import random

import pytest

from sherlockkit.games.picture import bots, memory
from sherlockkit.tournament import rates

#: fewest parties the chapter's table may rest on
ENOUGH = 400


def test_the_stored_parties_are_seeds_in_order_with_alternating_seats():
    parties = memory.stored()
    assert len(parties) >= ENOUGH
    assert [p.seed for p in parties] == list(range(len(parties)))
    assert all(p.keen_seat == p.seed % 2 for p in parties)
    assert all(memory.seats(p.seed)[p.keen_seat] == bots.KEEN for p in parties)
    # a keen bot knows at least the envelopes it holds at the end, which is all a forgetful one knows
    assert all(p.keen_known >= 1 and 0 <= p.forgetful_known <= p.keen_known + 14 for p in parties)


def test_a_stored_party_replays_to_the_same_scores():
    """Party 1 (the keen bot in seat 1) played again gives its stored line. (The chapter
    plays party 0 again; the tournament runner's processes are its own tests'.)"""
    assert memory.party(1) == memory.stored()[1]


def test_saved_and_read_back(tmp_path):
    parties = [memory.Party(0, 0, 30, 12, 6, 2), memory.Party(1, 1, 25, 27, 5, 1)]
    memory.save(parties, tmp_path / "m.csv")
    assert memory.stored(tmp_path / "m.csv") == parties
    assert [p.gap for p in parties] == [18, -2]


# --- the parties summed up ---------------------------------------------------------------------------

def _parties(keen_wins: int, forgetful_wins: int, ties: int = 0) -> list[memory.Party]:
    """Parties made by hand: the keen bot ahead by 5, behind by 5, or level."""
    scores = [(20, 15)] * keen_wins + [(15, 20)] * forgetful_wins + [(18, 18)] * ties
    return [memory.Party(i, i % 2, k, f, 5, 2) for i, (k, f) in enumerate(scores)]


def test_the_report_sums_up_parties_worked_by_hand():
    parties = [memory.Party(0, 0, 30, 12, 6, 2), memory.Party(1, 1, 25, 27, 5, 1), memory.Party(2, 0, 20, 20, 4, 3)]
    report = memory.report(parties, resamples=200)
    assert report.parties == 3 and report.outright == 1  # 30 > 12 only; 20 = 20 is a tie
    assert (report.keen.level, report.forgetful.level) == (bots.KEEN, bots.FORGETFUL)
    assert report.keen.score == 25 and math.isclose(report.forgetful.score, 59 / 3)
    assert (report.keen.wins, report.forgetful.wins) == (2, 2)  # the tie is a win for both
    assert math.isclose(report.lead, 16 / 3) and report.keen.known == 5 and report.forgetful.known == 2
    assert report.known_more == 3
    for low, mean, high in ((report.keen.score_low, report.keen.score, report.keen.score_high),
                            (report.lead_low, report.lead, report.lead_high)):
        assert low <= mean <= high
    # the bootstrap draws only means of the parties' own values
    assert report.keen.score_low >= 20 and report.keen.score_high <= 30


def test_the_win_intervals_are_wilson_s_textbook_values():
    """81 wins in 263 (Newcombe 1998, table I): Wilson's 95% interval is 0.2553 to 0.3662;
    the other bot, with the other 182, has the mirror interval. The report uses the
    project's one Wilson interval, not a copy of its own."""
    report = memory.report(_parties(81, 182), resamples=20)
    assert report.keen.wins == 81 and math.isclose(report.keen.win_rate, 81 / 263)
    assert round(report.keen.win_low, 4) == 0.2553 and round(report.keen.win_high, 4) == 0.3662
    assert round(report.forgetful.win_low, 4) == round(1 - 0.3662, 4)
    assert round(report.forgetful.win_high, 4) == round(1 - 0.2553, 4)
    assert memory.wilson is rates.wilson


def test_no_wins_has_an_interval_from_zero():
    """0 wins in 20 (Newcombe 1998): 0 to 0.1611."""
    report = memory.report(_parties(20, 0), resamples=20)
    assert report.forgetful.wins == 0 and report.forgetful.win_low == 0
    assert round(report.forgetful.win_high, 4) == 0.1611 and report.lead == 5 == report.lead_low == report.lead_high


def test_the_same_parties_and_seed_give_the_same_report_and_another_seed_may_not():
    parties = memory.stored()[:60]
    assert memory.report(parties, resamples=300) == memory.report(parties, resamples=300)
    other = memory.report(parties, seed=14, resamples=300)
    assert other.keen.score == memory.report(parties, resamples=300).keen.score  # the means do not draw
    assert other != memory.report(parties, resamples=300)  # the intervals do


def test_a_report_needs_a_party():
    with pytest.raises(ValueError):
        memory.report([])


def test_the_bootstrap_interval_holds_the_mean_and_is_as_wide_as_the_normal_one():
    """Half zeros and half ones over 200 parties: the mean is 1/2 and its standard error
    sqrt(1/4 / 200), so the normal 95% interval is 0.5 +- 0.0693; the bootstrap's
    percentile interval agrees within a few hundredths of its width."""
    values = [0] * 100 + [1] * 100
    low, high = memory.bootstrap(values, random.Random(1))
    assert low < 0.5 < high
    half = 1.959964 * math.sqrt(0.25 / 200)
    assert abs(low - (0.5 - half)) < 0.01 and abs(high - (0.5 + half)) < 0.01
    assert memory.bootstrap(values, random.Random(1)) == (low, high)


def test_the_bootstrap_of_one_value_repeated_is_that_value():
    assert memory.bootstrap([7, 7, 7], random.Random(0), resamples=50) == (7, 7)
    with pytest.raises(ValueError):
        memory.bootstrap([], random.Random(0))
