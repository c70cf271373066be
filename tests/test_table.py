"""The frame every table shares (``widgets.table.GameTable``), tested on every game's
table: the ending bar with Play again, the replay bar (pause, step, skip, speed), the
motion switch. Clicks go through the controller; bots run on a hand-turned clock."""

from __future__ import annotations

import random

import pytest

from sherlockkit.games import GAMES
from widgets.clock import ManualClock

#: a table's widgets played through: `make test` runs these; `make check` leaves them out
pytestmark = pytest.mark.table


def table_of(game_id: str, seed: int = 5):
    """The game's table widget over a session on a hand clock, its bots searching less
    (the registry's ``quick_bots``: the same bots)."""
    entry = GAMES[game_id]
    return entry.table_class()(seed=seed, clock=ManualClock(), **entry.quick_bots)


@pytest.fixture(params=sorted(GAMES))
def table(request):
    return table_of(request.param)


def finish(table, limit: int = 20_000):
    """Play the session to its end: bots on the clock, your seat by random legal moves."""
    session, rng = table.game, random.Random(1)
    rules = session.rules
    for _ in range(limit):
        if rules.outcome(session.state) is not None:
            return
        mine = rules.legal_actions(session.state, session.seat)
        kinds = sorted({type(a).__name__ for a in mine})
        if mine and (not session.bots or rng.random() < 0.5):
            kind = rng.choice(kinds)
            session.act(rng.choice([a for a in mine if type(a).__name__ == kind]))
        else:
            session.clock.advance(5)
    raise AssertionError("the game did not end")


def test_the_ending_bar_shows_only_at_the_end_with_a_sentence_and_play_again(table):
    assert table.ending.layout.display == "none"
    finish(table)
    assert table.ending.layout.display == "flex"
    assert table.verdict.value and "The game is over." not in table.verdict.value, "each game says how it ended"
    options, seed = dict(table.game.options), table.game.seed
    table.play_again_button.click()
    assert table.game.rules.outcome(table.game.state) is None
    assert table.game.options == options
    assert all(move == table.game.automatic_move(view) for move, view in _views_before(table.game)), \
        "a new game: no move but those the table makes without asking"
    assert table.ending.layout.display == "none"
    assert seed is not None


def _views_before(session):
    """Each move of the session's game with the view of your seat it was made in."""
    state = session.rules.new(session.seed, **session.options)
    for move in session.actions:
        yield move, session.rules.view(state, session.seat)
        state = session.rules.play(state, move)


def test_new_game_from_the_ending_opens_the_settings(table):
    finish(table)
    table.ending_new_button.click()
    assert table.setup.selected_index == 0


def test_a_replay_can_be_paused_stepped_sped_up_and_skipped(table):
    session = table.game
    for _ in range(12):
        mine = session.rules.legal_actions(session.state, session.seat)
        if mine:
            session.act(mine[0])
        session.clock.advance(5)
    moves = list(session.actions)
    final = session.state
    assert len(moves) >= 3
    table.replay_button.click()
    assert table.replay_bar.layout.display == "flex" and session.replay_progress == (0, len(moves))
    table.replay_step_button.click()
    assert session.replay_progress == (1, len(moves)) and session.replay_paused
    session.clock.advance(30)
    assert session.replay_progress == (1, len(moves)), "a paused replay waits"
    table.replay_pause_button.click()  # go on
    table.replay_speed.value = "fast"
    assert session.replay_seconds == 0.2
    session.clock.advance(0.25)
    assert session.replay_progress[0] == 2
    table.replay_skip_button.click()
    assert not session.replaying and session.actions == moves and session.state == final
    assert table.replay_bar.layout.display == "none"


def test_the_replay_speed_refuses_what_the_page_should_not_send(table):
    table.replay_speed.value = "slow"
    with pytest.raises(Exception):
        table.replay_speed.value = "warp"  # not an option: the widget refuses it
    table.game.replay_speed(float("nan"))
    table.game.replay_speed(10**9)
    assert table.game.replay_seconds == 5.0


def test_the_motion_switch_stills_the_table(table):
    table.motion.value = False
    assert "sk-still" in table._dom_classes
    table.motion.value = True
    assert "sk-still" not in table._dom_classes


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_loss_is_styled_as_a_loss_and_a_win_as_a_win(game_id):
    """Issue 28: the card game's ending was the same green box when you lost. Over games
    played to their end, the ending bar is marked won or lost as the rules' standing says
    for your seat, never both (the page's style colours them apart)."""
    marks = set()
    for seed in range(1, 6):
        table = table_of(game_id, seed=seed)
        finish(table)
        won = table.game.rules.standing(table.game.rules.outcome(table.game.state), table.game.seat)[0]
        classes = set(table.ending._dom_classes)
        assert ("sk-won" in classes) == won and ("sk-lost" in classes) == (not won)
        marks.add(won)
        if not won:
            break
    assert False in marks, "no game lost: the loss's style was never checked"
    from widgets.table import FRAME_STYLE
    assert ".sk-ending.sk-lost" in FRAME_STYLE
