"""The five games as PettingZoo AEC environments (``pip install sherlockkit[pettingzoo]``).

    from sherlockkit.pettingzoo import env
    table = env("bakerstreet", players=3, case=2)
    table.reset(seed=7)
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, info = table.last()
        if terminated or truncated:
            move = None
        else:
            move = table.action_space(agent).sample(observation["action_mask"])
        table.step(move)

Each game is the engine underneath, one seat asked at a time (``sherlockkit.turns``): the
agent asked is the seat that may move now (when several may, one at a time; a seat may
wait, the last action number). An observation is the seat's view as it stands (the
events it saw left out: the log, which grows all game) as
:data:`sherlockkit.turns.FEATURES` hashed numbers with the mask of the moves it may make
now; ``render()`` is the newest lines of that seat's log. ``reset(seed=...)`` deals the
game from that seed (without one, a seed nobody can guess). Rewards come at the end: each
seat's share of the win (the co-operative game: 1 each when the team wins).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from sherlockkit import engine, turns
from sherlockkit.games import GAMES

#: the log lines ``render`` shows
RENDERED_LINES = 12


class SherlockEnv(AECEnv):
    """One of the five games as an AEC environment: agents ``"seat_0"``, ``"seat_1"``..."""

    metadata = {"name": "sherlockkit", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, game: str, render_mode: str | None = None, **options: Any):
        super().__init__()
        if game not in GAMES:
            raise ValueError(f"There is no game {game!r}; the games are {', '.join(GAMES)}.")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"A table renders as text ('ansi') or not at all, not {render_mode!r}.")
        self.game, self.options, self.render_mode = game, dict(options), render_mode
        self.metadata = {**self.metadata, "name": f"sherlockkit_{game}"}
        seats = turns.players(turns.deal(game, 0, self.options))  # a bad option: ValueError, now
        self.possible_agents = [f"seat_{seat}" for seat in range(seats)]
        size = GAMES[game].most_moves + 1
        self.observation_spaces = {agent: spaces.Dict({
            "observation": spaces.Box(0.0, np.inf, (turns.FEATURES,), np.float32),
            "action_mask": spaces.Box(0, 1, (size,), np.int8)}) for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(size) for agent in self.possible_agents}
        self.table: turns.Table | None = None

    def observation_space(self, agent: str):
        return self.observation_spaces[agent]

    def action_space(self, agent: str):
        return self.action_spaces[agent]

    def _seat(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new deal, from ``seed`` (or a seed nobody can guess)."""
        self.table = turns.deal(self.game, engine.draw_seed() if seed is None else seed, self.options)
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self._asked()

    def _asked(self) -> str:
        seat = turns.to_move(self.table)
        return self.possible_agents[seat if seat is not None else 0]

    def observe(self, agent: str) -> dict:
        """The seat's view as hashed features, and the mask of its moves now."""
        seat = self._seat(agent)
        mask = np.zeros(GAMES[self.game].most_moves + 1, np.int8)
        mask[turns.numbers(self.table) if turns.to_move(self.table) == seat else []] = 1
        return {"observation": np.asarray(turns.features(self.table, seat, with_events=False), np.float32),
                "action_mask": mask}

    def step(self, action: int | None) -> None:
        """The agent asked makes move ``action`` (a number its mask allows; ``None`` once
        the game is over for it). A number it may not make is a ``ValueError`` with a
        sentence, and nothing changes."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self.table = turns.play(self.table, int(action) if isinstance(action, np.integer) else action)
        self._cumulative_rewards[agent] = 0.0
        if turns.to_move(self.table) is None:
            for agent_, share in zip(self.possible_agents, turns.returns(self.table)):
                self.rewards[agent_] = share
                self.terminations[agent_] = True
            self.agent_selection = self.possible_agents[0]
        else:
            self.rewards = {agent_: 0.0 for agent_ in self.agents}
            self.agent_selection = self._asked()
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The newest lines of the log of the seat asked (of the first seat once it is over)."""
        if self.render_mode is None or self.table is None:
            return None
        seat = turns.to_move(self.table) or 0
        entry = GAMES[self.game]
        lines = entry.narration.log(entry.rules.view(self.table.state, seat))
        return "\n".join(str(line) for line in lines[-RENDERED_LINES:])

    def close(self) -> None:
        self.table = None


def env(game: str, render_mode: str | None = None, **options: Any) -> SherlockEnv:
    """The AEC environment of ``game`` (an id of ``sherlockkit.games.GAMES``) with ``options``."""
    return SherlockEnv(game, render_mode=render_mode, **options)
