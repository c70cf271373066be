"""The helpers the chapters show their results with (``widgets.chapter``)."""

from widgets.chapter import percent, with_interval


def test_a_rate_is_shown_with_its_interval_rounded_to_whole_percents():
    assert with_interval(0.5, 0.4038, 0.5962) == "50% (40–60%)"
    assert with_interval(0.25, 0.0049, 0.1) == "25% (0–10%)"


def test_a_rate_keeps_the_digits_asked_for():
    assert with_interval(0.125, 0.0812, 0.1874, digits=1) == "12.5% (8.1–18.7%)"


def test_a_rate_near_one_is_not_rounded_up_to_a_certainty():
    assert percent(0.996) == ">99%"
    assert with_interval(0.996, 0.9855, 0.9989) == ">99% (99–100%)"


def test_every_game_won_reads_as_one_hundred_percent_even_when_the_bound_is_a_hair_under():
    # Wilson's upper end for 80 wins in 80 games comes out as 0.9999999999999998 in floating point
    assert with_interval(1.0, 0.9541818704644727, 0.9999999999999998) == "100% (95–100%)"
