"""How a hand ended, read from a game's events, and the points one level of bot gains on
another, read from a tournament's table (``matches.py``, which the chapter reads)."""

import math
from dataclasses import replace

import pytest

from sherlockkit import engine
from sherlockkit.games.cardgame import bots, matches, rules
from sherlockkit.games.cardgame.cards import HOLMES, MORIARTY
from sherlockkit.games.cardgame.events import Arrested, Escaped, HandDealt, TrailCold
from sherlockkit.tournament import SeatResult

SLEUTHS_AND_CONSTABLES = ("sleuth", "constable", "sleuth", "constable")


def _played(seed, lineup=SLEUTHS_AND_CONSTABLES):
    final, _ = engine.play_out(rules, rules.new(seed, players=len(lineup)),
                               bots.make_bots(dict(enumerate(lineup)), seed))
    return final


def test_the_seed_2024_hand_of_four_sleuths_ends_with_holmes_arresting():
    final = _played(2024, ("sleuth",) * 4)
    (caught,) = [e for e in final.events if isinstance(e, Arrested)]
    assert caught.card == HOLMES
    assert matches.ending(final) == ("arrest", HOLMES)


def test_each_ending_is_read_from_the_event_that_ends_the_hand():
    # seeds of the chapter's grid: 1 ends in an escape, 9 in a cold trail
    assert matches.ending(_played(1)) == ("escape", None)
    assert matches.ending(_played(9)) == ("cold trail", None)
    dealt = rules.new(3)
    assert matches.ending(replace(dealt, events=dealt.events + (Escaped(2, (MORIARTY,)),))) == ("escape", None)
    assert matches.ending(replace(dealt, events=dealt.events + (TrailCold(),))) == ("cold trail", None)


def test_a_hand_still_being_played_has_no_ending():
    dealt = rules.new(3)
    assert any(isinstance(e, HandDealt) for e in dealt.events)
    with pytest.raises(ValueError, match="No hand"):
        matches.ending(dealt)


def _row(seed, seat, level, score, lineup="sleuth,constable,sleuth,constable"):
    return SeatResult("cardgame", lineup, 4, "{}", "{}", seed, seat, level, False, 0.0, score, 50)


def test_the_edge_is_the_mean_gap_of_the_two_levels_game_by_game():
    # game 0: constables 10 and 20 (mean 15), sleuths 4 and 6 (mean 5): a gap of 10
    # game 1: constables 3 and 5 (mean 4), sleuths 6 and 8 (mean 7): a gap of -3
    # game 2: constables 8 and 8, sleuths 2 and 4: a gap of 5
    table = [_row(0, 0, "sleuth", 4), _row(0, 1, "constable", 10), _row(0, 2, "sleuth", 6),
             _row(0, 3, "constable", 20),
             _row(1, 0, "sleuth", 6), _row(1, 1, "constable", 3), _row(1, 2, "sleuth", 8),
             _row(1, 3, "constable", 5),
             _row(2, 0, "constable", 8), _row(2, 1, "sleuth", 2), _row(2, 2, "constable", 8),
             _row(2, 3, "sleuth", 4)]
    edge = matches.points_edge(table)
    gaps = [10, -3, 5]
    mean = sum(gaps) / 3
    assert edge.games == 3 and edge.ahead == "sleuth" and edge.behind == "constable"
    assert edge.points == pytest.approx(4)
    assert edge.standard_error == pytest.approx(math.sqrt(sum((g - mean) ** 2 for g in gaps) / 2 / 3))
    # the other way round: the same gap, negative
    assert matches.points_edge(table, "constable", "sleuth").points == pytest.approx(-4)


def test_the_same_seed_in_two_seatings_is_two_games():
    table = [_row(0, 0, "sleuth", 1), _row(0, 1, "constable", 5),
             _row(0, 0, "constable", 2, lineup="constable,sleuth"), _row(0, 1, "sleuth", 2, lineup="constable,sleuth")]
    edge = matches.points_edge(table)
    assert edge.games == 2 and edge.points == pytest.approx(2)


def test_a_game_without_both_levels_or_a_single_game_is_refused():
    with pytest.raises(ValueError, match="both a sleuth and a constable"):
        matches.points_edge([_row(0, 0, "sleuth", 1), _row(0, 1, "sleuth", 2), _row(1, 0, "sleuth", 1),
                             _row(1, 1, "constable", 2)])
    with pytest.raises(ValueError, match="at least two games"):
        matches.points_edge([_row(0, 0, "sleuth", 1), _row(0, 1, "constable", 2)])
