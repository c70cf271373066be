"""The five games in OpenSpiel (``sherlockkit.openspiel``, issue 31): registered under their
names, played through OpenSpiel's API with every option set the registry declares, by
OpenSpiel's own random-simulation test where uniform random play ends, and by the same
checks with moves drawn kind first where it does not; states clone and serialize exactly;
the engine underneath is the engine (the moves replayed on it give the same table); a
seat's information is unchanged when the cards it cannot see are dealt again; and
OpenSpiel's information-set MCTS plays each game."""

from __future__ import annotations

import random
import re
import subprocess
import sys

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

pytestmark = pytest.mark.research

from sherlockkit import turns  # noqa: E402
from sherlockkit.games import GAMES  # noqa: E402
from sherlockkit.openspiel import DEALS, ismcts_bot, load, name_of  # noqa: E402
from tests.app_process import ROOT  # noqa: E402

OPTION_SETS = [(game, name, dict(options)) for game, entry in GAMES.items()
               for name, options in entry.option_sets.items()]
#: where uniform random play (what ``pyspiel.random_sim_test`` plays) does not end in
#: minutes: every Express seat slaps a wrong suspect round after round (a round is void when
#: all have), and a Picture Perfect seat is offered one Ready among hundreds of places and
#: aims. These are played with moves drawn kind first (``turns.a_random_move``) instead.
UNIFORM_PLAY_NEVER_ENDS = {"express", "picture"}


#: after the first moves, the states copied and read at every this many moves
CHECKED_EVERY = 150
#: the moves (and waits) a game of the test is played to at most: most end well before; the
#: six-player Express and the five-player Picture Perfect ones are played this far
MOVES_AT_MOST = 1_500


def _ids(value):
    return value if isinstance(value, str) else None


def test_every_game_is_registered_under_its_name_with_its_options_as_parameters():
    registered = {game.short_name: game for game in pyspiel.registered_games()}
    for game, entry in GAMES.items():
        kind = registered[name_of(game)]
        assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
        assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        assert (kind.min_num_players, kind.max_num_players) == (entry.min_players, entry.max_players)
        named = {name for options in entry.option_sets.values() for name in options}
        assert set(kind.parameter_specification) == named | {"deals"}
        expected = pyspiel.GameType.Utility.IDENTICAL if entry.co_operative else pyspiel.GameType.Utility.GENERAL_SUM
        assert kind.utility == expected


@pytest.mark.parametrize("game, name, options", OPTION_SETS, ids=_ids)
def test_a_game_played_through_openspiel_is_the_engines_game_and_its_states_copy_exactly(game, name, options):
    """Moves drawn kind first through OpenSpiel's API: every legal action is a number below
    the game's distinct actions (to its end, or :data:`MOVES_AT_MOST`); at the first moves and every :data:`CHECKED_EVERY`-th, a clone
    and a serialized copy are the same state and every seat's information is text and a
    tensor of the declared shape (a seat's information holds all it saw: the copies and
    readings cost more as the game goes, and these games run to thousands of moves); at the
    end the returns are each seat's share, and the moves replayed on the engine alone give
    the same table."""
    spiel = load(game, options)
    assert spiel.num_players() == turns.players(turns.deal(game, 0, options))
    state = spiel.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == DEALS
    state.apply_action(1234)
    rng, played, steps = random.Random(7), [], 0
    while not state.is_terminal():
        seat = state.current_player()
        legal = state.legal_actions()
        assert legal and all(0 <= a < spiel.num_distinct_actions() for a in legal)
        assert state.legal_actions(seat) == legal and all(not state.legal_actions(p) for p in range(
            spiel.num_players()) if p != seat)
        if steps < 8 or steps % CHECKED_EVERY == 0:
            assert str(state.clone()) == str(state) and state.clone().history() == state.history()
            again_game, again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(spiel, state))
            assert str(again) == str(state) and again.legal_actions() == legal
            for p in range(spiel.num_players()):
                assert isinstance(state.information_state_string(p), str)
                assert len(state.information_state_tensor(p)) == turns.FEATURES
                assert len(state.observation_tensor(p)) == turns.FEATURES
        move = turns.a_random_move(turns.moves(state.table), rng)
        if move is not turns.WAIT:
            played.append(move)
        state.apply_action(turns.number_of(state.table, move))
        steps += 1
        if steps == MOVES_AT_MOST:
            break
    rules = GAMES[game].rules
    replayed = rules.new(1234, **options)
    for move in played:
        replayed = rules.play(replayed, move)
    assert replayed == state.table.state
    if not state.is_terminal():
        return
    returns = state.returns()
    assert all(0.0 <= r <= 1.0 for r in returns)
    if not GAMES[game].co_operative:
        assert sum(returns) <= 1.0 + 1e-9
    outcome = rules.outcome(replayed)
    standing = GAMES[game].standing_function()
    assert [standing(outcome, seat)[0] for seat in range(len(returns))] == [r > 0 for r in returns]


@pytest.mark.parametrize("game", [g for g in GAMES if g not in UNIFORM_PLAY_NEVER_ENDS])
def test_openspiels_own_random_simulation_test_passes(game):
    """OpenSpiel's test, on the rulebook's game: uniform random play, every state serialized
    and read back, every seat's information read at every move (seconds a game: what a seat
    saw grows with the game; the option sets are all played by the test above)."""
    pyspiel.random_sim_test(load(game), num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("game", list(GAMES))
def test_a_seats_information_is_the_same_when_what_it_cannot_see_is_dealt_again(game):
    """At positions of random games, every seat's information state and observation (text
    and tensor) are unchanged in a world resampled for it -- the hidden cards dealt again,
    a new seed -- and a resampled world of a game that hides cards differs somewhere."""
    options = dict(list(GAMES[game].option_sets.values())[-1])
    spiel = load(game, options)
    rng, differed = random.Random(3), False
    for deal in range(3):
        state = spiel.new_initial_state()
        state.apply_action(deal)
        for step in range(120):
            if state.is_terminal():
                break
            if step % 15 == 0:
                for seat in range(spiel.num_players()):
                    world = state.resample_from_infostate(seat, lambda: rng.random())
                    assert world.information_state_string(seat) == state.information_state_string(seat)
                    assert world.observation_string(seat) == state.observation_string(seat)
                    assert np.array_equal(world.information_state_tensor(seat), state.information_state_tensor(seat))
                    assert world.table.state.seed != state.table.state.seed
                    differed |= str(world) != str(state)
            listed = turns.moves(state.table)
            state.apply_action(turns.number_of(state.table, turns.a_random_move(listed, rng)))
    assert differed


def test_a_wrong_parameter_is_refused_with_a_sentence():
    with pytest.raises(ValueError, match="Sherlock Express is for 2 to 6 players, not 9."):
        load("express", {"players": 9})
    with pytest.raises(ValueError, match="at least one deal"):
        load("bakerstreet", {}, deals=0)
    state = load("bakerstreet", {}).new_initial_state()
    state.apply_action(0)
    with pytest.raises(ValueError, match="is not one the seat asked now can make"):
        state.apply_action(127)


#: the most decisions information-set MCTS makes in a game of the test, and its simulations
#: a decision: the card game and Beyond Baker Street to their end; an Express or Picture
#: Perfect seat is asked hundreds of times a game, a gamebook's reader a hundred, each
#: simulation playing the game out
MCTS = {"express": (2, 4), "picture": (2, 4), "story": (10, 8)}
MCTS_SHORT_GAMES = (1_000, 8)


@pytest.mark.parametrize("game", list(GAMES))
def test_information_set_mcts_plays_every_game_through_it(game):
    """OpenSpiel's IS-MCTS in seat 0, the other seats moving at random kind first: each
    move it makes is one the rules offer, and a game played to its end ends with returns."""
    options = dict(list(GAMES[game].option_sets.values())[-1 if game == "express" else 0])
    decisions_at_most, simulations = MCTS.get(game, MCTS_SHORT_GAMES)
    spiel = load(game, options)
    bot = ismcts_bot(spiel, simulations=simulations, seed=2)
    state = spiel.new_initial_state()
    state.apply_action(11)
    rng, decisions = random.Random(5), 0
    while not state.is_terminal() and decisions < decisions_at_most:
        if state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            decisions += 1
        else:
            action = turns.number_of(state.table, turns.a_random_move(turns.moves(state.table), rng))
        state.apply_action(action)
    assert decisions == decisions_at_most or state.is_terminal()
    if game not in MCTS:
        assert state.is_terminal() and len(state.returns()) == spiel.num_players()


def test_the_books_five_lines_run(tmp_path):
    """The lines the book's introduction gives a researcher, run as they are printed."""
    text = (ROOT / "book" / "intro.md").read_text(encoding="utf-8")
    code = re.search(r"## For game-AI research.*?```python\n(.*?)```", text, re.S).group(1)
    assert len([line for line in code.splitlines() if line.strip()]) == 5
    script = tmp_path / "five_lines.py"
    script.write_text(code + "print(len(state.history()))\n", encoding="utf-8")
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "2"  # the deal and the bot's move
