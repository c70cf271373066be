"""The app's pace (``serve.py --pace``): every pause a bot makes before a move is
multiplied by it, in the kernels of the app that was started with it; Sherlock Express's
reaction times are its levels and stay as they are; a pace out of range is refused with a
sentence when the app starts."""

from __future__ import annotations

import subprocess
import sys

import pytest

from sherlockkit.games.bakerstreet import rules as baker_rules
from tests.conftest import ROOT, SERVE
from widgets.bakerstreet import BOT_SECONDS, BakerStreetSession
from widgets.clock import ManualClock
from widgets.express import ExpressGame
from widgets.session import PACE_VARIABLE, app_pace


@pytest.mark.parametrize("given,pace", [(None, 1.0), ("0.25", 0.25), ("3", 3.0), ("0.05", 0.05), ("10", 10.0),
                                        ("0", 1.0), ("-1", 1.0), ("11", 1.0), ("nan", 1.0), ("inf", 1.0),
                                        ("quick", 1.0), ("", 1.0)])
def test_a_kernel_reads_its_app_s_pace_and_plays_as_designed_without_one(given, pace):
    environ = {} if given is None else {PACE_VARIABLE: given}
    assert app_pace(environ) == pace


def _bot_moves_after(monkeypatch, pace: str | None) -> tuple[int, float]:
    """A case of Beyond Baker Street in an app of ``pace``: you make a move, then how many
    bot moves are made by the time the bot's pause, as designed, has gone by, and when the
    first one fell due."""
    if pace is None:
        monkeypatch.delenv(PACE_VARIABLE, raising=False)
    else:
        monkeypatch.setenv(PACE_VARIABLE, pace)
    clock = ManualClock()
    session = BakerStreetSession(players=2, seed=3, clock=clock)
    assert session.act(baker_rules.legal_actions(session.state, 0)[0])
    made = len(session.actions)
    due = clock._queue[0][0]
    clock.advance(BOT_SECONDS * 0.99)
    return len(session.actions) - made, due


def test_a_bot_pauses_as_long_as_the_app_s_pace_says(monkeypatch):
    moves, due = _bot_moves_after(monkeypatch, None)
    assert moves == 0 and due == pytest.approx(BOT_SECONDS)  # as designed: the bot still thinks
    moves, due = _bot_moves_after(monkeypatch, "0.25")
    assert moves >= 1 and due == pytest.approx(BOT_SECONDS * 0.25)  # four times quicker


def test_sherlock_express_keeps_its_bots_reaction_times_at_any_pace(monkeypatch):
    due = {}
    for pace in (None, "0.25"):
        if pace is None:
            monkeypatch.delenv(PACE_VARIABLE, raising=False)
        else:
            monkeypatch.setenv(PACE_VARIABLE, pace)
        clock = ManualClock()
        game = ExpressGame(players=3, level="medium", seed=5, clock=clock)
        assert game.pace == 1.0
        game.reveal()
        due[pace] = clock._queue[0][0]
    assert due[None] == due["0.25"]


@pytest.mark.parametrize("pace", ["0", "20", "nan", "quick"])
def test_the_app_refuses_a_pace_out_of_range_with_a_sentence(pace):
    done = subprocess.run([sys.executable, str(SERVE), "--port", "1", "--pace", pace], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert "--pace" in done.stderr and "Traceback" not in done.stderr
    assert "sherlockkit app:" not in done.stdout


def test_the_app_hands_its_pace_to_the_kernels_it_starts(monkeypatch):
    """``main`` puts the pace in the environment before Voila starts a kernel (its kernels,
    pre-heated or not, are started by this process and inherit it)."""
    from tests.test_app_server import _serve_module

    serve = _serve_module()
    seen = []

    class App:
        @classmethod
        def instance(cls):
            return cls()

        def initialize(self, argv):
            seen.append(("initialize", app_pace()))

        def start(self):
            seen.append(("start", app_pace()))

    monkeypatch.setenv(PACE_VARIABLE, "1")  # put back as it was after the test
    monkeypatch.setattr(serve, "SherlockkitApp", App)
    serve.main(["--port", "1", "--pace", "0.5"])
    assert seen == [("initialize", 0.5), ("start", 0.5)]
