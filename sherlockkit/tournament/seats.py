"""Per-game seat results: one game played from its seed alone, and one row per seat read
from the game's typed ``Outcome`` (never from the log).

How a game is played and how a seat's result is read are the registry's to say
(``sherlockkit.games``: an entry's ``plays`` and ``standing``): by default every bot of
the lineup chooses from its own view and the lowest seat's proposal is played
(:func:`play_by_bots`); each game's ``rules.standing(outcome, seat)`` gives ``won``,
``share`` (1 / the number of winners of a shared win) and ``score`` (``None`` when the
game keeps none). A lineup with a seat of OpenSpiel's information-set MCTS (the level
``"ismcts"``, in any game) is played by ``tournament/ismcts.py`` instead. Nothing here
names a game.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sherlockkit import engine
from sherlockkit.games import GAMES
from sherlockkit.tournament.ismcts import ISMCTS, without_budget

#: the columns of the tidy table, in order
FIELDS = ("game", "lineup", "players", "options", "bot_options", "seed", "seat", "level", "won", "share",
          "score", "moves")


@dataclass(frozen=True)
class SeatResult:
    """One seat of one game played: the cell (game, lineup as text, players, options and
    bot options as canonical JSON), the seed, the seat and its level, whether it won (and
    its share of a shared win), its score (``None`` when the game keeps none) and the
    moves the game lasted."""

    game: str
    lineup: str
    players: int
    options: str
    bot_options: str
    seed: int
    seat: int
    level: str
    won: bool
    share: float
    score: int | None
    moves: int


def new_game(game: str, players: int, options: dict, seed: int) -> Any:
    """The table of ``game`` dealt from ``seed`` for ``players`` (a solo game: one) with ``options``."""
    entry = GAMES[game]
    if entry.solo:
        return entry.rules.new(seed, **options)
    return entry.rules.new(seed, players=players, **options)


def make_team(game: str, lineup: tuple[str, ...], bot_options: dict, seed: int) -> dict:
    """The bots of ``lineup`` (seat by seat) for the game dealt from ``seed``."""
    return GAMES[game].bots.make_bots(dict(enumerate(lineup)), seed, **bot_options)


def check_cell(game: str, lineup: tuple[str, ...], options: dict, bot_options: dict) -> None:
    """Deal the cell's game from seed 0 and make its bots, without playing: the engine's
    ``ValueError`` (or ``TypeError``) when it refuses them. (A game with a harness of its
    own, as its entry's ``plays``, makes its bots there: its levels are checked by the grid.)"""
    new_game(game, len(lineup), options, 0)
    if ISMCTS in lineup:
        from sherlockkit.tournament import ismcts

        ismcts.check_cell(game, lineup, options, bot_options)
    elif GAMES[game].plays == DEFAULT_PLAYS:
        make_team(game, lineup, without_budget(bot_options), 0)


#: the harness of a game whose entry names none of its own (this module's :func:`play_by_bots`)
DEFAULT_PLAYS = f"{__name__}:play_by_bots"


def play_by_bots(game: str, lineup: tuple[str, ...], options: dict, bot_options: dict, seed: int) -> tuple[Any, int]:
    """The game dealt from ``seed`` played to its end by the bots of ``lineup``, each shown
    its own view, the lowest seat's proposal played: its ``Outcome`` and how many moves it
    lasted."""
    rules = GAMES[game].rules
    state = new_game(game, len(lineup), options, seed)
    final, moves = engine.play_out(rules, state, make_team(game, lineup, bot_options, seed))
    return rules.outcome(final), len(moves)


def play_game(game: str, lineup: tuple[str, ...], options: dict, bot_options: dict, seed: int) -> tuple[Any, int]:
    """The game dealt from ``seed`` played to its end by the bots of ``lineup``, as its
    registry entry says (or, with a seat of IS-MCTS, one seat at a time as OpenSpiel plays
    it): its ``Outcome`` and how many moves it lasted."""
    if ISMCTS in lineup:
        from sherlockkit.tournament.ismcts import play_with_ismcts

        return play_with_ismcts(game, lineup, options, bot_options, seed)
    return GAMES[game].play_function()(game, lineup, options, without_budget(bot_options), seed)


def seat_results(game: str, outcome: Any, seat: int) -> tuple[bool, float, int | None]:
    """``(won, share, score)`` of ``seat`` in a finished game, from its typed ``Outcome``."""
    return GAMES[game].standing_function()(outcome, seat)


def play_chunk(game: str, lineup: tuple[str, ...], options: str, bot_options: str,
               seeds: tuple[int, ...]) -> list[SeatResult]:
    """A chunk's rows: the cell's game for each of ``seeds``, one :class:`SeatResult` per
    seat, seeds in order. A pure function of its arguments (a game depends on its seed
    alone), so it may run anywhere: serially, on any Dask worker."""
    rules_options, bots_options = json.loads(options), json.loads(bot_options)
    text = ",".join(lineup)
    rows = []
    for seed in seeds:
        outcome, moves = play_game(game, lineup, rules_options, bots_options, seed)
        for seat, level in enumerate(lineup):
            won, share, score = seat_results(game, outcome, seat)
            rows.append(SeatResult(game, text, len(lineup), options, bot_options, seed, seat, level, won, share,
                                   score, moves))
    return rows
