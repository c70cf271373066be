"""Pieces a table redraws one by one (``widgets/parts.py``) and what a redraw sends: a log
whose window moves on by half at a time, so a new line is one new piece."""

from __future__ import annotations

import pytest

from sherlockkit.games.picture import narration, rules
from tests.random_play import random_game
from widgets.parts import Parts, log_start


@pytest.mark.parametrize("most", [1, 2, 7, 60, 80])
def test_a_log_shows_the_newest_lines_from_half_to_all_of_its_window(most):
    starts = []
    for count in range(0, 10 * most + 3):
        start = log_start(count, most)
        shown = count - start
        assert shown == count if count <= most else most // 2 < shown <= most
        starts.append(start)
    # the window moves on only forward, and by half of it at a time (once every half window's lines)
    moves = [b - a for a, b in zip(starts, starts[1:]) if b != a]
    assert moves and all(step == max(1, most // 2) for step in moves)


def test_a_long_partys_new_line_changes_one_piece_not_the_whole_log():
    """A Picture Perfect party of some five hundred events, its log drawn as the table
    draws it after each event: a new event changes one piece's words (and, once every
    forty lines, the whole window), so the pieces whose words changed come to about one
    an event, not the eighty a window moving by one line changed."""
    states, _ = random_game(rules, 3, limit=500, players=4, sherlock=True)
    log, changed, most = Parts("sk-log", "sk-line"), 0, 80
    before: list[str] = []
    for state in states:
        view = rules.view(state, 0)
        told = narration.logged(view)
        lines = list(narration.sentences(told[log_start(len(told), most):], view.player))
        log.show(lines)
        assert [p.value for p in log.children] == lines
        changed += sum(1 for k, line in enumerate(lines) if k >= len(before) or before[k] != line)
        before = lines
    assert len(states) > 400 and changed < 3 * len(states)
