"""The five games as OpenSpiel games (``pip install sherlockkit[openspiel]``).

    import pyspiel
    import sherlockkit.openspiel  # registers sherlockkit_express, sherlockkit_story, ...
    game = pyspiel.load_game("sherlockkit_bakerstreet", {"players": 3, "case": 2})
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])

Each game is the engine underneath, one seat asked at a time (``sherlockkit.turns``: who
is asked when several may move, the numbering of moves, returns, what a seat knows).
Its parameters are the options its registry entry plays it with (a list as text joined by "+",
"no value" as ""), and ``deals``.

Chance: the engine draws every die and shuffle from the deal's seed and the move number
(``sherlockkit.engine.chance``), inside its moves. So a game has one explicit chance node,
its first: the deal, one of ``deals`` seeds (65,536 by default), alike; every later draw
follows from it. (OpenSpiel's other way, sampled chance, cannot serialize a Python game's
states: it asks for the game's random state, which Python games cannot give.)
``resample_from_infostate`` deals the cards a seat cannot see again and draws a new seed
(``turns.resampled``), what OpenSpiel's information-set MCTS
(``open_spiel.python.algorithms.ismcts``) asks for; :func:`ismcts_bot` builds one that plays
out with random moves of the engine's kinds.
"""

from __future__ import annotations

import inspect
import json
import random
from typing import Any

import numpy as np
import pyspiel

from sherlockkit import engine, turns
from sherlockkit.games import GAMES, GameEntry

#: a guard against a game that never ends, not a bound any game reaches (moves and waits)
MAX_GAME_LENGTH = 100_000
#: the deals a game is dealt from by default (the chance node's outcomes)
DEALS = turns.DEALS
PREFIX = "sherlockkit_"


def name_of(game: str) -> str:
    """The OpenSpiel name of ``game`` (``"sherlockkit_express"``)."""
    return PREFIX + game


def _defaults(entry: GameEntry) -> dict[str, Any]:
    """The options the registry plays ``entry`` with, as OpenSpiel parameters (their
    defaults from ``rules.new``): an int, bool or str stays; a list becomes text joined
    by "+"; a missing value ``""``."""
    named = sorted({name for options in entry.option_sets.values() for name in options})
    signature = inspect.signature(entry.rules.new).parameters
    params = {}
    for name in named:
        default = signature[name].default
        if isinstance(default, (list, tuple)):
            default = "+".join(default)
        params[name] = "" if default is None else default
    return params


def _options(entry: GameEntry, params: dict[str, Any]) -> dict[str, Any]:
    """The engine's options for OpenSpiel ``params`` (the inverse of :func:`_defaults`)."""
    signature = inspect.signature(entry.rules.new).parameters
    options = {}
    for name in _defaults(entry):
        if name not in params:
            continue
        value, default = params[name], signature[name].default
        if isinstance(default, (list, tuple)):
            value = [part.strip() for part in str(value).split("+") if part.strip()]
        elif default is None and value == "":
            continue
        options[name] = value
    return options


def parameters(game: str, options: dict[str, Any]) -> dict[str, Any]:
    """The OpenSpiel parameters that play ``game`` with the engine's ``options`` (a list
    joined by "+"; ``None`` as "")."""
    params = {}
    for name, value in options.items():
        if isinstance(value, (list, tuple)):
            value = "+".join(value)
        params[name] = "" if value is None else value
    return params


def load(game: str, options: dict[str, Any] | None = None, deals: int = DEALS) -> "SherlockGame":
    """``pyspiel.load_game`` of ``game`` with the engine's ``options``."""
    return pyspiel.load_game(name_of(game), {**parameters(game, options or {}), "deals": deals})


def _game_type(entry: GameEntry) -> pyspiel.GameType:
    if entry.co_operative:
        utility = pyspiel.GameType.Utility.IDENTICAL
    else:
        utility = pyspiel.GameType.Utility.GENERAL_SUM
    return pyspiel.GameType(
        short_name=name_of(entry.id), long_name=f"sherlockkit {entry.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        # every game: the deal's seed, which fixes the dice and draws to come, is hidden
        # from every seat (the gamebook too, which hides no card)
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION, utility=utility, reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=entry.max_players, min_num_players=entry.min_players,
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification={**_defaults(entry), "deals": DEALS})


class SherlockGame(pyspiel.Game):
    """One of the five games for OpenSpiel: its options from the parameters."""

    entry: GameEntry

    def __init__(self, params: dict | None = None):
        params = dict(params or {})
        options = _options(self.entry, params)
        seats = turns.players(turns.deal(self.entry.id, 0, options))  # a bad option: ValueError, now
        self.deals = params.get("deals", DEALS)
        if type(self.deals) is not int or self.deals < 1:
            raise ValueError(f"A game is dealt from at least one deal, not {self.deals!r}.")
        info = pyspiel.GameInfo(
            num_distinct_actions=self.entry.most_moves + 1, max_chance_outcomes=self.deals,
            num_players=seats, min_utility=0.0, max_utility=1.0,
            max_game_length=MAX_GAME_LENGTH)
        super().__init__(_game_type(self.entry), info, params)
        self.options = options

    def new_initial_state(self) -> "SherlockState":
        """The table before the deal (a chance node)."""
        return SherlockState(self)

    def make_py_observer(self, iig_obs_type=None, params=None) -> "Observer":
        perfect_recall = iig_obs_type is None or iig_obs_type.perfect_recall
        return Observer(perfect_recall)


class SherlockState(pyspiel.State):
    """A table in play: the engine's state, one seat asked at a time (``turns.Table``)."""

    def __init__(self, game: SherlockGame):
        super().__init__(game)
        self.game_id, self.options, self.deals = game.entry.id, game.options, game.deals
        self.table: turns.Table | None = None  # before the deal

    def current_player(self) -> int:
        if self.table is None:
            return pyspiel.PlayerId.CHANCE
        seat = turns.to_move(self.table)
        return pyspiel.PlayerId.TERMINAL if seat is None else seat

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The deals, alike."""
        return [(deal, 1.0 / self.deals) for deal in range(self.deals)]

    def _legal_actions(self, player: int) -> list[int]:
        if self.table is None:
            return list(range(self.deals)) if player == pyspiel.PlayerId.CHANCE else []
        return turns.numbers(self.table) if player == turns.to_move(self.table) else []

    def _apply_action(self, action: int) -> None:
        if self.table is None:
            if not 0 <= action < self.deals:
                raise ValueError(f"There are {self.deals} deals, numbered from 0, not {action!r}.")
            self.table = turns.deal(self.game_id, action, self.options)
        else:
            self.table = turns.play(self.table, action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"Deal {action}"
        listed = turns.moves(self.table, player)
        if action == turns.wait_number(self.table.game):
            return "Wait"
        if 0 <= action < len(listed) and listed[action] is not turns.WAIT:
            return json.dumps(engine.action_to_json(listed[action]), ensure_ascii=False)
        return f"move {action}"

    def is_terminal(self) -> bool:
        return self.table is not None and turns.to_move(self.table) is None

    def returns(self) -> list[float]:
        return [0.0] * self.num_players() if self.table is None else turns.returns(self.table)

    def resample_from_infostate(self, player_id: int, probability_sampler) -> "SherlockState":
        """A state ``player_id`` cannot tell from this one (``turns.resampled``), drawn
        from ``probability_sampler`` (a number in [0, 1) makes the draw's seed)."""
        rng = random.Random(int(probability_sampler() * 2 ** 53))
        world = self.clone()
        world.table = turns.resampled(self.table, player_id, rng)
        return world

    def __str__(self) -> str:
        """The whole table (every seat's cards: not a player's view), as JSON."""
        if self.table is None:
            return json.dumps({"game": self.game_id, "state": "not dealt"})
        return json.dumps({"game": self.table.game, "state": turns.plain(self.table.state),
                           "waited": sorted(self.table.waited)}, sort_keys=True, ensure_ascii=False)


class Observer:
    """What a seat knows, for OpenSpiel: with perfect recall its view with the events it saw
    (its information state), otherwise the view as it stands (its observation)."""

    def __init__(self, perfect_recall: bool):
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(turns.FEATURES, np.float32)
        self.dict = {"features": self.tensor}

    def set_from(self, state: SherlockState, player: int) -> None:
        if state.table is None:
            self.tensor[:] = 0.0
        else:
            self.tensor[:] = turns.features(state.table, player, self.perfect_recall)

    def string_from(self, state: SherlockState, player: int) -> str:
        return "not dealt" if state.table is None else turns.information(state.table, player, self.perfect_recall)


def _register(entry: GameEntry) -> type:
    game_class = type(f"Sherlock_{entry.id}", (SherlockGame,), {"entry": entry})
    pyspiel.register_game(_game_type(entry), game_class)
    return game_class


#: the game class of each game, by id
GAME_CLASSES = {game: _register(entry) for game, entry in GAMES.items()}


# --- information-set MCTS --------------------------------------------------------------------------


class RandomKindsRollout:
    """An evaluator for OpenSpiel's MCTS: the game played out from a state by random moves
    drawn kind first (``turns.a_random_move``: a Ready is as likely as a place, and waiting
    as likely as a slap -- without it, the first seat asked would slap at once, round after
    round), the returns averaged over ``rollouts``; every move equally likely beforehand."""

    def __init__(self, rollouts: int = 1, seed: int = 0):
        self.rollouts, self.rng = rollouts, random.Random(seed)

    def evaluate(self, state: SherlockState) -> np.ndarray:
        total = np.zeros(state.num_players())
        for _ in range(self.rollouts):
            table = state.table
            while turns.to_move(table) is not None:
                listed = turns.moves(table)
                table = turns.play(table, turns.number_of(table, turns.a_random_move(listed, self.rng)))
            total += turns.returns(table)
        return total / self.rollouts

    def prior(self, state: SherlockState) -> list[tuple[int, float]]:
        legal = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(legal)) for action in legal]


def ismcts_bot(game: SherlockGame, simulations: int = 50, seed: int = 0, rollouts: int = 1):
    """OpenSpiel's information-set MCTS for ``game``: ``simulations`` a move, each from a
    world resampled from the seat's information, evaluated by :class:`RandomKindsRollout`;
    every draw from ``seed``, so the same seed makes the same moves."""
    from open_spiel.python.algorithms import ismcts

    bot = ismcts.ISMCTSBot(game=game, evaluator=RandomKindsRollout(rollouts, seed), uct_c=1.4,
                           max_simulations=simulations, random_state=np.random.RandomState(seed),
                           final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
                           allow_inconsistent_action_sets=False)
    # the worlds it searches drawn from its own random source (OpenSpiel's default sampler
    # is seeded afresh each time), so a bot of the same seed plays the same game
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, bot.random_number))
    return bot
