"""The server's bot pace (``widgets.clock.bot_pace``, set by ``serve.py --bot-pace``: its
options are tested in ``test_app_server.py``): every table's bots pause that many times
their own pauses, but Sherlock Express's, whose reaction times are the race itself; a pace
that is not a positive number is their own pace."""

from __future__ import annotations

import copy
import random

import pytest

from sherlockkit.games import GAMES
from widgets.clock import BOT_PACE_ENV, ManualClock, bot_pace

#: the games whose tables seat bots
WITH_BOTS = sorted(game_id for game_id, entry in GAMES.items() if not entry.solo)


def _a_bots_turn(game_id: str):
    """The game's table session, played by random moves of yours until a bot has a move."""
    entry = GAMES[game_id]
    session = entry.table_class()(seed=3, clock=ManualClock(), **entry.quick_bots).game
    rng = random.Random(0)
    while session.bot_move() is None:
        session.act(rng.choice(session.rules.legal_actions(session.state, session.seat)))
    return session


@pytest.mark.parametrize("game_id", WITH_BOTS)
def test_the_bots_pause_the_servers_pace_times_their_own(game_id, monkeypatch):
    session = _a_bots_turn(game_id)
    bots = copy.deepcopy(session.bots)  # as they were: each asking draws from their chance
    monkeypatch.delenv(BOT_PACE_ENV, raising=False)
    own, move = session.bot_move()
    session.bots = bots
    monkeypatch.setenv(BOT_PACE_ENV, "0.25")
    paced, same = session.bot_move()
    assert same == move and own > 0
    if game_id == "express":  # a bot's reaction time is the race: no server hurries it
        assert not session.paced and paced == own
    else:
        assert session.paced and paced == pytest.approx(own / 4)


@pytest.mark.parametrize("written", ["", "quick", "0", "-2", "inf", "nan", "1e999"])
def test_a_pace_that_is_not_a_positive_number_is_the_bots_own(written, monkeypatch):
    monkeypatch.setenv(BOT_PACE_ENV, written)
    assert bot_pace() == 1.0
    monkeypatch.setenv(BOT_PACE_ENV, "2.5")
    assert bot_pace() == 2.5
