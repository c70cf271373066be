"""The chapter's drawings of a recorded game (widgets/bakerstreet_chapter.py)."""

import re

from sherlockkit.games.bakerstreet import ladder, rules
from sherlockkit.games.bakerstreet.cards import INVESTIGATION_GOAL
from widgets.bakerstreet_chapter import (
    board_html, cells_words, mini_tracks_svg, replay_html, scrolling, spans, turn_html)

NAMES = ("Player 1", "Player 2")


def replayed(seed: int = 1, level: str = "inference"):
    """Every table of a whole case (Case File 1, two players), the deal first."""
    game = ladder.play_case(level, 2, 1, seed)
    states = [rules.new(seed, 2, 1)]
    for move in game.moves:
        states.append(rules.play(states[-1], move))
    return states


def test_the_board_shows_every_hand_both_tracks_and_each_leads_sums():
    state = replayed()[6]
    board = board_html(rules.view(state, 0), state.hands, NAMES)
    for hand in state.hands:
        for card in hand:
            assert f">{card}</span>" in board
    for pile in rules.view(state, 0).piles:
        assert f"<span class='sk-sum'>{pile.total}</span> of {pile.target}" in board
    assert f"Holmes on space {state.holmes};" in board
    assert f"on {state.investigation} of {INVESTIGATION_GOAL}" in board
    assert f"Impossible: {len(state.impossible)} of {state.case.impossible}" in board


def test_a_board_shows_only_the_hands_it_is_given():
    state = replayed()[6]
    view = rules.view(state, 0)
    board = board_html(view, (view.hands[1],), NAMES[1:])
    for card in state.hands[0]:
        if card not in view.hands[1]:
            assert f">{card}</span>" not in board  # seat 0's own cards are not drawn from its view
    assert "Player 1" not in board


def test_the_tracks_bars_grow_with_their_markers_and_stop_at_the_end():
    states = replayed()
    view = rules.view(states[0], 0)
    widths = [float(w) for w in re.findall(r"width='([\d.]+)' height='18' rx='3' fill='#(?!f4f1ea)", mini_tracks_svg(view))]
    assert widths == [15 / 20 * 220, 0.0]  # Holmes on his start, 15; the Investigation track at 0
    over = view.__class__(**{**vars(view), "investigation": 23})
    assert f"width='{220:.1f}'" in mini_tracks_svg(over) and "23/20" in mini_tracks_svg(over)


def test_a_turn_folds_its_board_under_its_sentences_and_its_remark_stays_shown():
    shut = turn_html(4, ("Player 2 plays <Track 6>.",), "<div>board</div>", note="A & B")
    assert shut.startswith("<details><summary>") and "Turn 4." in shut
    assert "Player 2 plays &lt;Track 6&gt;." in shut  # sentences are text, not markup
    assert shut.index("<div>board</div>") < shut.index("</details>") < shut.index("A &amp; B")
    assert turn_html(1, ("x",), "", opened=True).startswith("<details open>")
    assert "sk-note" not in turn_html(1, ("x",), "")
    assert "The deal.</span>" in turn_html(0, ("x",), "", title="The deal.")


def test_a_whole_replay_is_small_enough_for_a_page():
    states = replayed()
    turns = [turn_html(i, ("a turn",), board_html(rules.view(s, 0), s.hands, NAMES), opened=i < 2)
             for i, s in enumerate(states)]
    page = replay_html(turns)
    assert page.count("<details") == len(states) and page.count("<details open>") == 2
    assert len(page.encode()) < 300_000


def test_scrolling_wraps_without_changing_the_content():
    boxed = scrolling("<table></table>")
    assert boxed.endswith("style='overflow-x:auto;max-width:100%'><table></table></div>")
    assert "role='region' tabindex='0' aria-label='a wide table'" in boxed, "a keyboard reaches it, a reader names it"


def test_numbers_read_as_runs():
    assert spans([5, 1, 2, 3]) == "1–3 and 5"
    assert spans([4]) == "4"
    assert spans([1, 3, 4, 6]) == "1, 3–4 and 6"


def test_cells_of_the_grid_read_by_table_size():
    assert cells_words([(4, 1), (2, 2), (2, 1), (2, 3), (2, 5)]) == "2 players: cases 1–3 and 5; 4 players: case 1"
