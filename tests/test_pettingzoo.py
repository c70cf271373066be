"""The five games as PettingZoo AEC environments (``sherlockkit.pettingzoo``, issue 31):
PettingZoo's own API and seed tests on every option set the registry declares; an
observation unchanged when the cards its seat cannot see are dealt again; a move the mask
forbids refused with a sentence, changing nothing; the log rendered as text; and a game
played through the environment is the engine's game."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

pytestmark = [
    pytest.mark.research,
    # the API test's advice for environments without action masks: with one, the observation
    # is a Dict of the observation and the mask, as in PettingZoo's own classic games
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
]

from pettingzoo.test import api_test, seed_test  # noqa: E402

from sherlockkit import turns  # noqa: E402
from sherlockkit.games import GAMES  # noqa: E402
from sherlockkit.pettingzoo import SherlockEnv, env  # noqa: E402

OPTION_SETS = [(game, name, dict(options)) for game, entry in GAMES.items()
               for name, options in entry.option_sets.items()]
#: moves the API test makes an agent (its num_cycles): enough to cross rounds, phases and
#: hands of every game, few enough for a suite of minutes
CYCLES = 60


def _ids(value):
    return value if isinstance(value, str) else None


@pytest.mark.parametrize("game, name, options", OPTION_SETS, ids=_ids)
def test_pettingzoos_api_and_seed_tests_pass(game, name, options):
    api_test(env(game, **options), num_cycles=CYCLES, verbose_progress=False)
    seed_test(lambda: env(game, **options), num_cycles=CYCLES)


def _kind_first(table: SherlockEnv, agent: str, rng: random.Random) -> int:
    listed = turns.moves(table.table)
    return turns.number_of(table.table, turns.a_random_move(listed, rng))


@pytest.mark.parametrize("game", list(GAMES))
def test_a_whole_game_through_the_environment_is_the_engines_game(game):
    """Moves drawn kind first until every agent is done: only the agent asked is offered
    moves, its mask is what ``turns`` numbers, the rewards are the shares of the win, and
    the moves replayed on the engine alone give the same table."""
    options = dict(list(GAMES[game].option_sets.values())[0])
    table, rng, played = env(game, **options), random.Random(9), []
    table.reset(seed=21)
    for agent in table.agent_iter(max_iter=20_000):
        observation, reward, terminated, truncated, _ = table.last()
        if terminated or truncated:
            table.step(None)
            continue
        asked = table.possible_agents.index(agent)
        assert list(np.flatnonzero(observation["action_mask"])) == turns.numbers(table.table)
        for other in table.possible_agents:
            if other != agent:
                assert not table.observe(other)["action_mask"].any()
        number = _kind_first(table, agent, rng)
        move = turns.move_of(table.table, number)
        if move is not turns.WAIT:
            played.append(move)
            assert getattr(move, "player", 0) == asked
        table.step(number)
    assert not table.agents, "the game ended"
    rules = GAMES[game].rules
    replayed = rules.new(21, **options)
    for move in played:
        replayed = rules.play(replayed, move)
    assert replayed == table.table.state


@pytest.mark.parametrize("game", [g for g, e in GAMES.items() if e.hides_information])
def test_an_observation_is_the_same_when_what_its_seat_cannot_see_is_dealt_again(game):
    options = dict(list(GAMES[game].option_sets.values())[-1])
    table, rng = env(game, **options), random.Random(4)
    table.reset(seed=5)
    for step in range(150):
        if turns.to_move(table.table) is None:
            break
        if step % 10 == 0:
            real = table.table
            for seat, agent in enumerate(table.possible_agents):
                seen = table.observe(agent)
                table.table = turns.resampled(real, seat, rng)
                again = table.observe(agent)
                table.table = real
                assert np.array_equal(seen["observation"], again["observation"])
                assert np.array_equal(seen["action_mask"], again["action_mask"])
        agent = table.agent_selection
        table.step(_kind_first(table, agent, rng))


def test_a_move_the_mask_forbids_is_refused_with_a_sentence_and_changes_nothing():
    table = env("bakerstreet", players=3)
    table.reset(seed=2)
    before, agent = table.table, table.agent_selection
    mask = table.observe(agent)["action_mask"]
    forbidden = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ValueError, match="is not one the seat asked now can make"):
        table.step(forbidden)
    assert table.table is before and table.agent_selection == agent
    with pytest.raises(ValueError, match="There is no game"):
        env("chess")
    with pytest.raises(ValueError, match="is for 2 to 4 players"):
        env("bakerstreet", players=7)


def test_render_tells_the_game_as_its_log_does():
    table = env("cardgame", render_mode="ansi", players=3)
    table.reset(seed=8)
    rng = random.Random(1)
    for _ in range(8):
        table.step(_kind_first(table, table.agent_selection, rng))
    assert turns.to_move(table.table) is not None, "the hand is still being played"
    text = table.render()
    assert isinstance(text, str) and text.strip()
    seat = turns.to_move(table.table)
    entry = GAMES["cardgame"]
    log = [str(line) for line in entry.narration.log(entry.rules.view(table.table.state, seat))]
    assert text.splitlines() == log[-len(text.splitlines()):]
    assert env("cardgame", players=3).render() is None
